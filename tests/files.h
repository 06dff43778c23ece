/* files.h - temporary directories and files for the tests that write
 * them (export's -o, frame sets), and abtrace started with limits. */
#ifndef AB_TEST_FILES_H
#define AB_TEST_FILES_H

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
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

#endif
