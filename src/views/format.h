/* format.h - numbers, bounds and intervals as people read them.
 *
 * Two glyph sets: UTF-8 (α, β, ≤, ≥, ∞) and plain ASCII for terminals and
 * mail that cannot show them (--ascii, or a locale that is not UTF-8).
 */
#ifndef AB_FORMAT_H
#define AB_FORMAT_H

#include <stdbool.h>

#include "base/str.h"
#include "core/tree.h"

struct ab_glyphs {
	const char *alpha, *beta;
	const char *le, *ge, *ne;
	const char *pos_inf, *neg_inf;
	const char *arrow;     /* "→" or "->" */
	const char *cut_mark;  /* the mark on a pruned node: "✂" or "x" */
	const char *dash;      /* "—" or "--" */
	bool ascii;
};

extern const struct ab_glyphs ab_glyphs_utf8;
extern const struct ab_glyphs ab_glyphs_ascii;

/* The UTF-8 set when the locale's charset is UTF-8 and ascii is false. */
const struct ab_glyphs *ab_glyphs_for_locale(bool ascii);

/* Values count 1/scale (value.h; a tree's is tree->scale). */

/* "3", "-7", "2.5", "10/3", "+∞", "-∞". */
void ab_format_value(ab_value v, int64_t scale, const struct ab_glyphs *g,
		     struct ab_str *out);
/* What an interval says of a value: "= 3", "≤ 2", "≥ 5", "in [1, 4]", or ""
 * when it says nothing (-∞, +∞). */
void ab_format_interval(ab_value lo, ab_value hi, int64_t scale,
			const struct ab_glyphs *g, struct ab_str *out);
/* The same inside a sentence, in the language of messages: "in [1, 4]"
 * reads "在 [1, 4] 之间" in Chinese (a picture's box keeps the short form). */
void ab_format_interval_said(ab_value lo, ab_value hi, int64_t scale,
			     const struct ab_glyphs *g, struct ab_str *out);
/* "[α, β]" with values: "[3, +∞]". */
void ab_format_window(ab_value alpha, ab_value beta, int64_t scale,
		      const struct ab_glyphs *g, struct ab_str *out);
/* Whether a chance node was cut for falling below α (rather than rising
 * above β): what its unsearched children can add keeps it at most hi. */
bool ab_chance_cut_below(ab_value hi, ab_value alpha, bool strict);
/* A chance node's cut test with its numbers: "≤ 7.2 ≤ α = 8.4" below α,
 * "≥ 5 ≥ β = 4" above β (strict tests print "<" and ">"). */
void ab_format_chance_cut(ab_value lo, ab_value hi, ab_value alpha,
			  ab_value beta, bool strict, int64_t scale,
			  const struct ab_glyphs *g, struct ab_str *out);
/* Appends text padded with spaces to width terminal columns (CJK text
 * takes two columns a character): on the right, or on the left when
 * align_right. */
void ab_format_pad(const char *text, int width, bool align_right,
		   struct ab_str *out);
/* JSON: exact decimals as numbers (9.3), other fractions and decimals of
 * more than 15 significant digits (which a reader of doubles would round)
 * as strings ("10/3", "123456789012.3456"), and the strings "-inf" and
 * "+inf". */
void ab_format_json_value(ab_value v, int64_t scale, struct ab_str *out);

#endif
