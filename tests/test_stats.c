/* test_stats.c - counts per algorithm and order, and Knuth-Moore. */
#include <check.h>
#include <string.h>

#include "sources/load.h"
#include "core/parse.h"
#include "views/stats.h"
#include "testutil.h"

static const struct { uint32_t b, d; uint64_t want; } km_cases[] = {
	{ 3, 2, 5 }, { 2, 4, 7 }, { 4, 10, 2047 }, { 35, 8, 2 * 1500625 - 1 },
	{ 1, 6, 1 }, { 5, 1, 5 }, { 2, 3, 5 }, { 10, 0, 1 }, { 1000, 20, UINT64_MAX },
};

START_TEST(knuth_moore)
{
	ck_assert_uint_eq(ab_knuth_moore(km_cases[_i].b, km_cases[_i].d), km_cases[_i].want);
}
END_TEST

static const struct stats_case {
	const char *tree;
	uint32_t minimax, alphabeta, best, worst;
	bool uniform;
	uint64_t minimal;
} stats_cases[] = {
	{ "[[3,12,8],[2,4,6],[14,5,2]]", 9, 7, 5, 9, true, 5 },
	{ "[[3,17,8],[9,7,12],[14,5,2]]", 9, 8, 5, 9, true, 5 },
	{ "[[1,2],[3,4],[5,6]]", 6, 6, 4, 6, false, 0 },
	{ "[[1,2,3],[4,5,6],[7,8,9]]", 9, 9, 5, 9, true, 5 },
	{ "[ [ [[1 2] [3 4]]  [[5 6] [7 8]] ] [ [[9 10] [11 12]]  [[13 14] [15 16]] ] ]",
	  16, 12, 7, 16, true, 7 },
	{ "[4 [7 [2 9] 1] [[3] 5 [8 [6 0]]] [-2 10]]", 12, 0, 0, 0, false, 0 },
};

START_TEST(counts)
{
	const struct stats_case *t = &stats_cases[_i];
	struct ab_diag diag;
	struct ab_tree *tree = ab_parse_tree(t->tree, strlen(t->tree), &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config c = AB_CONFIG_DEFAULT;
	struct ab_stats s;
	ck_assert(ab_stats_compute(tree, &c, false, &s));
	ck_assert_uint_eq(s.minimax.leaves, t->minimax);
	ck_assert_uint_eq(s.leaves_total, tree->leaves);
	ck_assert(s.uniform == t->uniform);
	if (t->uniform) {
		ck_assert_uint_eq(s.alphabeta.leaves, t->alphabeta);
		ck_assert_uint_eq(s.best_order.leaves, t->best);
		ck_assert_uint_eq(s.worst_order.leaves, t->worst);
		ck_assert_uint_eq(s.minimal_leaves, t->minimal);
	}
	/* Every search agrees on the root's value. */
	ck_assert(s.alphabeta.value == s.minimax.value);
	ck_assert(s.best_order.value == s.minimax.value);
	ck_assert(s.worst_order.value == s.minimax.value);
	/* Best never looks at more than given, given never more than minimax. */
	ck_assert_uint_le(s.best_order.leaves, s.alphabeta.leaves);
	ck_assert_uint_le(s.alphabeta.leaves, s.minimax.leaves);
	ab_tree_free(tree);
}
END_TEST

START_TEST(only_the_asked_search)
{
	struct ab_diag diag;
	const char *text = "[[3,12,8],[2,4,6],[14,5,2]]";
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.order = AB_ORDER_REVERSE;
	struct ab_stats s;
	ck_assert(ab_stats_compute(tree, &c, true, &s));
	ck_assert(s.alphabeta.known && !s.minimax.known && !s.best_order.known &&
		  !s.worst_order.known);
	struct ab_str json = AB_STR_INIT;
	ab_stats_json(tree, &s, &json);
	ck_assert_str_eq(ab_str_cstr(&json),
			 "{\"leaves_total\":9,\"inner_total\":4,\"alphabeta\":{\"leaves\":9,"
			 "\"nodes\":4,\"value\":3,\"best\":\"1\",\"order\":\"reverse\"},"
			 "\"branching\":3,\"depth\":2,\"minimal_leaves\":5}\n");
	ab_str_clear(&json);
	ab_stats_text(tree, &s, &ab_glyphs_ascii, &json);
	ck_assert(strstr(ab_str_cstr(&json), "alpha-beta (reverse)"));
	ck_assert(!strstr(ab_str_cstr(&json), "minimax "));
	ab_str_free(&json);
	ab_tree_free(tree);
}
END_TEST

/* Under --depth the share is of the positions a search to that depth
 * evaluates; a chance root has no best move, null in the JSON as in
 * trace's done event. */
START_TEST(depth_share_and_chance_root)
{
	struct ab_diag diag;
	struct ab_str shown = AB_STR_INIT, out = AB_STR_INIT;
	struct ab_tree *tree = ab_load_tree("horizon", &shown, &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.depth = 1;
	struct ab_stats s;
	ck_assert(ab_stats_compute(tree, &c, false, &s));
	ck_assert_uint_eq(s.positions, 3);
	ck_assert_uint_eq(s.leaves_total, 12);
	ab_stats_text(tree, &s, &ab_glyphs_ascii, &out);
	ck_assert_msg(strstr(ab_str_cstr(&out), "3         1   100.0%"), "%s", ab_str_cstr(&out));
	ck_assert(strstr(ab_str_cstr(&out), "\"share\" is of the 3 positions a search to depth 1 evaluates."));
	ab_tree_free(tree);
	ab_str_clear(&out);
	const char *text = "<chance>[1/7: 1 6/7: 2.5]";
	tree = ab_parse_tree(text, strlen(text), &diag);
	ck_assert_ptr_nonnull(tree);
	c = AB_CONFIG_DEFAULT;
	ck_assert(ab_stats_compute(tree, &c, true, &s));
	ck_assert_uint_eq(s.positions, 2);
	ab_stats_json(tree, &s, &out);
	ck_assert_msg(strstr(ab_str_cstr(&out), "\"best\":null"), "%s", ab_str_cstr(&out));
	ab_tree_free(tree);
	ab_str_free(&out);
	ab_str_free(&shown);
}
END_TEST

static Suite *stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("stats");
	tcase_add_loop_test(tc, knuth_moore, 0, (int)(sizeof km_cases / sizeof km_cases[0]));
	tcase_add_loop_test(tc, counts, 0, (int)(sizeof stats_cases / sizeof stats_cases[0]));
	tcase_add_test(tc, only_the_asked_search);
	tcase_add_test(tc, depth_share_and_chance_root);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(stats_suite());
}
