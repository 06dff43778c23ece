/* svg.h - an SVG picture of a trace at one step, written by abtrace itself
 * (no Graphviz, no TeX), from the geometry the TikZ picture uses too.
 *
 * Text is text (selectable, searchable); every node is a <g
 * class="node ..."> with a <title> holding its name, and its classes say
 * what it is and how it stands: max, min or leaf; pruned, unreached,
 * path (on the current path), current, cut.  Edges are <g class="edge
 * ...">, pruned ones with the class pruned.  A course page's CSS can find
 * and restyle them by class.
 */
#ifndef AB_SVG_H
#define AB_SVG_H

#include "views/scene.h"
#include "base/str.h"
#include "core/trace.h"

/* Appends a whole SVG document of trace at its current step, laid out by
 * scene; caption (one or more lines, may be "") goes above the tree. */
void ab_svg_write(const struct ab_trace *trace, const struct ab_scene *scene,
		  const char *caption, struct ab_str *out);

/* Appends text with the five XML special characters escaped. */
void ab_xml_escaped(struct ab_str *out, const char *text);

#endif
