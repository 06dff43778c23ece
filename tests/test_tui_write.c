/* test_tui_write.c - the replay's w (save the tree) and E (export the
 * step) where the file is not a plain one, end to end under tmux: a FIFO
 * nobody reads is said so and waited on not at all; a FIFO whose reader
 * does not read keeps the replay waiting, but ctrl-C or SIGTERM still end
 * it by the signal with the terminal put back (alternate screen, keypad
 * and mouse modes off, `stty` sane), as the replay's own handlers stay in
 * force while it writes; the terminal the replay draws on is refused by
 * every name it has; /proc/self/mem reports the kernel's own error.  Each
 * reproduces a report: the first two froze the replay and left the
 * terminal raw, the third scribbled over the screen, the last said "No
 * such file or directory".
 */
#define _GNU_SOURCE /* F_SETPIPE_SZ */
#include <check.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "tmux.h"

static char fifo[64], tree_path[64];

/* A FIFO under /tmp, new for each test. */
static void make_fifo(void)
{
	snprintf(fifo, sizeof fifo, "/tmp/abtrace-tui-fifo-%ld", (long)getpid());
	unlink(fifo);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
}

/* A tree whose file is longer than a pipe takes at once (4096 bytes, the
 * smallest a pipe may be made): 60 nodes of 50 leaves. */
static void make_big_tree(void)
{
	snprintf(tree_path, sizeof tree_path, "/tmp/abtrace-tui-big-%ld.tree", (long)getpid());
	FILE *f = fopen(tree_path, "w");
	ck_assert_ptr_nonnull(f);
	fputc('[', f);
	for (int i = 0; i < 60; i++) {
		fputc('[', f);
		for (int j = 0; j < 50; j++)
			fprintf(f, "%d ", (i * 31 + j * 17) % 97);
		fputc(']', f);
	}
	fputs("]\n", f);
	fclose(f);
}

/* Asks for a file at the w or E prompt. */
static void write_to(struct ab_str *s, char key, const char *answer)
{
	char k[2] = { key, '\0' };
	keys(k);
	WAIT_FOR(s, key == 'w' ? "Save the tree" : "as FORMAT FILE");
	literal(answer);
	keys("Enter");
}

/* The terminal as the shell had it: alternate screen, keypad and mouse
 * modes off, the line discipline sane. */
static void terminal_restored(void)
{
	wait_format("#{alternate_on} #{keypad_cursor_flag} #{keypad_flag} #{mouse_any_flag}",
		    "0 0 0 0");
	struct ab_str off = AB_STR_INIT;
	ck_assert_msg(pane_terminal_sane(&off), "the terminal is left %s", ab_str_cstr(&off));
	ab_str_free(&off);
}

/* ---- A FIFO nobody reads ------------------------------------------------------ */

/* Said at once, for w and for E; the replay goes on. */
START_TEST(fifo_nobody_reads)
{
	if (skip_without_tmux())
		return;
	make_fifo();
	struct ab_str s = AB_STR_INIT, answer = AB_STR_INIT;
	start(160, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29");
	write_to(&s, 'w', fifo);
	WAIT_FOR(&s, "it is a named pipe (FIFO) and nobody is reading it");
	keys("Space");
	WAIT_FOR(&s, "step 1/29");
	ab_str_addf(&answer, "svg %s", fifo);
	write_to(&s, 'E', answer.s);
	WAIT_FOR(&s, "it is a named pipe (FIFO) and nobody is reading it");
	keys("q");
	ck_assert_int_eq(wait_exit(), 0);
	terminal_restored();
	struct stat st;
	ck_assert_int_eq(lstat(fifo, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	unlink(fifo);
	stop_server();
	ab_str_free(&s);
	ab_str_free(&answer);
}
END_TEST

/* ---- A FIFO whose reader does not read ------------------------------------- */

static const struct stalled_case {
	char key;         /* w or E */
	int sig;
	const char *typed; /* the key sent for it, or NULL: kill(2) */
} stalled_cases[] = {
	{ 'w', SIGINT, "C-c" },
	{ 'w', SIGTERM, NULL },
	{ 'E', SIGINT, "C-c" },
	{ 'E', SIGTERM, NULL },
	{ 'w', SIGHUP, NULL },
	{ 'E', SIGQUIT, "'C-\\'" },
};

/* The test holds the FIFO open for reading and never reads: the write
 * waits once the pipe is full; the signal ends the replay by that signal,
 * with the terminal put back. */
START_TEST(fifo_reader_stalls)
{
	if (skip_without_tmux())
		return;
	const struct stalled_case *c = &stalled_cases[_i];
	/* SIGQUIT's default action dumps core: not here. */
	struct rlimit none = { 0, 0 };
	setrlimit(RLIMIT_CORE, &none);
	make_fifo();
	make_big_tree();
	int reader = open(fifo, O_RDONLY | O_NONBLOCK);
	ck_assert_int_ge(reader, 0);
#ifdef F_SETPIPE_SZ
	fcntl(reader, F_SETPIPE_SZ, 4096);
#endif
	struct ab_str s = AB_STR_INIT, answer = AB_STR_INIT;
	start(160, 30, NULL, tree_path);
	WAIT_FOR(&s, "step 0/");
	if (c->key == 'E')
		ab_str_addf(&answer, "svg %s", fifo);
	else
		ab_str_add(&answer, fifo);
	write_to(&s, c->key, answer.s);
	/* The write has begun once its first bytes are in the pipe. */
	struct pollfd p = { .fd = reader, .events = POLLIN };
	ck_assert_msg(poll(&p, 1, (int)TMUX_DEADLINE_MS) == 1, "nothing was written to the FIFO");
	if (c->typed) {
		keys(c->typed);
	} else {
		pid_t pid = abtrace_pid();
		ck_assert_int_gt(pid, 0);
		ck_assert_int_eq(kill(pid, c->sig), 0);
	}
	int status = wait_exit_raw();
	ck_assert_msg(status == 128 + c->sig, "exit status %d after signal %d", status, c->sig);
	terminal_restored();
	close(reader);
	unlink(fifo);
	unlink(tree_path);
	stop_server();
	ab_str_free(&s);
	ab_str_free(&answer);
}
END_TEST

/* ---- The replay's own terminal ------------------------------------------------ */

/* Refused by every name: the controlling terminal, standard output, the
 * pane's device, a link to it; w and E alike.  Nothing is scribbled over
 * the screen, and the replay goes on. */
START_TEST(own_terminal_refused)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT, tty = AB_STR_INIT, answer = AB_STR_INIT;
	char link[64];
	snprintf(link, sizeof link, "/tmp/abtrace-tui-screen-%ld", (long)getpid());
	start(160, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29");
	pane_format("#{pane_tty}", &tty);
	unlink(link);
	ck_assert_int_eq(symlink(ab_str_cstr(&tty), link), 0);
	const char *names[] = { "/dev/tty", "/dev/stdout", "/dev/fd/0", ab_str_cstr(&tty), link };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char key = i % 2 ? 'E' : 'w';
		ab_str_clear(&answer);
		ab_str_addf(&answer, "%s%s", key == 'E' ? "text " : "", names[i]);
		write_to(&s, key, answer.s);
		struct ab_str want = AB_STR_INIT;
		ab_str_addf(&want, "cannot write '%s': it is the terminal the replay is drawing on",
			    names[i]);
		WAIT_FOR(&s, want.s);
		ab_str_free(&want);
		ck_assert_ptr_null(strstr(ab_str_cstr(&s), "saved to"));
		ck_assert_ptr_null(strstr(ab_str_cstr(&s), "exported to"));
	}
	keys("Space");
	WAIT_FOR(&s, "step 1/29");
	quit_replay();
	unlink(link);
	ab_str_free(&s);
	ab_str_free(&tty);
	ab_str_free(&answer);
}
END_TEST

/* ---- A file of the kernel's --------------------------------------------------- */

START_TEST(proc_mem_error)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(160, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29");
	write_to(&s, 'w', "/proc/self/mem");
	WAIT_FOR(&s, "cannot write '/proc/self/mem': Input/output error");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

int main(void)
{
	tmux_test_init("tui-write");
	Suite *s = suite_create("tui_write");
	TCase *tc = tcase_create("tmux");
	tcase_set_timeout(tc, 60);
	tmux_teardown(tc);
	tcase_add_test(tc, fifo_nobody_reads);
	tcase_add_loop_test(tc, fifo_reader_stalls, 0,
			    sizeof stalled_cases / sizeof stalled_cases[0]);
	tcase_add_test(tc, own_terminal_refused);
	tcase_add_test(tc, proc_mem_error);
	suite_add_tcase(s, tc);
	int status = ab_run_suite(s);
	tmux_test_done();
	return status;
}
