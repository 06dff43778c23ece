/* test_format.c - values, intervals and windows as people read them. */
#include <check.h>
#include <string.h>

#include "views/format.h"
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
	ab_format_interval(intervals[_i].lo, intervals[_i].hi, 1, &ab_glyphs_utf8, &u);
	ab_format_interval(intervals[_i].lo, intervals[_i].hi, 1, &ab_glyphs_ascii, &a);
	ck_assert_str_eq(ab_str_cstr(&u), intervals[_i].utf8);
	ck_assert_str_eq(ab_str_cstr(&a), intervals[_i].ascii);
	ab_str_free(&u);
	ab_str_free(&a);
}
END_TEST

START_TEST(values_windows_json)
{
	struct ab_str s = AB_STR_INIT;
	ab_format_window(NI, PI, 1, &ab_glyphs_utf8, &s);
	ck_assert_str_eq(ab_str_cstr(&s), "[-∞, +∞]");
	ab_str_clear(&s);
	ab_format_window(3, 9, 1, &ab_glyphs_ascii, &s);
	ck_assert_str_eq(ab_str_cstr(&s), "[3, 9]");
	ab_str_clear(&s);
	ab_format_value(PI, 1, &ab_glyphs_ascii, &s);
	ck_assert_str_eq(ab_str_cstr(&s), "+inf");
	ab_str_clear(&s);
	ab_format_json_value(NI, 1, &s);
	ab_format_json_value(PI, 1, &s);
	ab_format_json_value(-12, 1, &s);
	ck_assert_str_eq(ab_str_cstr(&s), "\"-inf\"\"+inf\"-12");
	ab_str_free(&s);
}
END_TEST

/* Exact values at a scale: the shortest exact decimal, else a reduced
 * fraction; JSON numbers for decimals, strings for the rest. */
static const struct {
	ab_value v;
	int64_t scale;
	const char *text, *json;
} exact_values[] = {
	{ 25, 10, "2.5", "2.5" },
	{ 93, 10, "9.3", "9.3" },
	{ 100, 10, "10", "10" },
	{ -125, 1000, "-0.125", "-0.125" },
	{ 10, 3, "10/3", "\"10/3\"" },
	{ -20, 6, "-10/3", "\"-10/3\"" },
	{ 0, 7, "0", "0" },
	{ 1, 1000000000, "0.000000001", "0.000000001" },
	{ 44, 10, "4.4", "4.4" },
	{ 7, 30, "7/30", "\"7/30\"" },
	{ 3, 4, "0.75", "0.75" },
	{ -999999999999999, 1, "-999999999999999", "-999999999999999" },
	/* 16 significant digits and more: a string, so no reader of doubles
	 * rounds them; 15 stay numbers. */
	{ 1234567890123456, 10, "123456789012345.6", "\"123456789012345.6\"" },
	{ -9999999123456789, 1000000000, "-9999999.123456789", "\"-9999999.123456789\"" },
	{ 999999123456789, 1000000000, "999999.123456789", "999999.123456789" },
	{ 10000000000000001, 1000000000, "10000000.000000001", "\"10000000.000000001\"" },
};

START_TEST(exact_value_text)
{
	struct ab_str t = AB_STR_INIT, j = AB_STR_INIT;
	ab_format_value(exact_values[_i].v, exact_values[_i].scale, &ab_glyphs_ascii, &t);
	ab_format_json_value(exact_values[_i].v, exact_values[_i].scale, &j);
	ck_assert_str_eq(ab_str_cstr(&t), exact_values[_i].text);
	ck_assert_str_eq(ab_str_cstr(&j), exact_values[_i].json);
	ab_str_free(&t);
	ab_str_free(&j);
}
END_TEST

/* Numbers as files write them: decimals, fractions, and each error. */
static const struct {
	const char *text;
	bool fraction;
	enum ab_number_error error;
	int64_t num, den;
	size_t end;
} numbers[] = {
	{ "2.99", false, AB_NUMBER_OK, 299, 100, 4 },
	{ "-0.125", false, AB_NUMBER_OK, -1, 8, 6 },
	{ "10.0", false, AB_NUMBER_OK, 10, 1, 4 },
	{ "+7", false, AB_NUMBER_OK, 7, 1, 2 },
	{ "1/3", true, AB_NUMBER_OK, 1, 3, 3 },
	{ "2/4:", true, AB_NUMBER_OK, 1, 2, 3 },
	{ "1/3", false, AB_NUMBER_OK, 1, 1, 1 },
	{ "0.000000001", false, AB_NUMBER_OK, 1, 1000000000, 11 },
	{ "0.0000000001", false, AB_NUMBER_TOO_PRECISE, 0, 0, 0 },
	{ "1234567890123456", false, AB_NUMBER_TOO_LARGE, 0, 0, 0 },
	{ "123456789012345", false, AB_NUMBER_OK, 123456789012345, 1, 15 },
	{ "000000000000000012", false, AB_NUMBER_OK, 12, 1, 18 },
	{ "12345678901234.56", false, AB_NUMBER_TOO_LARGE, 0, 0, 0 },
	{ "3.", false, AB_NUMBER_BAD_POINT, 0, 0, 0 },
	{ "-", false, AB_NUMBER_NONE, 0, 0, 0 },
	{ "1/0", true, AB_NUMBER_BAD_FRACTION, 0, 0, 0 },
	{ "1/", true, AB_NUMBER_BAD_FRACTION, 0, 0, 0 },
};

START_TEST(number_parse)
{
	struct ab_exact x = { 0, 1 };
	size_t end = 0;
	enum ab_number_error e = ab_number_parse(numbers[_i].text, strlen(numbers[_i].text),
						 numbers[_i].fraction, &x, &end, NULL);
	ck_assert_int_eq(e, numbers[_i].error);
	if (e == AB_NUMBER_OK) {
		ck_assert_int_eq(x.num, numbers[_i].num);
		ck_assert_int_eq(x.den, numbers[_i].den);
		ck_assert_uint_eq(end, numbers[_i].end);
	}
}
END_TEST

START_TEST(exact_conversions)
{
	ab_value v;
	ck_assert(ab_exact_to_value((struct ab_exact){ 22, 5 }, 10, &v));
	ck_assert_int_eq(v, 44);
	ck_assert(!ab_exact_to_value((struct ab_exact){ 1, 3 }, 10, &v));
	ck_assert(!ab_exact_to_value((struct ab_exact){ INT64_C(1) << 60, 1 }, 10, &v));
	ck_assert_int_lt(ab_value_compare_exact(33, 10, (struct ab_exact){ 10, 3 }), 0);
	ck_assert_int_eq(ab_value_compare_exact(100, 30, (struct ab_exact){ 10, 3 }), 0);
	ck_assert_int_gt(ab_value_compare_exact(AB_POS_INF, 10, (struct ab_exact){ 10, 3 }), 0);
	struct ab_exact x = ab_value_exact(-20, 6);
	ck_assert_int_eq(x.num, -10);
	ck_assert_int_eq(x.den, 3);
}
END_TEST

/* A chance node's cut test: below α or above β, strict or not, in the
 * tree's unit (scale 10 here). */
static const struct {
	ab_value lo, hi, alpha, beta;
	bool strict;
	const char *text;
} chance_cuts[] = {
	{ -30, 72, 84, PI, false, "<= 7.2 <= alpha = 8.4" },
	{ -30, 84, 84, PI, false, "<= 8.4 <= alpha = 8.4" },
	{ -30, 72, 84, PI, true, "<= 7.2 < alpha = 8.4" },
	{ 50, 90, NI, 40, false, ">= 5 >= beta = 4" },
	{ 50, 90, 10, 40, true, ">= 5 > beta = 4" },
};

START_TEST(chance_cut_text)
{
	struct ab_str t = AB_STR_INIT;
	ab_format_chance_cut(chance_cuts[_i].lo, chance_cuts[_i].hi, chance_cuts[_i].alpha,
			     chance_cuts[_i].beta, chance_cuts[_i].strict, 10,
			     &ab_glyphs_ascii, &t);
	ck_assert_str_eq(ab_str_cstr(&t), chance_cuts[_i].text);
	ab_str_free(&t);
}
END_TEST

START_TEST(powers_and_decimals)
{
	ck_assert_int_eq(ab_pow10(0), 1);
	ck_assert_int_eq(ab_pow10(9), 1000000000);
	ck_assert_uint_eq(ab_exact_decimals((struct ab_exact){ 7, 1 }), 0);
	ck_assert_uint_eq(ab_exact_decimals((struct ab_exact){ 1, 8 }), 3);
	ck_assert_uint_eq(ab_exact_decimals((struct ab_exact){ 3, 20 }), 2);
}
END_TEST

static Suite *format_suite(void)
{
	Suite *s = suite_create("format");
	TCase *tc = tcase_create("format");
	tcase_add_loop_test(tc, interval_text, 0, (int)(sizeof intervals / sizeof intervals[0]));
	tcase_add_test(tc, values_windows_json);
	tcase_add_loop_test(tc, exact_value_text, 0, (int)(sizeof exact_values / sizeof exact_values[0]));
	tcase_add_loop_test(tc, number_parse, 0, (int)(sizeof numbers / sizeof numbers[0]));
	tcase_add_test(tc, exact_conversions);
	tcase_add_loop_test(tc, chance_cut_text, 0, (int)(sizeof chance_cuts / sizeof chance_cuts[0]));
	tcase_add_test(tc, powers_and_decimals);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(format_suite());
}
