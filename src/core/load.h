/* load.h - finding and reading a tree: a path, "-", a bundled name, or an
 * inline expression. */
#ifndef AB_LOAD_H
#define AB_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "tree.h"

/* The names shown in messages for standard input and for -e 'EXPR'. */
#define AB_STDIN_NAME "<stdin>"
#define AB_EXPR_NAME "<expression>"

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

/* Loads the tree named by arg: an existing file, "-", or a bundled name
 * ("lecture" or "lecture.tree").  *shown gets the name to put in messages
 * (the path as found).  Returns NULL with *diag set on failure. */
struct ab_tree *ab_load_tree(const char *arg, struct ab_str *shown,
			     struct ab_diag *diag);
/* Loads an inline expression (-e). */
struct ab_tree *ab_load_expr(const char *expr, struct ab_diag *diag);

#endif
