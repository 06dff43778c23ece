/* test_feed.c - the trees `abtrace test` makes (testing/gen.c) and the
 * three ways it feeds them (testing/feed.c): exact text, what the list
 * feed refuses, repeatable trees and the shapes they take.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/parse.h"
#include "core/search.h"
#include "testing/feed.h"
#include "testing/gen.h"
#include "testutil.h"

static char *fed(enum ab_feed feed, const struct ab_tree *t)
{
	struct ab_str s = AB_STR_INIT;
	ab_feed_write(feed, t, &s);
	return s.s;
}

/* ---- Feeds ---------------------------------------------------------------- */

static const struct {
	const char *tree;
	const char *list;  /* NULL: the list feed refuses it */
	const char *json;
} feeds[] = {
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "[[3,12,8],[2,4,6],[14,5,2]]\n",
	  "{\"root\":\"max\",\"tree\":{\"player\":\"max\",\"children\":["
	  "{\"player\":\"min\",\"children\":[3,12,8]},{\"player\":\"min\",\"children\":[2,4,6]},"
	  "{\"player\":\"min\",\"children\":[14,5,2]}]}}\n" },
	{ "A[B[2.5 -0.125] C=7]", "[[2.5,-0.125],7]\n",
	  "{\"root\":\"max\",\"tree\":{\"player\":\"max\",\"label\":\"A\",\"children\":["
	  "{\"player\":\"min\",\"label\":\"B\",\"children\":[2.5,-0.125]},7]}}\n" },
	{ "[[[[1]]]]", "[[[[1]]]]\n",
	  "{\"root\":\"max\",\"tree\":{\"player\":\"max\",\"children\":[{\"player\":\"min\","
	  "\"children\":[{\"player\":\"max\",\"children\":[{\"player\":\"min\",\"children\":[1]}]}]}]}}\n" },
	{ "root: min\n[[1 2] 3]", NULL,
	  "{\"root\":\"min\",\"tree\":{\"player\":\"min\",\"children\":[{\"player\":\"max\","
	  "\"children\":[1,2]},3]}}\n" },
	{ "players: max min min\n[[[1 2]] 3]", NULL,
	  "{\"root\":\"max\",\"tree\":{\"player\":\"max\",\"children\":[{\"player\":\"min\","
	  "\"children\":[{\"player\":\"min\",\"children\":[1,2]}]},3]}}\n" },
	{ "bounds: 0..10\n[<chance>[0.25: 4, 0.75: 10] B=3.5[1 [2 3]]]", NULL,
	  "{\"root\":\"max\",\"tree\":{\"player\":\"max\",\"children\":[{\"player\":\"chance\","
	  "\"p\":[0.25,0.75],\"children\":[4,10]},{\"player\":\"min\",\"label\":\"B\",\"static\":3.5,"
	  "\"children\":[1,{\"player\":\"max\",\"children\":[2,3]}]}]}}\n" },
	{ "[<chance>[1/3: 4, 2/3: 10]]", NULL,
	  "{\"root\":\"max\",\"tree\":{\"player\":\"max\",\"children\":[{\"player\":\"chance\","
	  "\"p\":[\"1/3\",\"2/3\"],\"children\":[4,10]}]}}\n" },
	{ "[[999999999999999 -999999999999999] [7]]",
	  "[[999999999999999,-999999999999999],[7]]\n", NULL },
	{ "[[0.000000001 -2] [1.5]]", "[[0.000000001,-2],[1.5]]\n", NULL },
};

START_TEST(feeds_write_exactly)
{
	struct ab_tree *t = tree_ok(feeds[_i].tree);
	const char *refused = ab_feed_refuses(AB_FEED_LIST, t);
	if (feeds[_i].list) {
		ck_assert_ptr_null(refused);
		char *list = fed(AB_FEED_LIST, t);
		ck_assert_str_eq(list, feeds[_i].list);
		free(list);
	} else {
		ck_assert_ptr_nonnull(refused);
		ck_assert(strstr(refused, "--feed json") != NULL);
	}
	ck_assert_ptr_null(ab_feed_refuses(AB_FEED_JSON, t));
	ck_assert_ptr_null(ab_feed_refuses(AB_FEED_TREE, t));
	if (feeds[_i].json) {
		char *json = fed(AB_FEED_JSON, t);
		ck_assert_str_eq(json, feeds[_i].json);
		free(json);
	}
	/* The tree feed is the tree file, then "end": without that line it
	 * reads back as the same tree. */
	char *tree = fed(AB_FEED_TREE, t);
	size_t len = strlen(tree);
	ck_assert(len > 4 && strcmp(tree + len - 4, "end\n") == 0);
	tree[len - 4] = '\0';
	struct ab_tree *back = tree_ok(tree);
	struct ab_str a = AB_STR_INIT, b = AB_STR_INIT;
	ab_tree_write(t, &a);
	ab_tree_write(back, &b);
	ck_assert_str_eq(a.s, b.s);
	ck_assert_str_eq(a.s, tree);
	ab_str_free(&a);
	ab_str_free(&b);
	free(tree);
	ab_tree_free(back);
	ab_tree_free(t);
}
END_TEST

/* A tree 10,000 levels deep is written without recursion. */
START_TEST(feeds_deep_tree)
{
	struct ab_str text = AB_STR_INIT;
	for (int i = 0; i < 10000; i++)
		ab_str_addc(&text, '[');
	ab_str_add(&text, "5");
	for (int i = 0; i < 10000; i++)
		ab_str_addc(&text, ']');
	struct ab_tree *t = tree_ok(text.s);
	char *list = fed(AB_FEED_LIST, t);
	ab_str_addc(&text, '\n');
	ck_assert_str_eq(list, text.s);
	char *json = fed(AB_FEED_JSON, t);
	ck_assert(strstr(json, "\"children\":[5]") != NULL);
	free(list);
	free(json);
	ab_str_free(&text);
	ab_tree_free(t);
}
END_TEST

START_TEST(feed_names)
{
	enum ab_feed f;
	ck_assert(ab_parse_feed("list", &f) && f == AB_FEED_LIST);
	ck_assert(ab_parse_feed("json", &f) && f == AB_FEED_JSON);
	ck_assert(ab_parse_feed("tree", &f) && f == AB_FEED_TREE);
	ck_assert(!ab_parse_feed("lists", &f));
	ck_assert(!ab_parse_feed("", &f));
	for (int i = 0; i < 3; i++) {
		ck_assert(ab_parse_feed(ab_feed_name((enum ab_feed)i), &f));
		ck_assert_int_eq(f, i);
	}
}
END_TEST

/* ---- Generated trees -------------------------------------------------------- */

static char *generated(const struct ab_gen *gen, uint64_t i, enum ab_gen_shape *shape)
{
	struct ab_tree *t = ab_gen_tree(gen, i, shape);
	ck_assert_ptr_nonnull(t);
	struct ab_str s = AB_STR_INIT;
	ab_tree_write(t, &s);
	ab_tree_free(t);
	return s.s;
}

/* The same seed and index give the same tree; another seed another run. */
START_TEST(gen_repeats)
{
	struct ab_gen gen = { .spec = AB_RANDOM_DEFAULT };
	gen.spec.seed = 42;
	struct ab_gen other = gen;
	other.spec.seed = 43;
	int differ = 0;
	for (uint64_t i = 0; i < 40; i++) {
		char *a = generated(&gen, i, NULL), *b = generated(&gen, i, NULL);
		char *c = generated(&other, i, NULL);
		ck_assert_str_eq(a, b);
		differ += strcmp(a, c) != 0;
		free(a);
		free(b);
		free(c);
	}
	ck_assert_int_gt(differ, 30);
}
END_TEST

/* Whether every node's children come best first (or worst first) by
 * their true values. */
static bool ordered(const struct ab_tree *t, bool best)
{
	ab_value *v = ab_xcalloc(t->count, sizeof *v);
	ab_tree_minimax_values(t, t->root_player, v);
	bool ok = true;
	for (uint32_t n = 0; n < t->count && ok; n++) {
		bool max = ab_player_at(t, n, t->root_player) == AB_MAX;
		for (uint32_t i = 1; i < t->nodes[n].nkids; i++) {
			ab_value a = v[ab_kid(t, n, i - 1)], b = v[ab_kid(t, n, i)];
			if (max == best ? a < b : a > b)
				ok = false;
		}
	}
	free(v);
	return ok;
}

static int count_leaves(void *ctx, const struct ab_event *ev)
{
	if (ev->kind == AB_EV_DONE)
		*(uint32_t *)ctx = ev->leaves_visited;
	return 0;
}

static uint32_t leaves_visited(const struct ab_tree *t)
{
	uint32_t n = 0;
	struct ab_sink sink = { count_leaves, &n, AB_EVENT_BIT(AB_EV_DONE) };
	ab_search(t, &AB_CONFIG_DEFAULT, &sink);
	return n;
}

/* Every shape turns up in a run, each as it says; with list_only every
 * tree can be fed as a list. */
START_TEST(gen_shapes)
{
	bool list_only = _i == 1;
	struct ab_gen gen = { .spec = AB_RANDOM_DEFAULT, .list_only = list_only };
	gen.spec.seed = 7;
	int seen[AB_GEN_SHAPE_COUNT] = { 0 };
	bool beyond = false, near = false;
	for (uint64_t i = 0; i < 400; i++) {
		enum ab_gen_shape shape;
		struct ab_tree *t = ab_gen_tree(&gen, i, &shape);
		ck_assert_ptr_nonnull(t);
		ck_assert_ptr_null(t->title);
		ck_assert_ptr_null(t->source);
		seen[shape]++;
		if (list_only)
			ck_assert_ptr_null(ab_feed_refuses(AB_FEED_LIST, t));
		ab_value lo = AB_POS_INF, hi = AB_NEG_INF;
		for (uint32_t n = 0; n < t->count; n++) {
			if (!ab_is_leaf(t, n))
				continue;
			ab_value v = t->nodes[n].value / t->scale;
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
		switch (shape) {
		case AB_GEN_TIES:
			ck_assert_int_le(hi - lo, 2);
			break;
		case AB_GEN_MIN_ROOT:
			ck_assert(!list_only);
			ck_assert_int_eq(t->root_player, AB_MIN);
			break;
		case AB_GEN_CUT_RICH:
			ck_assert(ordered(t, true));
			break;
		case AB_GEN_CUT_FREE:
			ck_assert(ordered(t, false));
			break;
		case AB_GEN_DEEP_CHAIN:
			ck_assert_uint_eq(t->height, 9);
			break;
		case AB_GEN_DEEPER:
			ck_assert_uint_ge(t->height, 4);
			break;
		case AB_GEN_WIDE:
			ck_assert_uint_eq(t->height, 2);
			ck_assert_uint_ge(t->nodes[0].nkids, 3);
			break;
		case AB_GEN_BEYOND_INF:
			beyond |= lo < -1000 || hi > 1000;
			break;
		case AB_GEN_NEAR_RANGE:
			near |= lo < -INT64_C(100000000000000) || hi > INT64_C(100000000000000);
			break;
		default:
			break;
		}
		ab_tree_free(t);
	}
	ck_assert(beyond);
	ck_assert(near);
	/* In a round of shapes, cut-rich and cut-free are one tree: the same
	 * leaves in other orders, and alpha-beta looks at fewer of them in
	 * the first.  */
	uint64_t rich = 0, free_ = 0;
	for (uint64_t i = 0; i < 2 * (AB_GEN_SHAPE_COUNT - 1); i++) {
		enum ab_gen_shape shape;
		struct ab_tree *t = ab_gen_tree(&gen, i, &shape);
		if (shape == AB_GEN_CUT_RICH)
			rich = i;
		if (shape == AB_GEN_CUT_FREE)
			free_ = i;
		ab_tree_free(t);
	}
	struct ab_tree *a = ab_gen_tree(&gen, rich, NULL), *b = ab_gen_tree(&gen, free_, NULL);
	ck_assert_uint_eq(a->leaves, b->leaves);
	ck_assert_uint_eq(a->count, b->count);
	ab_value *va = ab_xcalloc(a->count, sizeof *va), *vb = ab_xcalloc(b->count, sizeof *vb);
	ab_tree_minimax_values(a, a->root_player, va);
	ab_tree_minimax_values(b, b->root_player, vb);
	ck_assert_int_eq(va[0], vb[0]);
	ck_assert_uint_le(leaves_visited(a), leaves_visited(b));
	free(va);
	free(vb);
	ab_tree_free(a);
	ab_tree_free(b);
	for (int s = 0; s < AB_GEN_SHAPE_COUNT; s++)
		if (!(list_only && s == AB_GEN_MIN_ROOT))
			ck_assert_msg(seen[s] > 0, "shape %s never drawn", ab_gen_shape_name(s));
	ck_assert_int_eq(seen[AB_GEN_MIN_ROOT] == 0, list_only);
	ck_assert_int_ge(seen[AB_GEN_PLAIN], 200);
}
END_TEST

/* A shape the options rule out is drawn plain: --distinct has no ties,
 * players of a cycle no MIN root; options are kept where a shape does not
 * change them. */
START_TEST(gen_respects_options)
{
	struct ab_gen gen = { .spec = AB_RANDOM_DEFAULT };
	gen.spec.seed = 3;
	gen.spec.distinct = true;
	gen.spec.lo = -99;
	gen.spec.hi = 99;
	static const enum ab_player cycle[] = { AB_MAX, AB_MIN, AB_MIN };
	memcpy(gen.spec.players, cycle, sizeof cycle);
	gen.spec.nplayers = 3;
	for (uint64_t i = 0; i < 100; i++) {
		enum ab_gen_shape shape;
		struct ab_tree *t = ab_gen_tree(&gen, i, &shape);
		ck_assert(shape != AB_GEN_TIES && shape != AB_GEN_MIN_ROOT);
		ck_assert_int_eq(t->root_player, AB_MAX);
		ck_assert_uint_eq(t->nplayers, 3);
		ab_tree_free(t);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("feed");
	TCase *tc = tcase_create("feed");
	tcase_add_loop_test(tc, feeds_write_exactly, 0, (int)(sizeof feeds / sizeof *feeds));
	tcase_add_test(tc, feeds_deep_tree);
	tcase_add_test(tc, feed_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("gen");
	tcase_add_test(tc, gen_repeats);
	tcase_add_loop_test(tc, gen_shapes, 0, 2);
	tcase_add_test(tc, gen_respects_options);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(suite());
}
