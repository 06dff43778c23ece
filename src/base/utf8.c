/* utf8.c - decoding, unsafe characters and display widths (see utf8.h). */
#include "base/utf8.h"

#include <string.h>

size_t ab_utf8_decode(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned char c = u[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	size_t len;
	uint32_t v, min;
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		v = c & 0x1fu;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		v = c & 0x0fu;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		v = c & 0x07u;
		min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (u[i] & 0x3fu);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return len;
}

bool ab_utf8_unsafe(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x061c ||
	       cp == 0x180e || (cp >= 0x200b && cp <= 0x200f) ||
	       (cp >= 0x2028 && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x206f) || cp == 0xfeff ||
	       (cp >= 0xfff9 && cp <= 0xfffb);
}

struct range {
	uint32_t lo, hi;
};

static bool in_ranges(uint32_t cp, const struct range *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (cp >= r[i].lo && cp <= r[i].hi)
			return true;
	return false;
}

int ab_utf8_width(uint32_t cp)
{
	static const struct range zero[] = {
		{ 0x0300, 0x036f }, { 0x1ab0, 0x1aff }, { 0x1dc0, 0x1dff },
		{ 0x20d0, 0x20ff }, { 0xfe00, 0xfe0f }, { 0xfe20, 0xfe2f },
	};
	static const struct range wide[] = {
		{ 0x1100, 0x115f },   { 0x2329, 0x232a },   { 0x2e80, 0x303e },
		{ 0x3041, 0x33ff },   { 0x3400, 0x4dbf },   { 0x4e00, 0x9fff },
		{ 0xa000, 0xa4cf },   { 0xa960, 0xa97f },   { 0xac00, 0xd7a3 },
		{ 0xf900, 0xfaff },   { 0xfe10, 0xfe19 },   { 0xfe30, 0xfe6f },
		{ 0xff00, 0xff60 },   { 0xffe0, 0xffe6 },   { 0x1f300, 0x1f64f },
		{ 0x1f680, 0x1f6ff }, { 0x1f900, 0x1f9ff }, { 0x20000, 0x2fffd },
		{ 0x30000, 0x3fffd },
	};
	if (cp < 0x300)
		return 1;
	if (in_ranges(cp, zero, sizeof zero / sizeof zero[0]))
		return 0;
	if (in_ranges(cp, wide, sizeof wide / sizeof wide[0]))
		return 2;
	return 1;
}

size_t ab_utf8_prefix(const char *s, size_t n, size_t max)
{
	if (n <= max)
		return n;
	size_t k = max;
	/* Back up over continuation bytes to the start of a character. */
	while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80)
		k--;
	return k;
}

size_t ab_utf8_text_width(const char *s)
{
	size_t width = 0, n = strlen(s);
	while (n) {
		uint32_t cp;
		size_t len = ab_utf8_decode(s, n, &cp);
		if (len == 0) {
			len = 1;
			width++;
		} else {
			width += (size_t)ab_utf8_width(cp);
		}
		s += len;
		n -= len;
	}
	return width;
}

/* The house form (utf8.h); name: a backslash doubled as well. */
static void add_escaped(struct ab_str *out, const char *s, size_t n, bool name)
{
	size_t i = 0, clean = 0;
	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f && (c != '\\' || !name)) {
			i++;
			continue;
		}
		uint32_t cp;
		size_t k = c == '\\' ? 1 : ab_utf8_decode(s + i, n - i, &cp);
		if (k && c != '\\' && !ab_utf8_unsafe(cp)) {
			i += k;
			continue;
		}
		ab_str_addn(out, s + clean, i - clean);
		if (c == '\\')
			ab_str_add(out, "\\\\");
		else if (!k || cp < 0x80)
			ab_str_addf(out, "\\x%02x", c);
		else if (cp <= 0xffff)
			ab_str_addf(out, "\\u%04x", (unsigned)cp);
		else
			ab_str_addf(out, "\\U%08x", (unsigned)cp);
		i += k ? k : 1;
		clean = i;
	}
	ab_str_addn(out, s + clean, n - clean);
}

void ab_utf8_add_safe(struct ab_str *out, const char *s, size_t n)
{
	add_escaped(out, s, n, false);
}

void ab_utf8_add_name(struct ab_str *out, const char *name)
{
	add_escaped(out, name, strlen(name), true);
}

/* Up to 64 code points of s, ASCII letters in lower case; false when s
 * is longer. */
static bool folded_points(const char *s, uint32_t *cps, size_t *n)
{
	size_t len = strlen(s);
	*n = 0;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t k = ab_utf8_decode(s + i, len - i, &cp);
		if (!k) {
			k = 1;
			cp = (unsigned char)s[i];
		}
		if (cp >= 'A' && cp <= 'Z')
			cp += 'a' - 'A';
		if (*n == 64)
			return false;
		cps[(*n)++] = cp;
		i += k;
	}
	return true;
}

size_t ab_utf8_distance(const char *a, const char *b, size_t limit)
{
	uint32_t x[64], y[64];
	size_t nx, ny;
	if (!folded_points(a, x, &nx) || !folded_points(b, y, &ny))
		return limit + 1;
	if ((nx > ny ? nx - ny : ny - nx) > limit)
		return limit + 1;
	size_t row[65];
	for (size_t j = 0; j <= ny; j++)
		row[j] = j;
	for (size_t i = 1; i <= nx; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= ny; j++) {
			size_t up = row[j];
			size_t best = diag + (x[i - 1] != y[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[ny] > limit ? limit + 1 : row[ny];
}
