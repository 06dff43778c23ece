/* grade.c - every item of an answer right or wrong, each with its reason.
 *
 * One trace is recorded under the conventions asked for, and one forward
 * pass through it collects the few facts the reasons quote: when each node
 * is reached and the window its parent had then, where each cutoff fired
 * and with which numbers, when each node returns.  The final state of the
 * trace gives what was pruned, each node's proved interval and its last
 * window.  Nothing here searches the tree for the product: the one search
 * is the trace's.
 *
 * What explains a wrong answer (another convention, a classic slip) is in
 * grade_diagnose.c; the reports (text, JSON, CSV, Gradescope, a class's
 * summary) are in grade_report.c.
 */
#include "homework/grade.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "homework/grade_private.h"
#include "views/narrate.h"
#include "core/trace.h"

/* ---- Facts from one pass through the trace ------------------------------ */

static bool gather(const struct ab_tree *tree, const struct ab_config *config,
		   struct facts *f)
{
	memset(f, 0, sizeof *f);
	f->tree = tree;
	f->trace = ab_trace_record(tree, config);
	if (!f->trace)
		return false;
	f->node = ab_xcalloc(tree->count, sizeof *f->node);
	for (uint32_t n = 0; n < tree->count; n++)
		f->node[n].probe_use = -1;
	f->best = AB_NONE;
	struct ab_trace *t = f->trace;
	bool hard = ab_config_returns_bound(config);
	while (ab_trace_forward(t)) {
		struct ab_event ev;
		ab_trace_event(t, &ev);
		struct node_facts *nf = &f->node[ev.node];
		uint32_t p = ev.kind == AB_EV_DONE || ev.kind == AB_EV_ITERATION ||
			     ev.kind == AB_EV_RESULT ? AB_NONE : tree->nodes[ev.node].parent;
		switch (ev.kind) {
		case AB_EV_ENTER:
		case AB_EV_LEAF:
			nf->by_static = ev.kind == AB_EV_LEAF && ev.is_static;
			nf->seen_alpha = p == AB_NONE ? AB_NEG_INF : t->state[p].alpha;
			nf->seen_beta = p == AB_NONE ? AB_POS_INF : t->state[p].beta;
			if (ev.kind == AB_EV_LEAF) {
				nf->ret_step = (uint32_t)t->step;
				nf->returned = ev.value;
				nf->last = t->state[ev.node];
			}
			break;
		case AB_EV_CUTOFF:
			nf->cut_alpha = ev.alpha;
			nf->cut_beta = ev.beta;
			nf->cut_by = ev.by;
			break;
		case AB_EV_RETURN:
			nf->ret_step = (uint32_t)t->step;
			nf->returned = ev.value;
			nf->last = t->state[ev.node];
			break;
		case AB_EV_PROBE:
			nf->probe_use = (int8_t)ev.use;
			nf->probe_step = (uint32_t)t->step;
			break;
		case AB_EV_STORE:
			nf->stored = ev.entry;
			nf->store_step = (uint32_t)t->step;
			nf->store_alpha = ev.alpha;
			nf->store_beta = ev.beta;
			break;
		case AB_EV_UPDATE:
			if (ev.node == 0 && (hard ? ev.what != AB_WHAT_VALUE
						  : ev.what == AB_WHAT_VALUE))
				f->value_step = t->step;
			break;
		case AB_EV_DONE:
			f->root_value = ev.value;
			f->best = ev.best;
			break;
		case AB_EV_ITERATION: /* --iterative: the last iteration's */
			/* facts overwrite the earlier ones; the table's
			 * are the last iteration's alone */
			for (uint32_t n = 0; n < tree->count; n++) {
				f->node[n].probe_use = -1;
				f->node[n].probe_step = f->node[n].store_step = 0;
			}
			break;
		case AB_EV_RESULT:
		case AB_EV_RESEARCH: /* the new search's facts overwrite */
		case AB_EV_ORDER:
		case AB_EV_COUNT:
			break;
		}
	}
	return true;
}

void ab_grade_facts_free(struct facts *f)
{
	ab_trace_free(f->trace);
	free(f->node);
}

/* The step that decides about a node the search never reaches: the
 * horizon node above it evaluated by its static value, or the cutoff that
 * skips it; 0 when nothing above it is reached. */
static uint32_t unreached_step(const struct facts *f, uint32_t n)
{
	uint32_t c = cutter(f, n);
	if (c == AB_NONE)
		return 0;
	return below_horizon(f, n) ? ab_trace_visit_step(f->trace, c)
				   : ab_trace_cut_step(f->trace, c);
}

/* The children a cutoff at c skips: those never reached (to free). */
static uint32_t *skipped_kids(const struct facts *f, uint32_t c, uint32_t *count)
{
	uint32_t nk = f->tree->nodes[c].nkids;
	uint32_t *kids = ab_xreallocarray(NULL, nk ? nk : 1, sizeof *kids);
	*count = 0;
	for (uint32_t i = 0; i < nk; i++)
		if (!visited(f, ab_kid(f->tree, c, i)))
			kids[(*count)++] = ab_kid(f->tree, c, i);
	return kids;
}

static bool is_max(const struct facts *f, uint32_t n)
{
	return ab_player_at(f->tree, n, f->trace->root_player) == AB_MAX;
}
/* ---- Words ---------------------------------------------------------------- */

static char *take(struct ab_str *s)
{
	char *text = s->s ? s->s : ab_xstrdup("");
	s->s = NULL;
	s->len = s->cap = 0;
	return text;
}

static void add_name(const struct ab_tree *tree, uint32_t n, struct ab_str *out)
{
	ab_tree_name(tree, n, out);
}

static void add_value(ab_value v, int64_t scale, const struct ab_glyphs *g,
		      struct ab_str *out)
{
	ab_format_value(v, scale, g, out);
}

/* Scratch strings for the names and numbers of one sentence, so each
 * sentence is one translatable message with its own punctuation. */
struct words {
	struct ab_str w[6];
};

static void words_free(struct words *ws)
{
	for (size_t i = 0; i < sizeof ws->w / sizeof ws->w[0]; i++)
		ab_str_free(&ws->w[i]);
}

static const char *name_w(struct ab_str *s, const struct ab_tree *tree, uint32_t n)
{
	ab_str_clear(s);
	ab_narrate_name(tree, n, s);
	return ab_str_cstr(s);
}

static const char *value_w(struct ab_str *s, ab_value v, int64_t scale,
			   const struct ab_glyphs *g)
{
	ab_str_clear(s);
	ab_format_value(v, scale, g, s);
	return ab_str_cstr(s);
}

/* Names separated by spaces, as an answer lists them. */
static void add_name_list(const struct ab_tree *tree, const uint32_t *nodes,
			  uint32_t count, struct ab_str *out)
{
	for (uint32_t i = 0; i < count; i++) {
		if (i)
			ab_str_addc(out, ' ');
		add_name(tree, nodes[i], out);
	}
}

/* "α ≥ β (3 ≥ 14)" at MAX, "β ≤ α (14 ≤ 3)" at MIN: the cut test at a node
 * with its numbers. */
static void add_test(bool max, bool strict, ab_value alpha, ab_value beta,
		     int64_t scale, const struct ab_glyphs *g, struct ab_str *out)
{
	const char *op = max ? (strict ? ">" : g->ge) : (strict ? "<" : g->le);
	struct ab_str test = AB_STR_INIT, numbers = AB_STR_INIT;
	ab_str_addf(&test, "%s %s %s", max ? g->alpha : g->beta, op, max ? g->beta : g->alpha);
	add_value(max ? alpha : beta, scale, g, &numbers);
	ab_str_addf(&numbers, " %s ", op);
	add_value(max ? beta : alpha, scale, g, &numbers);
	/* The numbers in brackets, as the language writes them. */
	ab_str_addf(out, _("%s (%s)"), test.s, numbers.s);
	ab_str_free(&test);
	ab_str_free(&numbers);
}

/* The cut test at a node in short, with its numbers in place: "β = 2 ≤
 * α = 3" at MIN, "α = 5 ≥ β = 3" at MAX; when it does not fire, the
 * opposite relation ("β = 5 > α = 3"). */
static void add_test_short(bool max, bool strict, ab_value alpha, ab_value beta,
			   bool fires, int64_t scale, const struct ab_glyphs *g,
			   struct ab_str *out)
{
	/* MAX tests α against β, MIN tests β against α. */
	const char *op;
	if (max)
		op = fires ? (strict ? ">" : g->ge) : (strict ? g->le : "<");
	else
		op = fires ? (strict ? "<" : g->le) : (strict ? g->ge : ">");
	ab_str_addf(out, "%s = ", max ? g->alpha : g->beta);
	add_value(max ? alpha : beta, scale, g, out);
	ab_str_addf(out, " %s %s = ", op, max ? g->beta : g->alpha);
	add_value(max ? beta : alpha, scale, g, out);
}

/* Sets an item's summary clause from a format. */
static void set_mistake(struct ab_grade_item *it, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void set_mistake(struct ab_grade_item *it, const char *fmt, ...)
{
	struct ab_str m = AB_STR_INIT;
	va_list ap;
	va_start(ap, fmt);
	ab_str_vaddf(&m, fmt, ap);
	va_end(ap);
	ab_narrate_tidy(&m, 0);
	free(it->mistake);
	it->mistake = take(&m);
}

/* A number of the answer: as the tree's value, or as written when no value
 * of the tree can equal it. */
static void add_written(const struct ab_item *item, int which, ab_value v,
			int64_t scale, const struct ab_glyphs *g, struct ab_str *out)
{
	if (v == AB_VALUE_OFF_GRID)
		ab_exact_format(item->written[which], out);
	else
		add_value(v, scale, g, out);
}

/* A claimed bound, written as ab_format_interval writes a proved one. */
static void add_bound(const struct ab_item *item, int64_t scale,
		      const struct ab_glyphs *g, struct ab_str *out)
{
	if (item->value == AB_VALUE_OFF_GRID || item->value2 == AB_VALUE_OFF_GRID) {
		if (item->bound == AB_BOUND_IN) {
			struct ab_str lo = AB_STR_INIT, hi = AB_STR_INIT;
			add_written(item, 0, item->value, scale, g, &lo);
			add_written(item, 1, item->value2, scale, g, &hi);
			ab_str_addf(out, _("in [%s, %s]"), lo.s, hi.s);
			ab_str_free(&lo);
			ab_str_free(&hi);
			return;
		}
		switch (item->bound) {
		case AB_BOUND_EQ: ab_str_add(out, "= "); break;
		case AB_BOUND_LE: ab_str_addf(out, "%s ", g->le); break;
		case AB_BOUND_GE: ab_str_addf(out, "%s ", g->ge); break;
		case AB_BOUND_IN: break;
		}
		add_written(item, 0, item->value, scale, g, out);
		return;
	}
	switch (item->bound) {
	case AB_BOUND_EQ: ab_format_interval(item->value, item->value, scale, g, out); return;
	case AB_BOUND_LE: ab_format_interval(AB_NEG_INF, item->value, scale, g, out); return;
	case AB_BOUND_GE: ab_format_interval(item->value, AB_POS_INF, scale, g, out); return;
	case AB_BOUND_IN: ab_format_interval_said(item->value, item->value2, scale, g, out); return;
	}
}

static void add_interval(ab_value lo, ab_value hi, int64_t scale,
			 const struct ab_glyphs *g, struct ab_str *out)
{
	size_t before = out->len;
	ab_format_interval_said(lo, hi, scale, g, out);
	if (out->len == before)
		ab_str_add(out, _("nothing proved"));
}

/* ---- Items ---------------------------------------------------------------- */

static struct ab_grade_item *new_result(struct ab_grade *gr, enum ab_grade_kind kind,
					uint32_t node, unsigned line)
{
	if (gr->count == gr->cap) {
		gr->cap = gr->cap ? gr->cap * 2 : 16;
		gr->items = ab_xreallocarray(gr->items, gr->cap, sizeof *gr->items);
	}
	struct ab_grade_item *it = &gr->items[gr->count++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	it->node = node;
	it->line = line;
	return it;
}

/* Fills the text fields and the verdict of an item. */
static void settle(struct ab_grade *gr, struct ab_grade_item *it, struct ab_str *name,
		   struct ab_str *expected, struct ab_str *given, struct ab_str *why,
		   bool right)
{
	it->name = take(name);
	it->expected = take(expected);
	it->given = take(given);
	it->right = right;
	if (right) {
		gr->right++;
		ab_str_free(why);
	} else {
		ab_narrate_tidy(why, 0);
		it->why = take(why);
	}
}

struct grader {
	const struct facts *f;
	const struct ab_tree *tree;
	const struct ab_glyphs *g;
	bool strict;
	bool minimax;     /* no cut test at all */
	bool values_returned; /* a bare number is what the node returns */
	bool any_optimal; /* best: any move worth the root's value */
	struct ab_grade *out;
};

static void grade_value(struct grader *gd, const struct ab_item *item)
{
	const struct facts *f = gd->f;
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_VALUE, AB_NONE, item->line);
	it->step = f->node[0].ret_step;
	ab_str_add(&name, _("value"));
	add_value(f->root_value, gd->tree->scale, gd->g, &exp);
	add_written(item, 0, item->value, gd->tree->scale, gd->g, &giv);
	struct words ws = { 0 };
	ab_str_addf(&why, _("The root's value is %s: %s returns it at step %zu, once every move is weighed."),
		    value_w(&ws.w[0], f->root_value, gd->tree->scale, gd->g), name_w(&ws.w[1], gd->tree, 0), it->step);
	words_free(&ws);
	settle(gd->out, it, &name, &exp, &giv, &why, item->value == f->root_value);
	if (!it->right)
		set_mistake(it, _("gave the root's value as %s, not %s"), it->given, it->expected);
}

/* The minimax value of move m, under the same search without pruning
 * (for --best any-optimal); false when that search is too long. */
static bool move_value(const struct grader *gd, uint32_t m, ab_value *v)
{
	struct ab_config plain = gd->f->trace->config;
	plain.algo = AB_MINIMAX;
	struct ab_trace *t = ab_trace_record(gd->tree, &plain);
	if (!t)
		return false;
	ab_trace_seek(t, t->length);
	*v = t->state[m].lo;
	ab_trace_free(t);
	return true;
}

static void grade_best(struct grader *gd, const struct ab_item *item)
{
	const struct facts *f = gd->f;
	const struct ab_tree *tree = gd->tree;
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_BEST, item->node, item->line);
	it->step = f->value_step;
	ab_str_add(&name, _("best"));
	if (f->best != AB_NONE)
		add_name(tree, f->best, &exp);
	else
		ab_str_add(&exp, _("none (chance moves at the root)"));
	add_name(tree, item->node, &giv);
	bool move = item->node != 0 && tree->nodes[item->node].parent == 0;
	if (!move) {
		/* A node of the tree, but no move: say which the moves are. */
		struct words ws = { 0 };
		uint32_t kids[8], count = tree->nodes[0].nkids;
		for (uint32_t i = 0; i < count && i < 8; i++)
			kids[i] = ab_kid(tree, 0, i);
		ab_narrate_names(tree, kids, count, count > 8 ? 6 : 8, &ws.w[1]);
		ab_str_addf(&why, _("%s is not a move: best: names one of the root's children, and the root's moves are %s."),
			    name_w(&ws.w[0], tree, item->node), ab_str_cstr(&ws.w[1]));
		words_free(&ws);
		settle(gd->out, it, &name, &exp, &giv, &why, false);
		set_mistake(it, _("named %s as the best move, which is not one of the root's moves"),
			    it->given);
		return;
	}
	const struct ab_node_state *st = &f->node[item->node].last;
	/* Another move proved to be worth exactly as much is as good; with
	 * --best any-optimal, so is one whose minimax value only ties. */
	ab_value worth = 0;
	bool tie = gd->any_optimal && f->best != AB_NONE && move_value(gd, item->node, &worth) &&
		   worth == f->root_value;
	bool right = item->node == f->best || tie ||
		     (visited(f, item->node) && st->lo == st->hi && st->lo == f->root_value);
	if (f->best != AB_NONE) {
		struct words ws = { 0 };
		ab_narrate_move(tree, f->best, &ws.w[0]);
		name_w(&ws.w[1], tree, item->node);
		if (visited(f, item->node)) {
			add_interval(st->lo, st->hi, tree->scale, gd->g, &ws.w[2]);
			ab_str_addf(&why, _("The best move is %s: the root's choice is set from it at step %zu, and no later move is proved as good (the search proves %s %s)."),
				    ab_str_cstr(&ws.w[0]), it->step, ab_str_cstr(&ws.w[1]),
				    ab_str_cstr(&ws.w[2]));
		} else {
			ab_str_addf(&why, _("The best move is %s: the root's choice is set from it at step %zu, and no later move is proved as good (%s is pruned)."),
				    ab_str_cstr(&ws.w[0]), it->step, ab_str_cstr(&ws.w[1]));
		}
		words_free(&ws);
	} else {
		ab_str_add(&why, _("The root is a chance node: chance, not a player, picks its child, so there is no best move."));
	}
	settle(gd->out, it, &name, &exp, &giv, &why, right);
	if (!it->right && f->best == AB_NONE)
		set_mistake(it, _("chose %s as the best move, but chance moves at the root"), it->given);
	else if (!it->right)
		set_mistake(it, _("chose %s as the best move, not %s"), it->given, it->expected);
}

/* Why a node said to be pruned is reached after all: the window its parent
 * had when the search got to it, and the test that did not fire. */
static void extra_cut(struct grader *gd, uint32_t n, struct ab_str *why)
{
	const struct facts *f = gd->f;
	const struct node_facts *nf = &f->node[n];
	uint32_t p = gd->tree->nodes[n].parent;
	uint32_t step = ab_trace_visit_step(f->trace, n);
	struct words ws = { 0 };
	const char *name = name_w(&ws.w[0], gd->tree, n);
	bool leaf = ab_is_leaf(gd->tree, n);
	if (gd->minimax) {
		ab_str_addf(why, leaf ? _("%s is looked at (step %u): minimax prunes nothing.")
				      : _("%s is entered (step %u): minimax prunes nothing."),
			    name, step);
		words_free(&ws);
		return;
	}
	add_test(is_max(f, p), gd->strict, nf->seen_alpha, nf->seen_beta, gd->tree->scale, gd->g, &ws.w[4]);
	ab_str_addf(why, leaf ? _("%s is looked at (step %u): when the search reaches it, %s has %s = %s and %s = %s, so the cut test %s does not fire there and nothing is skipped.")
			      : _("%s is entered (step %u): when the search reaches it, %s has %s = %s and %s = %s, so the cut test %s does not fire there and nothing is skipped."),
		    name, step, name_w(&ws.w[1], gd->tree, p), gd->g->alpha,
		    value_w(&ws.w[2], nf->seen_alpha, gd->tree->scale, gd->g), gd->g->beta,
		    value_w(&ws.w[3], nf->seen_beta, gd->tree->scale, gd->g), ab_str_cstr(&ws.w[4]));
	words_free(&ws);
}

/* One pruned mark: right when the search never reaches the node. */
static void grade_pruned_mark(struct grader *gd, uint32_t n, unsigned line,
			      bool from_visited)
{
	const struct facts *f = gd->f;
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_PRUNED, n, line);
	struct words ws = { 0 };
	ab_str_addf(&name, _("pruned %s"), name_w(&ws.w[0], gd->tree, n));
	words_free(&ws);
	ab_str_add(&giv, from_visited ? _("not in visited:") : _("pruned"));
	bool right = pruned(f, n);
	if (below_horizon(f, n)) {
		uint32_t h = cutter(f, n);
		it->step = unreached_step(f, n);
		ab_str_add(&exp, _("not searched at this depth"));
		struct words hw = { 0 };
		ab_str_addf(&why, _("%s lies below %s, which the search evaluates by its static value at the depth limit (step %zu): it is neither looked at nor pruned."),
			    name_w(&hw.w[0], gd->tree, n), name_w(&hw.w[1], gd->tree, h), it->step);
		words_free(&hw);
		settle(gd->out, it, &name, &exp, &giv, &why, false);
		set_mistake(it, _("marked %s pruned, but it lies below the depth limit"), it->name);
		return;
	}
	if (right) {
		uint32_t c = cutter(f, n);
		it->step = c == AB_NONE ? 0 : ab_trace_cut_step(f->trace, c);
		ab_str_add(&exp, _("pruned"));
	} else {
		it->step = ab_trace_visit_step(f->trace, n);
		ab_str_add(&exp, ab_is_leaf(gd->tree, n) ? _("looked at") : _("entered"));
		extra_cut(gd, n, &why);
	}
	settle(gd->out, it, &name, &exp, &giv, &why, right);
	if (!right) {
		struct ab_str who = AB_STR_INIT, where = AB_STR_INIT, test = AB_STR_INIT;
		uint32_t parent = gd->tree->nodes[n].parent;
		add_name(gd->tree, n, &who);
		add_name(gd->tree, parent, &where);
		if (gd->minimax) {
			set_mistake(it, _("marked %s pruned, but minimax prunes nothing"), who.s);
		} else {
			add_test_short(is_max(f, parent), gd->strict, f->node[n].seen_alpha,
				       f->node[n].seen_beta, false, gd->tree->scale, gd->g, &test);
			set_mistake(it, _("marked %s pruned, but the cut test at %s does not fire: %s"),
				    who.s, where.s, test.s);
		}
		ab_str_free(&who);
		ab_str_free(&where);
		ab_str_free(&test);
	}
}

/* A chance node's cut test with its numbers: "C ≤ 7.2 ≤ α = 8.4" when
 * what its unsearched children can add leaves it below α, "C ≥ 5 ≥ β = 4"
 * above β. */
static bool add_chance_test(struct grader *gd, uint32_t c, struct ab_str *out)
{
	const struct facts *f = gd->f;
	ab_value lo, hi;
	if (ab_player_at(gd->tree, c, f->trace->root_player) != AB_CHANCE ||
	    !ab_trace_chance_range(f->trace, ab_trace_cut_step(f->trace, c), &lo, &hi))
		return false;
	const struct node_facts *nf = &f->node[c];
	add_name(gd->tree, c, out);
	ab_str_add(out, " ");
	ab_format_chance_cut(lo, hi, nf->cut_alpha, nf->cut_beta, gd->strict,
			     gd->tree->scale, gd->g, out);
	return true;
}

/* A cutoff some of whose skipped leaves the answer did not mark. */
static void grade_missed_cut(struct grader *gd, uint32_t c, const uint32_t *missed,
			     uint32_t count, unsigned line, bool from_visited)
{
	const struct facts *f = gd->f;
	const struct node_facts *nf = &f->node[c];
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_MISSED_CUT, c, line);
	it->nodes = ab_xreallocarray(NULL, count, sizeof *missed);
	memcpy(it->nodes, missed, count * sizeof *missed);
	it->count = count;
	it->step = ab_trace_cut_step(f->trace, c);
	uint32_t skipped;
	uint32_t *kids = skipped_kids(f, c, &skipped);
	struct words ws = { 0 };
	const char *cname = name_w(&ws.w[0], gd->tree, c);
	/* Named by its side where a course does (α剪枝 at MIN, β剪枝 at
	 * MAX); a chance node's cut is neither. */
	enum ab_player side = ab_player_at(gd->tree, c, f->trace->root_player);
	if (side == AB_MAX)
		ab_str_addf(&name, C_("beta cutoff", "cut at %s"), cname);
	else if (side == AB_MIN)
		ab_str_addf(&name, C_("alpha cutoff", "cut at %s"), cname);
	else
		ab_str_addf(&name, _("cut at %s"), cname);
	add_name_list(gd->tree, kids, skipped, &ws.w[1]);
	ab_str_addf(&exp, _("%s pruned"), ab_str_cstr(&ws.w[1]));
	ab_str_clear(&ws.w[1]);
	add_name_list(gd->tree, missed, count, &ws.w[1]);
	ab_str_addf(&giv, from_visited ? _("%s visited") : _("%s not pruned"), ab_str_cstr(&ws.w[1]));
	if (!add_chance_test(gd, c, &ws.w[2]))
		add_test(is_max(f, c), gd->strict, nf->cut_alpha, nf->cut_beta,
			 gd->tree->scale, gd->g, &ws.w[2]);
	ab_str_clear(&ws.w[3]);
	ab_narrate_names(gd->tree, kids, skipped, 8, &ws.w[3]);
	ab_str_clear(&ws.w[4]);
	ab_narrate_names(gd->tree, missed, count, 8, &ws.w[4]);
	const char *test = ab_str_cstr(&ws.w[2]), *skip = ab_str_cstr(&ws.w[3]);
	const char *miss = ab_str_cstr(&ws.w[4]);
	uint32_t up = nf->cut_by == AB_NONE ? 0
		: gd->tree->nodes[c].depth - gd->tree->nodes[nf->cut_by].depth;
	const char *bound = is_max(f, c) ? gd->g->beta : gd->g->alpha;
	if (nf->cut_by == AB_NONE)
		ab_str_addf(&why, P_("At step %zu the cut test fires at %s: %s, so %s is never looked at; the answer misses %s.",
				     "At step %zu the cut test fires at %s: %s, so %s are never looked at; the answer misses %s.",
				     skipped),
			    it->step, cname, test, skip, miss);
	else if (up <= 1)
		ab_str_addf(&why, P_("At step %zu the cut test fires at %s: %s, with %s set at %s, so %s is never looked at; the answer misses %s.",
				     "At step %zu the cut test fires at %s: %s, with %s set at %s, so %s are never looked at; the answer misses %s.",
				     skipped),
			    it->step, cname, test, bound, name_w(&ws.w[5], gd->tree, nf->cut_by),
			    skip, miss);
	else
		ab_str_addf(&why, P_("At step %zu the cut test fires at %s: %s, with %s set at %s, %u levels up (a deep cutoff), so %s is never looked at; the answer misses %s.",
				     "At step %zu the cut test fires at %s: %s, with %s set at %s, %u levels up (a deep cutoff), so %s are never looked at; the answer misses %s.",
				     skipped),
			    it->step, cname, test, bound, name_w(&ws.w[5], gd->tree, nf->cut_by),
			    up, skip, miss);
	words_free(&ws);
	free(kids);
	settle(gd->out, it, &name, &exp, &giv, &why, false);
	struct ab_str where = AB_STR_INIT, short_test = AB_STR_INIT;
	add_name(gd->tree, c, &where);
	if (!add_chance_test(gd, c, &short_test))
		add_test_short(is_max(f, c), gd->strict, nf->cut_alpha, nf->cut_beta, true,
			       gd->tree->scale, gd->g, &short_test);
	if (side == AB_MAX)
		set_mistake(it, C_("beta cutoff", "missed the cut at %s: %s"), where.s, short_test.s);
	else if (side == AB_MIN)
		set_mistake(it, C_("alpha cutoff", "missed the cut at %s: %s"), where.s, short_test.s);
	else
		set_mistake(it, _("missed the cut at %s: %s"), where.s, short_test.s);
	ab_str_free(&where);
	ab_str_free(&short_test);
}

/* pruned: or visited: - the marks, the cuts missed, and for visited: the
 * order.  claimed[n] is set for every leaf the answer says is pruned. */
static void grade_unknown(struct grader *gd, const struct ab_item *item,
			  const struct ab_unknown *u, const char *list_word);

static void grade_list(struct grader *gd, const struct ab_item *item,
		       const uint8_t *claimed)
{
	const struct facts *f = gd->f;
	const struct ab_tree *tree = gd->tree;
	bool from_visited = item->kind == AB_ITEM_VISITED;
	size_t first = gd->out->count;
	if (!from_visited) {
		for (uint32_t i = 0; i < item->count; i++)
			grade_pruned_mark(gd, item->nodes[i], item->line, false);
	} else {
		for (uint32_t n = 0; n < tree->count; n++)
			if (ab_is_leaf(tree, n) && claimed[n])
				grade_pruned_mark(gd, n, item->line, true);
	}
	for (uint32_t k = 0; k < item->nunknown; k++)
		grade_unknown(gd, item, &item->unknown[k],
			      from_visited ? _("visited") : _("pruned"));
	/* Missed cuts: pruned leaves not claimed, grouped by their cutoff.  In
	 * preorder the leaves one cutoff skips come together. */
	uint32_t *missed = ab_xreallocarray(NULL, tree->leaves ? tree->leaves : 1, sizeof *missed);
	uint32_t count = 0, group = AB_NONE;
	for (uint32_t n = 0; n <= tree->count; n++) {
		/* Under --depth a leaf below a searched horizon node is not
		 * pruned: it is not searched at this depth. */
		bool miss = n < tree->count && ab_is_leaf(tree, n) && !claimed[n] &&
			    !visited(f, n) && ab_trace_pruned(f->trace, n);
		uint32_t c = miss ? cutter(f, n) : AB_NONE;
		if (count && (n == tree->count || (miss && c != group))) {
			grade_missed_cut(gd, group, missed, count, item->line, from_visited);
			count = 0;
		}
		if (miss) {
			group = c;
			missed[count++] = n;
		}
	}
	free(missed);
	if (!from_visited && gd->out->count == first) {
		struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
		struct ab_grade_item *it = new_result(gd->out, AB_GRADE_NO_CUTS, AB_NONE, item->line);
		ab_str_add(&name, _("pruned"));
		ab_str_add(&exp, _("none"));
		ab_str_add(&giv, _("none"));
		settle(gd->out, it, &name, &exp, &giv, &why, true);
	}
	if (!from_visited)
		return;
	/* The order: the listed leaves the search looks at, as listed and as
	 * the search takes them. */
	uint32_t *listed = ab_xreallocarray(NULL, item->count ? item->count : 1, sizeof *listed);
	uint32_t *sorted = ab_xreallocarray(NULL, item->count ? item->count : 1, sizeof *sorted);
	uint32_t k = 0;
	for (uint32_t i = 0; i < item->count; i++)
		if (visited(f, item->nodes[i]))
			listed[k++] = item->nodes[i];
	memcpy(sorted, listed, k * sizeof *sorted);
	for (uint32_t i = 1; i < k; i++) { /* insertion sort by step: short lists */
		uint32_t x = sorted[i], j = i;
		for (; j > 0 && ab_trace_visit_step(f->trace, sorted[j - 1]) > ab_trace_visit_step(f->trace, x); j--)
			sorted[j] = sorted[j - 1];
		sorted[j] = x;
	}
	uint32_t bad = 0;
	while (bad < k && listed[bad] == sorted[bad])
		bad++;
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_ORDER, AB_NONE, item->line);
	ab_str_add(&name, _("visit order"));
	add_name_list(tree, sorted, k, &exp);
	add_name_list(tree, listed, k, &giv);
	if (bad < k) {
		it->step = ab_trace_visit_step(f->trace, sorted[bad]);
		struct words ws = { 0 };
		ab_str_addf(&why, _("The search looks at %s (step %u) before %s (step %u)."),
			    name_w(&ws.w[0], tree, sorted[bad]),
			    ab_trace_visit_step(f->trace, sorted[bad]),
			    name_w(&ws.w[1], tree, listed[bad]),
			    ab_trace_visit_step(f->trace, listed[bad]));
		words_free(&ws);
	}
	settle(gd->out, it, &name, &exp, &giv, &why, bad == k);
	if (bad < k) {
		struct ab_str early = AB_STR_INIT, second = AB_STR_INIT;
		add_name(tree, sorted[bad], &early);
		add_name(tree, listed[bad], &second);
		set_mistake(it, _("listed the leaves in the wrong order (%s comes before %s)"),
			    early.s, second.s);
		ab_str_free(&early);
		ab_str_free(&second);
	}
	free(listed);
	free(sorted);
}

/* Appends why pruned node n is not known: "N is pruned (the cutoff at C,
 * step 15), so the search learns nothing about its value." (window: "so
 * it never gets a window."). */

/* What an answer gave for a node never reached. */
enum unreached_claim { ABOUT_VALUE, ABOUT_WINDOW, ABOUT_RETURN };

/* Why the search says nothing of it: below the depth limit, never
 * reached, or pruned, ended by what that means for the claim. */
static void add_pruned_reason(struct grader *gd, uint32_t n, enum unreached_claim about,
			      struct ab_str *out)
{
	uint32_t c = cutter(gd->f, n);
	struct words ws = { 0 };
	const char *name = name_w(&ws.w[0], gd->tree, n);
	if (c == AB_NONE) {
		ab_str_addf(out, about == ABOUT_VALUE ? _("%s is never reached, so the search learns nothing about its value.")
				 : about == ABOUT_WINDOW ? _("%s is never reached, so it never gets a window.")
				 : _("%s is never reached, so it never returns a number."),
			    name);
	} else if (below_horizon(gd->f, n)) {
		ab_str_addf(out, about == ABOUT_VALUE ? _("%s lies below %s, which the search evaluates by its static value at the depth limit (step %u), so the search learns nothing about its value.")
				 : about == ABOUT_WINDOW ? _("%s lies below %s, which the search evaluates by its static value at the depth limit (step %u), so it never gets a window.")
				 : _("%s lies below %s, which the search evaluates by its static value at the depth limit (step %u), so it never returns a number."),
			    name, name_w(&ws.w[1], gd->tree, c), unreached_step(gd->f, n));
	} else {
		ab_str_addf(out, about == ABOUT_VALUE ? _("%s is pruned (the cutoff at %s, step %u), so the search learns nothing about its value.")
				 : about == ABOUT_WINDOW ? _("%s is pruned (the cutoff at %s, step %u), so it never gets a window.")
				 : _("%s is pruned (the cutoff at %s, step %u), so it never returns a number."),
			    name, name_w(&ws.w[1], gd->tree, c), unreached_step(gd->f, n));
	}
	words_free(&ws);
}

static void grade_bound(struct grader *gd, const struct ab_item *item)
{
	const struct facts *f = gd->f;
	uint32_t n = item->node;
	const struct ab_node_state *st = &f->node[n].last;
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_BOUND, n, item->line);
	add_name(gd->tree, n, &name);
	add_bound(item, gd->tree->scale, gd->g, &giv);
	if (!visited(f, n)) {
		bool deep = below_horizon(f, n);
		it->step = unreached_step(f, n);
		ab_str_add(&exp, deep ? _("unknown (not searched at this depth)")
				      : _("unknown (pruned)"));
		add_pruned_reason(gd, n, ABOUT_VALUE, &why);
		settle(gd->out, it, &name, &exp, &giv, &why, false);
		set_mistake(it, deep ? _("gave a value for %s, which lies below the depth limit")
				     : _("gave a value for %s, which is pruned"), it->name);
		return;
	}
	ab_value lo = st->lo, hi = st->hi, v = item->value;
	it->step = f->node[n].ret_step;
	add_interval(lo, hi, gd->tree->scale, gd->g, &exp);
	bool right = (item->bound == AB_BOUND_EQ && lo == v && hi == v) ||
		     (item->bound == AB_BOUND_LE && lo == AB_NEG_INF && hi == v) ||
		     (item->bound == AB_BOUND_GE && hi == AB_POS_INF && lo == v) ||
		     (item->bound == AB_BOUND_IN && lo == v && hi == item->value2);
	struct words ws = { 0 };
	const char *nname = name_w(&ws.w[0], gd->tree, n);
	if (f->node[n].by_static) {
		/* Not proved by a search below it: its static value stands in. */
		add_bound(item, gd->tree->scale, gd->g, &ws.w[2]);
		ab_str_addf(&why, _("%s is at the depth limit: the search does not look below it, and its static value %s stands in (step %zu), not %s %s."),
			    nname, value_w(&ws.w[1], lo, gd->tree->scale, gd->g), it->step,
			    nname, ab_str_cstr(&ws.w[2]));
	} else if (item->bound == AB_BOUND_EQ && lo != hi && (lo == v || hi == v)) {
		add_interval(lo, hi, gd->tree->scale, gd->g, &ws.w[1]);
		if (ab_trace_cut_step(f->trace, n)) {
			uint32_t skipped;
			uint32_t *kids = skipped_kids(f, n, &skipped);
			ab_narrate_names(gd->tree, kids, skipped, 8, &ws.w[2]);
			free(kids);
			ab_str_addf(&why, _("%s is only known to be %s (step %zu): the cutoff at step %u skips %s, so its exact value is never found."),
				    nname, ab_str_cstr(&ws.w[1]), it->step,
				    ab_trace_cut_step(f->trace, n), ab_str_cstr(&ws.w[2]));
		} else {
			ab_str_addf(&why, _("%s is only known to be %s (step %zu): what its children return is partly only a bound, so its exact value is never found."),
				    nname, ab_str_cstr(&ws.w[1]), it->step);
		}
	} else if (lo == hi && (item->bound == AB_BOUND_LE || item->bound == AB_BOUND_GE) && v == lo) {
		add_bound(item, gd->tree->scale, gd->g, &ws.w[2]);
		ab_str_addf(&why, _("%s = %s exactly (step %zu), which says more than %s."), nname,
			    value_w(&ws.w[1], lo, gd->tree->scale, gd->g), it->step, ab_str_cstr(&ws.w[2]));
	} else {
		add_interval(lo, hi, gd->tree->scale, gd->g, &ws.w[1]);
		add_bound(item, gd->tree->scale, gd->g, &ws.w[2]);
		ab_str_addf(&why, _("The search proves %s %s (step %zu), not %s %s."), nname,
			    ab_str_cstr(&ws.w[1]), it->step, nname, ab_str_cstr(&ws.w[2]));
	}
	words_free(&ws);
	settle(gd->out, it, &name, &exp, &giv, &why, right);
	if (!right)
		set_mistake(it, _("wrote %s %s, but the search proves %s %s"), it->name,
			    it->given, it->name, it->expected);
}

/* A window; item, when given, is the answer's, whose bounds no value of
 * the tree can equal are shown as written (add_written). */
static void add_window(const struct ab_item *item, bool has_alpha, ab_value alpha,
		       bool has_beta, ab_value beta, int64_t scale,
		       const struct ab_glyphs *g, struct ab_str *out)
{
	struct ab_str a = AB_STR_INIT, b = AB_STR_INIT;
	ab_str_addf(&a, "%s = ", g->alpha);
	ab_str_addf(&b, "%s = ", g->beta);
	if (item) {
		add_written(item, 2, alpha, scale, g, &a);
		add_written(item, 3, beta, scale, g, &b);
	} else {
		add_value(alpha, scale, g, &a);
		add_value(beta, scale, g, &b);
	}
	/* "α = 3, β = 2", with the comma of the language. */
	if (has_alpha && has_beta)
		ab_str_addf(out, _("%s, %s"), a.s, b.s);
	else if (has_alpha || has_beta)
		ab_str_add(out, has_alpha ? a.s : b.s);
	ab_str_free(&a);
	ab_str_free(&b);
}

static void grade_window(struct grader *gd, const struct ab_item *item)
{
	const struct facts *f = gd->f;
	uint32_t n = item->node;
	const struct ab_node_state *st = &f->node[n].last;
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_WINDOW, n, item->line);
	struct words ws = { 0 };
	const char *nname = name_w(&ws.w[0], gd->tree, n);
	ab_str_addf(&name, _("%s window"), nname);
	add_window(item, item->has_alpha, item->alpha, item->has_beta, item->beta,
		   gd->tree->scale, gd->g, &giv);
	bool right = false;
	if (ab_is_leaf(gd->tree, n)) {
		ab_str_add(&exp, _("none (a leaf)"));
		ab_str_addf(&why, _("%s is a leaf: only inner nodes have a window."), nname);
	} else if (f->node[n].by_static) {
		it->step = f->node[n].ret_step;
		ab_str_add(&exp, _("none (evaluated at the depth limit)"));
		ab_str_addf(&why, _("%s is evaluated by its static value at the depth limit (step %zu): it is never entered, so it has no window."),
			    nname, it->step);
	} else if (!visited(f, n)) {
		it->step = unreached_step(f, n);
		ab_str_add(&exp, below_horizon(f, n) ? _("none (not searched at this depth)")
						     : _("none (pruned)"));
		add_pruned_reason(gd, n, ABOUT_WINDOW, &why);
	} else {
		it->step = f->node[n].ret_step;
		add_window(NULL, true, st->alpha, true, st->beta, gd->tree->scale, gd->g, &exp);
		right = (!item->has_alpha || item->alpha == st->alpha) &&
			(!item->has_beta || item->beta == st->beta);
		add_window(NULL, true, st->alpha, true, st->beta, gd->tree->scale, gd->g, &ws.w[1]);
		ab_str_addf(&why, _("When %s returns (step %zu) its window is %s."), nname, it->step,
			    ab_str_cstr(&ws.w[1]));
	}
	words_free(&ws);
	settle(gd->out, it, &name, &exp, &giv, &why, right);
	if (!right)
		set_mistake(it, _("gave %s as %s, not %s"), it->name, it->given, it->expected);
}

/* A name the tree does not have: the item that names it is wrong, with the
 * names near it. */
static void grade_unknown(struct grader *gd, const struct ab_item *item,
			  const struct ab_unknown *u, const char *list_word)
{
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_UNKNOWN, AB_NONE, item->line);
	if (list_word)
		ab_str_addf(&name, "%s %s", list_word, u->name);
	else if (item->kind == AB_ITEM_BEST)
		ab_str_add(&name, _("best"));
	else if (item->kind == AB_ITEM_WINDOW)
		ab_str_addf(&name, _("%s window"), u->name);
	else if (item->kind == AB_ITEM_RETURNS)
		ab_str_addf(&name, _("%s returns"), u->name);
	else
		ab_str_add(&name, u->name);
	ab_str_add(&giv, u->name);
	ab_str_add(&exp, _("a node of this tree"));
	const char *hint = u->hint ? u->hint : "";
	size_t hn = strlen(hint);
	/* A hint that trails off ("C and C1, ...") or asks ("did you mean
	 * G?") ends the sentence itself. */
	bool ends = (hn >= 3 && strcmp(hint + hn - 3, "...") == 0) ||
		    (hn >= 1 && hint[hn - 1] == '?') ||
		    (hn >= 3 && (strcmp(hint + hn - 3, "？") == 0 || strcmp(hint + hn - 3, "…") == 0));
	if (ends)
		ab_str_addf(&why, _("This tree has no node called '%s'%s"), u->name, hint);
	else
		ab_str_addf(&why, _("This tree has no node called '%s'%s."), u->name, hint);
	settle(gd->out, it, &name, &exp, &giv, &why, false);
	set_mistake(it, _("named %s, which is not in the tree"), u->name);
}

/* NODE: returns V, or a bare number read as what the node returns. */
static void grade_returns(struct grader *gd, const struct ab_item *item)
{
	const struct facts *f = gd->f;
	uint32_t n = item->node;
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_RETURNS, n, item->line);
	struct ab_str who = AB_STR_INIT;
	add_name(gd->tree, n, &who);
	ab_str_addf(&name, _("%s returns"), who.s);
	add_written(item, 0, item->value, gd->tree->scale, gd->g, &giv);
	bool right = false;
	if (!visited(f, n)) {
		it->step = unreached_step(f, n);
		ab_str_add(&exp, below_horizon(f, n) ? _("nothing (not searched at this depth)")
						     : _("nothing (pruned)"));
		add_pruned_reason(gd, n, ABOUT_RETURN, &why);
	} else if (f->node[n].by_static) {
		it->step = f->node[n].ret_step;
		add_value(f->node[n].returned, gd->tree->scale, gd->g, &exp);
		right = item->value == f->node[n].returned;
		ab_str_addf(&why, _("%s is at the depth limit: it is not searched but evaluated, and returns its static value %s (step %zu), not %s."),
			    who.s, exp.s, it->step, giv.s);
	} else {
		it->step = f->node[n].ret_step;
		add_value(f->node[n].returned, gd->tree->scale, gd->g, &exp);
		right = item->value == f->node[n].returned;
		ab_str_addf(&why, _("%s returns %s (step %zu), not %s."), who.s, exp.s, it->step, giv.s);
		if (!ab_is_leaf(gd->tree, n) && ab_trace_cut_step(f->trace, n) && !gd->minimax) {
			ab_str_addc(&why, ' ');
			switch (ab_config_fail(&f->trace->config)) {
			case AB_FAIL_HARD:
				ab_str_add(&why, _("Under fail-hard, as the lecture pseudocode writes it, a cut node returns its own bound: a MAX node its α, a MIN node its β, even past the other."));
				break;
			case AB_FAIL_CLAMP:
				ab_str_add(&why, _("Under fail-hard=clamp a cut node returns the end of its window it passed: β at a MAX node, α at a MIN node."));
				break;
			case AB_FAIL_SOFT:
				ab_str_add(&why, _("Under fail-soft a cut node returns the best value it found before the cut."));
				break;
			}
		}
	}
	settle(gd->out, it, &name, &exp, &giv, &why, right);
	if (!right && below_horizon(f, n))
		set_mistake(it, _("gave a returned number for %s, which lies below the depth limit"), who.s);
	else if (!right && !visited(f, n))
		set_mistake(it, _("gave a returned number for %s, which is pruned"), who.s);
	else if (!right)
		set_mistake(it, _("wrote that %s returns %s; it returns %s"), who.s, it->given,
			    it->expected);
	ab_str_free(&who);
}

uint8_t *ab_grade_claimed_pruned(const struct ab_tree *tree, const struct ab_answer *answer)
{
	for (size_t i = 0; i < answer->count; i++) {
		const struct ab_item *item = &answer->items[i];
		if (item->kind != AB_ITEM_PRUNED && item->kind != AB_ITEM_VISITED)
			continue;
		uint8_t *claimed = ab_xcalloc(tree->count, 1);
		if (item->kind == AB_ITEM_PRUNED) {
			for (uint32_t k = 0; k < item->count; k++)
				memset(claimed + item->nodes[k], 1,
				       ab_end(tree, item->nodes[k]) - item->nodes[k]);
		} else {
			memset(claimed, 1, tree->count);
			for (uint32_t k = 0; k < item->count; k++)
				claimed[item->nodes[k]] = 0;
		}
		return claimed;
	}
	return NULL;
}

/* ---- The transposition table (--tt) ---------------------------------------- */

/* The nodes whose (last) probe finds their position, in the order of the
 * search. */
static uint32_t table_hits(const struct facts *f, uint32_t **out)
{
	const struct ab_tree *tree = f->tree;
	uint32_t *hits = ab_xcalloc(tree->count ? tree->count : 1, sizeof *hits), k = 0;
	for (uint32_t n = 0; n < tree->count; n++)
		if (f->node[n].probe_use >= 0 && f->node[n].probe_use != AB_TT_MISS)
			hits[k++] = n;
	for (uint32_t i = 1; i < k; i++) {
		uint32_t x = hits[i], j = i;
		for (; j > 0 && f->node[hits[j - 1]].probe_step > f->node[x].probe_step; j--)
			hits[j] = hits[j - 1];
		hits[j] = x;
	}
	*out = hits;
	return k;
}

/* hits: the visits whose probe finds their position in the table.  Right
 * when the sets are equal; with a key, the share |given ∩ right| /
 * |given ∪ right| of the points (kept in points until grade_keyed). */
static void grade_hits(struct grader *gd, const struct ab_item *item)
{
	const struct facts *f = gd->f;
	const struct ab_tree *tree = gd->tree;
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_HITS, AB_NONE, item->line);
	ab_str_add(&name, _("hits"));
	uint32_t *hits;
	uint32_t nhits = table_hits(f, &hits);
	add_name_list(tree, hits, nhits, &exp);
	if (!nhits)
		ab_str_add(&exp, _("none"));
	add_name_list(tree, item->nodes, item->count, &giv);
	for (uint32_t k = 0; k < item->nunknown; k++)
		ab_str_addf(&giv, "%s%s", giv.len ? " " : "", item->unknown[k].name);
	if (!giv.len)
		ab_str_add(&giv, _("none"));
	uint32_t both = 0;
	for (uint32_t i = 0; i < item->count; i++)
		for (uint32_t j = 0; j < nhits; j++)
			both += item->nodes[i] == hits[j];
	uint32_t either = item->count + item->nunknown + nhits - both;
	bool right = both == either;
	it->points = either ? (double)both / either : 1.0;
	it->step = nhits ? f->node[hits[0]].probe_step : 0;
	if (!ab_config_table(&f->trace->config)) {
		it->step = f->trace->length; /* the end: nothing was probed */
		ab_str_add(&why, _("This search has no transposition table (grade it with --tt), so no probe can hit."));
	} else {
		/* The misses the answer counts as hits, and the hits it left out. */
		struct words ws = { 0 };
		for (uint32_t i = 0; i < item->count; i++) {
			uint32_t n = item->nodes[i];
			bool hit = f->node[n].probe_use >= 0 && f->node[n].probe_use != AB_TT_MISS;
			if (hit)
				continue;
			if (f->node[n].probe_use < 0)
				ab_str_addf(&why, _("%s never probes the table (it is not entered as a MAX or MIN node). "),
					    name_w(&ws.w[0], tree, n));
			else
				ab_str_addf(&why, _("%s's probe (step %u) finds its slot empty or holding another position. "),
					    name_w(&ws.w[0], tree, n), f->node[n].probe_step);
		}
		for (uint32_t j = 0; j < nhits; j++) {
			bool given = false;
			for (uint32_t i = 0; i < item->count; i++)
				given |= item->nodes[i] == hits[j];
			if (!given)
				ab_str_addf(&why, _("%s's probe (step %u) finds the entry its position stored earlier. "),
					    name_w(&ws.w[0], tree, hits[j]), f->node[hits[j]].probe_step);
		}
		words_free(&ws);
		while (why.len && why.s[why.len - 1] == ' ')
			ab_str_truncate(&why, why.len - 1);
	}
	free(hits);
	settle(gd->out, it, &name, &exp, &giv, &why, right);
	if (!right)
		set_mistake(it, _("gave the table's hits as %s, not %s"), it->given, it->expected);
}

static const char *flag_name(int flag)
{
	return flag == AB_TT_LOWER ? _("lower") : flag == AB_TT_UPPER ? _("upper") : _("exact");
}

/* NODE: entry FLAG [V]: the flag (and value) of the entry the node stores. */
static void grade_entry(struct grader *gd, const struct ab_item *item)
{
	const struct facts *f = gd->f;
	const struct ab_tree *tree = gd->tree;
	uint32_t n = item->node;
	const struct node_facts *nf = &f->node[n];
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_ENTRY, n, item->line);
	struct words ws = { 0 };
	const char *nname = name_w(&ws.w[0], tree, n);
	ab_str_addf(&name, _("%s entry"), nname);
	ab_str_add(&giv, flag_name(item->flag));
	if (item->has_value) {
		ab_str_addc(&giv, ' ');
		add_written(item, 0, item->value, tree->scale, gd->g, &giv);
	}
	bool right = false;
	if (!nf->store_step) {
		ab_str_add(&exp, _("none (nothing stored)"));
		it->step = visited(f, n) ? nf->probe_step ? nf->probe_step : nf->ret_step
					 : unreached_step(f, n);
		if (!ab_config_table(&f->trace->config)) {
			it->step = f->trace->length;
			ab_str_add(&why, _("This search has no transposition table (grade it with --tt), so nothing is stored."));
		} else if (!visited(f, n))
			add_pruned_reason(gd, n, ABOUT_VALUE, &why);
		else if (ab_is_leaf(tree, n) || nf->by_static)
			ab_str_addf(&why, _("%s is evaluated, not searched: only the MAX and MIN nodes the search enters store an entry."),
				    nname);
		else if (ab_player_at(tree, n, f->trace->root_player) == AB_CHANCE)
			ab_str_addf(&why, _("%s is a chance node: chance nodes neither probe nor store."), nname);
		else
			ab_str_addf(&why, _("%s is answered from the table (step %u) and stores nothing new."),
				    nname, nf->probe_step);
	} else {
		const struct ab_tt_entry *e = &nf->stored;
		it->step = nf->store_step;
		ab_str_add(&exp, flag_name(e->flag));
		ab_str_addc(&exp, ' ');
		add_value(e->value, tree->scale, gd->g, &exp);
		right = item->flag == (int)e->flag && (!item->has_value || item->value == e->value);
		const char *v = value_w(&ws.w[1], e->value, tree->scale, gd->g);
		const char *a = value_w(&ws.w[2], nf->store_alpha, tree->scale, gd->g);
		const char *b = value_w(&ws.w[3], nf->store_beta, tree->scale, gd->g);
		if (e->flag == AB_TT_LOWER)
			ab_str_addf(&why, _("%s stores %s at step %zu as a lower bound: it returned %s at or above %s = %s of the window it was searched with, so %s is only known to be at least %s."),
				    nname, v, it->step, v, gd->g->beta, b, nname, v);
		else if (e->flag == AB_TT_UPPER)
			ab_str_addf(&why, _("%s stores %s at step %zu as an upper bound: it returned %s at or below %s = %s of the window it was searched with, so %s is only known to be at most %s."),
				    nname, v, it->step, v, gd->g->alpha, a, nname, v);
		else
			ab_str_addf(&why, _("%s stores %s at step %zu as exact: it returned %s strictly inside the window %s = %s, %s = %s it was searched with."),
				    nname, v, it->step, v, gd->g->alpha, a, gd->g->beta, b);
	}
	settle(gd->out, it, &name, &exp, &giv, &why, right);
	if (!right)
		set_mistake(it, _("gave %s's entry as %s, not %s"), nname, it->given, it->expected);
	words_free(&ws);
}

/* One answer item, by kind.  as_returns reads a bare number as what the
 * node returns (values: returned, or a key asking for it). */
static void grade_item(struct grader *gd, const struct ab_item *item,
		       const uint8_t *claimed, bool as_returns)
{
	if (item->node == AB_NONE && item->nunknown && item->kind != AB_ITEM_PRUNED &&
	    item->kind != AB_ITEM_VISITED && item->kind != AB_ITEM_HITS) {
		grade_unknown(gd, item, &item->unknown[0], NULL);
		return;
	}
	switch (item->kind) {
	case AB_ITEM_VALUE: grade_value(gd, item); break;
	case AB_ITEM_BEST: grade_best(gd, item); break;
	case AB_ITEM_PRUNED:
	case AB_ITEM_VISITED: grade_list(gd, item, claimed); break;
	case AB_ITEM_BOUND:
		if (item->plain && (as_returns || gd->values_returned))
			grade_returns(gd, item);
		else
			grade_bound(gd, item);
		break;
	case AB_ITEM_WINDOW: grade_window(gd, item); break;
	case AB_ITEM_RETURNS: grade_returns(gd, item); break;
	case AB_ITEM_HITS: grade_hits(gd, item); break;
	case AB_ITEM_ENTRY: grade_entry(gd, item); break;
	}
}

/* The pruned subtrees, as a right answer lists them (a node not reached
 * whose parent is), or the leaves looked at in the order looked at. */
static void add_right_set(const struct facts *f, bool pruned, struct ab_str *out)
{
	const struct ab_tree *tree = f->tree;
	size_t start = out->len;
	if (pruned) {
		for (uint32_t n = 1; n < tree->count; n++) {
			if (visited(f, n) || !visited(f, tree->nodes[n].parent) ||
			    below_horizon(f, n))
				continue;
			if (out->len > start)
				ab_str_addc(out, ' ');
			add_name(tree, n, out);
		}
	} else {
		uint32_t *leaves = ab_xreallocarray(NULL, tree->leaves ? tree->leaves : 1, sizeof *leaves);
		uint32_t k = 0;
		for (uint32_t n = 0; n < tree->count; n++)
			if (ab_is_leaf(tree, n) && visited(f, n))
				leaves[k++] = n;
		/* Preorder is the given order; sort by the step of the look. */
		for (uint32_t i = 1; i < k; i++) {
			uint32_t x = leaves[i], j = i;
			for (; j > 0 && ab_trace_visit_step(f->trace, leaves[j - 1]) >
					 ab_trace_visit_step(f->trace, x); j--)
				leaves[j] = leaves[j - 1];
			leaves[j] = x;
		}
		add_name_list(tree, leaves, k, out);
		free(leaves);
	}
	if (out->len == start)
		ab_str_add(out, _("none"));
}

/* The answer's list as written: its names, then the unknown ones. */
static void add_given_list(const struct ab_tree *tree, const struct ab_item *item,
			   struct ab_str *out)
{
	size_t start = out->len;
	add_name_list(tree, item->nodes, item->count, out);
	for (uint32_t k = 0; k < item->nunknown; k++)
		ab_str_addf(out, "%s%s", out->len > start ? " " : "", item->unknown[k].name);
	if (out->len == start)
		ab_str_add(out, _("none"));
}

/* A keyed pruned: or visited: question worth points, answered by the
 * answer's list a (either kind) or not at all (a NULL).  The head item
 * earns points × |given ∩ right| / |given ∪ right| of the leaves (halved
 * for visited: when the order is wrong or not given); the items about each
 * mark and cut follow it as details. */
static void grade_set(struct grader *gd, const struct ab_item *k, const struct ab_item *a,
		      const uint8_t *claimed)
{
	const struct facts *f = gd->f;
	const struct ab_tree *tree = gd->tree;
	bool ask_pruned = k->kind == AB_ITEM_PRUNED;
	size_t head = gd->out->count;
	(void)new_result(gd->out, AB_GRADE_SET, AB_NONE, a ? a->line : k->line);
	size_t details = gd->out->count;
	if (a)
		grade_list(gd, a, claimed);
	bool order_right = a && a->kind == AB_ITEM_VISITED;
	for (size_t i = details; i < gd->out->count; i++) {
		gd->out->items[i].detail = true;
		if (gd->out->items[i].kind == AB_GRADE_ORDER && !gd->out->items[i].right)
			order_right = false;
	}
	/* The two sets, over leaves: the answer's (claimed pruned, or its
	 * complement for visited:) and the search's. */
	uint64_t both = 0, given = 0, right = 0;
	for (uint32_t n = 0; n < tree->count; n++) {
		/* Leaves below the depth limit are in neither set. */
		if (!ab_is_leaf(tree, n) || below_horizon(f, n))
			continue;
		bool in_right = ask_pruned ? pruned(f, n) : visited(f, n);
		bool in_given = a && (ask_pruned ? claimed[n] != 0 : !claimed[n]);
		right += in_right;
		given += in_given;
		both += in_right && in_given;
	}
	if (a)
		given += a->nunknown;
	uint64_t either = given + right - both;
	double share = either ? (double)both / (double)either : 1.0;
	bool halved = !ask_pruned && a && !order_right && both > 0;
	if (halved)
		share /= 2;
	struct ab_grade_item *it = &gd->out->items[head];
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	ab_str_add(&name, ask_pruned ? _("pruned") : _("visited"));
	add_right_set(f, ask_pruned, &exp);
	if (a)
		add_given_list(tree, a, &giv);
	else
		ab_str_add(&giv, _("not answered"));
	bool all = a && share == 1.0;
	if (!a) {
		ab_str_add(&why, _("The key asks for this item, and the answer does not give it."));
	} else if (!all) {
		ab_str_addf(&why, ask_pruned
			    ? _("The answer and the search agree on %llu of the %llu leaves that either of them counts as pruned.")
			    : _("The answer and the search agree on %llu of the %llu leaves that either of them counts as looked at."),
			    (unsigned long long)both, (unsigned long long)either);
		if (halved && a->kind == AB_ITEM_PRUNED) {
			ab_str_addc(&why, ' ');
			ab_str_add(&why, _("The answer gives pruned: where the key asks for visited:, so the order is not given and the share is halved."));
		} else if (halved) {
			ab_str_addc(&why, ' ');
			ab_str_add(&why, _("The leaves are not listed in the order the search looks at them, so the share is halved."));
		}
	}
	it->kind = a ? AB_GRADE_SET : AB_GRADE_UNANSWERED;
	settle(gd->out, it, &name, &exp, &giv, &why, all);
	it->points = k->points * share;
	/* The marks and cuts carry their own mistakes; the set's own is a
	 * missing answer or a missing order. */
	if (!a)
		set_mistake(it, _("did not answer %s"), it->name);
	else if (halved && a->kind == AB_ITEM_PRUNED)
		set_mistake(it, _("gave pruned: where visited: (the leaves in the order looked at) is asked"));
}

/* The key's item asked and not answered: not at all, or by a line the
 * grader could not read (u). */
static void grade_unanswered(struct grader *gd, const struct ab_item *k,
			     const struct ab_unread *u)
{
	const struct facts *f = gd->f;
	size_t at = gd->out->count;
	if (k->kind == AB_ITEM_BEST) {
		struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
		(void)new_result(gd->out, AB_GRADE_BEST, AB_NONE, k->line);
		ab_str_add(&name, _("best"));
		if (f->best != AB_NONE)
			add_name(gd->tree, f->best, &exp);
		settle(gd->out, &gd->out->items[at], &name, &exp, &giv, &why, false);
	} else if (k->kind == AB_ITEM_PRUNED || k->kind == AB_ITEM_VISITED) {
		struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
		bool pruned_asked = k->kind == AB_ITEM_PRUNED;
		(void)new_result(gd->out, AB_GRADE_SET, AB_NONE, k->line);
		ab_str_add(&name, pruned_asked ? _("pruned") : _("visited"));
		add_right_set(f, pruned_asked, &exp);
		settle(gd->out, &gd->out->items[at], &name, &exp, &giv, &why, false);
	} else {
		/* The key's own item gives the expected side; the rest is
		 * replaced. */
		grade_item(gd, k, NULL, k->kind == AB_ITEM_RETURNS);
		gd->out->count = at + 1;
	}
	struct ab_grade_item *it = &gd->out->items[at];
	free(it->given);
	free(it->why);
	free(it->mistake);
	it->mistake = NULL;
	it->right = false;
	if (u) {
		struct ab_str given = AB_STR_INIT;
		ab_str_addf(&given, _("line %u not read"), u->line);
		it->given = take(&given);
		it->why = ab_xstrdup(u->why);
		it->kind = AB_GRADE_UNREAD;
		it->line = u->line;
		set_mistake(it, _("wrote a line the grader cannot read"));
		return;
	}
	it->given = ab_xstrdup(_("not answered"));
	it->why = ab_xstrdup(_("The key asks for this item, and the answer does not give it."));
	it->kind = AB_GRADE_UNANSWERED;
	set_mistake(it, _("did not answer %s"), it->name);
}

/* Whether an item of this kind about node answers key item k. */
static bool matches(const struct ab_item *k, enum ab_item_kind kind, uint32_t node)
{
	switch (k->kind) {
	case AB_ITEM_VALUE:
	case AB_ITEM_BEST:
		return kind == k->kind;
	case AB_ITEM_PRUNED:
	case AB_ITEM_VISITED:
		return kind == AB_ITEM_PRUNED || kind == AB_ITEM_VISITED;
	case AB_ITEM_BOUND:
	case AB_ITEM_RETURNS:
		return (kind == AB_ITEM_BOUND || kind == AB_ITEM_RETURNS) &&
		       node == k->node && k->node != AB_NONE;
	case AB_ITEM_WINDOW:
		return kind == AB_ITEM_WINDOW && node == k->node && k->node != AB_NONE;
	case AB_ITEM_HITS:
		return kind == AB_ITEM_HITS;
	case AB_ITEM_ENTRY:
		return kind == AB_ITEM_ENTRY && node == k->node && k->node != AB_NONE;
	}
	return false;
}

/* Whether answer item a answers key item k. */
static bool answers(const struct ab_item *k, const struct ab_item *a)
{
	return matches(k, a->kind, a->node);
}

/* Whether the line not read u was about what key item k asks. */
static bool tried(const struct ab_item *k, const struct ab_unread *u)
{
	return u->about && matches(k, u->kind, u->node);
}

static void grade_unread(struct grader *gd, const struct ab_unread *u);

char *ab_grade_question(const struct ab_tree *tree, const struct ab_item *k)
{
	struct ab_str name = AB_STR_INIT;
	switch (k->kind) {
	case AB_ITEM_VALUE: ab_str_add(&name, _("value")); break;
	case AB_ITEM_BEST: ab_str_add(&name, _("best")); break;
	case AB_ITEM_PRUNED: ab_str_add(&name, _("pruned")); break;
	case AB_ITEM_VISITED: ab_str_add(&name, _("visited")); break;
	case AB_ITEM_BOUND: add_name(tree, k->node, &name); break;
	case AB_ITEM_RETURNS: {
		struct ab_str who = AB_STR_INIT;
		add_name(tree, k->node, &who);
		ab_str_addf(&name, _("%s returns"), who.s);
		ab_str_free(&who);
		break;
	}
	case AB_ITEM_WINDOW:
		add_name(tree, k->node, &name);
		ab_str_add(&name, _(" window"));
		break;
	case AB_ITEM_HITS: ab_str_add(&name, _("hits")); break;
	case AB_ITEM_ENTRY:
		add_name(tree, k->node, &name);
		ab_str_add(&name, _(" entry"));
		break;
	}
	return take(&name);
}

/* Grading against a key: its items in its order, each worth its points;
 * then the answer's items the key does not ask, shown but not scored. */
static void grade_keyed(struct grader *gd, const struct ab_answer *key,
			const struct ab_answer *answer, const uint8_t *claimed)
{
	bool *used = ab_xcalloc(answer->count ? answer->count : 1, sizeof *used);
	bool *unread_used = ab_xcalloc(answer->nunread ? answer->nunread : 1, sizeof *unread_used);
	for (size_t i = 0; i < key->count; i++) {
		const struct ab_item *k = &key->items[i];
		const struct ab_item *a = NULL;
		for (size_t j = 0; j < answer->count && !a; j++) {
			if (!used[j] && answers(k, &answer->items[j])) {
				a = &answer->items[j];
				used[j] = true;
			}
		}
		/* Not answered: perhaps by a line that could not be read. */
		const struct ab_unread *u = NULL;
		for (size_t j = 0; j < answer->nunread && !a && !u; j++) {
			if (!unread_used[j] && tried(k, &answer->unread[j])) {
				u = &answer->unread[j];
				unread_used[j] = true;
			}
		}
		size_t start = gd->out->count;
		if (u)
			grade_unanswered(gd, k, u);
		else if (k->kind == AB_ITEM_PRUNED || k->kind == AB_ITEM_VISITED)
			grade_set(gd, k, a, claimed);
		else if (!a)
			grade_unanswered(gd, k, NULL);
		else
			grade_item(gd, a, claimed, k->kind == AB_ITEM_RETURNS);
		struct ab_grade_item *it = &gd->out->items[start];
		it->question = ab_grade_question(gd->tree, k);
		it->scored = it->asked = true;
		it->out_of = k->points;
		if (it->kind == AB_GRADE_HITS)
			it->points *= k->points; /* grade_hits left the share */
		else if (it->kind != AB_GRADE_SET)
			it->points = it->right ? k->points : 0;
		/* A visited: answer's order, where the key asks pruned:, is
		 * shown but not asked. */
		for (size_t d = start + 1; d < gd->out->count; d++)
			gd->out->items[d].asked = !(k->kind == AB_ITEM_PRUNED &&
						    gd->out->items[d].kind == AB_GRADE_ORDER);
	}
	for (size_t j = 0; j < answer->count; j++)
		if (!used[j])
			grade_item(gd, &answer->items[j], claimed, false);
	/* Lines not read that answer no question: shown, not scored. */
	for (size_t j = 0; j < answer->nunread; j++)
		if (!unread_used[j])
			grade_unread(gd, &answer->unread[j]);
	free(used);
	free(unread_used);
}

/* A line the grader could not read: one wrong item, with the parser's
 * reason ("line 3 not read: expected ':' after ..."). */
static void grade_unread(struct grader *gd, const struct ab_unread *u)
{
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_UNREAD, u->node, u->line);
	ab_str_addf(&name, _("line %u"), u->line);
	ab_str_add(&giv, _("not read"));
	ab_str_add(&why, u->why);
	settle(gd->out, it, &name, &exp, &giv, &why, false);
	set_mistake(it, _("wrote a line the grader cannot read"));
}

bool ab_grade_plain(const struct ab_tree *tree, const struct ab_config *config,
		    const struct ab_grade_options *opt,
		    const struct ab_answer *answer, const struct ab_glyphs *g,
		    struct ab_grade *out, struct facts *f)
{
	memset(out, 0, sizeof *out);
	out->config = *config;
	struct ab_str rules = AB_STR_INIT;
	ab_config_describe_for(config, tree, true, &rules);
	out->rules = take(&rules);
	out->root = ab_config_root(config, tree);
	out->keyed = opt->key != NULL;
	out->values_returned = opt->values_returned;
	if (!gather(tree, config, f))
		return false;
	struct grader gd = { .f = f, .tree = tree, .g = g, .strict = config->strict,
			     .minimax = config->algo == AB_MINIMAX,
			     .values_returned = opt->values_returned,
			     .any_optimal = opt->any_optimal, .out = out };
	uint8_t *claimed = ab_grade_claimed_pruned(tree, answer);
	if (opt->key) {
		grade_keyed(&gd, opt->key, answer, claimed);
	} else {
		/* The items and the lines not read, in the order of the file. */
		size_t u = 0;
		for (size_t i = 0; i <= answer->count; i++) {
			unsigned line = i < answer->count ? answer->items[i].line : UINT32_MAX;
			for (; u < answer->nunread && answer->unread[u].line < line; u++)
				grade_unread(&gd, &answer->unread[u]);
			if (i < answer->count)
				grade_item(&gd, &answer->items[i], claimed, false);
		}
		for (size_t i = 0; i < out->count; i++) {
			struct ab_grade_item *it = &out->items[i];
			it->scored = it->asked = true;
			it->out_of = 1;
			it->points = it->right;
		}
	}
	free(claimed);
	out->right = out->total = 0;
	for (size_t i = 0; i < out->count; i++) {
		const struct ab_grade_item *it = &out->items[i];
		if (!it->scored)
			continue;
		out->total++;
		out->right += it->right;
		out->points += it->points;
		out->out_of += it->out_of;
	}
	return true;
}

/* ---- The interface ----------------------------------------------------------- */

bool ab_grade_answer_with(const struct ab_tree *tree, const struct ab_config *config,
			  const struct ab_grade_options *options,
			  const struct ab_answer *answer, const struct ab_glyphs *g,
			  struct ab_grade *out)
{
	struct facts f;
	if (!ab_grade_plain(tree, config, options, answer, g, out, &f)) {
		ab_grade_facts_free(&f);
		ab_grade_free(out);
		return false;
	}
	/* Only the answer's own items: a question not answered, or a set
	 * whose marks are all right but whose order is not given, is no
	 * convention's doing. */
	bool wrong = false;
	for (size_t i = 0; i < out->count; i++)
		wrong |= !out->items[i].right && out->items[i].kind != AB_GRADE_UNANSWERED &&
			 out->items[i].kind != AB_GRADE_SET && out->items[i].kind != AB_GRADE_UNREAD;
	if (wrong)
		ab_grade_diagnose(tree, config, options->values_returned, answer, &f, g, out);
	ab_grade_facts_free(&f);
	return true;
}

bool ab_grade_answer(const struct ab_tree *tree, const struct ab_config *config,
		     const struct ab_answer *answer, const struct ab_glyphs *g,
		     struct ab_grade *out)
{
	struct ab_grade_options opt = { 0 };
	return ab_grade_answer_with(tree, config, &opt, answer, g, out);
}

void ab_grade_free(struct ab_grade *grade)
{
	free(grade->rules);
	for (size_t i = 0; i < grade->count; i++) {
		struct ab_grade_item *it = &grade->items[i];
		free(it->nodes);
		free(it->name);
		free(it->expected);
		free(it->given);
		free(it->why);
		free(it->mistake);
		free(it->question);
	}
	free(grade->items);
	free(grade->diagnosis);
	free(grade->diagnosis_mistake);
	free(grade->declared);
	free(grade->overruled);
	free(grade->own);
	free(grade->name);
	free(grade->id);
	memset(grade, 0, sizeof *grade);
}

const struct ab_grade_item *ab_grade_first_mistake(const struct ab_grade *grade)
{
	for (size_t i = 0; i < grade->count; i++) {
		const struct ab_grade_item *it = &grade->items[i];
		if (it->right || !it->asked || !(it->scored || it->detail))
			continue;
		/* A set's first wrong mark or cut says more than its share. */
		for (size_t d = i + 1; it->kind == AB_GRADE_SET && d < grade->count &&
				       grade->items[d].detail; d++)
			if (!grade->items[d].right && grade->items[d].asked)
				return &grade->items[d];
		return it;
	}
	return NULL;
}

const struct ab_grade_item *ab_grade_item_for(const struct ab_grade *grade,
					      const struct ab_tree *tree,
					      uint32_t n)
{
	for (size_t i = 0; i < grade->count; i++) {
		const struct ab_grade_item *it = &grade->items[i];
		if (it->kind == AB_GRADE_PRUNED && it->node <= n &&
		    n < ab_end(tree, it->node))
			return it;
	}
	for (size_t i = 0; i < grade->count; i++) {
		const struct ab_grade_item *it = &grade->items[i];
		for (uint32_t k = 0; it->kind == AB_GRADE_MISSED_CUT && k < it->count; k++)
			if (it->nodes[k] == n)
				return it;
	}
	for (size_t i = 0; i < grade->count; i++) {
		const struct ab_grade_item *it = &grade->items[i];
		if ((it->kind == AB_GRADE_BOUND || it->kind == AB_GRADE_WINDOW) && it->node == n)
			return it;
	}
	return NULL;
}
