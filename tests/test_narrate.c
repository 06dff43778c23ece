/* test_narrate.c - the sentences: each event kind says what fired where,
 * with the numbers, in UTF-8 and in ASCII. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "views/narrate.h"
#include "core/parse.h"
#include "testutil.h"

static const struct narrate_case {
	const char *tree;
	int fail_hard;          /* 1: fail-hard, 2: fail-hard=clamp */
	bool strict, minimax, ascii;
	size_t step;
	const char *want;
} narrate_cases[] = {
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 1,
	  "Enter A (MAX) with window α = -∞, β = +∞. Nothing is known yet." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 3, "Look at leaf B1 = 3." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 4,
	  "B's best so far falls from +∞ to 3 (MIN keeps the smallest)." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 10,
	  "At A, α rises from -∞ to 3: MAX is now sure of at least 3." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 11,
	  "Enter C (MIN) with window α = 3, β = +∞. MAX is already sure of 3 elsewhere." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 15,
	  "Cutoff at C: β = 2 ≤ α = 3. α = 3 was set at the parent, A." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 15, "Skip C2 and C3." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, true, 15,
	  "Cutoff at C: beta = 2 <= alpha = 3." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 16,
	  "C returns 2 to A. That is a bound, not its exact value: the search proved only C ≤ 2." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 26,
	  "The cut test α ≥ β holds, but no children are left to skip." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 8,
	  "B returns 3 to A. Its value is exact: B = 3." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, false, false, 29,
	  "Done: the root's value is 3 and the best move is B. Alpha-beta looked at 7 of 9 leaves and entered 4 inner nodes." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", false, false, true, false, 1,
	  "Enter A (MAX): minimax will look at all 3 of its children." },
	/* Strict cuts write the strict inequality. */
	{ "[[3,5],[2,1]]", false, true, false, false, 0, "β = 2 < α = 3" },
	/* A deep cutoff names the ancestor and how far up it is. */
	{ "A[ B[5 6]  C[ D[ E[3 9]  F[8 1] ]  7 ] ]", false, false, false, false, 0,
	  "α = 5 was set at A, 3 levels up (a deep cutoff" },
	/* A cut at a MAX node speaks of MIN's bound. */
	{ "[[[5],[7,1]],3]", false, false, false, false, 0,
	  "MIN already holds MAX to 5 there, and node 1.2 is worth at least 7 to MAX, so MIN will never let play reach node 1.2. Skip 1.2.2." },
	/* Fail-hard: the returned bound lies outside what was proved. */
	{ "[[5],[[1,2]]]", true, false, false, false, 0,
	  "Node 2.1 returns 5 to node 2. Its children prove node 2.1 = 2, and fail-hard hands node 2 its α, 5, which tells node 2 only that node 2.1 ≤ 5." },
	/* Clamped (2): the end of the window the value passed, α below it,
	 * β above it, not the node's own bound. */
	{ "[[5],[[1,2]]]", 2, false, false, false, 0,
	  "Node 2.1 returns 5 to node 2. Its children prove node 2.1 = 2, and fail-hard=clamp hands node 2 the end of its window that it passed, α = 5, which tells node 2 only that node 2.1 ≤ 5." },
	{ "A[ B[ E[3 5] F[6 9] ]  C[ G[7 0] H[8 4] ]  D[ I[7 1] J[9 9] ] ]", 2, false, false, false, 28,
	  "H returns 7 to C. Its children prove H ≥ 8, and fail-hard=clamp hands C the end of its window that it passed, β = 7, which tells C only that H ≥ 7." },
	/* The tree: F and C, each as a student reads the pseudocode. */
	{ "A[B[D[3 5] E[6 9]] C[F[1 2] G[0 -1]]]", true, false, false, false, 21,
	  "F returns 5 to C. Its children prove F = 2, and fail-hard hands C its α, 5, which tells C only that F ≤ 5." },
	{ "A[B[D[3 5] E[6 9]] C[F[1 2] G[0 -1]]]", true, false, false, false, 24,
	  "C returns 5 to A. Its children prove C ≤ 2, and fail-hard hands A its β, 5, which tells A only that C ≤ 5." },
	/* A chance node that fell below the window hands back α, not β; one
	 * above it β. */
	{ "bounds: 0..10\nplayers: max chance min\nA[ B[ 0.7: D[9 10]  0.3: E[9 7] ]  C[ 0.7: F[6 8]  0.3: G[2 10] ] ]",
	  true, false, false, false, 26,
	  "C returns 8.4 to A. Its children prove C in [4.2, 7.2], and fail-hard hands A its α, 8.4, which tells A only that C ≤ 8.4." },
	{ "bounds: 0..10\nplayers: min chance max\nA[ B[ 0.5: D[1 2]  0.5: E[1 3] ]  C[ 0.5: F[9 8]  0.5: G[2 10] ] ]",
	  true, false, false, false, 0, "fail-hard hands A its β" },
	/* Where fail-hard's number is what was proved, nothing more is said. */
	{ "A[B[D[3 5] E[6 9]] C[F[1 2] G[0 -1]]]", true, false, false, false, 8,
	  "D returns 5 to B. Its value is exact: D = 5." },
	/* Plurals, and an unlabelled best move named by its rank. */
	{ "[5]", false, false, false, false, 0,
	  "Done: the root's value is 5 and the best move is the first child, 1. Alpha-beta looked at 1 of 1 leaf and entered 1 inner node." },
	{ "[[1] [3 4]]", false, false, true, false, 0,
	  "the best move is the second child, 2. Minimax looked at 3 of 3 leaves and entered 3 inner nodes." },
	{ "[1 2 3 4 5 6 7 8 9 10 11 12]", false, false, false, false, 0,
	  "the best move is child number 12, 12." },
};

START_TEST(sentences)
{
	const struct narrate_case *t = &narrate_cases[_i];
	struct ab_diag diag;
	struct ab_tree *tree = ab_parse_tree(t->tree, strlen(t->tree), &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.fail = t->fail_hard == 2 ? AB_FAIL_CLAMP : t->fail_hard ? AB_FAIL_HARD : AB_FAIL_SOFT;
	c.strict = t->strict;
	c.algo = t->minimax ? AB_MINIMAX : AB_ALPHABETA;
	struct ab_trace *trace = ab_trace_record(tree, &c);
	const struct ab_glyphs *g = t->ascii ? &ab_glyphs_ascii : &ab_glyphs_utf8;
	struct ab_str all = AB_STR_INIT;
	/* step 0 means: look in every sentence of the trace. */
	while (ab_trace_forward(trace)) {
		if (t->step && trace->step != t->step)
			continue;
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		ab_narrate(trace, &ev, g, &all);
		ab_str_addc(&all, '\n');
	}
	ck_assert_msg(strstr(ab_str_cstr(&all), t->want), "case %d: want '%s' in:\n%s", _i,
		      t->want, ab_str_cstr(&all));
	ab_str_free(&all);
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

/* The transposition table's sentences (--tt or tt=N): a probe as the
 * issue words it, a store with its flag's reason, misses, an exact entry,
 * a window the entry closes, and each of the table's mistakes. */
static const struct {
	const char *tree, *words;
	size_t step;
	const char *want;
} table_cases[] = {
	{ "A[ B[4 C[5 9]] D[&C 7] ]", "tt", 23,
	  "D1 (C again) is in the table from a search of depth 1: value ≥ 5, a lower bound; α rises from 4 to 5. Its best move then, D1.1 (C1 again), is searched first." },
	{ "A[ B[4 C[5 9]] D[&C 7] ]", "tt", 14,
	  "C goes into the table at slot 3: value ≥ 5, a lower bound, from a search of depth 1, best move C1. Only a lower bound: C returned 5, at or above β = 4, and a search that fails high proves only that the value is no lower." },
	{ "A[ B[4 C[5 9]] D[&C 7] ]", "tt", 21,
	  "D is not in the table (slot 6 is empty): it must be searched." },
	{ "A[ B[4 C[5 9]] D[&C 7] ]", "tt=3", 21,
	  "D is not in the table (slot 0 holds C): it must be searched." },
	{ "A[ B[4 C[5 9]] D[&C 7] ]", "tt=3", 0, "value 7, exact, from a search of depth 3, best move D, replacing D's entry." },
	{ "A[B[3 12 8] C[2 4 6] &B]", "tt", 23,
	  "A3 (B again) is in the table from a search of depth 1: value 3, exact; A3 (B again) returns it without searching its children." },
	{ "A[ P[3 4] B[ C[1 2] 9 ] D[ &C 8 ] ]", "tt", 31,
	  "D1 (C again) is in the table from a search of depth 1: value ≤ 2, an upper bound; β falls from +∞ to 2. The window closes: α = 3 ≥ β = 2." },
	{ "A[ P[3 4] B[ C[1 2] 9 ] D[ &C 8 ] ]", "tt", 32,
	  "Cutoff at D1 (C again) before any child: with the table's bound the window is empty (α = 3 ≥ β = 2), so D1 (C again) cannot matter. Skip D1.1 and D1.2." },
	{ "A[ P[3 4] B[ C[1 2] 9 ] D[ &C 8 ] ]", "tt", 26,
	  "Only an upper bound: B returned 2, at or below α = 3, and a search that fails low proves only that the value is no higher." },
	{ "A[ P[3 4] B[ C[1 2] 9 ] D[ &C 8 ] ]", "bug=tt-no-flag", 26,
	  "B goes into the table at slot 4: value 2, exact, from a search of depth 2, best move C. Here is the mistake: 2 lies outside the window α = 3, β = +∞, so the search proved only B ≤ 2, yet it is stored as exact." },
	{ "[=1[=2[5 6] =3[7 8]] =4[=5[1 2] =6[3 4]]]", "iterative tt", 0,
	  "but node 1 needs a search of depth 2, so the entry is too shallow to use. Its best move then, node 1.1, is searched first." },
	/* PVS and aspiration windows. */
	{ "A[B[3 12 8] C[5 9 7] D[2 4 6]]", "pvs", 11,
	  "Enter C (MIN) with the null window α = 3, β = 4, one unit wide: PVS asks only whether C is worth more than 3 to MAX, not how much more." },
	{ "A[B[3 12 8] C[5 9 7] D[2 4 6]]", "pvs", 17,
	  "C returned 5 from its null window [3, 4]: it beats A's α = 3, but by how much the null window cannot say, and 5 is below β = +∞, so it does not cut. C is searched again with A's full window α = 3, β = +∞." },
	{ "A[B[3 12 8] C[5 9 7] D[2 4 6]]", "pvs", 18,
	  "Enter C (MIN) again, now with the full window α = 3, β = +∞." },
	{ "A[B[3 12 8] C[5 9 7] D[2 4 6]]", "pvs", 34,
	  "With its re-searches it looked at leaves 10 times (a leaf searched again counts again; the tree has 9) and entered 5 inner nodes." },
	{ "[=1[=2[5 6] =3[7 8]] =4[=5[1 2] =6[3 4]]]", "iterative aspiration=1", 12,
	  "Enter root (MAX) with the aspiration window α = 3, β = 5: the last iteration's value, give or take 1, on the guess that this one lands near it." },
	{ "[=1[=2[5 6] =3[7 8]] =4[=5[1 2] =6[3 4]]]", "iterative aspiration=1", 22,
	  "Root's value 5 is at or above β = 5 of its aspiration window, so it says only root ≥ 5: the window failed high. β opens to +∞ and root is searched again with α = 3, β = +∞." },
	{ "[=1[=2[5 6] =3[7 8]] =4[=5[1 2] =6[3 4]]]", "iterative aspiration=1", 51,
	  "α = 4 is the root's aspiration window's." },
	{ "N4[N1[-4 0] N2[-1 -3] N3[1]]", "tt pvs fail-hard=clamp", 22,
	  "Cutoff at N2: β = -3 ≤ α = -3. α = -3 is the table's bound for N2, from its entry." },
	{ "[=1[=2[5 6] =3[7 8]] =4[=5[1 2] =6[3 4]]]", "iterative bug=tt-any-depth", 0,
	  "Root is in the table from a search of depth 1: value 4, exact; root returns it without searching its children. Here is the mistake: the entry is from a search of depth 1, shallower than the 2 that root needs, and it is used all the same." },
};

START_TEST(table_sentences)
{
	struct ab_diag diag;
	const char *text = table_cases[_i].tree;
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config c = AB_CONFIG_DEFAULT;
	char words[64];
	snprintf(words, sizeof words, "%s", table_cases[_i].words);
	for (char *w = strtok(words, " "); w; w = strtok(NULL, " "))
		ck_assert_ptr_null(ab_config_apply(w, &c, NULL));
	struct ab_trace *trace = ab_trace_record(tree, &c);
	struct ab_str all = AB_STR_INIT;
	while (ab_trace_forward(trace)) {
		if (table_cases[_i].step && trace->step != table_cases[_i].step)
			continue;
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		ab_narrate(trace, &ev, &ab_glyphs_utf8, &all);
		ab_str_addc(&all, '\n');
	}
	ck_assert_msg(strstr(ab_str_cstr(&all), table_cases[_i].want), "case %d: want '%s' in:\n%s",
		      _i, table_cases[_i].want, ab_str_cstr(&all));
	ab_str_free(&all);
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

START_TEST(name_lists)
{
	struct ab_diag diag;
	const char *text = "A[1 2 3 4 5 6 7 8 9 10]";
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	uint32_t nodes[10];
	for (uint32_t i = 0; i < 10; i++)
		nodes[i] = ab_kid(tree, 0, i);
	static const struct { uint32_t count, max; const char *want; } cases[] = {
		{ 1, 8, "A1" },
		{ 2, 8, "A1 and A2" },
		{ 3, 8, "A1, A2 and A3" },
		{ 10, 3, "A1, A2, A3, ... (10 in all)" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct ab_str out = AB_STR_INIT;
		ab_narrate_names(tree, nodes, cases[i].count, cases[i].max, &out);
		ck_assert_str_eq(ab_str_cstr(&out), cases[i].want);
		ab_str_free(&out);
	}
	ab_tree_free(tree);
}
END_TEST

static Suite *narrate_suite(void)
{
	Suite *s = suite_create("narrate");
	TCase *tc = tcase_create("narrate");
	tcase_add_loop_test(tc, sentences, 0, (int)(sizeof narrate_cases / sizeof narrate_cases[0]));
	tcase_add_test(tc, name_lists);
	tcase_add_loop_test(tc, table_sentences, 0, (int)(sizeof table_cases / sizeof table_cases[0]));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(narrate_suite());
}
