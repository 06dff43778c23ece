/* runprog.h - run the abtrace program from a test and collect what it
 * printed, its exit status, and whether a signal killed it.
 *
 * $ABTRACE_WRAPPER, when set, is a command (words split on spaces) put in
 * front of the program, e.g. "valgrind --error-exitcode=99 --leak-check=full":
 * the valgrind test setup sets it so the program itself is checked, not just
 * the test that runs it. */
#ifndef AB_RUNPROG_H
#define AB_RUNPROG_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/str.h"

struct run_result {
	int status;       /* exit status, or -1 when killed by a signal */
	int signal;       /* the signal, or 0 */
	bool timed_out;   /* killed by run_options.timeout */
	struct ab_str out, err;
};

/* How to run it; zero means the ordinary way (stdin /dev/null, output
 * captured, wrapped when $ABTRACE_WRAPPER says so, no time limit). */
struct run_options {
	const char *stdin_text;  /* standard input's text */
	const char *stdin_path;  /* or a file to open as standard input */
	bool close_stdin;        /* or no standard input at all (<&-) */
	bool close_stdout;       /* no standard output (>&-) */
	long pipe_bytes;         /* > 0: stdout is a pipe whose reader quits
				    after this many bytes (| head -c N) */
	bool unwrapped;          /* never under $ABTRACE_WRAPPER */
	unsigned timeout;        /* seconds before the program is killed */
};

static inline void run_result_free(struct run_result *r)
{
	ab_str_free(&r->out);
	ab_str_free(&r->err);
}

static inline void slurp_fd(int fd, struct ab_str *into)
{
	char buf[65536];
	ssize_t n;
	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		ab_str_addn(into, buf, (size_t)n);
}

/* The program under test: $ABTRACE, set by meson. */
static inline const char *abtrace_path(void)
{
	const char *p = getenv("ABTRACE");
	return p ? p : "abtrace";
}

/* argv for execvp: the wrapper's words (unless unwrapped), the program,
 * then args.  *words keeps the split wrapper string alive. */
static inline char **run_argv(const char *const *args, bool unwrapped,
			      char **words)
{
	const char *wrapper = unwrapped ? NULL : getenv("ABTRACE_WRAPPER");
	size_t n = 0, w = 0;
	while (args[n])
		n++;
	*words = ab_xstrdup(wrapper && *wrapper ? wrapper : "");
	for (char *p = *words; *p; p++)
		w += *p != ' ' && (p == *words || p[-1] == ' ');
	char **argv = ab_xcalloc(w + n + 2, sizeof *argv);
	size_t i = 0;
	for (char *save = NULL, *word = strtok_r(*words, " ", &save); word;
	     word = strtok_r(NULL, " ", &save))
		argv[i++] = word;
	argv[i++] = (char *)abtrace_path();
	for (size_t k = 0; k < n; k++)
		argv[i++] = (char *)args[k];
	return argv;
}

/* Waits for pid, killing it after timeout seconds (0: no limit). */
static inline int run_wait(pid_t pid, unsigned timeout, bool *timed_out)
{
	int wstatus = 0;
	if (!timeout) {
		while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
			;
		return wstatus;
	}
	struct timespec tick = { 0, 10 * 1000 * 1000 };
	for (unsigned long waited = 0;; waited++) {
		pid_t got = waitpid(pid, &wstatus, WNOHANG);
		if (got == pid)
			return wstatus;
		if (waited >= timeout * 100ul) {
			kill(pid, SIGKILL);
			*timed_out = true;
		}
		nanosleep(&tick, NULL);
	}
}

static inline struct run_result run_abtrace_with(const struct run_options *o,
						 const char *const *args)
{
	struct run_result r = { 0, 0, false, AB_STR_INIT, AB_STR_INIT };
	char out_name[] = "/tmp/abtrace-out-XXXXXX", err_name[] = "/tmp/abtrace-err-XXXXXX",
	     in_name[] = "/tmp/abtrace-in-XXXXXX";
	int out = mkstemp(out_name), err = mkstemp(err_name), in = mkstemp(in_name);
	unlink(out_name);
	unlink(err_name);
	unlink(in_name);
	if (o->stdin_text) {
		ssize_t w = write(in, o->stdin_text, strlen(o->stdin_text));
		(void)w;
		lseek(in, 0, SEEK_SET);
	} else {
		close(in);
		in = open(o->stdin_path ? o->stdin_path : "/dev/null", O_RDONLY);
	}
	int pipe_fds[2] = { -1, -1 };
	if (o->pipe_bytes > 0 && pipe(pipe_fds) != 0)
		pipe_fds[0] = pipe_fds[1] = -1;
	char *words;
	char **argv = run_argv(args, o->unwrapped, &words);
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		if (o->close_stdin)
			close(0);
		else
			dup2(in, 0);
		if (pipe_fds[1] >= 0) {
			dup2(pipe_fds[1], 1);
			close(pipe_fds[0]);
		} else {
			dup2(out, 1);
		}
		dup2(err, 2);
		if (o->close_stdout)
			close(1);
		/* The program must not inherit an ignored SIGPIPE from us. */
		signal(SIGPIPE, SIG_DFL);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (pipe_fds[1] >= 0) {
		/* Read as `head -c N` does, then go away. */
		close(pipe_fds[1]);
		char buf[4096];
		long left = o->pipe_bytes;
		ssize_t n;
		while (left > 0 && (n = read(pipe_fds[0], buf, sizeof buf)) > 0) {
			ab_str_addn(&r.out, buf, (size_t)n);
			left -= n;
		}
		close(pipe_fds[0]);
	}
	int wstatus = run_wait(pid, o->timeout, &r.timed_out);
	free(argv);
	free(words);
	if (WIFSIGNALED(wstatus)) {
		r.status = -1;
		r.signal = WTERMSIG(wstatus);
	} else {
		r.status = WEXITSTATUS(wstatus);
	}
	if (pipe_fds[0] < 0)
		slurp_fd(out, &r.out);
	slurp_fd(err, &r.err);
	close(in);
	close(out);
	close(err);
	return r;
}

/* Runs $ABTRACE with args (NULL-terminated).  stdin_text NULL gives
 * /dev/null as standard input. */
static inline struct run_result run_abtrace(const char *stdin_text,
					    const char *const *args)
{
	struct run_options o = { .stdin_text = stdin_text };
	return run_abtrace_with(&o, args);
}

#endif
