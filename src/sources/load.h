/* load.h - finding and reading a tree: a path, "-", a bundled name, or an
 * inline expression. */
#ifndef AB_LOAD_H
#define AB_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "base/file.h"
#include "base/diag.h"
#include "core/tree.h"

/* The names shown in messages for standard input and for -e 'EXPR'. */
#define AB_STDIN_NAME "<stdin>"
#define AB_EXPR_NAME "<expression>"

/* Loads the tree named by arg: an existing file, "-", or a bundled name
 * ("lecture" or "lecture.tree").  *shown gets the name to put in messages
 * (the path as found).  Returns NULL with *diag set on failure. */
struct ab_tree *ab_load_tree(const char *arg, struct ab_str *shown,
			     struct ab_diag *diag);
/* Loads an inline expression (-e). */
struct ab_tree *ab_load_expr(const char *expr, struct ab_diag *diag);

#endif
