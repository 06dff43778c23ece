/* atomic.c - replace a regular file through a temporary one (fsync,
 * rename), write anything else in place; and replace a directory by a set
 * of files written into a private one beside it.  See atomic.h for which
 * is which.
 */
#define _GNU_SOURCE /* renameat2, RENAME_NOREPLACE, RENAME_EXCHANGE */
#include "base/atomic.h"

#include <dirent.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/magic.h>
#include <sys/vfs.h>
#endif

#include "base/str.h"

enum { MAX_LINKS = 40 }; /* symlinks followed, as the kernel does */

/* A watched write: the stop flag is looked at every WATCH_MS while
 * waiting, and between pieces of at most WATCH_CHUNK bytes. */
enum { WATCH_MS = 50, WATCH_CHUNK = 64 * 1024 };

/* Outcomes of a watched write, beside the errno values (all positive). */
enum { STOPPED = -1, NO_READER = -2, OWN_TERMINAL = -3 };

/* How a single file is written: for the command line (handlers of our own
 * remove the temporary file; a FIFO is waited on) or for an interactive
 * program (its handlers left alone, its stop flag watched, nothing waited
 * on, its terminal refused). */
struct how {
	bool guard;                         /* install our own handlers */
	const volatile sig_atomic_t *stop;  /* watched: set, the write stops */
	const int *terminals;               /* descriptors of the caller's terminal */
	size_t nterminals;
};

static bool stopped(const struct how *how)
{
	return how->stop && *how->stop;
}

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

/* Waits until fd (a pipe or a terminal, opened non-blocking) takes more,
 * or the stop flag is set. */
static int wait_writable(int fd, const struct how *how)
{
	for (;;) {
		if (stopped(how))
			return STOPPED;
		struct pollfd p = { .fd = fd, .events = POLLOUT };
		int n = poll(&p, 1, WATCH_MS);
		if (n > 0)
			return 0; /* writable, or an error the next write names */
		if (n < 0 && errno != EINTR)
			return errno;
	}
}

static int write_all(int fd, const char *data, size_t len, const struct how *how)
{
	while (len > 0) {
		if (stopped(how))
			return STOPPED;
		size_t piece = how->stop && len > WATCH_CHUNK ? WATCH_CHUNK : len;
		ssize_t n = write(fd, data, piece);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (how->stop && (errno == EAGAIN || errno == EWOULDBLOCK)) {
				int err = wait_writable(fd, how);
				if (err)
					return err;
				continue;
			}
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

/* A directory of files to remove: names[0..count) in the directory fd,
 * then the directory itself, called name in parent. */
struct sweep {
	int fd, parent;
	char **names;
	size_t count;
	const char *name;
};

/* The one to remove on a signal (a set's private directory, or the
 * earlier set it replaced). */
static const struct sweep *volatile armed_sweep;

/* Async-signal-safe: unlinkat alone. */
static void sweep(const struct sweep *sw)
{
	for (size_t i = 0; i < sw->count; i++)
		unlinkat(sw->fd, sw->names[i], 0);
	unlinkat(sw->parent, sw->name, AT_REMOVEDIR);
}

static void on_fatal_signal(int sig)
{
	int saved = errno;
	char *name = armed_name;
	if (name)
		unlink(name);
	const struct sweep *sw = armed_sweep;
	if (sw)
		sweep(sw);
	/* End as the signal would have ended us: 128 + sig to the shell. */
	signal(sig, SIG_DFL);
	raise(sig);
	errno = saved;
}

struct guard {
	struct sigaction old[NFATAL], old_xfsz, old_pipe;
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

/* For a watched write: the caller's handlers of the fatal signals stay;
 * only SIGXFSZ and SIGPIPE are held off, so a size limit is EFBIG and a
 * reader that goes away EPIPE, errors like any other. */
static void hold_off(struct guard *g)
{
	struct sigaction ign;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigaction(SIGXFSZ, &ign, &g->old_xfsz);
	sigaction(SIGPIPE, &ign, &g->old_pipe);
}

static void let_through(struct guard *g)
{
	sigaction(SIGXFSZ, &g->old_xfsz, NULL);
	sigaction(SIGPIPE, &g->old_pipe, NULL);
}

static void protect(struct guard *g, const struct how *how)
{
	if (how->guard) {
		guard_block(g);
		guard_install(g);
		guard_unblock(g);
	} else {
		hold_off(g);
	}
}

static void unprotect(struct guard *g, const struct how *how)
{
	if (how->guard)
		guard_remove(g);
	else
		let_through(g);
}

/* ---- Writing in place ------------------------------------------------------- */

/* The terminal a watched write's caller draws on: the controlling terminal
 * (/dev/tty), or the device of one of its terminal descriptors. */
static bool own_terminal(int fd, const struct how *how)
{
	struct stat st, t;
	if (!how->stop || fstat(fd, &st) != 0 || !S_ISCHR(st.st_mode))
		return false;
	if (stat("/dev/tty", &t) == 0 && S_ISCHR(t.st_mode) && t.st_rdev == st.st_rdev)
		return true;
	for (size_t i = 0; i < how->nterminals; i++)
		if (fstat(how->terminals[i], &t) == 0 && S_ISCHR(t.st_mode) &&
		    t.st_rdev == st.st_rdev)
			return true;
	return false;
}

/* A FIFO, a terminal, a device, a hard-linked file, a file of the
 * kernel's, our own standard output: opened and written, never replaced.
 * fd >= 0 writes there; st is what path is; data (a plain file's bytes,
 * not the kernel's) is truncated first and flushed after.  Watched, the
 * file is opened without waiting (a FIFO nobody reads is NO_READER) and
 * written as fast as it takes the bytes. */
static int write_in_place(const char *path, int fd, const struct stat *st, bool data_file,
			  const char *data, size_t len, const struct how *how)
{
	struct guard g;
	protect(&g, how);
	bool own = fd < 0;
	int err = 0;
	if (own) {
		fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (data_file ? O_TRUNC : 0) |
				(how->stop ? O_NONBLOCK : 0));
		if (fd < 0)
			err = errno == ENXIO && how->stop && S_ISFIFO(st->st_mode) ? NO_READER : errno;
	}
	if (!err && own_terminal(fd, how))
		err = OWN_TERMINAL;
	if (!err)
		err = write_all(fd, data, len, how);
	if (!err && data_file && fsync(fd) != 0)
		err = errno;
	if (own && fd >= 0 && close(fd) != 0 && !err)
		err = errno;
	unprotect(&g, how);
	return err;
}

/* A regular file of a file system the kernel makes up (/proc, /sys):
 * no temporary file can be made beside it (mkstemp's ENOENT would be
 * reported for a file that is there), and what it holds is no data to
 * replace; it is written in place and its own error reported
 * (/proc/self/mem: EIO). */
static bool kernel_file(const char *path)
{
#ifdef __linux__
	static const uint32_t kinds[] = {
		PROC_SUPER_MAGIC, SYSFS_MAGIC, CGROUP_SUPER_MAGIC, CGROUP2_SUPER_MAGIC,
		DEBUGFS_MAGIC, TRACEFS_MAGIC, SECURITYFS_MAGIC, BPF_FS_MAGIC,
		PSTOREFS_MAGIC, EFIVARFS_MAGIC,
	};
	struct statfs fs;
	if (statfs(path, &fs) != 0)
		return false;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if ((uint32_t)fs.f_type == kinds[i])
			return true;
#else
	(void)path;
#endif
	return false;
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
 * the file replaced (its mode and owner kept), or NULL for a new file.
 * Guarded, our handlers remove the temporary file on a fatal signal;
 * watched, the caller's handler sets the stop flag and the file is
 * removed here (STOPPED), the target left as it was. */
static int replace(const char *target, const struct stat *old, const char *data,
		   size_t len, const struct how *how)
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
	if (how->guard) {
		guard_block(&g);
		guard_install(&g);
	} else {
		hold_off(&g);
	}
	int err = 0;
	bool made = false;
	int fd = mkstemp(tmp.s);
	if (fd < 0) {
		err = errno;
	} else {
		made = true;
		if (how->guard)
			armed_name = tmp.s;
	}
	if (how->guard)
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
	if (fchmod(fd, mode) != 0 || (err = write_all(fd, data, len, how)) != 0 ||
	    fsync(fd) != 0) {
		if (!err)
			err = errno;
		close(fd);
		goto out;
	}
	if (close(fd) != 0) {
		err = errno;
		goto out;
	}
	/* Stopped while flushing: the target stays as it was. */
	if (stopped(how)) {
		err = STOPPED;
		goto out;
	}
	if (rename(tmp.s, target) != 0) {
		err = errno;
		goto out;
	}
	made = false;
	if (how->guard) {
		guard_block(&g);
		armed_name = NULL;
		guard_unblock(&g);
	}
	/* Make the rename itself durable; a failure here loses nothing. */
	int dfd = open(ab_str_cstr(&dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
out:
	if (how->guard) {
		guard_block(&g);
		if (armed_name) {
			unlink(armed_name);
			armed_name = NULL;
		}
		guard_unblock(&g);
		guard_remove(&g);
	} else {
		if (made)
			unlink(tmp.s);
		let_through(&g);
	}
	ab_str_free(&dir);
	ab_str_free(&tmp);
	return err;
}

static int write_file(const char *path, const char *data, size_t len, const struct how *how)
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
			return write_in_place(path, STDOUT_FILENO, &st, false, data, len, how);
		bool kernel = S_ISREG(st.st_mode) && kernel_file(path);
		if (!S_ISREG(st.st_mode) || st.st_nlink > 1 || kernel)
			return write_in_place(path, -1, &st, S_ISREG(st.st_mode) && !kernel,
					      data, len, how);
	} else if (errno != ENOENT) {
		return errno;
	}
	struct ab_str target = AB_STR_INIT;
	int err = follow_links(path, &target);
	if (!err)
		err = replace(target.s, stat(target.s, &st) == 0 ? &st : NULL, data, len, how);
	ab_str_free(&target);
	return err;
}

int ab_write_file_atomic(const char *path, const char *data, size_t len)
{
	const struct how how = { .guard = true };
	return write_file(path, data, len, &how);
}

enum ab_write_status ab_write_file_watched(const char *path, const char *data, size_t len,
					   const struct ab_write_watch *watch, int *err)
{
	static const volatile sig_atomic_t never;
	const struct how how = {
		.stop = watch->stop ? watch->stop : &never,
		.terminals = watch->terminals, .nterminals = watch->nterminals,
	};
	int e = write_file(path, data, len, &how);
	*err = e > 0 ? e : 0;
	switch (e) {
	case 0: return AB_WRITE_OK;
	case STOPPED: return AB_WRITE_STOPPED;
	case NO_READER: return AB_WRITE_NO_READER;
	case OWN_TERMINAL: return AB_WRITE_TERMINAL;
	default: return AB_WRITE_FAILED;
	}
}

/* ---- A set of files ------------------------------------------------------- */

struct ab_file_set {
	int parent;          /* the directory the set's directory is in */
	char *base;          /* its name there */
	char *stage;         /* the private directory's name there */
	int stage_fd;
	struct sweep written;  /* what is in the private directory */
	size_t cap;
	bool exists;         /* replacing an existing directory */
	int old_fd;          /* which, opened */
	struct stat old;
	struct sweep earlier;  /* its files (an earlier set), once swapped out */
	char aside[64];      /* where they went, when they could not be swapped */
	struct guard guard;
};

static void add_name(char ***names, size_t *count, size_t *cap, const char *name)
{
	if (*count == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		*names = ab_xreallocarray(*names, *cap, sizeof **names);
	}
	(*names)[(*count)++] = ab_xstrdup(name);
}

static void free_names(struct sweep *sw)
{
	for (size_t i = 0; i < sw->count; i++)
		free(sw->names[i]);
	free(sw->names);
	sw->names = NULL;
	sw->count = 0;
}

static void set_free(struct ab_file_set *set)
{
	if (set->stage_fd >= 0)
		close(set->stage_fd);
	if (set->old_fd >= 0)
		close(set->old_fd);
	if (set->parent >= 0)
		close(set->parent);
	free_names(&set->written);
	free_names(&set->earlier);
	free(set->base);
	free(set->stage);
	free(set);
}

static struct ab_file_set *fail(struct ab_file_set *set, struct ab_set_error *error,
				enum ab_set_fault fault, int err)
{
	error->fault = fault;
	error->err = err;
	set_free(set);
	return NULL;
}

/* Splits dir into the parent's path and the last name, trailing slashes
 * dropped; "." and ".." are first made a real name. */
static int split_dir(const char *dir, struct ab_str *parent, char **base)
{
	struct ab_str path = AB_STR_INIT;
	ab_str_add(&path, dir);
	while (path.len > 1 && path.s[path.len - 1] == '/')
		ab_str_truncate(&path, path.len - 1);
	const char *slash = strrchr(path.s, '/');
	const char *last = slash ? slash + 1 : path.s;
	if (strcmp(last, ".") == 0 || strcmp(last, "..") == 0 || strcmp(path.s, "/") == 0) {
		char *real = realpath(path.s, NULL);
		if (!real) {
			int err = errno;
			ab_str_free(&path);
			return err;
		}
		ab_str_clear(&path);
		ab_str_add(&path, real);
		free(real);
	}
	dir_of(path.s, parent);
	slash = strrchr(path.s, '/');
	*base = ab_xstrdup(slash && slash[1] ? slash + 1 : path.s);
	ab_str_free(&path);
	return 0;
}

/* Every entry of the existing directory is a file of an earlier set;
 * otherwise the first that is not, in error. */
static bool only_earlier(struct ab_file_set *set,
			 bool (*earlier)(const char *name, const void *ctx), const void *ctx,
			 struct ab_set_error *error)
{
	int fd = dup(set->old_fd);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	if (!d) {
		error->fault = AB_SET_CANNOT_READ;
		error->err = errno;
		if (fd >= 0)
			close(fd);
		return false;
	}
	size_t cap = 0;
	bool ok = true;
	struct dirent *e;
	while (ok && (errno = 0, e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		struct stat st;
		if (fstatat(set->old_fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
			error->fault = AB_SET_CANNOT_READ;
			error->err = errno;
			ok = false;
		} else if (!S_ISREG(st.st_mode) || st.st_nlink != 1 || st.st_uid != geteuid() ||
			   !earlier(e->d_name, ctx)) {
			error->fault = AB_SET_FOREIGN;
			error->err = 0;
			snprintf(error->entry, sizeof error->entry, "%s", e->d_name);
			error->mode = st.st_mode;
			error->links = (unsigned long)st.st_nlink;
			error->others = st.st_uid != geteuid();
			ok = false;
		} else {
			add_name(&set->earlier.names, &set->earlier.count, &cap, e->d_name);
		}
	}
	if (ok && errno) {
		error->fault = AB_SET_CANNOT_READ;
		error->err = errno;
		ok = false;
	}
	closedir(d);
	return ok;
}

struct ab_file_set *ab_file_set_begin(const char *dir,
				      bool (*earlier)(const char *name, const void *ctx),
				      const void *ctx, struct ab_set_error *error)
{
	struct ab_file_set *set = ab_xcalloc(1, sizeof *set);
	set->parent = set->stage_fd = set->old_fd = -1;
	memset(error, 0, sizeof *error);
	if (!*dir)
		return fail(set, error, AB_SET_CANNOT_CREATE, ENOENT);
	struct ab_str parent = AB_STR_INIT;
	int err = split_dir(dir, &parent, &set->base);
	if (!err) {
		set->parent = open(parent.s, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (set->parent < 0)
			err = errno;
	}
	if (err) {
		ab_str_free(&parent);
		return fail(set, error, AB_SET_CANNOT_CREATE, err);
	}

	/* What is there now: nothing, or a directory of ours holding
	 * nothing but an earlier set. */
	if (fstatat(set->parent, set->base, &set->old, AT_SYMLINK_NOFOLLOW) == 0) {
		set->exists = true;
		enum ab_set_fault refused = S_ISLNK(set->old.st_mode) ? AB_SET_LINK
					    : !S_ISDIR(set->old.st_mode) ? AB_SET_NOT_DIR
					    : set->old.st_uid != geteuid() ? AB_SET_NOT_OWNER
					    : AB_SET_CANNOT_CREATE;
		if (refused != AB_SET_CANNOT_CREATE) {
			ab_str_free(&parent);
			return fail(set, error, refused, 0);
		}
		struct stat st;
		set->old_fd = openat(set->parent, set->base,
				     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (set->old_fd < 0 || fstat(set->old_fd, &st) != 0 ||
		    st.st_dev != set->old.st_dev || st.st_ino != set->old.st_ino) {
			ab_str_free(&parent);
			return fail(set, error, AB_SET_CANNOT_READ, set->old_fd < 0 ? errno : ESTALE);
		}
		if (!only_earlier(set, earlier, ctx, error)) {
			ab_str_free(&parent);
			set_free(set);
			return NULL;
		}
	} else if (errno != ENOENT) {
		ab_str_free(&parent);
		return fail(set, error, AB_SET_CANNOT_READ, errno);
	}

	/* The private directory beside it, removed by a fatal signal. */
	struct ab_str stage = AB_STR_INIT;
	ab_str_addf(&stage, "%s/.abtrace-XXXXXX", parent.s);
	ab_str_free(&parent);
	guard_block(&set->guard);
	guard_install(&set->guard);
	err = 0;
	if (!mkdtemp(stage.s)) {
		err = errno;
	} else {
		set->stage = ab_xstrdup(strrchr(stage.s, '/') + 1);
		set->stage_fd = openat(set->parent, set->stage,
				       O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		set->written = (struct sweep){ .fd = set->stage_fd, .parent = set->parent,
					       .name = set->stage };
		if (set->stage_fd < 0) {
			err = errno;
			unlinkat(set->parent, set->stage, AT_REMOVEDIR);
		} else {
			armed_sweep = &set->written;
		}
	}
	guard_unblock(&set->guard);
	ab_str_free(&stage);
	if (err) {
		guard_remove(&set->guard);
		return fail(set, error, set->exists ? AB_SET_CANNOT_STAGE : AB_SET_CANNOT_CREATE, err);
	}
	return set;
}

bool ab_file_set_add(struct ab_file_set *set, const char *name, const char *data,
		     size_t len, struct ab_set_error *error)
{
	/* Created and named for the handler with no signal between. */
	guard_block(&set->guard);
	int fd = openat(set->stage_fd, name,
			O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0666);
	int err = fd < 0 ? errno : 0;
	if (fd >= 0)
		add_name(&set->written.names, &set->written.count, &set->cap, name);
	guard_unblock(&set->guard);
	if (fd >= 0) {
		err = write_all(fd, data, len, &(const struct how){ .guard = true });
#ifndef __linux__
		if (!err && fsync(fd) != 0)
			err = errno;
#endif
		if (close(fd) != 0 && !err)
			err = errno;
	}
	if (!err)
		return true;
	memset(error, 0, sizeof *error);
	error->fault = AB_SET_CANNOT_WRITE;
	error->err = err;
	snprintf(error->entry, sizeof error->entry, "%s", name);
	return false;
}

/* Without RENAME_EXCHANGE (a file system that lacks it): the earlier set
 * is renamed aside, then the new one into place (for a moment nothing is
 * at the name); the earlier set goes back if that fails. */
static int place_aside(struct ab_file_set *set)
{
	int err = EEXIST;
	for (unsigned n = 0; n < 100 && err == EEXIST; n++) {
		snprintf(set->aside, sizeof set->aside, ".abtrace-%ld-%u", (long)getpid(), n);
		err = mkdirat(set->parent, set->aside, 0700) == 0 ? 0 : errno;
	}
	if (err)
		return err;
	if (renameat(set->parent, set->base, set->parent, set->aside) != 0) {
		err = errno;
		unlinkat(set->parent, set->aside, AT_REMOVEDIR);
		return err;
	}
	if (renameat(set->parent, set->stage, set->parent, set->base) != 0) {
		err = errno;
		renameat(set->parent, set->aside, set->parent, set->base);
		return err;
	}
	return 0;
}

/* Renames the private directory into place: over nothing, over the
 * empty directory, or swapped with the earlier set (which is then at the
 * private name, or aside).  Signals are blocked. */
static int place(struct ab_file_set *set, bool *swapped)
{
	*swapped = false;
	if (!set->exists) {
#ifdef RENAME_NOREPLACE
		if (renameat2(set->parent, set->stage, set->parent, set->base,
			      RENAME_NOREPLACE) == 0)
			return 0;
		if (errno != EINVAL && errno != ENOSYS)
			return errno;
#endif
		struct stat st;
		if (fstatat(set->parent, set->base, &st, AT_SYMLINK_NOFOLLOW) == 0)
			return EEXIST;
		return renameat(set->parent, set->stage, set->parent, set->base) == 0 ? 0 : errno;
	}
	/* Still the directory that was looked at. */
	struct stat st;
	if (fstatat(set->parent, set->base, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errno;
	if (st.st_dev != set->old.st_dev || st.st_ino != set->old.st_ino)
		return ESTALE;
	if (set->earlier.count == 0)
		return renameat(set->parent, set->stage, set->parent, set->base) == 0 ? 0 : errno;
#ifdef RENAME_EXCHANGE
	if (renameat2(set->parent, set->stage, set->parent, set->base, RENAME_EXCHANGE) == 0) {
		*swapped = true;
		return 0;
	}
	if (errno != EINVAL && errno != ENOSYS)
		return errno;
#endif
	int err = place_aside(set);
	*swapped = err == 0;
	return err;
}

bool ab_file_set_commit(struct ab_file_set *set, struct ab_set_error *error)
{
	memset(error, 0, sizeof *error);
	mode_t mode = set->old.st_mode & 07777;
	if (!set->exists) {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0777 & ~mask;
	}
	/* Every file on disk before the rename: on Linux one syncfs (half the
	 * time of an fsync per file for 728 frames), elsewhere each file was
	 * flushed as it was written. */
#ifdef __linux__
	int err = fchmod(set->stage_fd, mode) != 0 || syncfs(set->stage_fd) != 0 ? errno : 0;
#else
	int err = fchmod(set->stage_fd, mode) != 0 || fsync(set->stage_fd) != 0 ? errno : 0;
#endif
	bool swapped = false;
	guard_block(&set->guard);
	if (!err)
		err = place(set, &swapped);
	if (!err) {
		/* In place: what the handler would now remove is the earlier
		 * set, at the private name. */
		set->earlier.fd = set->old_fd;
		set->earlier.parent = set->parent;
		set->earlier.name = set->aside[0] ? set->aside : set->stage;
		armed_sweep = swapped ? &set->earlier : NULL;
	}
	guard_unblock(&set->guard);
	if (err) {
		error->fault = AB_SET_CANNOT_PLACE;
		error->err = err;
		ab_file_set_abort(set);
		return false;
	}
	if (swapped)
		sweep(&set->earlier);
	guard_block(&set->guard);
	armed_sweep = NULL;
	guard_unblock(&set->guard);
	guard_remove(&set->guard);
	/* Make the rename durable; a failure here loses nothing. */
	fsync(set->parent);
	set_free(set);
	return true;
}

void ab_file_set_abort(struct ab_file_set *set)
{
	if (!set)
		return;
	sweep(&set->written);
	guard_block(&set->guard);
	armed_sweep = NULL;
	guard_unblock(&set->guard);
	guard_remove(&set->guard);
	set_free(set);
}
