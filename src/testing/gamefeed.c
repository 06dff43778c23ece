/* gamefeed.c - the game feed of `abtrace test`: positions drawn, a
 * program's answers judged against perfect play, the first wrong one
 * shrunk, and the reports (see gamefeed.h).
 *
 * The loop is tester.c's for trees, with a position where a tree was: a
 * run's case, the runner, and how a finding is told are shared
 * (tester_private.h).
 */
#include "testing/gamefeed.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "core/rng.h"
#include "testing/tester_private.h"
#include "views/json.h"

/* ---- Positions ------------------------------------------------------------ */

bool ab_game_test_position(const struct ab_game_state *start, uint64_t seed,
			   uint64_t index, uint32_t max_nodes,
			   struct ab_game_state *out)
{
	const struct ab_game *game = start->game;
	struct ab_rng rng;
	ab_rng_seed(&rng, seed ^ (index + 1) * UINT64_C(0xd1342543de82ef95));
	/* A random playout from the start to the end, every position on it
	 * kept; then a random one of them before the end, or the first one
	 * after it small enough. */
	size_t count = 0, cap = 16;
	struct ab_game_pos *line = ab_xreallocarray(NULL, cap, sizeof *line);
	ab_move *moves = ab_xreallocarray(NULL, AB_GAME_MAX_MOVES, sizeof *moves);
	struct ab_game_pos pos = start->pos;
	for (;;) {
		if (count == cap) {
			cap *= 2;
			line = ab_xreallocarray(line, cap, sizeof *line);
		}
		line[count++] = pos;
		unsigned n = game->moves(&pos, moves);
		if (n == 0 || game->play(&pos, moves[ab_rng_below(&rng, n)]) != AB_GAME_ON)
			break;
	}
	bool found = false;
	for (size_t k = (size_t)ab_rng_below(&rng, count); !found && k < count; k++) {
		struct ab_game_state s = { game, line[k] };
		if (ab_game_count(&s, max_nodes) <= (max_nodes ? max_nodes : AB_GAME_MAX_NODES)) {
			*out = s;
			found = true;
		}
	}
	free(moves);
	free(line);
	return found;
}

/* ---- Reading an answer ------------------------------------------------------ */

struct answer {
	bool has_best, has_value;
	char best[AB_GAME_MOVE_NAME * 4];
	long long value;
};

/* A line without its end and trailing blanks: [*s, *s + *len). */
static void trim(const char **s, size_t *len)
{
	while (*len && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t' || (*s)[*len - 1] == '\r'))
		(*len)--;
	while (*len && (**s == ' ' || **s == '\t')) {
		(*s)++;
		(*len)--;
	}
}

/* The line as a message shows it: at most 60 bytes, made safe. */
static void quote_line(const char *s, size_t len, struct ab_str *out)
{
	ab_str_addc(out, '\'');
	for (size_t i = 0; i < len && i < 60; i++)
		ab_str_addc(out, (unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f ? '?' : s[i]);
	if (len > 60)
		ab_str_add(out, "...");
	ab_str_addc(out, '\'');
}

/* Reads the output's lines into a; false (why says where) when a line is
 * not one of the protocol's, a line comes twice, or one is missing. */
static bool read_answer(const char *out, size_t len, struct answer *a, struct ab_str *why)
{
	memset(a, 0, sizeof *a);
	unsigned number = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(out + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - out) : len;
		const char *s = out + at;
		size_t n = end - at;
		at = end + 1;
		number++;
		trim(&s, &n);
		if (n == 0 || s[0] == '#' || (n == 3 && memcmp(s, "end", 3) == 0))
			continue;
		bool best = n > 5 && memcmp(s, "best", 4) == 0 && (s[4] == ' ' || s[4] == '\t');
		bool value = n > 6 && memcmp(s, "value", 5) == 0 && (s[5] == ' ' || s[5] == '\t');
		const char *arg = s + (best ? 5 : 6);
		size_t arg_len = best || value ? n - (size_t)(arg - s) : 0;
		trim(&arg, &arg_len);
		if ((!best && !value) || !arg_len) {
			if (why) {
				struct ab_str q = AB_STR_INIT;
				quote_line(s, n, &q);
				ab_str_addf(why, _("Line %u, %s, is neither 'best MOVE' nor 'value V'."),
					    number, ab_str_cstr(&q));
				ab_str_free(&q);
			}
			return false;
		}
		if ((best && a->has_best) || (value && a->has_value)) {
			if (why)
				ab_str_addf(why, _("Line %u gives '%s' a second time."), number,
					    best ? "best" : "value");
			return false;
		}
		if (best) {
			if (arg_len >= sizeof a->best) {
				if (why) {
					struct ab_str q = AB_STR_INIT;
					quote_line(arg, arg_len, &q);
					ab_str_addf(why, _("Line %u: %s is no move of this game."),
						    number, ab_str_cstr(&q));
					ab_str_free(&q);
				}
				return false;
			}
			memcpy(a->best, arg, arg_len);
			a->best[arg_len] = '\0';
			a->has_best = true;
			continue;
		}
		char buf[32];
		char *stop;
		errno = 0;
		long long v = 0;
		if (arg_len < sizeof buf) {
			memcpy(buf, arg, arg_len);
			buf[arg_len] = '\0';
			v = strtoll(buf, &stop, 10);
		}
		if (arg_len >= sizeof buf || *stop || errno || (buf[0] != '-' && buf[0] != '+' &&
								 (buf[0] < '0' || buf[0] > '9'))) {
			if (why) {
				struct ab_str q = AB_STR_INIT;
				quote_line(arg, arg_len, &q);
				ab_str_addf(why, _("Line %u: the value %s is not a whole number."),
					    number, ab_str_cstr(&q));
				ab_str_free(&q);
			}
			return false;
		}
		a->value = v;
		a->has_value = true;
	}
	if (!a->has_best || !a->has_value) {
		if (why)
			ab_str_add(why, !a->has_best ? _("It printed no line 'best MOVE'.")
				   : _("It printed no line 'value V'."));
		return false;
	}
	return true;
}

/* ---- Judging ---------------------------------------------------------------- */

/* Plies to the end of a won or lost value, or 0 for another value. */
static unsigned plies_of(ab_value v)
{
	ab_value m = v < 0 ? -v : v;
	return m > AB_GAME_EVAL_LIMIT && m <= AB_GAME_WIN ? (unsigned)(AB_GAME_WIN - m) : 0;
}

static bool decided(ab_value v)
{
	return v > AB_GAME_EVAL_LIMIT || v < -AB_GAME_EVAL_LIMIT;
}

/* What a value says, as a phrase: "a win in 3 plies", "a draw". */
static void value_phrase(ab_value v, struct ab_str *out)
{
	if (decided(v))
		ab_str_addf(out, v > 0 ? P_("a win in %u ply", "a win in %u plies", plies_of(v))
			    : P_("a loss in %u ply", "a loss in %u plies", plies_of(v)),
			    plies_of(v));
	else if (v == 0)
		ab_str_add(out, _("a draw"));
	else
		ab_str_add(out, _("no finished game"));
}

void ab_game_values_of(const struct ab_tree *tree, struct ab_game_values *out)
{
	ab_value *values = ab_xreallocarray(NULL, tree->count, sizeof *values);
	ab_tree_minimax_values(tree, AB_MAX, values);
	out->value = values[0];
	out->count = tree->nodes[0].nkids;
	out->moves = ab_xreallocarray(NULL, out->count ? out->count : 1, sizeof *out->moves);
	for (uint32_t k = 0; k < out->count; k++)
		out->moves[k] = values[ab_kid(tree, 0, k)];
	free(values);
}

void ab_game_values_free(struct ab_game_values *values)
{
	free(values->moves);
	values->moves = NULL;
	values->count = 0;
}

bool ab_game_judge(const struct ab_game_state *position,
		   const struct ab_game_values *vals, const char *out, size_t len,
		   struct ab_str *why, struct ab_str *json)
{
	const struct ab_game *game = position->game;
	struct answer a;
	bool readable = read_answer(out, len, &a, why);
	ab_value truth = vals->value;
	ab_move moves[AB_GAME_MAX_MOVES];
	unsigned count = game->moves(&position->pos, moves);
	if (count > vals->count)
		count = vals->count;
	char names[AB_GAME_MAX_MOVES][AB_GAME_MOVE_NAME];
	ab_value best_value = 0;
	int chosen = -1;
	for (unsigned k = 0; k < count; k++) {
		game->move_name(&position->pos, moves[k], names[k]);
		ab_value v = vals->moves[k];
		if (k == 0 || v > best_value)
			best_value = v;
		if (readable && strcmp(names[k], a.best) == 0)
			chosen = (int)k;
	}
	struct ab_str bests = AB_STR_INIT;
	for (unsigned k = 0, listed = 0; k < count; k++)
		if (vals->moves[k] == best_value)
			ab_str_addf(&bests, "%s%s", listed++ ? ", " : "", names[k]);
	bool right = readable;
	/* A move that is not legal here (a square taken, a heap or a column
	 * that is not there or is full) says the program does not play this
	 * position: what is wrong is told, and no bug is guessed from its
	 * value. */
	bool illegal = readable && chosen < 0;
	if (illegal) {
		right = false;
		if (why) {
			struct ab_str q = AB_STR_INIT, p = AB_STR_INIT;
			quote_line(a.best, strlen(a.best), &q);
			ab_game_write(position, &p);
			ab_str_addf(why, _("Its move %s is not legal in this position (%s); the legal moves are "),
				    ab_str_cstr(&q), ab_str_cstr(&p));
			ab_str_free(&q);
			ab_str_free(&p);
			for (unsigned k = 0; k < count; k++)
				ab_str_addf(why, "%s%s", k ? ", " : "", names[k]);
			ab_str_add(why, ".");
		}
	} else if (readable && vals->moves[chosen] < best_value) {
		right = false;
		ab_value cv = vals->moves[chosen];
		if (why) {
			struct ab_str p = AB_STR_INIT, q = AB_STR_INIT;
			value_phrase(cv, &p);
			value_phrase(best_value, &q);
			ab_str_addf(why, _("Its move %s is worth %lld (%s); the best, %s, %lld (%s)."),
				    a.best, (long long)cv, ab_str_cstr(&p), ab_str_cstr(&bests),
				    (long long)best_value, ab_str_cstr(&q));
			/* The quick-win rule is guessed only when the program's
			 * own value is a win at the wrong distance: with the
			 * right value it scores wins by their plies already. */
			if (cv > AB_GAME_EVAL_LIMIT && a.value > AB_GAME_EVAL_LIMIT &&
			    a.value != (long long)truth)
				ab_str_add(why, _(" Both win, but the best wins sooner: a win scores less the later it comes (WIN - plies), or a program may put off its win for ever."));
			else if (a.value == (long long)truth)
				ab_str_addf(why, _(" Its value, %lld, is right: it is the best move's, not the value of the move it chose."),
					    a.value);
			ab_str_free(&p);
			ab_str_free(&q);
		}
	}
	if (readable && a.value != (long long)truth) {
		right = false;
		if (why) {
			struct ab_str p = AB_STR_INIT;
			value_phrase(truth, &p);
			ab_str_addf(why, _("%sIts value %lld is not the position's: %lld (%s, with perfect play on both sides)."),
				    why->len ? " " : "", a.value, (long long)truth, ab_str_cstr(&p));
			ab_str_free(&p);
			/* A guess at the bug only from a legal move's answer,
			 * and a win scored at once only with the right winner. */
			if (!illegal && ((a.value == AB_GAME_WIN && truth > AB_GAME_EVAL_LIMIT) ||
					 (a.value == -AB_GAME_WIN && truth < -AB_GAME_EVAL_LIMIT)))
				ab_str_addf(why, P_(" A win or a loss %u ply away is scored as if it came at once: score it %d - plies.",
						    " A win or a loss %u plies away is scored as if it came at once: score it %d - plies.",
						    plies_of(truth)),
					    plies_of(truth), AB_GAME_WIN);
			else if (!illegal && decided(truth) && a.value >= -AB_GAME_EVAL_LIMIT &&
				 a.value <= AB_GAME_EVAL_LIMIT)
				ab_str_add(why, _(" A finished game seems to be scored by the evaluation: is the end of the game checked before the evaluation is called?"));
		}
	}
	if (json) {
		ab_str_addf(json, "{\"agree\":%s,\"why\":", right ? "true" : "false");
		ab_json_string(why ? ab_str_cstr(why) : "", json);
		ab_str_addf(json, ",\"value\":%lld,\"best\":[", (long long)truth);
		for (unsigned k = 0, listed = 0; k < count; k++)
			if (vals->moves[k] == best_value) {
				if (listed++)
					ab_str_addc(json, ',');
				ab_json_string(names[k], json);
			}
		ab_str_add(json, "],\"given\":");
		if (readable) {
			ab_str_add(json, "{\"best\":");
			ab_json_string(a.best, json);
			ab_str_addf(json, ",\"value\":%lld}", a.value);
		} else {
			ab_str_add(json, "null");
		}
		ab_str_addc(json, '}');
	}
	if (why && right)
		ab_str_addf(why, _("Its move and value are perfect play: %lld, best move %s."),
			    (long long)truth, ab_str_cstr(&bests));
	ab_str_free(&bests);
	return right;
}

/* ---- Perfect play, remembered ------------------------------------------------ */

/* Positions already solved, each with its values: random play from one
 * start meets the same positions again and again, and shrinking meets
 * them again.  Open addressing on the position's bytes. */
#define CACHE_MAX (1u << 18)      /* positions remembered at most */

struct cache {
	struct cache_entry {
		bool used;
		struct ab_game_pos pos;
		struct ab_game_values values;
	} *slots;
	uint32_t nslots, count;
	struct ab_game_values spare; /* the last solved, when it is full */
};

static uint32_t pos_hash(const struct ab_game_pos *pos)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (size_t i = 0; i < sizeof pos->b; i++)
		h = (h ^ pos->b[i]) * UINT64_C(0x100000001b3);
	return (uint32_t)(h ^ h >> 32);
}

static struct cache_entry *cache_slot(struct cache *c, const struct ab_game_pos *pos)
{
	uint32_t mask = c->nslots - 1;
	for (uint32_t i = pos_hash(pos) & mask;; i = (i + 1) & mask)
		if (!c->slots[i].used || memcmp(&c->slots[i].pos, pos, sizeof *pos) == 0)
			return &c->slots[i];
}

static void cache_grow(struct cache *c)
{
	struct cache old = *c;
	c->nslots = old.nslots ? old.nslots * 2 : 1024;
	c->slots = ab_xcalloc(c->nslots, sizeof *c->slots);
	for (uint32_t i = 0; i < old.nslots; i++)
		if (old.slots[i].used)
			*cache_slot(c, &old.slots[i].pos) = old.slots[i];
	free(old.slots);
}

static void cache_free(struct cache *c)
{
	for (uint32_t i = 0; i < c->nslots; i++)
		if (c->slots[i].used)
			ab_game_values_free(&c->slots[i].values);
	free(c->slots);
	ab_game_values_free(&c->spare);
}

/* The values of pos with perfect play, solved now or remembered; NULL
 * when its tree is over max_nodes. */
static const struct ab_game_values *solve(struct cache *c, const struct ab_game_state *pos,
					  uint32_t max_nodes)
{
	if ((uint64_t)(c->count + 1) * 2 > c->nslots && c->count < CACHE_MAX)
		cache_grow(c);
	struct cache_entry *e = cache_slot(c, &pos->pos);
	if (e->used)
		return &e->values;
	struct ab_game_options opt = { .max_nodes = max_nodes };
	struct ab_tree *tree = ab_game_state_tree(pos, &opt, NULL);
	if (!tree)
		return NULL;
	struct ab_game_values *v = &e->values;
	if (c->count >= CACHE_MAX) {
		ab_game_values_free(&c->spare);
		v = &c->spare;
	} else {
		e->used = true;
		e->pos = pos->pos;
		c->count++;
	}
	ab_game_values_of(tree, v);
	ab_tree_free(tree);
	return v;
}

/* ---- The loop --------------------------------------------------------------- */

struct judge {
	const struct ab_test_options *o;
	struct ab_runner *runner;
	int start_error;
	enum ab_finding target;
	uint64_t hangs, tries;
	struct ab_test_case now, kept;
	struct cache cache;
	uint32_t max_nodes;
};

/* Runs the program on pos and judges it into j->now; AB_FINDING_COUNT
 * when pos is no position to test (its tree is over the limit). */
static enum ab_finding judge(struct judge *j, const struct ab_game_state *pos)
{
	struct ab_test_case *c = &j->now;
	ab_test_case_clear(c);
	const struct ab_game_values *values = solve(&j->cache, pos, j->max_nodes);
	if (!values)
		return AB_FINDING_COUNT;
	pos->game->write(&pos->pos, &c->input);
	ab_str_addc(&c->input, '\n');
	if (ab_test_case_run(j->runner, c, &j->start_error) &&
	    !ab_game_judge(pos, values, c->run.out.s ? c->run.out.s : "", c->run.out.len,
			   NULL, NULL) &&
	    c->finding == AB_FINDING_NONE)
		c->finding = AB_FINDING_DISAGREE;
	return c->finding;
}

/* Whether the finding stays on candidate (then it is kept). */
static bool still(struct judge *j, const struct ab_game_state *candidate)
{
	if (j->start_error || j->tries >= AB_TEST_SHRINK_TRIES)
		return false;
	if (j->target == AB_FINDING_TIMEOUT && j->hangs >= AB_TEST_SHRINK_HANGS)
		return false;
	enum ab_finding f = judge(j, candidate);
	if (f == AB_FINDING_COUNT)
		return false;
	j->tries++;
	if (f == AB_FINDING_TIMEOUT)
		j->hangs++;
	if (f != j->target)
		return false;
	ab_test_case_swap(&j->kept, &j->now);
	return true;
}

/* Shrinks *pos while the finding stays: each move's position (while the
 * game goes on), then the game's simpler positions, the first that keeps
 * it taken, until none does. */
static void shrink(struct judge *j, struct ab_game_state *pos, uint64_t *kept)
{
	const struct ab_game *game = pos->game;
	ab_move *moves = ab_xreallocarray(NULL, AB_GAME_MAX_MOVES, sizeof *moves);
	for (bool smaller = true; smaller;) {
		smaller = false;
		unsigned n = game->moves(&pos->pos, moves);
		for (unsigned k = 0; k < n && !smaller; k++) {
			struct ab_game_state c = *pos;
			if (game->play(&c.pos, moves[k]) != AB_GAME_ON)
				continue;
			if ((smaller = still(j, &c)))
				*pos = c;
		}
		for (unsigned i = 0; game->simpler && !smaller; i++) {
			struct ab_game_state c = *pos;
			if (!game->simpler(&pos->pos, i, &c.pos))
				break;
			if ((smaller = still(j, &c)))
				*pos = c;
		}
		*kept += smaller;
	}
	free(moves);
}

int ab_game_test_run(const struct ab_test_options *o, struct ab_test_report *report)
{
	memset(report, 0, sizeof *report);
	struct judge j = { .o = o, .max_nodes = AB_GAME_MAX_NODES };
	j.runner = ab_runner_new(&o->run);
	for (uint64_t i = 0; i < o->count && !j.start_error; i++) {
		if (o->progress)
			o->progress(o->progress_ctx, i, o->count, false);
		struct ab_game_state pos;
		if (!ab_game_test_position(&o->game, o->gen.spec.seed, i, j.max_nodes, &pos))
			continue;
		enum ab_finding f = judge(&j, &pos);
		if (j.start_error)
			break;
		report->trees = i + 1;
		if (f == AB_FINDING_NONE || f == AB_FINDING_COUNT)
			continue;
		report->index = i;
		report->finding = f;
		report->nodes_before = ab_game_count(&pos, j.max_nodes);
		ab_test_case_swap(&j.kept, &j.now);
		j.target = f;
		if (o->progress)
			o->progress(o->progress_ctx, i, o->count, true);
		shrink(&j, &pos, &report->shrink.kept);
		report->shrink.tries = j.tries;
		report->position = pos;
		struct ab_game_options opt = { .max_nodes = j.max_nodes };
		report->tree = ab_game_state_tree(&pos, &opt, NULL);
		report->nodes = report->tree->count;
		report->shrunk = j.kept;
		memset(&j.kept, 0, sizeof j.kept);
		struct ab_test_case *c = &report->shrunk;
		if (c->compared)
			ab_game_judge(&pos, solve(&j.cache, &pos, j.max_nodes),
				      c->run.out.s ? c->run.out.s : "", c->run.out.len,
				      &c->diff_text, &c->diff_json);
		break;
	}
	report->starts = ab_runner_starts(j.runner);
	ab_runner_free(j.runner);
	ab_test_case_free(&j.now);
	ab_test_case_free(&j.kept);
	cache_free(&j.cache);
	return j.start_error;
}

/* ---- Reports ------------------------------------------------------------------ */

void ab_game_test_report_text(const struct ab_test_options *o,
			      const struct ab_test_report *r, struct ab_str *out)
{
	unsigned long long seed = (unsigned long long)o->gen.spec.seed;
	const char *game = o->game.game->name;
	if (r->finding == AB_FINDING_NONE) {
		ab_str_addf(out, P_("abtrace test: %llu position of %s (seed %llu): the program played perfectly.\n",
				    "abtrace test: %llu positions of %s (seed %llu): the program played perfectly on every one.\n",
				    r->trees),
			    (unsigned long long)r->trees, game, seed);
		return;
	}
	const struct ab_test_case *c = &r->shrunk;
	struct ab_str text = AB_STR_INIT;
	ab_test_describe(o, c, &text);
	ab_str_addf(out, _("abtrace test: position %llu of %llu (%s, seed %llu): %s.\n"),
		    (unsigned long long)r->index + 1, (unsigned long long)o->count, game, seed,
		    ab_str_cstr(&text));
	ab_str_addf(out, P_("Shrunk in %llu run to a position whose tree has %u nodes (the first had %u).\n",
			    "Shrunk in %llu runs to a position whose tree has %u nodes (the first had %u).\n",
			    r->shrink.tries),
		    (unsigned long long)r->shrink.tries, r->nodes, r->nodes_before);
	ab_str_clear(&text);
	ab_game_write(&r->position, &text);
	ab_str_addf(out, _("\nThe position: %s\n"), ab_str_cstr(&text));
	ab_str_clear(&text);
	ab_game_board(&r->position, &text);
	struct ab_game_node node = { .at = r->position, .end = AB_GAME_ON,
				     .to_move = r->position.game->to_move
						? r->position.game->to_move(&r->position.pos) : NULL };
	ab_game_status(&node, &text);
	ab_str_addc(&text, '\n');
	ab_test_add_block(&text, out);
	ab_str_free(&text);
	ab_str_add(out, _("As fed (--feed game):\n"));
	ab_test_add_block(&c->input, out);
	ab_str_add(out, _("The program's output:\n"));
	ab_test_add_block(&c->run.out, out);
	if (c->run.err.len) {
		ab_str_add(out, _("Its standard error:\n"));
		ab_test_add_block(&c->run.err, out);
	}
	if (c->compared) {
		ab_str_add(out, _("Compared with perfect play:\n"));
		ab_test_add_block(&c->diff_text, out);
	}
}

void ab_game_test_report_json(const struct ab_test_options *o,
			      const struct ab_test_report *r, struct ab_str *out)
{
	ab_str_addf(out, "{\"seed\":%llu,\"game\":\"%s\",\"trees\":%llu,\"finding\":",
		    (unsigned long long)o->gen.spec.seed, o->game.game->name,
		    (unsigned long long)r->trees);
	if (r->finding == AB_FINDING_NONE) {
		ab_str_add(out, "null}\n");
		return;
	}
	const struct ab_test_case *c = &r->shrunk;
	struct ab_str text = AB_STR_INIT;
	ab_game_write(&r->position, &text);
	ab_str_addf(out, "{\"kind\":\"%s\",\"position\":", ab_finding_word(c->finding));
	ab_json_string(ab_str_cstr(&text), out);
	ab_str_addf(out, ",\"nodes\":%u,\"output\":", r->nodes);
	ab_test_json_text(&c->run.out, out);
	ab_str_add(out, ",\"diff\":");
	ab_str_add(out, c->compared ? ab_str_cstr(&c->diff_json) : "null");
	ab_str_add(out, ",\"input\":");
	ab_test_json_text(&c->input, out);
	ab_str_add(out, ",\"stderr\":");
	ab_test_json_text(&c->run.err, out);
	if (c->run.exited)
		ab_str_addf(out, ",\"status\":%d,\"signal\":%d", c->run.status, c->run.signal);
	ab_str_addf(out, ",\"index\":%llu,\"nodes_before\":%u,\"runs\":%llu}}\n",
		    (unsigned long long)r->index, r->nodes_before,
		    (unsigned long long)r->shrink.tries);
	ab_str_free(&text);
}
