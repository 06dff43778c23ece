/* test_check_cli.c - `abtrace check` and `abtrace random` end to end: exit
 * codes 0/1/2, the text and JSON reports, the table for several files, and
 * random trees that come out the same twice and parse back. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "runprog.h"
#include "testutil.h"
#include "utf8.h"

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* Arguments starting with '@' name a file in tests/answers. */
static struct run_result run_with_answers(const char *stdin_text, const char *const *args)
{
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	size_t n = 0;
	while (args[n])
		n++;
	const char **full = calloc(n + 1, sizeof *full);
	struct ab_str *paths = calloc(n + 1, sizeof *paths);
	for (size_t i = 0; i < n; i++) {
		if (args[i][0] == '@') {
			ab_str_addf(&paths[i], "%s/tests/answers/%s", root ? root : ".", args[i] + 1);
			full[i] = paths[i].s;
		} else {
			full[i] = args[i];
		}
	}
	struct run_result r = run_abtrace(stdin_text, full);
	for (size_t i = 0; i < n; i++)
		ab_str_free(&paths[i]);
	free(paths);
	free(full);
	return r;
}

static const struct cli_case {
	const char *const *args;
	const char *stdin_text;
	int status;
	const char *out;   /* a substring of stdout, or NULL */
	const char *err;   /* a substring of stderr, or NULL */
} cli_cases[] = {
	/* One answer: exit 0 when all right, 1 with mistakes. */
	{ ARGS("check", "--ascii", "lecture", "@lecture-right.ans"), NULL, 0, "Score: 8/8 (100%)", NULL },
	{ ARGS("check", "--ascii", "lecture", "@lecture-right.ans"), NULL, 0, "ok    C: <= 2", NULL },
	{ ARGS("check", "--ascii", "lecture", "@lecture-extra-cut.ans"), NULL, 1,
	  "WRONG pruned D3: pruned (expected looked at) -- D3 is looked at (step 24): when the search reaches it, D has alpha = 3 and beta = 5", NULL },
	{ ARGS("check", "--ascii", "lecture", "@lecture-missed-cut.ans"), NULL, 1,
	  "At step 15 the cut test fires at C: beta <= alpha (2 <= 3), with alpha set at A, so C2 and C3 are never looked at", NULL },
	{ ARGS("check", "--ascii", "lecture", "@lecture-exact-c.ans"), NULL, 1,
	  "C is only known to be <= 2 (step 16)", NULL },
	{ ARGS("check", "--ascii", "lecture", "@lecture-early-alpha.ans"), NULL, 1,
	  "Diagnosis: Your cuts match a classic slip: raising A's alpha to 3 from B's running value", NULL },
	{ ARGS("check", "--ascii", "seed003", "@seed003-right.ans"), NULL, 0, "Score: 6/6", NULL },
	{ ARGS("check", "--ascii", "seed003", "@seed003-visited.ans"), NULL, 0, "ok    visit order", NULL },
	{ ARGS("check", "--ascii", "seed003", "@seed003-wrong-value.ans"), NULL, 1, "Score: 0/4 (0%)", NULL },
	{ ARGS("check", "--ascii", "seed002", "@seed002-right.ans"), NULL, 0, "Score: 13/13", NULL },
	{ ARGS("check", "--ascii", "deep-cutoff", "@deep-cutoff-parent-only.ans"), NULL, 1, "(a deep cutoff)", NULL },
	/* Standard input and an inline tree. */
	{ ARGS("check", "--ascii", "lecture", "-"), "value: 3\npruned: C2 C3\n", 0, "Score: 3/3", NULL },
	{ ARGS("check", "--ascii", "-e", "[[3,12,8],[2,4,6],[14,5,2]]", "-"), "value: 3\npruned: 2.2 2.3\n", 0, "Score: 3/3", NULL },
	/* Conventions: the command line, and the answer file winning. */
	{ ARGS("check", "--ascii", "--strict", "-e", "A[B[3 12 8] C[3 4 6] D[14 5 2]]", "-"),
	  "value: 3\npruned:\nC: 3\n", 0, "cut on alpha > beta", NULL },
	{ ARGS("check", "--ascii", "-e", "A[B[3 12 8] C[3 4 6] D[14 5 2]]", "-"),
	  "value: 3\npruned:\nC: 3\n", 1, "Your answer is right if ties are not pruned (cut only on alpha > beta); this assignment prunes on alpha >= beta.", NULL },
	{ ARGS("check", "--ascii", "--strict", "lecture", "-"), "rules: non-strict\nvalue: 3\n", 0,
	  "cut on alpha >= beta", "note: - says 'rules: non-strict', which overrides the command line" },
	{ ARGS("check", "--ascii", "--order", "reverse", "lecture", "-"), "pruned:\nvalue: 3\n", 0, "order reverse", NULL },
	/* JSON: one object per answer file, one per line. */
	{ ARGS("check", "--json", "lecture", "@lecture-exact-c.ans"), NULL, 1,
	  "\"score\":0.8,\"right\":4,\"total\":5,\"diagnosis\":null,\"items\":[{\"name\":\"value\",\"expected\":\"3\",\"given\":\"3\",\"right\":true,\"why\":null,\"step\":28,\"line\":1}", NULL },
	{ ARGS("check", "--json", "lecture", "@lecture-exact-c.ans"), NULL, 1,
	  "{\"name\":\"C\",\"expected\":\"≤ 2\",\"given\":\"= 2\",\"right\":false,\"why\":\"C is only known to be ≤ 2 (step 16)", NULL },
	/* Several files: a table. */
	{ ARGS("check", "--ascii", "lecture", "@lecture-right.ans", "@lecture-exact-c.ans"), NULL, 1,
	  "lecture-exact-c.ans  4/5          C: C is only known to be <= 2", NULL },
	{ ARGS("check", "--ascii", "lecture", "@lecture-right.ans", "@lecture-right.ans"), NULL, 0, "FILE", NULL },
	{ ARGS("check", "--ascii", "lecture", "@lecture-right.ans", "@bad-syntax.ans"), NULL, 2,
	  "unusable", "bad-syntax.ans:3:12: error: no node called 'C9' in this tree; C's children are C1, C2 and C3" },
	/* Unusable input: exit 2 with FILE:LINE:COLUMN. */
	{ ARGS("check", "lecture", "@bad-syntax.ans"), NULL, 2, NULL, "bad-syntax.ans:3:12: error: no node called 'C9'" },
	{ ARGS("check", "lecture", "-"), "value 3\n", 2, NULL, "<stdin>:1:7: error: expected ':'" },
	{ ARGS("check", "lecture", "-"), "", 2, NULL, "nothing to check" },
	{ ARGS("check", "lecture", "/no/such/answer"), NULL, 2, NULL, "No such file" },
	{ ARGS("check", "lecture"), NULL, 2, NULL, "needs a TREE and at least one ANSWER" },
	{ ARGS("check"), NULL, 2, NULL, "needs a TREE and at least one ANSWER" },
	{ ARGS("check", "no-such-tree", "-"), "value: 3\n", 2, NULL, "no-such-tree" },
	{ ARGS("check", "--seed", "3", "lecture", "-"), "value: 3\n", 2, NULL, "does not apply" },
	/* random */
	{ ARGS("random", "--seed", "7"), NULL, 0,
	  "title: Random practice tree (seed 7)\nsource: abtrace random --branching 2-3 --depth 3 --range -9..9 --seed 7\nA[B[[0 7] [4 -8 2]] C[[-4 -5 3] [1 9]] D[[-7 2 -5] [-1 6 -4]]]\n", NULL },
	{ ARGS("random", "--branching", "3", "--depth", "2", "--range", "0..20", "--distinct", "--seed", "42"), NULL, 0,
	  "source: abtrace random --branching 3 --depth 2 --range 0..20 --distinct --seed 42\n", NULL },
	{ ARGS("random", "--root", "min", "--depth", "1", "--seed", "5"), NULL, 0, "root: min\nsource: abtrace random --branching 2-3 --depth 1 --range -9..9 --root min --seed 5", NULL },
	{ ARGS("random"), NULL, 0, "source: abtrace random --branching 2-3 --depth 3 --range -9..9 --seed ", NULL },
	{ ARGS("random", "--depth", "0"), NULL, 2, NULL, "--depth must be at least 1" },
	{ ARGS("random", "--depth", "21"), NULL, 2, NULL, "--depth is at most 20" },
	{ ARGS("random", "--branching", "3-2"), NULL, 2, NULL, "--branching" },
	{ ARGS("random", "--branching", "20", "--depth", "20"), NULL, 2, NULL, "more than 1000000 nodes" },
	{ ARGS("random", "--distinct", "--range", "1..5"), NULL, 2, NULL, "--distinct needs at least as many values as leaves" },
	{ ARGS("random", "--range", "9..1"), NULL, 2, NULL, "--range LO..HI needs LO <= HI" },
	{ ARGS("random", "--range", "1..99999999999999999"), NULL, 2, NULL, "--range takes LO..HI" },
	{ ARGS("random", "--seed", "seven"), NULL, 2, NULL, "--seed takes a whole number" },
	{ ARGS("random", "lecture"), NULL, 2, NULL, "random takes options only" },
	{ ARGS("random", "--strict"), NULL, 2, NULL, "does not apply" },
	/* Standard input once only (issue 12). */
	{ ARGS("check", "-", "-"), "[1 2]\n", 2, NULL, "standard input is used twice" },
	{ ARGS("check", "lecture", "-", "-"), "value: 3\n", 2, NULL, "standard input is used twice" },
	{ ARGS("check", "lecture", "-"), "value: 3\nbest: B\n", 0, "Score: 2/2", NULL },
};

START_TEST(cli)
{
	const struct cli_case *t = &cli_cases[_i];
	struct run_result r = run_with_answers(t->stdin_text, t->args);
	ck_assert_msg(r.signal == 0, "case %d: killed by signal %d", _i, r.signal);
	ck_assert_msg(r.status == t->status, "case %d: exit %d, want %d; stdout: %s\nstderr: %s",
		      _i, r.status, t->status, ab_str_cstr(&r.out), ab_str_cstr(&r.err));
	if (t->out)
		ck_assert_msg(strstr(ab_str_cstr(&r.out), t->out),
			      "case %d: stdout lacks '%s':\n%s", _i, t->out, ab_str_cstr(&r.out));
	if (t->err)
		ck_assert_msg(strstr(ab_str_cstr(&r.err), t->err),
			      "case %d: stderr lacks '%s':\n%s", _i, t->err, ab_str_cstr(&r.err));
	run_result_free(&r);
}
END_TEST

/* Counts lines, and checks each is one JSON object. */
static int json_lines(const char *s)
{
	int lines = 0;
	for (const char *p = s; *p;) {
		const char *nl = strchr(p, '\n');
		ck_assert_ptr_nonnull(nl);
		ck_assert_msg(*p == '{' && nl[-1] == '}', "not an object: %.*s", (int)(nl - p), p);
		lines++;
		p = nl + 1;
	}
	return lines;
}

START_TEST(json_several)
{
	struct run_result r = run_with_answers(NULL, ARGS("check", "--json", "lecture",
		"@lecture-right.ans", "@lecture-missed-cut.ans", "@bad-syntax.ans"));
	ck_assert_int_eq(r.status, 2);
	ck_assert_int_eq(json_lines(ab_str_cstr(&r.out)), 3);
	ck_assert_ptr_nonnull(strstr(r.out.s, "lecture-right.ans\",\"rules\":\"alpha-beta, fail-soft, cut on alpha >= beta, order given\",\"score\":1,"));
	ck_assert_ptr_nonnull(strstr(r.out.s, "\"score\":0.75,"));
	ck_assert_ptr_nonnull(strstr(r.out.s, "bad-syntax.ans\",\"error\":\""));
	run_result_free(&r);
	r = run_with_answers(NULL, ARGS("check", "--json", "lecture", "@lecture-right.ans"));
	ck_assert_int_eq(r.status, 0);
	ck_assert_int_eq(json_lines(ab_str_cstr(&r.out)), 1);
	run_result_free(&r);
}
END_TEST

/* An answer file whose name is not UTF-8: the JSON stays valid UTF-8,
 * the bad byte written as \ufffd. */
START_TEST(json_bad_file_name)
{
	char dir[] = "/tmp/abtrace-name-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/bad\xff\xe8.ans", dir);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("value: 3\n", f);
	fclose(f);
	for (int broken = 0; broken < 2; broken++) {
		if (broken) {
			f = fopen(path, "w");
			fputs("value 3\n", f);
			fclose(f);
		}
		struct run_result r = run_abtrace(NULL, ARGS("check", "--json", "lecture", path));
		ck_assert_int_eq(r.status, broken ? 2 : 0);
		const char *o = ab_str_cstr(&r.out);
		ck_assert_msg(strstr(o, "/bad\\ufffd\\ufffd.ans\""), "%s", o);
		for (size_t i = 0; i < r.out.len;) {
			uint32_t cp;
			size_t k = ab_utf8_decode(o + i, r.out.len - i, &cp);
			ck_assert_msg(k > 0, "invalid UTF-8 at byte %zu of %s", i, o);
			i += k;
		}
		run_result_free(&r);
	}
	unlink(path);
	rmdir(dir);
}
END_TEST

/* The same seed prints the same bytes, and the tree parses back (trace
 * and check run on it). */
START_TEST(random_twice)
{
	const char *const *args = ARGS("random", "--seed", "7", "--branching", "2-4", "--depth", "3",
				       "--range", "-40..40", "--distinct");
	struct run_result a = run_abtrace(NULL, args), b = run_abtrace(NULL, args);
	ck_assert_int_eq(a.status, 0);
	ck_assert_int_eq(b.status, 0);
	ck_assert_str_eq(ab_str_cstr(&a.out), ab_str_cstr(&b.out));
	struct run_result t = run_abtrace(ab_str_cstr(&a.out), ARGS("trace", "-"));
	ck_assert_int_eq(t.status, 0);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&t.out), "Done: the root's value is"));
	run_result_free(&t);
	/* Without --seed the seed is printed, and rerunning it reproduces. */
	struct run_result c = run_abtrace(NULL, ARGS("random"));
	ck_assert_int_eq(c.status, 0);
	const char *seed = strstr(ab_str_cstr(&c.out), "--seed ");
	ck_assert_ptr_nonnull(seed);
	char digits[32] = { 0 };
	size_t n = strspn(seed + 7, "0123456789");
	ck_assert(n > 0 && n < sizeof digits);
	memcpy(digits, seed + 7, n);
	struct run_result d = run_abtrace(NULL, ARGS("random", "--seed", digits));
	ck_assert_str_eq(ab_str_cstr(&c.out), ab_str_cstr(&d.out));
	run_result_free(&a);
	run_result_free(&b);
	run_result_free(&c);
	run_result_free(&d);
}
END_TEST

static Suite *check_cli_suite(void)
{
	Suite *s = suite_create("check_cli");
	TCase *tc = tcase_create("cli");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, cli, 0, sizeof cli_cases / sizeof cli_cases[0]);
	tcase_add_test(tc, json_several);
	tcase_add_test(tc, json_bad_file_name);
	tcase_add_test(tc, random_twice);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(check_cli_suite());
}
