/* test_trace.c - the recorded trace: records are compact, stepping back and
 * forth reproduces the state a fresh replay reaches, and the state says
 * what the lecture notes say at each point. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse.h"
#include "randtree.h"
#include "testutil.h"
#include "core/trace.h"

static struct ab_tree *parse(const char *text)
{
	struct ab_diag diag;
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	ck_assert_msg(tree != NULL, "%s: %s", text, diag.message);
	return tree;
}

START_TEST(record_is_32_bytes)
{
	ck_assert_uint_le(sizeof(struct ab_record), 32);
}
END_TEST

/* Two states are the same where it matters: what a viewer can see. */
static void assert_same_state(const struct ab_trace *a, const struct ab_trace *b,
			      size_t step)
{
	ck_assert_uint_eq(a->step, b->step);
	ck_assert_uint_eq(a->leaves_now, b->leaves_now);
	ck_assert_uint_eq(a->nodes_now, b->nodes_now);
	for (uint32_t n = 0; n < a->tree->count; n++) {
		const struct ab_node_state *x = &a->state[n], *y = &b->state[n];
		ck_assert_msg(x->status == y->status, "step %zu node %u: status", step, n);
		ck_assert_msg(x->earlier == y->earlier, "step %zu node %u: earlier", step, n);
		ck_assert_msg(x->type == y->type, "step %zu node %u: type", step, n);
		ck_assert_msg(x->cut == y->cut || x->status == AB_UNVISITED,
			      "step %zu node %u: cut", step, n);
		ck_assert(ab_trace_pruned(a, n) == ab_trace_pruned(b, n));
		if (x->status == AB_UNVISITED)
			continue;
		ck_assert_msg(x->lo == y->lo && x->hi == y->hi, "step %zu node %u: interval", step, n);
		ck_assert_msg(x->value == y->value, "step %zu node %u: value", step, n);
		if (a->tree->nodes[n].nkids)
			ck_assert_msg(x->alpha == y->alpha && x->beta == y->beta,
				      "step %zu node %u: window", step, n);
	}
	ck_assert_uint_eq(ab_trace_current(a), ab_trace_current(b));
	/* The transposition table's slots. */
	uint32_t na, nb;
	const struct ab_tt_entry *ta = ab_trace_table(a, &na), *tb = ab_trace_table(b, &nb);
	ck_assert_uint_eq(na, nb);
	ck_assert((ta == NULL) == (tb == NULL));
	for (uint32_t i = 0; ta && i < na; i++)
		ck_assert_msg(memcmp(&ta[i], &tb[i], sizeof ta[i]) == 0,
			      "step %zu slot %u: table", step, i);
}

/* Wander back and forth at random; at every stop compare with a fresh
 * trace moved forward from step 0. */
static void check_stepping(int _i)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, (uint64_t)_i + 31);
	struct randtree_shape shape = { 1, 1 + (uint32_t)ab_rng_below(&rng, 5),
					1 + (uint32_t)ab_rng_below(&rng, 6), false,
					-4, 4, false };
	/* Every third a DAG searched with the table (some iteratively). */
	bool table = _i % 3 == 2;
	struct ab_tree *tree = table ? randdag(&rng, &shape, 50, _i % 2, true)
				     : randtree(&rng, &shape);
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.fail = (enum ab_fail)(_i % 3); /* soft, hard, clamp */
	c.strict = (_i / 2) % 2;
	c.algo = _i % 7 == 0 ? AB_MINIMAX : AB_ALPHABETA;
	c.order = (enum ab_order)(_i % 7);
	c.tt = table;
	c.tt_slots = table ? (uint32_t)(_i % 4) : 0;
	c.iterative = table && _i % 2 && _i % 5 < 2;
	/* PVS on half, aspiration windows on the iterative ones: nodes
	 * entered again after a research event. */
	c.pvs = _i % 4 < 2;
	if (c.iterative)
		c.aspiration = (struct ab_exact){ 1 + _i % 3, 1 };
	struct ab_trace *walker = ab_trace_record(tree, &c);
	ck_assert_ptr_nonnull(walker);
	for (int hop = 0; hop < 12; hop++) {
		size_t target = (size_t)ab_rng_below(&rng, walker->length + 1);
		ab_trace_seek(walker, target);
		struct ab_trace *fresh = ab_trace_record(tree, &c);
		ck_assert_uint_eq(fresh->step, 0);
		while (fresh->step < target)
			ab_trace_forward(fresh);
		assert_same_state(walker, fresh, target);
		/* The event decoded after a walk equals the one after a replay. */
		if (target) {
			struct ab_event e1, e2;
			ab_trace_event(walker, &e1);
			ab_trace_event(fresh, &e2);
			ck_assert_int_eq(e1.kind, e2.kind);
			ck_assert(e1.value == e2.value && e1.lo == e2.lo && e1.hi == e2.hi);
			ck_assert_uint_eq(e1.npruned, e2.npruned);
		}
		ab_trace_free(fresh);
	}
	ab_trace_free(walker);
	ab_tree_free(tree);
}

START_TEST(stepping_matches_recomputation)
{
	for (int i = 0; i < 300; i++)
		check_stepping(i);
}
END_TEST

/* The decoded events equal what the search sent. */
struct sent {
	struct ab_event *events;
	uint32_t *pruned;
	size_t count, npruned;
	uint32_t *order;          /* order events' lists, as pruned's */
	uint8_t *why;
	uint64_t *scores;
	size_t norder;
};

static int keep(void *ctx, const struct ab_event *ev)
{
	struct sent *s = ctx;
	s->events = realloc(s->events, (s->count + 1) * sizeof *s->events);
	s->events[s->count] = *ev;
	s->pruned = realloc(s->pruned, (s->npruned + ev->npruned + 1) * sizeof *s->pruned);
	if (ev->npruned)
		memcpy(s->pruned + s->npruned, ev->pruned, ev->npruned * sizeof *s->pruned);
	s->events[s->count].pruned = (const uint32_t *)(uintptr_t)s->npruned;
	s->npruned += ev->npruned;
	if (ev->kind == AB_EV_ORDER) {
		size_t n = s->norder + ev->norder + 1;
		s->order = realloc(s->order, n * sizeof *s->order);
		s->why = realloc(s->why, n);
		s->scores = realloc(s->scores, n * sizeof *s->scores);
		for (uint32_t i = 0; i < ev->norder; i++) {
			s->order[s->norder + i] = ev->order[i];
			s->why[s->norder + i] = ev->why[i];
			s->scores[s->norder + i] = ev->scores ? ev->scores[i] : 0;
		}
		s->events[s->count].order = (const uint32_t *)(uintptr_t)s->norder;
		s->norder += ev->norder;
	}
	s->count++;
	return 0;
}

static void check_decoding(int _i)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, (uint64_t)_i + 500);
	struct randtree_shape shape = { 1, 4, 5, false, -3, 3, false };
	bool table = _i % 2;
	struct ab_tree *tree = table ? randdag(&rng, &shape, 50, _i % 4 == 1, true)
				     : randtree(&rng, &shape);
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.fail = (enum ab_fail)(_i % 3); /* soft, hard, clamp */
	c.order = (enum ab_order)(_i % 7); /* killer and history too */
	c.tt = table;
	c.tt_slots = (uint32_t)(_i % 3);
	c.iterative = _i % 4 == 1;
	c.strict = _i % 8 == 3;
	c.pvs = _i % 3 != 0;
	if (c.iterative && _i % 8 == 1)
		c.aspiration = (struct ab_exact){ 1, 1 };
	struct sent s = { 0 };
	struct ab_sink sink = { keep, &s, AB_EVENT_ALL };
	ck_assert_int_eq(ab_search(tree, &c, &sink), 0);
	struct ab_trace *trace = ab_trace_record(tree, &c);
	ck_assert_uint_eq(trace->length, s.count);
	for (size_t i = 0; i < s.count; i++) {
		ck_assert(ab_trace_forward(trace));
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		const struct ab_event *want = &s.events[i];
		ck_assert_int_eq(ev.kind, want->kind);
		ck_assert_uint_eq(ev.node, want->node);
		switch (ev.kind) {
		case AB_EV_ENTER:
			ck_assert(ev.alpha == want->alpha && ev.beta == want->beta);
			break;
		case AB_EV_LEAF:
			ck_assert(ev.value == want->value);
			break;
		case AB_EV_UPDATE:
			ck_assert(ev.what == want->what && ev.old == want->old &&
				  ev.new_ == want->new_);
			break;
		case AB_EV_CUTOFF:
			ck_assert(ev.alpha == want->alpha && ev.beta == want->beta);
			ck_assert(ev.by == want->by && ev.deep == want->deep);
			ck_assert_uint_eq(ev.npruned, want->npruned);
			ck_assert(memcmp(ev.pruned, s.pruned + (uintptr_t)want->pruned,
					 ev.npruned * sizeof *ev.pruned) == 0);
			break;
		case AB_EV_RETURN:
			ck_assert(ev.value == want->value && ev.lo == want->lo &&
				  ev.hi == want->hi);
			break;
		case AB_EV_DONE:
		case AB_EV_RESULT:
			ck_assert(ev.value == want->value && ev.best == want->best);
			ck_assert_uint_eq(ev.leaves_visited, want->leaves_visited);
			ck_assert_uint_eq(ev.nodes_visited, want->nodes_visited);
			break;
		case AB_EV_ITERATION:
			ck_assert_uint_eq(ev.depth, want->depth);
			break;
		case AB_EV_RESEARCH:
			ck_assert(ev.alpha == want->alpha && ev.beta == want->beta &&
				  ev.value == want->value && ev.lo == want->lo &&
				  ev.hi == want->hi);
			break;
		case AB_EV_ORDER: {
			size_t at = (uintptr_t)want->order;
			ck_assert_uint_eq(ev.norder, want->norder);
			ck_assert((ev.scores != NULL) == (want->scores != NULL));
			for (uint32_t j = 0; j < ev.norder; j++) {
				ck_assert_uint_eq(ev.order[j], s.order[at + j]);
				ck_assert_uint_eq(ev.why[j], s.why[at + j]);
				if (ev.scores)
					ck_assert_uint_eq(ev.scores[j], s.scores[at + j]);
			}
			break;
		}
		case AB_EV_PROBE:
			ck_assert(ev.use == want->use && ev.what == want->what &&
				  ev.old == want->old && ev.new_ == want->new_);
			ck_assert(ev.alpha == want->alpha && ev.beta == want->beta &&
				  ev.value == want->value && ev.lo == want->lo &&
				  ev.hi == want->hi);
			/* fall through: slot, depth and entry as a store's */
		case AB_EV_STORE:
			ck_assert_uint_eq(ev.slot, want->slot);
			ck_assert_uint_eq(ev.depth, want->depth);
			ck_assert(memcmp(&ev.entry, &want->entry, sizeof ev.entry) == 0);
			ck_assert(memcmp(&ev.replaced, &want->replaced, sizeof ev.replaced) == 0);
			ck_assert(ev.alpha == want->alpha && ev.beta == want->beta);
			break;
		default:
			ck_abort();
		}
	}
	ck_assert(!ab_trace_forward(trace));
	free(s.events);
	free(s.pruned);
	free(s.order);
	free(s.why);
	free(s.scores);
	ab_trace_free(trace);
	ab_tree_free(tree);
}

START_TEST(decoded_events_equal_sent_events)
{
	for (int i = 0; i < 200; i++)
		check_decoding(i);
}
END_TEST

/* What the lecture notes say at each point, read off the state. */
START_TEST(lecture_state_at_steps)
{
	struct ab_tree *tree = parse("A[ B[3 12 8] C[2 4 6] D[14 5 2] ]");
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct ab_trace *trace = ab_trace_record(tree, &c);
	uint32_t root = 0, b = ab_tree_find(tree, "B"), cn = ab_tree_find(tree, "C");
	uint32_t c2 = ab_tree_find(tree, "C2"), c3 = ab_tree_find(tree, "C3");
	uint32_t d = ab_tree_find(tree, "D");
	ck_assert_uint_eq(trace->length, 29);
	/* Step 0: nothing visited, root current. */
	ck_assert_uint_eq(ab_trace_current(trace), root);
	ck_assert_int_eq(trace->state[root].status, AB_UNVISITED);
	/* Step 10: B returned = 3, root alpha 3 and root proves >= 3. */
	ab_trace_seek(trace, 10);
	ck_assert_int_eq(trace->state[b].status, AB_DONE);
	ck_assert(trace->state[b].lo == 3 && trace->state[b].hi == 3);
	ck_assert(trace->state[root].alpha == 3);
	ck_assert(trace->state[root].lo == 3);
	ck_assert_uint_eq(trace->leaves_now, 3);
	/* Step 15: the cutoff at C; C2 and C3 are pruned, C is on the path. */
	ab_trace_seek(trace, 15);
	ck_assert_uint_eq(ab_trace_current(trace), cn);
	ck_assert(ab_trace_on_path(trace, cn) && ab_trace_on_path(trace, root));
	ck_assert(!ab_trace_on_path(trace, b));
	ck_assert(ab_trace_pruned(trace, c2) && ab_trace_pruned(trace, c3));
	ck_assert(!ab_trace_pruned(trace, ab_tree_find(tree, "D1")));
	ck_assert(trace->state[cn].hi == 2);
	/* The end: C proves <= 2, D = 2, root = 3; 7 leaves looked at. */
	ab_trace_seek(trace, trace->length);
	ck_assert(trace->state[cn].lo == AB_NEG_INF && trace->state[cn].hi == 2);
	ck_assert(trace->state[d].lo == 2 && trace->state[d].hi == 2);
	ck_assert(trace->state[root].lo == 3 && trace->state[root].hi == 3);
	ck_assert_uint_eq(trace->leaves_now, 7);
	ck_assert_uint_eq(ab_trace_visit_step(trace, c2), 0);
	ck_assert_uint_eq(ab_trace_cut_step(trace, cn), 15);
	/* Back to the start: nothing pruned any more. */
	ab_trace_seek(trace, 0);
	ck_assert(!ab_trace_pruned(trace, c2));
	ck_assert_uint_eq(trace->leaves_now, 0);
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

START_TEST(pruned_subtrees_are_pruned_whole)
{
	/* seed 002: Y's last three subtrees are cut off whole. */
	struct ab_tree *tree = parse(
		"A[ L[ X[ X1[0 5] X2[-3 7] ] Y[ Y1[3] Y2[4 2] Y3[6] Y4[1 9] ] ]"
		"   R[ Z[ Z1[5 4 1] Z2[-3 2] ] W[ W1[6 8] W2[0 3] ] ] ]");
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct ab_trace *trace = ab_trace_record(tree, &c);
	ab_trace_seek(trace, trace->length);
	static const char *const pruned[] = { "X2.2", "Y2", "Y2.1", "Y2.2", "Y3", "Y3.1",
					      "Y4", "Y4.2", "Z2.2", "W2", "W2.1" };
	static const char *const seen[] = { "X1.1", "X2.1", "Y1.1", "Z1.3", "W1.2", "W" };
	for (size_t i = 0; i < sizeof pruned / sizeof pruned[0]; i++) {
		uint32_t n = ab_tree_find(tree, pruned[i]);
		ck_assert_msg(n != AB_NONE, "%s", pruned[i]);
		ck_assert_msg(ab_trace_pruned(trace, n), "%s not pruned", pruned[i]);
	}
	for (size_t i = 0; i < sizeof seen / sizeof seen[0]; i++) {
		uint32_t n = ab_tree_find(tree, seen[i]);
		ck_assert_msg(n != AB_NONE, "%s", seen[i]);
		ck_assert_msg(!ab_trace_pruned(trace, n), "%s pruned", seen[i]);
	}
	struct ab_event done;
	ab_trace_event(trace, &done);
	ck_assert(done.value == 1);
	ck_assert_uint_eq(done.best, ab_tree_find(tree, "R"));
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

/* Knuth and Moore's node types as the search found them, at the end. */
START_TEST(node_types)
{
	static const struct {
		const char *tree, *node;
		enum ab_node_type type;
	} cases[] = {
		{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "A", AB_TYPE_PV },
		{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "B", AB_TYPE_PV },
		{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "C", AB_TYPE_CUT },
		/* No cutoff event (no child left), but it failed for MAX. */
		{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "D", AB_TYPE_CUT },
		{ "A[ B[3] C[ D[1 2] ] ]", "D", AB_TYPE_ALL },
		{ "A[ B[3] C[ D[1 2] ] ]", "C", AB_TYPE_CUT },
		{ "A[ B[3] C[ D[1 2] ] ]", "B", AB_TYPE_PV },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct ab_tree *tree = parse(cases[i].tree);
		struct ab_config c = AB_CONFIG_DEFAULT;
		struct ab_trace *trace = ab_trace_record(tree, &c);
		uint32_t n = ab_tree_find(tree, cases[i].node);
		ck_assert_int_eq(ab_trace_node_type(trace, n), AB_TYPE_NONE);
		ab_trace_seek(trace, trace->length);
		ck_assert_msg(ab_trace_node_type(trace, n) == cases[i].type, "%s in %s: %s",
			      cases[i].node, cases[i].tree,
			      ab_node_type_name(ab_trace_node_type(trace, n)));
		ab_trace_free(trace);
		ab_tree_free(tree);
	}
	ck_assert_str_eq(ab_node_type_name(AB_TYPE_CUT), "CUT");
}
END_TEST

/* A research event starts the node's subtree again: stepping over it
 * clears what the null window's search reached (keeping that it was
 * looked at), and stepping back restores it. */
START_TEST(research_starts_the_subtree_again)
{
	struct ab_tree *tree = parse("A[B[3 12 8] C[5 9 7] D[2 4 6]]");
	struct ab_config c = { .pvs = true };
	struct ab_trace *trace = ab_trace_record(tree, &c);
	uint32_t cn = ab_tree_find(tree, "C"), c2 = ab_tree_find(tree, "C2");
	size_t research = 0;
	for (size_t i = 0; i < trace->length; i++)
		if (trace->records[i].kind == AB_EV_RESEARCH)
			research = i + 1;
	ck_assert_uint_eq(research, 17);
	ab_trace_seek(trace, research - 1);
	ck_assert_int_eq(ab_trace_node(trace, c2)->status, AB_DONE);
	ab_value lo = ab_trace_node(trace, cn)->lo;
	ab_trace_seek(trace, research);
	ck_assert_int_eq(ab_trace_node(trace, c2)->status, AB_UNVISITED);
	ck_assert(ab_trace_reached(trace, c2) && !ab_trace_pruned(trace, c2));
	ck_assert_int_eq(ab_trace_node(trace, cn)->status, AB_UNVISITED);
	ab_trace_seek(trace, research + 1);
	ck_assert_int_eq(ab_trace_node(trace, cn)->status, AB_ACTIVE);
	ck_assert(ab_trace_node(trace, cn)->alpha == 3 &&
		  ab_trace_node(trace, cn)->beta == AB_POS_INF);
	ab_trace_seek(trace, research - 1);
	ck_assert_int_eq(ab_trace_node(trace, c2)->status, AB_DONE);
	ck_assert(ab_trace_node(trace, cn)->lo == lo);
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

static Suite *trace_suite(void)
{
	Suite *s = suite_create("trace");
	TCase *tc = tcase_create("trace");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, record_is_32_bytes);
	tcase_add_test(tc, lecture_state_at_steps);
	tcase_add_test(tc, pruned_subtrees_are_pruned_whole);
	tcase_add_test(tc, node_types);
	tcase_add_test(tc, research_starts_the_subtree_again);
	tcase_add_test(tc, stepping_matches_recomputation);
	tcase_add_test(tc, decoded_events_equal_sent_events);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(trace_suite());
}
