/* test_check_cli.c - `abtrace check` and `abtrace random` end to end: exit
 * codes 0/1/2, the text and JSON reports, the table for several files, and
 * random trees that come out the same twice and parse back. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runprog.h"
#include "testutil.h"
#include "base/utf8.h"

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
	/* The command line wins; the report says where the file said otherwise. */
	{ ARGS("check", "--ascii", "--strict", "lecture", "-"), "rules: non-strict\nvalue: 3\n", 0,
	  "cut on alpha > beta, order given; root MAX\n# declares rules: non-strict; graded under alpha > beta\n",
	  "note: <stdin> declares rules: non-strict; graded under alpha > beta." },
	{ ARGS("check", "--ascii", "-e", "A[B[3 12 8] C[3 4 6] D[14 5 2]]", "-"), "rules: strict\nvalue: 3\npruned:\n", 0,
	  "cut on alpha > beta", NULL },
	{ ARGS("check", "--ascii", "--non-strict", "-e", "A[B[3 12 8] C[3 4 6] D[14 5 2]]", "-"), "rules: strict\nvalue: 3\npruned:\n", 1,
	  "# declares rules: strict; graded under alpha >= beta\n", NULL },
	{ ARGS("check", "--ascii", "--fail-soft", "lecture", "-"), "rules: fail-hard strict\nvalue: 3\n", 0,
	  "alpha-beta, fail-soft, cut on alpha > beta", "declares rules: fail-hard; graded under fail-soft" },
	{ ARGS("check", "--strict", "--non-strict", "lecture", "-"), "value: 3\n", 2, NULL, "choose one of --strict and --non-strict" },
	{ ARGS("check", "--json", "--csv", "lecture", "-"), "value: 3\n", 2, NULL, "choose one of --json, --csv" },
	{ ARGS("check", "--values", "maybe", "lecture", "-"), "value: 3\n", 2, NULL, "--values takes returned or proved" },
	/* Keys: an exact file of the grader's; what it does not ask is shown, not scored. */
	{ ARGS("check", "--ascii", "--key", "-", "lecture", "@lecture-right.ans"), "value: ? | 2\n", 0,
	  "ok    value: 3 [2/2]\nok    best: B (not asked, not scored)\n", NULL },
	{ ARGS("check", "--ascii", "--key", "-", "lecture", "@lecture-right.ans"), "value: ?\nZ9: ?\n", 2,
	  NULL, "<stdin>:2:1: error: no node called 'Z9' in this tree" },
	{ ARGS("check", "--key", "-", "lecture", "@lecture-right.ans"), "value: 3\n", 2,
	  NULL, "<stdin>:1:8: error: in a key, write '?' where the search decides the answer" },
	{ ARGS("check", "--key", "/no/such/key", "lecture", "@lecture-right.ans"), NULL, 2, NULL, "No such file" },
	{ ARGS("check", "--ascii", "--key", "-", "lecture", "@lecture-right.ans"), "rules: strict\nvalue: ?\n", 0,
	  "cut on alpha > beta", NULL },
	/* values: returned, and returns items. */
	{ ARGS("check", "--ascii", "lecture", "-"), "C: 2\nD: returns 2\n", 1, "WRONG C: = 2 (expected <= 2)", NULL },
	{ ARGS("check", "--ascii", "--values", "returned", "lecture", "-"), "C: 2\nD: returns 2\n", 0, "ok    C returns: 2\nok    D returns: 2\n", NULL },
	{ ARGS("check", "--ascii", "lecture", "-"), "values: returned\nC: 2\n", 0, "ok    C returns: 2", NULL },
	{ ARGS("check", "--ascii", "lecture", "-"), "C: returns 3\n", 1,
	  "WRONG C returns: 3 (expected 2) -- C returns 2 (step 16), not 3. Under fail-soft a cut node returns the best value it found before the cut.", NULL },
	{ ARGS("check", "--ascii", "lecture", "-"), "C2: returns 4\n", 1, "C2 is pruned (the cutoff at C, step 15), so it never returns a number.", NULL },
	{ ARGS("check", "--ascii", "--order", "reverse", "lecture", "-"), "pruned:\nvalue: 3\n", 0, "order reverse", NULL },
	/* JSON: one object per answer file, one per line. */
	{ ARGS("check", "--json", "lecture", "@lecture-exact-c.ans"), NULL, 1,
	  "\"score\":0.8,\"points\":4,\"out_of\":5,\"right\":4,\"total\":5,\"diagnosis\":\"Your answer is right if a node's number is what the node returns (values: returned, as many textbooks write it); this assignment reads it as what the search proves.\",\"items\":[{\"name\":\"value\",\"expected\":\"3\",\"given\":\"3\",\"right\":true,\"points\":1,\"out_of\":1,\"scored\":true,\"asked\":true,\"detail\":false,\"why\":null,\"step\":28,\"line\":1}", NULL },
	{ ARGS("check", "--json", "lecture", "@lecture-exact-c.ans"), NULL, 1,
	  "{\"name\":\"C\",\"expected\":\"≤ 2\",\"given\":\"= 2\",\"right\":false,\"points\":0,\"out_of\":1,\"scored\":true,\"asked\":true,\"detail\":false,\"why\":\"C is only known to be ≤ 2 (step 16)", NULL },
	/* Several files: a table. */
	{ ARGS("check", "--ascii", "lecture", "@lecture-right.ans", "@lecture-exact-c.ans"), NULL, 1,
	  "lecture-exact-c.ans  4/5          C: Your answer is right if a node's number is what the node returns", NULL },
	{ ARGS("check", "--ascii", "lecture", "@lecture-right.ans", "@lecture-right.ans"), NULL, 0, "FILE", NULL },
	{ ARGS("check", "--ascii", "lecture", "@lecture-right.ans", "@bad-syntax.ans"), NULL, 1,
	  "2/3          line 3: expected ':' after 'pruned' (lines are KEY: VALUE)",
	  "bad-syntax.ans:3:8: note: this line is not read: expected ':' after 'pruned'" },
	{ ARGS("check", "--ascii", "lecture", "@lecture-right.ans", "-"), "", 2,
	  "<stdin>", "<stdin>:1:1: error: the answer has nothing to check" },
	/* An unknown name costs its item only. */
	{ ARGS("check", "--ascii", "lecture", "-"), "value: 3\npruned: C2 C9\n", 1,
	  "WRONG pruned C9: C9 (expected a node of this tree) -- This tree has no node called 'C9'; C's children are C1, C2 and C3.", NULL },
	/* A line that cannot be read costs one item, never the file; its
	 * place is on standard error. */
	{ ARGS("check", "--ascii", "lecture", "@bad-syntax.ans"), NULL, 1,
	  "WRONG line 3: not read -- expected ':' after 'pruned' (lines are KEY: VALUE)\nScore: 2/3 (67%)",
	  "bad-syntax.ans:3:8: note: this line is not read: expected ':'" },
	{ ARGS("check", "--ascii", "lecture", "-"), "value 3\n", 1, "Score: 0/1", "<stdin>:1:7: note: this line is not read: expected ':'" },
	/* Unusable input (nothing to grade): exit 2 with FILE:LINE:COLUMN. */
	{ ARGS("check", "lecture", "-"), "", 2, NULL, "nothing to check" },
	{ ARGS("check", "lecture", "-"), "Homework 3, by me\n", 2, NULL,
	  "<stdin>:1:1: error: nothing to grade: no line reads as an answer item (line 1: expected ':' after 'Homework'" },
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
	/* One value, not "1 values". */
	{ ARGS("random", "--distinct", "--range", "1..1"), NULL, 2, NULL, "--range 1..1 has 1 value, but" },
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
	struct run_result r = run_with_answers("", ARGS("check", "--json", "lecture",
		"@lecture-right.ans", "@lecture-missed-cut.ans", "@bad-syntax.ans", "-"));
	ck_assert_int_eq(r.status, 2);
	ck_assert_int_eq(json_lines(ab_str_cstr(&r.out)), 4);
	ck_assert_ptr_nonnull(strstr(r.out.s, "lecture-right.ans\",\"rules\":\"alpha-beta, fail-soft, cut on alpha >= beta, order given, values proved\",\"name\":null,\"id\":null,\"declared\":null,\"overruled\":null,\"own\":null,\"score\":1,"));
	ck_assert_ptr_nonnull(strstr(r.out.s, "\"score\":0.75,"));
	ck_assert_ptr_nonnull(strstr(r.out.s, "{\"name\":\"line 3\",\"expected\":\"\",\"given\":\"not read\",\"right\":false,"));
	ck_assert_ptr_nonnull(strstr(r.out.s, "{\"file\":\"-\",\"status\":\"unusable\",\"error\":\"<stdin>:1:1: error: the answer has nothing to check"));
	run_result_free(&r);
	r = run_with_answers(NULL, ARGS("check", "--json", "lecture", "@lecture-right.ans"));
	ck_assert_int_eq(r.status, 0);
	ck_assert_int_eq(json_lines(ab_str_cstr(&r.out)), 1);
	run_result_free(&r);
}
END_TEST

/* An answer file whose name is not UTF-8: the JSON stays valid UTF-8,
 * the bad bytes written in the house form (\xff), not replaced. */
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
		ck_assert_int_eq(r.status, broken ? 1 : 0);
		const char *o = ab_str_cstr(&r.out);
		ck_assert_msg(strstr(o, "/bad\\\\xff\\\\xe8.ans\""), "%s", o);
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


/* ---- Grading a class: tests/answers/class with the keys in tests/answers/keys */

/* Runs Python ($PYTHON, the one Meson runs on) on script with input as
 * standard input; its standard output. */
static struct run_result run_python(const char *script, const char *input)
{
	struct run_result r = { 0, 0, false, AB_STR_INIT, AB_STR_INIT };
	const char *python = getenv("PYTHON");
	char in_name[] = "/tmp/abtrace-py-in-XXXXXX", out_name[] = "/tmp/abtrace-py-out-XXXXXX";
	int in = mkstemp(in_name), out = mkstemp(out_name);
	unlink(in_name);
	unlink(out_name);
	ck_assert(in >= 0 && out >= 0);
	ck_assert(write(in, input, strlen(input)) == (ssize_t)strlen(input));
	lseek(in, 0, SEEK_SET);
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(in, 0);
		dup2(out, 1);
		execlp(python ? python : "python3", python ? python : "python3", "-c", script,
		       (char *)NULL);
		_exit(127);
	}
	bool timed_out = false;
	int wstatus = run_wait(pid, 60, &timed_out);
	r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
	slurp_fd(out, &r.out);
	close(in);
	close(out);
	return r;
}

/* One folder, its key and the grader's options. */
static const struct class_run {
	const char *tree, *folder, *key;
	const char *options[4];  /* NULL-terminated */
	const char *summary[6];  /* lines the --summary must hold */
} class_runs[] = {
	/* The TA forces the course's convention: a file's own rules:/order:
	 * lines cannot make a wrong answer right. */
	{ "lecture", "class/lecture", "keys/lecture.key", { "--non-strict", "--fail-soft", "--order=given", NULL },
	  { "17 answers graded.\n", "  value   1 of 17\n", "  best    3 of 17\n", "  pruned  6 of 17\n",
	    "  C       4 of 17\n", "  4 of 17 missed the cut at C: β = 2 ≤ α = 3.\n" } },
	{ "seed003", "class/seed003", "keys/seed003.key", { NULL },
	  { "11 answers graded.\n", "  visited    6 of 11\n", "  C returns  3 of 11\n",
	    "  2 of 11 marked C2 pruned, but the cut test at C does not fire: β = 14 > α = 7.\n",
	    "  1 of 11 listed the leaves in the wrong order (C1 comes before C2).\n",
	    "  1 of 11 answered as plain minimax does, with no pruning at all.\n" } },
	{ "deep-cutoff", "class/deep-cutoff", "keys/deep-cutoff.key", { "--fail-soft", "--values=proved", NULL },
	  { "9 answers graded.\n", "  E       4 of 9\n", "  pruned  3 of 9\n",
	    "  3 of 9 wrote E = 3, but the search proves E ≤ 3.\n",
	    "  2 of 9 missed the cut at E: β = 3 ≤ α = 5.\n",
	    "  1 of 9 wrote returned numbers where proved values are asked.\n" } },
};

/* Hand-worked scores.  lecture.key: value 2, best 1, pruned 3, C 2 (8).
 * A pruned: question earns 3 × |given ∩ right| / |given ∪ right| of the
 * leaves, right = {C2, C3}. */
static const struct class_score {
	const char *file;       /* under tests/answers/class/ */
	const char *points, *out_of, *percent;
	bool noted;             /* declares a convention: the grader overrules
				   it, or it differs from the class's */
} class_scores[] = {
	{ "lecture/01-right.ans", "8", "8", "100", false },
	{ "lecture/02-fullwidth.ans", "8", "8", "100", false },       /* ： and ， */
	{ "lecture/03-lowercase.ans", "8", "8", "100", false },       /* b, c2, c */
	{ "lecture/04-minimax.ans", "3", "8", "38", false },          /* value 2 + best 1; pruned {} 0/2; C: 2 wrong */
	{ "lecture/05-missed-cut.ans", "6.5", "8", "81", false },     /* {C3}: 3 × 1/2 */
	{ "lecture/06-extra-cut.ans", "7", "8", "88", false },        /* {C2 C3 D3}: 3 × 2/3 */
	{ "lecture/07-exact-c.ans", "6", "8", "75", false },          /* C = 2, but only C ≤ 2 */
	{ "lecture/08-returned-values.ans", "8", "8", "100", true },  /* values: returned: C returns 2 */
	{ "lecture/09-declares-reverse.ans", "3", "8", "38", true },  /* graded in the given order */
	{ "lecture/10-declares-strict.ans", "8", "8", "100", true },  /* no ties here: the same cuts */
	{ "lecture/11-typo.ans", "6", "8", "75", false },             /* {C2 C9}: 3 × 1/3 */
	{ "lecture/12-unknown-move.ans", "7", "8", "88", false },     /* best: X costs best only */
	{ "lecture/13-not-answered.ans", "5", "8", "63", false },     /* best and C not answered */
	{ "lecture/14-not-asked.ans", "8", "8", "100", false },       /* B: 3, D: 5 not scored */
	{ "lecture/15-wrong-value.ans", "5", "8", "63", false },      /* value and best wrong */
	{ "lecture/16-visited.ans", "8", "8", "100", false },         /* visited: answers pruned: */
	{ "lecture/17-slip.ans", "6.5", "8", "81", false },           /* {B2 B3 C2 C3}: 3 × 2/4 */
	/* seed003.key: value 2, best 2, visited 4, C returns 2 (10); right
	 * visited = A1 A2 A3 B1 B2 B3 C1 C2, halved when out of order. */
	{ "seed003/01-right.ans", "10", "10", "100", false },
	{ "seed003/02-returned-values.ans", "10", "10", "100", true },
	{ "seed003/03-order-wrong.ans", "8", "10", "80", false },     /* 4 × 8/8 / 2 */
	{ "seed003/04-pruned-instead.ans", "8", "10", "80", false },  /* order not given: halved */
	{ "seed003/05-extra-cut.ans", "7.5", "10", "75", false },     /* 4 × 7/8; C returns 14 wrong */
	{ "seed003/06-minimax.ans", "7.56", "10", "76", false },      /* 4 × 8/9; C returns 2 wrong */
	{ "seed003/07-wrong-best.ans", "6", "10", "60", false },
	{ "seed003/08-fullwidth.ans", "10", "10", "100", false },
	{ "seed003/09-typo.ans", "9.11", "10", "91", false },         /* C22: 4 × 7/9 */
	{ "seed003/10-not-answered.ans", "4", "10", "40", false },
	{ "seed003/11-lowercase.ans", "10", "10", "100", false },
	/* deep-cutoff.key: value 1, best 1, pruned 4, E 2, C 1 (9); right
	 * pruned = {E2, C2}. */
	{ "deep-cutoff/01-right.ans", "9", "9", "100", false },
	{ "deep-cutoff/02-parent-only.ans", "5", "9", "56", false },  /* {C2}: 4 × 1/2; E = 3 wrong */
	{ "deep-cutoff/03-minimax.ans", "2", "9", "22", false },
	{ "deep-cutoff/04-other-order.ans", "9", "9", "100", false },
	{ "deep-cutoff/05-extra-cut.ans", "7.67", "9", "85", false }, /* {E2 F2 C2}: 4 × 2/3 */
	{ "deep-cutoff/06-fullwidth-lowercase.ans", "9", "9", "100", false },
	{ "deep-cutoff/07-unknown-node.ans", "7", "9", "78", false },  /* G: not asked; E not answered */
	{ "deep-cutoff/08-declares-hard.ans", "6", "9", "67", true },  /* E: 3, C: 3 read as proved */
	{ "deep-cutoff/09-wrong-value.ans", "7", "9", "78", false },
};

#define NSCORES (sizeof class_scores / sizeof class_scores[0])

static const struct class_score *score_of(const char *file)
{
	for (size_t i = 0; i < NSCORES; i++)
		if (strcmp(class_scores[i].file, file) == 0)
			return &class_scores[i];
	ck_abort_msg("no hand-worked score for %s", file);
	return NULL;
}

/* abtrace check OPTIONS... REPORT --key KEY TREE FOLDER, paths made whole. */
static struct run_result grade_class(const struct class_run *c, const char *report)
{
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	struct ab_str key = AB_STR_INIT, folder = AB_STR_INIT;
	ab_str_addf(&key, "%s/tests/answers/%s", root ? root : ".", c->key);
	ab_str_addf(&folder, "%s/tests/answers/%s", root ? root : ".", c->folder);
	const char *args[12];
	size_t n = 0;
	args[n++] = "check";
	for (size_t i = 0; c->options[i]; i++)
		args[n++] = c->options[i];
	if (report)
		args[n++] = report;
	args[n++] = "--key";
	args[n++] = key.s;
	args[n++] = c->tree;
	args[n++] = folder.s;
	args[n] = NULL;
	struct run_result r = run_abtrace(NULL, args);
	ab_str_free(&key);
	ab_str_free(&folder);
	return r;
}

/* Each normalised line "file|points|out_of|percent|overruled" checked
 * against the hand-worked table; returns how many. */
static size_t check_lines(const char *lines, bool with_percent)
{
	size_t count = 0;
	for (const char *p = lines; *p;) {
		const char *nl = strchr(p, '\n');
		ck_assert_ptr_nonnull(nl);
		char line[512];
		ck_assert((size_t)(nl - p) < sizeof line);
		memcpy(line, p, (size_t)(nl - p));
		line[nl - p] = '\0';
		char *save, *file = strtok_r(line, "|", &save), *points = strtok_r(NULL, "|", &save),
		     *out_of = strtok_r(NULL, "|", &save), *percent = strtok_r(NULL, "|", &save),
		     *overruled = strtok_r(NULL, "|", &save);
		ck_assert_msg(file && points && out_of && percent && overruled, "bad line %s", p);
		const struct class_score *want = score_of(file);
		ck_assert_msg(strcmp(points, want->points) == 0 && strcmp(out_of, want->out_of) == 0,
			      "%s: %s/%s, want %s/%s", file, points, out_of, want->points, want->out_of);
		if (with_percent)
			ck_assert_msg(strcmp(percent, want->percent) == 0, "%s: %s%%, want %s%%", file,
				      percent, want->percent);
		ck_assert_msg(strcmp(overruled, "-") == 0 || strcmp(overruled, want->noted ? "1" : "0") == 0,
			      "%s: overruled %s", file, overruled);
		count++;
		p = nl + 1;
	}
	return count;
}

/* --csv, read by Python's csv module (RFC 4180: quoted fields, CRLF). */
START_TEST(class_csv)
{
	const struct class_run *c = &class_runs[_i];
	struct run_result r = grade_class(c, "--csv");
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
	ck_assert_msg(strncmp(r.out.s, "file,name,id,status,reason,points,out_of,percent,first_mistake,declared,", 72) == 0,
		      "%s", r.out.s);
	/* The per-question columns add up to the points. */
	struct run_result py = run_python(
		"import csv, io, sys\n"
		"text = sys.stdin.buffer.read().decode('utf-8')\n"
		"rows = list(csv.reader(io.StringIO(text, newline=''), strict=True))\n"
		"head = ['file', 'name', 'id', 'status', 'reason', 'points', 'out_of', 'percent', 'first_mistake', 'declared']\n"
		"assert rows[0][:10] == head, rows[0]\n"
		"questions = rows[0][10:]\n"
		"assert questions and 'value' in questions, questions\n"
		"assert text.count('\\r\\n') == len(rows)\n"
		"for row in rows[1:]:\n"
		"    assert len(row) == len(rows[0]), row\n"
		"    row = dict(zip(rows[0], row))\n"
		"    assert row['status'] == 'graded' and row['reason'] == '', row\n"
		"    assert float(row['points']) <= float(row['out_of'])\n"
		"    assert (row['first_mistake'] == '') == (row['points'] == row['out_of']), row\n"
		"    assert abs(sum(float(row[q]) for q in questions) - float(row['points'])) < 0.02, row\n"
		"    print('|'.join([row['file'].split('/class/')[1], row['points'], row['out_of'],\n"
		"                    row['percent'], '1' if row['declared'] else '0']))\n",
		r.out.s);
	ck_assert_msg(py.status == 0, "python: %d\n%s", py.status, r.out.s);
	ck_assert_uint_eq(check_lines(py.out.s, true), _i == 0 ? 17 : _i == 1 ? 11 : 9);
	run_result_free(&py);
	run_result_free(&r);
}
END_TEST

/* --json, one object per file, read by Python's json module. */
START_TEST(class_json)
{
	const struct class_run *c = &class_runs[_i];
	struct run_result r = grade_class(c, "--json");
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
	struct run_result py = run_python(
		"import json, sys\n"
		"for line in sys.stdin:\n"
		"    o = json.loads(line)\n"
		"    for k in ('file', 'name', 'id', 'rules', 'declared', 'overruled', 'own', 'score', 'points', 'out_of', 'right', 'total', 'diagnosis', 'items'):\n"
		"        assert k in o, k\n"
		"    scored = [i for i in o['items'] if i['scored']]\n"
		"    assert abs(sum(i['points'] for i in scored) - o['points']) < 0.02\n"
		"    assert sum(i['out_of'] for i in scored) == o['out_of']\n"
		"    assert o['total'] == len(scored) and o['right'] == sum(i['right'] for i in scored)\n"
		"    assert (o['overruled'] is None) or o['declared'], o\n"
		"    pct = int(100 * o['points'] / o['out_of'] + 0.5)\n"
		"    if pct == 100 and o['right'] < o['total']: pct = 99\n"
		"    pts = ('%.2f' % o['points']).rstrip('0').rstrip('.')\n"
		"    print('|'.join([o['file'].split('/class/')[1], pts, '%g' % o['out_of'], str(pct),\n"
		"                    '1' if o['overruled'] or o['own'] else '0']))\n",
		r.out.s);
	ck_assert_msg(py.status == 0, "python: %d\n%s", py.status, r.out.s);
	ck_assert_uint_eq(check_lines(py.out.s, true), _i == 0 ? 17 : _i == 1 ? 11 : 9);
	run_result_free(&py);
	run_result_free(&r);
}
END_TEST

/* The text table: each file's points on its row, and the convention a file
 * declared on its own row. */
START_TEST(class_text)
{
	const struct class_run *c = &class_runs[_i];
	struct run_result r = grade_class(c, NULL);
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
	ck_assert_ptr_nonnull(strstr(r.out.s, "POINTS"));
	for (size_t i = 0; i < NSCORES; i++) {
		const struct class_score *s = &class_scores[i];
		if (strncmp(s->file, c->tree, strlen(c->tree)) != 0)
			continue;
		const char *row = strstr(r.out.s, s->file);
		ck_assert_msg(row, "no row for %s", s->file);
		const char *end = strchr(row, '\n');
		struct ab_str want = AB_STR_INIT;
		ab_str_addf(&want, " %s/%s ", s->points, s->out_of);
		char *line = strndup(row, (size_t)(end - row));
		ck_assert_msg(strstr(line, want.s), "%s: row '%s' lacks '%s'", s->file, line, want.s);
		ck_assert_msg(!strstr(line, "[declares ") == !s->noted, "%s: %s", s->file, line);
		free(line);
		ab_str_free(&want);
	}
	run_result_free(&r);
}
END_TEST

/* --summary: the counts per item and the commonest mistakes. */
START_TEST(class_summary)
{
	const struct class_run *c = &class_runs[_i];
	struct run_result r = grade_class(c, "--summary");
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
	for (size_t i = 0; i < 6 && c->summary[i]; i++)
		ck_assert_msg(strstr(r.out.s, c->summary[i]), "summary lacks '%s':\n%s", c->summary[i],
			      r.out.s);
	run_result_free(&r);
}
END_TEST

/* --gradescope for one answer: the results.json fields the platform
 * documents, read by Python's json. */
START_TEST(gradescope)
{
	static const struct { const char *file; const char *tree, *key; double score; int tests; } cases[] = {
		{ "class/lecture/05-missed-cut.ans", "lecture", "keys/lecture.key", 6.5, 4 },
		{ "class/seed003/09-typo.ans", "seed003", "keys/seed003.key", 9.11, 4 },
		{ "class/deep-cutoff/01-right.ans", "deep-cutoff", "keys/deep-cutoff.key", 9, 5 },
	};
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct ab_str key = AB_STR_INIT, file = AB_STR_INIT;
		ab_str_addf(&key, "%s/tests/answers/%s", root ? root : ".", cases[i].key);
		ab_str_addf(&file, "%s/tests/answers/%s", root ? root : ".", cases[i].file);
		struct run_result r = run_abtrace(NULL, ARGS("check", "--gradescope", "--key", key.s,
							     cases[i].tree, file.s));
		ck_assert_msg(r.status == (cases[i].score == 9 ? 0 : 1), "exit %d: %s", r.status, r.err.s);
		struct run_result py = run_python(
			"import json, sys\n"
			"o = json.load(sys.stdin)\n"
			"assert isinstance(o['score'], (int, float)) and isinstance(o['output'], str)\n"
			"assert isinstance(o['tests'], list) and o['tests']\n"
			"for t in o['tests']:\n"
			"    assert set(t) >= {'name', 'score', 'max_score', 'output'}, t\n"
			"    assert isinstance(t['name'], str) and isinstance(t['output'], str) and t['output']\n"
			"    assert 0 <= t['score'] <= t['max_score']\n"
			"    assert t.get('status') in ('passed', 'failed')\n"
			"    assert (t['status'] == 'passed') == (t['score'] == t['max_score'])\n"
			"assert abs(sum(t['score'] for t in o['tests']) - o['score']) < 0.02\n"
			"print(o['score'], len(o['tests']))\n",
			r.out.s);
		ck_assert_msg(py.status == 0, "python: %d\n%s", py.status, r.out.s);
		double score;
		int tests;
		ck_assert(sscanf(py.out.s, "%lf %d", &score, &tests) == 2);
		ck_assert_msg(score == cases[i].score && tests == cases[i].tests, "%s: %g, %d tests",
			      cases[i].file, score, tests);
		run_result_free(&py);
		run_result_free(&r);
		ab_str_free(&key);
		ab_str_free(&file);
	}
	/* One answer file only. */
	struct ab_str dir = AB_STR_INIT;
	ab_str_addf(&dir, "%s/tests/answers/class/lecture", root ? root : ".");
	struct run_result r = run_abtrace(NULL, ARGS("check", "--gradescope", "lecture", dir.s));
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err.s, "--gradescope grades one answer file (got 17)"));
	run_result_free(&r);
	ab_str_free(&dir);
}
END_TEST

/* Directories: sorted, hidden files left out, a subfolder a row that is
 * not graded (exit 1); an empty one is a row too, not an abort. */
START_TEST(directories)
{
	char dir[] = "/tmp/abtrace-class-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	struct ab_str path = AB_STR_INIT;
	struct run_result r = run_abtrace(NULL, ARGS("check", "lecture", dir));
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.err.s, ": an empty folder\n"), "%s", r.err.s);
	run_result_free(&r);
	static const char *const files[][2] = {
		{ "b.ans", "value: 3\n" }, { "a.ans", "value: 2\n" }, { ".hidden.ans", "value: x\n" },
	};
	for (size_t i = 0; i < 3; i++) {
		ab_str_clear(&path);
		ab_str_addf(&path, "%s/%s", dir, files[i][0]);
		FILE *f = fopen(path.s, "w");
		ck_assert_ptr_nonnull(f);
		fputs(files[i][1], f);
		fclose(f);
	}
	ab_str_clear(&path);
	ab_str_addf(&path, "%s/sub", dir);
	ck_assert_int_eq(mkdir(path.s, 0700), 0);
	r = run_abtrace(NULL, ARGS("check", "--csv", "lecture", dir));
	ck_assert_int_eq(r.status, 1);
	struct ab_str want = AB_STR_INIT;
	ab_str_addf(&want, "file,name,id,status,reason,points,out_of,percent,first_mistake,declared\r\n"
		    "%s/a.ans,,,graded,,0,1,0,", dir);
	ck_assert_msg(strncmp(r.out.s, want.s, want.len) == 0, "%s", r.out.s);
	ab_str_clear(&want);
	ab_str_addf(&want, "\r\n%s/b.ans,,,graded,,1,1,100,,\r\n%s/sub,,,skipped,\"a subfolder, not graded\",,,,,\r\n", dir, dir);
	ck_assert_msg(strstr(r.out.s, want.s) && !strstr(r.out.s, "hidden"), "%s", r.out.s);
	run_result_free(&r);
	rmdir(path.s);
	for (size_t i = 0; i < 3; i++) {
		ab_str_clear(&path);
		ab_str_addf(&path, "%s/%s", dir, files[i][0]);
		unlink(path.s);
	}
	rmdir(dir);
	ab_str_free(&path);
	ab_str_free(&want);
}
END_TEST

/* ---- Issue 24: reports that cannot be spoofed, links never followed ------ */

/* A scratch folder for one test, its files and links removed at the end. */
struct scratch {
	char dir[64];
	struct ab_str path;   /* the last path made by at() */
};

static void scratch_make(struct scratch *sc)
{
	strcpy(sc->dir, "/tmp/abtrace-check-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(sc->dir));
	chmod(sc->dir, 0755);
	sc->path = (struct ab_str)AB_STR_INIT;
}

/* DIR/rel, valid until the next call. */
static const char *at(struct scratch *sc, const char *rel)
{
	ab_str_clear(&sc->path);
	ab_str_addf(&sc->path, "%s/%s", sc->dir, rel);
	return sc->path.s;
}

static void put(struct scratch *sc, const char *rel, const char *text)
{
	FILE *f = fopen(at(sc, rel), "w");
	ck_assert_msg(f != NULL, "cannot make %s", sc->path.s);
	fputs(text, f);
	fclose(f);
}

static void scratch_remove(struct scratch *sc)
{
	pid_t pid = fork();
	if (pid == 0) {
		execlp("rm", "rm", "-rf", sc->dir, (char *)NULL);
		_exit(127);
	}
	bool timed_out = false;
	run_wait(pid, 30, &timed_out);
	ab_str_free(&sc->path);
}

/* Valid UTF-8 with no byte a terminal acts on but newlines (and CR before
 * a newline, the CSV's line end). */
static void assert_inert(const struct ab_str *text, const char *what)
{
	const char *s = ab_str_cstr(text);
	for (size_t i = 0; i < text->len;) {
		uint32_t cp;
		size_t k = ab_utf8_decode(s + i, text->len - i, &cp);
		ck_assert_msg(k > 0, "%s: invalid UTF-8 at byte %zu:\n%s", what, i, s);
		ck_assert_msg(cp == '\n' || (cp == '\r' && s[i + 1] == '\n') || !ab_utf8_unsafe(cp),
			      "%s: U+%04X at byte %zu:\n%s", what, (unsigned)cp, i, s);
		i += k;
	}
}

/* The spoofing names: each as every report must write it. */
static const struct { const char *raw, *shown, *score; } spoof_names[] = {
	/* Up a line, clear it, write a score over the row above. */
	{ "03-a\x1b[1A\x1b[2K\rfull-marks\a.ans", "03-a\\x1b[1A\\x1b[2K\\x0dfull-marks\\x07.ans", "1/2" },
	{ "04-x\xe2\x80\xaesna.ans", "04-x\\u202esna.ans", "2/2" },
	/* Two Latin-1 names that a lossy writer makes one. */
	{ "01-ren\xe9.ans", "01-ren\\xe9.ans", "2/2" },
	{ "02-ren\xe8.ans", "02-ren\\xe8.ans", "1/2" },
	/* A real backslash, and a formula. */
	{ "05-ren\\xe9.ans", "05-ren\\\\xe9.ans", "2/2" },
	{ "=HYPERLINK(\"http:x\").ans", "=HYPERLINK(\"http:x\").ans", "2/2" },
};

#define NSPOOF (sizeof spoof_names / sizeof spoof_names[0])

static struct scratch spoof_folder(void)
{
	struct scratch sc;
	scratch_make(&sc);
	for (size_t i = 0; i < NSPOOF; i++)
		put(&sc, spoof_names[i].raw, strcmp(spoof_names[i].score, "2/2") == 0
			 ? "value: 3\nbest: B\n" : "value: 2\nbest: B\n");
	return sc;
}

/* The text table: each name escaped byte for byte on a row with its own
 * score; nothing in it a terminal would act on. */
START_TEST(spoofed_names_text)
{
	struct scratch sc = spoof_folder();
	struct run_result r = run_abtrace(NULL, ARGS("check", "lecture", sc.dir));
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
	assert_inert(&r.out, "text");
	assert_inert(&r.err, "stderr");
	for (size_t i = 0; i < NSPOOF; i++) {
		struct ab_str row = AB_STR_INIT;
		ab_str_addf(&row, "\n%s/%s ", sc.dir, spoof_names[i].shown);
		const char *p = strstr(r.out.s, row.s);
		ck_assert_msg(p, "no row '%s' in:\n%s", row.s + 1, r.out.s);
		const char *end = strchr(p + 1, '\n');
		ab_str_clear(&row);
		ab_str_addf(&row, " %s ", spoof_names[i].score);
		char *line = strndup(p + 1, (size_t)(end - p - 1));
		ck_assert_msg(strstr(line, row.s), "row '%s' lacks '%s'", line, row.s);
		free(line);
		ab_str_free(&row);
	}
	run_result_free(&r);
	/* One unusable file (nothing in it reads as an item) with such a
	 * name: the message escapes it too. */
	put(&sc, spoof_names[0].raw, "hello\n");
	const char *bad = at(&sc, spoof_names[0].raw);
	r = run_abtrace(NULL, ARGS("check", "lecture", bad));
	ck_assert_int_eq(r.status, 2);
	assert_inert(&r.err, "stderr");
	struct ab_str want = AB_STR_INIT;
	ab_str_addf(&want, "%s/%s:1:1: error: ", sc.dir, spoof_names[0].shown);
	ck_assert_msg(strncmp(r.err.s, want.s, want.len) == 0, "%s", r.err.s);
	run_result_free(&r);
	/* And results.json, which a student sees. */
	r = run_abtrace(NULL, ARGS("check", "--gradescope", "lecture", at(&sc, spoof_names[0].raw)));
	ck_assert_int_eq(r.status, 2);
	assert_inert(&r.out, "results.json");
	struct run_result py = run_python(
		"import json, sys\n"
		"o = json.loads(sys.stdin.buffer.read().decode('utf-8'))\n"
		"print(o['output'].split(':1:1:')[0].rsplit('/', 1)[1])\n", r.out.s);
	ck_assert_int_eq(py.status, 0);
	ab_str_clear(&want);
	ab_str_addf(&want, "%s\n", spoof_names[0].shown);
	ck_assert_str_eq(py.out.s, want.s);
	ab_str_free(&want);
	run_result_free(&py);
	run_result_free(&r);
	scratch_remove(&sc);
}
END_TEST

/* The CSV read back by Python's csv module: strict UTF-8, every name as
 * the text report shows it, a formula cell led by '. */
START_TEST(spoofed_names_csv)
{
	struct scratch sc = spoof_folder();
	struct run_result r = run_abtrace(NULL, ARGS("check", "--csv", "lecture", sc.dir));
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
	assert_inert(&r.out, "csv");
	struct run_result py = run_python(
		"import csv, io, sys\n"
		"text = sys.stdin.buffer.read().decode('utf-8', errors='strict')\n"
		"rows = list(csv.reader(io.StringIO(text, newline=''), strict=True))\n"
		"assert rows[0][:9] == ['file', 'name', 'id', 'status', 'reason', 'points', 'out_of', 'percent', 'first_mistake'], rows[0]\n"
		"for row in rows[1:]:\n"
		"    print(row[0].rsplit('/', 1)[1] + '|' + row[5] + '/' + row[6])\n", r.out.s);
	ck_assert_msg(py.status == 0, "python: %d\n%s", py.status, r.out.s);
	for (size_t i = 0; i < NSPOOF; i++) {
		struct ab_str want = AB_STR_INIT;
		ab_str_addf(&want, "%s|%s\n", spoof_names[i].shown, spoof_names[i].score);
		ck_assert_msg(strstr(py.out.s, want.s), "no '%s' in:\n%s", want.s, py.out.s);
		ab_str_free(&want);
	}
	run_result_free(&py);
	run_result_free(&r);
	/* Named from its own folder, the formula begins the cell: led by '.
	 * A tab is escaped first, so the cell begins \x09, no formula. */
	static const char *const leads[][2] = {
		{ "=HYPERLINK(\"http:x\").ans", "'=HYPERLINK(\"http:x\").ans\n" },
		{ "+1.ans", "'+1.ans\n" }, { "-1.ans", "'-1.ans\n" }, { "@SUM.ans", "'@SUM.ans\n" },
		{ "\xef\xbc\x9d" "1.ans", "'\xef\xbc\x9d" "1.ans\n" }, { "\tx.ans", "\\x09x.ans\n" },
	};
	for (size_t i = 0; i < sizeof leads / sizeof leads[0]; i++) {
		put(&sc, leads[i][0], "value: 3\nbest: B\n");
		const char *name = at(&sc, leads[i][0]);
		/* The cell starts with the name when it is named bare. */
		char cwd[4096];
		ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
		ck_assert_int_eq(chdir(sc.dir), 0);
		r = run_abtrace(NULL, ARGS("check", "--csv", "lecture", "--", leads[i][0]));
		ck_assert_int_eq(chdir(cwd), 0);
		ck_assert_msg(r.status == 0, "%s: exit %d: %s", name, r.status, r.err.s);
		assert_inert(&r.out, "csv");
		py = run_python(
			"import csv, io, sys\n"
			"text = sys.stdin.buffer.read().decode('utf-8', errors='strict')\n"
			"rows = list(csv.reader(io.StringIO(text, newline=''), strict=True))\n"
			"print(rows[1][0])\n", r.out.s);
		ck_assert_int_eq(py.status, 0);
		ck_assert_str_eq(py.out.s, leads[i][1]);
		run_result_free(&py);
		run_result_free(&r);
	}
	scratch_remove(&sc);
}
END_TEST

/* The JSON read back by Python's json module: as many distinct names as
 * files, the two Latin-1 names apart with their own scores. */
START_TEST(spoofed_names_json)
{
	struct scratch sc = spoof_folder();
	struct run_result r = run_abtrace(NULL, ARGS("check", "--json", "lecture", sc.dir));
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
	assert_inert(&r.out, "json");
	struct run_result py = run_python(
		"import json, sys\n"
		"lines = sys.stdin.buffer.read().decode('utf-8', errors='strict').splitlines()\n"
		"objs = [json.loads(l) for l in lines]\n"
		"names = [o['file'].rsplit('/', 1)[1] for o in objs]\n"
		"assert len(set(names)) == len(names) == len(objs), names\n"
		"for o, n in zip(objs, names):\n"
		"    print('%s|%g/%g' % (n, o['points'], o['out_of']))\n", r.out.s);
	ck_assert_msg(py.status == 0, "python: %d\n%s", py.status, r.out.s);
	for (size_t i = 0; i < NSPOOF; i++) {
		struct ab_str want = AB_STR_INIT;
		ab_str_addf(&want, "%s|%s\n", spoof_names[i].shown, spoof_names[i].score);
		ck_assert_msg(strstr(py.out.s, want.s), "no '%s' in:\n%s", want.s, py.out.s);
		ab_str_free(&want);
	}
	run_result_free(&py);
	run_result_free(&r);
	scratch_remove(&sc);
}
END_TEST

/* A file no report may quote: as an answer, a syntax error whose message
 * would quote its first line. */
#define SECRET "root:x:0:0:SECRET-7f3a:/root:/bin/bash\n"

static bool quotes_secret(const struct run_result *r)
{
	return strstr(ab_str_cstr(&r->out), "SECRET-7f3a") || strstr(ab_str_cstr(&r->err), "SECRET-7f3a");
}

/* A submission that is a link to another file: in a folder or named, in
 * every report, a row "a link, not graded", exit 1, and nothing of what it
 * points at.  --follow-links reads it (the grader's choice). */
START_TEST(link_submission)
{
	struct scratch sc;
	scratch_make(&sc);
	put(&sc, "secret", SECRET);
	ck_assert_int_eq(mkdir(at(&sc, "class"), 0755), 0);
	put(&sc, "class/good.ans", "value: 3\nbest: B\n");
	char *secret = strdup(at(&sc, "secret"));
	ck_assert_int_eq(symlink(secret, at(&sc, "class/passwd.ans")), 0);
	char *folder = strdup(at(&sc, "class")), *link = strdup(at(&sc, "class/passwd.ans"));
	static const char *const reports[] = { "--csv", "--json", "--summary", "--ascii" };
	for (size_t i = 0; i < sizeof reports / sizeof reports[0]; i++) {
		for (int named = 0; named < 2; named++) {
			struct run_result r = run_abtrace(NULL, ARGS("check", reports[i], "lecture",
								     named ? link : folder));
			ck_assert_msg(r.status == 1, "%s: exit %d: %s", reports[i], r.status, r.err.s);
			ck_assert_msg(!quotes_secret(&r), "%s quotes the file:\n%s\n%s", reports[i],
				      r.out.s, r.err.s);
			ck_assert_msg(strstr(r.err.s, "/passwd.ans: a link, not graded\n"), "%s", r.err.s);
			if (strcmp(reports[i], "--summary") != 0 && (!named || i < 2))
				ck_assert_msg(strstr(r.out.s, "a link, not graded"), "%s: %s", reports[i],
					      r.out.s);
			run_result_free(&r);
		}
	}
	struct run_result r = run_abtrace(NULL, ARGS("check", "--gradescope", "lecture", link));
	ck_assert_int_eq(r.status, 1);
	ck_assert(!quotes_secret(&r));
	ck_assert_str_eq(r.out.s, "{\"score\":0,\"output\":\"a link, not graded\",\"tests\":[]}\n");
	run_result_free(&r);
	/* The grader who means it. */
	r = run_abtrace(NULL, ARGS("check", "--follow-links", "--csv", "lecture", folder));
	ck_assert_int_eq(r.status, 2);
	ck_assert(quotes_secret(&r));
	run_result_free(&r);
	free(secret);
	free(folder);
	free(link);
	scratch_remove(&sc);
}
END_TEST

/* A folder of one good answer, a dangling link, a link loop and a FIFO,
 * and an empty folder beside it: a row each, exit 1, no hang. */
START_TEST(folder_not_graded)
{
	struct scratch sc;
	scratch_make(&sc);
	ck_assert_int_eq(mkdir(at(&sc, "class"), 0755), 0);
	ck_assert_int_eq(mkdir(at(&sc, "empty"), 0755), 0);
	put(&sc, "class/good.ans", "value: 3\nbest: B\n");
	ck_assert_int_eq(symlink("/nonexistent/abtrace.ans", at(&sc, "class/dangling.ans")), 0);
	ck_assert_int_eq(symlink("loop.ans", at(&sc, "class/loop.ans")), 0);
	ck_assert_int_eq(mkfifo(at(&sc, "class/fifo.ans"), 0600), 0);
	char *folder = strdup(at(&sc, "class")), *empty = strdup(at(&sc, "empty"));
	struct run_options o = { .timeout = 60 };
	struct run_result r = run_abtrace_with(&o, ARGS("check", "--csv", "lecture", folder, empty));
	ck_assert(!r.timed_out);
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
	struct run_result py = run_python(
		"import csv, io, sys\n"
		"text = sys.stdin.buffer.read().decode('utf-8', errors='strict')\n"
		"for row in list(csv.reader(io.StringIO(text, newline=''), strict=True))[1:]:\n"
		"    print(row[0].rsplit('/', 1)[1] + '|' + row[4])\n", r.out.s);
	ck_assert_int_eq(py.status, 0);
	ck_assert_str_eq(py.out.s, "dangling.ans|a link, not graded\n"
				   "fifo.ans|a FIFO, not graded\n"
				   "good.ans|\n"
				   "loop.ans|a link, not graded\n"
				   "empty|an empty folder\n");
	run_result_free(&py);
	run_result_free(&r);
	/* Following links, each says what it is. */
	r = run_abtrace_with(&o, ARGS("check", "--follow-links", "lecture", folder, empty));
	ck_assert(!r.timed_out);
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
	ck_assert_msg(strstr(r.out.s, "/dangling.ans  not graded   a dangling link, not graded\n") &&
		      strstr(r.out.s, "/fifo.ans      not graded   a FIFO, not graded\n") &&
		      strstr(r.out.s, "/loop.ans      not graded   a link loop, not graded\n") &&
		      strstr(r.out.s, "  not graded   an empty folder\n"), "%s", r.out.s);
	run_result_free(&r);
	/* A FIFO named on the command line: not read, not waited on. */
	r = run_abtrace_with(&o, ARGS("check", "lecture", at(&sc, "class/fifo.ans")));
	ck_assert(!r.timed_out);
	ck_assert_int_eq(r.status, 1);
	ck_assert_msg(strstr(r.err.s, "fifo.ans: a FIFO, not graded\n"), "%s", r.err.s);
	run_result_free(&r);
	free(folder);
	free(empty);
	scratch_remove(&sc);
}
END_TEST

/* Another user's folder, graded by root: a link there to root's own 0600
 * file is not read, as root could, and a FIFO there does not hang.  And
 * that user grading a folder with a link to root's file is told it is a
 * link, not that it cannot be read: it was never opened.  Needs root and
 * setpriv; else skipped. */
static struct run_result run_as_nobody(const char *const *args)
{
	const char *wrapper = getenv("ABTRACE_WRAPPER");
	struct ab_str w = AB_STR_INIT;
	ab_str_addf(&w, "setpriv --reuid=nobody --regid=nogroup --clear-groups %s",
		    wrapper ? wrapper : "");
	char *kept = wrapper ? strdup(wrapper) : NULL;
	setenv("ABTRACE_WRAPPER", w.s, 1);
	struct run_result r = run_abtrace(NULL, args);
	if (kept)
		setenv("ABTRACE_WRAPPER", kept, 1);
	else
		unsetenv("ABTRACE_WRAPPER");
	free(kept);
	ab_str_free(&w);
	return r;
}

START_TEST(second_user)
{
	if (geteuid() != 0 || access("/usr/bin/setpriv", X_OK) != 0)
		return;
	struct scratch sc;
	scratch_make(&sc);
	put(&sc, "secret", SECRET);
	ck_assert_int_eq(chmod(at(&sc, "secret"), 0600), 0);
	char *secret = strdup(at(&sc, "secret"));
	ck_assert_int_eq(mkdir(at(&sc, "theirs"), 0777), 0);
	ck_assert_int_eq(chmod(sc.path.s, 01777), 0);
	char *theirs = strdup(sc.path.s);
	/* nobody makes the folder's contents. */
	struct ab_str script = AB_STR_INIT;
	ab_str_addf(&script, "cd '%s' && printf 'value: 3\\nbest: B\\n' > good.ans && "
		    "ln -s '%s' passwd.ans && mkfifo fifo.ans && mkdir sub", theirs, secret);
	pid_t pid = fork();
	if (pid == 0) {
		execlp("setpriv", "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
		       "sh", "-c", script.s, (char *)NULL);
		_exit(127);
	}
	bool timed_out = false;
	int ws = run_wait(pid, 30, &timed_out);
	ck_assert_msg(WIFEXITED(ws) && WEXITSTATUS(ws) == 0, "setpriv sh: %d", ws);
	struct stat st;
	ck_assert_int_eq(lstat(at(&sc, "theirs/passwd.ans"), &st), 0);
	ck_assert(st.st_uid != 0 && S_ISLNK(st.st_mode));
	struct run_options o = { .timeout = 60 };
	static const char *const reports[] = { "--csv", "--json", "--ascii" };
	for (size_t i = 0; i < 3; i++) {
		struct run_result r = run_abtrace_with(&o, ARGS("check", reports[i], "lecture", theirs));
		ck_assert(!r.timed_out);
		ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
		ck_assert_msg(!quotes_secret(&r), "%s\n%s", r.out.s, r.err.s);
		ck_assert_msg(strstr(r.out.s, "a link, not graded") && strstr(r.out.s, "a FIFO, not graded") &&
			      strstr(r.out.s, "a subfolder, not graded"), "%s", r.out.s);
		run_result_free(&r);
	}
	/* nobody grades: the link is not even opened. */
	struct run_result r = run_as_nobody(ARGS("check", "--csv", "lecture", theirs));
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.err.s);
	ck_assert_msg(strstr(r.err.s, "/passwd.ans: a link, not graded\n") &&
		      !strstr(r.err.s, "Permission denied"), "%s", r.err.s);
	run_result_free(&r);
	r = run_as_nobody(ARGS("check", "--follow-links", "--csv", "lecture", theirs));
	ck_assert_msg(r.status == 2 && strstr(r.err.s, "Permission denied"), "exit %d: %s", r.status,
		      r.err.s);
	ck_assert(!quotes_secret(&r));
	run_result_free(&r);
	ab_str_free(&script);
	free(secret);
	free(theirs);
	scratch_remove(&sc);
}
END_TEST

/* lesson --check: a lesson with a false claim and a wrong answer fails,
 * naming both; by name, and usage. */
START_TEST(lesson_check)
{
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	struct ab_str path = AB_STR_INIT;
	ab_str_addf(&path, "%s/tests/answers/lessons/false-claims.lesson", root ? root : ".");
	struct run_result r = run_abtrace(NULL, ARGS("lesson", "--check", path.s));
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, r.out.s);
	ck_assert_msg(strstr(r.out.s, "false-claims.lesson:6:6: error: the answer 'C3' is wrong: the next cutoff skips C2 and C3"), "%s", r.out.s);
	ck_assert_msg(strstr(r.out.s, "false-claims.lesson:10:8: error: C is proved <= 2, not = 2"), "%s", r.out.s);
	ck_assert_msg(strstr(r.out.s, "2 of 3 claims and answers do not hold."), "%s", r.out.s);
	run_result_free(&r);
	/* By name, too; and usage. */
	r = run_abtrace(NULL, ARGS("lesson", "--check", "ties"));
	ck_assert_int_eq(r.status, 0);
	run_result_free(&r);
	r = run_abtrace(NULL, ARGS("lesson", "--check"));
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err.s, "lesson --check takes one lesson"));
	run_result_free(&r);
	ab_str_free(&path);
}
END_TEST

/* Every bundled lesson, lessons/NAME.lesson of the source tree (so a new
 * one is checked without a line here), passes lesson --check, by its
 * path. */
static char **lessons;
static size_t nlessons;

START_TEST(lesson_check_bundled)
{
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	struct ab_str path = AB_STR_INIT;
	ab_str_addf(&path, "%s/lessons/%s.lesson", root ? root : ".", lessons[_i]);
	struct run_result r = run_abtrace(NULL, ARGS("lesson", "--check", path.s));
	ck_assert_msg(r.signal == 0, "%s: killed by signal %d", lessons[_i], r.signal);
	ck_assert_msg(r.status == 0, "%s: exit %d: %s%s", lessons[_i], r.status, r.out.s,
		      ab_str_cstr(&r.err));
	ck_assert_msg(strstr(r.out.s, "claims and answers hold."), "%s: %s", lessons[_i], r.out.s);
	run_result_free(&r);
	ab_str_free(&path);
}
END_TEST

/* ---- The 31-file class ----------------------------------------------------- */

/* tests/answers/class/homework3, graded with keys/homework3.key (value 2,
 * best 1, pruned 3, C 1, D 2, H returns 1) on homework3.tree, worked by
 * hand: "file|status|points|value|best|pruned|C|D|H returns|noted|name|id".
 * Seven of these were once "unusable" for one line (a name header, U+3000,
 * an infinite end, a node that is no move, the report's Chinese words,
 * header lines, a value in words); only the empty, the binary and the
 * comments-only file are unusable now. */
static const char *const homework_rows[] = {
	"01-right.ans|graded|10|2|1|3|1|2|1|0||",
	"02-name-header.ans|graded|10|2|1|3|1|2|1|0|Zhang San|",
	"03-ideographic-space.ans|graded|10|2|1|3|1|2|1|0||",
	"04-minus-inf.ans|graded|10|2|1|3|1|2|1|0||",
	"05-best-non-move.ans|graded|9|2|0|3|1|2|1|0||",
	"06-chinese-keys.ans|graded|10|2|1|3|1|2|1|0||",
	"07-empty.ans|unusable||||||||0||",
	"08-binary.ans|unusable||||||||0||",
	"09-minimax.ans|graded|5|2|1|0|1|0|1|0||",            /* pruned none: 0/4; D = 7 */
	"10-no-tie-cut.ans|graded|7.25|2|1|2.25|1|0|1|0||",   /* {F2 H2 J2}: 3 x 3/4 */
	"11-declares-strict.ans|graded|10|2|1|3|1|2|1|1||",   /* its own rules, said */
	"12-clamped-return.ans|graded|9|2|1|3|1|2|0|0||",     /* H returns 7: clamped */
	"13-typo.ans|graded|8.2|2|1|1.2|1|2|1|0||",           /* {F2 H2 JJ}: 3 x 2/5 */
	"14-wrong-value.ans|graded|7|0|0|3|1|2|1|0||",
	"15-lowercase-fullwidth.ans|graded|10|2|1|3|1|2|1|0||",
	"16-not-answered.ans|graded|5|2|0|3|0|0|0|0||",
	"17-extra-cut.ans|graded|9.4|2|1|2.4|1|2|1|0||",      /* {F2 H2 J1 J2 I2}: 3 x 4/5 */
	"18-visited.ans|graded|10|2|1|3|1|2|1|0||",
	"19-visited-order.ans|graded|10|2|1|3|1|2|1|0||",     /* the order is not asked */
	"20-exact-d.ans|graded|8|2|1|3|1|0|1|0||",
	"21-returned-values.ans|graded|10|2|1|3|1|2|1|1||",
	"22-unknown-move.ans|graded|9|2|0|3|1|2|1|0||",
	"23-did-you-mean.ans|graded|9|2|1|3|0|2|1|0||",       /* CC: not asked; C unanswered */
	"24-chinese-identity.ans|graded|10|2|1|3|1|2|1|0|张三|2024002",
	"25-declares-reverse.ans|graded|10|2|1|3|1|2|1|1||",
	"26-header-lines.ans|graded|10|2|1|3|1|2|1|0||",      /* two lines not read, no question's */
	"27-bad-value-line.ans|graded|8|0|1|3|1|2|1|0||",     /* value: seven */
	"28-only-comments.ans|unusable||||||||0||",
	"29-weak-bound.ans|graded|9|2|1|3|0|2|1|0||",
	"30-leaves-listed.ans|graded|10|2|1|3|1|2|1|0||",
	"31-pruned-subtree.ans|graded|9.4|2|1|2.4|1|2|1|0||", /* {F2 H1 H2 J1 J2}: 3 x 4/5 */
};

/* abtrace check REPORT --key keys/homework3.key homework3.tree class/homework3. */
static struct run_result grade_homework(const char *report)
{
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	struct ab_str key = AB_STR_INIT, tree = AB_STR_INIT, folder = AB_STR_INIT;
	ab_str_addf(&key, "%s/tests/answers/keys/homework3.key", root ? root : ".");
	ab_str_addf(&tree, "%s/tests/answers/homework3.tree", root ? root : ".");
	ab_str_addf(&folder, "%s/tests/answers/class/homework3", root ? root : ".");
	struct run_result r = report
		? run_abtrace(NULL, ARGS("check", report, "--key", key.s, tree.s, folder.s))
		: run_abtrace(NULL, ARGS("check", "--key", key.s, tree.s, folder.s));
	ab_str_free(&key);
	ab_str_free(&tree);
	ab_str_free(&folder);
	return r;
}

/* The CSV, read back by Python's csv module: a status for every file,
 * never a bare 0 for one that could not be graded, and the points of
 * each of the key's questions in its own column. */
START_TEST(homework_csv)
{
	struct run_result r = grade_homework("--csv");
	/* Three files with nothing to grade: exit 2, every other one graded. */
	ck_assert_msg(r.status == 2, "exit %d: %s", r.status, r.err.s);
	struct run_result py = run_python(
		"import csv, io, sys\n"
		"text = sys.stdin.buffer.read().decode('utf-8')\n"
		"rows = list(csv.reader(io.StringIO(text, newline=''), strict=True))\n"
		"questions = ['value', 'best', 'pruned', 'C', 'D', 'H returns']\n"
		"assert rows[0] == ['file', 'name', 'id', 'status', 'reason', 'points', 'out_of', 'percent',\n"
		"                   'first_mistake', 'declared'] + questions, rows[0]\n"
		"for row in rows[1:]:\n"
		"    assert len(row) == len(rows[0]), row\n"
		"    row = dict(zip(rows[0], row))\n"
		"    if row['status'] == 'unusable':\n"
		"        assert row['reason'] and row['points'] == '' and row['out_of'] == '', row\n"
		"        assert all(row[q] == '' for q in questions), row\n"
		"    else:\n"
		"        assert row['status'] == 'graded' and row['reason'] == '' and row['out_of'] == '10', row\n"
		"        assert abs(sum(float(row[q]) for q in questions) - float(row['points'])) < 0.02, row\n"
		"    print('|'.join([row['file'].split('/homework3/')[1], row['status'], row['points']]\n"
		"                   + [row[q] for q in questions]\n"
		"                   + ['1' if row['declared'] else '0', row['name'], row['id']]))\n",
		r.out.s);
	ck_assert_msg(py.status == 0, "python: %d\n%s\n%s", py.status, py.err.s, r.out.s);
	size_t n = 0;
	for (const char *p = py.out.s; *p; n++) {
		const char *nl = strchr(p, '\n');
		ck_assert_ptr_nonnull(nl);
		ck_assert_uint_lt(n, sizeof homework_rows / sizeof homework_rows[0]);
		ck_assert_msg(strlen(homework_rows[n]) == (size_t)(nl - p) &&
			      strncmp(p, homework_rows[n], (size_t)(nl - p)) == 0,
			      "row %zu: '%.*s', want '%s'", n, (int)(nl - p), p, homework_rows[n]);
		p = nl + 1;
	}
	ck_assert_uint_eq(n, sizeof homework_rows / sizeof homework_rows[0]);
	run_result_free(&py);
	run_result_free(&r);
}
END_TEST

/* The table and the summary: every file has its row, the unusable ones
 * say why, the summary names them, and who wrote an answer is shown. */
START_TEST(homework_text)
{
	struct run_result r = grade_homework(NULL);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.out.s, "STUDENT"));
	for (size_t i = 0; i < sizeof homework_rows / sizeof homework_rows[0]; i++) {
		char file[64];
		snprintf(file, sizeof file, "%.*s", (int)strcspn(homework_rows[i], "|"), homework_rows[i]);
		ck_assert_msg(strstr(r.out.s, file), "no row for %s", file);
	}
	ck_assert_ptr_nonnull(strstr(r.out.s, "张三 2024002"));
	ck_assert_ptr_nonnull(strstr(r.out.s, "best: G is not a move: best: names one of the root's children, and the root's moves are B, C and D."));
	ck_assert_ptr_nonnull(strstr(r.out.s, "This tree has no node called 'JJ'; did you mean J?"));
	ck_assert_ptr_nonnull(strstr(r.out.s, "[declares rules: strict; graded so (the class: α ≥ β)]"));
	ck_assert_ptr_nonnull(strstr(r.out.s, "Your answer is right under fail-hard=clamp"));
	ck_assert_ptr_nonnull(strstr(r.err.s, "26-header-lines.ans:1:10: note: this line is not read: expected ':' after 'Homework'"));
	run_result_free(&r);
	r = grade_homework("--summary");
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.out.s, "28 answers graded.\n3 more could not be graded, and are not counted below:\n"),
		      "%s", r.out.s);
	ck_assert_ptr_nonnull(strstr(r.out.s, "homework3/07-empty.ans: "));
	ck_assert_ptr_nonnull(strstr(r.out.s, "homework3/08-binary.ans: "));
	ck_assert_ptr_nonnull(strstr(r.out.s, "NUL byte"));
	ck_assert_ptr_nonnull(strstr(r.out.s, "homework3/28-only-comments.ans: "));
	ck_assert_ptr_nonnull(strstr(r.out.s, "  1 of 28 answered under fail-hard=clamp.\n"));
	ck_assert_ptr_nonnull(strstr(r.out.s, "  1 of 28 wrote a line the grader cannot read.\n"));
	run_result_free(&r);
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
	tc = tcase_create("class");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, class_csv, 0, sizeof class_runs / sizeof class_runs[0]);
	tcase_add_loop_test(tc, class_json, 0, sizeof class_runs / sizeof class_runs[0]);
	tcase_add_loop_test(tc, class_text, 0, sizeof class_runs / sizeof class_runs[0]);
	tcase_add_loop_test(tc, class_summary, 0, sizeof class_runs / sizeof class_runs[0]);
	tcase_add_test(tc, gradescope);
	tcase_add_test(tc, directories);
	tcase_add_test(tc, spoofed_names_text);
	tcase_add_test(tc, spoofed_names_csv);
	tcase_add_test(tc, spoofed_names_json);
	tcase_add_test(tc, link_submission);
	tcase_add_test(tc, folder_not_graded);
	tcase_add_test(tc, second_user);
	tcase_add_test(tc, lesson_check);
	tcase_add_loop_test(tc, lesson_check_bundled, 0, (int)nlessons);
	tcase_add_test(tc, homework_csv);
	tcase_add_test(tc, homework_text);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	lessons = ab_test_source_names("lessons", ".lesson", &nlessons);
	int status = ab_run_suite(check_cli_suite());
	ab_test_names_free(lessons);
	return status;
}
