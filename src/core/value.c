/* value.c - exact values: reading numbers, scales, and writing values. */
#include "core/value.h"

#include <string.h>

typedef ab_wide wide;

int64_t ab_gcd(int64_t a, int64_t b)
{
	uint64_t x = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
	uint64_t y = b < 0 ? (uint64_t)0 - (uint64_t)b : (uint64_t)b;
	while (y) {
		uint64_t t = x % y;
		x = y;
		y = t;
	}
	return (int64_t)x;
}

bool ab_lcm_within(int64_t a, int64_t b, int64_t limit, int64_t *out)
{
	wide l = (wide)(a / ab_gcd(a, b)) * b;
	if (l > limit)
		return false;
	*out = (int64_t)l;
	return true;
}

static struct ab_exact reduced(wide num, wide den)
{
	if (den < 0) {
		num = -num;
		den = -den;
	}
	wide a = num < 0 ? -num : num, b = den;
	while (b) {
		wide t = a % b;
		a = b;
		b = t;
	}
	if (a > 1) {
		num /= a;
		den /= a;
	}
	return (struct ab_exact){ (int64_t)num, (int64_t)den };
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static const int64_t pow10_table[] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
	1000000000, INT64_C(10000000000), INT64_C(100000000000),
	INT64_C(1000000000000), INT64_C(10000000000000),
	INT64_C(100000000000000), INT64_C(1000000000000000),
	INT64_C(10000000000000000), INT64_C(100000000000000000),
	INT64_C(1000000000000000000),
};

int64_t ab_pow10(unsigned d)
{
	return pow10_table[d <= 18 ? d : 18];
}

unsigned ab_exact_decimals(struct ab_exact x)
{
	unsigned d = 0;
	while (d < AB_VALUE_DECIMALS && pow10_table[d] % x.den)
		d++;
	return d;
}

/* Digits at s[*i...]: their value (at most AB_VALUE_DIGITS significant
 * ones, counted into *count), leading zeros skipped when skip_zeros. */
static bool read_digits(const char *s, size_t n, size_t *i, int64_t *v,
			unsigned *count, bool skip_zeros)
{
	size_t j = *i;
	if (skip_zeros)
		while (j < n && s[j] == '0' && *count == 0)
			j++;
	for (; j < n && is_digit(s[j]); j++) {
		if (*count >= AB_VALUE_DIGITS) {
			*i = j;
			return false;
		}
		*v = *v * 10 + (s[j] - '0');
		if (*v || !skip_zeros)
			(*count)++;
	}
	*i = j;
	return true;
}

enum ab_number_error ab_number_parse(const char *s, size_t n,
				     bool allow_fraction, struct ab_exact *out,
				     size_t *end, unsigned *decimals)
{
	size_t i = 0;
	bool neg = false;
	if (decimals)
		*decimals = 0;
	if (i < n && (s[i] == '+' || s[i] == '-')) {
		neg = s[i] == '-';
		i++;
	}
	*end = i;
	if (i >= n || !is_digit(s[i]))
		return AB_NUMBER_NONE;
	int64_t mant = 0;
	unsigned count = 0;
	if (!read_digits(s, n, &i, &mant, &count, true)) {
		*end = i;
		return AB_NUMBER_TOO_LARGE;
	}
	unsigned places = 0;
	int64_t den = 1;
	if (i < n && s[i] == '.' && !(i + 1 < n && s[i + 1] == '.')) {
		/* ("0..10" is a range: the number ends before it.) */
		i++;
		if (i >= n || !is_digit(s[i])) {
			*end = i;
			return AB_NUMBER_BAD_POINT;
		}
		for (; i < n && is_digit(s[i]); i++) {
			if (places >= AB_VALUE_DECIMALS) {
				*end = i;
				return AB_NUMBER_TOO_PRECISE;
			}
			/* Zeros right after the point count once a digit
			 * before them did, or once a later digit does. */
			if (count >= AB_VALUE_DIGITS) {
				*end = i;
				return AB_NUMBER_TOO_LARGE;
			}
			mant = mant * 10 + (s[i] - '0');
			places++;
			if (mant)
				count++;
		}
		den = pow10_table[places];
	} else if (allow_fraction && i < n && s[i] == '/') {
		size_t j = i + 1;
		if (j >= n || !is_digit(s[j])) {
			*end = j;
			return AB_NUMBER_BAD_FRACTION;
		}
		int64_t d = 0;
		unsigned dcount = 0;
		if (!read_digits(s, n, &j, &d, &dcount, true)) {
			*end = j;
			return AB_NUMBER_TOO_LARGE;
		}
		if (d == 0) {
			*end = i + 1;
			return AB_NUMBER_BAD_FRACTION;
		}
		den = d;
		i = j;
	}
	if (decimals)
		*decimals = places;
	*out = reduced(neg ? -(wide)mant : (wide)mant, den);
	*end = i;
	return AB_NUMBER_OK;
}

bool ab_exact_to_value(struct ab_exact x, int64_t scale, ab_value *out)
{
	wide v = (wide)x.num * scale;
	if (v % x.den)
		return false;
	v /= x.den;
	if (v > AB_VALUE_LIMIT || v < -AB_VALUE_LIMIT)
		return false;
	*out = (ab_value)v;
	return true;
}

struct ab_exact ab_value_exact(ab_value v, int64_t scale)
{
	return reduced(v, scale);
}

int ab_value_compare_exact(ab_value v, int64_t scale, struct ab_exact x)
{
	if (v == AB_POS_INF)
		return 1;
	if (v == AB_NEG_INF)
		return -1;
	wide a = (wide)v * x.den, b = (wide)x.num * scale;
	return a < b ? -1 : a > b;
}

/* The t with den | 10^t when den has no prime factors but 2 and 5 (and
 * 10^t fits), else -1. */
static int decimal_places(int64_t den)
{
	int twos = 0, fives = 0;
	while (den % 2 == 0) {
		den /= 2;
		twos++;
	}
	while (den % 5 == 0) {
		den /= 5;
		fives++;
	}
	if (den != 1)
		return -1;
	int t = twos > fives ? twos : fives;
	return t <= 18 ? t : -1;
}

static void add_uwide(struct ab_str *out, ab_uwide v, int width)
{
	char buf[48];
	int k = 0;
	do {
		buf[k++] = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v);
	while (k < width)
		buf[k++] = '0';
	while (k)
		ab_str_addc(out, buf[--k]);
}

void ab_exact_format(struct ab_exact x, struct ab_str *out)
{
	bool neg = x.num < 0;
	ab_uwide mag = neg ? (ab_uwide)(-(wide)x.num)
				    : (ab_uwide)x.num;
	int places = decimal_places(x.den);
	if (neg)
		ab_str_addc(out, '-');
	if (x.den == 1) {
		add_uwide(out, mag, 0);
		return;
	}
	if (places < 0) {
		add_uwide(out, mag, 0);
		ab_str_addc(out, '/');
		add_uwide(out, (ab_uwide)x.den, 0);
		return;
	}
	ab_uwide den = (ab_uwide)x.den;
	add_uwide(out, mag / den, 0);
	ab_str_addc(out, '.');
	ab_uwide frac = (mag % den) *
				 ((ab_uwide)pow10_table[places] / den);
	add_uwide(out, frac, places);
}

void ab_value_format(ab_value v, int64_t scale, const char *pos_inf,
		     const char *neg_inf, struct ab_str *out)
{
	if (v == AB_POS_INF) {
		ab_str_add(out, pos_inf);
	} else if (v == AB_NEG_INF) {
		ab_str_add(out, neg_inf);
	} else if (scale == 1) {
		ab_str_addf(out, "%lld", (long long)v);
	} else {
		ab_exact_format(reduced(v, scale), out);
	}
}

bool ab_value_is_decimal(ab_value v, int64_t scale)
{
	if (v == AB_POS_INF || v == AB_NEG_INF)
		return false;
	return scale == 1 || decimal_places(reduced(v, scale).den) >= 0;
}
