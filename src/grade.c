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
 * The exception is clearly fenced below: a model of a student's mistake
 * (raising a bound from a child that is still being searched).  It is run
 * only to recognise that slip in a wrong answer, never to mark one.
 */
#include "grade.h"

#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "json.h"
#include "narrate.h"
#include "trace.h"

/* ---- Facts from one pass through the trace ------------------------------ */

struct node_facts {
	uint32_t ret_step;          /* a leaf's look, an inner node's return */
	uint32_t cut_by;            /* the ancestor whose bound fired its cut */
	ab_value seen_alpha, seen_beta; /* the parent's window when reached */
	ab_value cut_alpha, cut_beta;   /* the numbers of its cut test */
};

struct facts {
	const struct ab_tree *tree;
	struct ab_trace *trace;       /* left at its last step */
	struct node_facts *node;
	size_t value_step;            /* the root's choice last changed */
	ab_value root_value;
	uint32_t best;
};

static bool gather(const struct ab_tree *tree, const struct ab_config *config,
		   struct facts *f)
{
	memset(f, 0, sizeof *f);
	f->tree = tree;
	f->trace = ab_trace_record(tree, config);
	if (!f->trace)
		return false;
	f->node = ab_xcalloc(tree->count, sizeof *f->node);
	f->best = AB_NONE;
	struct ab_trace *t = f->trace;
	bool hard = config->algo == AB_ALPHABETA && config->fail_hard;
	while (ab_trace_forward(t)) {
		struct ab_event ev;
		ab_trace_event(t, &ev);
		struct node_facts *nf = &f->node[ev.node];
		uint32_t p = ev.kind == AB_EV_DONE || ev.kind == AB_EV_ITERATION ||
			     ev.kind == AB_EV_RESULT ? AB_NONE : tree->nodes[ev.node].parent;
		switch (ev.kind) {
		case AB_EV_ENTER:
		case AB_EV_LEAF:
			nf->seen_alpha = p == AB_NONE ? AB_NEG_INF : t->state[p].alpha;
			nf->seen_beta = p == AB_NONE ? AB_POS_INF : t->state[p].beta;
			if (ev.kind == AB_EV_LEAF)
				nf->ret_step = (uint32_t)t->step;
			break;
		case AB_EV_CUTOFF:
			nf->cut_alpha = ev.alpha;
			nf->cut_beta = ev.beta;
			nf->cut_by = ev.by;
			break;
		case AB_EV_RETURN:
			nf->ret_step = (uint32_t)t->step;
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
		case AB_EV_RESULT:    /* facts overwrite the earlier ones */
		case AB_EV_COUNT:
			break;
		}
	}
	return true;
}

static void facts_free(struct facts *f)
{
	ab_trace_free(f->trace);
	free(f->node);
}

static bool visited(const struct facts *f, uint32_t n)
{
	return f->trace->state[n].status != AB_UNVISITED;
}

/* The node whose cutoff prunes n: its nearest reached ancestor. */
static uint32_t cutter(const struct facts *f, uint32_t n)
{
	uint32_t p = f->tree->nodes[n].parent;
	while (p != AB_NONE && !visited(f, p))
		p = f->tree->nodes[p].parent;
	return p;
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
	ab_str_addf(out, "%s %s %s (", max ? g->alpha : g->beta, op,
		    max ? g->beta : g->alpha);
	add_value(max ? alpha : beta, scale, g, out);
	ab_str_addf(out, " %s ", op);
	add_value(max ? beta : alpha, scale, g, out);
	ab_str_addc(out, ')');
}

/* A claimed bound, written as ab_format_interval writes a proved one. */
static void add_bound(const struct ab_item *item, int64_t scale,
		      const struct ab_glyphs *g, struct ab_str *out)
{
	switch (item->bound) {
	case AB_BOUND_EQ: ab_format_interval(item->value, item->value, scale, g, out); return;
	case AB_BOUND_LE: ab_format_interval(AB_NEG_INF, item->value, scale, g, out); return;
	case AB_BOUND_GE: ab_format_interval(item->value, AB_POS_INF, scale, g, out); return;
	case AB_BOUND_IN: ab_format_interval(item->value, item->value2, scale, g, out); return;
	}
}

static void add_interval(ab_value lo, ab_value hi, int64_t scale,
			 const struct ab_glyphs *g, struct ab_str *out)
{
	size_t before = out->len;
	ab_format_interval(lo, hi, scale, g, out);
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
		it->why = take(why);
	}
}

struct grader {
	const struct facts *f;
	const struct ab_tree *tree;
	const struct ab_glyphs *g;
	bool strict;
	bool minimax;     /* no cut test at all */
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
	add_value(item->value, gd->tree->scale, gd->g, &giv);
	ab_str_add(&why, _("The root's value is "));
	add_value(f->root_value, gd->tree->scale, gd->g, &why);
	ab_str_add(&why, ": ");
	add_name(gd->tree, 0, &why);
	ab_str_addf(&why, _(" returns it at step %zu, once every move is weighed."), it->step);
	settle(gd->out, it, &name, &exp, &giv, &why, item->value == f->root_value);
}

static void grade_best(struct grader *gd, const struct ab_item *item)
{
	const struct facts *f = gd->f;
	const struct ab_node_state *st = &f->trace->state[item->node];
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_BEST, item->node, item->line);
	it->step = f->value_step;
	ab_str_add(&name, _("best"));
	if (f->best != AB_NONE)
		add_name(gd->tree, f->best, &exp);
	add_name(gd->tree, item->node, &giv);
	/* Another move proved to be worth exactly as much is as good. */
	bool right = item->node == f->best ||
		     (visited(f, item->node) && st->lo == st->hi && st->lo == f->root_value);
	if (f->best != AB_NONE) {
		ab_str_add(&why, _("The best move is "));
		add_name(gd->tree, f->best, &why);
		ab_str_add(&why, _(": the root's choice is set from it at step "));
		ab_str_addf(&why, "%zu", it->step);
		ab_str_add(&why, _(", and no later move is proved as good"));
		if (visited(f, item->node)) {
			ab_str_add(&why, _(" (the search proves "));
			add_name(gd->tree, item->node, &why);
			ab_str_addc(&why, ' ');
			add_interval(st->lo, st->hi, gd->tree->scale, gd->g, &why);
			ab_str_add(&why, ")");
		} else {
			ab_str_add(&why, _(" ("));
			add_name(gd->tree, item->node, &why);
			ab_str_add(&why, _(" is pruned)"));
		}
		ab_str_addc(&why, '.');
	}
	settle(gd->out, it, &name, &exp, &giv, &why, right);
}

/* Why a node said to be pruned is reached after all: the window its parent
 * had when the search got to it, and the test that did not fire. */
static void extra_cut(struct grader *gd, uint32_t n, struct ab_str *why)
{
	const struct facts *f = gd->f;
	const struct node_facts *nf = &f->node[n];
	uint32_t p = gd->tree->nodes[n].parent;
	uint32_t step = ab_trace_visit_step(f->trace, n);
	add_name(gd->tree, n, why);
	if (gd->minimax) {
		ab_str_addf(why, ab_is_leaf(gd->tree, n) ? _(" is looked at (step %u): minimax prunes nothing.")
							 : _(" is entered (step %u): minimax prunes nothing."),
			    step);
		return;
	}
	ab_str_addf(why, ab_is_leaf(gd->tree, n) ? _(" is looked at (step %u): when the search reaches it, ")
						 : _(" is entered (step %u): when the search reaches it, "),
		    step);
	add_name(gd->tree, p, why);
	ab_str_addf(why, _(" has %s = "), gd->g->alpha);
	add_value(nf->seen_alpha, gd->tree->scale, gd->g, why);
	ab_str_addf(why, _(" and %s = "), gd->g->beta);
	add_value(nf->seen_beta, gd->tree->scale, gd->g, why);
	ab_str_add(why, _(", so the cut test "));
	add_test(is_max(f, p), gd->strict, nf->seen_alpha, nf->seen_beta, gd->tree->scale, gd->g, why);
	ab_str_add(why, _(" does not fire there and nothing is skipped."));
}

/* One pruned mark: right when the search never reaches the node. */
static void grade_pruned_mark(struct grader *gd, uint32_t n, unsigned line,
			      bool from_visited)
{
	const struct facts *f = gd->f;
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_PRUNED, n, line);
	ab_str_add(&name, _("pruned "));
	add_name(gd->tree, n, &name);
	ab_str_add(&giv, from_visited ? _("not in visited:") : _("pruned"));
	bool right = !visited(f, n);
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
	ab_str_add(&name, _("cut at "));
	add_name(gd->tree, c, &name);
	add_name_list(gd->tree, kids, skipped, &exp);
	ab_str_add(&exp, _(" pruned"));
	add_name_list(gd->tree, missed, count, &giv);
	ab_str_add(&giv, from_visited ? _(" visited") : _(" not pruned"));
	ab_str_addf(&why, _("At step %zu the cut test fires at "), it->step);
	add_name(gd->tree, c, &why);
	ab_str_add(&why, ": ");
	add_test(is_max(f, c), gd->strict, nf->cut_alpha, nf->cut_beta, gd->tree->scale, gd->g, &why);
	if (nf->cut_by != AB_NONE) {
		ab_str_addf(&why, _(", with %s set at "), is_max(f, c) ? gd->g->beta : gd->g->alpha);
		add_name(gd->tree, nf->cut_by, &why);
		uint32_t up = gd->tree->nodes[c].depth - gd->tree->nodes[nf->cut_by].depth;
		if (up > 1)
			ab_str_addf(&why, _(", %u levels up (a deep cutoff)"), up);
	}
	ab_str_add(&why, _(", so "));
	ab_narrate_names(gd->tree, kids, skipped, 8, &why);
	ab_str_add(&why, skipped == 1 ? _(" is never looked at; ") : _(" are never looked at; "));
	ab_str_add(&why, _("the answer misses "));
	ab_narrate_names(gd->tree, missed, count, 8, &why);
	ab_str_addc(&why, '.');
	free(kids);
	settle(gd->out, it, &name, &exp, &giv, &why, false);
}

/* pruned: or visited: - the marks, the cuts missed, and for visited: the
 * order.  claimed[n] is set for every leaf the answer says is pruned. */
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
		ab_str_add(&why, _("The search looks at "));
		add_name(tree, sorted[bad], &why);
		ab_str_addf(&why, _(" (step %u) before "), ab_trace_visit_step(f->trace, sorted[bad]));
		add_name(tree, listed[bad], &why);
		ab_str_addf(&why, _(" (step %u)."), ab_trace_visit_step(f->trace, listed[bad]));
	}
	settle(gd->out, it, &name, &exp, &giv, &why, bad == k);
	free(listed);
	free(sorted);
}

/* Appends "N is pruned (the cutoff at C, step 15)". */
static void add_pruned_reason(struct grader *gd, uint32_t n, struct ab_str *out)
{
	uint32_t c = cutter(gd->f, n);
	add_name(gd->tree, n, out);
	if (c == AB_NONE) {
		ab_str_add(out, _(" is never reached"));
		return;
	}
	ab_str_add(out, _(" is pruned (the cutoff at "));
	add_name(gd->tree, c, out);
	ab_str_addf(out, _(", step %u)"), ab_trace_cut_step(gd->f->trace, c));
}

static void grade_bound(struct grader *gd, const struct ab_item *item)
{
	const struct facts *f = gd->f;
	uint32_t n = item->node;
	const struct ab_node_state *st = &f->trace->state[n];
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_BOUND, n, item->line);
	add_name(gd->tree, n, &name);
	add_bound(item, gd->tree->scale, gd->g, &giv);
	if (!visited(f, n)) {
		uint32_t c = cutter(f, n);
		it->step = c == AB_NONE ? 0 : ab_trace_cut_step(f->trace, c);
		ab_str_add(&exp, _("unknown (pruned)"));
		add_pruned_reason(gd, n, &why);
		ab_str_add(&why, _(", so the search learns nothing about its value."));
		settle(gd->out, it, &name, &exp, &giv, &why, false);
		return;
	}
	ab_value lo = st->lo, hi = st->hi, v = item->value;
	it->step = f->node[n].ret_step;
	add_interval(lo, hi, gd->tree->scale, gd->g, &exp);
	bool right = (item->bound == AB_BOUND_EQ && lo == v && hi == v) ||
		     (item->bound == AB_BOUND_LE && lo == AB_NEG_INF && hi == v) ||
		     (item->bound == AB_BOUND_GE && hi == AB_POS_INF && lo == v) ||
		     (item->bound == AB_BOUND_IN && lo == v && hi == item->value2);
	if (item->bound == AB_BOUND_EQ && lo != hi && (lo == v || hi == v)) {
		add_name(gd->tree, n, &why);
		ab_str_add(&why, _(" is only known to be "));
		add_interval(lo, hi, gd->tree->scale, gd->g, &why);
		ab_str_addf(&why, _(" (step %zu): "), it->step);
		if (ab_trace_cut_step(f->trace, n)) {
			uint32_t skipped;
			uint32_t *kids = skipped_kids(f, n, &skipped);
			ab_str_addf(&why, _("the cutoff at step %u skips "), ab_trace_cut_step(f->trace, n));
			ab_narrate_names(gd->tree, kids, skipped, 8, &why);
			free(kids);
		} else {
			ab_str_add(&why, _("what its children return is partly only a bound"));
		}
		ab_str_add(&why, _(", so its exact value is never found."));
	} else if (lo == hi && (item->bound == AB_BOUND_LE || item->bound == AB_BOUND_GE) && v == lo) {
		add_name(gd->tree, n, &why);
		ab_str_add(&why, " = ");
		add_value(lo, gd->tree->scale, gd->g, &why);
		ab_str_addf(&why, _(" exactly (step %zu), which says more than "), it->step);
		add_bound(item, gd->tree->scale, gd->g, &why);
		ab_str_addc(&why, '.');
	} else {
		ab_str_add(&why, _("The search proves "));
		add_name(gd->tree, n, &why);
		ab_str_addc(&why, ' ');
		add_interval(lo, hi, gd->tree->scale, gd->g, &why);
		ab_str_addf(&why, _(" (step %zu), not "), it->step);
		add_name(gd->tree, n, &why);
		ab_str_addc(&why, ' ');
		add_bound(item, gd->tree->scale, gd->g, &why);
		ab_str_addc(&why, '.');
	}
	settle(gd->out, it, &name, &exp, &giv, &why, right);
}

static void add_window(bool has_alpha, ab_value alpha, bool has_beta, ab_value beta,
		       int64_t scale, const struct ab_glyphs *g, struct ab_str *out)
{
	if (has_alpha) {
		ab_str_addf(out, "%s = ", g->alpha);
		add_value(alpha, scale, g, out);
	}
	if (has_beta) {
		ab_str_addf(out, "%s%s = ", has_alpha ? ", " : "", g->beta);
		add_value(beta, scale, g, out);
	}
}

static void grade_window(struct grader *gd, const struct ab_item *item)
{
	const struct facts *f = gd->f;
	uint32_t n = item->node;
	const struct ab_node_state *st = &f->trace->state[n];
	struct ab_str name = AB_STR_INIT, exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT;
	struct ab_grade_item *it = new_result(gd->out, AB_GRADE_WINDOW, n, item->line);
	add_name(gd->tree, n, &name);
	ab_str_add(&name, _(" window"));
	add_window(item->has_alpha, item->alpha, item->has_beta, item->beta, gd->tree->scale, gd->g, &giv);
	bool right = false;
	if (ab_is_leaf(gd->tree, n)) {
		ab_str_add(&exp, _("none (a leaf)"));
		add_name(gd->tree, n, &why);
		ab_str_add(&why, _(" is a leaf: only inner nodes have a window."));
	} else if (!visited(f, n)) {
		uint32_t c = cutter(f, n);
		it->step = c == AB_NONE ? 0 : ab_trace_cut_step(f->trace, c);
		ab_str_add(&exp, _("none (pruned)"));
		add_pruned_reason(gd, n, &why);
		ab_str_add(&why, _(", so it never gets a window."));
	} else {
		it->step = f->node[n].ret_step;
		add_window(true, st->alpha, true, st->beta, gd->tree->scale, gd->g, &exp);
		right = (!item->has_alpha || item->alpha == st->alpha) &&
			(!item->has_beta || item->beta == st->beta);
		ab_str_add(&why, _("When "));
		add_name(gd->tree, n, &why);
		ab_str_addf(&why, _(" returns (step %zu) its window is "), it->step);
		add_window(true, st->alpha, true, st->beta, gd->tree->scale, gd->g, &why);
		ab_str_addc(&why, '.');
	}
	settle(gd->out, it, &name, &exp, &giv, &why, right);
}

/* Which leaves the answer's list says are pruned (0/1 per node), or NULL
 * when it has no list. */
static uint8_t *claimed_pruned(const struct ab_tree *tree, const struct ab_answer *answer)
{
	for (size_t i = 0; i < answer->count; i++) {
		const struct ab_item *item = &answer->items[i];
		if (item->kind != AB_ITEM_PRUNED && item->kind != AB_ITEM_VISITED)
			continue;
		uint8_t *claimed = ab_xcalloc(tree->count, 1);
		if (item->kind == AB_ITEM_PRUNED) {
			for (uint32_t k = 0; k < item->count; k++)
				memset(claimed + item->nodes[k], 1,
				       tree->nodes[item->nodes[k]].end - item->nodes[k]);
		} else {
			memset(claimed, 1, tree->count);
			for (uint32_t k = 0; k < item->count; k++)
				claimed[item->nodes[k]] = 0;
		}
		return claimed;
	}
	return NULL;
}

/* Grades without diagnosis.  False when the trace is too long. */
static bool grade_plain(const struct ab_tree *tree, const struct ab_config *config,
			const struct ab_answer *answer, const struct ab_glyphs *g,
			struct ab_grade *out, struct facts *f)
{
	memset(out, 0, sizeof *out);
	out->config = *config;
	if (!gather(tree, config, f))
		return false;
	struct grader gd = { f, tree, g, config->strict, config->algo == AB_MINIMAX, out };
	uint8_t *claimed = claimed_pruned(tree, answer);
	for (size_t i = 0; i < answer->count; i++) {
		const struct ab_item *item = &answer->items[i];
		switch (item->kind) {
		case AB_ITEM_VALUE: grade_value(&gd, item); break;
		case AB_ITEM_BEST: grade_best(&gd, item); break;
		case AB_ITEM_PRUNED:
		case AB_ITEM_VISITED: grade_list(&gd, item, claimed); break;
		case AB_ITEM_BOUND: grade_bound(&gd, item); break;
		case AB_ITEM_WINDOW: grade_window(&gd, item); break;
		}
	}
	free(claimed);
	return true;
}

/* ---- Diagnosis: another convention ----------------------------------------- */

/* Whether the answer is entirely right under config. */
static bool all_right_under(const struct ab_tree *tree, const struct ab_config *config,
			    const struct ab_answer *answer, const struct ab_glyphs *g)
{
	struct ab_grade alt;
	struct facts f;
	bool ok = grade_plain(tree, config, answer, g, &alt, &f) && alt.right == alt.count;
	facts_free(&f);
	ab_grade_free(&alt);
	return ok;
}

/* Tries each single change of convention; appends the sentence for the
 * first that makes every item right. */
static bool diagnose_convention(const struct ab_tree *tree, const struct ab_config *asked,
				const struct ab_answer *answer, const struct ab_glyphs *g,
				struct ab_str *out)
{
	/* Conventions differ in their cuts: without a pruned: or visited: list
	 * and something more, "right under another convention" is too weak a
	 * hint to give. */
	bool has_list = false;
	for (size_t i = 0; i < answer->count; i++)
		has_list |= answer->items[i].kind == AB_ITEM_PRUNED ||
			    answer->items[i].kind == AB_ITEM_VISITED;
	if (asked->algo != AB_ALPHABETA || !has_list || answer->count < 2)
		return false;
	struct ab_config alt = *asked;
	alt.strict = !asked->strict;
	if (all_right_under(tree, &alt, answer, g)) {
		if (alt.strict)
			ab_str_addf(out, _("Your answer is right if ties are not pruned (cut only on %s > %s); this assignment prunes on %s %s %s."),
				    g->alpha, g->beta, g->alpha, g->ge, g->beta);
		else
			ab_str_addf(out, _("Your answer is right if ties are pruned (cut on %s %s %s); this assignment cuts only on %s > %s."),
				    g->alpha, g->ge, g->beta, g->alpha, g->beta);
		return true;
	}
	alt = *asked;
	alt.fail_hard = !asked->fail_hard;
	if (all_right_under(tree, &alt, answer, g)) {
		ab_str_add(out, alt.fail_hard
			? _("Your answer is right under fail-hard (a cut node returns its bound); this assignment is fail-soft (a node returns its best value).")
			: _("Your answer is right under fail-soft (a node returns its best value); this assignment is fail-hard (a cut node returns its bound)."));
		return true;
	}
	alt = *asked;
	alt.order = asked->order == AB_ORDER_GIVEN ? AB_ORDER_REVERSE : AB_ORDER_GIVEN;
	alt.seed = 0;
	if (all_right_under(tree, &alt, answer, g)) {
		struct ab_str order = AB_STR_INIT;
		ab_order_describe(asked, &order);
		if (alt.order == AB_ORDER_REVERSE)
			ab_str_add(out, _("Your answer is right if the children are searched last to first (order: reverse); this assignment searches them in the order given."));
		else
			ab_str_addf(out, _("Your answer is right if the children are searched in the order given; this assignment uses order %s."),
				    ab_str_cstr(&order));
		ab_str_free(&order);
		return true;
	}
	alt = *asked;
	enum ab_player root = ab_config_root(asked, tree);
	alt.root = root == AB_MAX ? AB_ROOT_IS_MIN : AB_ROOT_IS_MAX;
	if (all_right_under(tree, &alt, answer, g)) {
		ab_str_add(out, root == AB_MAX
			? _("Your answer is right if MIN moves at the root; here MAX moves at the root.")
			: _("Your answer is right if MAX moves at the root; here MIN moves at the root."));
		return true;
	}
	return false;
}

/* ---- A model of a mistake, not a search for the product -------------------
 *
 * The classic slip: while a child is still being searched, its running
 * value is already used as the parent's bound (MAX's α raised from a MIN
 * child's best so far, or MIN's β lowered from a MAX child's), and that
 * premature bound flows back into the child's window, so a leaf is cut too
 * early.  slip_model plays alpha-beta with that wrong rule (everywhere, or
 * only while the root's first child is searched) and reports which leaves
 * it would look at and where the rule first bit.  Its only use is to
 * compare with a wrong answer's cuts.
 */

struct slip_frame {
	uint32_t node, next;
	ab_value alpha, beta, value;
	uint32_t last;  /* the child that set value */
	bool cut;
};

struct slip {
	bool found;
	uint32_t ancestor, child, from; /* the bound raised at ancestor from child,
					   whose value came from from */
	ab_value value;
};

static uint8_t *slip_model(const struct ab_tree *tree, const struct ab_config *config,
			   bool first_child_only, struct slip *first)
{
	enum ab_player root = ab_config_root(config, tree);
	uint32_t *order = ab_xcalloc(tree->count, sizeof *order);
	ab_search_order(tree, config, order);
	uint8_t *looked = ab_xcalloc(tree->count, 1);
	struct slip_frame *stack = ab_xcalloc((size_t)tree->height + 1, sizeof *stack);
	memset(first, 0, sizeof *first);
	size_t top = 0;
	stack[0] = (struct slip_frame){ 0, 0, AB_NEG_INF, AB_POS_INF,
					root == AB_MAX ? AB_NEG_INF : AB_POS_INF, AB_NONE, false };
	uint32_t first_child = order[tree->nodes[0].first_kid];
	for (;;) {
		struct slip_frame *f = &stack[top];
		const struct ab_node *node = &tree->nodes[f->node];
		bool max = ab_player_at(tree, f->node, root) == AB_MAX;
		uint32_t child = AB_NONE;
		ab_value r = 0;
		if (!f->cut && f->next < node->nkids) {
			uint32_t kid = order[node->first_kid + f->next++];
			if (!ab_is_leaf(tree, kid)) {
				bool kmax = !max;
				stack[++top] = (struct slip_frame){ kid, 0, f->alpha, f->beta,
					kmax ? AB_NEG_INF : AB_POS_INF, AB_NONE, false };
				continue;
			}
			looked[kid] = 1;
			child = kid;
			r = tree->nodes[kid].value;
		} else {
			if (top == 0)
				break;
			child = f->node;
			r = f->value;
			f = &stack[--top];
			node = &tree->nodes[f->node];
			max = !max;
		}
		/* The correct part: the running value and the node's own bound. */
		if (max ? r > f->value : r < f->value) {
			f->value = r;
			f->last = child;
		}
		if (max && f->value > f->alpha)
			f->alpha = f->value;
		if (!max && f->value < f->beta)
			f->beta = f->value;
		/* The slip: the unfinished node's running value goes up to its
		 * parent's bound at once, and back down into its own window. */
		if (top > 0 && (!first_child_only || (top == 1 && f->node == first_child))) {
			struct slip_frame *up = &stack[top - 1];
			bool raised = false;
			if (max && f->value < up->beta) {   /* up is MIN */
				up->beta = f->value;
				raised = true;
			} else if (!max && f->value > up->alpha) { /* up is MAX */
				up->alpha = f->value;
				raised = true;
			}
			if (raised && !first->found) {
				*first = (struct slip){ true, up->node, f->node, f->last, f->value };
			}
			if (f->alpha < up->alpha)
				f->alpha = up->alpha;
			if (f->beta > up->beta)
				f->beta = up->beta;
		}
		bool cut = config->strict ? f->alpha > f->beta : f->alpha >= f->beta;
		if (f->next < node->nkids && cut)
			f->cut = true;
	}
	free(stack);
	free(order);
	return looked;
}

/* Whether the answer's cuts are exactly those of the slip; if so, appends
 * the explanation. */
static bool diagnose_slip(const struct ab_tree *tree, const struct ab_config *asked,
			  const struct ab_answer *answer, const struct facts *f,
			  const struct ab_glyphs *g, struct ab_str *out)
{
	if (asked->algo != AB_ALPHABETA || ab_is_leaf(tree, 0))
		return false;
	uint8_t *claimed = claimed_pruned(tree, answer);
	if (!claimed)
		return false;
	bool found = false;
	for (int scope = 0; scope < 2 && !found; scope++) {
		struct slip first;
		uint8_t *looked = slip_model(tree, asked, scope == 0, &first);
		bool same = first.found, differs = false;
		for (uint32_t n = 0; n < tree->count && same; n++) {
			if (!ab_is_leaf(tree, n))
				continue;
			same = !claimed[n] == !!looked[n];
			if (!looked[n] != !visited(f, n))
				differs = true;
		}
		if (same && differs) {
			found = true;
			bool max_up = ab_player_at(tree, first.ancestor, f->trace->root_player) == AB_MAX;
			uint32_t *early = ab_xreallocarray(NULL, tree->leaves, sizeof *early);
			uint32_t count = 0;
			for (uint32_t n = 0; n < tree->count; n++)
				if (ab_is_leaf(tree, n) && !looked[n] && visited(f, n))
					early[count++] = n;
			struct ab_str up = AB_STR_INIT, child = AB_STR_INIT, from = AB_STR_INIT,
				      value = AB_STR_INIT, skipped = AB_STR_INIT;
			add_name(tree, first.ancestor, &up);
			add_name(tree, first.child, &child);
			add_name(tree, first.from, &from);
			add_value(first.value, tree->scale, g, &value);
			ab_narrate_names(tree, early, count, 8, &skipped);
			/* One sentence, so a translation can order its parts. */
			ab_str_addf(out, max_up
				    ? _("Your cuts match a classic slip: raising %s's %s to %s from %s's running value (after %s) while %s is still being searched. %s's value is not known until it returns (step %u), and only then may %s take it, so %s must still be looked at.")
				    : _("Your cuts match a classic slip: lowering %s's %s to %s from %s's running value (after %s) while %s is still being searched. %s's value is not known until it returns (step %u), and only then may %s take it, so %s must still be looked at."),
				    ab_str_cstr(&up), max_up ? g->alpha : g->beta, ab_str_cstr(&value),
				    ab_str_cstr(&child), ab_str_cstr(&from), ab_str_cstr(&child),
				    ab_str_cstr(&child), f->node[first.child].ret_step,
				    max_up ? g->alpha : g->beta, ab_str_cstr(&skipped));
			ab_str_free(&up);
			ab_str_free(&child);
			ab_str_free(&from);
			ab_str_free(&value);
			ab_str_free(&skipped);
			free(early);
		}
		free(looked);
	}
	free(claimed);
	return found;
}

/* ---- The interface ----------------------------------------------------------- */

bool ab_grade_answer(const struct ab_tree *tree, const struct ab_config *config,
		     const struct ab_answer *answer, const struct ab_glyphs *g,
		     struct ab_grade *out)
{
	struct facts f;
	if (!grade_plain(tree, config, answer, g, out, &f)) {
		facts_free(&f);
		ab_grade_free(out);
		return false;
	}
	if (out->right < out->count) {
		struct ab_str note = AB_STR_INIT;
		if (diagnose_convention(tree, config, answer, g, &note) ||
		    diagnose_slip(tree, config, answer, &f, g, &note))
			out->diagnosis = take(&note);
		ab_str_free(&note);
	}
	facts_free(&f);
	return true;
}

void ab_grade_free(struct ab_grade *grade)
{
	for (size_t i = 0; i < grade->count; i++) {
		struct ab_grade_item *it = &grade->items[i];
		free(it->nodes);
		free(it->name);
		free(it->expected);
		free(it->given);
		free(it->why);
	}
	free(grade->items);
	free(grade->diagnosis);
	memset(grade, 0, sizeof *grade);
}

const struct ab_grade_item *ab_grade_first_mistake(const struct ab_grade *grade)
{
	for (size_t i = 0; i < grade->count; i++)
		if (!grade->items[i].right)
			return &grade->items[i];
	return NULL;
}

const struct ab_grade_item *ab_grade_item_for(const struct ab_grade *grade,
					      const struct ab_tree *tree,
					      uint32_t n)
{
	for (size_t i = 0; i < grade->count; i++) {
		const struct ab_grade_item *it = &grade->items[i];
		if (it->kind == AB_GRADE_PRUNED && it->node <= n &&
		    n < tree->nodes[it->node].end)
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

/* ---- Reports ----------------------------------------------------------------- */

void ab_grade_text(const struct ab_grade *grade, const struct ab_glyphs *g,
		   struct ab_str *out)
{
	const char *ok = g->ascii ? "ok   " : "✓";
	const char *bad = g->ascii ? "WRONG" : "✗";
	for (size_t i = 0; i < grade->count; i++) {
		const struct ab_grade_item *it = &grade->items[i];
		ab_str_addf(out, "%s %s: %s", it->right ? ok : bad, it->name, it->given);
		if (!it->right)
			ab_str_addf(out, _(" (expected %s) %s %s"), it->expected, g->dash, it->why);
		ab_str_addc(out, '\n');
	}
	/* Rounded to the nearest percent, but never up to 100 with a mistake. */
	unsigned percent = grade->count ? (unsigned)((200 * grade->right + grade->count) / (2 * grade->count)) : 100;
	if (percent == 100 && grade->right < grade->count)
		percent = 99;
	ab_str_addf(out, _("Score: %zu/%zu (%u%%)\n"), grade->right, grade->count, percent);
	if (grade->diagnosis)
		ab_str_addf(out, _("Diagnosis: %s\n"), grade->diagnosis);
}

static void json_field(const char *key, const char *value, struct ab_str *out)
{
	ab_str_addf(out, "\"%s\":", key);
	if (value)
		ab_json_string(value, out);
	else
		ab_str_add(out, "null");
}

void ab_grade_json(const struct ab_grade *grade, const char *file,
		   struct ab_str *out)
{
	double score = grade->count ? (double)grade->right / (double)grade->count : 1.0;
	ab_str_addc(out, '{');
	if (file) {
		json_field("file", file, out);
		ab_str_addc(out, ',');
	}
	struct ab_str rules = AB_STR_INIT;
	ab_config_describe(&grade->config, true, &rules);
	json_field("rules", ab_str_cstr(&rules), out);
	ab_str_free(&rules);
	ab_str_addf(out, ",\"score\":%.4g,\"right\":%zu,\"total\":%zu,", score,
		    grade->right, grade->count);
	json_field("diagnosis", grade->diagnosis, out);
	ab_str_add(out, ",\"items\":[");
	for (size_t i = 0; i < grade->count; i++) {
		const struct ab_grade_item *it = &grade->items[i];
		ab_str_add(out, i ? ",{" : "{");
		json_field("name", it->name, out);
		ab_str_addc(out, ',');
		json_field("expected", it->expected, out);
		ab_str_addc(out, ',');
		json_field("given", it->given, out);
		ab_str_addf(out, ",\"right\":%s,", it->right ? "true" : "false");
		json_field("why", it->why, out);
		ab_str_addf(out, ",\"step\":%zu,\"line\":%u}", it->step, it->line);
	}
	ab_str_add(out, "]}");
}
