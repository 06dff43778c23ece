/* slides.h - beamer frames of a search (export --tikz --frames).
 *
 * One frame with an overlay per step: the tree laid out for the frame
 * (scaled to its width, text never smaller than \footnotesize), and under
 * it the step's sentence, the one `abtrace trace` prints for that step.
 * Each overlay draws only what differs from the others: a node drawn the
 * same way at several steps is written once, with the list of overlays it
 * shows in, so a frame of 150 steps costs TeX about as much as the tree
 * drawn a few times over, not 150 times.  Pure: appends to a string.
 */
#ifndef AB_SLIDES_H
#define AB_SLIDES_H

#include "base/str.h"
#include "core/trace.h"
#include "views/export.h"

/* The frames of opt->frames (opt->nframes > 0) as TikZ in one beamer
 * frame; with opt->standalone a whole document around it.  The trace is
 * left at the step it was at. */
void ab_slides_write(struct ab_trace *trace, const struct ab_export_options *opt,
		     struct ab_str *out);

#endif
