/* run.h - running the program `abtrace test` tests, safely.
 *
 * The program is started with no shell (argv as given, found on PATH), in
 * a process group of its own, its standard input a pipe that carries the
 * tree, its standard output and error read as they come (poll), so neither
 * side can block the other however much either writes.  Each tree has a
 * time limit, and output beyond a limit stops the program.  Whatever
 * happens, the whole group is killed (SIGKILL) before a run returns
 * (without --batch), when the runner is freed, and when SIGINT, SIGTERM,
 * SIGHUP or SIGQUIT end abtrace itself: the handler kills the group, then
 * the signal ends abtrace with its default action, as atomic.c's handler
 * does for its temporary file.  On Linux the program also gets SIGKILL
 * should abtrace die by a signal nothing can catch.
 *
 * With batch, the program is started once and reads one tree after
 * another; its output for each ends with a line "end".  A batch program
 * that dies, hangs or floods is killed, and the next tree starts it again.
 */
#ifndef AB_RUN_H
#define AB_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/str.h"

/* What a run (or a comparison) found; the words are abtrace-log(5)'s. */
#define AB_FINDINGS(X) \
	X(NONE, "none") \
	X(DISAGREE, "disagree") \
	X(CRASH, "crash") \
	X(TIMEOUT, "timeout") \
	X(SILENT, "silent") \
	X(TOO_MUCH, "too-much")

enum ab_finding {
#define AB_FINDING_ENUM(name, word) AB_FINDING_##name,
	AB_FINDINGS(AB_FINDING_ENUM)
#undef AB_FINDING_ENUM
	AB_FINDING_COUNT
};

const char *ab_finding_word(enum ab_finding finding);

#define AB_RUN_OUTPUT_LIMIT (16u << 20)  /* bytes of output, stdout and
					    stderr together, per tree */
#define AB_RUN_STDERR_KEPT (64u << 10)   /* bytes of stderr kept to show */
#define AB_RUN_TIMEOUT_MS 5000u          /* the default time per tree */

struct ab_run_options {
	char *const *argv;     /* the program and its arguments, NULL-ended */
	bool batch;            /* one process for all trees */
	uint32_t timeout_ms;   /* per tree, > 0 */
	size_t output_limit;   /* 0: AB_RUN_OUTPUT_LIMIT */
};

/* What one tree's run gave. */
struct ab_run_output {
	enum ab_finding finding; /* NONE, CRASH, TIMEOUT, SILENT or TOO_MUCH */
	bool exited;             /* the program ended (not with batch's "end") */
	int status;              /* its exit status, when it exited */
	int signal;              /* the signal that ended it, or 0 */
	bool no_end;             /* batch: it ended before printing "end" */
	struct ab_str out;       /* standard output (without batch's "end"),
				    at most the output limit */
	struct ab_str err;       /* the first AB_RUN_STDERR_KEPT bytes of
				    standard error */
	bool err_cut;            /* standard error had more */
};

struct ab_runner;

struct ab_runner *ab_runner_new(const struct ab_run_options *options);
/* Kills the program, if it runs, and frees the runner.  NULL is fine. */
void ab_runner_free(struct ab_runner *runner);

/* Runs the program on one tree's input (starting it first when no batch
 * program is running).  Returns 0 with *out filled (cleared first), or,
 * when the program cannot be started at all, the errno of the failed
 * start (ENOENT, EACCES, ...), *out untouched. */
int ab_runner_run(struct ab_runner *runner, const char *input, size_t len,
		  struct ab_run_output *out);

void ab_run_output_free(struct ab_run_output *out);

/* How many programs the runner has started so far. */
uint64_t ab_runner_starts(const struct ab_runner *runner);

#endif
