/* atomic.h - writing a whole output file without ever destroying what the
 * name stood for.
 *
 * A regular file (or a new one) is replaced atomically: the text goes to a
 * temporary file in the same directory, is flushed to disk, and is renamed
 * over the target, so readers see the old file or the new one, never half
 * of one.  Through a symlink, the file it points to is replaced and the
 * link stays; the replaced file's permission bits (and owner, when allowed)
 * are kept.  Anything that is not a regular file (a FIFO, a terminal, a
 * device such as /dev/null or /dev/full) is opened and written in place,
 * never replaced; so is a regular file with more than one hard link (every
 * name keeps seeing the same file), a file of a file system the kernel
 * makes up (/proc, /sys: nothing can be made beside it, and its own error
 * is the one to report, /proc/self/mem's EIO), and the file standard
 * output already writes to (-o /dev/stdout).  A directory is refused
 * (EISDIR).
 *
 * While the temporary file exists, SIGINT, SIGTERM, SIGHUP, SIGQUIT and
 * SIGPIPE remove it and the signal is raised again with its default action
 * (so the process still ends with status 128 + n); SIGXFSZ is held off so
 * that a file size limit is an EFBIG error like any other.  On any failure
 * nothing is left behind and the target is as it was (for a file written
 * in place: what was written so far).
 */
#ifndef AB_ATOMIC_H
#define AB_ATOMIC_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Writes len bytes of data to path.  Returns 0, or the errno of the step
 * that failed. */
int ab_write_file_atomic(const char *path, const char *data, size_t len);

/* ---- Writing from an interactive program ------------------------------
 *
 * The same choice of what is replaced and what is written in place, for a
 * program that keeps its own signal handling (the replay, whose handlers
 * only set a flag and whose terminal must be put back before it ends):
 *
 * - no handler is installed: the caller's stay in force, and the flag
 *   *stop that they set is watched while the file is written.  Once it is
 *   set the write ends (AB_WRITE_STOPPED) with the temporary file removed
 *   and the target as it was (a file written in place: what was written
 *   so far).  Only SIGXFSZ and SIGPIPE are ignored meanwhile, so that a
 *   size limit or a reader that leaves is an error (EFBIG, EPIPE);
 * - nothing is waited on: a FIFO is opened without waiting for a reader
 *   (AB_WRITE_NO_READER when it has none) and what is written in place is
 *   written as fast as it is taken, the flag looked at every 50 ms; a
 *   regular file is written in pieces of 64 KiB with the flag looked at
 *   between them (a slow disk is stopped between pieces);
 * - the caller's own terminal is refused (AB_WRITE_TERMINAL), checked on
 *   what was opened: the controlling terminal (/dev/tty), or a terminal
 *   that is the same device as one of terminals[] (/dev/stdout, the
 *   terminal's own name under /dev/pts). */

enum ab_write_status {
	AB_WRITE_OK,
	AB_WRITE_FAILED,     /* *err says why */
	AB_WRITE_STOPPED,    /* *stop was set */
	AB_WRITE_NO_READER,  /* a FIFO that nobody is reading */
	AB_WRITE_TERMINAL,   /* the caller's own terminal */
};

struct ab_write_watch {
	const volatile sig_atomic_t *stop;  /* set by the caller's handlers */
	const int *terminals;               /* descriptors open on its terminal */
	size_t nterminals;
};

/* Writes len bytes of data to path; *err is the errno for
 * AB_WRITE_FAILED, 0 otherwise. */
enum ab_write_status ab_write_file_watched(const char *path, const char *data, size_t len,
					   const struct ab_write_watch *watch, int *err);

/* ---- A set of files, written as one ------------------------------------
 *
 * The files of a set (the frames of an animation) replace a directory
 * whole.  The directory may be new (it is made), or an existing one that
 * is not a symbolic link, belongs to the user (the effective uid), and
 * holds nothing, or nothing but an earlier set: regular files of the
 * user's, with no other name, that earlier() accepts.  Anything else there
 * refuses the set before a byte is written, and nothing in the directory
 * is ever opened, so a planted link or FIFO is never followed or waited on.
 *
 * The files go into a private directory (mode 0700) beside it, each
 * created exclusively (O_EXCL | O_NOFOLLOW) and flushed; commit gives the
 * private directory the mode the new one would get (an existing one's
 * mode is kept) and renames it into place: over a new or empty name, or
 * swapped with the earlier set (RENAME_EXCHANGE), which is then removed.
 * Readers see the old set or the new one, never a mix; a failure or a
 * signal (as for single files, above) leaves the old set as it was and no
 * private directory behind. */

struct ab_file_set;

enum ab_set_fault {
	AB_SET_CANNOT_CREATE,  /* the directory is new: making it failed (err) */
	AB_SET_CANNOT_STAGE,   /* it exists: the private directory beside it
				  could not be made (err) */
	AB_SET_CANNOT_READ,    /* looking at it or in it failed (err) */
	AB_SET_NOT_DIR,        /* it is not a directory */
	AB_SET_LINK,           /* it is a symbolic link */
	AB_SET_NOT_OWNER,      /* it belongs to another user */
	AB_SET_FOREIGN,        /* it holds entry, which the set may not replace */
	AB_SET_CANNOT_WRITE,   /* writing the file entry failed (err) */
	AB_SET_CANNOT_PLACE,   /* the rename into place failed (err) */
};

struct ab_set_error {
	enum ab_set_fault fault;
	int err;              /* the errno, for the faults that have one */
	char entry[256];      /* AB_SET_FOREIGN, AB_SET_CANNOT_WRITE: the file */
	mode_t mode;          /* AB_SET_FOREIGN: what the entry is (lstat) */
	unsigned long links;  /*   and how many names it has */
	bool others;          /*   and whether it is another user's */
};

/* Begins a set that will replace the directory dir; NULL and *error when
 * dir may not be replaced or the private directory cannot be made.
 * earlier(name, ctx) says whether a file of an existing directory is part
 * of an earlier set. */
struct ab_file_set *ab_file_set_begin(const char *dir,
				      bool (*earlier)(const char *name, const void *ctx),
				      const void *ctx, struct ab_set_error *error);
/* Writes the file name (no slash) of the set.  False and *error on
 * failure (then abort the set). */
bool ab_file_set_add(struct ab_file_set *set, const char *name, const char *data,
		     size_t len, struct ab_set_error *error);
/* Puts the set in place, or on failure (*error) leaves everything as it
 * was; frees the set either way. */
bool ab_file_set_commit(struct ab_file_set *set, struct ab_set_error *error);
/* Removes what was written and frees the set. */
void ab_file_set_abort(struct ab_file_set *set);

#endif
