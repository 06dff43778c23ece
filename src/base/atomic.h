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
 * name keeps seeing the same file) and the file standard output already
 * writes to (-o /dev/stdout).  A directory is refused (EISDIR).
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

#include <stddef.h>

/* Writes len bytes of data to path.  Returns 0, or the errno of the step
 * that failed. */
int ab_write_file_atomic(const char *path, const char *data, size_t len);

#endif
