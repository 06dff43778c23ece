/* lesson_check.c - holding a lesson's claims and its questions' answers
 * against the recorded search, so a lesson cannot say what the program
 * does not show. */
#include "lessons/lesson.h"

#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "views/narrate.h"
#include "views/stats.h"

struct checker {
	const struct ab_lesson *lesson;
	struct ab_diag *fails;
	size_t nfails;
	struct ab_str msg;
	struct ab_lines lines;  /* where each failure is: one index */
};

static bool same_config(const struct ab_config *a, const struct ab_config *b)
{
	return !(ab_config_differ(a, b) & ~AB_PART_VIEW); /* the view changes no claim */
}

static void failed(struct checker *ck, size_t pos)
{
	ck->fails = ab_xgrow(ck->fails, ck->nfails, sizeof *ck->fails);
	ab_diag_at_lines(&ck->fails[ck->nfails++], &ck->lines, pos, "%s",
			 ab_str_cstr(&ck->msg));
}

static void name(const struct ab_tree *tree, uint32_t n, struct ab_str *out)
{
	ab_tree_name(tree, n, out);
}

/* A node's name as a C string in a ring of buffers, for one message's
 * arguments (at most four at a time). */
static const char *nm(const struct ab_tree *tree, uint32_t n)
{
	static struct ab_str ring[4];
	static unsigned next;
	struct ab_str *s = &ring[next++ % 4];
	ab_str_clear(s);
	name(tree, n, s);
	return ab_str_cstr(s);
}

static void interval(ab_value lo, ab_value hi, int64_t scale, struct ab_str *out)
{
	size_t before = out->len;
	ab_format_interval(lo, hi, scale, &ab_glyphs_ascii, out);
	if (out->len == before)
		ab_str_add(out, _("unbounded"));
}

/* A claim's number as the lesson wrote it (in the tree's unit, one no
 * value of the tree can equal is only AB_VALUE_OFF_GRID). */
static void add_said(struct ab_lesson_number v, struct ab_str *out)
{
	if (v.inf)
		ab_str_add(out, v.inf < 0 ? "-inf" : "+inf");
	else
		ab_exact_format(v.x, out);
}

/* The same for a bound or an interval, as interval() writes one. */
static void said_interval(const struct ab_lesson_claim *c, struct ab_str *out)
{
	struct ab_lesson_number lo = c->said_lo, hi = c->said_hi;
	bool same = !lo.inf && !hi.inf && lo.x.num == hi.x.num && lo.x.den == hi.x.den;
	if (same) {
		ab_str_add(out, "= ");
		add_said(lo, out);
	} else if (lo.inf < 0 && hi.inf > 0) {
		ab_str_add(out, _("unbounded"));
	} else if (lo.inf < 0) {
		ab_str_add(out, "<= ");
		add_said(hi, out);
	} else if (hi.inf > 0) {
		ab_str_add(out, ">= ");
		add_said(lo, out);
	} else {
		ab_str_add(out, "in [");
		add_said(lo, out);
		ab_str_add(out, ", ");
		add_said(hi, out);
		ab_str_add(out, "]");
	}
}

static void names_of(const struct ab_tree *tree, const uint32_t *nodes, uint32_t n,
		     struct ab_str *out)
{
	if (n == 0)
		ab_str_add(out, _("none"));
	ab_narrate_names(tree, nodes, n, 16, out);
}

/* The first step after step whose record is of kind (or of enter/leaf
 * when visits), or 0. */
static size_t next_step(const struct ab_trace *trace, size_t step, int kind, bool visits)
{
	for (size_t s = step + 1; s <= trace->length; s++) {
		int k = trace->records[s - 1].kind;
		if (visits ? (k == AB_EV_ENTER || k == AB_EV_LEAF) : k == kind)
			return s;
	}
	return 0;
}

/* The step of NODE's event of kind: the next at or after step from, else
 * the first in the search; 0 when there is none. */
static size_t event_of(const struct ab_trace *trace, int kind, uint32_t node, size_t from)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t s = pass ? 1 : (from ? from : 1); s <= trace->length; s++)
			if (trace->records[s - 1].kind == kind && trace->records[s - 1].node == node)
				return s;
	return 0;
}

/* What the probe of node at or after step from found: enum ab_tt_use, or
 * -1 when it never probes. */
static int probe_use(const struct ab_trace *trace, uint32_t node, size_t from, size_t *step)
{
	*step = event_of(trace, AB_EV_PROBE, node, from);
	const struct ab_trace_tt *x = ab_trace_tt_at(trace, *step);
	return x ? x->use : -1;
}

/* The words for a use as a lesson writes it. */
static const char *use_word(int use)
{
	return use == -2 ? "hit" : use < 0 ? "no probe" : ab_tt_use_word((enum ab_tt_use)use);
}

static bool use_matches(int want, int use)
{
	return use >= 0 && (want == -2 ? use != AB_TT_MISS : want == use);
}

/* The pruned children of the cutoff at step s. */
static uint32_t pruned_at(struct ab_trace *trace, size_t s, uint32_t **nodes)
{
	ab_trace_seek(trace, s);
	struct ab_event ev;
	ab_trace_event(trace, &ev);
	*nodes = ab_xcalloc(ev.npruned ? ev.npruned : 1, sizeof **nodes);
	memcpy(*nodes, ev.pruned, ev.npruned * sizeof **nodes);
	return ev.npruned;
}

/* The interval a node is proved to lie in by the end, or false when it was
 * never reached. */
static bool final_interval(struct ab_trace *trace, uint32_t n, ab_value *lo, ab_value *hi)
{
	ab_trace_seek(trace, trace->length);
	const struct ab_node_state *st = ab_trace_node(trace, n);
	if (st->status != AB_DONE)
		return false;
	*lo = st->lo;
	*hi = st->hi;
	return true;
}

static void check_claim(struct checker *ck, const struct ab_lesson_block *b,
			const struct ab_lesson_claim *c)
{
	const struct ab_lesson *lesson = ck->lesson;
	const struct ab_tree *tree = lesson->tree;
	struct ab_trace *trace = lesson->trace, *own = NULL;
	if (!same_config(&c->config, &lesson->config)) {
		const char *refusal = ab_config_bug_refusal(&c->config, tree);
		if (refusal) {
			ab_str_clear(&ck->msg);
			ab_str_addf(&ck->msg, "bug=%s: %s", ab_bug_id(c->config.bug), refusal);
			failed(ck, c->pos);
			return;
		}
		own = ab_trace_record(tree, &c->config);
		if (!own) {
			ab_str_clear(&ck->msg);
			ab_str_add(&ck->msg, _("the search under these words is too long"));
			failed(ck, c->pos);
			return;
		}
		trace = own;
	}
	struct ab_str *m = &ck->msg;
	ab_str_clear(m);
	ab_value lo, hi;
	uint32_t n = c->subject.node;
	switch (c->kind) {
	case AB_CLAIM_LEAVES:
		if (trace->leaves_visited != (uint64_t)c->number)
			ab_str_addf(m, _("the search looks at %u leaves, not %lld"),
				    trace->leaves_visited, (long long)c->number);
		break;
	case AB_CLAIM_NODES:
		if (trace->nodes_visited != (uint64_t)c->number)
			ab_str_addf(m, _("the search enters %u inner nodes, not %lld"),
				    trace->nodes_visited, (long long)c->number);
		break;
	case AB_CLAIM_KNUTH_MOORE: {
		uint32_t branching, depth;
		if (!ab_tree_uniform(tree, &branching, &depth))
			ab_str_add(m, _("the tree is not uniform, so it has no Knuth-Moore figure"));
		else if (ab_knuth_moore(branching, depth) != (uint64_t)c->number)
			ab_str_addf(m, _("the Knuth-Moore figure is %llu, not %lld"),
				    (unsigned long long)ab_knuth_moore(branching, depth),
				    (long long)c->number);
		break;
	}
	case AB_CLAIM_VALUE:
		if (!final_interval(trace, n, &lo, &hi)) {
			ab_str_addf(m, _("%s is never reached"), nm(tree, n));
		} else if (lo != c->lo || hi != c->hi) {
			struct ab_str got = AB_STR_INIT, said = AB_STR_INIT;
			interval(lo, hi, tree->scale, &got);
			said_interval(c, &said);
			ab_str_addf(m, _("%s is proved %s, not %s"), nm(tree, n), got.s, said.s);
			ab_str_free(&got);
			ab_str_free(&said);
		}
		break;
	case AB_CLAIM_RETURNS: {
		ab_value got = 0;
		bool found = false;
		if (ab_is_leaf(tree, n)) {
			found = ab_trace_visit_step(trace, n) != 0;
			got = tree->nodes[n].value;
		} else {
			for (size_t s = 1; s <= trace->length && !found; s++) {
				if (trace->records[s - 1].kind == AB_EV_RETURN &&
				    trace->records[s - 1].node == n) {
					ab_trace_seek(trace, s);
					struct ab_event ev;
					ab_trace_event(trace, &ev);
					got = ev.value;
					found = true;
				}
			}
		}
		if (!found) {
			ab_str_addf(m, _("%s never returns: it is not reached"), nm(tree, n));
		} else if (got != c->number) {
			struct ab_str v = AB_STR_INIT, w = AB_STR_INIT;
			ab_format_value(got, tree->scale, &ab_glyphs_ascii, &v);
			add_said(c->said_number, &w);
			ab_str_addf(m, _("%s returns %s, not %s"), nm(tree, n), v.s, w.s);
			ab_str_free(&v);
			ab_str_free(&w);
		}
		break;
	}
	case AB_CLAIM_CUTOFF: {
		uint32_t s = ab_trace_cut_step(trace, n);
		if (s == 0) {
			ab_str_addf(m, _("no cutoff at %s"), nm(tree, n));
			break;
		}
		const struct ab_record *r = &trace->records[s - 1];
		if (c->by.name && (uint32_t)r->c != c->by.node) {
			ab_str_addf(m, _("the cutoff at %s is fired by %s"), nm(tree, n),
				    nm(tree, (uint32_t)r->c));
		} else if (c->deep && !r->deep) {
			ab_str_addf(m, _("the cutoff at %s is not deep: its parent's bound fires it"),
				    nm(tree, n));
		} else if (c->has_pruned) {
			uint32_t *nodes;
			uint32_t count = pruned_at(trace, s, &nodes);
			if (!ab_lesson_same_nodes(c->list, c->nlist, nodes, count)) {
				struct ab_str skipped = AB_STR_INIT;
				names_of(tree, nodes, count, &skipped);
				ab_str_addf(m, _("the cutoff at %s skips %s"), nm(tree, n), skipped.s);
				ab_str_free(&skipped);
			}
			free(nodes);
		}
		break;
	}
	case AB_CLAIM_NOCUT:
		if (ab_trace_cut_step(trace, n))
			ab_str_addf(m, _("a cutoff fires at %s (step %u)"), nm(tree, n),
				    ab_trace_cut_step(trace, n));
		break;
	case AB_CLAIM_PRUNED: {
		uint32_t *unseen = ab_xcalloc(tree->leaves, sizeof *unseen), count = 0;
		for (uint32_t k = 0; k < tree->count; k++)
			if (ab_is_leaf(tree, k) && ab_trace_visit_step(trace, k) == 0)
				unseen[count++] = k;
		if (!ab_lesson_same_nodes(c->list, c->nlist, unseen, count)) {
			struct ab_str list = AB_STR_INIT;
			names_of(tree, unseen, count, &list);
			ab_str_addf(m, _("the leaves never looked at are %s"), list.s);
			ab_str_free(&list);
		}
		free(unseen);
		break;
	}
	case AB_CLAIM_BEST: {
		uint32_t best = trace->length ? (uint32_t)trace->records[trace->length - 1].c : AB_NONE;
		if (best != n)
			ab_str_addf(m, _("the best move is %s"), best == AB_NONE ? _("none") : nm(tree, best));
		break;
	}
	case AB_CLAIM_WINDOW: {
		uint32_t s = ab_trace_visit_step(trace, n);
		if (ab_is_leaf(tree, n)) {
			ab_str_addf(m, _("%s is a leaf: it has no window"), nm(tree, n));
		} else if (s == 0) {
			ab_str_addf(m, _("%s is never entered"), nm(tree, n));
		} else if (trace->records[s - 1].a != c->lo || trace->records[s - 1].b != c->hi) {
			struct ab_str w = AB_STR_INIT;
			ab_format_window(trace->records[s - 1].a, trace->records[s - 1].b,
					 tree->scale, &ab_glyphs_ascii, &w);
			ab_str_addf(m, _("%s is entered with the window %s"), nm(tree, n), w.s);
			ab_str_free(&w);
		}
		break;
	}
	case AB_CLAIM_HITS: {
		uint32_t hits = 0;
		for (size_t s = 1; s <= trace->length; s++) {
			const struct ab_trace_tt *x = ab_trace_tt_at(trace, s);
			hits += x && trace->records[s - 1].kind == AB_EV_PROBE && x->use != AB_TT_MISS;
		}
		if (hits != (uint64_t)c->number)
			ab_str_addf(m, _("%u probes find an entry, not %lld"), hits, (long long)c->number);
		break;
	}
	case AB_CLAIM_PROBE: {
		size_t s;
		int use = probe_use(trace, n, b->step, &s);
		if (use < 0)
			ab_str_addf(m, _("%s never probes the table"), nm(tree, n));
		else if (!use_matches(c->use, use))
			ab_str_addf(m, _("%s's probe (step %zu) is %s"), nm(tree, n), s, use_word(use));
		break;
	}
	case AB_CLAIM_STORED: {
		size_t s = event_of(trace, AB_EV_STORE, n, b->step);
		const struct ab_trace_tt *x = ab_trace_tt_at(trace, s);
		if (!x) {
			ab_str_addf(m, _("%s stores nothing in the table"), nm(tree, n));
		} else if ((int)x->entry.flag != c->flag ||
			   (c->has_value && x->entry.value != c->number)) {
			struct ab_str v = AB_STR_INIT;
			ab_format_value(x->entry.value, tree->scale, &ab_glyphs_ascii, &v);
			ab_str_addf(m, _("%s stores %s %s (step %zu)"), nm(tree, n),
				    ab_tt_flag_word(x->entry.flag), v.s, s);
			ab_str_free(&v);
		}
		break;
	}
	case AB_CLAIM_RESEARCH:
		if (!event_of(trace, AB_EV_RESEARCH, n, 0))
			ab_str_addf(m, _("%s is never searched again"), nm(tree, n));
		break;
	case AB_CLAIM_TYPE: {
		ab_trace_seek(trace, trace->length);
		enum ab_node_type type = ab_trace_node_type(trace, n);
		if ((int)type != c->flag)
			ab_str_addf(m, _("%s's type is %s"), nm(tree, n),
				    type == AB_TYPE_NONE ? _("none") : ab_node_type_name(type));
		break;
	}
	case AB_CLAIM_EVENT: {
		size_t s = b->step;
		if (s == 0 || s > trace->length) {
			ab_str_addf(m, _("step %zu has no event"), s);
			break;
		}
		const struct ab_record *r = &trace->records[s - 1];
		if (r->kind != c->event || (c->subject.name && r->node != n)) {
			ab_str_addf(m, _("step %zu is a %s event at %s"), s,
				    ab_event_kind_name((enum ab_event_kind)r->kind), nm(tree, r->node));
		}
		break;
	}
	}
	if (m->len)
		failed(ck, c->pos);
	ab_trace_free(own);
}

static void check_question(struct checker *ck, const struct ab_lesson_block *b,
			   const struct ab_lesson_question *q)
{
	const struct ab_lesson *lesson = ck->lesson;
	const struct ab_tree *tree = lesson->tree;
	struct ab_trace *trace = lesson->trace;
	struct ab_str *m = &ck->msg;
	ab_str_clear(m);
	size_t s;
	switch (q->kind) {
	case AB_ASK_NEXT:
		s = next_step(trace, b->step, 0, true);
		if (!s) {
			ab_str_add(m, _("nothing is visited after this step"));
		} else if (trace->records[s - 1].node != q->subject.node) {
			ab_str_addf(m, _("the next node visited is %s"), nm(tree, trace->records[s - 1].node));
		}
		break;
	case AB_ASK_PRUNED:
		s = next_step(trace, b->step, AB_EV_CUTOFF, false);
		if (!s) {
			ab_str_add(m, _("no cutoff comes after this step"));
		} else {
			uint32_t *nodes;
			uint32_t count = pruned_at(trace, s, &nodes);
			if (!ab_lesson_same_nodes(q->list, q->nlist, nodes, count)) {
				struct ab_str list = AB_STR_INIT;
				names_of(tree, nodes, count, &list);
				ab_str_addf(m, _("the next cutoff skips %s"), list.s);
				ab_str_free(&list);
			}
			free(nodes);
		}
		break;
	case AB_ASK_VALUE: {
		ab_value lo, hi;
		if (!final_interval(trace, q->subject.node, &lo, &hi)) {
			ab_str_addf(m, _("%s is never reached"), nm(tree, q->subject.node));
		} else if (lo != q->lo || hi != q->hi) {
			struct ab_str got = AB_STR_INIT;
			interval(lo, hi, tree->scale, &got);
			ab_str_addf(m, _("%s is proved %s"), nm(tree, q->subject.node), got.s);
			ab_str_free(&got);
		}
		break;
	}
	case AB_ASK_PROBE: {
		int use = probe_use(trace, q->subject.node, b->step, &s);
		if (use < 0)
			ab_str_addf(m, _("%s never probes the table"), nm(tree, q->subject.node));
		else if (!use_matches(q->use, use))
			ab_str_addf(m, _("%s's probe (step %zu) is %s"), nm(tree, q->subject.node), s,
				    use_word(use));
		break;
	}
	case AB_ASK_FLAG: {
		size_t s2 = event_of(trace, AB_EV_STORE, q->subject.node, b->step);
		const struct ab_trace_tt *x = ab_trace_tt_at(trace, s2);
		if (!x)
			ab_str_addf(m, _("%s stores nothing in the table"), nm(tree, q->subject.node));
		else if ((int)x->entry.flag != q->flag)
			ab_str_addf(m, _("%s's entry is stored %s (step %zu)"), nm(tree, q->subject.node),
				    ab_tt_flag_word(x->entry.flag), s2);
		break;
	}
	case AB_ASK_EVENT:
		if (b->step >= trace->length)
			ab_str_add(m, _("no event comes after the last step"));
		else if (trace->records[b->step].kind != q->event)
			ab_str_addf(m, _("the next event is %s"),
				    ab_event_kind_name((enum ab_event_kind)trace->records[b->step].kind));
		break;
	}
	if (m->len) {
		struct ab_str full = AB_STR_INIT;
		ab_str_addf(&full, _("the answer '%s' is wrong: %s"), q->answer, ab_str_cstr(m));
		ab_str_clear(m);
		ab_str_add(m, full.s);
		ab_str_free(&full);
		failed(ck, q->pos);
	}
}

size_t ab_lesson_check(const struct ab_lesson *lesson, struct ab_diag **failures)
{
	struct checker ck = { .lesson = lesson, .msg = AB_STR_INIT };
	ab_lines_init(&ck.lines, lesson->text, lesson->len);
	size_t step = lesson->trace->step;
	for (size_t b = 0; b < lesson->nblocks; b++) {
		const struct ab_lesson_block *block = &lesson->blocks[b];
		for (size_t i = 0; i < block->nclaims; i++)
			check_claim(&ck, block, &block->claims[i]);
		for (size_t i = 0; i < block->nquestions; i++)
			check_question(&ck, block, &block->questions[i]);
	}
	ab_trace_seek(lesson->trace, step);
	ab_str_free(&ck.msg);
	ab_lines_free(&ck.lines);
	if (failures)
		*failures = ck.fails;
	else
		free(ck.fails);
	return ck.nfails;
}
