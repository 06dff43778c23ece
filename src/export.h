/* export.h - pictures of a recorded search for slides, handouts and mail.
 *
 * Each exporter draws the tree as the trace knows it at its current step:
 * MAX and MIN told apart, every node's value or proved bound ("= 3",
 * "≤ 2"), the window of the nodes on the current path, the current node,
 * cut nodes, and pruned subtrees greyed, dashed and marked.  Children are
 * drawn in the tree's own order whatever order the search used.  Pure:
 * the picture is appended to a string; writing it anywhere is the caller's
 * business.
 */
#ifndef AB_EXPORT_H
#define AB_EXPORT_H

#include <stdbool.h>

#include "str.h"
#include "trace.h"

enum ab_export_format {
	AB_EXPORT_DOT,   /* Graphviz */
	AB_EXPORT_TIKZ,  /* a LaTeX forest picture */
	AB_EXPORT_TEXT,  /* an indented drawing with box-drawing lines */
};

struct ab_export_options {
	enum ab_export_format format;
	bool ascii;       /* plain ASCII glyphs (text, DOT) */
	bool standalone;  /* TikZ: a whole compilable document, not just the
			     forest environment */
};

/* Appends the picture of trace at its current step. */
void ab_export(const struct ab_trace *trace, const struct ab_export_options *opt,
	       struct ab_str *out);

#endif
