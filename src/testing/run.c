/* run.c - starting the tested program, feeding it, reading it, and killing
 * it on every way out (see run.h).
 *
 * One loop per tree polls the three pipes (and, on Linux, a pidfd that
 * becomes readable when the program ends) until the program has ended or,
 * with batch, printed its "end" line; the deadline is the poll's timeout.
 * A program's end is seen with waitid(WNOWAIT), so its pid stays a zombie,
 * and its process group reserved, until the group has been killed:
 * killing the group never hits an unrelated process that reused the id.
 */
#define _GNU_SOURCE /* pipe2, O_CLOEXEC */
#include "testing/run.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

static const char *const finding_words[] = {
#define AB_FINDING_WORD(name, word) word,
	AB_FINDINGS(AB_FINDING_WORD)
#undef AB_FINDING_WORD
};

const char *ab_finding_word(enum ab_finding finding)
{
	return (unsigned)finding < AB_FINDING_COUNT ? finding_words[finding] : "?";
}

/* ---- Signals: the running group dies with us ----------------------------- */

static const int fatal_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
enum { NFATAL = sizeof fatal_signals / sizeof fatal_signals[0] };

/* The process group of the program running now, for the handler; 0: none.
 * One runner at a time owns it. */
static volatile sig_atomic_t running_group;

static void on_fatal_signal(int sig)
{
	int saved = errno;
	pid_t group = (pid_t)running_group;
	if (group > 0)
		kill(-group, SIGKILL);
	/* End as the signal would have ended us: 128 + sig to the shell. */
	signal(sig, SIG_DFL);
	raise(sig);
	errno = saved;
}

struct ab_runner {
	struct ab_run_options o;
	pid_t pid;             /* the program, or 0 */
	int in, out, err;      /* our ends of its pipes, or -1 */
	int pidfd;             /* readable once it ends, or -1 */
	bool ended;            /* its end was seen (not yet reaped) */
	siginfo_t end;         /* how it ended */
	uint64_t starts;
	struct sigaction old[NFATAL], old_pipe;
	sigset_t fatal;
};

static void block_fatal(const struct ab_runner *r, sigset_t *old)
{
	sigprocmask(SIG_BLOCK, &r->fatal, old);
}

static void restore_mask(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

struct ab_runner *ab_runner_new(const struct ab_run_options *options)
{
	struct ab_runner *r = ab_xcalloc(1, sizeof *r);
	r->o = *options;
	if (!r->o.output_limit)
		r->o.output_limit = AB_RUN_OUTPUT_LIMIT;
	if (!r->o.timeout_ms)
		r->o.timeout_ms = AB_RUN_TIMEOUT_MS;
	r->in = r->out = r->err = r->pidfd = -1;
	sigemptyset(&r->fatal);
	for (int i = 0; i < NFATAL; i++)
		sigaddset(&r->fatal, fatal_signals[i]);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	sa.sa_mask = r->fatal;
	sigset_t old;
	block_fatal(r, &old);
	for (int i = 0; i < NFATAL; i++) {
		sigaction(fatal_signals[i], NULL, &r->old[i]);
		/* A signal the caller ignores stays ignored (nohup). */
		if (r->old[i].sa_handler != SIG_IGN)
			sigaction(fatal_signals[i], &sa, NULL);
	}
	restore_mask(&old);
	/* A program that stops reading is an EPIPE from write(), not our
	 * death. */
	struct sigaction ign;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &ign, &r->old_pipe);
	return r;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Kills the whole group and reaps the program: after this nothing it
 * started is left (but what left the group on purpose). */
static void stop(struct ab_runner *r)
{
	if (r->pid <= 0)
		return;
	sigset_t old;
	block_fatal(r, &old);
	kill(-r->pid, SIGKILL);
	kill(r->pid, SIGKILL); /* should setpgid have failed */
	while (waitpid(r->pid, NULL, 0) < 0 && errno == EINTR)
		;
	running_group = 0;
	r->pid = 0;
	restore_mask(&old);
	close_fd(&r->in);
	close_fd(&r->out);
	close_fd(&r->err);
	close_fd(&r->pidfd);
	r->ended = false;
}

void ab_runner_free(struct ab_runner *runner)
{
	if (!runner)
		return;
	stop(runner);
	for (int i = 0; i < NFATAL; i++)
		sigaction(fatal_signals[i], &runner->old[i], NULL);
	sigaction(SIGPIPE, &runner->old_pipe, NULL);
	free(runner);
}

uint64_t ab_runner_starts(const struct ab_runner *runner)
{
	return runner->starts;
}

void ab_run_output_free(struct ab_run_output *out)
{
	ab_str_free(&out->out);
	ab_str_free(&out->err);
}

/* ---- Starting ------------------------------------------------------------ */

/* In the child, between fork and exec: only async-signal-safe calls. */
static _Noreturn void child(const struct ab_runner *r, int in, int out, int err,
			    int report, pid_t parent)
{
	setpgid(0, 0);
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127); /* abtrace died before the line above */
#else
	(void)parent;
#endif
	if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
		goto fail;
	/* Ignored signals stay ignored across exec: the program gets the
	 * defaults (ours too, should one come before the exec), and no
	 * blocked signal. */
	signal(SIGPIPE, SIG_DFL);
	for (int i = 0; i < NFATAL; i++) {
		struct sigaction now;
		if (sigaction(fatal_signals[i], NULL, &now) == 0 &&
		    now.sa_handler == on_fatal_signal)
			signal(fatal_signals[i], SIG_DFL);
	}
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execvp(r->o.argv[0], r->o.argv);
fail:;
	int e = errno;
	ssize_t n = write(report, &e, sizeof e);
	(void)n;
	_exit(127);
}

static int start(struct ab_runner *r)
{
	int in[2], out[2], err[2], report[2];
	if (pipe2(in, O_CLOEXEC) < 0)
		return errno;
	if (pipe2(out, O_CLOEXEC) < 0) {
		int e = errno;
		close(in[0]), close(in[1]);
		return e;
	}
	if (pipe2(err, O_CLOEXEC) < 0) {
		int e = errno;
		close(in[0]), close(in[1]), close(out[0]), close(out[1]);
		return e;
	}
	if (pipe2(report, O_CLOEXEC) < 0) {
		int e = errno;
		close(in[0]), close(in[1]), close(out[0]), close(out[1]);
		close(err[0]), close(err[1]);
		return e;
	}
	pid_t parent = getpid();
	sigset_t old;
	block_fatal(r, &old);
	pid_t pid = fork();
	if (pid == 0)
		child(r, in[0], out[1], err[1], report[1], parent);
	int fork_errno = errno;
	if (pid > 0) {
		setpgid(pid, pid); /* also here, so the group exists now */
		r->pid = pid;
		running_group = pid;
	}
	restore_mask(&old);
	close(in[0]), close(out[1]), close(err[1]), close(report[1]);
	if (pid < 0) {
		close(in[1]), close(out[0]), close(err[0]), close(report[0]);
		return fork_errno;
	}
	r->in = in[1];
	r->out = out[0];
	r->err = err[0];
	r->starts++;
	/* The exec's outcome: end of file (it ran), or its errno. */
	int e = 0;
	ssize_t n;
	while ((n = read(report[0], &e, sizeof e)) < 0 && errno == EINTR)
		;
	close(report[0]);
	if (n == (ssize_t)sizeof e) {
		stop(r);
		return e ? e : ENOEXEC;
	}
	fcntl(r->in, F_SETFL, fcntl(r->in, F_GETFL) | O_NONBLOCK);
	fcntl(r->out, F_SETFL, fcntl(r->out, F_GETFL) | O_NONBLOCK);
	fcntl(r->err, F_SETFL, fcntl(r->err, F_GETFL) | O_NONBLOCK);
#if defined(__linux__) && defined(SYS_pidfd_open)
	/* Linux 5.3 and later; before, or under valgrind (which does not
	 * know the call), ENOSYS: the loop then looks for the end with
	 * waitid every 20 ms, and the call is not tried again. */
	static bool no_pidfd;
	if (!no_pidfd) {
		r->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
		if (r->pidfd >= 0)
			fcntl(r->pidfd, F_SETFD, FD_CLOEXEC);
		else if (errno == ENOSYS)
			no_pidfd = true;
	}
#endif
	return 0;
}

/* ---- One tree ------------------------------------------------------------ */

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Whether the program has ended; its pid stays reserved (WNOWAIT). */
static bool has_ended(struct ab_runner *r)
{
	if (r->ended)
		return true;
	siginfo_t info;
	memset(&info, 0, sizeof info);
	if (waitid(P_PID, (id_t)r->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
	    info.si_pid == r->pid) {
		r->end = info;
		r->ended = true;
	}
	return r->ended;
}

/* Waits (without a pidfd) until the program ends or the deadline passes. */
static bool wait_end(struct ab_runner *r, int64_t deadline)
{
	long pause_us = 50;
	while (!has_ended(r)) {
		if (now_ms() >= deadline)
			return false;
		struct timespec ts = { 0, pause_us * 1000 };
		nanosleep(&ts, NULL);
		if (pause_us < 5000)
			pause_us *= 2;
	}
	return true;
}

/* Whether out holds only white space. */
static bool blank(const struct ab_str *s)
{
	for (size_t i = 0; i < s->len; i++)
		if (s->s[i] != ' ' && s->s[i] != '\t' && s->s[i] != '\n' && s->s[i] != '\r')
			return false;
	return true;
}

/* Batch: looks for a line "end" in out from *scan on; when found, cuts out
 * there and returns true. */
static bool find_end(struct ab_str *out, size_t *scan)
{
	for (;;) {
		char *nl = memchr(out->s + *scan, '\n', out->len - *scan);
		if (!nl)
			return false;
		size_t start = *scan, stop = (size_t)(nl - out->s);
		*scan = stop + 1;
		while (start < stop && (out->s[start] == ' ' || out->s[start] == '\t'))
			start++;
		while (stop > start && (out->s[stop - 1] == ' ' || out->s[stop - 1] == '\t' ||
					out->s[stop - 1] == '\r'))
			stop--;
		if (stop - start == 3 && memcmp(out->s + start, "end", 3) == 0) {
			/* Everything before the line that holds it. */
			size_t line = start;
			while (line > 0 && out->s[line - 1] != '\n')
				line--;
			ab_str_truncate(out, line);
			return true;
		}
	}
}

/* Reads what fd has; false at its end (fd closed). *total counts bytes
 * against the limit; into gets at most keep bytes in all. */
static bool drain(int *fd, struct ab_str *into, size_t keep, size_t *total,
		  bool *cut)
{
	char buf[65536];
	for (;;) {
		ssize_t n = read(*fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return true;
		if (n <= 0) {
			close_fd(fd);
			return false;
		}
		*total += (size_t)n;
		size_t room = into->len < keep ? keep - into->len : 0;
		if ((size_t)n > room && cut)
			*cut = true;
		ab_str_addn(into, buf, (size_t)n < room ? (size_t)n : room);
		if ((size_t)n < sizeof buf)
			return true;
	}
}

int ab_runner_run(struct ab_runner *r, const char *input, size_t len,
		  struct ab_run_output *res)
{
	if (r->pid <= 0) {
		int e = start(r);
		if (e)
			return e;
	}
	ab_str_clear(&res->out);
	ab_str_clear(&res->err);
	res->finding = AB_FINDING_NONE;
	res->exited = res->no_end = res->err_cut = false;
	res->status = res->signal = 0;
	if (!res->out.s)
		ab_str_add(&res->out, "");

	int64_t deadline = now_ms() + r->o.timeout_ms;
	size_t pos = 0, total = 0, scan = 0;
	bool got_end = false, timed_out = false, flooded = false;
	if (len == 0 && !r->o.batch)
		close_fd(&r->in);
	for (;;) {
		struct pollfd fds[4];
		int nfds = 0, at_in = -1, at_out = -1, at_err = -1, at_pid = -1;
		if (r->in >= 0 && pos < len) {
			at_in = nfds;
			fds[nfds++] = (struct pollfd){ r->in, POLLOUT, 0 };
		}
		if (r->out >= 0) {
			at_out = nfds;
			fds[nfds++] = (struct pollfd){ r->out, POLLIN, 0 };
		}
		if (r->err >= 0) {
			at_err = nfds;
			fds[nfds++] = (struct pollfd){ r->err, POLLIN, 0 };
		}
		if (r->pidfd >= 0 && !r->ended) {
			at_pid = nfds;
			fds[nfds++] = (struct pollfd){ r->pidfd, POLLIN, 0 };
		}
		/* Done: both outputs closed (the program's end follows), or
		 * the pidfd said it ended and nothing is left to read. */
		if (r->out < 0 && r->err < 0)
			break;
		int64_t left = deadline - now_ms();
		if (left <= 0) {
			timed_out = !r->ended;
			break;
		}
		/* Without a pidfd, look for the program's end now and then:
		 * something it left running may hold the pipes open. */
		int64_t wait = r->pidfd < 0 ? 20 : 1000000;
		int n = poll(fds, (nfds_t)nfds, (int)(left < wait ? left : wait));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (at_in >= 0 && fds[at_in].revents) {
			size_t chunk = len - pos < 65536 ? len - pos : 65536;
			ssize_t w = write(r->in, input + pos, chunk);
			if (w > 0)
				pos += (size_t)w;
			else if (w < 0 && errno != EAGAIN && errno != EINTR)
				close_fd(&r->in); /* it stopped reading: its business */
			if (pos == len && !r->o.batch)
				close_fd(&r->in);
		}
		if (at_out >= 0 && fds[at_out].revents) {
			drain(&r->out, &res->out, r->o.output_limit, &total, NULL);
			if (r->o.batch && find_end(&res->out, &scan)) {
				got_end = true;
				break;
			}
		}
		if (at_err >= 0 && fds[at_err].revents)
			drain(&r->err, &res->err, AB_RUN_STDERR_KEPT, &total, &res->err_cut);
		if (total > r->o.output_limit) {
			flooded = true;
			break;
		}
		if ((at_pid >= 0 ? fds[at_pid].revents != 0 : !r->ended) && has_ended(r)) {
			/* Whatever it left running goes now; the pipes then
			 * reach their end. */
			kill(-r->pid, SIGKILL);
		}
	}
	if (got_end) {
		/* What it wrote to stderr for this tree, so far. */
		if (r->err >= 0)
			drain(&r->err, &res->err, AB_RUN_STDERR_KEPT, &total, &res->err_cut);
		if (total > r->o.output_limit)
			res->finding = AB_FINDING_TOO_MUCH;
		else
			res->finding = blank(&res->out) ? AB_FINDING_SILENT : AB_FINDING_NONE;
		/* A program that answered before it read the whole tree would
		 * read the rest as the next one: it starts afresh. */
		if (res->finding == AB_FINDING_TOO_MUCH || pos < len)
			stop(r);
		return 0;
	}
	res->no_end = r->o.batch;
	if (!r->o.batch) {
		/* A program written for both ways ends its log with "end"
		 * without --batch too: that line is no output. */
		size_t last = res->out.len;
		while (last > 0 && strchr(" \t\r\n", res->out.s[last - 1]))
			last--;
		while (last > 0 && res->out.s[last - 1] != '\n')
			last--;
		find_end(&res->out, &last);
	}
	if (!timed_out && !flooded && !r->ended) {
		if (r->pidfd >= 0) {
			int64_t left = deadline - now_ms();
			struct pollfd p = { r->pidfd, POLLIN, 0 };
			while (left > 0 && poll(&p, 1, (int)left) < 0 && errno == EINTR)
				left = deadline - now_ms();
			has_ended(r);
		} else {
			wait_end(r, deadline);
		}
		timed_out = !r->ended;
	}
	if (r->ended) {
		res->exited = true;
		if (r->end.si_code == CLD_EXITED)
			res->status = r->end.si_status;
		else
			res->signal = r->end.si_status;
	}
	stop(r);
	if (flooded)
		res->finding = AB_FINDING_TOO_MUCH;
	else if (timed_out)
		res->finding = AB_FINDING_TIMEOUT;
	else if (res->signal || res->status)
		res->finding = AB_FINDING_CRASH;
	else if (r->o.batch)
		res->finding = AB_FINDING_CRASH; /* it ended before "end" */
	else if (blank(&res->out))
		res->finding = AB_FINDING_SILENT;
	return 0;
}
