/* tmux.h - driving the real abtrace binary inside tmux, for end-to-end
 * tests of the replay (the helpers of test_tui.c, shared).
 *
 * Each test starts its own tmux server (-L with a name of its own, no
 * config file), runs abtrace in a pane of a given size with LANG=C.UTF-8,
 * sends keys and polls `capture-pane` until the expected text shows or a
 * deadline passes; there are no fixed sleeps.  The pane runs a little
 * script that writes abtrace's exit status to a file.  Call
 * tmux_test_init(NAME) in main() and tmux_test_done() at its end, and
 * tmux_teardown(tc) on each test case; a test ends with quit_replay()
 * (q, exit status 0, the server gone).  Without tmux, tests call
 * skip_without_tmux() and pass with a note.
 */
#ifndef AB_TESTS_TMUX_H
#define AB_TESTS_TMUX_H

#include <check.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runprog.h"
#include "base/str.h"
#include "base/utf8.h"

/* The replay runs under $ABTRACE_WRAPPER too (the valgrind setup), so
 * memory errors and leaks in the screen code are found; valgrind makes it
 * some twenty times slower, and the deadline grows with it. */
static inline const char *tmux_wrapper(void)
{
	const char *w = getenv("ABTRACE_WRAPPER");
	return w && *w ? w : NULL;
}

#define TMUX_DEADLINE_MS (tmux_wrapper() ? 200000L : 10000L)

static char tmux_server[64];
static char tmux_script[128], tmux_status[128];
static bool have_tmux;

/* Runs a shell command, collecting its standard output; returns its exit
 * status. */
static inline int sh(const char *cmd, struct ab_str *out)
{
	FILE *p = popen(cmd, "r");
	if (!p)
		return -1;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, p)) > 0)
		if (out)
			ab_str_addn(out, buf, n);
	int st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static inline int tmux(struct ab_str *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static inline int tmux(struct ab_str *out, const char *fmt, ...)
{
	struct ab_str cmd = AB_STR_INIT;
	ab_str_addf(&cmd, "tmux -u -L %s -f /dev/null ", tmux_server);
	va_list ap;
	va_start(ap, fmt);
	ab_str_vaddf(&cmd, fmt, ap);
	va_end(ap);
	ab_str_add(&cmd, " 2>/dev/null");
	int st = sh(ab_str_cstr(&cmd), out);
	ab_str_free(&cmd);
	return st;
}

/* Kills the test's tmux server and removes its socket. */
static inline void stop_server(void)
{
	if (!have_tmux)
		return;
	struct ab_str socket = AB_STR_INIT;
	tmux(&socket, "display-message -p '#{socket_path}'");
	while (socket.len && socket.s[socket.len - 1] == '\n')
		ab_str_truncate(&socket, socket.len - 1);
	tmux(NULL, "kill-server");
	if (socket.len)
		unlink(ab_str_cstr(&socket));
	ab_str_free(&socket);
}

/* Every tmux test case ends its server in its teardown, so that a test
 * that failed midway leaves none behind: after each test (checked, in the
 * test's process) and once after the case (unchecked, in the runner's). */
static inline void tmux_teardown(TCase *tc)
{
	tcase_add_checked_fixture(tc, NULL, stop_server);
	tcase_add_unchecked_fixture(tc, NULL, stop_server);
}

static inline void tmux_test_init(const char *name)
{
	snprintf(tmux_server, sizeof tmux_server, "abtrace-test-%s-%ld", name, (long)getpid());
	snprintf(tmux_script, sizeof tmux_script, "/tmp/abtrace-test-%s-%ld.sh", name,
		 (long)getpid());
	snprintf(tmux_status, sizeof tmux_status, "/tmp/abtrace-test-%s-%ld.status", name,
		 (long)getpid());
	have_tmux = sh("tmux -V >/dev/null 2>&1", NULL) == 0;
}

static inline void tmux_test_done(void)
{
	stop_server();
	unlink(tmux_script);
	unlink(tmux_status);
	char log[160];
	snprintf(log, sizeof log, "%s.vg", tmux_status);
	unlink(log);
	snprintf(log, sizeof log, "%s.stty", tmux_status);
	unlink(log);
}

static inline bool skip_without_tmux(void)
{
	if (!have_tmux)
		fprintf(stderr, "note: tmux is not installed; this end-to-end test is skipped\n");
	return !have_tmux;
}

/* Starts abtrace ARGS in a cols x rows pane; env is extra VAR=VALUE
 * settings (tmux sets TERM itself, so they go through env(1)). */
static inline void start(int cols, int rows, const char *env, const char *args)
{
	stop_server();
	unlink(tmux_status);
	char stty[160];
	snprintf(stty, sizeof stty, "%s.stty", tmux_status);
	unlink(stty);
	FILE *f = fopen(tmux_script, "w");
	ck_assert_ptr_nonnull(f);
	/* The shell traps C-c and C-\\ (abtrace gets them with their default
	 * action, as a trap does not carry over exec), so that it lives on
	 * to record how abtrace ended. */
	/* Under the wrapper (valgrind) its report goes to a file beside the
	 * status, for wait_exit_raw to show: the pane would swallow it. */
	char log[160] = "";
	if (tmux_wrapper()) {
		snprintf(log, sizeof log, "--log-file=%s.vg", tmux_status);
		unlink(log + strlen("--log-file="));
	}
	/* The terminal's modes as abtrace left them go beside the status
	 * (pane_terminal_sane), written first. */
	fprintf(f, "trap : INT QUIT\nenv LANG=C.UTF-8 LC_ALL=C.UTF-8 %s %s %s '%s' %s\n"
		   "status=$?\nstty -a > '%s.stty' 2>&1\necho $status > '%s'\n",
		env ? env : "", tmux_wrapper() ? tmux_wrapper() : "", log, abtrace_path(), args,
		tmux_status, tmux_status);
	fclose(f);
	int st = tmux(NULL,
		      "start-server \\; set-option -g remain-on-exit on \\; "
		      "new-session -d -x %d -y %d 'exec sh %s'", cols, rows, tmux_script);
	ck_assert_int_eq(st, 0);
}

static inline void keys(const char *k)
{
	ck_assert_int_eq(tmux(NULL, "send-keys -t 0 -- %s", k), 0);
}

static inline void literal(const char *text)
{
	ck_assert_int_eq(tmux(NULL, "send-keys -t 0 -l -- '%s'", text), 0);
}

static inline long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static inline void pause_briefly(void)
{
	struct timespec ts = { 0, 20 * 1000000 };
	nanosleep(&ts, NULL);
}

static inline void capture(struct ab_str *out, bool attributes)
{
	ab_str_clear(out);
	tmux(out, "capture-pane -p %s -t 0", attributes ? "-e" : "");
}

/* Polls the screen until it contains every one of the NULL-terminated
 * texts; fails the test with the last screen when the deadline passes. */
static inline void wait_for_all(struct ab_str *screen, const char *const *texts)
{
	long end = now_ms() + TMUX_DEADLINE_MS;
	for (;;) {
		capture(screen, false);
		bool all = true;
		for (size_t i = 0; texts[i] && all; i++)
			all = strstr(ab_str_cstr(screen), texts[i]) != NULL;
		if (all)
			return;
		if (now_ms() > end)
			ck_abort_msg("waited for '%s' in vain; the screen:\n%s", texts[0],
				     ab_str_cstr(screen));
		pause_briefly();
	}
}

#define WAIT_FOR(screen, ...) wait_for_all(screen, (const char *const[]){ __VA_ARGS__, NULL })

/* Waits for abtrace to exit; returns the status its shell saw (128 + n
 * when signal n ended it). */
static inline int wait_exit_raw(void)
{
	long end = now_ms() + TMUX_DEADLINE_MS;
	for (;;) {
		FILE *f = fopen(tmux_status, "r");
		int status = -2;
		if (f) {
			if (fscanf(f, "%d", &status) != 1)
				status = -2;
			fclose(f);
		}
		if (status == 99 && tmux_wrapper()) {
			/* valgrind's --error-exitcode: show what it found. */
			struct ab_str report = AB_STR_INIT, cmd = AB_STR_INIT;
			ab_str_addf(&cmd, "cat '%s.vg'", tmux_status);
			sh(cmd.s, &report);
			ck_abort_msg("valgrind found errors in the replay (exit 99):\n%s",
				     ab_str_cstr(&report));
		}
		if (status >= 0)
			return status;
		if (now_ms() > end)
			ck_abort_msg("abtrace did not exit");
		pause_briefly();
	}
}

/* Waits for abtrace to exit; returns its exit status, -1 when a signal
 * ended it (the shell reports 128 + the signal). */
static inline int wait_exit(void)
{
	int status = wait_exit_raw();
	return status >= 128 ? -1 : status;
}

/* The end of a replay test: q quits, abtrace exits with status 0, and
 * the test's tmux server goes. */
static inline void quit_replay(void)
{
	keys("q");
	ck_assert_int_eq(wait_exit(), 0);
	stop_server();
}

/* Line number line (0-based) of a captured screen, copied into out. */
static inline bool screen_line(const struct ab_str *screen, int line, struct ab_str *out)
{
	ab_str_clear(out);
	const char *p = ab_str_cstr(screen);
	for (int i = 0; i < line; i++) {
		p = strchr(p, '\n');
		if (!p)
			return false;
		p++;
	}
	const char *nl = strchr(p, '\n');
	ab_str_addn(out, p, nl ? (size_t)(nl - p) : strlen(p));
	return true;
}

/* Finds text on a captured screen: its row and display column. */
static inline bool find_on_screen(const struct ab_str *screen, const char *text, int *row,
				  int *col)
{
	struct ab_str line = AB_STR_INIT;
	bool found = false;
	for (int r = 0; !found && screen_line(screen, r, &line); r++) {
		const char *at = strstr(ab_str_cstr(&line), text);
		if (!at)
			continue;
		struct ab_str prefix = AB_STR_INIT;
		ab_str_addn(&prefix, ab_str_cstr(&line), (size_t)(at - ab_str_cstr(&line)));
		*row = r;
		*col = (int)ab_utf8_text_width(ab_str_cstr(&prefix));
		ab_str_free(&prefix);
		found = true;
	}
	ab_str_free(&line);
	return found;
}

/* A format of the pane, e.g. "#{pane_dead}". */
static inline void pane_format(const char *fmt, struct ab_str *out)
{
	ab_str_clear(out);
	tmux(out, "display-message -p -t 0 '%s'", fmt);
	while (out->len && out->s[out->len - 1] == '\n')
		ab_str_truncate(out, out->len - 1);
}

/* Polls a pane format until it reads want. */
static inline void wait_format(const char *fmt, const char *want)
{
	struct ab_str f = AB_STR_INIT;
	long end = now_ms() + TMUX_DEADLINE_MS;
	for (;;) {
		pane_format(fmt, &f);
		if (strcmp(ab_str_cstr(&f), want) == 0)
			break;
		if (now_ms() > end)
			ck_abort_msg("%s is '%s', not '%s'", fmt, ab_str_cstr(&f), want);
		pause_briefly();
	}
	ab_str_free(&f);
}

/* The pid of abtrace: the only child of the pane's shell. */
static inline pid_t abtrace_pid(void)
{
	struct ab_str f = AB_STR_INIT, path = AB_STR_INIT;
	pane_format("#{pane_pid}", &f);
	ab_str_addf(&path, "/proc/%s/task/%s/children", ab_str_cstr(&f), ab_str_cstr(&f));
	pid_t pid = 0;
	FILE *in = fopen(ab_str_cstr(&path), "r");
	if (in) {
		int p;
		if (fscanf(in, "%d", &p) == 1)
			pid = (pid_t)p;
		fclose(in);
	}
	ab_str_free(&f);
	ab_str_free(&path);
	return pid;
}

/* Whether the pane's terminal was back in the mode a shell reads lines in
 * when abtrace ended (the pane's script runs `stty -a` there, before it
 * writes the exit status): canonical input, echo, signals from keys, CR
 * read as newline, newline written as CR LF.  What is off goes to off,
 * for the failure message. */
static inline bool pane_terminal_sane(struct ab_str *off)
{
	char path[160];
	snprintf(path, sizeof path, "%s.stty", tmux_status);
	FILE *f = fopen(path, "r");
	if (!f) {
		ab_str_add(off, "no stty -a");
		return false;
	}
	struct ab_str all = AB_STR_INIT;
	char buf[1024];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		ab_str_addn(&all, buf, n);
	fclose(f);
	static const char *const modes[] = { "icanon", "echo", "isig", "icrnl", "opost", "onlcr" };
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		/* Each mode is a word of its own: "echo" or "-echo". */
		bool on = false, seen = false;
		for (const char *p = ab_str_cstr(&all); (p = strstr(p, modes[i])); p++) {
			size_t len = strlen(modes[i]);
			bool off_word = p > all.s && p[-1] == '-';
			const char *start = off_word ? p - 1 : p;
			bool word = (start == all.s || strchr(" \t\n;", start[-1])) &&
				    strchr(" \t\n;", p[len]);
			if (word) {
				seen = true;
				on = !off_word;
			}
		}
		if (!seen || !on)
			ab_str_addf(off, "%s%s ", seen ? "-" : "no ", modes[i]);
	}
	ab_str_free(&all);
	return off->len == 0;
}

/* A click of mouse button 1 at a screen cell (an X10 report: press, then
 * release). */
/* Polls until two captures in a row agree: the program has finished
 * painting (a click aimed at a half-painted frame may land elsewhere). */
static inline void wait_settled(struct ab_str *screen)
{
	struct ab_str before = AB_STR_INIT;
	long end = now_ms() + TMUX_DEADLINE_MS;
	capture(&before, false);
	for (;;) {
		pause_briefly();
		capture(screen, false);
		if (strcmp(ab_str_cstr(screen), ab_str_cstr(&before)) == 0 || now_ms() > end)
			break;
		ab_str_clear(&before);
		ab_str_add(&before, ab_str_cstr(screen));
	}
	ab_str_free(&before);
}

static inline void click_at(int row, int col)
{
	for (int b = 0; b < 2; b++)
		ck_assert_int_eq(tmux(NULL, "send-keys -t 0 -H 1b 5b 4d %x %x %x", 32 + 3 * b,
				      32 + col + 1, 32 + row + 1), 0);
}

/* The display column (CJK characters take two) where the last occurrence
 * of mark starts on a line of capture-pane text, or -1. */
static inline int last_column_of(const char *line, const char *mark)
{
	const char *last = NULL;
	for (const char *p = line; (p = strstr(p, mark)); p++)
		last = p;
	if (!last)
		return -1;
	struct ab_str prefix = AB_STR_INIT;
	ab_str_addn(&prefix, line, (size_t)(last - line));
	int col = (int)ab_utf8_text_width(ab_str_cstr(&prefix));
	ab_str_free(&prefix);
	return col;
}

#endif
