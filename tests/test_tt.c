/* test_tt.c - the transposition table on its own: slots, replacement,
 * flags from the window, and what a probed entry does to a window. */
#include <string.h>

#include "core/tree.h"
#include "core/tt.h"
#include "testutil.h"

static const struct {
	ab_value value, alpha, beta;
	enum ab_tt_flag flag;
} flags[] = {
	{ 5, 3, 8, AB_TT_EXACT },
	{ 3, 3, 8, AB_TT_UPPER },   /* at alpha: only a bound */
	{ 2, 3, 8, AB_TT_UPPER },
	{ 8, 3, 8, AB_TT_LOWER },   /* at beta: only a bound */
	{ 9, 3, 8, AB_TT_LOWER },
	{ 0, AB_NEG_INF, AB_POS_INF, AB_TT_EXACT },
	{ 4, 4, 5, AB_TT_UPPER },   /* a null window never proves a value */
	{ 5, 4, 5, AB_TT_LOWER },
};

START_TEST(flag_from_window)
{
	ck_assert_int_eq(ab_tt_flag_for(flags[_i].value, flags[_i].alpha, flags[_i].beta),
			 flags[_i].flag);
}
END_TEST

static const struct {
	enum ab_tt_flag flag;
	uint32_t entry_depth, need;
	bool any_depth;
	ab_value value, alpha, beta;
	enum ab_tt_use use;
	ab_value alpha_after, beta_after;
} uses[] = {
	{ AB_TT_EXACT, 2, 2, false, 5, 0, 9, AB_TT_VALUE, 0, 9 },
	{ AB_TT_EXACT, 1, 2, false, 5, 0, 9, AB_TT_UNUSED, 0, 9 },  /* too shallow */
	{ AB_TT_EXACT, 1, 2, true, 5, 0, 9, AB_TT_VALUE, 0, 9 },    /* tt-any-depth */
	{ AB_TT_LOWER, 3, 2, false, 5, 0, 9, AB_TT_RAISE, 5, 9 },
	{ AB_TT_LOWER, 3, 2, false, 5, 6, 9, AB_TT_UNUSED, 6, 9 },  /* alpha already higher */
	{ AB_TT_UPPER, 3, 2, false, 5, 0, 9, AB_TT_LOWER_BETA, 0, 5 },
	{ AB_TT_UPPER, 3, 2, false, 5, 0, 4, AB_TT_UNUSED, 0, 4 },
	{ AB_TT_LOWER, 3, 2, false, 9, 0, 9, AB_TT_RAISE, 9, 9 },   /* the window closes: a cut */
};

START_TEST(use_of_entry)
{
	struct ab_tt_entry e = { .position = 7, .depth = uses[_i].entry_depth,
				 .value = uses[_i].value, .flag = uses[_i].flag,
				 .best = AB_NONE };
	ab_value alpha = uses[_i].alpha, beta = uses[_i].beta;
	ck_assert_int_eq(ab_tt_use(&e, uses[_i].need, uses[_i].any_depth, &alpha, &beta),
			 uses[_i].use);
	ck_assert_int_eq(alpha, uses[_i].alpha_after);
	ck_assert_int_eq(beta, uses[_i].beta_after);
}
END_TEST

START_TEST(slots_replace_always)
{
	struct ab_tt tt;
	ab_tt_init(&tt, 4);
	ck_assert_ptr_null(ab_tt_probe(&tt, 5));
	struct ab_tt_entry e = { .position = 5, .depth = 1, .value = 3,
				 .flag = AB_TT_EXACT, .best = 6 }, old;
	ab_tt_store(&tt, &e, &old);
	ck_assert_uint_eq(old.position, AB_NONE);
	const struct ab_tt_entry *got = ab_tt_probe(&tt, 5);
	ck_assert_ptr_nonnull(got);
	ck_assert_int_eq(got->value, 3);
	ck_assert_uint_eq(got->best, 6);
	/* 9 shares 5's slot (9 mod 4 = 5 mod 4): it replaces 5. */
	e.position = 9;
	e.value = -2;
	ab_tt_store(&tt, &e, &old);
	ck_assert_uint_eq(old.position, 5);
	ck_assert_ptr_null(ab_tt_probe(&tt, 5));
	ck_assert_int_eq(ab_tt_probe(&tt, 9)->value, -2);
	ck_assert_uint_eq(tt.stores, 2);
	ck_assert_uint_eq(tt.replaced, 1);
	ck_assert_uint_eq(tt.probes, 4);
	ck_assert_uint_eq(tt.hits, 2);
	/* One slot: every position shares it. */
	ab_tt_free(&tt);
	ab_tt_init(&tt, 0);
	ck_assert_uint_eq(tt.nslots, 1);
	ab_tt_store(&tt, &e, NULL);
	ck_assert_ptr_nonnull(ab_tt_probe(&tt, 9));
	ab_tt_free(&tt);
	ck_assert_str_eq(ab_tt_flag_word(AB_TT_LOWER), "lower");
}
END_TEST

static Suite *tt_suite(void)
{
	Suite *s = suite_create("tt");
	TCase *tc = tcase_create("tt");
	tcase_add_loop_test(tc, flag_from_window, 0, (int)(sizeof flags / sizeof flags[0]));
	tcase_add_loop_test(tc, use_of_entry, 0, (int)(sizeof uses / sizeof uses[0]));
	tcase_add_test(tc, slots_replace_always);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(tt_suite());
}
