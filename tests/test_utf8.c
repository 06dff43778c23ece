/* test_utf8.c - the house form names and untrusted text are written in:
 * what each character becomes, byte for byte, and that a name's form can
 * be read back to the very bytes it was made from, so two names never
 * share one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "testutil.h"

static const struct form_case {
	const char *raw;
	const char *name;   /* ab_utf8_add_name */
	const char *text;   /* ab_utf8_add_safe */
} forms[] = {
	{ "plain-01.ans", "plain-01.ans", "plain-01.ans" },
	{ "", "", "" },
	/* Cursor movements, a carriage return, a bell: shown, not done. */
	{ "a\x1b[1A\x1b[2K\rb\a.ans", "a\\x1b[1A\\x1b[2K\\x0db\\x07.ans",
	  "a\\x1b[1A\\x1b[2K\\x0db\\x07.ans" },
	{ "tab\there\nnl", "tab\\x09here\\x0anl", "tab\\x09here\\x0anl" },
	{ "del\x7f", "del\\x7f", "del\\x7f" },
	/* Latin-1 bytes are no UTF-8: each byte as it is. */
	{ "ren\xe9.ans", "ren\\xe9.ans", "ren\\xe9.ans" },
	{ "ren\xe8.ans", "ren\\xe8.ans", "ren\\xe8.ans" },
	{ "\xff\xfe", "\\xff\\xfe", "\\xff\\xfe" },
	{ "cut\xe7\x94", "cut\\xe7\\x94", "cut\\xe7\\x94" },       /* a character cut short */
	{ "\xc0\xaf", "\\xc0\\xaf", "\\xc0\\xaf" },                /* overlong '/' */
	{ "\xed\xa0\x80", "\\xed\\xa0\\x80", "\\xed\\xa0\\x80" },  /* a surrogate */
	/* The same letters in UTF-8 are letters. */
	{ "ren\xc3\xa9.ans", "ren\xc3\xa9.ans", "ren\xc3\xa9.ans" },
	{ "\xe7\x94\xb2\xe4\xb9\x99.ans", "\xe7\x94\xb2\xe4\xb9\x99.ans", "\xe7\x94\xb2\xe4\xb9\x99.ans" },
	/* Direction and invisible characters, C1 controls. */
	{ "x\xe2\x80\xaey.ans", "x\\u202ey.ans", "x\\u202ey.ans" },
	{ "zw\xe2\x80\x8bsp", "zw\\u200bsp", "zw\\u200bsp" },
	{ "\xef\xbb\xbf" "bom", "\\ufeffbom", "\\ufeffbom" },
	{ "csi\xc2\x9b" "2J", "csi\\u009b2J", "csi\\u009b2J" },
	/* A backslash: doubled in a name, so "\xe9" typed is not the byte. */
	{ "ren\\xe9.ans", "ren\\\\xe9.ans", "ren\\xe9.ans" },
	{ "a\\b\\", "a\\\\b\\\\", "a\\b\\" },
};

START_TEST(form)
{
	const struct form_case *t = &forms[_i];
	struct ab_str name = AB_STR_INIT, text = AB_STR_INIT;
	ab_utf8_add_name(&name, t->raw);
	ab_utf8_add_safe(&text, t->raw, strlen(t->raw));
	ck_assert_str_eq(ab_str_cstr(&name), t->name);
	ck_assert_str_eq(ab_str_cstr(&text), t->text);
	ab_str_free(&name);
	ab_str_free(&text);
}
END_TEST

static int hex(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static size_t put_utf8(uint32_t cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* The form read back, as a program reading the JSON would: \\ is one
 * backslash, \xHH one byte, \uHHHH (\UHHHHHHHH) one character. */
static size_t unescape(const char *s, char *out)
{
	size_t n = 0;
	while (*s) {
		if (*s != '\\') {
			out[n++] = *s++;
			continue;
		}
		char kind = s[1];
		ck_assert_msg(kind == '\\' || kind == 'x' || kind == 'u' || kind == 'U',
			      "a lone backslash in %s", s);
		if (kind == '\\') {
			out[n++] = '\\';
			s += 2;
			continue;
		}
		int digits = kind == 'x' ? 2 : kind == 'u' ? 4 : 8;
		uint32_t v = 0;
		for (int i = 0; i < digits; i++) {
			int d = hex(s[2 + i]);
			ck_assert_int_ge(d, 0);
			v = v << 4 | (uint32_t)d;
		}
		if (kind == 'x')
			out[n++] = (char)v;
		else
			n += put_utf8(v, out + n);
		s += 2 + digits;
	}
	out[n] = '\0';
	return n;
}

/* Random names of awkward bytes: the form is valid UTF-8 with nothing a
 * terminal acts on, and reads back to the name, so it is one to one. */
START_TEST(name_reads_back)
{
	static const char alphabet[] = "ab\\x.\x1b\r\n\t\x7f\xe9\xe8\xff\xc3\xa9\xe2\x80\xae\xc2\x9b\xf0\x9f\x98\x80u";
	uint32_t seed = 12345;
	/* A twentieth under valgrind (the README's ABTRACE_TEST_QUICK). */
	int rounds = getenv("ABTRACE_TEST_QUICK") ? 1000 : 20000;
	for (int round = 0; round < rounds; round++) {
		char raw[24];
		size_t len = 1 + round % 20;
		for (size_t i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			raw[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
		}
		raw[len] = '\0';
		struct ab_str name = AB_STR_INIT;
		ab_utf8_add_name(&name, raw);
		const char *s = ab_str_cstr(&name);
		for (size_t i = 0; s[i];) {
			uint32_t cp;
			size_t k = ab_utf8_decode(s + i, strlen(s + i), &cp);
			ck_assert_msg(k > 0 && !ab_utf8_unsafe(cp), "round %d: byte %zu of %s", round, i, s);
			i += k;
		}
		char back[24 * 12];
		ck_assert_uint_eq(unescape(s, back), len);
		ck_assert_msg(memcmp(back, raw, len) == 0, "round %d: %s does not read back", round, s);
		ab_str_free(&name);
	}
}
END_TEST

static Suite *utf8_suite(void)
{
	Suite *s = suite_create("utf8");
	TCase *tc = tcase_create("forms");
	tcase_add_loop_test(tc, form, 0, (int)(sizeof forms / sizeof forms[0]));
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	/* Random names by the thousand: the slow suite (tests/meson.build). */
	tc = tcase_create("random names");
	tcase_set_tags(tc, "slow");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, name_reads_back);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(utf8_suite());
}
