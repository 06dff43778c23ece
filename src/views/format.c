/* format.c - values, bounds and glyphs. */
#include "views/format.h"

#include <langinfo.h>
#include <string.h>

#include "base/i18n.h"
#include "base/utf8.h"

const struct ab_glyphs ab_glyphs_utf8 = {
	.alpha = "α", .beta = "β", .le = "≤", .ge = "≥", .ne = "≠",
	.pos_inf = "+∞", .neg_inf = "-∞", .arrow = "→", .cut_mark = "✂",
	.dash = "—", .ascii = false,
};

const struct ab_glyphs ab_glyphs_ascii = {
	.alpha = "alpha", .beta = "beta", .le = "<=", .ge = ">=", .ne = "!=",
	.pos_inf = "+inf", .neg_inf = "-inf", .arrow = "->", .cut_mark = "x",
	.dash = "--", .ascii = true,
};

const struct ab_glyphs *ab_glyphs_for_locale(bool ascii)
{
	if (ascii)
		return &ab_glyphs_ascii;
	const char *codeset = nl_langinfo(CODESET);
	if (codeset && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0))
		return &ab_glyphs_utf8;
	return &ab_glyphs_ascii;
}

void ab_format_value(ab_value v, int64_t scale, const struct ab_glyphs *g,
		     struct ab_str *out)
{
	ab_value_format(v, scale, g->pos_inf, g->neg_inf, out);
}

void ab_format_interval(ab_value lo, ab_value hi, int64_t scale,
			const struct ab_glyphs *g, struct ab_str *out)
{
	if (lo == hi) {
		ab_str_add(out, "= ");
		ab_format_value(lo, scale, g, out);
	} else if (lo == AB_NEG_INF && hi == AB_POS_INF) {
		return;
	} else if (lo == AB_NEG_INF) {
		ab_str_addf(out, "%s ", g->le);
		ab_format_value(hi, scale, g, out);
	} else if (hi == AB_POS_INF) {
		ab_str_addf(out, "%s ", g->ge);
		ab_format_value(lo, scale, g, out);
	} else {
		ab_str_add(out, "in [");
		ab_format_value(lo, scale, g, out);
		ab_str_add(out, ", ");
		ab_format_value(hi, scale, g, out);
		ab_str_add(out, "]");
	}
}

void ab_format_interval_said(ab_value lo, ab_value hi, int64_t scale,
			     const struct ab_glyphs *g, struct ab_str *out)
{
	if (lo == hi || lo == AB_NEG_INF || hi == AB_POS_INF) {
		ab_format_interval(lo, hi, scale, g, out);
		return;
	}
	struct ab_str a = AB_STR_INIT, b = AB_STR_INIT;
	ab_format_value(lo, scale, g, &a);
	ab_format_value(hi, scale, g, &b);
	ab_str_addf(out, _("in [%s, %s]"), ab_str_cstr(&a), ab_str_cstr(&b));
	ab_str_free(&a);
	ab_str_free(&b);
}

void ab_format_window(ab_value alpha, ab_value beta, int64_t scale,
		      const struct ab_glyphs *g, struct ab_str *out)
{
	ab_str_add(out, "[");
	ab_format_value(alpha, scale, g, out);
	ab_str_add(out, ", ");
	ab_format_value(beta, scale, g, out);
	ab_str_add(out, "]");
}

bool ab_chance_cut_below(ab_value hi, ab_value alpha, bool strict)
{
	return alpha != AB_NEG_INF && (strict ? hi < alpha : hi <= alpha);
}

void ab_format_chance_cut(ab_value lo, ab_value hi, ab_value alpha,
			  ab_value beta, bool strict, int64_t scale,
			  const struct ab_glyphs *g, struct ab_str *out)
{
	bool below = ab_chance_cut_below(hi, alpha, strict);
	const char *rel = below ? (strict ? "<" : g->le) : (strict ? ">" : g->ge);
	ab_str_addf(out, "%s ", below ? g->le : g->ge);
	ab_format_value(below ? hi : lo, scale, g, out);
	ab_str_addf(out, " %s %s = ", rel, below ? g->alpha : g->beta);
	ab_format_value(below ? alpha : beta, scale, g, out);
}

void ab_format_json_value(ab_value v, int64_t scale, struct ab_str *out)
{
	if (v == AB_POS_INF) {
		ab_str_add(out, "\"+inf\"");
	} else if (v == AB_NEG_INF) {
		ab_str_add(out, "\"-inf\"");
	} else if (ab_value_is_decimal(v, scale)) {
		/* A reader that parses JSON numbers as doubles keeps 15
		 * significant digits: a longer decimal is a string, so no
		 * reader rounds it. */
		size_t start = out->len;
		ab_value_format(v, scale, "", "", out);
		unsigned significant = 0;
		bool leading = true;
		for (size_t i = start; i < out->len; i++) {
			char c = out->s[i];
			if (c < '0' || c > '9' || (leading && c == '0'))
				continue;
			leading = false;
			significant++;
		}
		if (significant > 15) {
			struct ab_str text = AB_STR_INIT;
			ab_str_add(&text, out->s + start);
			ab_str_truncate(out, start);
			ab_str_addc(out, '"');
			ab_str_add(out, text.s);
			ab_str_addc(out, '"');
			ab_str_free(&text);
		}
	} else {
		ab_str_addc(out, '"');
		ab_value_format(v, scale, "", "", out);
		ab_str_addc(out, '"');
	}
}

void ab_format_pad(const char *text, int width, bool align_right,
		   struct ab_str *out)
{
	size_t used = ab_utf8_text_width(text);
	size_t pad = width > 0 && (size_t)width > used ? (size_t)width - used : 0;
	if (!align_right)
		ab_str_add(out, text);
	for (size_t i = 0; i < pad; i++)
		ab_str_addc(out, ' ');
	if (align_right)
		ab_str_add(out, text);
}
