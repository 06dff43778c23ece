/* file.h - reading whole input files, and finding bundled data. */
#ifndef AB_FILE_H
#define AB_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "base/str.h"

/* Reads a whole file ("-" is standard input) into a NUL-terminated buffer,
 * refusing more than limit bytes.  Returns NULL with *diag set (no
 * position) on failure. */
char *ab_read_file(const char *path, size_t limit, size_t *len,
		   struct ab_diag *diag);

/* What is at a path, as an input: a regular file, or what else. */
enum ab_file_kind {
	AB_FILE_REGULAR,
	AB_FILE_LINK,      /* a symbolic link, not followed */
	AB_FILE_DANGLING,  /* followed: a link to nothing */
	AB_FILE_LOOP,      /* followed: links in a loop (or too many) */
	AB_FILE_DIRECTORY,
	AB_FILE_FIFO,
	AB_FILE_DEVICE,    /* a character or block device */
	AB_FILE_SOCKET,
	AB_FILE_MISSING,   /* nothing there */
	AB_FILE_UNKNOWN,   /* cannot be told (errno says why) */
};

/* What path (relative to dirfd, or AT_FDCWD) is: a link as a link unless
 * follow, else what it leads to.  Only the metadata is read, never the
 * file. */
enum ab_file_kind ab_file_kind_at(int dirfd, const char *path, bool follow);

/* Reads a whole file as ab_read_file does, but only a regular file, and
 * never through a link in the path's last component unless follow: for
 * files a user did not choose (an answer file handed in), whose contents
 * may be quoted back in a report.  The open does not follow a link
 * (O_NOFOLLOW) and does not block (a FIFO), and what it opened is checked
 * with fstat, so a file swapped for a link or a FIFO after it was listed
 * is refused unread.  NULL on failure, with *diag set and *kind saying
 * what the path is when that is why (a link, a FIFO, ...; else
 * AB_FILE_REGULAR, the file was one but could not be read). */
char *ab_read_regular(const char *path, bool follow, size_t limit, size_t *len,
		      enum ab_file_kind *kind, struct ab_diag *diag);

/* Where a bundled file called name (e.g. "lecture.tree") in subdir
 * ("trees" or "lessons") is: the source tree when this program runs from
 * its build directory, else the installed data dir ($ABTRACE_DATADIR
 * first when set).  Appends the path to out and returns true when found. */
bool ab_find_data(const char *subdir, const char *name, struct ab_str *out);

/* Whether this program runs from the build directory it was built in (then
 * data and translations come from the source and build trees). */
bool ab_running_from_build(void);

/* Sets *diag to "cannot VERB 'PATH': strerror(err)" ("standard input"
 * for "-"). */
void ab_file_error(struct ab_diag *diag, const char *verb, const char *path,
		   int err);

#endif
