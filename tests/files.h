/* files.h - temporary directories and files for the tests that write
 * them (export's -o, frame sets), abtrace started with limits or signalled
 * mid-write, and a private tmpfs to fill.  Include it first: it asks for
 * _GNU_SOURCE (unshare). */
#ifndef AB_TEST_FILES_H
#define AB_TEST_FILES_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* unshare() */
#endif

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/inotify.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "runprog.h"

/* Whether a program of that name is on $PATH. */
static inline bool have_program(const char *name)
{
	const char *path = getenv("PATH");
	if (!path)
		return false;
	char *copy = strdup(path), *save = NULL;
	bool found = false;
	for (char *dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		char full[4096];
		snprintf(full, sizeof full, "%s/%s", dir, name);
		found = access(full, X_OK) == 0;
	}
	free(copy);
	return found;
}

/* A new private directory under /tmp (free it), removed with remove_dir. */
static inline char *temp_dir(void)
{
	char *dir = strdup("/tmp/abtrace-export-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	return dir;
}

static inline void remove_dir(const char *dir)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* How many entries a directory holds, . and .. not counted. */
static inline unsigned entries(const char *dir)
{
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	unsigned n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* The whole file (malloc'd), or the test fails. */
static inline char *slurp(const char *path)
{
	struct ab_diag diag;
	size_t len;
	char *text = ab_read_file(path, 1 << 26, &len, &diag);
	ck_assert_msg(text, "%s: %s", path, diag.message);
	return text;
}

/* Writes text to path with mode (not masked). */
static inline void put_file(const char *path, const char *text, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	ck_assert_int_eq(chmod(path, mode), 0);
}

/* Starts abtrace (never under the wrapper) with standard output and error
 * to errfd (or /dev/null), and a file size limit when fsize > 0. */
static inline pid_t spawn(const char *const *args, long fsize, int errfd)
{
	char *words;
	char **argv = run_argv(args, true, &words);
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		dup2(null, 0);
		dup2(errfd >= 0 ? errfd : null, 1);
		dup2(errfd >= 0 ? errfd : null, 2);
		struct rlimit none = { 0, 0 };
		setrlimit(RLIMIT_CORE, &none);
		if (fsize > 0) {
			struct rlimit lim = { (rlim_t)fsize, (rlim_t)fsize };
			setrlimit(RLIMIT_FSIZE, &lim);
		}
		signal(SIGPIPE, SIG_DFL);
		execvp(argv[0], argv);
		_exit(127);
	}
	free(argv);
	free(words);
	return pid;
}

/* Starts abtrace with args (as spawn does) and sends it sig as soon as a
 * hidden entry (a name starting with '.': a temporary file or directory)
 * appears in dir, or gives up waiting after a minute without one.
 * Returns its wait status. */
static inline int spawn_signal_on_hidden(const char *const *args, const char *dir, int sig)
{
	int in = inotify_init1(IN_CLOEXEC);
	ck_assert_int_ge(in, 0);
	ck_assert_int_ge(inotify_add_watch(in, dir, IN_CREATE), 0);
	pid_t pid = spawn(args, 0, -1);
	/* The program at the lowest priority, so that on a loaded machine
	 * this process, woken by inotify, runs before the write ends. */
	setpriority(PRIO_PROCESS, (id_t)pid, 19);
	struct pollfd pfd = { .fd = in, .events = POLLIN };
	bool sent = false;
	while (!sent && poll(&pfd, 1, 60000) > 0) {
		char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
		ssize_t n = read(in, buf, sizeof buf);
		for (ssize_t at = 0; at < n && !sent;) {
			const struct inotify_event *ev = (const void *)(buf + at);
			if (ev->len && ev->name[0] == '.') {
				kill(pid, sig);
				sent = true;
			}
			at += (ssize_t)(sizeof *ev + ev->len);
		}
	}
	close(in);
	int wstatus;
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	return wstatus;
}

/* Runs child(dir) in a child process with a private mount namespace and a
 * tmpfs of size (e.g. "64k") mounted on dir, never seen outside it: a
 * small disk to fill, and device nodes that are not the real /dev's.
 * Returns child's exit status, or 77 when that needs what we lack (root:
 * unshare, mount), which the caller reports as a skip. */
static inline int in_private_tmpfs(const char *dir, const char *size,
				   int (*child)(const char *dir))
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		char options[64];
		snprintf(options, sizeof options, "size=%s", size);
		if (unshare(CLONE_NEWNS) != 0) {
			fprintf(stderr, "unshare: %s\n", strerror(errno));
			_exit(77);
		}
		if (mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) != 0 ||
		    mount("abtrace-test", dir, "tmpfs", 0, options) != 0) {
			fprintf(stderr, "mount: %s\n", strerror(errno));
			_exit(77);
		}
		_exit(child(dir));
	}
	int wstatus;
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	ck_assert(WIFEXITED(wstatus));
	return WEXITSTATUS(wstatus);
}

#endif
