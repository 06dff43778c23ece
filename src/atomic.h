/* atomic.h - writing a whole file so that readers see the old file or the
 * new one, never half of one.
 *
 * The text goes to a temporary file in the same directory, is flushed to
 * disk, and is renamed over the target.  On any failure the temporary file
 * is removed and the target is left as it was.
 */
#ifndef AB_ATOMIC_H
#define AB_ATOMIC_H

#include <stddef.h>

/* Writes len bytes of data to path.  Returns 0, or the errno of the step
 * that failed (nothing is left behind then). */
int ab_write_file_atomic(const char *path, const char *data, size_t len);

#endif
