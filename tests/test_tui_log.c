/* test_tui_log.c - a program's log beside the replay (abtrace --log LOG),
 * end to end under tmux: the log's lines at the steps they agree with,
 * the d key to the first divergence with the program's line and the
 * reason shown, the convention the log agrees with chosen at the start,
 * the log held again after a change of convention. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tmux.h"

/* A program with the swapped update, on the lecture tree. */
#define SWAPPED_LOG \
	"leaf 1.1 3\nleaf 1.2 12\nleaf 1.3 8\nleaf 2.1 2\nleaf 2.2 4\nleaf 2.3 6\nleaf 3.1 14\nvalue 14\n"
/* A program that clamps what a cut node returns to its window. */
#define CLAMP_LOG "return 1 3\nreturn 2 3\nreturn 3 3\nreturn root 3\n"

static char log_path[64];

static void write_log(const char *text)
{
	snprintf(log_path, sizeof log_path, "/tmp/abtrace-tui-log-XXXXXX");
	int fd = mkstemp(log_path);
	ck_assert(fd >= 0);
	ck_assert(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
	close(fd);
}

static void start_with_log(int cols, int rows, const char *text, const char *options)
{
	write_log(text);
	char args[256];
	snprintf(args, sizeof args, "%s --log %s lecture", options, log_path);
	start(cols, rows, NULL, args);
}

/* The row of the screen where text shows, and whether mark is on it. */
static bool marked(const struct ab_str *screen, const char *text, const char *mark)
{
	int row, col;
	if (!find_on_screen(screen, text, &row, &col))
		return false;
	struct ab_str line = AB_STR_INIT;
	screen_line(screen, row, &line);
	bool found = strstr(ab_str_cstr(&line), mark) != NULL;
	ab_str_free(&line);
	return found;
}

static const struct { int cols, rows; } sizes[] = { { 80, 24 }, { 120, 40 } };

/* The swapped update: the panel says where the log parts; stepping marks
 * the log's line of the step; d goes there and shows the program's line
 * and why. */
START_TEST(test_divergence)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start_with_log(sizes[_i].cols, sizes[_i].rows, SWAPPED_LOG, "");
	WAIT_FOR(&s, "step 0/29", "The log: parts at step 15", "leaf 2.2 4",
		 "log parts at step 15 (d)");
	ck_assert(!marked(&s, "leaf 2.2 4", "✗"));
	keys("Right Right Right");
	WAIT_FOR(&s, "step 3/29");
	ck_assert_msg(marked(&s, "leaf 1.1 3", "▶"), "step 3 does not mark line 1:\n%s", s.s);
	ck_assert(!marked(&s, "leaf 1.2 12", "▶"));
	keys("d");
	WAIT_FOR(&s, "step 15/29", "the log parts here, at its line 5: leaf 2.2 4",
		 "'leaf 3.1 14'", "Cutoff at C");
	ck_assert_msg(marked(&s, "leaf 2.2 4", "✗"), "the line is not marked:\n%s", s.s);
	/* Back before it, the mark goes. */
	keys("Home");
	WAIT_FOR(&s, "step 0/29");
	ck_assert(!marked(&s, "leaf 2.2 4", "✗"));
	quit_replay();
	unlink(log_path);
	ab_str_free(&s);
}
END_TEST

/* A log right under fail-hard clamped: the replay starts with that
 * convention and says the log agrees; under fail-soft it parts where C
 * returns; d says so when there is nothing to jump to. */
START_TEST(test_convention_followed)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start_with_log(120, 30, CLAMP_LOG, "");
	WAIT_FOR(&s, "The log: agrees", "log agrees", "fail-hard clamped to the window");
	keys("d");
	WAIT_FOR(&s, "the program's log agrees with this search");
	keys("f");
	WAIT_FOR(&s, "log parts at step 16 (d)", "fail-soft");
	keys("d");
	WAIT_FOR(&s, "step 16/", "the log parts here, at its line 2: return 2 3",
		 "Under fail-soft");
	quit_replay();
	unlink(log_path);
	ab_str_free(&s);
}
END_TEST

/* The options held: --fail-soft keeps the replay's fail-soft, and the
 * log parts from it; --zero-based reads the log's paths from 0. */
START_TEST(test_options_held)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start_with_log(120, 30, CLAMP_LOG, "--fail-soft");
	WAIT_FOR(&s, "log parts at step 16 (d)", "fail-soft");
	quit_replay();
	unlink(log_path);
	start_with_log(120, 30, "leaf 0.0 3\nleaf 0.1 12\nleaf 0.2 8\nleaf 1.0 2\n"
				"leaf 2.0 14\nleaf 2.1 5\nleaf 2.2 2\n", "--zero-based");
	WAIT_FOR(&s, "The log: agrees");
	quit_replay();
	unlink(log_path);
	ab_str_free(&s);
}
END_TEST

/* Without a log, d asks for one: a file that cannot be used is told at
 * its line; one that can is held to the search (its paths counted from
 * 0, since only that reading agrees), and d then jumps. */
START_TEST(test_open_in_replay)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	write_log("searching\n");
	char bad[64];
	snprintf(bad, sizeof bad, "%s", log_path);
	write_log("leaf 0.0 3\nleaf 0.1 12\nleaf 0.2 8\nleaf 1.0 2\nleaf 1.1 4\n");
	start(120, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29");
	keys("d");
	WAIT_FOR(&s, "Hold which program's log (a file) to this search?");
	literal(bad);
	keys("Enter");
	WAIT_FOR(&s, ":1: the log holds no line abtrace reads");
	keys("d");
	WAIT_FOR(&s, "Hold which program's log");
	literal(log_path);
	keys("Enter");
	WAIT_FOR(&s, "the log parts from this search at step 15: d goes there", "The log: parts at step 15");
	keys("d");
	WAIT_FOR(&s, "step 15/29", "the log parts here, at its line 5: leaf 1.1 4");
	quit_replay();
	unlink(bad);
	unlink(log_path);
	ab_str_free(&s);
}
END_TEST

int main(void)
{
	tmux_test_init("tui-log");
	Suite *s = suite_create("tui_log");
	TCase *tc = tcase_create("tmux");
	tcase_set_timeout(tc, 60);
	tmux_teardown(tc);
	tcase_add_loop_test(tc, test_divergence, 0, sizeof sizes / sizeof sizes[0]);
	tcase_add_test(tc, test_convention_followed);
	tcase_add_test(tc, test_options_held);
	tcase_add_test(tc, test_open_in_replay);
	suite_add_tcase(s, tc);
	int status = ab_run_suite(s);
	tmux_test_done();
	return status;
}
