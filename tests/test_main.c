/* test_main.c - the command line end to end: commands, options, messages
 * and exit codes, run as a user runs them. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "runprog.h"
#include "testutil.h"

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static const struct cli_case {
	const char *const *args;
	const char *stdin_text;
	int status;
	const char *out;   /* a substring of stdout, or NULL */
	const char *err;   /* a substring of stderr, or NULL */
} cli_cases[] = {
	{ ARGS("--version"), NULL, 0, "abtrace 0.1.0", NULL },
	{ ARGS("--help"), NULL, 0, "Usage: abtrace", NULL },
	{ ARGS("trace", "--help"), NULL, 0, "--fail-hard", NULL },
	/* Each command's --help: its usage and the options it takes. */
	{ ARGS("export", "--help"), NULL, 0, "Usage: abtrace export --dot", NULL },
	{ ARGS("export", "--help"), NULL, 0, "\n  -o, --output FILE  ", NULL },
	{ ARGS("lesson", "--help"), NULL, 0, "Lesson options:\n  --text  ", NULL },
	{ ARGS("--help"), NULL, 0, "\n  --fail-hard=clamp  ", NULL },
	/* Options through the table: the entry the command takes. */
	{ ARGS("random", "--depth", "2", "--seed", "1"), NULL, 0, "--depth 2 --range -9..9 --seed 1", NULL },
	{ ARGS("lesson", "--depth", "2"), NULL, 2, NULL, "option '--depth' does not apply to 'abtrace lesson'" },
	{ ARGS("practice", "--iterative"), NULL, 2, NULL, "option '--iterative' does not apply to 'abtrace practice'" },
	{ ARGS("trace", "--fail-hard=clamp", "lecture"), NULL, 0, "fail-hard clamped to the window", NULL },
	{ ARGS("trace", "--fail-hard=soft", "lecture"), NULL, 2, NULL, "--fail-hard takes nothing or clamp, not 'soft'" },
	{ ARGS("trace", "--bug", "no-such-mistake", "lecture"), NULL, 2, NULL, "--bug takes" },
	{ ARGS("trace", "--json=yes", "lecture"), NULL, 2, NULL, "option '--json' takes no value" },
	{ ARGS("trace", "--help=yes"), NULL, 2, NULL, "option '--help' takes no value" },
	{ ARGS("trace", "-q"), NULL, 2, NULL, "unknown option '-q'" },
	{ ARGS("trace", "--alg", "minimax", "lecture"), NULL, 0, "Minimax looked at 9 of 9 leaves", NULL },
	{ ARGS("trace", "lecture"), NULL, 0, "Cutoff at C", NULL },
	{ ARGS("trace", "--ascii", "lecture"), NULL, 0, "beta = 2 <= alpha = 3", NULL },
	{ ARGS("trace", "-e", "[[3,12,8],[2,4,6],[14,5,2]]"), NULL, 0, "Skip 2.2 and 2.3", NULL },
	{ ARGS("trace", "-e", "[3,12,8]/[2,4,6]/[14,5,2]"), NULL, 0,
	  "the best move is the first child, 1. Alpha-beta looked at 7 of 9 leaves", NULL },
	{ ARGS("trace", "--json", "-e", "[1,2]"), NULL, 0,
	  "{\"step\":1,\"event\":\"enter\",\"path\":\"\",\"node\":\"root\",\"player\":\"max\",\"depth\":0,\"alpha\":\"-inf\",\"beta\":\"+inf\"}", NULL },
	{ ARGS("trace", "-"), "[[1,2],[3,4]]\n", 0, "Done: the root's value is 3", NULL },
	{ ARGS("trace", "--root", "min", "--fail-hard", "--json", "-e", "[[1,2],[3,4]]"), NULL, 0,
	  "\"event\":\"done\",\"value\":2,\"best\":\"1\"", NULL },
	{ ARGS("trace", "--algo", "minimax", "lecture"), NULL, 0, "Minimax looked at 9 of 9 leaves", NULL },
	{ ARGS("trace", "--order", "random:3", "lecture"), NULL, 0, "order random:3", NULL },
	{ ARGS("trace", "seed003"), NULL, 0, "Skip C3", NULL },
	{ ARGS("trace", "deep-cutoff"), NULL, 0, "a deep cutoff", NULL },
	{ ARGS("stats", "lecture"), NULL, 0, "Knuth-Moore minimum", NULL },
	/* Plurals, and an unlabelled best move named by its rank. */
	{ ARGS("stats", "-e", "[5]"), NULL, 0, "1 leaf, 1 inner node, uniform", NULL },
	{ ARGS("stats", "-e", "[[1] [3 4]]"), NULL, 0, "3 leaves, 3 inner nodes\n", NULL },
	{ ARGS("stats", "-e", "[[1] [3 4]]"), NULL, 0, "3 (best move: the second child, 2)", NULL },
	{ ARGS("trace", "-e", "[5]"), NULL, 0, "; root MAX; 1 leaf\n", NULL },
	{ ARGS("stats", "lecture"), NULL, 0, "3 (best move: B)", NULL },
	{ ARGS("stats", "--json", "lecture"), NULL, 0,
	  "\"minimax\":{\"leaves\":9,\"nodes\":4", NULL },
	{ ARGS("stats", "--json", "--algo", "minimax", "lecture"), NULL, 0,
	  "{\"leaves_total\":9,\"inner_total\":4,\"minimax\":{\"leaves\":9", NULL },
	{ ARGS("stats", "--json", "uneven"), NULL, 0, "\"minimal_leaves\":null", NULL },
	/* Options may come before the command. */
	{ ARGS("--json", "stats", "lecture"), NULL, 0, "\"minimax\":{\"leaves\":9", NULL },
	{ ARGS("--order", "best", "-e", "[[3,12,8],[2,4,6],[14,5,2]]", "stats", "--json"), NULL, 0,
	  "\"alphabeta\":{\"leaves\":5", NULL },
	/* A lesson by its number alone. */
	{ ARGS("lesson", "07", "--text"), NULL, 0, "Lesson: Ties", NULL },
	{ ARGS("lesson", "99", "--text"), NULL, 2, NULL, "no lesson called '99'" },
	/* A mistyped command is named as one. */
	{ ARGS("stat", "lecture"), NULL, 2, NULL, "unknown command 'stat' (did you mean 'stats'?)" },
	{ ARGS("trce"), NULL, 2, NULL, "did you mean 'trace'?" },
	/* --root on a chance root names what it cannot do. */
	{ ARGS("trace", "--root", "min", "-e", "players: chance max\n[0.5: [1 2], 0.5: [3 4]]"), NULL, 2, NULL,
	  "this tree's root is a chance node" },
	/* --fail-hard=clamp: every return inside the window it was given. */
	{ ARGS("trace", "--fail-hard=clamp", "--json", "lecture"), NULL, 0,
	  "\"event\":\"return\",\"path\":\"2\",\"node\":\"C\",\"value\":3", NULL },
	{ ARGS("trace", "--fail-hard=soft", "lecture"), NULL, 2, NULL, "--fail-hard takes nothing or clamp, not 'soft'" },
	{ ARGS("trace", "--fail-soft", "--fail-hard=clamp", "lecture"), NULL, 2, NULL, "choose one of --fail-soft and --fail-hard" },
	/* Usage errors: exit 2 with a message. */
	{ ARGS("trace", "--order", "sideways", "lecture"), NULL, 2, NULL, "--order takes" },
	{ ARGS("trace", "--algo", "greedy"), NULL, 2, NULL, "--algo takes" },
	{ ARGS("trace", "--root", "both"), NULL, 2, NULL, "--root takes" },
	{ ARGS("trace", "--bogus"), NULL, 2, NULL, "unknown option '--bogus'" },
	{ ARGS("trace", "--order"), NULL, 2, NULL, "needs a value" },
	{ ARGS("trace", "a", "b"), NULL, 2, NULL, "one TREE at a time" },
	{ ARGS("trace", "-e", "[1]", "lecture"), NULL, 2, NULL, "not both" },
	{ ARGS("trace", "no-such-tree"), NULL, 2, NULL, "no-such-tree" },
	{ ARGS("trace", "/no/such/file.tree"), NULL, 2, NULL, "No such file" },
	{ ARGS("trace", "/"), NULL, 2, NULL, "directory" },
	{ ARGS("trace", "/dev/null"), NULL, 2, NULL, "empty" },
	{ ARGS("trace", "-"), "", 2, NULL, "empty" },
	{ ARGS("trace", "-"), "# only a comment\n", 2, NULL, "<stdin>:1:1: error: no tree: the file has only comments" },
	{ ARGS("trace", "-"), "  \n\n", 2, NULL, "<stdin>:1:1: error: empty file: no tree" },
	{ ARGS("trace", "-e", "[1,,2]"), NULL, 2, NULL, "<expression>:1:4: error:" },
	{ ARGS("trace", "-e", "[[1,2]"), NULL, 2, NULL, "error:" },
	{ ARGS("stats", "--json", "-e", "[1 2]x"), NULL, 2, NULL, "error:" },
	/* Issue 12: the option at fault is named, not the one before it. */
	{ ARGS("trace", "--lang", "en", "-o", "x"), NULL, 2, NULL,
	  "option '-o' does not apply to 'abtrace trace'" },
	{ ARGS("trace", "--ascii", "--output", "x"), NULL, 2, NULL, "option '--output' does not apply" },
	{ ARGS("trace", "-e", "[1 2]", "-e", "[3 4]"), NULL, 2, NULL, "-e is given twice" },
	{ ARGS("stats", "--order", "random:18446744073709551615", "lecture"), NULL, 0,
	  "--order random:18446744073709551615", NULL },
	{ ARGS("stats", "--order", "random:18446744073709551616", "lecture"), NULL, 2, NULL, "--order takes" },
	{ ARGS("stats", "--order", "random:", "lecture"), NULL, 2, NULL, "--order takes" },
	/* The grader's search wins over an answer's iteration: line, and
	 * the report says so. */
	{ ARGS("check", "--depth", "2", "horizon", "-"), "iteration: 1\nvalue: 7\n", 0,
	  "declares iteration: 1; graded as a search to depth 2", NULL },
	{ ARGS("check", "--iteration", "2", "deepening", "-"), "iteration: 1\nvalue: 28\n", 0,
	  "declares iteration: 1; graded against iteration 2", NULL },
	{ ARGS("check", "--json", "deepening", "-"), "iteration: 1\nvalue: 27\n", 0,
	  "\"declared\":\"iteration: 1\"", NULL },
	/* Answers are read as minimax writes them, whatever the view. */
	{ ARGS("check", "--view", "negamax", "lecture", "-"), "value: 3\n", 2, NULL,
	  "--view negamax is for the replay, trace and export" },
	{ ARGS(""), NULL, 2, NULL, "'': error: '' is neither a file" },
	{ ARGS("trace", ""), NULL, 2, NULL, "'': error:" },
	/* The engine's toolkit: its options, their values, what they need. */
	{ ARGS("trace", "--tt", "table"), NULL, 0, "D1 (C again) is in the table from a search of depth 1", NULL },
	{ ARGS("trace", "--tt=2", "--json", "table"), NULL, 0, "\"event\":\"store\"", NULL },
	{ ARGS("trace", "--tt=0", "table"), NULL, 2, NULL, "--tt takes nothing, off, or a number of slots" },
	{ ARGS("trace", "--pvs", "pvs"), NULL, 0, "I is searched again with A's full window", NULL },
	{ ARGS("trace", "--pvs=1", "pvs"), NULL, 2, NULL, "'--pvs' takes no value" },
	{ ARGS("stats", "--aspiration", "0.5", "--iterative", "--json", "deepening"), NULL, 0, "\"value\":28", NULL },
	{ ARGS("stats", "--aspiration", "2", "deepening"), NULL, 2, NULL, "it needs --iterative" },
	{ ARGS("stats", "--aspiration", "-1", "--iterative", "deepening"), NULL, 2, NULL,
	  "--aspiration takes a window's half width greater than 0" },
	{ ARGS("trace", "--order", "history", "lecture"), NULL, 0, "the history heuristic orders", NULL },
	{ ARGS("stats", "--compare", "pvs"), NULL, 0, "alpha-beta (killer)", NULL },
	{ ARGS("stats", "--compare", "--bug", "tt-no-flag", "tt-no-flag"), NULL, 2, NULL,
	  "the searches disagree on the root's value" },
	{ ARGS("check", "--tt", "table", "-"), "hits: D1\nC: entry lower 6\n", 0, "Score: 2/2", NULL },
	{ ARGS("trace", "--compare", "lecture"), NULL, 2, NULL, "--compare" },
};

START_TEST(cli)
{
	const struct cli_case *t = &cli_cases[_i];
	struct run_result r = run_abtrace(t->stdin_text, t->args);
	ck_assert_msg(r.signal == 0, "case %d: killed by signal %d", _i, r.signal);
	ck_assert_msg(r.status == t->status, "case %d (%s): exit %d, want %d; stderr: %s",
		      _i, t->args[0], r.status, t->status, ab_str_cstr(&r.err));
	if (t->out)
		ck_assert_msg(strstr(ab_str_cstr(&r.out), t->out),
			      "case %d: stdout lacks '%s':\n%s", _i, t->out, ab_str_cstr(&r.out));
	if (t->err)
		ck_assert_msg(strstr(ab_str_cstr(&r.err), t->err),
			      "case %d: stderr lacks '%s':\n%s", _i, t->err, ab_str_cstr(&r.err));
	if (t->status == 2)
		ck_assert_msg(r.out.len == 0, "case %d: printed to stdout on error", _i);
	run_result_free(&r);
}
END_TEST

/* The JSON trace of the lecture tree, line for line. */
START_TEST(lecture_json_trace)
{
	struct run_result r = run_abtrace(NULL, ARGS("trace", "--json", "lecture"));
	ck_assert_int_eq(r.status, 0);
	const char *text = ab_str_cstr(&r.out);
	int lines = 0;
	for (const char *p = text; *p; p++)
		lines += *p == '\n';
	ck_assert_int_eq(lines, 29);
	ck_assert(strstr(text, "{\"step\":15,\"event\":\"cutoff\",\"path\":\"2\",\"node\":\"C\","
			       "\"alpha\":3,\"beta\":2,\"by\":\"\",\"deep\":false,\"pruned\":[\"2.2\",\"2.3\"]}\n"));
	ck_assert(strstr(text, "{\"step\":16,\"event\":\"return\",\"path\":\"2\",\"node\":\"C\","
			       "\"value\":2,\"lo\":\"-inf\",\"hi\":2}\n"));
	ck_assert(strstr(text, "{\"step\":29,\"event\":\"done\",\"value\":3,\"best\":\"1\","
			       "\"leaves_visited\":7,\"leaves_total\":9,\"nodes_visited\":4}\n"));
	run_result_free(&r);
}
END_TEST

/* Every bundled tree loads and traces. */
START_TEST(bundled_trees_trace)
{
	static const char *const names[] = { "lecture", "seed002", "seed003", "no-pruning",
					     "deep-cutoff", "min-root", "uneven", "ordering" };
	struct run_result r = run_abtrace(NULL, ARGS("trace", names[_i]));
	ck_assert_msg(r.status == 0, "%s: %s", names[_i], ab_str_cstr(&r.err));
	ck_assert(strstr(ab_str_cstr(&r.out), "Done: the root's value is"));
	run_result_free(&r);
}
END_TEST

/* "pruned: none" is an empty list, as students write it. */
START_TEST(pruned_none)
{
	char path[] = "/tmp/abtrace-none-XXXXXX";
	int fd = mkstemp(path);
	static const char text[] = "value: 3\nbest: 1\npruned: none\n";
	ck_assert_int_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
	close(fd);
	struct run_result r = run_abtrace(NULL, ARGS("check", "-e", "[[1,2],[3,4]]", path));
	unlink(path);
	ck_assert_msg(r.status == 1, "exit %d: %s", r.status, ab_str_cstr(&r.err));
	/* Nothing is pruned in this tree, so the empty list is right; best: 1
	 * is wrong (the root's 3 comes through path 2), hence status 1. */
	ck_assert(strstr(ab_str_cstr(&r.out), "✓ pruned: none") ||
		  strstr(ab_str_cstr(&r.out), "ok pruned: none"));
	run_result_free(&r);
}
END_TEST

static Suite *main_suite(void)
{
	Suite *s = suite_create("main");
	TCase *tc = tcase_create("cli");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, cli, 0, (int)(sizeof cli_cases / sizeof cli_cases[0]));
	tcase_add_test(tc, lecture_json_trace);
	tcase_add_test(tc, pruned_none);
	tcase_add_loop_test(tc, bundled_trees_trace, 0, 8);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(main_suite());
}
