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
