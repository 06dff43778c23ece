/* tex.h - what the TikZ picture and the beamer frames share: values and
 * prose as TeX, the styles and the preamble, and how wide TeX sets text.
 *
 * Values go through format.h's words with TeX's glyphs, in math ("$\le
 * 2$"); prose (a step's sentence, a name) is escaped, its α, β, ≤, ∞ and
 * minus signs set in math, and CJK text given a break between characters
 * (TeX breaks lines only at spaces, which Chinese does not have).  Pure.
 */
#ifndef AB_TEX_H
#define AB_TEX_H

#include <stdbool.h>

#include "base/str.h"
#include "core/trace.h"
#include "views/format.h"
#include "views/scene.h"

/* format.h's glyphs in TeX math: "\alpha", "\le", "+\infty". */
extern const struct ab_glyphs ab_tex_glyphs;

/* Text with TeX's special characters escaped. */
void ab_tex_escaped(struct ab_str *out, const char *text);
/* Prose as TeX: escaped, the symbols format.h and the narration use
 * (α β ≤ ≥ ≠ ∞ → × · −, and a hyphen before a digit or ∞ meaning minus)
 * set in math, "✂" as \abcut, and a break allowed between CJK characters. */
void ab_tex_text(struct ab_str *out, const char *text);
/* What is proved at a node in math: "$= 3$", "$\le 2$", "$\in [1, 4]$";
 * nothing when nothing is. */
void ab_tex_interval(const struct ab_node_view *v, struct ab_str *out);
/* The cut test that fired at a node: "$\beta = 2 \le \alpha = 3$", a
 * chance node's name then its test in math. */
void ab_tex_cut(const struct ab_trace *trace, const struct ab_node_view *v,
		struct ab_str *out);

/* The estimated width in points of UTF-8 text (as format.h's UTF-8 glyphs
 * write it) set by TeX at size points in beamer's sans serif, its math
 * spaced as TeX spaces it; a little generous, so clearance is real. */
double ab_tex_width(const char *text, double size);

/* The style modifiers of a node's shape, of the edge into it, or of its
 * text: ", ab pruned", ", ab path"... */
enum ab_tikz_part { AB_TIKZ_SHAPE, AB_TIKZ_EDGE, AB_TIKZ_TEXT };
void ab_tikz_mods(struct ab_str *out, const struct ab_node_view *v, enum ab_tikz_part part);

/* The styles (\tikzset, so a lecturer can restyle them) with the fonts of
 * the values and of the small text (names, windows, cut tests) as TeX
 * font commands. */
void ab_tikz_styles(struct ab_str *out, const char *value_font, const char *small_font);
/* The part of a preamble that picks fonts for the engine: pdflatex for
 * Latin text; lualatex with fontspec and a CJK fallback font for anything. */
extern const char ab_tex_engines[];
/* Whether the tree's names or title, or text, have characters beyond
 * Latin-1, which pdflatex cannot set without help. */
bool ab_tex_needs_unicode(const struct ab_tree *tree, const char *text);
/* A comment line ("% text"): no newline may end it early. */
void ab_tex_comment(struct ab_str *out, const char *text);

#endif
