/* value.h - exact values: decimals and fractions, never binary floating
 * point.
 *
 * A value is an integer count of 1/scale, where each tree chooses its scale
 * when it is loaded (tree->scale): 1 for a tree of integers, 10^k when its
 * numbers have up to k decimals, and a multiple of the probabilities'
 * denominators (and numerators, for Star1's windows) when it has chance
 * nodes.  So MAX and MIN compare plain integers, ties are decided exactly,
 * and an expectation is exact.  The infinities sit far outside the range
 * that any finite value may use, so max, min and negation never overflow.
 */
#ifndef AB_VALUE_H
#define AB_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/str.h"

typedef int64_t ab_value;
/* Exact intermediate products (GCC and Clang; __extension__ keeps
 * -Wpedantic quiet about it). */
__extension__ typedef __int128 ab_wide;
__extension__ typedef unsigned __int128 ab_uwide;
#define AB_POS_INF INT64_MAX
#define AB_NEG_INF (-INT64_MAX)
/* Every finite scaled value lies in [-AB_VALUE_LIMIT, AB_VALUE_LIMIT]. */
#define AB_VALUE_LIMIT (INT64_C(1) << 61)
/* An answer's number that no value of its tree can equal (it needs a
 * finer unit than the tree's): finite, and beyond every finite value. */
#define AB_VALUE_OFF_GRID (AB_VALUE_LIMIT + 1)
/* What a tree file may write: at most this many digits in all, at most
 * AB_VALUE_DECIMALS of them after the point. */
#define AB_VALUE_DIGITS 15
#define AB_VALUE_DECIMALS 9
/* The largest integer part a file may write. */
#define AB_VALUE_MAX INT64_C(999999999999999)

/* An exact rational as a person writes it: num/den, den > 0, reduced. */
struct ab_exact {
	int64_t num;
	int64_t den;
};

enum ab_number_error {
	AB_NUMBER_OK,
	AB_NUMBER_NONE,       /* no digit where a number should start */
	AB_NUMBER_TOO_LARGE,  /* more than AB_VALUE_DIGITS digits */
	AB_NUMBER_TOO_PRECISE,/* more than AB_VALUE_DECIMALS after the point */
	AB_NUMBER_BAD_POINT,  /* a point with no digit after it */
	AB_NUMBER_BAD_FRACTION, /* "3/" or "3/0" */
};

/* Reads a number at s (n bytes): [+-]digits[.digits], and when
 * allow_fraction also [+-]digits/digits.  *end gets the offset just past
 * it; *decimals (may be NULL) the digits written after the point.  Leading
 * zeros do not count as digits. */
enum ab_number_error ab_number_parse(const char *s, size_t n,
				     bool allow_fraction, struct ab_exact *out,
				     size_t *end, unsigned *decimals);

int64_t ab_gcd(int64_t a, int64_t b);
/* lcm(a, b) when it is at most limit; false otherwise.  a, b > 0. */
bool ab_lcm_within(int64_t a, int64_t b, int64_t limit, int64_t *out);
/* The exact value x in units of 1/scale; false when x is not a whole number
 * of those units or lies beyond AB_VALUE_LIMIT. */
bool ab_exact_to_value(struct ab_exact x, int64_t scale, ab_value *out);
/* The scaled value v as a reduced fraction (infinities not allowed). */
struct ab_exact ab_value_exact(ab_value v, int64_t scale);
/* Compares v (in units of 1/scale; may be infinite) with x exactly: <0, 0
 * or >0. */
int ab_value_compare_exact(ab_value v, int64_t scale, struct ab_exact x);

/* v as people read it: "3", "-0.125", "10/3" (when no finite decimal is
 * exact), or the given infinity glyphs. */
void ab_value_format(ab_value v, int64_t scale, const char *pos_inf,
		     const char *neg_inf, struct ab_str *out);
/* Whether v is a finite decimal (so JSON writes it as a number). */
bool ab_value_is_decimal(ab_value v, int64_t scale);
/* 10^d for d up to 18. */
int64_t ab_pow10(unsigned d);
/* The fewest decimals that write x exactly (its denominator divides
 * 10^d), at most AB_VALUE_DECIMALS: for a number a file wrote. */
unsigned ab_exact_decimals(struct ab_exact x);
/* x as people read it (a decimal when exact, else a fraction). */
void ab_exact_format(struct ab_exact x, struct ab_str *out);

#endif
