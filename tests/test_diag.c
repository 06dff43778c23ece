/* test_diag.c - lines, columns, safe excerpts and the caret. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "testutil.h"
#include "base/utf8.h"

static bool valid_utf8(const char *s)
{
	size_t n = strlen(s);
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t k = ab_utf8_decode(s + i, n - i, &cp);
		if (!k)
			return false;
		i += k;
	}
	return true;
}

/* No byte a terminal would act on. */
static bool printable(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
			return false;
	return valid_utf8(s);
}

struct row {
	const char *text;
	size_t len; /* 0: strlen */
	size_t pos;
	unsigned line, column;
	const char *excerpt;
	const char *pad;
};

static const struct row rows[] = {
	{ "abc\ndef\n", 0, 5, 2, 2, "def", " " },
	{ "abc", 0, 0, 1, 1, "abc", "" },
	{ "abc", 0, 3, 1, 4, "abc", "   " },
	{ "abc", 0, 99, 1, 4, "abc", "   " },         /* clamped */
	{ "", 0, 0, 1, 1, "", "" },
	{ "\tx = %", 0, 5, 1, 6, "\tx = %", "\t    " }, /* tabs kept */
	{ "\xc3\xa9=1 %", 0, 5, 1, 5, "\xc3\xa9=1 %", "    " },
	{ "\xe7\x94\xb2\xe4\xb9\x99 %", 0, 7, 1, 4,
	  "\xe7\x94\xb2\xe4\xb9\x99 %", "     " },      /* wide: 2 each */
	{ "e\xcc\x81x%", 0, 4, 1, 4, "e\xcc\x81x%", "  " }, /* combining */
	{ "a\x1b[31mb%", 0, 7, 1, 8, "a?[31mb%", "       " },
	{ "a\xff" "b", 0, 2, 1, 3, "a?b", "  " },
	{ "a\0b", 3, 1, 1, 2, "a?b", " " },
	{ "a\xe2\x80\xae" "b", 0, 4, 1, 3, "a?b", "  " }, /* bidi override */
	{ "a\xc2\x9b" "b", 0, 3, 1, 3, "a?b", "  " },     /* C1 CSI */
	{ "ab\r\ncd\r\n", 0, 4, 2, 1, "cd", "" },
	{ "ab\r\ncd\r\n", 0, 8, 2, 3, "cd", "  " },  /* the end: last line */
	{ "ab\n", 0, 3, 1, 3, "ab", "  " },
	{ "ab\n\n", 0, 4, 2, 1, "", "" },
	{ "1\n2\n3\n4\n5\n6\n7\n8\n9\n10 x\n", 0, 21, 10, 4, "10 x", "   " },
};

START_TEST(test_locate_rows)
{
	const struct row *r = &rows[_i];
	size_t len = r->len ? r->len : strlen(r->text);
	struct ab_diag d;
	ab_diag_at(&d, r->text, len, r->pos, "row %d", _i);
	char want[16];
	snprintf(want, sizeof want, "row %d", _i);
	ck_assert_str_eq(d.message, want);
	ck_assert_msg(d.line == r->line && d.column == r->column,
		      "row %d: %u:%u", _i, d.line, d.column);
	ck_assert_str_eq(d.excerpt, r->excerpt);
	ck_assert_str_eq(d.caret_pad, r->pad);
	ck_assert(printable(d.excerpt));
	/* ab_diag_locate agrees, except at the very end, which ab_diag_at
	 * moves back onto the last line. */
	if (r->pos < len) {
		unsigned line, column;
		ab_diag_locate(r->text, len, r->pos, &line, &column);
		ck_assert_uint_eq(line, r->line);
		ck_assert_uint_eq(column, r->column);
	}
}
END_TEST

/* Texts of every kind of character: lines long and short, CRLF, wide and
 * combining characters, invalid bytes, NUL, a missing final newline. */
static size_t mixed_text(char *buf, size_t cap, unsigned seed)
{
	static const char *const pieces[] = {
		"a", "bc", "\n", "\r\n", "\t", "\xc3\xa9", "\xe7\x94\xb2", "e\xcc\x81",
		"\xff", "\xe2\x80", "\xf0\x9f\x98\x80", "\x1b[2J", "\n\n", " ",
	};
	size_t n = 0;
	while (n + 8 < cap) {
		seed = seed * 1103515245u + 12345u;
		const char *p = pieces[(seed >> 16) % (sizeof pieces / sizeof pieces[0])];
		size_t k = strlen(p);
		memcpy(buf + n, p, k);
		n += k;
		if ((seed >> 8) % 97 == 0)
			buf[n++] = '\0';
	}
	buf[n] = '\0';
	return n;
}

/* ab_lines finds what ab_diag_locate finds, at every offset (between the
 * bytes of a character too), in whatever order they are asked for. */
START_TEST(test_lines_agree)
{
	char text[2048];
	size_t len = mixed_text(text, sizeof text, (unsigned)_i + 1);
	/* The offsets forwards, backwards, then scattered, each pass twice,
	 * past the end too (clamped). */
	size_t n = len + 3;
	size_t *order = malloc(3 * n * sizeof *order);
	for (size_t i = 0; i < n; i++) {
		order[i] = i;
		order[n + i] = n - 1 - i;
		order[2 * n + i] = (i * 7919u + (size_t)_i) % n;
	}
	for (int pass = 0; pass < 2; pass++) {
		struct ab_lines lines;
		ab_lines_init(&lines, text, len);
		for (size_t k = 0; k < 3 * n; k++) {
			size_t pos = order[k];
			unsigned l1, c1, l2, c2;
			ab_diag_locate(text, len, pos, &l1, &c1);
			ab_lines_locate(&lines, pos, &l2, &c2);
			ck_assert_msg(l1 == l2 && c1 == c2, "offset %zu: %u:%u, not %u:%u",
				      pos, l2, c2, l1, c1);
		}
		ab_lines_free(&lines);
	}
	free(order);
}
END_TEST

/* An error located through an index is the same error. */
START_TEST(test_diag_at_lines)
{
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		size_t len = rows[r].len ? rows[r].len : strlen(rows[r].text);
		struct ab_lines lines;
		ab_lines_init(&lines, rows[r].text, len);
		struct ab_diag a, b;
		ab_diag_at(&a, rows[r].text, len, rows[r].pos, "row %zu", r);
		ab_diag_at_lines(&b, &lines, rows[r].pos, "row %zu", r);
		ab_lines_free(&lines);
		ck_assert_str_eq(a.message, b.message);
		ck_assert_uint_eq(a.line, b.line);
		ck_assert_uint_eq(a.column, b.column);
		ck_assert_str_eq(a.excerpt, b.excerpt);
		ck_assert_str_eq(a.caret_pad, b.caret_pad);
		ck_assert_uint_eq(a.caret, b.caret);
	}
}
END_TEST

START_TEST(test_caret_offset)
{
	struct ab_diag d;
	const char *text = "\xe7\x94\xb2[1 %]";
	ab_diag_at(&d, text, strlen(text), 6, "stray");
	ck_assert_uint_eq(d.column, 5);
	ck_assert_uint_eq(d.caret, 6);
	ck_assert_str_eq(d.excerpt + d.caret, "%]");
}
END_TEST

/* One 50 MB line: a short window with "..." marks, caret still right. */
START_TEST(test_huge_line)
{
	size_t half = 25u * 1000u * 1000u;
	char *text = ab_xmalloc(2 * half + 2);
	memset(text, 'x', half);
	text[half] = '%';
	memset(text + half + 1, 'y', half);
	text[2 * half + 1] = '\0';
	struct ab_diag d;
	ab_diag_at(&d, text, 2 * half + 1, half, "here");
	ck_assert_uint_eq(d.line, 1);
	ck_assert_uint_eq(d.column, half + 1);
	size_t n = strlen(d.excerpt);
	ck_assert_uint_le(n, 80);
	ck_assert_uint_ge(n, 60);
	ck_assert(strncmp(d.excerpt, "...x", 4) == 0);
	ck_assert_str_eq(d.excerpt + n - 4, "y...");
	ck_assert_uint_eq(d.excerpt[d.caret], '%');
	ck_assert_uint_eq(strlen(d.caret_pad), d.caret);
	ck_assert(strspn(d.caret_pad, " ") == d.caret);

	/* Near the start: no leading mark.  At the end: no trailing one. */
	ab_diag_at(&d, text, 2 * half + 1, 5, "start");
	ck_assert(strncmp(d.excerpt, "xxxxx", 5) == 0);
	ck_assert_uint_eq(d.caret, 5);
	n = strlen(d.excerpt);
	ck_assert_str_eq(d.excerpt + n - 3, "...");
	ab_diag_at(&d, text, 2 * half + 1, 2 * half + 1, "end");
	ck_assert_uint_eq(d.column, 2 * half + 2);
	ck_assert(strncmp(d.excerpt, "...", 3) == 0);
	ck_assert_uint_eq(d.excerpt[d.caret], '\0');
	n = strlen(d.excerpt);
	ck_assert_uint_eq(d.excerpt[n - 1], 'y');
	free(text);
}
END_TEST

/* Long lines of wide and multi-byte characters stay within the buffers,
 * valid UTF-8, with the pad counting two columns per wide character. */
START_TEST(test_long_wide_line)
{
	const char *wide[] = { "\xf0\x9f\x98\x80", "\xe7\x94\xb2" };
	for (int w = 0; w < 2; w++) {
		size_t k = strlen(wide[w]), count = 1000;
		char *text = ab_xmalloc(k * count + 2);
		for (size_t i = 0; i < count; i++)
			memcpy(text + i * k, wide[w], k);
		text[k * count] = '%';
		text[k * count + 1] = '\0';
		struct ab_diag d;
		size_t at = k * 500;
		ab_diag_at(&d, text, k * count + 1, at, "wide");
		ck_assert_uint_eq(d.column, 501);
		ck_assert(valid_utf8(d.excerpt));
		ck_assert(strncmp(d.excerpt, "...", 3) == 0);
		ck_assert_uint_eq(d.caret_pad[0], ' ');
		/* "..." then each character before the caret twice. */
		size_t before = (d.caret - 3) / k;
		ck_assert_uint_eq(strlen(d.caret_pad), 3 + 2 * before);
		ck_assert(memcmp(d.excerpt + d.caret, wide[w], k) == 0);
		ab_diag_at(&d, text, k * count + 1, k * count, "end");
		ck_assert_uint_eq(d.excerpt[d.caret], '%');
		free(text);
	}
}
END_TEST

/* A line just long enough to be shown whole, and one just too long. */
START_TEST(test_window_edges)
{
	char line[200];
	struct ab_diag d;
	memset(line, 'a', 76);
	line[76] = '\0';
	ab_diag_at(&d, line, 76, 70, "x");
	ck_assert_str_eq(d.excerpt, line);
	memset(line, 'a', 120);
	line[120] = '\0';
	ab_diag_at(&d, line, 120, 70, "x");
	ck_assert(strncmp(d.excerpt, "...", 3) == 0);
	ck_assert_uint_eq(d.caret, 33);
	ck_assert_uint_eq(d.column, 71);
	ck_assert_uint_eq(strlen(d.caret_pad), 33);
}
END_TEST

START_TEST(test_format)
{
	struct ab_diag d;
	struct ab_str out = AB_STR_INIT;
	ab_diag_at(&d, "abc\n\tdef\n", 9, 6, "stray character '%c'", 'e');
	ab_diag_format(&d, "f.tree", &out);
	ck_assert_str_eq(out.s, "f.tree:2:3: error: stray character 'e'\n"
				" \tdef\n"
				" \t ^\n");
	ab_str_clear(&out);
	ab_diag_set(&d, "cannot open '%s': %s", "x", "No such file");
	ck_assert_uint_eq(d.line, 0);
	ab_diag_format(&d, "x", &out);
	ck_assert_str_eq(out.s, "x: error: cannot open 'x': No such file\n");

	/* Names and messages from outside are made safe too. */
	ab_str_clear(&out);
	ab_diag_set(&d, "bad \x1b]0;pwned\x07 name");
	ab_diag_format(&d, "evil\x1b[2J\xff.tree", &out);
	ck_assert_str_eq(out.s, "evil\\x1b[2J\\xff.tree: error: bad \\x1b]0;pwned\\x07 "
				"name\n");
	/* A name is told apart from another even by a backslash; a message
	 * is only made visible. */
	ab_str_clear(&out);
	ab_diag_set(&d, "a \\ b \xe2\x80\xae c");
	ab_diag_format(&d, "ren\\xe9\xe9.ans", &out);
	ck_assert_str_eq(out.s, "ren\\\\xe9\\xe9.ans: error: a \\ b \\u202e c\n");
	ab_str_free(&out);
}
END_TEST

/* A message cut at the buffer's end is cut at a character boundary. */
START_TEST(test_long_message)
{
	struct ab_diag d;
	char big[1000];
	size_t n = 0;
	while (n + 3 < sizeof big) {
		memcpy(big + n, "\xe7\x94\xb2", 3);
		n += 3;
	}
	big[n] = '\0';
	for (int shift = 0; shift < 3; shift++) {
		ab_diag_set(&d, "%.*s%s", shift, "ab", big);
		ck_assert_uint_lt(strlen(d.message), sizeof d.message);
		ck_assert_uint_gt(strlen(d.message), sizeof d.message - 5);
		ck_assert(valid_utf8(d.message));
	}
}
END_TEST

static Suite *diag_suite(void)
{
	Suite *s = suite_create("diag");
	TCase *tc = tcase_create("diag");
	tcase_add_loop_test(tc, test_locate_rows, 0,
			    (int)(sizeof rows / sizeof rows[0]));
	tcase_add_loop_test(tc, test_lines_agree, 0, 8);
	tcase_add_test(tc, test_diag_at_lines);
	tcase_add_test(tc, test_caret_offset);
	tcase_add_test(tc, test_huge_line);
	tcase_add_test(tc, test_long_wide_line);
	tcase_add_test(tc, test_window_edges);
	tcase_add_test(tc, test_format);
	tcase_add_test(tc, test_long_message);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(diag_suite());
}
