/* runprog.h - run the abtrace program from a test and collect what it
 * printed, its exit status, and whether a signal killed it. */
#ifndef AB_RUNPROG_H
#define AB_RUNPROG_H

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "str.h"

struct run_result {
	int status;       /* exit status, or -1 when killed by a signal */
	int signal;       /* the signal, or 0 */
	struct ab_str out, err;
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

/* Runs $ABTRACE with args (NULL-terminated).  stdin_text NULL gives
 * /dev/null as standard input. */
static inline struct run_result run_abtrace(const char *stdin_text,
					    const char *const *args)
{
	struct run_result r = { 0, 0, AB_STR_INIT, AB_STR_INIT };
	char out_name[] = "/tmp/abtrace-out-XXXXXX", err_name[] = "/tmp/abtrace-err-XXXXXX",
	     in_name[] = "/tmp/abtrace-in-XXXXXX";
	int out = mkstemp(out_name), err = mkstemp(err_name), in = mkstemp(in_name);
	unlink(out_name);
	unlink(err_name);
	unlink(in_name);
	if (stdin_text) {
		ssize_t w = write(in, stdin_text, strlen(stdin_text));
		(void)w;
		lseek(in, 0, SEEK_SET);
	} else {
		close(in);
		in = open("/dev/null", O_RDONLY);
	}
	size_t n = 0;
	while (args[n])
		n++;
	char **argv = calloc(n + 2, sizeof *argv);
	argv[0] = (char *)abtrace_path();
	for (size_t i = 0; i < n; i++)
		argv[i + 1] = (char *)args[i];
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(in, 0);
		dup2(out, 1);
		dup2(err, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	int wstatus = 0;
	waitpid(pid, &wstatus, 0);
	free(argv);
	if (WIFSIGNALED(wstatus)) {
		r.status = -1;
		r.signal = WTERMSIG(wstatus);
	} else {
		r.status = WEXITSTATUS(wstatus);
	}
	slurp_fd(out, &r.out);
	slurp_fd(err, &r.err);
	close(in);
	close(out);
	close(err);
	return r;
}

#endif
