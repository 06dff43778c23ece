/* test_run.c - running the tested program (testing/run.c): output read
 * without deadlock, each finding (crash, timeout, silence, flood) told as
 * such, --batch and its restarts, a program that cannot start, and
 * nothing left running on any way out, abtrace's own SIGINT included.
 * The programs are small shell commands.
 *
 * Run with --no-pidfd (meson's test run-no-pidfd), pidfd_open fails with
 * ENOSYS in this process and all it forks, as on a kernel before 5.3 or
 * under valgrind, which does not know the call: every test here then runs
 * on the runner's fallback (waitid every 20 ms).
 */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include "testing/run.h"
#include "testutil.h"

static char *argv_sh[] = { "sh", "-c", NULL, NULL };

static struct ab_runner *shell(const char *script, bool batch, uint32_t ms)
{
	argv_sh[2] = (char *)script;
	return ab_runner_new(&(struct ab_run_options){
		.argv = argv_sh, .batch = batch, .timeout_ms = ms });
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Waits up to 5 s for pid to be gone: no such process, or a zombie (a
 * killed grandchild's is reaped by whoever inherits it, in a container
 * perhaps only now and then). */
static bool gone(pid_t pid)
{
	for (int i = 0; i < 500; i++) {
		if (kill(pid, 0) != 0 && errno == ESRCH)
			return true;
		char path[64], state = 0;
		snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
		FILE *f = fopen(path, "r");
		if (f) {
			/* pid (comm) state ...; comm may hold spaces */
			int c;
			while ((c = fgetc(f)) != EOF && c != ')')
				;
			if (fscanf(f, " %c", &state) != 1)
				state = 0;
			fclose(f);
		}
		if (state == 'Z')
			return true;
		usleep(10000);
	}
	return false;
}

/* A pid the program wrote to path. */
static pid_t read_pid(const char *path)
{
	for (int i = 0; i < 500; i++) {
		FILE *f = fopen(path, "r");
		long pid = 0;
		if (f) {
			int got = fscanf(f, "%ld", &pid);
			fclose(f);
			if (got == 1 && pid > 0)
				return (pid_t)pid;
		}
		usleep(10000);
	}
	ck_abort_msg("no pid in %s", path);
	return 0;
}

static void temp_path(char *buf, size_t size, const char *what)
{
	snprintf(buf, size, "/tmp/abtrace-test-run-%ld-%s", (long)getpid(), what);
	unlink(buf);
}

/* ---- Single runs -------------------------------------------------------- */

static const struct {
	const char *script;
	const char *input;
	enum ab_finding finding;
	int status, signal;
	const char *out;  /* NULL: not checked */
} runs[] = {
	{ "cat", "[[1,2],[3]]\n", AB_FINDING_NONE, 0, 0, "[[1,2],[3]]\n" },
	{ "read line; echo \"leaf 1 $line\"; echo end", "5\n", AB_FINDING_NONE, 0, 0, "leaf 1 5\n" },
	{ "echo partial; exit 3", "", AB_FINDING_CRASH, 3, 0, "partial\n" },
	{ "echo partial; kill -SEGV $$", "", AB_FINDING_CRASH, 0, SIGSEGV, "partial\n" },
	{ "true", "[1]\n", AB_FINDING_SILENT, 0, 0, "" },
	{ "echo; echo '  '", "[1]\n", AB_FINDING_SILENT, 0, 0, NULL },
	{ "echo end", "[1]\n", AB_FINDING_SILENT, 0, 0, "" },
	{ "echo 'leaf 1 1'; echo end; echo more", "", AB_FINDING_NONE, 0, 0,
	  "leaf 1 1\nend\nmore\n" },
	/* Stops reading at once: the rest of the input is its business. */
	{ "echo value 1", NULL, AB_FINDING_NONE, 0, 0, "value 1\n" },
};

START_TEST(single_runs)
{
	struct ab_runner *r = shell(runs[_i].script, false, 5000);
	struct ab_run_output out = { 0 };
	const char *input = runs[_i].input;
	char *big = NULL;
	if (!input) {
		big = ab_xmalloc(8u << 20);
		memset(big, '7', 8u << 20);
	}
	int e = ab_runner_run(r, input ? input : big, input ? strlen(input) : 8u << 20, &out);
	ck_assert_int_eq(e, 0);
	ck_assert_msg(out.finding == runs[_i].finding, "%s: %s", runs[_i].script,
		      ab_finding_word(out.finding));
	ck_assert(out.exited);
	ck_assert_int_eq(out.status, runs[_i].status);
	ck_assert_int_eq(out.signal, runs[_i].signal);
	if (runs[_i].out)
		ck_assert_str_eq(out.out.s, runs[_i].out);
	ck_assert_uint_eq(ab_runner_starts(r), 1);
	ab_run_output_free(&out);
	ab_runner_free(r);
	free(big);
}
END_TEST

/* Megabytes both ways at once, and on stderr too: no deadlock, every
 * byte of stdout, the first 64 KiB of stderr. */
START_TEST(large_output_both_ways)
{
	size_t len = 4u << 20;
	char *input = ab_xmalloc(len);
	for (size_t i = 0; i < len; i++)
		input[i] = (char)('a' + i % 26);
	struct ab_runner *r = shell("head -c 3000000 /dev/zero | tr '\\0' e >&2; cat", false, 20000);
	struct ab_run_output out = { 0 };
	ck_assert_int_eq(ab_runner_run(r, input, len, &out), 0);
	ck_assert_int_eq(out.finding, AB_FINDING_NONE);
	ck_assert_uint_eq(out.out.len, len);
	ck_assert(memcmp(out.out.s, input, len) == 0);
	ck_assert_uint_eq(out.err.len, AB_RUN_STDERR_KEPT);
	ck_assert(out.err_cut);
	ck_assert_int_eq(out.err.s[0], 'e');
	ab_run_output_free(&out);
	ab_runner_free(r);
	free(input);
}
END_TEST

/* Output beyond the limit stops the program. */
START_TEST(flood)
{
	argv_sh[2] = "yes leaf";
	struct ab_runner *r = ab_runner_new(&(struct ab_run_options){
		.argv = argv_sh, .timeout_ms = 20000, .output_limit = 1u << 20 });
	struct ab_run_output out = { 0 };
	ck_assert_int_eq(ab_runner_run(r, "", 0, &out), 0);
	ck_assert_int_eq(out.finding, AB_FINDING_TOO_MUCH);
	ck_assert_uint_le(out.out.len, 1u << 20);
	ab_run_output_free(&out);
	ab_runner_free(r);

	/* The default limit: 16 MiB, stderr counted. */
	r = shell("yes leaf >&2", false, 60000);
	ck_assert_int_eq(ab_runner_run(r, "", 0, &out), 0);
	ck_assert_int_eq(out.finding, AB_FINDING_TOO_MUCH);
	ab_run_output_free(&out);
	ab_runner_free(r);
}
END_TEST

/* A hang is stopped at the deadline, with everything the program
 * started; a program that ends while something it started holds the pipe
 * open is not kept waiting for. */
START_TEST(timeouts_kill_the_group)
{
	char pidfile[128], script[256];
	temp_path(pidfile, sizeof pidfile, "pid");
	snprintf(script, sizeof script, "sleep 100 & echo $! > %s; wait", pidfile);
	struct ab_runner *r = shell(script, false, 300);
	struct ab_run_output out = { 0 };
	double t0 = now();
	ck_assert_int_eq(ab_runner_run(r, "", 0, &out), 0);
	double took = now() - t0;
	ck_assert_int_eq(out.finding, AB_FINDING_TIMEOUT);
	ck_assert(!out.exited);
	ck_assert_msg(took >= 0.25 && took < 3, "%.3f s", took);
	ck_assert(gone(read_pid(pidfile)));
	ab_runner_free(r);
	unlink(pidfile);

	snprintf(script, sizeof script, "sleep 100 & echo $! > %s; echo value 3", pidfile);
	r = shell(script, false, 5000);
	t0 = now();
	ck_assert_int_eq(ab_runner_run(r, "", 0, &out), 0);
	took = now() - t0;
	ck_assert_int_eq(out.finding, AB_FINDING_NONE);
	ck_assert_str_eq(out.out.s, "value 3\n");
	ck_assert(gone(read_pid(pidfile)));
	ab_run_output_free(&out);
	ab_runner_free(r);
	unlink(pidfile);
}
END_TEST

START_TEST(cannot_start)
{
	char *missing[] = { "/nonexistent/abtrace-engine", NULL };
	struct ab_runner *r = ab_runner_new(&(struct ab_run_options){
		.argv = missing, .timeout_ms = 1000 });
	struct ab_run_output out = { 0 };
	ck_assert_int_eq(ab_runner_run(r, "x\n", 2, &out), ENOENT);
	ab_runner_free(r);

	char path[128];
	temp_path(path, sizeof path, "noexec");
	FILE *f = fopen(path, "w");
	fputs("#!/bin/sh\necho hi\n", f);
	fclose(f);
	chmod(path, 0644);
	char *noexec[] = { path, NULL };
	r = ab_runner_new(&(struct ab_run_options){ .argv = noexec, .timeout_ms = 1000 });
	ck_assert_int_eq(ab_runner_run(r, "x\n", 2, &out), EACCES);
	ab_runner_free(r);
	unlink(path);
	ab_run_output_free(&out);
}
END_TEST

/* ---- --batch -------------------------------------------------------------- */

/* One process for many trees, each answer ended by "end" (white space
 * around it allowed). */
START_TEST(batch_one_process)
{
	struct ab_runner *r = shell("while read l; do echo \"got $l\"; printf ' end \\r\\n'; done",
				    true, 5000);
	struct ab_run_output out = { 0 };
	const char *inputs[] = { "a\n", "b\n", "c\n" };
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(ab_runner_run(r, inputs[i], 2, &out), 0);
		ck_assert_int_eq(out.finding, AB_FINDING_NONE);
		char want[16];
		snprintf(want, sizeof want, "got %c\n", inputs[i][0]);
		ck_assert_str_eq(out.out.s, want);
		ck_assert(!out.exited);
	}
	ck_assert_uint_eq(ab_runner_starts(r), 1);
	ab_run_output_free(&out);
	ab_runner_free(r);
}
END_TEST

/* A batch program that dies, hangs, says nothing or ends before "end" is
 * a finding, and the next tree starts it again. */
START_TEST(batch_restarts)
{
	struct ab_runner *r = shell("read l; case $l in crash) echo half; exit 4;; "
				    "hang) sleep 100;; quiet) echo end;; quit) echo bye; exit 0;; "
				    "*) echo \"ok $l\"; echo end;; esac; "
				    "while read l; do echo \"ok $l\"; echo end; done",
				    true, 300);
	struct ab_run_output out = { 0 };
	static const struct {
		const char *in;
		enum ab_finding finding;
		uint64_t starts;  /* after this tree */
	} steps[] = {
		{ "crash\n", AB_FINDING_CRASH, 1 },
		{ "x\n", AB_FINDING_NONE, 2 },
		{ "y\n", AB_FINDING_NONE, 2 },
		{ "hang\n", AB_FINDING_NONE, 2 },   /* not the first line: answered */
	};
	for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
		ck_assert_int_eq(ab_runner_run(r, steps[i].in, strlen(steps[i].in), &out), 0);
		ck_assert_msg(out.finding == steps[i].finding, "%s: %s", steps[i].in,
			      ab_finding_word(out.finding));
		ck_assert_uint_eq(ab_runner_starts(r), steps[i].starts);
	}
	/* The first line of a fresh process decides: */
	static const struct {
		const char *in;
		enum ab_finding finding;
		int status;
	} firsts[] = {
		{ "crash\n", AB_FINDING_CRASH, 4 },
		{ "hang\n", AB_FINDING_TIMEOUT, 0 },
		{ "quiet\n", AB_FINDING_SILENT, 0 },
		{ "quit\n", AB_FINDING_CRASH, 0 },
		{ "gone\n", AB_FINDING_CRASH, 0 },  /* ends at once, silent */
	};
	for (size_t i = 0; i < sizeof firsts / sizeof *firsts; i++) {
		ab_runner_free(r);
		r = shell("read l; case $l in crash) echo half; exit 4;; "
			  "hang) sleep 100;; quiet) echo end;; quit) echo bye; exit 0;; gone) exit 0;; esac; "
			  "while read l; do echo \"ok $l\"; echo end; done", true, 300);
		ck_assert_int_eq(ab_runner_run(r, firsts[i].in, strlen(firsts[i].in), &out), 0);
		ck_assert_msg(out.finding == firsts[i].finding, "%s: %s", firsts[i].in,
			      ab_finding_word(out.finding));
		ck_assert_int_eq(out.status, firsts[i].status);
		if (firsts[i].finding == AB_FINDING_CRASH)
			ck_assert(out.no_end);
		/* And the next tree is answered by a new process. */
		ck_assert_int_eq(ab_runner_run(r, "z\n", 2, &out), 0);
		if (firsts[i].finding != AB_FINDING_SILENT) {
			ck_assert_uint_eq(ab_runner_starts(r), 2);
		}
	}
	ab_run_output_free(&out);
	ab_runner_free(r);
}
END_TEST

/* A batch program that answers before it has read the whole tree would
 * read the rest as the next tree: it is started afresh. */
START_TEST(batch_answer_before_input)
{
	struct ab_runner *r = shell("echo early; echo end; sleep 1; "
				    "while read l; do echo ok; echo end; done", true, 5000);
	size_t len = 8u << 20;
	char *big = ab_xmalloc(len);
	memset(big, '[', len - 1);
	big[len - 1] = '\n';
	struct ab_run_output out = { 0 };
	ck_assert_int_eq(ab_runner_run(r, big, len, &out), 0);
	ck_assert_int_eq(out.finding, AB_FINDING_NONE);
	ck_assert_str_eq(out.out.s, "early\n");
	ck_assert_int_eq(ab_runner_run(r, "a\n", 2, &out), 0);
	ck_assert_str_eq(out.out.s, "early\n");
	ck_assert_uint_eq(ab_runner_starts(r), 2);
	ab_run_output_free(&out);
	ab_runner_free(r);
	free(big);
}
END_TEST

/* abtrace interrupted while the program runs: the program and what it
 * started die with it, and abtrace ends by the signal. */
START_TEST(sigint_kills_the_group)
{
	int sig = _i == 0 ? SIGINT : SIGTERM;
	char pidfile[128], script[256];
	temp_path(pidfile, sizeof pidfile, "sigpid");
	snprintf(script, sizeof script, "sleep 100 & echo $$ $! > %s; wait", pidfile);
	pid_t child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		/* Held where valgrind finds it when the signal ends the child
		 * (it looks for leaks then too): in use, not lost. */
		static struct ab_runner *r;
		static struct ab_run_output out;
		r = shell(script, _i == 1, 60000);
		ab_runner_run(r, "", 0, &out);
		/* Not reached: the signal ends us.  Should it not, nothing
		 * is left behind either. */
		ab_run_output_free(&out);
		ab_runner_free(r);
		_exit(0);
	}
	long shell_pid = 0, sleep_pid = 0;
	for (int i = 0; i < 500 && !sleep_pid; i++) {
		FILE *f = fopen(pidfile, "r");
		if (f) {
			if (fscanf(f, "%ld %ld", &shell_pid, &sleep_pid) != 2)
				sleep_pid = 0;
			fclose(f);
		}
		usleep(10000);
	}
	ck_assert_int_gt(sleep_pid, 0);
	kill(child, sig);
	int status;
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert(WIFSIGNALED(status));
	ck_assert_int_eq(WTERMSIG(status), sig);
	ck_assert(gone((pid_t)shell_pid));
	ck_assert(gone((pid_t)sleep_pid));
	unlink(pidfile);
}
END_TEST

/* Freeing the runner kills a batch program that is still waiting. */
START_TEST(free_kills)
{
	char pidfile[128], script[256];
	temp_path(pidfile, sizeof pidfile, "freepid");
	snprintf(script, sizeof script, "echo $$ > %s; while read l; do echo end; done", pidfile);
	struct ab_runner *r = shell(script, true, 5000);
	struct ab_run_output out = { 0 };
	ck_assert_int_eq(ab_runner_run(r, "a\n", 2, &out), 0);
	pid_t pid = read_pid(pidfile);
	ck_assert_int_eq(kill(pid, 0), 0);
	ab_runner_free(r);
	ck_assert(gone(pid));
	ab_run_output_free(&out);
	unlink(pidfile);
}
END_TEST

/* ---- Without pidfd_open -------------------------------------------------- */

/* --no-pidfd: pidfd_open refused. */
static bool no_pidfd;

/* From here on pidfd_open fails with ENOSYS, in this process and every
 * one it forks (Check's tests among them): a seccomp filter, which cannot
 * be undone, so the whole suite runs under it.  Whether the call now
 * fails so; under valgrind it already did. */
static bool refuse_pidfd_open(void)
{
#if defined(__linux__) && defined(SYS_pidfd_open)
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_pidfd_open, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { (unsigned short)(sizeof code / sizeof *code), code };
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
		printf("no seccomp filter: %s\n", strerror(errno));
	errno = 0;
	long fd = syscall(SYS_pidfd_open, getpid(), 0);
	if (fd >= 0)
		close((int)fd);
	return fd < 0 && errno == ENOSYS;
#else
	return true; /* no pidfd to refuse */
#endif
}

/* The tests ran without pidfd: the call fails in the process that ran
 * them. */
START_TEST(pidfd_refused)
{
#if defined(__linux__) && defined(SYS_pidfd_open)
	errno = 0;
	ck_assert_int_lt(syscall(SYS_pidfd_open, getpid(), 0), 0);
	ck_assert_int_eq(errno, ENOSYS);
#endif
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("run");
	TCase *tc = tcase_create("run");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, single_runs, 0, (int)(sizeof runs / sizeof *runs));
	tcase_add_test(tc, large_output_both_ways);
	tcase_add_test(tc, flood);
	tcase_add_test(tc, timeouts_kill_the_group);
	tcase_add_test(tc, cannot_start);
	tcase_add_test(tc, batch_one_process);
	tcase_add_test(tc, batch_restarts);
	tcase_add_test(tc, batch_answer_before_input);
	tcase_add_loop_test(tc, sigint_kills_the_group, 0, 2);
	tcase_add_test(tc, free_kills);
	if (no_pidfd)
		tcase_add_test(tc, pidfd_refused);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--no-pidfd") == 0) {
		no_pidfd = true;
		if (!refuse_pidfd_open()) {
			/* A sandbox that allows no filter: meson's skip. */
			printf("run-no-pidfd: skipped, pidfd_open could not be refused\n");
			return 77;
		}
		printf("pidfd_open refused (ENOSYS): the runner's fallback\n");
	}
	return ab_run_suite(suite());
}
