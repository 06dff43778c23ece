/* test_search.c - the searcher: the lecture tree's exact events, every
 * convention on the notes' examples, and properties on random trees. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "keeper.h"
#include "core/parse.h"
#include "randtree.h"
#include "core/search.h"
#include "core/trace.h"
#include "views/stats.h"
#include "testutil.h"

static struct ab_tree *parse(const char *text)
{
	struct ab_diag diag;
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	ck_assert_msg(tree != NULL, "%s: %s", text, diag.message);
	return tree;
}

static uint32_t node_at(const struct ab_tree *tree, const char *path)
{
	if (!*path)
		return 0;
	uint32_t n = ab_tree_find(tree, path);
	ck_assert_msg(n != AB_NONE, "no node %s", path);
	return n;
}

#define NI AB_NEG_INF
#define PI AB_POS_INF

/* ---- The lecture tree, event by event ----------------------------------- */

static const struct expected {
	enum ab_event_kind kind;
	const char *path;
	ab_value a, b, c;      /* enter: alpha beta; leaf: value; update: old new;
				  cutoff: alpha beta; return: value lo hi;
				  done: value leaves nodes */
	enum ab_what what;
	const char *extra;     /* cutoff: "by|pruned..."; done: best path */
} lecture_events[] = {
	{ AB_EV_ENTER, "", NI, PI, 0, 0, NULL },
	{ AB_EV_ENTER, "1", NI, PI, 0, 0, NULL },
	{ AB_EV_LEAF, "1.1", 3, 0, 0, 0, NULL },
	{ AB_EV_UPDATE, "1", PI, 3, 0, AB_WHAT_VALUE, NULL },
	{ AB_EV_UPDATE, "1", PI, 3, 0, AB_WHAT_BETA, NULL },
	{ AB_EV_LEAF, "1.2", 12, 0, 0, 0, NULL },
	{ AB_EV_LEAF, "1.3", 8, 0, 0, 0, NULL },
	{ AB_EV_RETURN, "1", 3, 3, 3, 0, NULL },
	{ AB_EV_UPDATE, "", NI, 3, 0, AB_WHAT_VALUE, NULL },
	{ AB_EV_UPDATE, "", NI, 3, 0, AB_WHAT_ALPHA, NULL },
	{ AB_EV_ENTER, "2", 3, PI, 0, 0, NULL },
	{ AB_EV_LEAF, "2.1", 2, 0, 0, 0, NULL },
	{ AB_EV_UPDATE, "2", PI, 2, 0, AB_WHAT_VALUE, NULL },
	{ AB_EV_UPDATE, "2", PI, 2, 0, AB_WHAT_BETA, NULL },
	{ AB_EV_CUTOFF, "2", 3, 2, 0, 0, "|2.2 2.3" },
	{ AB_EV_RETURN, "2", 2, NI, 2, 0, NULL },
	{ AB_EV_ENTER, "3", 3, PI, 0, 0, NULL },
	{ AB_EV_LEAF, "3.1", 14, 0, 0, 0, NULL },
	{ AB_EV_UPDATE, "3", PI, 14, 0, AB_WHAT_VALUE, NULL },
	{ AB_EV_UPDATE, "3", PI, 14, 0, AB_WHAT_BETA, NULL },
	{ AB_EV_LEAF, "3.2", 5, 0, 0, 0, NULL },
	{ AB_EV_UPDATE, "3", 14, 5, 0, AB_WHAT_VALUE, NULL },
	{ AB_EV_UPDATE, "3", 14, 5, 0, AB_WHAT_BETA, NULL },
	{ AB_EV_LEAF, "3.3", 2, 0, 0, 0, NULL },
	{ AB_EV_UPDATE, "3", 5, 2, 0, AB_WHAT_VALUE, NULL },
	{ AB_EV_UPDATE, "3", 5, 2, 0, AB_WHAT_BETA, NULL },
	{ AB_EV_RETURN, "3", 2, 2, 2, 0, NULL },
	{ AB_EV_RETURN, "", 3, 3, 3, 0, NULL },
	{ AB_EV_DONE, "", 3, 7, 4, 0, "1" },
};

static void check_events(const struct ab_tree *tree, const struct keeper *k,
			 const struct expected *want, size_t nwant)
{
	ck_assert_uint_eq(k->count, nwant);
	for (size_t i = 0; i < nwant; i++) {
		const struct ab_event *ev = &k->events[i].ev;
		const struct expected *w = &want[i];
		ck_assert_msg(ev->kind == w->kind, "event %zu: kind %d, want %d",
			      i + 1, ev->kind, w->kind);
		if (ev->kind != AB_EV_DONE)
			ck_assert_msg(ev->node == node_at(tree, w->path),
				      "event %zu: node %u, want %s", i + 1, ev->node, w->path);
		switch (w->kind) {
		case AB_EV_ENTER:
			ck_assert(ev->alpha == w->a && ev->beta == w->b);
			break;
		case AB_EV_LEAF:
			ck_assert(ev->value == w->a);
			break;
		case AB_EV_UPDATE:
			ck_assert_msg(ev->what == w->what && ev->old == w->a && ev->new_ == w->b,
				      "event %zu: update %d %lld -> %lld", i + 1, ev->what,
				      (long long)ev->old, (long long)ev->new_);
			break;
		case AB_EV_CUTOFF: {
			ck_assert(ev->alpha == w->a && ev->beta == w->b);
			struct ab_str got = AB_STR_INIT;
			if (ev->by != AB_NONE)
				ab_tree_path(tree, ev->by, &got);
			ab_str_addc(&got, '|');
			for (uint32_t j = 0; j < ev->npruned; j++) {
				if (j)
					ab_str_addc(&got, ' ');
				ab_tree_path(tree, k->events[i].pruned[j], &got);
			}
			ck_assert_str_eq(ab_str_cstr(&got), w->extra);
			ab_str_free(&got);
			break;
		}
		case AB_EV_RETURN:
			ck_assert_msg(ev->value == w->a && ev->lo == w->b && ev->hi == w->c,
				      "event %zu: return %lld [%lld, %lld]", i + 1,
				      (long long)ev->value, (long long)ev->lo, (long long)ev->hi);
			break;
		case AB_EV_DONE:
			ck_assert(ev->value == w->a);
			ck_assert_uint_eq(ev->leaves_visited, (uint32_t)w->b);
			ck_assert_uint_eq(ev->nodes_visited, (uint32_t)w->c);
			ck_assert_uint_eq(ev->best, node_at(tree, w->extra));
			break;
		default:
			break;
		}
	}
}

START_TEST(lecture_event_sequence)
{
	static const char *const forms[] = {
		"[[3,12,8],[2,4,6],[14,5,2]]",
		"[3,12,8]/[2,4,6]/[14,5,2]",
		"[ [3 12 8] [2 4 6] [14 5 2] ]",
	};
	struct ab_tree *tree = parse(forms[_i]);
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct keeper k = run_search(tree, &c);
	check_events(tree, &k, lecture_events,
		     sizeof lecture_events / sizeof lecture_events[0]);
	keeper_free(&k);
	ab_tree_free(tree);
}
END_TEST

/* ---- Conventions on small trees ------------------------------------------ */

static const struct convention_case {
	const char *tree;
	const char *order;       /* NULL: given */
	bool fail_hard, strict, minimax;
	enum ab_root_choice root;
	ab_value value;
	const char *best;        /* path */
	uint32_t leaves, nodes;
	const char *cuts;        /* "path>by:pruned,pruned;..." with D for deep */
} convention_cases[] = {
	/* The lecture tree under every switch. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", NULL, false, false, false, AB_ROOT_FROM_TREE, 3, "1", 7, 4, "2>:2.2,2.3" },
	{ "[[3,12,8],[2,4,6],[14,5,2]]", NULL, true, false, false, AB_ROOT_FROM_TREE, 3, "1", 7, 4, "2>:2.2,2.3" },
	{ "[[3,12,8],[2,4,6],[14,5,2]]", NULL, false, true, false, AB_ROOT_FROM_TREE, 3, "1", 7, 4, "2>:2.2,2.3" },
	{ "[[3,12,8],[2,4,6],[14,5,2]]", NULL, false, false, true, AB_ROOT_FROM_TREE, 3, "1", 9, 4, "" },
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "best", false, false, false, AB_ROOT_FROM_TREE, 3, "1", 5, 4, "2>:2.2,2.3;3>:3.1,3.2" },
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "reverse", false, false, false, AB_ROOT_FROM_TREE, 3, "1", 9, 4, "" },
	{ "[[3,12,8],[2,4,6],[14,5,2]]", NULL, false, false, false, AB_ROOT_IS_MIN, 6, "2", 7, 4, "3>:3.2,3.3" },
	/* Seed 003: only C3 pruned, C <= 5. */
	{ "[[3,17,8],[9,7,12],[14,5,2]]", NULL, false, false, false, AB_ROOT_FROM_TREE, 7, "2", 8, 4, "3>:3.3" },
	/* Ties: >= prunes on equality, > does not. */
	{ "[[3,5],[3,1]]", NULL, false, false, false, AB_ROOT_FROM_TREE, 3, "1", 3, 3, "2>:2.2" },
	{ "[[3,5],[3,1]]", NULL, false, true, false, AB_ROOT_FROM_TREE, 3, "1", 4, 3, "" },
	/* The contract's MIN root under fail-hard: the root returns its beta. */
	{ "[[1,2],[3,4]]", NULL, true, false, false, AB_ROOT_IS_MIN, 2, "1", 3, 3, "2>:2.2" },
	/* Lost positions: a first child that only ties -inf is the best. */
	{ "[-inf,-inf]", NULL, false, false, false, AB_ROOT_FROM_TREE, AB_NEG_INF, "1", 2, 1, "" },
	{ "[[-inf,3],-inf]", NULL, true, false, false, AB_ROOT_FROM_TREE, AB_NEG_INF, "1", 2, 2, "1>:1.2" },
	{ "[[2,+inf],[1,5]]", NULL, false, false, false, AB_ROOT_FROM_TREE, 2, "1", 3, 3, "2>:2.2" },
	/* A deep cutoff: E (path 2.1.1) is cut by the root's alpha. */
	{ "[[5,6],[[[3,9],[8,1]],7]]", NULL, false, false, false, AB_ROOT_FROM_TREE, 5, "1", 5, 6, "2.1.1>D:2.1.1.2;2>:2.2" },
};

/* What each node returns under fail-soft, fail-hard and fail-hard=clamp:
 * "path=value;..." for every return event. */
static const struct {
	const char *tree;
	enum ab_fail fail;
	bool strict;
	const char *returns;
} return_cases[] = {
	/* The lecture tree: C cuts with beta = 2 <= alpha = 3. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", AB_FAIL_SOFT, false, "1=3;2=2;3=2;=3" },
	{ "[[3,12,8],[2,4,6],[14,5,2]]", AB_FAIL_HARD, false, "1=3;2=2;3=2;=3" },
	{ "[[3,12,8],[2,4,6],[14,5,2]]", AB_FAIL_CLAMP, false, "1=3;2=3;3=3;=3" },
	/* A MAX node cut far above beta: fail-hard keeps its alpha, clamp
	 * gives beta. */
	{ "[[5,[9,1]],4]", AB_FAIL_SOFT, false, "1.2=9;1=5;=5" },
	{ "[[5,[9,1]],4]", AB_FAIL_HARD, false, "1.2=9;1=5;=5" },
	{ "[[5,[9,1]],4]", AB_FAIL_CLAMP, false, "1.2=5;1=5;=5" },
	/* Below alpha at MIN: soft 1, hard and clamp alpha... */
	{ "[5,[1,9]]", AB_FAIL_SOFT, false, "2=1;=5" },
	{ "[5,[1,9]]", AB_FAIL_HARD, false, "2=1;=5" },
	{ "[5,[1,9]]", AB_FAIL_CLAMP, false, "2=5;=5" },
	{ "[5,[1,9]]", AB_FAIL_CLAMP, true, "2=5;=5" },
};

START_TEST(returns_by_convention)
{
	struct ab_tree *tree = parse(return_cases[_i].tree);
	struct ab_config c = { .fail = return_cases[_i].fail,
			       .strict = return_cases[_i].strict };
	struct keeper k = run_search(tree, &c);
	struct ab_str got = AB_STR_INIT;
	for (size_t i = 0; i < k.count; i++) {
		const struct ab_event *ev = &k.events[i].ev;
		if (ev->kind != AB_EV_RETURN)
			continue;
		if (got.len)
			ab_str_addc(&got, ';');
		ab_tree_path(tree, ev->node, &got);
		ab_str_addf(&got, "=%lld", (long long)ev->value);
	}
	ck_assert_msg(strcmp(ab_str_cstr(&got), return_cases[_i].returns) == 0,
		      "case %d: %s, expected %s", _i, ab_str_cstr(&got),
		      return_cases[_i].returns);
	ab_str_free(&got);
	keeper_free(&k);
	ab_tree_free(tree);
}
END_TEST

static void describe_cuts(const struct ab_tree *tree, const struct keeper *k,
			  struct ab_str *out)
{
	for (size_t i = 0; i < k->count; i++) {
		const struct ab_event *ev = &k->events[i].ev;
		if (ev->kind != AB_EV_CUTOFF)
			continue;
		if (out->len)
			ab_str_addc(out, ';');
		ab_tree_path(tree, ev->node, out);
		ab_str_add(out, ev->deep ? ">D:" : ">:");
		for (uint32_t j = 0; j < ev->npruned; j++) {
			if (j)
				ab_str_addc(out, ',');
			ab_tree_path(tree, k->events[i].pruned[j], out);
		}
	}
}

START_TEST(conventions)
{
	const struct convention_case *t = &convention_cases[_i];
	struct ab_tree *tree = parse(t->tree);
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.fail = (t->fail_hard) ? AB_FAIL_HARD : AB_FAIL_SOFT;
	c.strict = t->strict;
	c.algo = t->minimax ? AB_MINIMAX : AB_ALPHABETA;
	c.root = t->root;
	if (t->order)
		ck_assert(ab_parse_order(t->order, &c));
	struct keeper k = run_search(tree, &c);
	const struct ab_event *done = &k.events[k.count - 1].ev;
	ck_assert_int_eq(done->kind, AB_EV_DONE);
	ck_assert_msg(done->value == t->value, "case %d: value %lld", _i, (long long)done->value);
	ck_assert_uint_eq(done->best, node_at(tree, t->best));
	ck_assert_uint_eq(done->leaves_visited, t->leaves);
	ck_assert_uint_eq(done->nodes_visited, t->nodes);
	struct ab_str cuts = AB_STR_INIT;
	describe_cuts(tree, &k, &cuts);
	ck_assert_str_eq(ab_str_cstr(&cuts), t->cuts);
	ab_str_free(&cuts);
	keeper_free(&k);
	ab_tree_free(tree);
}
END_TEST

START_TEST(seed003_interval_of_c)
{
	struct ab_tree *tree = parse("[[3,17,8],[9,7,12],[14,5,2]]");
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct keeper k = run_search(tree, &c);
	bool seen = false;
	for (size_t i = 0; i < k.count; i++) {
		const struct ab_event *ev = &k.events[i].ev;
		if (ev->kind == AB_EV_RETURN && ev->node == node_at(tree, "3")) {
			ck_assert(ev->value == 5 && ev->lo == NI && ev->hi == 5);
			seen = true;
		}
	}
	ck_assert(seen);
	keeper_free(&k);
	ab_tree_free(tree);
}
END_TEST

START_TEST(order_parsing)
{
	struct ab_config c = AB_CONFIG_DEFAULT;
	ck_assert(ab_parse_order("random:42", &c));
	ck_assert_int_eq(c.order, AB_ORDER_RANDOM);
	ck_assert(c.seed == 42);
	struct ab_str text = AB_STR_INIT;
	ab_order_describe(&c, &text);
	ck_assert_str_eq(ab_str_cstr(&text), "random:42");
	ab_str_free(&text);
	/* Every seed --seed takes, in lessons and answers as on the command
	 * line. */
	ck_assert(ab_parse_order("random:18446744073709551615", &c));
	ck_assert(c.seed == UINT64_MAX);
	ck_assert(ab_parse_order("random:0", &c));
	ck_assert(c.seed == 0);
	static const char *const bad[] = { "", "giv", "random:", "random:x",
					   "best:3", "givenx", "random:-1",
					   "random:18446744073709551616",
					   "random:99999999999999999999",
					   "random:+1", "random: 1", "random:1 " };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(!ab_parse_order(bad[i], &c), "accepted '%s'", bad[i]);
}
END_TEST

START_TEST(random_order_is_a_permutation_and_repeatable)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 99);
	struct randtree_shape shape = { 1, 5, 4, false, -9, 9, false };
	struct ab_tree *tree = randtree(&rng, &shape);
	struct ab_config c = AB_CONFIG_DEFAULT;
	ck_assert(ab_parse_order("random:7", &c));
	uint32_t *a = calloc(tree->count, sizeof *a), *b = calloc(tree->count, sizeof *b);
	ab_search_order(tree, &c, a);
	ab_search_order(tree, &c, b);
	ck_assert(memcmp(a, b, tree->count * sizeof *a) == 0);
	for (uint32_t n = 0; n < tree->count; n++) {
		const struct ab_node *node = &tree->nodes[n];
		for (uint32_t i = 0; i < node->nkids; i++)
			ck_assert_uint_eq(tree->nodes[a[node->first_kid + i]].parent, n);
	}
	free(a);
	free(b);
	ab_tree_free(tree);
}
END_TEST

/* ---- Properties on random trees ------------------------------------------ */

static const char *const orders[] = { "given", "reverse", "best", "worst", "random:5" };

/* For one random tree and every convention: the root value equals
 * minimax's, every interval contains the true value, fail-hard and
 * fail-soft look at the same leaves. */
static void check_random_tree(int _i)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, (uint64_t)_i * 7919 + 1);
	struct randtree_shape shape = {
		.min_kids = 1, .max_kids = 1 + (uint32_t)ab_rng_below(&rng, 5),
		.depth = 1 + (uint32_t)ab_rng_below(&rng, 6),
		.uniform = false, .lo = -5, .hi = 5, .distinct = false,
	};
	struct ab_tree *tree = randtree(&rng, &shape);
	for (int root = 0; root < 2; root++) {
		enum ab_player rp = root ? AB_MIN : AB_MAX;
		ab_value *truth = calloc(tree->count, sizeof *truth);
		tree->root_player = rp;
		ab_tree_minimax_values(tree, rp, truth);
		for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
			/* fail-soft, fail-hard, fail-hard=clamp */
			struct keeper runs[3][2];
			for (int hard = 0; hard < 3; hard++) {
				for (int strict = 0; strict < 2; strict++) {
					struct ab_config c = AB_CONFIG_DEFAULT;
					ck_assert(ab_parse_order(orders[o], &c));
					c.fail = (enum ab_fail)hard;
					c.strict = strict;
					runs[hard][strict] = run_search(tree, &c);
					struct keeper *k = &runs[hard][strict];
					const struct ab_event *done = &k->events[k->count - 1].ev;
					ck_assert(done->value == truth[0]);
					ck_assert(done->best != AB_NONE);
					ck_assert(truth[done->best] == truth[0]);
					for (size_t i = 0; i < k->count; i++) {
						const struct ab_event *ev = &k->events[i].ev;
						if (ev->kind != AB_EV_RETURN)
							continue;
						ck_assert_msg(ev->lo <= truth[ev->node] && truth[ev->node] <= ev->hi,
							      "tree %d: interval misses the true value", _i);
						if (!hard)
							ck_assert(ev->value >= ev->lo && ev->value <= ev->hi);
					}
				}
			}
			/* Cutting on >=, fail-hard and fail-soft look at the same
			 * leaves in the same order.  Cutting on > they need not:
			 * a fail-hard node that returns its bound beta cannot show
			 * that its value lies beyond beta, so the parent's test
			 * alpha > beta misses a cut that fail-soft makes.  There the
			 * fail-soft leaves are a subsequence of the fail-hard ones. */
			for (int both = 0; both < 4; both++) {
				int strict = both % 2;
				struct keeper *s = &runs[0][strict], *h = &runs[1 + both / 2][strict];
				size_t i = 0, j = 0;
				for (;;) {
					while (i < s->count && s->events[i].ev.kind != AB_EV_LEAF)
						i++;
					while (j < h->count && h->events[j].ev.kind != AB_EV_LEAF)
						j++;
					if (i >= s->count) {
						if (!strict)
							ck_assert(j >= h->count);
						break;
					}
					ck_assert_msg(j < h->count, "fail-hard skipped a leaf fail-soft saw");
					if (s->events[i].ev.node != h->events[j].ev.node) {
						ck_assert_msg(strict, "tree %d: soft and hard differ cutting on >=", _i);
						j++;
						continue;
					}
					i++;
					j++;
				}
			}
			for (int hard = 0; hard < 3; hard++)
				for (int strict = 0; strict < 2; strict++)
					keeper_free(&runs[hard][strict]);
		}
		free(truth);
	}
	ab_tree_free(tree);
}

/* 1000 random trees in one test: one fork, not a thousand (sanitizer
 * builds pay dearly for each fork). */
START_TEST(random_trees_every_convention)
{
	for (int i = 0; i < 1000; i++)
		check_random_tree(i);
}
END_TEST

/* Best order on uniform trees with distinct values examines exactly the
 * Knuth-Moore count. */
static void check_best_order(int _i)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, (uint64_t)_i + 1000);
	uint32_t b = 1 + (uint32_t)ab_rng_below(&rng, 5);
	uint32_t d = 1 + (uint32_t)ab_rng_below(&rng, 6);
	struct randtree_shape shape = { b, b, d, true, 1, 1, true };
	struct ab_tree *tree = randtree(&rng, &shape);
	for (int root = 0; root < 2; root++) {
		tree->root_player = root ? AB_MIN : AB_MAX;
		for (int hard = 0; hard < 2; hard++) {
			struct ab_config c = AB_CONFIG_DEFAULT;
			c.order = AB_ORDER_BEST;
			c.fail = (hard) ? AB_FAIL_HARD : AB_FAIL_SOFT;
			struct ab_counts counts;
			ck_assert(ab_count(tree, &c, &counts));
			ck_assert_msg(counts.leaves == ab_knuth_moore(b, d),
				      "b=%u d=%u: %u leaves, Knuth-Moore %llu", b, d,
				      counts.leaves, (unsigned long long)ab_knuth_moore(b, d));
		}
	}
	ab_tree_free(tree);
}

START_TEST(best_order_reaches_knuth_moore)
{
	for (int i = 0; i < 300; i++)
		check_best_order(i);
}
END_TEST

/* ---- --pvs and --aspiration ------------------------------------------------ */

/* c with PVS or aspiration against c without: the root's value and move
 * the same, every interval holding its node's true value at the depth
 * searched, and a research event after every null window that falls
 * inside.  Returns how many research events there were. */
static int check_variant(const struct ab_tree *tree, const struct ab_config *plain,
			 const struct ab_config *c, int seed)
{
	struct keeper k = run_search(tree, c), r = run_search(tree, plain);
	const struct ab_event *dk = &k.events[k.count - 1].ev, *dr = &r.events[r.count - 1].ev;
	ck_assert_int_eq(dk->kind, AB_EV_DONE);
	/* The same move: the same child, or (a DAG's two children of the
	 * root may be one position, between which the table's best-first
	 * order can choose either) the same position. */
	bool same_move = dk->best == dr->best ||
			 (dk->best != AB_NONE && dr->best != AB_NONE &&
			  ab_position(tree, dk->best) == ab_position(tree, dr->best));
	ck_assert_msg(dk->value == dr->value && same_move,
		      "tree %d, pvs %d aspiration %lld, fail %d strict %d order %d tt %d depth %u%s: "
		      "value %lld move %u, without %lld move %u", seed, c->pvs,
		      (long long)c->aspiration.num, c->fail, c->strict, c->order, c->tt, c->depth,
		      c->iterative ? " iterative" : "", (long long)dk->value, dk->best,
		      (long long)dr->value, dr->best);
	enum ab_player root = ab_config_root(c, tree);
	uint32_t horizon = c->depth;
	int researches = 0;
	for (size_t i = 0; i < k.count; i++) {
		const struct ab_event *ev = &k.events[i].ev;
		if (ev->kind == AB_EV_ITERATION)
			horizon = ev->depth;
		if (ev->kind == AB_EV_RESEARCH) {
			researches++;
			/* The next event enters the node again with the new window. */
			ck_assert(i + 1 < k.count);
			const struct ab_event *next = &k.events[i + 1].ev;
			ck_assert(next->kind == AB_EV_ENTER && next->node == ev->node &&
				  next->alpha == ev->alpha && next->beta == ev->beta);
			ck_assert(ev->alpha <= ev->lo && ev->hi <= ev->beta);
		}
		if (ev->kind == AB_EV_RETURN) {
			uint32_t below = horizon ? horizon - tree->nodes[ev->node].depth : 1000;
			ab_value t = randtree_value_below(tree, ev->node, below, root);
			ck_assert_msg(ev->lo <= t && t <= ev->hi, "tree %d step %zu: interval", seed, i + 1);
		}
	}
	keeper_free(&k);
	keeper_free(&r);
	return researches;
}

START_TEST(pvs_and_aspiration_keep_value_and_move)
{
	int rounds = ab_test_rounds(3000), researches = 0, aspirations = 0;
	struct ab_rng rng;
	ab_rng_seed(&rng, 2024);
	for (int i = 0; i < rounds; i++) {
		struct ab_tree *tree = randdag_small(&rng, i & 1);
		for (int j = 0; j < 4; j++) {
			struct ab_config plain = AB_CONFIG_DEFAULT;
			plain.fail = (enum ab_fail)ab_rng_below(&rng, 3);
			plain.strict = ab_rng_below(&rng, 2);
			plain.order = (enum ab_order)ab_rng_below(&rng, 5);
			plain.seed = ab_rng_below(&rng, 100);
			plain.tt = ab_rng_below(&rng, 3) == 0;
			switch (ab_rng_below(&rng, 3)) {
			case 0: break;
			case 1: plain.depth = 1 + (uint32_t)ab_rng_below(&rng, tree->height); break;
			default: plain.iterative = true; break;
			}
			struct ab_config c = plain;
			c.pvs = true;
			researches += check_variant(tree, &plain, &c, i);
			if (plain.iterative) {
				c.pvs = ab_rng_below(&rng, 2);
				c.aspiration = (struct ab_exact){ 1 + (int64_t)ab_rng_below(&rng, 4), 1 };
				aspirations += check_variant(tree, &plain, &c, i);
			}
		}
		ab_tree_free(tree);
	}
	/* Both kinds of research happen. */
	ck_assert_int_gt(researches, rounds / 4);
	ck_assert_int_gt(aspirations, rounds / 20);
}
END_TEST

/* ---- --order killer|history ---------------------------------------------- */

/* On random trees and DAGs under every convention (and the table, depth
 * limits, iterations): the root's value as in the given order, the move a
 * child worth it, every interval true, and an order event at each MAX and
 * MIN node entered, holding its children once each. */
START_TEST(killer_and_history_keep_the_value)
{
	int rounds = ab_test_rounds(2000), moved = 0;
	struct ab_rng rng;
	ab_rng_seed(&rng, 77);
	for (int i = 0; i < rounds; i++) {
		struct ab_tree *tree = randdag_small(&rng, i & 1);
		enum ab_player root = tree->root_player;
		for (int j = 0; j < 4; j++) {
			struct ab_config plain = AB_CONFIG_DEFAULT;
			plain.fail = (enum ab_fail)ab_rng_below(&rng, 3);
			plain.strict = ab_rng_below(&rng, 2);
			plain.tt = ab_rng_below(&rng, 3) == 0;
			plain.pvs = ab_rng_below(&rng, 3) == 0;
			if (ab_rng_below(&rng, 3) == 0)
				plain.iterative = true;
			else if (ab_rng_below(&rng, 2))
				plain.depth = 1 + (uint32_t)ab_rng_below(&rng, tree->height);
			struct ab_config c = plain;
			c.order = j % 2 ? AB_ORDER_HISTORY : AB_ORDER_KILLER;
			struct keeper k = run_search(tree, &c), r = run_search(tree, &plain);
			const struct ab_event *dk = &k.events[k.count - 1].ev;
			ck_assert(dk->value == r.events[r.count - 1].ev.value);
			uint32_t horizon = c.iterative ? ab_config_last_depth(&c, tree) : c.depth;
			if (dk->best != AB_NONE)
				ck_assert(randtree_value_below(tree, dk->best, horizon ? horizon - 1 : 1000, root) ==
					  dk->value);
			horizon = c.depth;
			for (size_t e = 0; e < k.count; e++) {
				const struct ab_event *ev = &k.events[e].ev;
				if (ev->kind == AB_EV_ITERATION)
					horizon = ev->depth;
				if (ev->kind == AB_EV_ENTER) {
					/* Next: its probe (with the table), then its order,
					 * unless the entry answered it. */
					size_t o = e + 1 + (c.tt ? 1 : 0);
					bool answered = c.tt && k.events[e + 1].ev.kind == AB_EV_PROBE &&
							(k.events[e + 1].ev.use == AB_TT_VALUE ||
							 (o < k.count && k.events[o].ev.kind == AB_EV_CUTOFF));
					ck_assert(answered || (o < k.count && k.events[o].ev.kind == AB_EV_ORDER &&
							       k.events[o].ev.node == ev->node));
				}
				if (ev->kind == AB_EV_ORDER) {
					/* The order event's lists were kept as pointers; the
					 * search's order is checked through the trace below. */
					ck_assert_uint_eq(ev->norder, tree->nodes[ev->node].nkids);
				}
				if (ev->kind == AB_EV_RETURN) {
					uint32_t below = horizon ? horizon - tree->nodes[ev->node].depth : 1000;
					ab_value t = randtree_value_below(tree, ev->node, below, root);
					ck_assert(ev->lo <= t && t <= ev->hi);
				}
			}
			/* The trace holds each order event's children, each once. */
			struct ab_trace *trace = ab_trace_record(tree, &c);
			while (ab_trace_forward(trace)) {
				if (trace->records[trace->step - 1].kind != AB_EV_ORDER)
					continue;
				struct ab_event ev;
				ab_trace_event(trace, &ev);
				for (uint32_t a = 0; a < ev.norder; a++) {
					ck_assert_uint_eq(tree->nodes[ev.order[a]].parent, ev.node);
					for (uint32_t b = a + 1; b < ev.norder; b++)
						ck_assert_uint_ne(ev.order[a], ev.order[b]);
					moved += ev.why[a] == AB_WHY_KILLER || ev.why[a] == AB_WHY_HISTORY;
				}
			}
			ab_trace_free(trace);
			keeper_free(&k);
			keeper_free(&r);
		}
		ab_tree_free(tree);
	}
	ck_assert_int_gt(moved, rounds);
}
END_TEST

/* The killer moves of a depth go first; history sorts by d² per cut. */
START_TEST(killer_and_history_orders)
{
	const char *text = "[[[3 4] [5 6]] [[7 8] [1 2]] [[9 0] [2 5]]]";
	struct ab_diag diag;
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config c = { .order = AB_ORDER_KILLER };
	struct keeper k = run_search(tree, &c);
	/* Node 1.2's first child (move 1) cut off at depth 2; node 2's last
	 * child (move 2) failed high at depth 1: so node 3 searches 3.2
	 * first, and 3.2 its first child. */
	uint32_t n3 = ab_tree_find(tree, "3"), n32 = ab_tree_find(tree, "3.2");
	bool seen3 = false;
	for (size_t i = 0; i < k.count; i++) {
		const struct ab_event *ev = &k.events[i].ev;
		if (ev->kind == AB_EV_ENTER && ev->node == n3) {
			seen3 = true;
			const struct ab_event *o = &k.events[i + 1].ev;
			ck_assert_int_eq(o->kind, AB_EV_ORDER);
		}
		if (ev->kind == AB_EV_ENTER && seen3 && ev->node != n3) {
			ck_assert_uint_eq(ev->node, n32); /* 3.2 is entered first */
			break;
		}
	}
	keeper_free(&k);
	/* History: node 1.2's cut (d = 1) scores move 1 with 1; node 2's
	 * (d = 2) scores move 2 with 4: at node 3, 3.2 goes first with 4. */
	c.order = AB_ORDER_HISTORY;
	struct ab_trace *trace = ab_trace_record(tree, &c);
	bool found = false;
	while (ab_trace_forward(trace)) {
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		if (ev.kind == AB_EV_ORDER && ev.node == n3) {
			ck_assert_uint_eq(ev.order[0], n32);
			ck_assert_int_eq(ev.why[0], AB_WHY_HISTORY);
			ck_assert_uint_eq(ev.scores[0], 4);
			ck_assert_int_eq(ev.why[1], AB_WHY_HISTORY);
			ck_assert_uint_eq(ev.scores[1], 1);
			found = true;
		}
	}
	ck_assert(found);
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

/* A tree that names its moves (a game's): a move is the label's last
 * one, so the same move from different positions is one move. */
START_TEST(named_moves)
{
	/* R[ A["a x"=3 "a y"=1] B["b y"=0 "b x"=7] C["c x"=5 "c y"=-1] ]:
	 * B's first child, move y, cuts off at depth 1; C then tries its
	 * move y first, its second child, and cuts at once.  By ranks the
	 * killer would be the first child, and C would look at both. */
	static const struct { const char *label; int parent; ab_value v; } nodes[] = {
		{ "R", -1, 0 }, { "a", 0, 0 }, { "a x", 1, 3 }, { "a y", 1, 1 },
		{ "b", 0, 0 }, { "b y", 4, 0 }, { "b x", 4, 7 },
		{ "c", 0, 0 }, { "c x", 7, 5 }, { "c y", 7, -1 },
	};
	struct ab_tree *tree = ab_tree_new();
	uint32_t id[10];
	for (int i = 0; i < 10; i++)
		ck_assert_int_eq(ab_tree_add(tree, nodes[i].parent < 0 ? AB_NONE : id[nodes[i].parent],
					     nodes[i].label, strlen(nodes[i].label), nodes[i].v,
					     &id[i]), AB_BUILD_OK);
	ab_tree_finish(tree);
	size_t len;
	ck_assert_ptr_null(ab_tree_move(tree, id[9], &len));
	tree->moves_named = true;
	tree->move_sep = ' ';
	const char *m = ab_tree_move(tree, id[9], &len);
	ck_assert(m && len == 1 && *m == 'y');
	for (int named = 0; named < 2; named++) {
		tree->moves_named = named;
		struct ab_config c = { .order = AB_ORDER_KILLER };
		struct ab_trace *trace = ab_trace_record(tree, &c);
		struct ab_event done;
		ab_trace_done(trace, &done);
		ck_assert_uint_eq(done.leaves_visited, named ? 4 : 5);
		while (ab_trace_forward(trace)) {
			struct ab_event ev;
			ab_trace_event(trace, &ev);
			if (ev.kind == AB_EV_ORDER && ev.node == id[7]) {
				ck_assert_uint_eq(ev.order[0], named ? id[9] : id[8]);
				ck_assert_int_eq(ev.why[0], AB_WHY_KILLER);
			}
		}
		ab_trace_free(trace);
	}
	ab_tree_free(tree);
}
END_TEST

START_TEST(deep_tree_no_recursion)
{
	/* A chain 10,000 levels deep: the search must not use the C stack. */
	struct ab_tree *tree = ab_tree_new();
	uint32_t parent = AB_NONE, id;
	for (uint32_t d = 0; d < AB_MAX_DEPTH; d++) {
		ab_tree_add(tree, parent, NULL, 0, 0, &id);
		uint32_t inner = id;
		if (d + 1 < AB_MAX_DEPTH)
			ab_tree_add(tree, inner, NULL, 0, (ab_value)d, &id);
		parent = inner;
	}
	ab_tree_add(tree, parent, NULL, 0, 42, &id);
	ab_tree_finish(tree);
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct ab_counts counts;
	ck_assert(ab_count(tree, &c, &counts));
	ck_assert_uint_gt(counts.leaves, 0);
	ab_tree_free(tree);
}
END_TEST

static Suite *search_suite(void)
{
	Suite *s = suite_create("search");
	TCase *tc = tcase_create("lecture");
	tcase_add_loop_test(tc, lecture_event_sequence, 0, 3);
	tcase_add_loop_test(tc, returns_by_convention, 0,
			    (int)(sizeof return_cases / sizeof return_cases[0]));
	tcase_add_loop_test(tc, conventions, 0,
			    (int)(sizeof convention_cases / sizeof convention_cases[0]));
	tcase_add_test(tc, seed003_interval_of_c);
	tcase_add_test(tc, order_parsing);
	tcase_add_test(tc, random_order_is_a_permutation_and_repeatable);
	suite_add_tcase(s, tc);
	TCase *props = tcase_create("random trees");
	tcase_set_timeout(props, 120);
	tcase_add_test(props, random_trees_every_convention);
	tcase_add_test(props, best_order_reaches_knuth_moore);
	tcase_add_test(props, deep_tree_no_recursion);
	tcase_add_test(props, pvs_and_aspiration_keep_value_and_move);
	tcase_add_test(props, killer_and_history_keep_the_value);
	tcase_add_test(tc, killer_and_history_orders);
	tcase_add_test(tc, named_moves);
	suite_add_tcase(s, props);
	return s;
}

int main(void)
{
	return ab_run_suite(search_suite());
}
