/* test_format.c - values, intervals and windows as people read them. */
#include <check.h>

#include "format.h"
#include "testutil.h"

#define NI AB_NEG_INF
#define PI AB_POS_INF

static const struct {
	ab_value lo, hi;
	const char *utf8, *ascii;
} intervals[] = {
	{ 3, 3, "= 3", "= 3" },
	{ NI, 2, "≤ 2", "<= 2" },
	{ 5, PI, "≥ 5", ">= 5" },
	{ -4, 7, "in [-4, 7]", "in [-4, 7]" },
	{ NI, PI, "", "" },
	{ -999999999999999, -999999999999999, "= -999999999999999", "= -999999999999999" },
};

START_TEST(interval_text)
{
	struct ab_str u = AB_STR_INIT, a = AB_STR_INIT;
	ab_format_interval(intervals[_i].lo, intervals[_i].hi, &ab_glyphs_utf8, &u);
	ab_format_interval(intervals[_i].lo, intervals[_i].hi, &ab_glyphs_ascii, &a);
	ck_assert_str_eq(ab_str_cstr(&u), intervals[_i].utf8);
	ck_assert_str_eq(ab_str_cstr(&a), intervals[_i].ascii);
	ab_str_free(&u);
	ab_str_free(&a);
}
END_TEST

START_TEST(values_windows_json)
{
	struct ab_str s = AB_STR_INIT;
	ab_format_window(NI, PI, &ab_glyphs_utf8, &s);
	ck_assert_str_eq(ab_str_cstr(&s), "[-∞, +∞]");
	ab_str_clear(&s);
	ab_format_window(3, 9, &ab_glyphs_ascii, &s);
	ck_assert_str_eq(ab_str_cstr(&s), "[3, 9]");
	ab_str_clear(&s);
	ab_format_value(PI, &ab_glyphs_ascii, &s);
	ck_assert_str_eq(ab_str_cstr(&s), "+inf");
	ab_str_clear(&s);
	ab_format_json_value(NI, &s);
	ab_format_json_value(PI, &s);
	ab_format_json_value(-12, &s);
	ck_assert_str_eq(ab_str_cstr(&s), "\"-inf\"\"+inf\"-12");
	ab_str_free(&s);
}
END_TEST

static Suite *format_suite(void)
{
	Suite *s = suite_create("format");
	TCase *tc = tcase_create("format");
	tcase_add_loop_test(tc, interval_text, 0, (int)(sizeof intervals / sizeof intervals[0]));
	tcase_add_test(tc, values_windows_json);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(format_suite());
}
