/* test_diff.c - a program's log held to the search (testing/diff.c):
 * hand-written logs of the lecture tree, right and wrong, with the step,
 * line and reason of the first divergence; abtrace's own searches printed
 * as programs print them (from 0, with a sentinel, negamax, JSON, noise,
 * every convention) on random trees, which must always agree; the named
 * mistakes found again; and `abtrace diff` itself, exit codes and hostile
 * logs included. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/search.h"
#include "randtree.h"
#include "runprog.h"
#include "testing/diff.h"
#include "testutil.h"

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* ---- A search printed as a program prints it ------------------------------ */

enum style {
	S_ENTER = 1 << 0, S_WINDOWS = 1 << 1, S_LEAF = 1 << 2, S_CUT = 1 << 3,
	S_RETURN = 1 << 4, S_VALUE = 1 << 5, S_BEST = 1 << 6,
	S_ZERO = 1 << 7,       /* indices from 0 */
	S_NAMES = 1 << 8,      /* names, not indices */
	S_INF = 1 << 9,        /* ±1000 for ±∞ */
	S_NEGAMAX = 1 << 10,   /* numbers from the mover's side */
	S_NOISE = 1 << 11,     /* debugging lines, comments, blank lines */
	S_JSON = 1 << 12,      /* JSON Lines with some of trace's fields */
	S_RECURSIVE = 1 << 13, /* enter and return at every leaf too */
	S_NO_ROOT = 1 << 14,   /* the root's own enter and return left out */
	S_LATE_CUT = 1 << 15,  /* cut also where no child is left */
	S_PATHLESS = 1 << 16,  /* leaf VALUE */
};
#define S_ALL (S_ENTER | S_WINDOWS | S_LEAF | S_CUT | S_RETURN | S_VALUE | S_BEST)

struct printer {
	const struct ab_tree *tree;
	const struct ab_config *config;
	enum ab_player root;
	unsigned style;
	struct ab_str *out;
	ab_value *alpha, *beta;
	uint8_t *cut;
	unsigned lines;
};

static void print_path(struct printer *p, uint32_t n)
{
	if (p->style & S_NAMES) {
		ab_tree_name(p->tree, n, p->out);
		return;
	}
	struct ab_log_options opt = { .zero_based = p->style & S_ZERO };
	if (p->style & S_JSON && n == 0)
		return; /* trace's own "" */
	ab_log_format_path(p->tree, NULL, &opt, n, p->out);
}

static void print_value(struct printer *p, uint32_t n, ab_value v)
{
	if (p->style & S_NEGAMAX && ab_player_at(p->tree, n, p->root) == AB_MIN)
		v = -v;
	struct ab_log_options opt = { .has_inf = p->style & S_INF, .inf = { 1000, 1 } };
	bool quote = (p->style & S_JSON) && (v == AB_POS_INF || v == AB_NEG_INF) &&
		     !(p->style & S_INF);
	if (quote)
		ab_str_addc(p->out, '"');
	ab_log_format_value(v, p->tree->scale, &opt, p->out);
	if (quote)
		ab_str_addc(p->out, '"');
}

/* One line: kind, the node's path (AB_NONE: none), then count numbers
 * of node at (for the negamax view). */
static void line_at(struct printer *p, const char *kind, uint32_t n, uint32_t at, int count,
		    ab_value a, ab_value b)
{
	if (p->style & S_NOISE && ++p->lines % 3 == 0)
		ab_str_add(p->out, p->lines % 2 ? "debug: here\n\n" : "# a comment\nvalue of node\n");
	if (p->style & S_NEGAMAX && count == 2 && ab_player_at(p->tree, n, p->root) == AB_MIN) {
		ab_value t = -b;
		b = -a;
		a = t;
		p->style &= ~(unsigned)S_NEGAMAX; /* swapped already */
		line_at(p, kind, n, at, count, a, b);
		p->style |= S_NEGAMAX;
		return;
	}
	if (p->style & S_JSON) {
		ab_str_addf(p->out, "{\"event\":\"%s\"", kind);
		if (n != AB_NONE) {
			ab_str_add(p->out, p->style & S_NAMES ? ",\"node\":\"" : ",\"path\":\"");
			print_path(p, n);
			ab_str_addc(p->out, '"');
		}
		const char *keys[2] = { count == 2 ? "alpha" : "value", "beta" };
		for (int i = 0; i < count; i++) {
			ab_str_addf(p->out, ",\"%s\":", keys[i]);
			print_value(p, at, i ? b : a);
		}
		ab_str_add(p->out, "}\n");
		return;
	}
	ab_str_add(p->out, kind);
	if (n != AB_NONE) {
		ab_str_addc(p->out, ' ');
		print_path(p, n);
	}
	for (int i = 0; i < count; i++) {
		ab_str_addc(p->out, ' ');
		print_value(p, at, i ? b : a);
	}
	ab_str_addc(p->out, '\n');
}

static void line(struct printer *p, const char *kind, uint32_t n, int count, ab_value a,
		 ab_value b)
{
	line_at(p, kind, n, n, count, a, b);
}

static int print_event(void *ctx, const struct ab_event *ev)
{
	struct printer *p = ctx;
	unsigned s = p->style;
	uint32_t n = ev->node;
	bool root = n == 0 && (s & S_NO_ROOT);
	switch (ev->kind) {
	case AB_EV_ENTER:
		p->alpha[n] = ev->alpha;
		p->beta[n] = ev->beta;
		p->cut[n] = 0;
		if ((s & S_ENTER) && !root)
			line(p, "enter", n, s & S_WINDOWS ? 2 : 0, ev->alpha, ev->beta);
		break;
	case AB_EV_LEAF:
		if ((s & S_ENTER) && (s & S_RECURSIVE)) {
			/* Called with its parent's window as it stands. */
			uint32_t parent = p->tree->nodes[n].parent;
			line(p, "enter", n, s & S_WINDOWS ? 2 : 0,
			     parent == AB_NONE ? AB_NEG_INF : p->alpha[parent],
			     parent == AB_NONE ? AB_POS_INF : p->beta[parent]);
		}
		if (s & S_LEAF)
			line_at(p, "leaf", s & S_PATHLESS ? AB_NONE : n, n, 1, ev->value, 0);
		if ((s & S_RETURN) && (s & S_RECURSIVE))
			line(p, "return", n, 1, ev->value, 0);
		break;
	case AB_EV_UPDATE:
		if (ev->what == AB_WHAT_ALPHA)
			p->alpha[n] = ev->new_;
		else if (ev->what == AB_WHAT_BETA)
			p->beta[n] = ev->new_;
		break;
	case AB_EV_CUTOFF:
		p->cut[n] = 1;
		if (s & S_CUT)
			line(p, s & S_JSON ? "cutoff" : "cut", n, 0, 0, 0);
		break;
	case AB_EV_RETURN: {
		bool holds = p->config->strict ? p->alpha[n] > p->beta[n]
					       : p->alpha[n] >= p->beta[n];
		if ((s & S_CUT) && (s & S_LATE_CUT) && !p->cut[n] && holds &&
		    ab_player_at(p->tree, n, p->root) != AB_CHANCE)
			line(p, "cut", n, 0, 0, 0);
		if ((s & S_RETURN) && !root)
			line(p, "return", n, 1, ev->value, 0);
		break;
	}
	case AB_EV_DONE:
		if (s & S_VALUE)
			line_at(p, "value", AB_NONE, 0, 1, ev->value, 0);
		if ((s & S_BEST) && ev->best != AB_NONE)
			line(p, "best", ev->best, 0, 0, 0);
		break;
	default:
		break;
	}
	return 0;
}

/* The log a correct program prints for config's search of tree. */
static void log_of(const struct ab_tree *tree, const struct ab_config *config,
		   unsigned style, struct ab_str *out)
{
	struct printer p = {
		.tree = tree, .config = config, .root = ab_config_root(config, tree),
		.style = style, .out = out,
		.alpha = ab_xcalloc(tree->count, sizeof *p.alpha),
		.beta = ab_xcalloc(tree->count, sizeof *p.beta),
		.cut = ab_xcalloc(tree->count, 1),
	};
	struct ab_sink sink = { print_event, &p, AB_EVENT_ALL };
	ab_search(tree, config, &sink);
	free(p.alpha);
	free(p.beta);
	free(p.cut);
}

/* ---- Hand-written logs of the lecture tree --------------------------------- */

/* Options of a case, as flags. */
enum { HARD = 1, CLAMP = 2, STRICT = 4, REVERSE = 8, NEGAMAX = 16, ZERO = 32,
       INF1000 = 64, MINIMAX = 128, GIVE_FAIL = 256, GIVE_ORDER = 512, GIVE_STRICT = 1024,
       ROOT_MIN = 2048 };

static void options_of(unsigned flags, struct ab_config *c, unsigned *given,
		       struct ab_diff_options *opt)
{
	*c = AB_CONFIG_DEFAULT;
	c->fail = flags & CLAMP ? AB_FAIL_CLAMP : flags & HARD ? AB_FAIL_HARD : AB_FAIL_SOFT;
	c->strict = flags & STRICT;
	c->order = flags & REVERSE ? AB_ORDER_REVERSE : AB_ORDER_GIVEN;
	c->view = flags & NEGAMAX ? AB_VIEW_NEGAMAX : AB_VIEW_MINIMAX;
	c->algo = flags & MINIMAX ? AB_MINIMAX : AB_ALPHABETA;
	c->root = flags & ROOT_MIN ? AB_ROOT_IS_MIN : AB_ROOT_FROM_TREE;
	*given = (flags & GIVE_FAIL ? AB_PART_FAIL : 0) | (flags & GIVE_ORDER ? AB_PART_ORDER : 0) |
		 (flags & GIVE_STRICT ? AB_PART_STRICT : 0) | (flags & NEGAMAX ? AB_PART_VIEW : 0);
	*opt = (struct ab_diff_options){ .log = { .zero_based = flags & ZERO } };
	if (flags & INF1000) {
		opt->log.has_inf = true;
		opt->log.inf = (struct ab_exact){ 1000, 1 };
	}
}

/* The lecture tree as a correct program prints it. */
#define LECTURE_LOG \
	"enter root -inf inf\nenter 1 -inf inf\nleaf 1.1 3\nleaf 1.2 12\nleaf 1.3 8\nreturn 1 3\n" \
	"enter 2 3 inf\nleaf 2.1 2\ncut 2\nreturn 2 2\n" \
	"enter 3 3 inf\nleaf 3.1 14\nleaf 3.2 5\nleaf 3.3 2\nreturn 3 2\nreturn root 3\nvalue 3\nbest 1\n"

/* The notes' first pitfall's neighbour: a program whose MIN raises α and
 * whose MAX lowers β.  Its root value is wrong, but only at the end; its
 * leaves part from the search where the search cuts at C. */
#define SWAPPED_LOG \
	"leaf 1.1 3\nleaf 1.2 12\nleaf 1.3 8\nleaf 2.1 2\nleaf 2.2 4\nleaf 2.3 6\nleaf 3.1 14\nvalue 14\n"

static const struct diff_case {
	const char *tree;
	unsigned flags;
	const char *log;
	bool agree;
	size_t step;          /* of the divergence (0: none) */
	unsigned line;        /* the log's line there (0: none) */
	const char *kind;     /* the kind of line that differs */
	const char *why;      /* a substring of the reason */
	const char *conventions; /* a substring of the text report */
} diff_cases[] = {
	/* Right, however printed. */
	{ "lecture", 0, LECTURE_LOG, true, 0, 0, NULL, NULL,
	  "Conventions the whole log agrees with: fail-soft or fail-hard; cut on α ≥ β or α > β; order given, killer or history." },
	{ "lecture", ZERO | INF1000,
	  "enter root -1000 1000\nenter 0 -1000 1000\nleaf 0.0 3\nleaf 0.1 12\nleaf 0.2 8\n"
	  "enter 1 3 1000\nleaf 1.0 2\ncut 1\nenter 2 3 1000\nleaf 2.0 14\nleaf 2.1 5\nleaf 2.2 2\ncut 2\nvalue 3\nbest 0\n",
	  true, 0, 0, NULL, NULL, "order given" },
	{ "lecture", NEGAMAX,
	  "enter A -inf inf\nenter B -inf inf\nleaf B1 3\nleaf B2 12\nleaf B3 8\nreturn B -3\n"
	  "enter C -inf -3\nleaf C1 2\ncut C\nreturn C -2\nenter D -inf -3\nleaf D1 14\nleaf D2 5\nleaf D3 2\n"
	  "return D -2\nreturn A 3\nvalue 3\nbest B\n",
	  true, 0, 0, NULL, NULL, NULL },
	{ "lecture", 0, "starting search\n" LECTURE_LOG "search took 3 ms\n", true, 0, 0, NULL, NULL,
	  "Lines skipped as noise: 2, the first at line 1: starting search" },
	/* Fail-hard and clamped: C returns its bound. */
	{ "lecture", 0, "return 1 3\nreturn 2 3\nreturn 3 3\nreturn root 3\n", true, 0, 0, NULL, NULL,
	  "Conventions the whole log agrees with: fail-hard=clamp; cut on α ≥ β or α > β; order given, best, killer or history." },
	{ "lecture", HARD | GIVE_FAIL, "return 1 3\nreturn 2 2\nreturn 3 2\n", true, 0, 0, NULL, NULL,
	  "fail-hard;" },
	/* Held to a convention given: fail-soft's C returns 2, not 3. */
	{ "lecture", GIVE_FAIL, "return 1 3\nreturn 2 3\nreturn 3 2\n", false, 16, 2, "return",
	  "C returns 2 (step 16). Under fail-soft a cut node returns the best value it found before the cut.", NULL },
	/* Strict: a tie that does not cut. */
	{ "[[5,9],[5,1]]", 0, "leaf 1.1 5\nleaf 1.2 9\nleaf 2.1 5\nleaf 2.2 1\n", true, 0, 0, NULL, NULL,
	  "cut on α > β; order given" },
	{ "[[5,9],[5,1]]", GIVE_STRICT, "leaf 1.1 5\nleaf 1.2 9\nleaf 2.1 5\nleaf 2.2 1\n", false, 14, 4,
	  "leaf", "At step 14 the cut test fires at 2: β = 5 ≤ α = 5, so the search skips 2.2.", NULL },
	/* The order: reverse, found without being told. */
	{ "lecture", 0, "leaf 3.3 2\nleaf 3.2 5\nleaf 3.1 14\nleaf 2.3 6\nleaf 2.2 4\nleaf 2.1 2\n"
	  "leaf 1.3 8\nleaf 1.2 12\nleaf 1.1 3\nvalue 3\n", true, 0, 0,
	  NULL, NULL, "order reverse" },
	/* The swapped update: the leaves part at the cut at C (step 15),
	 * long before the wrong value. */
	{ "lecture", 0, SWAPPED_LOG, false, 15, 5, "leaf",
	  "At step 15 the cut test fires at C: β = 2 ≤ α = 3, so the search skips C2 and C3. It never looks at C2, where the log goes on (line 5).",
	  "No convention agrees with the whole log." },
	/* Its windows show it earlier still: C's α is A's, set at step 10. */
	{ "lecture", 0, "enter 1 -inf inf\nenter 2 -inf 3\n", false, 11, 2, "enter",
	  "When the search enters C (step 11) its window is [3, +∞]: a child starts with the window its parent has then. α = 3 was set at A (step 10). β is still +∞: no node above has lowered it yet.",
	  NULL },
	/* A recursive program prints every call's window, leaves' too: MIN
	 * raising α shows at B2, whose β the search set at step 5. */
	{ "lecture", 0, "enter A -inf inf\nenter B -inf inf\nenter B1 -inf inf\nenter B2 3 inf\n", false, 6, 4,
	  "enter", "When the search looks at B2 (step 6) its window is [-∞, 3]: a child starts with the window its parent has then. α is still -∞: no node above has raised it yet. β = 3 was set at B (step 5).",
	  NULL },
	/* A root value wrong, everything else right. */
	{ "lecture", 0, "value 2\n", false, 29, 1, "value",
	  "The root's value is 3: A returns it at step 28", NULL },
	{ "lecture", 0, "best 3\n", false, 29, 1, "best", "The best move is B: the root's value 3 comes from it. The log names D, which returns 2 (step 27).", NULL },
	/* A cut the search never makes, and one it makes that the log lacks. */
	{ "lecture", 0, "cut 1\ncut 2\n", false, 8, 1, "cut",
	  "The search never cuts at B: when it returns (step 8), β = 3 > α = -∞.", NULL },
	{ "lecture", GIVE_FAIL | GIVE_ORDER | GIVE_STRICT, "cut 3\n", false, 15, 1, "cut",
	  "At step 15 the cut test fires at C: β = 2 ≤ α = 3, so the search skips C2 and C3. The log's next cut is at D (line 1).", NULL },
	/* A cut at a path that leads nowhere. */
	{ "lecture", 0, "cut 4\n", false, 15, 1, "cut",
	  "At step 15 the cut test fires at C: β = 2 ≤ α = 3, so the search skips C2 and C3. This tree has no node called '4'.", NULL },
	/* The log stops short, or goes on past the search. */
	{ "lecture", 0, "leaf 1.1 3\nleaf 1.2 12\n", false, 7, 0, "leaf",
	  "At step 7 the search looks at B3. The log has no more leaf lines.", NULL },
	{ "lecture", 0, "enter 1 -inf inf\nenter 2 3 inf\nenter 3 3 inf\nenter 4 3 inf\n", false, 29, 4, "enter",
	  "The search's enter lines end before the log's do. This tree has no node called '4'.", NULL },
	/* A 0-based log read from 1, and a sentinel read as a number. */
	{ "lecture", 0, "enter 0 -inf inf\nenter 1 3 inf\nenter 2 3 inf\n", false, 2, 1, "enter",
	  "This tree has no node called '0'. Paths count children from 1; --zero-based reads them from 0.",
	  "Read with child indices counted from 0 (--zero-based), the log agrees." },
	{ "lecture", 0, "enter 1 -99999 99999\nenter 2 3 99999\nenter 3 3 99999\n", false, 2, 1, "enter",
	  "The log's 99999 stands in for infinity: --inf 99999 reads ±99999 as ±∞.", NULL },
	/* A negamax log read as minimax. */
	{ "lecture", 0, "return 1 -3\nreturn 2 -2\nreturn 3 -2\n", false, 8, 1, "return", "B returns 3 (step 8).",
	  "Read with --view negamax (every number from the side of the player to move), the log agrees." },
	{ "lecture", NEGAMAX, "return 1 3\n", false, 8, 1, "return",
	  "B returns -3 (step 8). Negamax writes it from the side of MIN, who moves there.", NULL },
	/* Minimax prunes nothing. */
	{ "lecture", MINIMAX, "cut 1\n", false, 7, 1, "cut",
	  "Minimax prunes nothing: the search never cuts at B.", NULL },
	/* A MIN root. */
	{ "lecture", ROOT_MIN, "enter 1 -inf inf\nenter 2 -inf 12\nenter 3 -inf 6\nreturn 1 12\nreturn 2 6\nreturn 3 14\nvalue 3\n",
	  false, 33, 7, "value", "The root's value is 6: A returns it at step 32", NULL },
};

START_TEST(lecture_logs)
{
	const struct diff_case *t = &diff_cases[_i];
	struct ab_tree *tree = tree_ok(t->tree);
	struct ab_config config;
	unsigned given;
	struct ab_diff_options opt;
	options_of(t->flags, &config, &given, &opt);
	struct ab_diff_result r;
	struct ab_diag diag;
	enum ab_diff_status st = ab_diff(tree, &config, given, &opt, t->log, strlen(t->log), &r, &diag);
	ck_assert_msg(st == AB_DIFF_OK, "case %d: %s", _i, diag.message);
	struct ab_str text = AB_STR_INIT;
	ab_diff_text(tree, &r, &ab_glyphs_utf8, &text);
	ck_assert_msg(r.agree == t->agree, "case %d: agree %d\n%s", _i, r.agree, text.s);
	ck_assert_msg(r.diverged == !t->agree, "case %d: diverged %d", _i, r.diverged);
	if (!t->agree) {
		const struct ab_diff_divergence *d = &r.divergence;
		ck_assert_msg(d->step == t->step && d->line == t->line, "case %d: step %zu line %u, want %zu, %u\n%s",
			      _i, d->step, d->line, t->step, t->line, text.s);
		ck_assert_msg(strcmp(ab_log_kind_word(d->kind), t->kind) == 0, "case %d: kind %s", _i,
			      ab_log_kind_word(d->kind));
		ck_assert_msg(strstr(d->why, t->why), "case %d: why\n %s\nlacks\n %s", _i, d->why, t->why);
		ck_assert(d->expected && *d->expected && d->given && *d->given);
	}
	if (t->conventions)
		ck_assert_msg(strstr(text.s, t->conventions), "case %d: report lacks '%s':\n%s", _i,
			      t->conventions, text.s);
	/* Quick says the same about agreeing. */
	struct ab_diff_result q;
	opt.quick = true;
	ab_diff(tree, &config, given, &opt, t->log, strlen(t->log), &q, &diag);
	ck_assert_int_eq(q.agree, r.agree);
	ck_assert(!q.diverged && q.npitfalls == 0);
	ck_assert_uint_eq(q.nconventions, r.agree ? 1 : 0);
	ab_diff_result_free(&q);
	ab_str_free(&text);
	ab_diff_result_free(&r);
	ab_tree_free(tree);
}
END_TEST

/* ---- abtrace's own searches, printed as programs print them -------------- */

static const unsigned styles[] = {
	S_ALL,
	S_ALL | S_ZERO | S_INF,
	S_ALL | S_NEGAMAX,
	S_ALL | S_NOISE | S_LATE_CUT,
	S_ALL | S_RECURSIVE | S_NO_ROOT,
	S_ALL | S_NAMES | S_JSON,
	S_ALL | S_JSON | S_ZERO | S_NEGAMAX,
	S_LEAF | S_PATHLESS | S_VALUE,
	S_ENTER | S_CUT,
	S_RETURN | S_BEST | S_LATE_CUT,
	S_ALL | S_RECURSIVE | S_NEGAMAX | S_ZERO | S_LATE_CUT,
};

/* Every convention a search may have. */
static struct ab_config convention(unsigned i)
{
	static const enum ab_fail fails[] = { AB_FAIL_SOFT, AB_FAIL_HARD, AB_FAIL_CLAMP };
	static const enum ab_order orders[] = { AB_ORDER_GIVEN, AB_ORDER_REVERSE, AB_ORDER_BEST,
						AB_ORDER_WORST };
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.fail = fails[i % 3];
	c.strict = (i / 3) % 2;
	c.order = orders[(i / 6) % 4];
	return c;
}

static bool same_convention(const struct ab_config *a, const struct ab_config *b)
{
	return a->fail == b->fail && a->strict == b->strict && a->order == b->order;
}

/* The log options a style's log is read with. */
static struct ab_diff_options style_options(unsigned style)
{
	return (struct ab_diff_options){
		.log = { .zero_based = style & S_ZERO, .has_inf = style & S_INF, .inf = { 1000, 1 } },
	};
}

/* c's own search printed in style (into text) agrees with c's search held
 * to all its conventions (r: the result, to free); fails the test, saying
 * what and the tree, if not. */
static void agrees_held(const struct ab_tree *tree, struct ab_config *c, unsigned style,
			const char *what, struct ab_str *text, struct ab_diff_result *r)
{
	if (style & S_NEGAMAX)
		c->view = AB_VIEW_NEGAMAX;
	log_of(tree, c, style, text);
	struct ab_diff_options opt = style_options(style);
	struct ab_diag diag;
	unsigned held = AB_PART_FAIL | AB_PART_STRICT | AB_PART_ORDER | AB_PART_VIEW;
	ck_assert_int_eq(ab_diff(tree, c, held, &opt, text->s, text->len, r, &diag), AB_DIFF_OK);
	if (!r->agree) {
		struct ab_str tree_text = AB_STR_INIT;
		ab_tree_write(tree, &tree_text);
		ck_abort_msg("%s style %#x: %s\n%s\nlog:\n%s", what, style, r->divergence.why,
			     tree_text.s, text->s);
	}
}

/* On random trees (ties, one-child nodes, MIN roots), the log of every
 * convention in every style agrees: held to that convention, and with
 * none given, naming it among the conventions. */
START_TEST(own_logs_agree)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 0xd1ffu + (uint64_t)_i);
	int rounds = ab_test_rounds(40);
	for (int round = 0; round < rounds; round++) {
		struct randtree_shape shape = {
			.min_kids = 1, .max_kids = 3, .depth = 2 + (uint32_t)ab_rng_below(&rng, 3),
			.lo = -9, .hi = 9,
		};
		struct ab_tree *tree = randtree(&rng, &shape);
		for (unsigned ci = 0; ci < 24; ci++) {
			struct ab_config c = convention(ci);
			c.root = ab_rng_below(&rng, 4) == 0 ? AB_ROOT_IS_MIN : AB_ROOT_FROM_TREE;
			unsigned style = styles[(round + ci) % (sizeof styles / sizeof styles[0])];
			char what[64];
			snprintf(what, sizeof what, "round %d convention %u", round, ci);
			struct ab_str text = AB_STR_INIT;
			struct ab_diff_result r;
			struct ab_diag diag;
			agrees_held(tree, &c, style, what, &text, &r);
			struct ab_diff_options opt = style_options(style);
			ck_assert_uint_eq(r.nconventions, 1);
			ab_diff_result_free(&r);
			/* None given: it agrees, and names c among others. */
			struct ab_config plain = AB_CONFIG_DEFAULT;
			plain.root = c.root;
			plain.view = c.view;
			ck_assert_int_eq(ab_diff(tree, &plain, AB_PART_VIEW, &opt, text.s, text.len, &r, &diag),
					 AB_DIFF_OK);
			ck_assert_msg(r.agree, "round %d convention %u style %#x: not agreed unheld", round,
				      ci, style);
			bool named = false;
			for (size_t k = 0; k < r.nconventions; k++)
				named |= same_convention(&r.conventions[k], &c);
			ck_assert_msg(named, "round %d: convention %u not named", round, ci);
			ab_diff_result_free(&r);
			ab_str_free(&text);
		}
		ab_tree_free(tree);
	}
}
END_TEST

/* The engine's toolkit searches nodes again (PVS's re-search, each
 * iteration, an aspiration window opened) and may cut in one visit and not
 * the next; a table cuts where a probe closes the window.  Their logs,
 * printed by abtrace's own search in every style, agree with it under
 * every convention, on random trees and DAGs. */
START_TEST(own_toolkit_logs_agree)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 0x7001u + (uint64_t)_i);
	int rounds = ab_test_rounds(60);
	for (int round = 0; round < rounds; round++) {
		struct ab_tree *tree = randdag_small(&rng, ab_rng_below(&rng, 3) == 0);
		for (unsigned v = 0; v < 7; v++) {
			struct ab_config c = convention((unsigned)ab_rng_below(&rng, 24));
			switch (v) {
			case 0: c.pvs = true; break;
			case 1: c.tt = true; c.tt_slots = (uint32_t)ab_rng_below(&rng, 4); break;
			case 2: c.iterative = true; break;
			case 3: c.iterative = true; c.aspiration = (struct ab_exact){ 1 + (int64_t)ab_rng_below(&rng, 3), 1 }; break;
			case 4: c.order = AB_ORDER_KILLER; break;
			case 5: c.order = AB_ORDER_HISTORY; c.pvs = true; break;
			default: c.tt = true; c.pvs = true; c.iterative = true; break;
			}
			unsigned style = styles[(round + v) % (sizeof styles / sizeof styles[0])];
			char what[64];
			snprintf(what, sizeof what, "round %d variant %u", round, v);
			struct ab_str text = AB_STR_INIT;
			struct ab_diff_result r;
			agrees_held(tree, &c, style, what, &text, &r);
			ab_diff_result_free(&r);
			ab_str_free(&text);
		}
		ab_tree_free(tree);
	}
}
END_TEST

/* A log with one line changed no longer agrees, and the divergence names
 * that line or one before it. */
START_TEST(changed_line_found)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 77);
	int rounds = ab_test_rounds(100);
	for (int round = 0; round < rounds; round++) {
		struct randtree_shape shape = { .min_kids = 2, .max_kids = 3, .depth = 3,
						.lo = -9, .hi = 9, .distinct = true };
		struct ab_tree *tree = randtree(&rng, &shape);
		struct ab_config c = AB_CONFIG_DEFAULT;
		struct ab_str text = AB_STR_INIT;
		log_of(tree, &c, S_ALL, &text);
		/* Change the number at the end of one leaf line. */
		size_t lines = 0, at = 0, pick;
		for (size_t i = 0; i < text.len; i++)
			lines += text.s[i] == '\n';
		pick = (size_t)ab_rng_below(&rng, lines);
		unsigned line = 0;
		for (size_t i = 0, l = 0; i < text.len && !line; i++) {
			if (i == 0 || text.s[i - 1] == '\n') {
				if (l >= pick && strncmp(text.s + i, "leaf ", 5) == 0) {
					at = i;
					line = (unsigned)l + 1;
				}
				l++;
			}
		}
		if (!line) {
			ab_str_free(&text);
			ab_tree_free(tree);
			continue;
		}
		char *nl = strchr(text.s + at, '\n');
		struct ab_str changed = AB_STR_INIT;
		ab_str_addn(&changed, text.s, (size_t)(nl - text.s));
		ab_str_add(&changed, "1\n"); /* 3 becomes 31, 0 01: another value */
		ab_str_add(&changed, nl + 1);
		struct ab_diff_options opt = { 0 };
		struct ab_diff_result r;
		struct ab_diag diag;
		ab_diff(tree, &c, AB_PART_FAIL | AB_PART_STRICT | AB_PART_ORDER, &opt, changed.s,
			changed.len, &r, &diag);
		ck_assert_msg(!r.agree && r.diverged, "round %d: a changed leaf agreed", round);
		ck_assert_msg(r.divergence.line == line, "round %d: line %u, want %u (%s)", round,
			      r.divergence.line, line, r.divergence.why);
		ck_assert_msg(strstr(r.divergence.why, "which is"), "round %d: %s", round, r.divergence.why);
		ab_diff_result_free(&r);
		ab_str_free(&changed);
		ab_str_free(&text);
		ab_tree_free(tree);
	}
}
END_TEST

/* Every entry of an agreeing log is mapped to the step it agrees with,
 * and those steps rise. */
START_TEST(steps_of_entries)
{
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct ab_log_options lo = { 0 };
	struct ab_diag diag;
	const char *text = LECTURE_LOG;
	struct ab_log *log = ab_log_read(tree, &lo, text, strlen(text), NULL, &diag);
	ck_assert(log != NULL);
	uint32_t *steps = ab_xcalloc(log->count, sizeof *steps);
	struct ab_diff_options opt = { 0 };
	struct ab_diff_result r;
	ab_diff_log(tree, &c, 0, &opt, log, &r, steps);
	ck_assert(r.agree);
	ck_assert_uint_eq(r.steps, 29);
	static const uint32_t want[] = { 1, 2, 3, 6, 7, 8, 11, 12, 15, 16, 17, 18, 21, 24, 27, 28, 29, 29 };
	ck_assert_uint_eq(log->count, sizeof want / sizeof want[0]);
	for (size_t i = 0; i < log->count; i++)
		ck_assert_msg(steps[i] == want[i], "entry %zu (line %u): step %u, want %u", i,
			      log->entries[i].line, steps[i], want[i]);
	ab_diff_result_free(&r);
	free(steps);
	ab_log_free(log);
	ab_tree_free(tree);
}
END_TEST

/* The JSON report: abtrace-log(5)'s fields. */
START_TEST(json_report)
{
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct ab_diff_options opt = { 0 };
	struct ab_diff_result r;
	struct ab_diag diag;
	const char *text = "hello\n" SWAPPED_LOG;
	ck_assert_int_eq(ab_diff(tree, &c, 0, &opt, text, strlen(text), &r, &diag), AB_DIFF_OK);
	struct ab_str json = AB_STR_INIT;
	ab_diff_json(tree, &r, &json);
	const char *head = "{\"agree\":false,\"compared\":[\"leaf\",\"value\"],\"divergence\":{\"step\":15,\"node\":\"C\",\"path\":\"2\",\"line\":6,\"kind\":\"leaf\",\"expected\":\"leaf 3.1 14\",\"given\":\"leaf 2.2 4\",\"why\":\"At step 15";
	ck_assert_msg(strncmp(json.s, head, strlen(head)) == 0, "%s", json.s);
	ck_assert(strstr(json.s, "\"conventions\":[],\"pitfalls\":["));
	ck_assert(strstr(json.s, "\"noise\":1,\"first_noise\":{\"line\":1,\"text\":\"hello\"}"));
	ab_diff_result_free(&r);
	ab_str_clear(&json);
	text = LECTURE_LOG;
	ck_assert_int_eq(ab_diff(tree, &c, 0, &opt, text, strlen(text), &r, &diag), AB_DIFF_OK);
	ab_diff_json(tree, &r, &json);
	ck_assert_msg(strstr(json.s, "{\"agree\":true,\"compared\":[\"enter\",\"leaf\",\"cut\",\"return\",\"value\",\"best\"],\"divergence\":null,"),
		      "%s", json.s);
	/* Killer and history put no move first on the lecture tree: the
	 * given order's log agrees with them too. */
	ck_assert_msg(strstr(json.s, "\"conventions\":[\"fail-soft non-strict order=given\",\"fail-soft non-strict order=killer\",\"fail-soft non-strict order=history\","
			     "\"fail-soft strict order=given\",\"fail-soft strict order=killer\",\"fail-soft strict order=history\","
			     "\"fail-hard non-strict order=given\",\"fail-hard non-strict order=killer\",\"fail-hard non-strict order=history\","
			     "\"fail-hard strict order=given\",\"fail-hard strict order=killer\",\"fail-hard strict order=history\"]"),
		      "%s", json.s);
	ck_assert(strstr(json.s, "\"pitfalls\":[]"));
	ab_diff_result_free(&r);
	ab_str_free(&json);
	ab_tree_free(tree);
}
END_TEST

/* Logs that cannot be used: the status and a message with its line. */
START_TEST(unusable)
{
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct ab_diff_options opt = { 0 };
	struct ab_diff_result r;
	struct ab_diag diag;
	ck_assert_int_eq(ab_diff(tree, &c, 0, &opt, "", 0, &r, &diag), AB_DIFF_EMPTY);
	ck_assert_int_eq(ab_diff(tree, &c, 0, &opt, "noise\n", 6, &r, &diag), AB_DIFF_EMPTY);
	ck_assert_uint_eq(diag.line, 1);
	ck_assert_int_eq(ab_diff(tree, &c, 0, &opt, "value 3\n\0", 9, &r, &diag), AB_DIFF_BINARY);
	ck_assert_uint_eq(diag.line, 2);
	ab_tree_free(tree);
	/* A depth limit at a node with no static value. */
	tree = tree_ok("[[1,[2,3]],[4,5]]");
	c.depth = 2;
	ck_assert_int_eq(ab_diff(tree, &c, 0, &opt, "value 3\n", 8, &r, &diag), AB_DIFF_NO_SEARCH);
	ab_tree_free(tree);
}
END_TEST

/* ---- The named mistakes --------------------------------------------------- */

/* Whether the search runs the named mistakes yet (another change teaches
 * it them): a mistake that changes nothing on the lecture tree, or on a
 * few random trees, is not there. */
static bool bug_searched(enum ab_bug bug)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 5);
	for (int i = 0; i < 40; i++) {
		struct randtree_shape shape = { .min_kids = 2, .max_kids = 3, .depth = 3,
						.lo = -9, .hi = 9 };
		struct ab_tree *tree = i ? randtree(&rng, &shape) : tree_ok("lecture");
		struct ab_config c = AB_CONFIG_DEFAULT;
		struct ab_str right = AB_STR_INIT, wrong = AB_STR_INIT;
		log_of(tree, &c, S_ALL, &right);
		c.bug = bug;
		log_of(tree, &c, S_ALL, &wrong);
		bool differ = strcmp(ab_str_cstr(&right), ab_str_cstr(&wrong)) != 0;
		ab_str_free(&right);
		ab_str_free(&wrong);
		ab_tree_free(tree);
		if (differ)
			return true;
	}
	return false;
}

/* The log of each mistake's own search, where it differs from the right
 * one, names that mistake among the pitfalls. */
START_TEST(mistakes_named)
{
	enum ab_bug bug = (enum ab_bug)(_i + 1);
	if (!bug_searched(bug)) {
		fprintf(stderr, "mistakes_named: the search does not run %s yet: skipped\n",
			ab_bug_id(bug));
		return;
	}
	struct ab_rng rng;
	ab_rng_seed(&rng, 11 + (uint64_t)_i);
	int named = 0, tried = 0;
	for (int round = 0; round < 60; round++) {
		struct randtree_shape shape = { .min_kids = 2, .max_kids = 3, .depth = 3,
						.lo = -9, .hi = 9 };
		struct ab_tree *tree = round ? randtree(&rng, &shape) : tree_ok("lecture");
		struct ab_config c = AB_CONFIG_DEFAULT;
		c.bug = bug;
		/* small-inf is a mistake where a value reaches the program's
		 * infinity (else the log only writes ∞ another way: --inf). */
		if (bug == AB_BUG_SMALL_INF) {
			c.bug_inf = 5;
			bool reaches = false;
			for (uint32_t n = 0; n < tree->count; n++)
				reaches |= !tree->nodes[n].nkids &&
					   (tree->nodes[n].value >= 5 || tree->nodes[n].value <= -5);
			if (!reaches) {
				ab_tree_free(tree);
				continue;
			}
		}
		struct ab_str text = AB_STR_INIT;
		log_of(tree, &c, S_ALL, &text);
		c.bug = AB_BUG_NONE;
		c.bug_inf = 0;
		struct ab_diff_options opt = { 0 };
		struct ab_diff_result r;
		struct ab_diag diag;
		ck_assert_int_eq(ab_diff(tree, &c, 0, &opt, text.s, text.len, &r, &diag), AB_DIFF_OK);
		if (!r.agree) {
			tried++;
			for (size_t k = 0; k < r.npitfalls; k++)
				named += r.pitfalls[k] == bug;
			ck_assert_msg(r.npitfalls > 0, "%s: a wrong log with no pitfall named", ab_bug_id(bug));
		}
		ab_diff_result_free(&r);
		ab_str_free(&text);
		ab_tree_free(tree);
	}
	ck_assert_msg(tried > 0 && named == tried, "%s: named on %d of %d wrong logs", ab_bug_id(bug),
		      named, tried);
}
END_TEST

/* What names nothing reproduces nothing: a best move no child is, an
 * infinity no value reaches (only --inf's notation), and --inf N's ±N
 * that is also a leaf's value agrees as that value. */
START_TEST(nothing_named_for_nothing)
{
	struct ab_tree *lecture = tree_ok("lecture"), *small = tree_ok("[0 [1 2]]");
	struct ab_diff_options opt = { 0 };
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct ab_diff_result r;
	struct ab_diag diag;
	const char *best7 = "best 7\n";
	ck_assert_int_eq(ab_diff(lecture, &c, 0, &opt, best7, strlen(best7), &r, &diag), AB_DIFF_OK);
	ck_assert(!r.agree);
	ck_assert_uint_eq(r.npitfalls, 0);
	ab_diff_result_free(&r);
	const char *big = "enter root -1000000 1000000\nleaf 1 0\nenter 2 0 1000000\nleaf 2.1 1\n"
			  "leaf 2.2 2\nreturn 2 1\nreturn root 1\nvalue 1\nbest 2\n";
	ck_assert_int_eq(ab_diff(small, &c, 0, &opt, big, strlen(big), &r, &diag), AB_DIFF_OK);
	ck_assert(!r.agree);
	for (size_t k = 0; k < r.npitfalls; k++)
		ck_assert_msg(r.pitfalls[k] != AB_BUG_SMALL_INF, "small-inf named where no value reaches 1000000");
	ab_diff_result_free(&r);
	opt.log.has_inf = true;
	opt.log.inf = (struct ab_exact){ 1000000, 1 };
	ck_assert_int_eq(ab_diff(small, &c, 0, &opt, big, strlen(big), &r, &diag), AB_DIFF_OK);
	ck_assert_msg(r.agree, "%s", r.divergence.why);
	ab_diff_result_free(&r);
	/* --inf 3 on the lecture tree, whose leaf B1 is worth 3. */
	struct ab_str text = AB_STR_INIT;
	log_of(lecture, &c, S_ALL, &text);
	opt.log.inf = (struct ab_exact){ 3, 1 };
	ck_assert_int_eq(ab_diff(lecture, &c, 0, &opt, text.s, text.len, &r, &diag), AB_DIFF_OK);
	ck_assert_msg(r.agree, "%s", r.divergence.why);
	ab_diff_result_free(&r);
	ab_str_free(&text);
	ab_tree_free(lecture);
	ab_tree_free(small);
}
END_TEST

/* small-inf with the program's own infinity, read from the root's window
 * in its log (here 50, not the mistake's default). */
START_TEST(small_inf_of_the_log)
{
	struct ab_tree *tree = tree_ok("[[3,100],[2,4]]");
	struct ab_config c = AB_CONFIG_DEFAULT;
	ck_assert_ptr_null(ab_config_apply("bug=small-inf:50", &c, NULL));
	struct ab_str text = AB_STR_INIT;
	log_of(tree, &c, S_ALL, &text);
	c = AB_CONFIG_DEFAULT;
	struct ab_diff_options opt = { 0 };
	struct ab_diff_result r;
	struct ab_diag diag;
	ck_assert_int_eq(ab_diff(tree, &c, 0, &opt, text.s, text.len, &r, &diag), AB_DIFF_OK);
	ck_assert(!r.agree);
	ck_assert_uint_eq(r.npitfalls, 1);
	ck_assert_int_eq(r.pitfalls[0], AB_BUG_SMALL_INF);
	ab_diff_result_free(&r);
	ab_str_free(&text);
	ab_tree_free(tree);
}
END_TEST

/* The lecture tree's swapped update, as a program prints it. */
START_TEST(swapped_update_named)
{
	if (!bug_searched(AB_BUG_SWAPPED_UPDATE)) {
		fprintf(stderr, "swapped_update_named: the search does not run swapped-update yet: skipped\n");
		return;
	}
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct ab_diff_options opt = { 0 };
	struct ab_diff_result r;
	struct ab_diag diag;
	ck_assert_int_eq(ab_diff(tree, &c, 0, &opt, SWAPPED_LOG, strlen(SWAPPED_LOG), &r, &diag), AB_DIFF_OK);
	ck_assert(!r.agree);
	ck_assert_uint_eq(r.divergence.step, 15);
	bool named = false;
	for (size_t k = 0; k < r.npitfalls; k++)
		named |= r.pitfalls[k] == AB_BUG_SWAPPED_UPDATE;
	ck_assert_msg(named, "swapped-update not named");
	ab_diff_result_free(&r);
	ab_tree_free(tree);
}
END_TEST

/* ---- The command ----------------------------------------------------------- */

static char log_path[64];

static const struct cli_case {
	const char *const *args;
	const char *stdin_text;
	int status;
	const char *out, *err;
} cli_cases[] = {
	{ ARGS("diff", "lecture", "-"), LECTURE_LOG, 0, "The log agrees with the search", NULL },
	{ ARGS("diff", "lecture", "-"), SWAPPED_LOG, 1, "at step 15, at C.", NULL },
	{ ARGS("diff", "--json", "lecture", "-"), SWAPPED_LOG, 1, "{\"agree\":false,", NULL },
	{ ARGS("diff", "-e", "[[3,12,8],[2,4,6],[14,5,2]]", "-"), "best 0\n", 1,
	  "Read with child indices counted from 0 (--zero-based)", NULL },
	{ ARGS("diff", "--zero-based", "-e", "[[3,12,8],[2,4,6],[14,5,2]]", "-"), "best 0\nvalue 3\n", 0,
	  "agrees", NULL },
	{ ARGS("diff", "--inf", "1000", "lecture", "-"), "enter 1 -1000 1000\nenter 2 3 1000\nenter 3 3 1000\n", 0,
	  "agrees", NULL },
	{ ARGS("diff", "--view", "negamax", "lecture", "-"), "return 1 -3\nreturn 2 -2\nreturn 3 -2\n", 0,
	  "agrees", NULL },
	{ ARGS("diff", "--fail-hard", "lecture", "-"), "return 1 3\nreturn 2 2\nreturn 3 2\n", 0, "fail-hard", NULL },
	{ ARGS("diff", "--fail-soft", "lecture", "-"), "return 1 3\nreturn 2 3\n", 1, "Under fail-soft", NULL },
	{ ARGS("--lang", "zh", "diff", "lecture", "-"), LECTURE_LOG, 0, "程序的日志与搜索一致", NULL },
	/* Unusable: exit 2 and why. */
	{ ARGS("diff", "lecture", "-"), "", 2, NULL, "<stdin>: error: the log is empty" },
	{ ARGS("diff", "lecture", "-"), "hello\n", 2, NULL, "<stdin>:1:1: error: the log holds no line abtrace reads" },
	{ ARGS("diff", "lecture"), NULL, 2, NULL, "diff needs a TREE (or -e EXPR) and the LOG" },
	{ ARGS("diff", "-", "-"), "", 2, NULL, "standard input is used twice" },
	{ ARGS("diff", "--inf", "zero", "lecture", "-"), "", 2, NULL, "--inf takes the program's infinity" },
	{ ARGS("diff", "lecture", "/no/such/log"), NULL, 2, NULL, "/no/such/log" },
	{ ARGS("trace", "--zero-based", "lecture"), NULL, 2, NULL, "option '--zero-based' does not apply" },
	/* The replay's --log: an unusable log is refused before the screen. */
	{ ARGS("--log", "-", "lecture"), "", 2, NULL, "<stdin>: error: the log is empty" },
	{ ARGS("--log", "-", "lecture"), "hello\n", 2, NULL, "<stdin>:1:1: error: the log holds no line" },
	{ ARGS("--log", "/no/such/log", "lecture"), NULL, 2, NULL, "/no/such/log" },
	{ ARGS("--inf", "x", "--log", "-", "lecture"), "", 2, NULL, "--inf takes" },
};

START_TEST(cli)
{
	const struct cli_case *t = &cli_cases[_i];
	struct run_result r = run_abtrace(t->stdin_text, t->args);
	ck_assert_msg(r.signal == 0, "case %d: signal %d", _i, r.signal);
	ck_assert_msg(r.status == t->status, "case %d: exit %d, want %d\n%s%s", _i, r.status,
		      t->status, ab_str_cstr(&r.out), ab_str_cstr(&r.err));
	if (t->out)
		ck_assert_msg(strstr(ab_str_cstr(&r.out), t->out), "case %d: stdout lacks '%s':\n%s",
			      _i, t->out, ab_str_cstr(&r.out));
	if (t->err)
		ck_assert_msg(strstr(ab_str_cstr(&r.err), t->err), "case %d: stderr lacks '%s':\n%s",
			      _i, t->err, ab_str_cstr(&r.err));
	run_result_free(&r);
}
END_TEST

/* The engine's toolkit on the command line: a log of `abtrace trace --json
 * OPTIONS` agrees with `abtrace diff OPTIONS` on the same tree, and the
 * report names the option; an order of moves (killer, history) is found
 * from the log alone too, as given and reverse are.  `abtrace test` takes
 * the same options, and finds the order itself, with a program that
 * prints abtrace's own log of the tree it is fed. */
static const struct toolkit_case {
	const char *const *options;
	const char *named;       /* in the diff's first line */
	const char *found;       /* in its conventions line without the
				    options, or NULL: not found alone */
} toolkit_cases[] = {
	{ ARGS("--order", "killer"), "killer moves first)", "; order killer." },
	{ ARGS("--order", "history"), "ordered by history)", "; order history." },
	{ ARGS("--pvs"), "principal variation search)", NULL },
	{ ARGS("--tt"), "transposition table)", NULL },
	{ ARGS("--iterative", "--aspiration", "2"), "iterative deepening, aspiration windows of ±2)", NULL },
	{ ARGS("--order", "killer", "--tt"), "killer moves first, transposition table)", NULL },
	{ ARGS("--pvs", "--order", "history"), "ordered by history, principal variation search)", NULL },
};

/* args, then more (both NULL-terminated), then last. */
static const char **joined(const char *const *args, const char *const *more, const char *last)
{
	size_t n = 0, m = 0;
	while (args[n])
		n++;
	while (more[m])
		m++;
	const char **out = ab_xcalloc(n + m + 2, sizeof *out);
	memcpy(out, args, n * sizeof *out);
	memcpy(out + n, more, m * sizeof *out);
	out[n + m] = last;
	return out;
}

START_TEST(cli_toolkit)
{
	const struct toolkit_case *t = &toolkit_cases[_i];
	const char **trace = joined(ARGS("trace", "--json"), t->options, "deepening");
	struct run_result log = run_abtrace(NULL, trace);
	ck_assert_msg(log.status == 0, "trace: exit %d: %s", log.status, ab_str_cstr(&log.err));
	const char **diff = joined(ARGS("diff"), t->options, "deepening");
	const char **with_log = joined(diff, ARGS("-"), NULL);
	struct run_result r = run_abtrace(log.out.s, with_log);
	ck_assert_msg(r.status == 0 && strstr(ab_str_cstr(&r.out), "The log agrees with the search (") &&
		      strstr(ab_str_cstr(&r.out), t->named),
		      "case %d: exit %d, want 0 naming '%s':\n%s%s", _i, r.status, t->named,
		      ab_str_cstr(&r.out), ab_str_cstr(&r.err));
	run_result_free(&r);
	if (t->found) {
		r = run_abtrace(log.out.s, ARGS("diff", "deepening", "-"));
		ck_assert_msg(r.status == 0 && strstr(ab_str_cstr(&r.out), t->found),
			      "case %d without its options: exit %d, want 0 and '%s':\n%s", _i,
			      r.status, t->found, ab_str_cstr(&r.out));
		run_result_free(&r);
		/* abtrace test: a program that prints abtrace's own log. */
		struct ab_str program = AB_STR_INIT;
		ab_str_addf(&program, "exec '%s' trace --json", abtrace_path());
		for (size_t i = 0; t->options[i]; i++)
			ab_str_addf(&program, " %s", t->options[i]);
		ab_str_add(&program, " -e \"$(cat)\"");
		for (int alone = 0; alone < 2; alone++) {
			const char **test = joined(ARGS("test", "--seed", "5", "--count", "30"),
						   alone ? ARGS("--") : t->options, alone ? "sh" : "--");
			const char **full = alone ? joined(test, ARGS("-c"), program.s)
					      : joined(test, ARGS("sh", "-c"), program.s);
			r = run_abtrace(NULL, full);
			ck_assert_msg(r.status == 0 && strstr(ab_str_cstr(&r.out), "agreed with the search on every one"),
				      "case %d: abtrace test%s: exit %d:\n%s%s", _i,
				      alone ? " without its options" : "", r.status,
				      ab_str_cstr(&r.out), ab_str_cstr(&r.err));
			run_result_free(&r);
			free(full);
			free(test);
		}
		ab_str_free(&program);
	}
	free(with_log);
	free(diff);
	free(trace);
	run_result_free(&log);
}
END_TEST

/* Hostile logs through the program: huge, binary, one endless line. */
static const struct hostile_case {
	size_t size;
	const char *fill;   /* repeated */
	const char *err;
} hostile_cases[] = {
	{ (16u << 20) + 100, "leaf 1.1 3\n", "too large" },
	{ 4096, "\x01\x02\x00\xff", "a NUL byte: the log is not text" },
	{ (1u << 20) + 10, "x", "line 1 is longer than 1024 KiB" },
};

START_TEST(hostile)
{
	const struct hostile_case *t = &hostile_cases[_i];
	snprintf(log_path, sizeof log_path, "/tmp/abtrace-diff-XXXXXX");
	int fd = mkstemp(log_path);
	ck_assert(fd >= 0);
	size_t n = strlen(t->fill) ? strlen(t->fill) : 1;
	if (t->fill[0] == '\x01')
		n = 4;
	char *buf = ab_xmalloc(t->size);
	for (size_t i = 0; i < t->size; i++)
		buf[i] = t->fill[i % n];
	ck_assert(write(fd, buf, t->size) == (ssize_t)t->size);
	close(fd);
	free(buf);
	struct run_options o = { .unwrapped = t->size > 100000, .timeout = 60 };
	struct run_result r = run_abtrace_with(&o, ARGS("diff", "lecture", log_path));
	unlink(log_path);
	ck_assert_msg(r.status == 2, "case %d: exit %d\n%s", _i, r.status, ab_str_cstr(&r.err));
	ck_assert_msg(strstr(ab_str_cstr(&r.err), t->err), "case %d: stderr lacks '%s':\n%s", _i,
		      t->err, ab_str_cstr(&r.err));
	ck_assert(r.out.len == 0);
	run_result_free(&r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("diff");
	TCase *tc = tcase_create("diff");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, lecture_logs, 0, (int)(sizeof diff_cases / sizeof diff_cases[0]));
	tcase_add_loop_test(tc, own_toolkit_logs_agree, 0, 2);
	tcase_add_loop_test(tc, own_logs_agree, 0, 4);
	tcase_add_test(tc, changed_line_found);
	tcase_add_test(tc, steps_of_entries);
	tcase_add_test(tc, json_report);
	tcase_add_test(tc, unusable);
	tcase_add_loop_test(tc, mistakes_named, 0, AB_BUG_COUNT - 1);
	tcase_add_test(tc, swapped_update_named);
	tcase_add_test(tc, small_inf_of_the_log);
	tcase_add_test(tc, nothing_named_for_nothing);
	tcase_add_loop_test(tc, cli, 0, (int)(sizeof cli_cases / sizeof cli_cases[0]));
	tcase_add_loop_test(tc, cli_toolkit, 0, (int)(sizeof toolkit_cases / sizeof toolkit_cases[0]));
	tcase_add_loop_test(tc, hostile, 0, (int)(sizeof hostile_cases / sizeof hostile_cases[0]));
	suite_add_tcase(s, tc);
	return ab_run_suite(s);
}
