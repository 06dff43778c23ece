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
	const struct ab_counts *minimax = ab_stats_find(&s, "minimax");
	const struct ab_counts *alphabeta = ab_stats_find(&s, "alphabeta");
	const struct ab_counts *best = ab_stats_find(&s, "best_order");
	const struct ab_counts *worst = ab_stats_find(&s, "worst_order");
	ck_assert(minimax && alphabeta && best && worst);
	ck_assert_uint_eq(minimax->leaves, t->minimax);
	ck_assert_uint_eq(s.leaves_total, tree->leaves);
	ck_assert(s.uniform == t->uniform);
	if (t->uniform) {
		ck_assert_uint_eq(alphabeta->leaves, t->alphabeta);
		ck_assert_uint_eq(best->leaves, t->best);
		ck_assert_uint_eq(worst->leaves, t->worst);
		ck_assert_uint_eq(s.minimal_leaves, t->minimal);
	}
	/* Every search agrees on the root's value. */
	for (uint32_t i = 0; i < s.nrows; i++)
		ck_assert(s.rows[i].counts.known && s.rows[i].counts.value == minimax->value);
	/* Best never looks at more than given, given never more than minimax. */
	ck_assert_uint_le(best->leaves, alphabeta->leaves);
	ck_assert_uint_le(alphabeta->leaves, minimax->leaves);
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
	ck_assert_uint_eq(s.nrows, 1);
	ck_assert(ab_stats_find(&s, "alphabeta") && !ab_stats_find(&s, "minimax") &&
		  !ab_stats_find(&s, "best_order") && !ab_stats_find(&s, "worst_order"));
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

/* The rows are the searches compared, each a configuration and its
 * counts: minimax in the given order, then alpha-beta in the order asked,
 * best first and worst first, each under the conventions asked; only the
 * asked one when only it is asked for, as it was asked. */
START_TEST(rows_are_configurations)
{
	struct ab_diag diag;
	const char *text = "[[3,12,8],[2,4,6],[14,5,2]]";
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config asked = { .fail = AB_FAIL_HARD, .strict = true,
				   .order = AB_ORDER_REVERSE };
	struct ab_stats s;
	ck_assert(ab_stats_compute(tree, &asked, false, &s));
	static const struct { const char *key; enum ab_algo algo; enum ab_order order; } want[] = {
		{ "minimax", AB_MINIMAX, AB_ORDER_GIVEN },
		{ "alphabeta", AB_ALPHABETA, AB_ORDER_REVERSE },
		{ "best_order", AB_ALPHABETA, AB_ORDER_BEST },
		{ "worst_order", AB_ALPHABETA, AB_ORDER_WORST },
	};
	ck_assert_uint_eq(s.nrows, 4);
	for (uint32_t i = 0; i < s.nrows; i++) {
		const struct ab_stats_row *row = &s.rows[i];
		ck_assert_str_eq(row->key, want[i].key);
		ck_assert_int_eq(row->config.algo, want[i].algo);
		ck_assert_int_eq(row->config.order, want[i].order);
		ck_assert(row->config.fail == AB_FAIL_HARD && row->config.strict);
		/* Its counts are its own search's. */
		struct ab_counts c;
		ck_assert(ab_count(tree, &row->config, &c));
		ck_assert_uint_eq(c.leaves, row->counts.leaves);
		ck_assert_uint_eq(c.nodes, row->counts.nodes);
		ck_assert_ptr_eq(ab_stats_find(&s, row->key), &row->counts);
	}
	asked = (struct ab_config){ .algo = AB_MINIMAX, .order = AB_ORDER_REVERSE };
	ck_assert(ab_stats_compute(tree, &asked, true, &s));
	ck_assert_uint_eq(s.nrows, 1);
	ck_assert_str_eq(s.rows[0].key, "minimax");
	ck_assert_int_eq(s.rows[0].config.order, AB_ORDER_REVERSE);
	ck_assert_ptr_null(ab_stats_find(&s, "alphabeta"));
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

/* With --tt: the rows without the table as before, then minimax and the
 * asked search with it, each with its probes, hits and stores; the same
 * root value everywhere; only the asked search, without and with. */
START_TEST(rows_with_and_without_the_table)
{
	struct ab_diag diag;
	const char *text = "A[ B[3 12 8] C[2 4 6] &B &C ]";
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config asked = { .tt = true, .fail = AB_FAIL_HARD };
	struct ab_stats s;
	ck_assert(ab_stats_compute(tree, &asked, false, &s));
	static const char *const keys[] = { "minimax", "alphabeta", "best_order",
					    "worst_order", "minimax_tt", "alphabeta_tt" };
	ck_assert_uint_eq(s.nrows, 6);
	ck_assert_uint_eq(s.tt_slots, tree->count);
	for (uint32_t i = 0; i < s.nrows; i++) {
		ck_assert_str_eq(s.rows[i].key, keys[i]);
		ck_assert(ab_config_table(&s.rows[i].config) == (i >= 4));
		ck_assert(s.rows[i].counts.value == s.rows[0].counts.value);
		ck_assert((s.rows[i].counts.probes != 0) == (i >= 4));
	}
	/* B and C are found again: fewer leaves, and a hit each. */
	const struct ab_counts *with = ab_stats_find(&s, "alphabeta_tt");
	const struct ab_counts *without = ab_stats_find(&s, "alphabeta");
	ck_assert_uint_lt(with->leaves, without->leaves);
	ck_assert_uint_eq(with->hits, 2);
	ck_assert_uint_eq(with->probes, 5);
	ck_assert_uint_lt(ab_stats_find(&s, "minimax_tt")->leaves, tree->leaves);
	struct ab_str out = AB_STR_INIT;
	ab_stats_json(tree, &s, &out);
	ck_assert_msg(strstr(ab_str_cstr(&out), "\"table\":{\"slots\":17,\"entry_bytes\":24}"),
		      "%s", ab_str_cstr(&out));
	ck_assert(strstr(ab_str_cstr(&out), "\"probes\":5,\"hits\":2,\"stores\":3"));
	ab_str_clear(&out);
	ab_stats_text(tree, &s, &ab_glyphs_ascii, &out);
	ck_assert_msg(strstr(ab_str_cstr(&out), "alpha-beta (given) + table: 5 probes, 2 of them hits, 3 entries stored, in a table of 17 slots of 24 bytes."),
		      "%s", ab_str_cstr(&out));
	asked.tt_slots = 2;
	ck_assert(ab_stats_compute(tree, &asked, true, &s));
	ck_assert_uint_eq(s.nrows, 2);
	ck_assert_str_eq(s.rows[0].key, "alphabeta");
	ck_assert_str_eq(s.rows[1].key, "alphabeta_tt");
	ck_assert_uint_eq(s.rows[1].config.tt_slots, 2);
	/* With --pvs too: PVS alone, and PVS with the table. */
	asked = (struct ab_config){ .tt = true, .pvs = true };
	ck_assert(ab_stats_compute(tree, &asked, false, &s));
	ck_assert_uint_eq(s.nrows, 8);
	ck_assert_str_eq(s.rows[6].key, "pvs");
	ck_assert(s.rows[6].config.pvs && !s.rows[6].config.tt);
	ck_assert_str_eq(s.rows[7].key, "pvs_tt");
	ck_assert(s.rows[7].config.pvs && s.rows[7].config.tt);
	for (uint32_t i = 0; i < 6; i++)
		ck_assert(!s.rows[i].config.pvs);
	for (uint32_t i = 0; i < s.nrows; i++)
		ck_assert(s.rows[i].counts.value == s.rows[0].counts.value);
	/* A mistake of the table's is the table's only. */
	asked = (struct ab_config){ .bug = AB_BUG_TT_NO_FLAG };
	ck_assert(ab_stats_compute(tree, &asked, false, &s));
	ck_assert_uint_eq(s.nrows, 6);
	ck_assert_int_eq(s.rows[1].config.bug, AB_BUG_NONE);
	ck_assert_int_eq(s.rows[5].config.bug, AB_BUG_TT_NO_FLAG);
	ab_str_free(&out);
	ab_tree_free(tree);
}
END_TEST

/* stats --compare: one row per technique, each alone on the conventions
 * asked; the same root value everywhere, or a message naming the rows. */
START_TEST(compare_rows)
{
	struct ab_diag diag;
	const char *text = "A[ B=9[ B1=1[1 2] B2=2[2 3] ]  C=4[ C1=7[7 8] C2=6[6 9] ] &B ]";
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config asked = { .fail = AB_FAIL_HARD, .order = AB_ORDER_WORST, .pvs = true };
	struct ab_stats s;
	ck_assert(ab_stats_compare(tree, &asked, &s));
	static const char *const keys[] = { "minimax", "alphabeta", "best_order", "iterative",
					    "tt", "killer", "history", "pvs" };
	ck_assert_uint_eq(s.nrows, 8);
	for (uint32_t i = 0; i < s.nrows; i++) {
		const struct ab_config *c = &s.rows[i].config;
		ck_assert_str_eq(s.rows[i].key, keys[i]);
		ck_assert_int_eq(c->fail, AB_FAIL_HARD);
		ck_assert(c->iterative == (i == 3) && c->tt == (i == 4) && c->pvs == (i == 7));
		ck_assert(s.rows[i].counts.value == s.rows[0].counts.value);
	}
	ck_assert_int_eq(s.rows[1].config.order, AB_ORDER_GIVEN);
	ck_assert_int_eq(s.rows[5].config.order, AB_ORDER_KILLER);
	ck_assert_ptr_null(ab_stats_disagree(tree, &s));
	/* The table's mistake: its row finds another value, named. */
	ab_tree_free(tree);
	text = "A[ B[5 C[6 9]] D[&C 10] ]";
	tree = ab_parse_tree(text, strlen(text), &diag);
	asked = (struct ab_config){ .bug = AB_BUG_TT_NO_FLAG };
	ck_assert(ab_stats_compare(tree, &asked, &s));
	char *why = ab_stats_disagree(tree, &s);
	ck_assert_ptr_nonnull(why);
	ck_assert_msg(strstr(why, "minimax 9, alpha-beta (given) 9,") &&
		      strstr(why, "alpha-beta (given) + table, tt-no-flag 6"), "%s", why);
	free(why);
	/* A tree without static values has no iterative row, and says so. */
	ab_tree_free(tree);
	text = "[[3 12 8] [2 4 6] [14 5 2]]";
	tree = ab_parse_tree(text, strlen(text), &diag);
	asked = (struct ab_config){ 0 };
	ck_assert(ab_stats_compare(tree, &asked, &s));
	ck_assert_uint_eq(s.nrows, 7);
	ck_assert(s.no_iterative && !ab_stats_find(&s, "iterative"));
	struct ab_str out = AB_STR_INIT;
	ab_stats_text(tree, &s, &ab_glyphs_ascii, &out);
	ck_assert(strstr(ab_str_cstr(&out), "Iterative deepening is left out"));
	ab_str_free(&out);
	ab_tree_free(tree);
}
END_TEST

static Suite *stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("stats");
	tcase_add_loop_test(tc, knuth_moore, 0, (int)(sizeof km_cases / sizeof km_cases[0]));
	tcase_add_loop_test(tc, counts, 0, (int)(sizeof stats_cases / sizeof stats_cases[0]));
	tcase_add_test(tc, only_the_asked_search);
	tcase_add_test(tc, rows_are_configurations);
	tcase_add_test(tc, rows_with_and_without_the_table);
	tcase_add_test(tc, compare_rows);
	tcase_add_test(tc, depth_share_and_chance_root);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(stats_suite());
}
