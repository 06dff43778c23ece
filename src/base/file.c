/* file.c - reading a whole input file, and finding the bundled data.
 *
 * Every input (trees, answers, lessons) is read whole, with a stated size
 * limit and without blocking on a FIFO nobody writes to.  Bundled data is
 * looked up in the source tree when the program runs from its build
 * directory (so tests and a fresh checkout work without installing), else
 * in the installed data dir.
 */
#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/utf8.h"
#include "config.h"

/* ---- Reading ---------------------------------------------------------- */

static void too_large(struct ab_diag *diag, size_t limit)
{
	if (limit % (1024u * 1024u) == 0)
		ab_diag_set(diag, "file too large: over %zu MiB",
			    limit / (1024u * 1024u));
	else
		ab_diag_set(diag, "file too large: over %zu bytes", limit);
}

static void describe(struct ab_str *out, const char *path)
{
	if (strcmp(path, "-") == 0) {
		ab_str_add(out, "standard input");
		return;
	}
	ab_str_addc(out, '\'');
	ab_utf8_add_name(out, path);
	ab_str_addc(out, '\'');
}

void ab_file_error(struct ab_diag *diag, const char *verb,
		       const char *path, int err)
{
	struct ab_str what = AB_STR_INIT;
	describe(&what, path);
	ab_diag_set(diag, "cannot %s %s: %s", verb, ab_str_cstr(&what),
		    strerror(err));
	ab_str_free(&what);
}

/* Reads fd (opened on path, or standard input) whole, then closes it
 * unless it is standard input. */
static char *read_all(int fd, bool is_stdin, const char *path, size_t limit,
		      size_t *len, struct ab_diag *diag)
{
	if (!is_stdin) {
		int flags = fcntl(fd, F_GETFL);
		if (flags >= 0)
			fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	}
	char *buf = NULL;
	struct stat st;
	if (fstat(fd, &st) != 0) {
		ab_file_error(diag, is_stdin ? "read" : "open", path, errno);
		goto fail;
	}
	if (S_ISDIR(st.st_mode)) {
		ab_file_error(diag, "read", path, EISDIR);
		goto fail;
	}
	/* A regular file's size is a good first guess; pipes and devices
	 * grow the buffer as they go.  One byte more than the limit is asked
	 * for, so that a file just over it is caught. */
	size_t cap = 64 * 1024;
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		if ((unsigned long long)st.st_size > limit) {
			too_large(diag, limit);
			goto fail;
		}
		cap = (size_t)st.st_size + 1;
	}
	buf = ab_xmalloc(cap + 1);
	size_t n = 0;
	for (;;) {
		if (n == cap) {
			if (cap > limit) {
				too_large(diag, limit);
				goto fail;
			}
			cap = cap > limit / 2 ? limit + 1 : cap * 2;
			buf = ab_xrealloc(buf, cap + 1);
		}
		ssize_t got = read(fd, buf + n, cap - n);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			ab_file_error(diag, "read", path, errno);
			goto fail;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > limit) {
			too_large(diag, limit);
			goto fail;
		}
	}
	if (!is_stdin)
		close(fd);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
fail:
	free(buf);
	if (!is_stdin)
		close(fd);
	return NULL;
}

char *ab_read_file(const char *path, size_t limit, size_t *len,
		   struct ab_diag *diag)
{
	bool is_stdin = strcmp(path, "-") == 0;
	/* O_NONBLOCK only for the open: a named pipe nobody writes to would
	 * block it forever; opened this way, it reads as empty instead. */
	int fd = is_stdin ? STDIN_FILENO
			  : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		ab_file_error(diag, "open", path, errno);
		return NULL;
	}
	return read_all(fd, is_stdin, path, limit, len, diag);
}

/* ---- Files a user did not choose ------------------------------------------ */

static enum ab_file_kind kind_of_mode(mode_t mode)
{
	return S_ISREG(mode) ? AB_FILE_REGULAR
	       : S_ISLNK(mode) ? AB_FILE_LINK
	       : S_ISDIR(mode) ? AB_FILE_DIRECTORY
	       : S_ISFIFO(mode) ? AB_FILE_FIFO
	       : S_ISCHR(mode) || S_ISBLK(mode) ? AB_FILE_DEVICE
	       : S_ISSOCK(mode) ? AB_FILE_SOCKET
	       : AB_FILE_UNKNOWN;
}

enum ab_file_kind ab_file_kind_at(int dirfd, const char *path, bool follow)
{
	struct stat st;
	if (fstatat(dirfd, path, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errno == ENOENT || errno == ENOTDIR ? AB_FILE_MISSING : AB_FILE_UNKNOWN;
	if (!S_ISLNK(st.st_mode) || !follow)
		return kind_of_mode(st.st_mode);
	if (fstatat(dirfd, path, &st, 0) != 0)
		return errno == ENOENT || errno == ENOTDIR ? AB_FILE_DANGLING
		       : errno == ELOOP ? AB_FILE_LOOP : AB_FILE_UNKNOWN;
	return kind_of_mode(st.st_mode);
}

char *ab_read_regular(const char *path, bool follow, size_t limit, size_t *len,
		      enum ab_file_kind *kind, struct ab_diag *diag)
{
	*kind = AB_FILE_REGULAR;
	/* O_NOFOLLOW: a link in the last component fails with ELOOP rather
	 * than open what it points at; O_NONBLOCK: a FIFO opens at once, to
	 * be refused below. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (follow ? 0 : O_NOFOLLOW));
	if (fd < 0) {
		int err = errno;
		enum ab_file_kind k = ab_file_kind_at(AT_FDCWD, path, follow);
		if (k == AB_FILE_LINK || k == AB_FILE_DANGLING || k == AB_FILE_LOOP)
			*kind = k;
		else if (err == ELOOP)
			*kind = follow ? AB_FILE_LOOP : AB_FILE_LINK;
		ab_file_error(diag, "open", path, err);
		return NULL;
	}
	/* What was opened, not what the path said a moment before. */
	struct stat st;
	if (fstat(fd, &st) != 0) {
		ab_file_error(diag, "open", path, errno);
		close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		*kind = kind_of_mode(st.st_mode);
		ab_diag_set(diag, "not a regular file");
		close(fd);
		return NULL;
	}
	return read_all(fd, false, path, limit, len, diag);
}

/* ---- Bundled data ------------------------------------------------------ */

static bool is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool ab_running_from_build(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	size_t root = strlen(ABTRACE_BUILD_ROOT);
	return strncmp(exe, ABTRACE_BUILD_ROOT, root) == 0 && exe[root] == '/';
}

/* Tries base/subdir/name (or the directory itself when name is NULL). */
static bool try_dir(const char *base, const char *subdir, const char *name,
		    struct ab_str *out)
{
	if (!base || !*base)
		return false;
	struct ab_str path = AB_STR_INIT;
	ab_str_addf(&path, "%s/%s", base, subdir);
	if (name)
		ab_str_addf(&path, "/%s", name);
	bool found = name ? is_file(path.s) : is_dir(path.s);
	if (found)
		ab_str_add(out, path.s);
	ab_str_free(&path);
	return found;
}

static bool find_data_in(const char *subdir, const char *name,
		      struct ab_str *out)
{
	if (try_dir(getenv("ABTRACE_DATADIR"), subdir, name, out))
		return true;
	const char *first = ABTRACE_DATADIR, *second = ABTRACE_SOURCE_ROOT;
	if (ab_running_from_build()) {
		first = ABTRACE_SOURCE_ROOT;
		second = ABTRACE_DATADIR;
	}
	return try_dir(first, subdir, name, out) ||
	       try_dir(second, subdir, name, out);
}

bool ab_find_data(const char *subdir, const char *name, struct ab_str *out)
{
	return find_data_in(subdir, name, out);
}

