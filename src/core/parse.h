/* parse.h - tree-file text to a tree, without recursion.
 *
 * The syntax is abtrace-tree(5)'s: `#` comments, optional header lines
 * (`title:`, `source:`, `root:`, `players:`, `bounds:`), then one tree
 * expression.  Nesting is tracked on
 * an explicit stack, so 100,000 `[` give a clean error, never a stack
 * overflow; memory grows with the number of nodes.
 */
#ifndef AB_PARSE_H
#define AB_PARSE_H

#include <stddef.h>

#include "base/diag.h"
#include "core/tree.h"

/* Largest tree file read, in bytes. */
#define AB_MAX_FILE_BYTES (512u * 1024u * 1024u)

/* Parses len bytes of text (NUL bytes inside are an error).  Returns the
 * tree, or NULL with *diag filled in. */
struct ab_tree *ab_parse_tree(const char *text, size_t len,
			      struct ab_diag *diag);

#endif
