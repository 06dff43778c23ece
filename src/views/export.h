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

#include "base/str.h"
#include "core/trace.h"

enum ab_export_format {
	AB_EXPORT_DOT,   /* Graphviz */
	AB_EXPORT_TIKZ,  /* a TikZ picture (LaTeX, beamer) */
	AB_EXPORT_TEXT,  /* an indented drawing with box-drawing lines */
	AB_EXPORT_SVG,   /* an SVG document, drawn by abtrace itself */
};

/* Animations: which steps get a frame of their own. */
enum ab_frames {
	AB_FRAMES_NONE,
	AB_FRAMES_STEPS,    /* every step, 1 to the last */
	AB_FRAMES_CUTOFFS,  /* every cutoff's step, and the last */
};

/* More frames than this are refused (a picture per frame), and more than
 * AB_MAX_FRAME_NODES nodes over all frames (each frame measures every node
 * to size the picture). */
#define AB_MAX_FRAMES 2000u
#define AB_MAX_FRAME_NODES 20000000u

struct ab_export_options {
	enum ab_export_format format;
	bool ascii;       /* plain ASCII glyphs (text, DOT) */
	bool standalone;  /* TikZ: a whole compilable document (the standalone
			     class cropped to the picture, or with frames a
			     beamer document), not just the picture */
	/* TikZ and SVG: the steps of an animation's frames (NULL: none).
	 * TikZ draws one beamer frame with an overlay per step; an SVG is
	 * sized to fit every one of them, so the frames line up. */
	const size_t *frames;
	size_t nframes;
};

/* Appends the picture of trace at its current step (TikZ with frames: at
 * each of the frames' steps, the trace left where it was). */
void ab_export(struct ab_trace *trace, const struct ab_export_options *opt,
	       struct ab_str *out);

/* The steps an animation of kind frames shows, in order, into *steps
 * (malloc'd; the caller frees it).  Returns how many. */
size_t ab_export_frame_steps(const struct ab_trace *trace, enum ab_frames frames,
			     size_t **steps);

#endif
