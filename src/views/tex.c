/* tex.c - values, prose, styles and preambles for the TikZ picture and
 * the beamer frames (tex.h). */
#include "views/tex.h"

#include <string.h>

#include "base/utf8.h"

const struct ab_glyphs ab_tex_glyphs = {
	.alpha = "\\alpha", .beta = "\\beta", .le = "\\le", .ge = "\\ge", .ne = "\\ne",
	.pos_inf = "+\\infty", .neg_inf = "-\\infty", .arrow = "\\to",
	.cut_mark = "\\abcut", .dash = "--", .ascii = true,
};

void ab_tex_escaped(struct ab_str *out, const char *text)
{
	for (const char *p = text; *p; p++) {
		switch (*p) {
		case '\\': ab_str_add(out, "\\textbackslash{}"); break;
		case '{': case '}': case '$': case '&': case '#': case '%': case '_':
			ab_str_addf(out, "\\%c", *p);
			break;
		case '^': ab_str_add(out, "\\^{}"); break;
		case '~': ab_str_add(out, "\\~{}"); break;
		default: ab_str_addc(out, *p); break;
		}
	}
}

/* The symbols prose may hold, and their TeX. */
static const struct { const char *utf8, *tex; } symbols[] = {
	{ "α", "$\\alpha$" }, { "β", "$\\beta$" }, { "≤", "$\\le$" }, { "≥", "$\\ge$" },
	{ "≠", "$\\ne$" }, { "∞", "$\\infty$" }, { "→", "$\\to$" }, { "×", "$\\times$" },
	{ "·", "$\\cdot$" }, { "−", "$-$" }, { "✂", "\\abcut{}" }, { "—", "---" },
	{ "–", "--" },
};

static bool is_cjk(uint32_t cp)
{
	return (cp >= 0x2e80 && cp <= 0x9fff) || (cp >= 0xf900 && cp <= 0xfaff) ||
	       (cp >= 0xff00 && cp <= 0xffef) || (cp >= 0x20000 && cp <= 0x2fa1f);
}

/* Appends TeX that may open and close math: "$-$" then "$\infty$" is
 * written "$-\infty$" (two dollars in a row would open display math). */
static void add_tex(struct ab_str *out, const char *tex)
{
	if (tex[0] == '$' && out->len >= 2 && out->s[out->len - 1] == '$' &&
	    out->s[out->len - 2] != '\\') {
		ab_str_truncate(out, out->len - 1);
		tex++;
	}
	ab_str_add(out, tex);
}

void ab_tex_text(struct ab_str *out, const char *text)
{
	size_t n = strlen(text);
	for (size_t i = 0; i < n;) {
		const char *p = text + i;
		/* A hyphen before a number or ∞ is a minus sign. */
		if (*p == '-' && (i == 0 || p[-1] == ' ' || p[-1] == '(' || p[-1] == '[') &&
		    ((p[1] >= '0' && p[1] <= '9') || strncmp(p + 1, "∞", 3) == 0)) {
			add_tex(out, "$-$");
			i++;
			continue;
		}
		bool done = false;
		for (size_t k = 0; k < sizeof symbols / sizeof symbols[0] && !done; k++) {
			size_t len = strlen(symbols[k].utf8);
			if (strncmp(p, symbols[k].utf8, len) == 0) {
				add_tex(out, symbols[k].tex);
				i += len;
				done = true;
			}
		}
		if (done)
			continue;
		uint32_t cp;
		size_t len = ab_utf8_decode(p, n - i, &cp);
		if (len == 0) {
			i++; /* not UTF-8: dropped (TeX would stop on it) */
			continue;
		}
		if (len == 1) {
			char one[2] = { *p, 0 };
			ab_tex_escaped(out, one);
		} else {
			ab_str_addn(out, p, len);
			/* TeX breaks lines at spaces only: allow a break after
			 * a CJK character, as Chinese text wants. */
			if (is_cjk(cp) && i + len < n)
				ab_str_add(out, "\\abbreak{}");
		}
		i += len;
	}
}

void ab_tex_interval(const struct ab_node_view *v, struct ab_str *out)
{
	struct ab_str s = AB_STR_INIT;
	ab_node_value_text(v, &ab_tex_glyphs, &s);
	if (s.len) {
		const char *t = ab_str_cstr(&s);
		ab_str_add(out, "$");
		if (strncmp(t, "in ", 3) == 0) {
			ab_str_add(out, "\\in ");
			t += 3;
		}
		ab_str_add(out, t);
		ab_str_add(out, "$");
	}
	ab_str_free(&s);
}

void ab_tex_cut(const struct ab_trace *trace, const struct ab_node_view *v,
		struct ab_str *out)
{
	if (v->chance_cut) {
		struct ab_str s = AB_STR_INIT;
		ab_tree_name(trace->tree, v->node, &s);
		ab_tex_escaped(out, ab_str_cstr(&s));
		ab_str_free(&s);
		ab_str_add(out, " $");
		ab_format_chance_cut(v->cut_lo, v->cut_hi, v->cut_alpha, v->cut_beta,
				     trace->config.strict, v->scale, &ab_tex_glyphs, out);
	} else {
		ab_str_add(out, "$");
		ab_node_cut_text(trace, v, &ab_tex_glyphs, out);
	}
	ab_str_add(out, "$");
}

/* Widths in em of beamer's sans serif (Computer Modern Sans) and its math,
 * rounded up. */
static double em_of(uint32_t cp, uint32_t next)
{
	if (cp >= '0' && cp <= '9')
		return 0.5;
	if (cp >= 'A' && cp <= 'Z')
		return cp == 'M' || cp == 'W' ? 0.9 : 0.69;
	if (cp >= 'a' && cp <= 'z') {
		if (cp == 'i' || cp == 'l' || cp == 'j')
			return 0.24;
		if (cp == 'f' || cp == 't' || cp == 'r')
			return 0.36;
		return cp == 'm' || cp == 'w' ? 0.8 : 0.52;
	}
	switch (cp) {
	case ' ':
		return 0.34;
	case '.': case ',': case ':': case ';': case '!': case '\'':
		return 0.28;
	case '(': case ')': case '[': case ']':
		return 0.39;
	case '-':
		return (next >= '0' && next <= '9') || next == 0x221e ? 0.78 : 0.34;
	case '=': case '+': case 0x2212: case 0x2264: case 0x2265: case 0x2260:
	case 0x2192: case 0xd7: case 0x2702: case '<': case '>':
		return 0.78;
	case 0x221e:
		return 1.0;
	case 0x3b1:
		return 0.64;
	case 0x3b2:
		return 0.58;
	case '/':
		return 0.5;
	default:
		return ab_utf8_width(cp) == 2 ? 1.0 : 0.62;
	}
}

double ab_tex_width(const char *text, double size)
{
	size_t n = strlen(text);
	double em = 0.0;
	uint32_t cp = 0;
	size_t len = n ? ab_utf8_decode(text, n, &cp) : 0;
	for (size_t i = 0; i < n;) {
		if (len == 0) {
			cp = (unsigned char)text[i];
			len = 1;
		}
		uint32_t next = 0;
		size_t next_len = i + len < n ? ab_utf8_decode(text + i + len, n - i - len, &next) : 0;
		em += em_of(cp, next);
		i += len;
		cp = next;
		len = next_len;
	}
	return em * size * 1.05;
}

void ab_tikz_mods(struct ab_str *out, const struct ab_node_view *v, enum ab_tikz_part part)
{
	static const char *const suffix[] = { "", " edge", " text" };
	if (v->pruned)
		ab_str_addf(out, ", ab pruned%s", suffix[part]);
	else if (v->below)
		ab_str_addf(out, ", ab below horizon%s", part == AB_TIKZ_TEXT ? " text" : "");
	else if (!v->reached)
		ab_str_addf(out, ", ab unreached%s", part == AB_TIKZ_TEXT ? " text" : "");
	if (part == AB_TIKZ_TEXT)
		return;
	if (v->current)
		ab_str_add(out, part == AB_TIKZ_EDGE ? ", ab path" : ", ab current");
	else if (v->active)
		ab_str_add(out, ", ab path");
}

void ab_tikz_styles(struct ab_str *out, const char *value_font, const char *small_font)
{
	ab_str_add(out, "\\providecommand\\abcut{$\\times$}\n"
			"\\providecommand\\abbreak{\\hskip0pt\\relax}\n"
			"\\tikzset{\n"
			"  ab edge/.style={draw=black!75},\n"
			"  ab shape/.style={draw=black!85, fill=white, line join=round},\n"
			"  ab max/.style={ab shape},\n"
			"  ab min/.style={ab shape},\n"
			"  ab leaf/.style={ab shape},\n"
			"  ab chance/.style={ab shape},\n");
	ab_str_addf(out, "  ab prob/.style={inner sep=1pt, fill=white, text=black!70,\n"
			 "    font=%s},\n", small_font);
	ab_str_addf(out, "  ab value/.style={inner sep=0pt, font=%s},\n", value_font);
	ab_str_addf(out, "  ab name/.style={inner sep=0pt, text=black!65, font=%s},\n", small_font);
	ab_str_addf(out, "  ab note/.style={inner sep=0.5pt, fill=white, text=black!65,\n"
			 "    font=%s},\n", small_font);
	ab_str_addf(out, "  ab mark/.style={fill=white, inner sep=1pt, text=black!60,\n"
			 "    font=%s},\n", small_font);
	ab_str_add(out, "  ab pruned/.style={draw=black!40, fill=black!7},\n"
			"  ab pruned edge/.style={dashed, draw=black!40},\n"
			"  ab pruned text/.style={text=black!45},\n"
			"  ab unreached/.style={draw=black!50},\n"
			"  ab unreached text/.style={text=black!50},\n"
			"  ab below horizon/.style={dotted, draw=black!30},\n"
			"  ab below horizon text/.style={text=black!35},\n"
			"  ab path/.style={very thick},\n"
			"  ab current/.style={very thick, fill=yellow!40},\n"
			"}\n");
}

const char ab_tex_engines[] =
	"\\usepackage{tikz}\n"
	"\\usepackage{iftex}\n"
	"\\ifLuaTeX\n"
	"  \\usepackage{fontspec}\n"
	"  \\def\\abfonts{}\n"
	"  \\def\\abtry#1{\\IfFontExistsTF{#1}{\\edef\\abfonts{\\abfonts\"#1:mode=harf;\",}}{}}\n"
	"  \\abtry{Noto Sans CJK SC}\\abtry{WenQuanYi Micro Hei}\\abtry{AR PL UMing CN}\n"
	"  \\directlua{luaotfload.add_fallback(\"abtrace\", {\\abfonts})}\n"
	"  \\setmainfont{Latin Modern Roman}[RawFeature={fallback=abtrace}]\n"
	"  \\setsansfont{Latin Modern Sans}[RawFeature={fallback=abtrace}]\n"
	"\\fi\n";

bool ab_tex_needs_unicode(const struct ab_tree *tree, const char *text)
{
	struct ab_str s = AB_STR_INIT;
	if (ab_tree_title(tree))
		ab_str_add(&s, ab_tree_title(tree));
	if (text)
		ab_str_add(&s, text);
	for (uint32_t n = 0; n < tree->count && s.len < (1u << 20); n++)
		if (ab_tree_label(tree, n))
			ab_str_add(&s, ab_tree_label(tree, n));
	/* Beyond Latin-1 (a lead byte of U+0100 or above), save the symbols
	 * ab_tex_text writes as TeX (α as $\alpha$, ∞, ≤ ...). */
	bool wide = false;
	for (const char *p = ab_str_cstr(&s); *p && !wide;) {
		size_t skip = 0;
		for (size_t i = 0; i < sizeof symbols / sizeof symbols[0] && !skip; i++)
			if (strncmp(p, symbols[i].utf8, strlen(symbols[i].utf8)) == 0)
				skip = strlen(symbols[i].utf8);
		wide = !skip && (unsigned char)*p >= 0xc4;
		p += skip ? skip : 1;
	}
	ab_str_free(&s);
	return wide;
}

void ab_tex_comment(struct ab_str *out, const char *text)
{
	ab_str_add(out, "% ");
	for (const char *p = text; *p; p++)
		ab_str_addc(out, *p == '\n' ? ' ' : *p);
	ab_str_addc(out, '\n');
}
