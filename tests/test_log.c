/* test_log.c - reading a program's log (testing/log.c): every kind of
 * line in the plain format and as JSON, paths as indices (from 1 or 0),
 * names and root, numbers as programs print them, infinities and
 * sentinels, noise, and the logs that cannot be used at all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing/log.h"
#include "testutil.h"

/* The entries as "LINE:KIND NODE VALUE..." joined by "; ": NODE is the
 * node's name, "?" for a path that leads nowhere; a number is "off" when
 * it is no value of the tree. */
static void show(const struct ab_tree *t, const struct ab_log *log, struct ab_str *out)
{
	for (size_t i = 0; i < log->count; i++) {
		const struct ab_log_entry *e = &log->entries[i];
		ab_str_addf(out, "%s%u:%s", i ? "; " : "", e->line, ab_log_kind_word(e->kind));
		if (e->flags & AB_LOG_HAS_NODE) {
			ab_str_addc(out, ' ');
			if (e->node == AB_NONE)
				ab_str_addc(out, '?');
			else
				ab_tree_name(t, e->node, out);
		}
		bool two = e->flags & AB_LOG_HAS_WINDOW;
		bool one = e->kind == AB_LOG_LEAF || e->kind == AB_LOG_RETURN ||
			   e->kind == AB_LOG_VALUE;
		for (int k = 0; k < (two ? 2 : one ? 1 : 0); k++) {
			ab_str_addc(out, ' ');
			if (e->flags & (k ? AB_LOG_B_OFF : AB_LOG_A_OFF))
				ab_str_add(out, "off");
			else
				ab_value_format(k ? e->b : e->a, t->scale, "+inf", "-inf", out);
		}
	}
}

enum { ZERO = 1 };

static const struct read_case {
	const char *tree;
	unsigned flags;
	const char *inf;      /* --inf N, or NULL */
	const char *text;
	const char *entries;  /* show()'s form */
	unsigned noise;       /* noise lines */
	unsigned noise_line;  /* the first of them */
} read_cases[] = {
	/* Every kind, paths as indices from 1. */
	{ "lecture", 0, NULL,
	  "enter root -inf +inf\nenter 1 -inf inf\nleaf 1.1 3\nreturn 1 3\ncut 2\nvalue 3\nbest 1\n",
	  "1:enter A -inf +inf; 2:enter B -inf +inf; 3:leaf B1 3; 4:return B 3; 5:cut C; 6:value 3; 7:best B",
	  0, 0 },
	/* Names, and leaf VALUE without a path; enter without a window. */
	{ "lecture", 0, NULL, "enter A\nenter C\nleaf 2\nleaf C2 4\nbest D\n",
	  "1:enter A; 2:enter C; 3:leaf 2; 4:leaf C2 4; 5:best D", 0, 0 },
	/* From 0, as most languages count. */
	{ "lecture", ZERO, NULL, "enter 0 -inf inf\nleaf 2.2 2\nbest 0\n",
	  "1:enter B -inf +inf; 2:leaf D3 2; 3:best B", 0, 0 },
	/* A path of indices that leads nowhere is kept (the log is
	 * compared and told); 0 counts from 1 by default. */
	{ "lecture", 0, NULL, "leaf 4.1 3\nenter 0\nleaf 1.4 1\nleaf 1..2 1\n",
	  "1:leaf ? 3; 2:enter ?; 3:leaf ? 1; 4:leaf ? 1", 0, 0 },
	/* Infinities as languages print them. */
	{ "lecture", 0, NULL,
	  "enter 1 -Infinity Infinity\nenter 2 -INF +inf\nenter 3 \xe2\x88\x92\xe2\x88\x9e \xe2\x88\x9e\nenter root -infinity +Infinity\n",
	  "1:enter B -inf +inf; 2:enter C -inf +inf; 3:enter D -inf +inf; 4:enter A -inf +inf", 0, 0 },
	/* Numbers as programs print them: 3.0, 1e1, +5, −2 (U+2212), fractions. */
	{ "lecture", 0, NULL,
	  "leaf 1.1 3.0\nleaf 1.2 1.2e1\nleaf 1.3 +8\nleaf 2.1 \xe2\x88\x92" "2\nvalue 6/2\n",
	  "1:leaf B1 3; 2:leaf B2 12; 3:leaf B3 8; 4:leaf C1 -2; 5:value 3", 0, 0 },
	/* A number no value of the tree equals: off its unit, or huge. */
	{ "lecture", 0, NULL, "leaf 1.1 2.5\nleaf 1.2 99999999999999999999\nvalue 1/3\n",
	  "1:leaf B1 off; 2:leaf B2 off; 3:value off", 0, 0 },
	/* Decimals on a tree with decimals. */
	{ "[[1.5,2],[0.25,3]]", 0, NULL, "leaf 1.1 1.50\nleaf 2.1 .25\nleaf 2.1 0.25\n",
	  "1:leaf 1.1 1.5; 3:leaf 2.1 0.25", 1, 2 },
	/* --inf N: a program's sentinel, however large. */
	{ "lecture", 0, "1000", "enter root -1000 1000\nenter 1 -1000.0 1e3\nenter 2 999 1001\n",
	  "1:enter A -inf +inf; 2:enter B -inf +inf; 3:enter C 999 1001", 0, 0 },
	{ "lecture", 0, "9223372036854775807",
	  "enter root -9223372036854775807 9223372036854775807\nenter 1 -2147483647 2147483647\n",
	  "1:enter A -inf +inf; 2:enter B -2147483647 2147483647", 0, 0 },
	/* A bracketed window, comments, blank lines, CRLF, spaces. */
	{ "lecture", 0, NULL,
	  "# a comment\n\n   \nenter 2 [3, inf]\r\n\tleaf   2.1\t2  # trailing words\r\nenter 3 (3,+inf)\n",
	  "4:enter C 3 +inf; 5:leaf C1 2; 6:enter D 3 +inf", 0, 0 },
	/* Noise: counted, the first named; a line in the log's words that
	 * does not read whole is noise too. */
	{ "lecture", 0, NULL,
	  "searching...\nleaf 1.1 3\nvalue of the root is 3\nbest move\nleaf 1.2 twelve\nenter 1 1 2 3\nreturn 1\nvalue 3\n",
	  "2:leaf B1 3; 8:value 3", 6, 1 },
	/* A name no node has is noise; "root" and names are kept apart. */
	{ "lecture", 0, NULL, "enter Z\nenter root\ncut A\n", "2:enter A; 3:cut A", 1, 1 },
	/* JSON Lines: trace --json's own lines. */
	{ "lecture", 0, NULL,
	  "{\"step\":1,\"event\":\"enter\",\"path\":\"\",\"node\":\"A\",\"player\":\"max\",\"depth\":0,\"alpha\":\"-inf\",\"beta\":\"+inf\"}\n"
	  "{\"step\":3,\"event\":\"leaf\",\"path\":\"1.1\",\"node\":\"B1\",\"value\":3,\"static\":false}\n"
	  "{\"step\":4,\"event\":\"update\",\"path\":\"1\",\"node\":\"B\",\"what\":\"value\",\"old\":\"+inf\",\"new\":3}\n"
	  "{\"step\":15,\"event\":\"cutoff\",\"path\":\"2\",\"node\":\"C\",\"alpha\":3,\"beta\":2,\"by\":\"\",\"deep\":false,\"pruned\":[\"2.2\",\"2.3\"]}\n"
	  "{\"step\":16,\"event\":\"return\",\"path\":\"2\",\"node\":\"C\",\"value\":2,\"lo\":\"-inf\",\"hi\":2}\n"
	  "{\"step\":29,\"event\":\"done\",\"value\":3,\"best\":\"1\",\"leaves_visited\":7}\n",
	  "1:enter A -inf +inf; 2:leaf B1 3; 4:cut C; 5:return C 2; 6:value 3; 6:best B", 0, 0 },
	/* Any subset of the fields: a node by name, no window, no path. */
	{ "lecture", 0, NULL,
	  "{\"event\":\"enter\",\"node\":\"C\"}\n{\"event\":\"leaf\",\"value\":-Infinity}\n"
	  "{ \"event\" : \"leaf\" , \"value\" : \"10/5\" , \"path\" : \"3.3\" }\n"
	  "{\"event\":\"value\",\"value\":3.0}\n{\"event\":\"best\",\"best\":\"1\"}\n"
	  "{\"event\":\"done\",\"best\":null,\"value\":1e0}\n",
	  "1:enter C; 2:leaf -inf; 3:leaf D3 2; 4:value 3; 5:best B; 6:value 1", 0, 0 },
	/* JSON from 0; JSON that is not an event, or not JSON, is noise. */
	{ "lecture", ZERO, NULL,
	  "{\"event\":\"cutoff\",\"path\":\"1\"}\n{\"event\":\"jump\"}\n{\"event\":\"leaf\"\n{\"value\":3}\n[1,2]\n{\"event\":\"leaf\",\"value\":[3]}\n",
	  "1:cut C", 5, 2 },
};

START_TEST(read_lines)
{
	const struct read_case *t = &read_cases[_i];
	struct ab_tree *tree = tree_ok(t->tree);
	struct ab_log_options opt = { .zero_based = t->flags & ZERO };
	if (t->inf)
		ck_assert(opt.has_inf = ab_log_parse_inf(t->inf, &opt.inf));
	struct ab_diag diag;
	enum ab_log_status st;
	struct ab_log *log = ab_log_read(tree, &opt, t->text, strlen(t->text), &st, &diag);
	ck_assert_msg(log != NULL, "case %d: %s", _i, diag.message);
	ck_assert_int_eq(st, AB_LOG_OK);
	struct ab_str got = AB_STR_INIT;
	show(tree, log, &got);
	ck_assert_msg(strcmp(got.s, t->entries) == 0, "case %d:\n got  %s\n want %s", _i,
		      got.s, t->entries);
	ck_assert_msg(log->noise == t->noise && log->noise_line == t->noise_line,
		      "case %d: noise %u from line %u, want %u from line %u", _i, log->noise,
		      log->noise_line, t->noise, t->noise_line);
	/* Each kind's list holds its entries in order. */
	size_t total = 0;
	for (int k = 0; k < AB_LOG_KIND_COUNT; k++) {
		for (size_t i = 0; i < log->nkind[k]; i++) {
			ck_assert_int_eq(log->entries[log->of_kind[k][i]].kind, k);
			if (i)
				ck_assert(log->of_kind[k][i] > log->of_kind[k][i - 1]);
		}
		total += log->nkind[k];
	}
	ck_assert_uint_eq(total, log->count);
	ab_str_free(&got);
	ab_log_free(log);
	ab_tree_free(tree);
}
END_TEST

/* The line of an entry, as written, and the PATH in it. */
START_TEST(lines_and_paths)
{
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_log_options opt = { 0 };
	const char *text = "x\r\nleaf 9.9 3\r\n{\"event\":\"cut\",\"path\":\"2\"}";
	struct ab_diag diag;
	struct ab_log *log = ab_log_read(tree, &opt, text, strlen(text), NULL, &diag);
	ck_assert(log != NULL);
	ck_assert_uint_eq(log->count, 2);
	size_t len;
	const char *line = ab_log_line(log, log->entries[0].start, &len);
	ck_assert_int_eq((int)len, 10);
	ck_assert(strncmp(line, "leaf 9.9 3", len) == 0);
	ck_assert(strncmp(line + log->entries[0].path_at, "9.9", log->entries[0].path_len) == 0);
	line = ab_log_line(log, log->entries[1].start, &len);
	ck_assert(strncmp(line, "{\"event\"", 8) == 0 && line[len - 1] == '}');
	ck_assert(strncmp(line + log->entries[1].path_at, "2", log->entries[1].path_len) == 0);
	line = ab_log_line(log, log->noise_start, &len);
	ck_assert_int_eq((int)len, 1);
	ck_assert_int_eq(line[0], 'x');
	ab_log_free(log);
	ab_tree_free(tree);
}
END_TEST

/* Logs that cannot be used: a clear error, with the line where one is. */
static const struct bad_case {
	const char *text;
	size_t len;             /* 0: strlen */
	enum ab_log_status status;
	unsigned line;          /* diag's line, 0: none */
	const char *message;    /* a substring */
} bad_cases[] = {
	{ "", 0, AB_LOG_EMPTY, 0, "the log is empty" },
	{ "\n# only a comment\n\n", 0, AB_LOG_EMPTY, 0, "the log is empty" },
	{ "hello\nworld\n", 0, AB_LOG_EMPTY, 1, "its 2 other lines are noise" },
	{ "leaf 1.1 3\nleaf\0 1.2 12\n", 22, AB_LOG_BINARY, 2, "a NUL byte" },
};

START_TEST(bad_logs)
{
	const struct bad_case *t = &bad_cases[_i];
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_log_options opt = { 0 };
	struct ab_diag diag;
	enum ab_log_status st = AB_LOG_OK;
	size_t len = t->len ? t->len : strlen(t->text);
	struct ab_log *log = ab_log_read(tree, &opt, t->text, len, &st, &diag);
	ck_assert_msg(log == NULL, "case %d: read", _i);
	ck_assert_int_eq(st, t->status);
	ck_assert_msg(diag.line == t->line, "case %d: line %u, want %u", _i, diag.line, t->line);
	ck_assert_msg(strstr(diag.message, t->message), "case %d: %s", _i, diag.message);
	ab_tree_free(tree);
}
END_TEST

/* Too big, and a line too long: refused before anything is read into
 * entries; a long line is named by its number. */
START_TEST(limits)
{
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_log_options opt = { 0 };
	struct ab_diag diag;
	enum ab_log_status st;
	size_t big = (size_t)AB_LOG_MAX_BYTES + 1;
	char *text = ab_xmalloc(big);
	memset(text, '\n', big);
	ck_assert(ab_log_read(tree, &opt, text, big, &st, &diag) == NULL);
	ck_assert_int_eq(st, AB_LOG_TOO_BIG);
	ck_assert(strstr(diag.message, "16 MiB"));
	/* Line 3 is one byte too long. */
	size_t len = 0;
	len += (size_t)sprintf(text, "leaf 1.1 3\nvalue 3\n");
	memset(text + len, 'x', AB_LOG_MAX_LINE + 1);
	len += AB_LOG_MAX_LINE + 1;
	ck_assert(ab_log_read(tree, &opt, text, len, &st, &diag) == NULL);
	ck_assert_int_eq(st, AB_LOG_LONG_LINE);
	ck_assert_uint_eq(diag.line, 3);
	ck_assert(strstr(diag.message, "line 3 is longer than 1024 KiB"));
	/* At the limit it is a line like any other (noise here). */
	struct ab_log *log = ab_log_read(tree, &opt, text, len - 1, &st, &diag);
	ck_assert(log != NULL);
	ck_assert_uint_eq(log->noise, 1);
	ck_assert_uint_eq(log->count, 2);
	ab_log_free(log);
	free(text);
	ab_tree_free(tree);
}
END_TEST

/* Binary junk with no NUL is noise, line by line, never a crash; its
 * first line is found again as written. */
START_TEST(binary_noise)
{
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_log_options opt = { 0 };
	char text[4096];
	uint32_t x = 12345;
	for (size_t i = 0; i < sizeof text; i++) {
		x = x * 1103515245u + 12345u;
		text[i] = (char)((x >> 16) % 255 + 1);
	}
	memcpy(text + 2000, "\nvalue 3\n", 9);
	struct ab_diag diag;
	struct ab_log *log = ab_log_read(tree, &opt, text, sizeof text, NULL, &diag);
	ck_assert(log != NULL);
	ck_assert_uint_eq(log->count, 1);
	ck_assert_uint_eq(log->entries[0].kind, AB_LOG_VALUE);
	ck_assert_uint_ge(log->noise, 2);
	ck_assert_uint_eq(log->noise_line, 1);
	ab_log_free(log);
	ab_tree_free(tree);
}
END_TEST

static const struct inf_case {
	const char *text;
	bool ok;
	int64_t num, den;
} inf_cases[] = {
	{ "1000", true, 1000, 1 },
	{ "1e9", true, 1000000000, 1 },
	{ "2147483647", true, 2147483647, 1 },
	{ "9223372036854775807", true, INT64_MAX, 1 },
	{ "99.5", true, 199, 2 },
	{ "9223372036854775808", false, 0, 0 },
	{ "0", false, 0, 0 },
	{ "-5", false, 0, 0 },
	{ "inf", false, 0, 0 },
	{ "", false, 0, 0 },
	{ "12abc", false, 0, 0 },
};

START_TEST(parse_inf)
{
	const struct inf_case *t = &inf_cases[_i];
	struct ab_exact x = { 0, 0 };
	ck_assert_msg(ab_log_parse_inf(t->text, &x) == t->ok, "case %d: '%s'", _i, t->text);
	if (t->ok)
		ck_assert_msg(x.num == t->num && x.den == t->den, "case %d: %lld/%lld", _i,
			      (long long)x.num, (long long)x.den);
}
END_TEST

/* Writing back: numbers and paths as the log writes them. */
START_TEST(format_back)
{
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_log_options opt = { 0 };
	struct ab_str s = AB_STR_INIT;
	ab_log_format_value(AB_POS_INF, tree->scale, &opt, &s);
	ab_str_add(&s, " ");
	ab_log_format_value(-7, tree->scale, &opt, &s);
	ab_str_add(&s, " ");
	ab_log_format_path(tree, NULL, &opt, ab_tree_find(tree, "D3"), &s);
	ab_str_add(&s, " ");
	ab_log_format_path(tree, NULL, &opt, 0, &s);
	opt.zero_based = true;
	opt.has_inf = true;
	opt.inf = (struct ab_exact){ 1000, 1 };
	ab_str_add(&s, " ");
	ab_log_format_value(AB_NEG_INF, tree->scale, &opt, &s);
	ab_str_add(&s, " ");
	ab_log_format_path(tree, NULL, &opt, ab_tree_find(tree, "D3"), &s);
	ck_assert_str_eq(s.s, "+inf -7 3.3 root -1000 2.2");
	ab_str_free(&s);
	ab_tree_free(tree);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("log");
	TCase *tc = tcase_create("log");
	tcase_add_loop_test(tc, read_lines, 0, (int)(sizeof read_cases / sizeof read_cases[0]));
	tcase_add_test(tc, lines_and_paths);
	tcase_add_loop_test(tc, bad_logs, 0, (int)(sizeof bad_cases / sizeof bad_cases[0]));
	tcase_add_test(tc, limits);
	tcase_add_test(tc, binary_noise);
	tcase_add_loop_test(tc, parse_inf, 0, (int)(sizeof inf_cases / sizeof inf_cases[0]));
	tcase_add_test(tc, format_back);
	suite_add_tcase(s, tc);
	return ab_run_suite(s);
}
