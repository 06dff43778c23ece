/* atomic.c - replace a regular file through a temporary one (fsync,
 * rename), write anything else in place; see atomic.h for which is which.
 */
#include "base/atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/str.h"

enum { MAX_LINKS = 40 }; /* symlinks followed, as the kernel does */

/* The directory part of path, "." when there is none. */
static void dir_of(const char *path, struct ab_str *out)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		ab_str_add(out, ".");
	else if (slash == path)
		ab_str_add(out, "/");
	else
		ab_str_addn(out, path, (size_t)(slash - path));
}

static int write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		if (n == 0)
			return EIO;
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* ---- Signals while a temporary file exists ------------------------------ */

static const int fatal_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
enum { NFATAL = sizeof fatal_signals / sizeof fatal_signals[0] };

/* The temporary file's name while it exists, for the handler. */
static char *volatile armed_name;

static void on_fatal_signal(int sig)
{
	int saved = errno;
	char *name = armed_name;
	if (name)
		unlink(name);
	/* End as the signal would have ended us: 128 + sig to the shell. */
	signal(sig, SIG_DFL);
	raise(sig);
	errno = saved;
}

struct guard {
	struct sigaction old[NFATAL], old_xfsz;
	sigset_t mask, old_mask;
};

/* Blocks the fatal signals while handlers go in (and the name is set). */
static void guard_block(struct guard *g)
{
	sigemptyset(&g->mask);
	for (int i = 0; i < NFATAL; i++)
		sigaddset(&g->mask, fatal_signals[i]);
	sigprocmask(SIG_BLOCK, &g->mask, &g->old_mask);
}

static void guard_unblock(struct guard *g)
{
	sigprocmask(SIG_SETMASK, &g->old_mask, NULL);
}

static void guard_install(struct guard *g)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	sa.sa_mask = g->mask;
	for (int i = 0; i < NFATAL; i++) {
		sigaction(fatal_signals[i], NULL, &g->old[i]);
		/* A signal the caller ignores stays ignored (nohup). */
		if (g->old[i].sa_handler != SIG_IGN)
			sigaction(fatal_signals[i], &sa, NULL);
	}
	/* A file size limit (ulimit -f) is then an EFBIG from write(). */
	struct sigaction ign;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigaction(SIGXFSZ, &ign, &g->old_xfsz);
}

static void guard_remove(struct guard *g)
{
	for (int i = 0; i < NFATAL; i++)
		sigaction(fatal_signals[i], &g->old[i], NULL);
	sigaction(SIGXFSZ, &g->old_xfsz, NULL);
}

/* ---- Writing in place ------------------------------------------------------- */

/* A FIFO, a terminal, a device, a hard-linked file, our own standard
 * output: opened and written, never replaced.  fd >= 0 writes there. */
static int write_in_place(const char *path, int fd, bool regular,
			  const char *data, size_t len)
{
	struct guard g;
	guard_block(&g);
	guard_install(&g);
	guard_unblock(&g);
	bool own = fd < 0;
	int err = 0;
	if (own) {
		fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (regular ? O_TRUNC : 0));
		if (fd < 0)
			err = errno;
	}
	if (!err)
		err = write_all(fd, data, len);
	if (!err && regular && fsync(fd) != 0)
		err = errno;
	if (own && fd >= 0 && close(fd) != 0 && !err)
		err = errno;
	guard_remove(&g);
	return err;
}

/* ---- Replacing a regular file ----------------------------------------------- */

/* Where path leads through symlinks, even to a file that does not exist
 * yet (a dangling link names the file to create). */
static int follow_links(const char *path, struct ab_str *target)
{
	ab_str_add(target, path);
	for (int hops = 0;; hops++) {
		struct stat st;
		if (lstat(target->s, &st) != 0)
			return errno == ENOENT ? 0 : errno;
		if (!S_ISLNK(st.st_mode))
			return 0;
		if (hops == MAX_LINKS)
			return ELOOP;
		size_t size = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
		char *link = ab_xmalloc(size);
		ssize_t n = readlink(target->s, link, size);
		if (n < 0 || (size_t)n >= size) {
			int err = n < 0 ? errno : ENAMETOOLONG;
			free(link);
			return err;
		}
		link[n] = '\0';
		struct ab_str next = AB_STR_INIT;
		if (link[0] != '/') {
			dir_of(target->s, &next);
			ab_str_addc(&next, '/');
		}
		ab_str_add(&next, link);
		free(link);
		ab_str_free(target);
		*target = next;
	}
}

/* Writes a temporary file beside target and renames it over target; old is
 * the file replaced (its mode and owner kept), or NULL for a new file. */
static int replace(const char *target, const struct stat *old, const char *data,
		   size_t len)
{
	struct ab_str dir = AB_STR_INIT, tmp = AB_STR_INIT;
	dir_of(target, &dir);
	const char *base = strrchr(target, '/');
	base = base ? base + 1 : target;
	if (!*base) {
		ab_str_free(&dir);
		return EISDIR;
	}
	ab_str_addf(&tmp, "%s/.%s.XXXXXX", ab_str_cstr(&dir), base);
	struct guard g;
	guard_block(&g);
	guard_install(&g);
	int err = 0;
	int fd = mkstemp(tmp.s);
	if (fd < 0)
		err = errno;
	else
		armed_name = tmp.s;
	guard_unblock(&g);
	if (err)
		goto out;
	mode_t mode;
	if (old) {
		mode = old->st_mode & 07777;
		/* Keeps the owner where we may (root replacing a user's file);
		 * elsewhere the new file is ours, as any editor's would be. */
		if ((old->st_uid != geteuid() || old->st_gid != getegid()) &&
		    fchown(fd, old->st_uid, old->st_gid) != 0) {
			/* Not allowed: the new file is ours. */
		}
	} else {
		/* mkstemp makes the file private; give it the mode a plain
		 * creat() would have. */
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(fd, mode) != 0 || (err = write_all(fd, data, len)) != 0 ||
	    fsync(fd) != 0) {
		if (!err)
			err = errno;
		close(fd);
		goto out;
	}
	if (close(fd) != 0 || rename(tmp.s, target) != 0) {
		err = errno;
		goto out;
	}
	guard_block(&g);
	armed_name = NULL;
	guard_unblock(&g);
	/* Make the rename itself durable; a failure here loses nothing. */
	int dfd = open(ab_str_cstr(&dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
out:
	guard_block(&g);
	if (armed_name) {
		unlink(armed_name);
		armed_name = NULL;
	}
	guard_unblock(&g);
	guard_remove(&g);
	ab_str_free(&dir);
	ab_str_free(&tmp);
	return err;
}

int ab_write_file_atomic(const char *path, const char *data, size_t len)
{
	if (!*path)
		return ENOENT;
	struct stat st;
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return EISDIR;
		/* -o /dev/stdout, or the file standard output goes to already
		 * (opened by the shell, maybe for appending): write there. */
		struct stat out;
		if (fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == st.st_dev &&
		    out.st_ino == st.st_ino)
			return write_in_place(path, STDOUT_FILENO, false, data, len);
		if (!S_ISREG(st.st_mode) || st.st_nlink > 1)
			return write_in_place(path, -1, S_ISREG(st.st_mode), data, len);
	} else if (errno != ENOENT) {
		return errno;
	}
	struct ab_str target = AB_STR_INIT;
	int err = follow_links(path, &target);
	if (!err)
		err = replace(target.s, stat(target.s, &st) == 0 ? &st : NULL, data, len);
	ab_str_free(&target);
	return err;
}
