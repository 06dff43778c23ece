/* test_depth.c - depth limits, iterative deepening and the negamax view
 * (abtrace-tree(5), STATIC VALUES; abtrace-events(7), SEARCH VARIANTS):
 *
 * - on thousands of random trees with a static value at every inner node,
 *   --depth d is event for event the plain search of the tree cut at depth
 *   d with the static values as its leaves, under every convention;
 * - --iterative's last iteration has the root value of a direct --depth N,
 *   each iteration's order follows the rule, and each iteration searches
 *   in that order;
 * - stepping a recorded iterative trace backwards gives back every state;
 * - --view negamax leaves the JSON byte for byte as it was and negates the
 *   narration's numbers at MIN nodes;
 * - the command line's errors: --depth 0, a horizon node without a static
 *   value, negamax on a tree with chance nodes.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "views/format.h"
#include "views/json.h"
#include "keeper.h"
#include "views/narrate.h"
#include "core/parse.h"
#include "randtree.h"
#include "runprog.h"
#include "core/search.h"
#include "views/stats.h"
#include "testutil.h"
#include "core/trace.h"

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* ---- Random trees with static values ----------------------------------- */

/* A random tree with a random static value at every inner node. */
static struct ab_tree *random_static_tree(struct ab_rng *rng)
{
	uint32_t depth = 2 + (uint32_t)ab_rng_below(rng, 4);
	uint32_t kids = 2 + (uint32_t)ab_rng_below(rng, 2);
	struct randtree_shape shape = { 1, kids, depth, false, -9, 9, false };
	struct ab_tree *t = randtree(rng, &shape);
	for (uint32_t n = 0; n < t->count; n++)
		if (t->nodes[n].nkids)
			ab_tree_set_static(t, n, -9 + (ab_value)ab_rng_below(rng, 19));
	return t;
}

/* The tree cut at depth d: nodes deeper are dropped, inner nodes at depth d
 * become leaves worth their static value.  map[cut node] = original node. */
static struct ab_tree *cut_tree(const struct ab_tree *t, uint32_t d, uint32_t *map)
{
	struct ab_tree *c = ab_tree_new();
	uint32_t *to = malloc(t->count * sizeof *to);
	for (uint32_t n = 0; n < t->count; n++) {
		const struct ab_node *node = &t->nodes[n];
		if (node->depth > d)
			continue;
		uint32_t id;
		uint32_t parent = node->parent == AB_NONE ? AB_NONE : to[node->parent];
		ab_value v = node->nkids && node->depth < d ? 0 : node->value;
		ck_assert_int_eq(ab_tree_add(c, parent, NULL, 0, v, &id), AB_BUILD_OK);
		to[n] = id;
		map[id] = n;
	}
	ab_tree_finish(c);
	ab_tree_set_players(c, t->players, t->nplayers);
	c->root_player = t->root_player;
	c->cycle_root = t->cycle_root;
	free(to);
	return c;
}

static uint32_t mapped(const uint32_t *map, uint32_t n)
{
	return n == AB_NONE ? AB_NONE : map[n];
}

/* Event for event: the depth-limited search of t against the plain search
 * of its cut. */
static void same_events(const struct ab_tree *t, const struct keeper *deep,
			const struct ab_tree *c, const struct keeper *flat,
			const uint32_t *map, const char *what)
{
	ck_assert_msg(deep->count == flat->count, "%s: %zu events, the cut tree %zu",
		      what, deep->count, flat->count);
	for (size_t i = 0; i < deep->count; i++) {
		const struct ab_event *a = &deep->events[i].ev, *b = &flat->events[i].ev;
		ck_assert_msg(a->kind == b->kind, "%s: event %zu kind %d vs %d", what, i + 1,
			      a->kind, b->kind);
		if (a->kind != AB_EV_DONE)
			ck_assert_msg(a->node == map[b->node], "%s: event %zu at node %u, cut %u",
				      what, i + 1, a->node, map[b->node]);
		switch (a->kind) {
		case AB_EV_ENTER:
			ck_assert(a->alpha == b->alpha && a->beta == b->beta);
			break;
		case AB_EV_LEAF:
			ck_assert_msg(a->value == b->value, "%s: event %zu leaf value", what, i + 1);
			ck_assert(!b->is_static);
			ck_assert(a->is_static == (t->nodes[a->node].nkids != 0));
			break;
		case AB_EV_UPDATE:
			ck_assert(a->what == b->what && a->old == b->old && a->new_ == b->new_);
			break;
		case AB_EV_CUTOFF:
			ck_assert(a->alpha == b->alpha && a->beta == b->beta);
			ck_assert(a->by == mapped(map, b->by) && a->deep == b->deep);
			ck_assert_uint_eq(a->npruned, b->npruned);
			for (uint32_t j = 0; j < a->npruned; j++)
				ck_assert(deep->events[i].pruned[j] == map[flat->events[i].pruned[j]]);
			break;
		case AB_EV_RETURN:
			ck_assert_msg(a->value == b->value && a->lo == b->lo && a->hi == b->hi,
				      "%s: event %zu return", what, i + 1);
			break;
		case AB_EV_DONE:
			ck_assert(a->value == b->value && a->best == mapped(map, b->best));
			ck_assert(a->leaves_visited == b->leaves_visited &&
				  a->nodes_visited == b->nodes_visited);
			break;
		default:
			ck_abort_msg("%s: unexpected event %d", what, a->kind);
		}
	}
	(void)c;
}

static const enum ab_order orders[] = { AB_ORDER_GIVEN, AB_ORDER_REVERSE,
					AB_ORDER_BEST, AB_ORDER_WORST };

START_TEST(depth_equals_cut_tree)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 10);
	size_t compared = 0;
	for (int i = 0; i < ab_test_rounds(3000); i++) {
		struct ab_tree *t = random_static_tree(&rng);
		if (i % 3 == 2) { /* one MAX and two MIN agents, as in CS188 */
			enum ab_player cycle[] = { AB_MAX, AB_MIN, AB_MIN };
			ab_tree_set_players(t, cycle, 3);
		}
		uint32_t *map = malloc(t->count * sizeof *map);
		for (uint32_t d = 1; d <= t->height + 1; d++) {
			struct ab_tree *c = cut_tree(t, d, map);
			for (int conv = 0; conv < 16; conv++) {
				struct ab_config cfg = AB_CONFIG_DEFAULT;
				cfg.algo = conv & 1 ? AB_MINIMAX : AB_ALPHABETA;
				cfg.fail = (conv & 2) ? AB_FAIL_HARD : AB_FAIL_SOFT;
				cfg.strict = conv & 4;
				cfg.root = conv & 8 ? AB_ROOT_IS_MIN : AB_ROOT_IS_MAX;
				cfg.order = orders[(i + conv) % 4];
				struct ab_config plain = cfg;
				cfg.depth = d;
				struct keeper deep = run_search(t, &cfg);
				struct keeper flat = run_search(c, &plain);
				char what[64];
				snprintf(what, sizeof what, "tree %d depth %u convention %d", i, d, conv);
				same_events(t, &deep, c, &flat, map, what);
				keeper_free(&deep);
				keeper_free(&flat);
				compared++;
			}
			ab_tree_free(c);
		}
		free(map);
		ab_tree_free(t);
	}
	printf("--depth against the cut tree: %zu searches compared event for event\n", compared);
	ck_assert_uint_gt(compared, (unsigned)ab_test_rounds(3000) * 33);
}
END_TEST

/* The depth-limited true values are the cut tree's minimax values. */
START_TEST(depth_values_are_the_cut_trees)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 11);
	for (int i = 0; i < 1000; i++) {
		struct ab_tree *t = random_static_tree(&rng);
		uint32_t *map = malloc(t->count * sizeof *map);
		ab_value *deep = malloc(t->count * sizeof *deep);
		for (uint32_t d = 1; d <= t->height; d++) {
			struct ab_tree *c = cut_tree(t, d, map);
			ab_value *flat = malloc(c->count * sizeof *flat);
			ab_depth_values(t, AB_MAX, d, deep);
			ab_tree_minimax_values(c, AB_MAX, flat);
			for (uint32_t n = 0; n < c->count; n++)
				ck_assert(deep[map[n]] == flat[n]);
			free(flat);
			ab_tree_free(c);
		}
		free(deep);
		free(map);
		ab_tree_free(t);
	}
}
END_TEST

/* ---- Iterative deepening ------------------------------------------------ */

/* The order the rule gives iteration k+1, from iteration k's events
 * (events [from, to) of k): computed here independently of search.c. */
static void rule_order(const struct ab_tree *t, enum ab_player root,
		       const uint32_t *base, const struct keeper *k, size_t from,
		       size_t to, uint32_t *order)
{
	bool *seen = calloc(t->count, sizeof *seen);
	ab_value *ret = calloc(t->count, sizeof *ret);
	for (size_t i = from; i < to; i++) {
		const struct ab_event *ev = &k->events[i].ev;
		if (ev->kind == AB_EV_LEAF || ev->kind == AB_EV_RETURN) {
			seen[ev->node] = true;
			ret[ev->node] = ev->value;
		}
	}
	memcpy(order, base, t->count * sizeof *order);
	for (uint32_t n = 0; n < t->count; n++) {
		uint32_t m = t->nodes[n].nkids;
		enum ab_player p = ab_player_at(t, n, root);
		if (!m || !seen[n] || p == AB_CHANCE)
			continue;
		uint32_t *out = order + t->nodes[n].first_kid;
		uint32_t k2 = 0;
		/* Insertion sort of the searched ones: stable by construction. */
		for (uint32_t i = 0; i < m; i++) {
			uint32_t kid = base[t->nodes[n].first_kid + i];
			if (!seen[kid])
				continue;
			uint32_t j = k2++;
			while (j > 0 && (p == AB_MAX ? ret[out[j - 1]] < ret[kid]
						     : ret[out[j - 1]] > ret[kid])) {
				out[j] = out[j - 1];
				j--;
			}
			out[j] = kid;
		}
		for (uint32_t i = 0; i < m; i++) {
			uint32_t kid = base[t->nodes[n].first_kid + i];
			if (!seen[kid])
				out[k2++] = kid;
		}
	}
	free(seen);
	free(ret);
}

/* Within events [from, to), every node's children are reached in an order
 * that is a prefix of order. */
static void searched_in_order(const struct ab_tree *t, const struct keeper *k,
			      size_t from, size_t to, const uint32_t *order)
{
	uint32_t *next = calloc(t->count, sizeof *next);
	for (size_t i = from; i < to; i++) {
		const struct ab_event *ev = &k->events[i].ev;
		if (ev->kind != AB_EV_ENTER && ev->kind != AB_EV_LEAF)
			continue;
		uint32_t p = t->nodes[ev->node].parent;
		if (p == AB_NONE)
			continue;
		uint32_t want = order[t->nodes[p].first_kid + next[p]++];
		ck_assert_msg(want == ev->node, "event %zu: node %u, the order says %u",
			      i + 1, ev->node, want);
	}
	free(next);
}

START_TEST(iterative_follows_the_rule)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 12);
	for (int i = 0; i < ab_test_rounds(2000); i++) {
		struct ab_tree *t = random_static_tree(&rng);
		struct ab_config c = AB_CONFIG_DEFAULT;
		c.iterative = true;
		c.algo = i % 7 == 6 ? AB_MINIMAX : AB_ALPHABETA;
		c.fail = (i & 1) ? AB_FAIL_HARD : AB_FAIL_SOFT;
		c.strict = i & 2;
		c.root = i & 4 ? AB_ROOT_IS_MIN : AB_ROOT_IS_MAX;
		c.order = orders[(i / 8) % 4];
		if (i % 5 == 0)
			c.depth = 1 + (uint32_t)ab_rng_below(&rng, t->height + 2);
		uint32_t last = ab_config_last_depth(&c, t);
		struct keeper k = run_search(t, &c);
		enum ab_player root = ab_config_root(&c, t);
		uint32_t *base = malloc(t->count * sizeof *base);
		uint32_t *want = malloc(t->count * sizeof *want);
		uint32_t *got = malloc(t->count * sizeof *got);
		ab_search_order(t, &c, base);
		size_t start = 0, prev_start = 0;
		uint32_t iterations = 0;
		ab_value last_value = 0;
		uint32_t leaves = 0, nodes = 0;
		for (size_t e = 0; e <= k.count; e++) {
			bool boundary = e == k.count || k.events[e].ev.kind == AB_EV_ITERATION;
			if (e < k.count && k.events[e].ev.kind == AB_EV_RESULT) {
				last_value = k.events[e].ev.value;
				leaves += k.events[e].ev.leaves_visited;
				nodes += k.events[e].ev.nodes_visited;
				ck_assert_uint_eq(k.events[e].ev.depth, iterations);
			}
			if (!boundary)
				continue;
			if (iterations >= 1) {
				/* Events [start, e) are iteration `iterations`. */
				if (iterations == 1)
					memcpy(want, base, t->count * sizeof *want);
				else
					rule_order(t, root, base, &k, prev_start, start, want);
				ab_search_iteration_order(t, &c, iterations, got);
				for (uint32_t q = 0; q + 1 < t->count; q++)
					ck_assert_msg(want[q] == got[q],
						      "tree %d iteration %u: the order differs from the rule at %u: %u vs %u (order %d)",
						      i, iterations, q, want[q], got[q], c.order);
				searched_in_order(t, &k, start, e, want);
			}
			if (e < k.count) {
				iterations++;
				ck_assert_uint_eq(k.events[e].ev.depth, iterations);
				prev_start = start;
				start = e + 1;
			}
		}
		ck_assert_uint_eq(iterations, last);
		const struct ab_event *done = &k.events[k.count - 1].ev;
		ck_assert_int_eq(done->kind, AB_EV_DONE);
		ck_assert(done->value == last_value);
		ck_assert_uint_eq(done->leaves_visited, leaves);
		ck_assert_uint_eq(done->nodes_visited, nodes);
		/* The last iteration's value is a direct search's to depth N. */
		struct ab_config direct = c;
		direct.iterative = false;
		direct.depth = last;
		struct keeper d = run_search(t, &direct);
		ck_assert_msg(d.events[d.count - 1].ev.value == last_value,
			      "tree %d: iterative %lld, direct %lld", i, (long long)last_value,
			      (long long)d.events[d.count - 1].ev.value);
		keeper_free(&d);
		keeper_free(&k);
		free(base);
		free(want);
		free(got);
		ab_tree_free(t);
	}
}
END_TEST

/* A chance node's children keep their order from one iteration to the next. */
START_TEST(iterative_keeps_chance_order)
{
	const char *text = "[ <chance>=1[ =2[1 9] =7[8 3] ] =4[0 2 5] ]";
	struct ab_tree *t = tree_ok(text);
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.iterative = true;
	uint32_t *order = malloc(t->count * sizeof *order);
	for (uint32_t d = 1; d <= 3; d++) {
		ab_search_iteration_order(t, &c, d, order);
		uint32_t chance = ab_tree_find(t, "1");
		const struct ab_node *n = &t->nodes[chance];
		ck_assert(order[n->first_kid] == ab_kid(t, chance, 0));
		ck_assert(order[n->first_kid + 1] == ab_kid(t, chance, 1));
	}
	/* The root learns at depth 1 that 2 (static 4) beats 1 (static 1). */
	ab_search_iteration_order(t, &c, 2, order);
	ck_assert(order[t->nodes[0].first_kid] == ab_tree_find(t, "2"));
	free(order);
	ab_tree_free(t);
}
END_TEST

/* Stepping back over iteration boundaries restores every node's state. */
START_TEST(iterative_trace_steps_back)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 13);
	for (int i = 0; i < 200; i++) {
		struct ab_tree *t = random_static_tree(&rng);
		struct ab_config c = AB_CONFIG_DEFAULT;
		c.iterative = true;
		c.fail = (i & 1) ? AB_FAIL_HARD : AB_FAIL_SOFT;
		struct ab_trace *tr = ab_trace_record(t, &c);
		ck_assert_ptr_nonnull(tr);
		size_t n = t->count, len = tr->length;
		struct ab_node_state *seen = malloc((len + 1) * n * sizeof *seen);
		uint32_t *horizon = malloc((len + 1) * sizeof *horizon);
		for (size_t s = 0; s <= len; s++) {
			ab_trace_seek(tr, s);
			memcpy(seen + s * n, tr->state, n * sizeof *seen);
			horizon[s] = tr->horizon;
		}
		for (size_t s = len + 1; s-- > 0;) {
			ab_trace_seek(tr, s);
			ck_assert_msg(memcmp(seen + s * n, tr->state, n * sizeof *seen) == 0,
				      "tree %d: the state at step %zu differs going back", i, s);
			ck_assert_uint_eq(horizon[s], tr->horizon);
		}
		/* Iteration starts are where they say. */
		for (uint32_t d = 1; d <= tr->iterations; d++) {
			size_t step = ab_trace_iteration_step(tr, d);
			ck_assert_uint_gt(step, 0);
			ab_trace_seek(tr, step);
			ck_assert_uint_eq(ab_trace_iteration(tr), d);
		}
		free(seen);
		free(horizon);
		ab_trace_free(tr);
		ab_tree_free(t);
	}
}
END_TEST

/* ---- The negamax view --------------------------------------------------- */

static const char *const view_trees[] = {
	"lecture", "seed003", "deep-cutoff", "min-root",
};

START_TEST(negamax_json_is_the_same)
{
	const char *name = view_trees[_i];
	const char *variants[][3] = {
		{ "--fail-soft", NULL, NULL }, { "--fail-hard", NULL, NULL },
	};
	for (size_t v = 0; v < 2; v++) {
		struct run_result a = run_abtrace(NULL, ARGS("trace", "--json", variants[v][0], name));
		struct run_result b = run_abtrace(NULL, ARGS("trace", "--json", variants[v][0],
							   "--view", "negamax", name));
		ck_assert_int_eq(a.status, 0);
		ck_assert_int_eq(b.status, 0);
		ck_assert_uint_gt(a.out.len, 100);
		ck_assert_str_eq(ab_str_cstr(&a.out), ab_str_cstr(&b.out));
		run_result_free(&a);
		run_result_free(&b);
	}
}
END_TEST

/* The numbers the negamax narration says at MIN nodes are the negated
 * ones; at MAX nodes the same. */
START_TEST(negamax_narration_negates_at_min)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 14);
	size_t min_updates = 0;
	for (int i = 0; i < 300; i++) {
		struct ab_tree *t = random_static_tree(&rng);
		struct ab_config c = AB_CONFIG_DEFAULT;
		c.view = AB_VIEW_NEGAMAX;
		c.root = i & 1 ? AB_ROOT_IS_MIN : AB_ROOT_IS_MAX;
		c.fail = (i & 2) ? AB_FAIL_HARD : AB_FAIL_SOFT;
		struct ab_trace *tr = ab_trace_record(t, &c);
		ck_assert_ptr_nonnull(tr);
		struct ab_str line = AB_STR_INIT, want = AB_STR_INIT, wrong = AB_STR_INIT;
		while (ab_trace_forward(tr)) {
			struct ab_event ev;
			ab_trace_event(tr, &ev);
			if (ev.kind != AB_EV_UPDATE && ev.kind != AB_EV_RETURN)
				continue;
			bool min = ab_player_at(t, ev.node, tr->root_player) == AB_MIN;
			ab_value v = ev.kind == AB_EV_UPDATE ? ev.new_ : ev.value;
			if (v == AB_POS_INF || v == AB_NEG_INF || v == 0)
				continue;
			ab_str_clear(&line);
			ab_str_clear(&want);
			ab_str_clear(&wrong);
			ab_narrate(tr, &ev, &ab_glyphs_ascii, &line);
			ab_str_addf(&want, " %lld", (long long)(min ? -v : v));
			ab_str_addf(&wrong, " %lld", (long long)(min ? v : -v));
			/* The node's own number comes first after "to" or "returns". */
			const char *at = ev.kind == AB_EV_UPDATE ? strstr(line.s, " to ")
								 : strstr(line.s, " returns ");
			ck_assert_msg(at != NULL, "%s", line.s);
			at += ev.kind == AB_EV_UPDATE ? 3 : 8;
			ck_assert_msg(strncmp(at, want.s, want.len) == 0 &&
				      (at[want.len] < '0' || at[want.len] > '9'),
				      "tree %d: '%s' should say%s", i, line.s, want.s);
			min_updates += min;
		}
		ab_str_free(&line);
		ab_str_free(&want);
		ab_str_free(&wrong);
		ab_trace_free(tr);
		ab_tree_free(t);
	}
	ck_assert_uint_gt(min_updates, 1000);
}
END_TEST

/* ---- The command line ----------------------------------------------------- */

struct cli_case {
	const char *const *args;
	int status;
	const char *out;   /* a substring of stdout, or NULL */
	const char *err;   /* a substring of stderr, or NULL */
	const char *in;    /* standard input, or NULL */
};

static const struct cli_case cli_cases[] = {
	{ .args = ARGS("trace", "--depth", "0", "-e", "[=1[1 2] =3[4 5]]"), 2, NULL, "--depth takes" },
	{ .args = ARGS("trace", "--depth", "x", "-e", "[=1[1 2] =3[4 5]]"), 2, NULL, "--depth takes" },
	{ .args = ARGS("trace", "--depth", "1", "-e", "[B[1 2] =3[4 5]]"), 2, NULL, "B is an inner node at the depth limit 1" },
	{ .args = ARGS("stats", "--iterative", "-e", "[=1[1 2] [4 [5 6]]]"), 2, NULL, "2 is an inner node at depth 1, where an iteration of --iterative stops" },
	{ .args = ARGS("trace", "--depth", "9", "-e", "[[1 2] [3 4]]"), 0, "Done: the root's value is 3", NULL },
	{ .args = ARGS("trace", "--depth", "1", "-e", "[B=4[1 9] C=6[7 8]]"), 0, "C is not expanded at the depth limit: its static value 6 stands in.", NULL },
	{ .args = ARGS("trace", "--view", "negamax", "-e", "[<chance>[1 2] 3]"), 2, NULL, "--view negamax needs a tree without chance nodes" },
	{ .args = ARGS("trace", "--view", "maximin", "lecture"), 2, NULL, "--view takes minimax or negamax" },
	{ .args = ARGS("random", "--depth", "2", "--seed", "1"), 0, "[", NULL },
	{ .args = ARGS("trace", "--json", "--iterative", "-e", "[B=4[1 9] C=6[7 8]]"), 0,
	  "{\"step\":1,\"event\":\"iteration\",\"depth\":1}", NULL },
	{ .args = ARGS("trace", "--json", "--iterative", "-e", "[B=4[1 9] C=6[7 8]]"), 0,
	  "\"event\":\"result\",\"depth\":2,\"value\":7,\"best\":\"2\",\"leaves_visited\":3,\"nodes_visited\":3}", NULL },
	/* A deep tree's iterations are limited (a chain 70 levels deep). */
	{ .args = ARGS("trace", "--iterative", "-"), 2, NULL, "--iterative runs at most 64 iterations",
	  "=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1["
	  "=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1["
	  " 5 ]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n" },
	{ .args = ARGS("trace", "--iterative", "--depth", "3", "-"), 0, "Iteration 3:", NULL,
	  "=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1["
	  "=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1[=1["
	  " 5 ]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n" },
	/* stats: a row per iteration beside the straight searches. */
	{ .args = ARGS("stats", "--json", "--iterative", "deepening"), 0,
	  "\"iterations\":[{\"depth\":1,\"leaves\":4,", NULL },
	{ .args = ARGS("stats", "--json", "--iterative", "deepening"), 0,
	  "\"total\":{\"leaves\":40,\"nodes\":18,\"value\":28,\"best\":\"4\"}", NULL },
	{ .args = ARGS("stats", "--json", "--iterative", "deepening"), 0,
	  "\"alphabeta\":{\"leaves\":64,", NULL },
	{ .args = ARGS("stats", "--json", "--iterative", "deepening"), 0,
	  "\"best_order\":{\"leaves\":19,", NULL },
	{ .args = ARGS("stats", "--iterative", "deepening"), 0,
	  "Iterative deepening looked at 40 leaves in all, against 64 straight to depth 3 in the given order and 19 in the best order.", NULL },
	/* The Knuth-Moore minimum of the depth searched: 4^1 + 4^1 - 1. */
	{ .args = ARGS("stats", "--json", "--depth", "2", "deepening"), 0,
	  "\"best_order\":{\"leaves\":7,", NULL },
	{ .args = ARGS("stats", "--json", "--depth", "2", "deepening"), 0,
	  "\"minimal_leaves\":7}", NULL },
	/* The depth-limited true value orders best and worst. */
	{ .args = ARGS("stats", "--json", "--depth", "1", "horizon"), 0,
	  "\"minimax\":{\"leaves\":3,\"nodes\":1,\"value\":8,\"best\":\"1\"}", NULL },
	/* check grades one iteration. */
	{ .args = ARGS("check", "--iteration", "1", "-e", "[B=4[1 9] C=6[7 8]]", "-"), 0,
	  "Score: 2/2", NULL, "value: 6\nbest: C\n" },
	{ .args = ARGS("check", "-e", "[B=4[1 9] C=6[7 8]]", "-"), 1,
	  "Score: 1/2", NULL, "iteration: 2\nvalue: 6\nbest: C\n" },
	{ .args = ARGS("check", "--iteration", "3", "-e", "[B=4[1 9] C=6[7 8]]", "-"), 2,
	  NULL, "there is no iteration 3", "value: 6\n" },
	/* Under --depth, pruned: lists what the cuts skip, not what lies
	 * below a searched horizon node. */
	{ .args = ARGS("check", "--depth", "2", "horizon", "-"), 0, "Score: 6/6", NULL,
	  "value: 7\nbest: B\npruned: C2.1 C2.2 D2.1 D2.2\n" },
	/* export: h=5 under the node, below the horizon not searched. */
	{ .args = ARGS("export", "--text", "--depth", "1", "horizon"), 0, "B (MIN) = 8  h=8", NULL },
	{ .args = ARGS("export", "--text", "--depth", "1", "horizon"), 0,
	  "B1 (MAX)  h=7  (not searched at this depth)", NULL },
	{ .args = ARGS("export", "--dot", "--depth", "1", "horizon"), 0,
	  "style=dotted, color=gray75", NULL },
	{ .args = ARGS("export", "--tikz", "--depth", "1", "horizon"), 0, "ab below horizon", NULL },
	{ .args = ARGS("export", "--text", "--view", "negamax", "lecture"), 0,
	  "C (MIN) ≥ -2  ✂ cut: α = -2 ≥ β = -3", NULL },
	/* Lessons may use the new search words. */
	{ .args = ARGS("lesson", "--text", "12-depth-limits"), 0,
	  "B1 is not expanded at the depth limit: its static value 7 stands in.", NULL },
	{ .args = ARGS("lesson", "--text", "13-iterative-deepening"), 0,
	  "Iteration 3: a new search to depth 3 begins", NULL },
};

START_TEST(command_line)
{
	const struct cli_case *t = &cli_cases[_i];
	struct run_result r = run_abtrace(t->in, t->args);
	ck_assert_msg(r.status == t->status, "case %d: status %d: %s", _i, r.status,
		      ab_str_cstr(&r.err));
	if (t->out)
		ck_assert_msg(strstr(ab_str_cstr(&r.out), t->out), "case %d: %s", _i,
			      ab_str_cstr(&r.out));
	if (t->err)
		ck_assert_msg(strstr(ab_str_cstr(&r.err), t->err), "case %d: %s", _i,
			      ab_str_cstr(&r.err));
	run_result_free(&r);
}
END_TEST

static Suite *depth_suite(void)
{
	Suite *s = suite_create("depth");
	TCase *props = tcase_create("properties");
	tcase_set_timeout(props, 600);
	tcase_add_test(props, depth_values_are_the_cut_trees);
	tcase_add_test(props, iterative_follows_the_rule);
	tcase_add_test(props, iterative_keeps_chance_order);
	tcase_add_test(props, iterative_trace_steps_back);
	tcase_add_test(props, negamax_narration_negates_at_min);
	suite_add_tcase(s, props);
	/* Random trees by the thousand: the slow suite (tests/meson.build). */
	TCase *slow = tcase_create("random trees");
	tcase_set_tags(slow, "slow");
	tcase_set_timeout(slow, 600);
	tcase_add_test(slow, depth_equals_cut_tree);
	suite_add_tcase(s, slow);
	TCase *cli = tcase_create("cli");
	tcase_set_timeout(cli, 60);
	tcase_add_loop_test(cli, negamax_json_is_the_same, 0,
			    (int)(sizeof view_trees / sizeof view_trees[0]));
	tcase_add_loop_test(cli, command_line, 0,
			    (int)(sizeof cli_cases / sizeof cli_cases[0]));
	suite_add_tcase(s, cli);
	return s;
}

int main(void)
{
	return ab_run_suite(depth_suite());
}
