/* export.c - DOT, TikZ forest and text pictures of a trace at one step.
 *
 * The three exporters share one walk (depth first, children in the tree's
 * order, with an explicit stack so a tree as deep as the loader allows is
 * drawn without recursion) and one description of each node, so the
 * pictures say the same thing in three notations.
 */
#include "export.h"

#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "i18n.h"
#include "search.h"

/* ---- What a picture says about one node -------------------------------- */

struct view {
	bool leaf, max;
	bool pruned;      /* never reached, and an ancestor cut off */
	bool reached;     /* entered or looked at by this step */
	bool active;      /* on the current path */
	bool current;     /* the node of this step's event */
	bool cut;         /* a cutoff fired here by this step */
	bool first_pruned;/* pruned while its parent was not: the cut edge */
	ab_value lo, hi;  /* what is proved (leaves: the value) */
	ab_value alpha, beta;          /* the window, when active */
	ab_value cut_alpha, cut_beta;  /* the test that fired, when cut */
	int64_t scale;    /* the tree's unit of values */
	bool has_static;  /* an inner node with a static value ... */
	ab_value static_value; /* ... shown as h=5 (the mover's side in the
				  negamax view) */
	bool below;       /* below the depth limit: not searched at this depth */
	bool negamax;     /* values and windows from the mover's side */
};

/* The negamax view: a MIN node's numbers from its own side. */
static void negamax_side(struct view *v)
{
	ab_value lo = v->lo, alpha = v->alpha, cut_alpha = v->cut_alpha;
	v->negamax = true;
	if (v->max)
		return;
	v->lo = -v->hi;
	v->hi = -lo;
	v->alpha = -v->beta;
	v->beta = -alpha;
	v->cut_alpha = -v->cut_beta;
	v->cut_beta = -cut_alpha;
	v->static_value = -v->static_value;
}

static void describe(const struct ab_trace *trace, uint32_t n, struct view *v)
{
	const struct ab_tree *tree = trace->tree;
	const struct ab_node_state *st = ab_trace_node(trace, n);
	memset(v, 0, sizeof *v);
	v->leaf = ab_is_leaf(tree, n);
	v->scale = tree->scale;
	v->max = ab_player_at(tree, n, trace->root_player) == AB_MAX;
	v->reached = st->status != AB_UNVISITED;
	v->active = st->status == AB_ACTIVE;
	/* The done event is about the whole search, not the root. */
	v->current = trace->step > 0 && ab_trace_current(trace) == n &&
		     trace->records[trace->step - 1].kind != AB_EV_DONE;
	v->pruned = ab_trace_pruned(trace, n);
	uint32_t parent = tree->nodes[n].parent;
	v->first_pruned = v->pruned && parent != AB_NONE &&
			  trace->state[parent].status != AB_UNVISITED;
	if (v->leaf) {
		v->lo = v->hi = tree->nodes[n].value;
	} else {
		v->lo = v->reached ? st->lo : AB_NEG_INF;
		v->hi = v->reached ? st->hi : AB_POS_INF;
	}
	v->alpha = st->alpha;
	v->beta = st->beta;
	uint32_t cut = ab_trace_cut_step(trace, n);
	v->cut = st->cut && cut > 0 && cut <= trace->step;
	if (v->cut) {
		v->cut_alpha = trace->records[cut - 1].a;
		v->cut_beta = trace->records[cut - 1].b;
	}
	v->has_static = !v->leaf && (tree->nodes[n].flags & AB_HAS_STATIC);
	v->static_value = tree->nodes[n].value;
	v->below = !v->pruned && ab_trace_below_horizon(trace, n);
	if (trace->config.view == AB_VIEW_NEGAMAX && !tree->nchance)
		negamax_side(v);
}

/* "h=5": a node's static value. */
static void static_text(const struct view *v, const struct ab_glyphs *g,
			struct ab_str *out)
{
	ab_str_add(out, "h=");
	ab_format_value(v->static_value, v->scale, g, out);
}

/* Whether the window is worth showing: alpha-beta, and on the path. */
static bool shows_window(const struct ab_trace *trace, const struct view *v)
{
	return v->active && !v->leaf && trace->config.algo == AB_ALPHABETA;
}

/* "β = 2 ≤ α = 3" for a MIN node, "α = 5 ≥ β = 4" for a MAX one. */
static void cut_test(const struct ab_trace *trace, const struct view *v,
		     const struct ab_glyphs *g, struct ab_str *out)
{
	bool strict = trace->config.strict;
	if (v->max || v->negamax) {
		ab_str_addf(out, "%s = ", g->alpha);
		ab_format_value(v->cut_alpha, v->scale, g, out);
		ab_str_addf(out, " %s %s = ", strict ? ">" : g->ge, g->beta);
		ab_format_value(v->cut_beta, v->scale, g, out);
	} else {
		ab_str_addf(out, "%s = ", g->beta);
		ab_format_value(v->cut_beta, v->scale, g, out);
		ab_str_addf(out, " %s %s = ", strict ? "<" : g->le, g->alpha);
		ab_format_value(v->cut_alpha, v->scale, g, out);
	}
}

/* The node's value ("= 3" for a leaf or an exact node, "≤ 2" for a bound),
 * or nothing when nothing is known yet. */
static void value_text(const struct view *v, const struct ab_glyphs *g,
		       struct ab_str *out)
{
	ab_format_interval(v->lo, v->hi, v->scale, g, out);
}

/* The caption: title, convention, and which step is drawn. */
static void caption(const struct ab_trace *trace, bool ascii, struct ab_str *out)
{
	ab_config_describe_for(&trace->config, trace->tree, ascii, out);
	ab_str_addf(out, _("; step %zu of %zu"), trace->step, trace->length);
}

/* ---- The walk ---------------------------------------------------------- */

struct walker {
	void (*enter)(void *ctx, uint32_t n, const bool *last, uint32_t depth);
	void (*leave)(void *ctx, uint32_t n);
	void *ctx;
};

/* Depth first in the tree's child order.  last[d] tells whether the
 * node's ancestor at depth d (or the node itself at its depth) is the last
 * of its siblings, which is what the text picture's rails need. */
static void walk(const struct ab_tree *tree, const struct walker *w)
{
	uint32_t levels = tree->height + 1;
	uint32_t *node = ab_xcalloc(levels, sizeof *node);
	uint32_t *next = ab_xcalloc(levels, sizeof *next);
	bool *last = ab_xcalloc(levels, sizeof *last);
	uint32_t depth = 0;
	node[0] = 0;
	next[0] = 0;
	last[0] = true;
	w->enter(w->ctx, 0, last, 0);
	for (;;) {
		uint32_t n = node[depth];
		if (next[depth] < tree->nodes[n].nkids) {
			uint32_t i = next[depth]++;
			uint32_t kid = ab_kid(tree, n, i);
			depth++;
			node[depth] = kid;
			next[depth] = 0;
			last[depth] = i + 1 == tree->nodes[n].nkids;
			w->enter(w->ctx, kid, last, depth);
			continue;
		}
		if (w->leave)
			w->leave(w->ctx, n);
		if (depth == 0)
			break;
		depth--;
	}
	free(node);
	free(next);
	free(last);
}

/* Indentation stops growing at this depth (text and TikZ). */
#define MAX_INDENT 40u

struct picture {
	const struct ab_trace *trace;
	const struct ab_glyphs *g;
	struct ab_str *out;
	struct ab_str scratch;
	struct ab_str notes;  /* TikZ: the windows and cut tests, listed */
};

/* ---- DOT ----------------------------------------------------------------- */

static void dot_escaped(struct ab_str *out, const char *text)
{
	for (const char *p = text; *p; p++) {
		if (*p == '"' || *p == '\\')
			ab_str_addc(out, '\\');
		ab_str_addc(out, *p);
	}
}

static void dot_enter(void *ctx, uint32_t n, const bool *last, uint32_t depth)
{
	struct picture *pic = ctx;
	const struct ab_trace *trace = pic->trace;
	const struct ab_glyphs *g = pic->g;
	struct ab_str *out = pic->out, *s = &pic->scratch;
	struct view v;
	(void)last;
	(void)depth;
	describe(trace, n, &v);

	ab_str_addf(out, "\tn%u [shape=%s, label=\"", n,
		    v.leaf ? "box" : v.max ? "triangle" : "invtriangle");
	ab_str_clear(s);
	ab_tree_name(trace->tree, n, s);
	dot_escaped(out, ab_str_cstr(s));
	ab_str_clear(s);
	if (v.leaf)
		ab_format_value(v.lo, v.scale, g, s);
	else
		value_text(&v, g, s);
	if (s->len) {
		ab_str_add(out, "\\n");
		dot_escaped(out, ab_str_cstr(s));
	}
	if (shows_window(trace, &v)) {
		ab_str_clear(s);
		ab_format_window(v.alpha, v.beta, v.scale, g, s);
		ab_str_add(out, "\\n");
		dot_escaped(out, ab_str_cstr(s));
	}
	if (v.cut) {
		ab_str_clear(s);
		ab_str_addf(s, "%s ", g->cut_mark);
		cut_test(trace, &v, g, s);
		ab_str_add(out, "\\n");
		dot_escaped(out, ab_str_cstr(s));
	}
	if (v.has_static) {
		ab_str_clear(s);
		static_text(&v, g, s);
		ab_str_add(out, "\\n");
		dot_escaped(out, ab_str_cstr(s));
	}
	ab_str_add(out, "\"");
	if (v.pruned)
		ab_str_add(out, ", style=dashed, color=gray60, fontcolor=gray50");
	else if (v.below)
		ab_str_add(out, ", style=dotted, color=gray75, fontcolor=gray65, tooltip=\"not searched at this depth\"");
	else if (!v.reached)
		ab_str_add(out, ", color=gray40, fontcolor=gray40");
	if (v.current)
		ab_str_add(out, ", style=\"filled,bold\", fillcolor=\"#ffe680\", penwidth=2.5");
	else if (v.active)
		ab_str_add(out, ", penwidth=2.5");
	ab_str_add(out, "];\n");

	uint32_t parent = trace->tree->nodes[n].parent;
	if (parent == AB_NONE)
		return;
	ab_str_addf(out, "\tn%u -> n%u", parent, n);
	if (v.first_pruned)
		ab_str_addf(out, " [style=dashed, color=gray60, fontcolor=gray40, label=\"%s\"]",
			    g->cut_mark);
	else if (v.pruned)
		ab_str_add(out, " [style=dashed, color=gray60]");
	else if (v.below)
		ab_str_add(out, " [style=dotted, color=gray75]");
	else if (v.active)
		ab_str_add(out, " [penwidth=2.5]");
	ab_str_add(out, ";\n");
}

static void export_dot(struct picture *pic)
{
	const struct ab_trace *trace = pic->trace;
	struct ab_str *out = pic->out, *s = &pic->scratch;
	ab_str_add(out, "digraph abtrace {\n\tgraph [ordering=out, labelloc=t, "
			"nodesep=0.25, ranksep=0.45, fontname=\"Helvetica\", label=\"");
	ab_str_clear(s);
	if (trace->tree->title)
		ab_str_addf(s, "%s\n", trace->tree->title);
	caption(trace, pic->g->ascii, s);
	for (const char *p = ab_str_cstr(s); *p; p++) {
		if (*p == '\n')
			ab_str_add(out, "\\n");
		else if (*p == '"' || *p == '\\')
			ab_str_addf(out, "\\%c", *p);
		else
			ab_str_addc(out, *p);
	}
	ab_str_add(out, "\"];\n"
			"\tnode [fontname=\"Helvetica\", fontsize=11, margin=\"0.04,0.02\"];\n"
			"\tedge [arrowhead=none];\n");
	struct walker w = { dot_enter, NULL, pic };
	walk(trace->tree, &w);
	ab_str_add(out, "}\n");
}

/* ---- TikZ forest ---------------------------------------------------------- */

/* Text for TeX: escapes the characters TeX treats specially. */
static void tex_escaped(struct ab_str *out, const char *text)
{
	for (const char *p = text; *p; p++) {
		switch (*p) {
		case '\\': ab_str_add(out, "\\textbackslash{}"); break;
		case '{': case '}': case '$': case '&': case '#': case '%': case '_':
			ab_str_addf(out, "\\%c", *p);
			break;
		case '^': ab_str_add(out, "\\^{}"); break;
		case '~': ab_str_add(out, "\\~{}"); break;
		case '[': ab_str_add(out, "{[}"); break;
		case ']': ab_str_add(out, "{]}"); break;
		case ',': ab_str_add(out, "{,}"); break;
		case '=': ab_str_add(out, "{=}"); break;
		default: ab_str_addc(out, *p); break;
		}
	}
}

static void tex_value(ab_value v, struct ab_str *out)
{
	if (v == AB_POS_INF)
		ab_str_add(out, "+\\infty");
	else if (v == AB_NEG_INF)
		ab_str_add(out, "-\\infty");
	else
		ab_str_addf(out, "%lld", (long long)v);
}

/* The interval in TeX math, as ab_format_interval says it in text. */
static void tex_interval(ab_value lo, ab_value hi, struct ab_str *out)
{
	if (lo == AB_NEG_INF && hi == AB_POS_INF)
		return;
	ab_str_add(out, "$");
	if (lo == hi) {
		ab_str_add(out, "= ");
		tex_value(lo, out);
	} else if (lo == AB_NEG_INF) {
		ab_str_add(out, "\\le ");
		tex_value(hi, out);
	} else if (hi == AB_POS_INF) {
		ab_str_add(out, "\\ge ");
		tex_value(lo, out);
	} else {
		ab_str_add(out, "\\in [");
		tex_value(lo, out);
		ab_str_add(out, ", ");
		tex_value(hi, out);
		ab_str_add(out, "]");
	}
	ab_str_add(out, "$");
}

/* Lists the windows on the path and the cut tests, for under the picture:
 * beside the nodes they would collide with the neighbours, which forest
 * does not move out of their way. */
static void tikz_collect(void *ctx, uint32_t n, const bool *last, uint32_t depth)
{
	struct picture *pic = ctx;
	const struct ab_trace *trace = pic->trace;
	struct view v;
	(void)last;
	(void)depth;
	describe(trace, n, &v);
	if (shows_window(trace, &v) || v.cut) {
		struct ab_str *notes = &pic->notes;
		if (notes->len)
			ab_str_add(notes, "\\\\\n  ");
		ab_str_clear(&pic->scratch);
		ab_tree_name(trace->tree, n, &pic->scratch);
		tex_escaped(notes, ab_str_cstr(&pic->scratch));
		ab_str_add(notes, ": ");
		if (shows_window(trace, &v)) {
			ab_str_add(notes, "$[\\alpha, \\beta] = [");
			tex_value(v.alpha, notes);
			ab_str_add(notes, ", ");
			tex_value(v.beta, notes);
			ab_str_add(notes, "]$");
		}
		if (v.cut) {
			bool strict = trace->config.strict;
			ab_str_add(notes, shows_window(trace, &v) ? ", \\abcut\\ $" : "\\abcut\\ $");
			if (v.max || v.negamax) {
				ab_str_add(notes, "\\alpha = ");
				tex_value(v.cut_alpha, notes);
				ab_str_add(notes, strict ? " > \\beta = " : " \\ge \\beta = ");
				tex_value(v.cut_beta, notes);
			} else {
				ab_str_add(notes, "\\beta = ");
				tex_value(v.cut_beta, notes);
				ab_str_add(notes, strict ? " < \\alpha = " : " \\le \\alpha = ");
				tex_value(v.cut_alpha, notes);
			}
			ab_str_add(notes, "$");
		}
	}
}

static void tikz_enter(void *ctx, uint32_t n, const bool *last, uint32_t depth)
{
	struct picture *pic = ctx;
	const struct ab_trace *trace = pic->trace;
	struct ab_str *out = pic->out, *s = &pic->scratch;
	struct view v;
	(void)last;
	describe(trace, n, &v);

	ab_str_addc(out, '\n');
	for (uint32_t i = 0; i <= depth && i <= MAX_INDENT; i++)
		ab_str_add(out, "  ");
	/* The node's content is its value; its name is a small label. */
	ab_str_add(out, "[{");
	if (v.leaf)
		ab_str_addf(out, "$%lld$", (long long)v.lo);
	else
		tex_interval(v.lo, v.hi, out);
	ab_str_add(out, "}, ");
	ab_str_add(out, v.leaf ? "ab leaf" : v.max ? "ab max" : "ab min");
	ab_str_clear(s);
	ab_tree_name(trace->tree, n, s);
	ab_str_addf(out, ", label={[ab name]%s:{", v.leaf ? "below" : "left");
	tex_escaped(out, ab_str_cstr(s));
	ab_str_add(out, "}}");
	if (v.has_static) {
		ab_str_clear(s);
		static_text(&v, pic->g, s);
		ab_str_add(out, ", label={[ab static]below:{");
		tex_escaped(out, ab_str_cstr(s));
		ab_str_add(out, "}}");
	}
	if (n == 0 && pic->notes.len) {
		/* tikz on the root runs once the tree is drawn, so the list
		 * goes under the whole picture. */
		ab_str_add(out, ", tikz+={\\node[ab note, align=left, anchor=north west] at "
				"([yshift=-4mm]current bounding box.south west) {");
		ab_str_add(out, ab_str_cstr(&pic->notes));
		ab_str_add(out, "};}");
	}
	if (v.first_pruned)
		ab_str_add(out, ", ab pruned, edge label={node[ab mark]{\\abcut}}");
	else if (v.pruned)
		ab_str_add(out, ", ab pruned");
	else if (v.below)
		ab_str_add(out, ", ab below horizon");
	else if (!v.reached)
		ab_str_add(out, ", ab unreached");
	if (v.current)
		ab_str_add(out, ", ab current");
	else if (v.active)
		ab_str_add(out, ", ab path");
}

static void tikz_leave(void *ctx, uint32_t n)
{
	struct picture *pic = ctx;
	(void)n;
	ab_str_add(pic->out, " ]");
}

/* The styles, set with \forestset so a lecturer can restyle them. */
static const char tikz_styles[] =
	"\\providecommand\\abcut{$\\times$}\n"
	"\\tikzset{\n"
	"  ab name/.style={font=\\scriptsize, text=black!60},\n"
	"  ab note/.style={font=\\scriptsize},\n"
	"  ab mark/.style={midway, fill=white, inner sep=1pt, font=\\scriptsize},\n"
	"}\n"
	"\\forestset{\n"
	"  ab max/.style={draw, regular polygon, regular polygon sides=3,\n"
	"    minimum size=12mm, inner sep=0pt, text depth=0pt, yshift=-1mm},\n"
	"  ab min/.style={draw, regular polygon, regular polygon sides=3,\n"
	"    shape border rotate=180, minimum size=12mm, inner sep=0pt},\n"
	"  ab leaf/.style={draw, rectangle, minimum size=5mm, inner sep=2pt},\n"
	"  ab pruned/.style={dashed, draw=black!40, text=black!45,\n"
	"    edge={dashed, draw=black!40}},\n"
	"  ab unreached/.style={draw=black!50, text=black!50},\n"
	"  ab below horizon/.style={dotted, draw=black!30, text=black!35,\n"
	"    edge={dotted, draw=black!30}},\n"
	"  ab static/.style={font=\\scriptsize, text=black!60},\n"
	"  ab path/.style={very thick, edge={very thick}},\n"
	"  ab current/.style={very thick, fill=yellow!40, edge={very thick}},\n"
	"}\n";

static void export_tikz(struct picture *pic, bool standalone)
{
	const struct ab_trace *trace = pic->trace;
	struct ab_str *out = pic->out, *s = &pic->scratch;
	if (standalone)
		ab_str_add(out, "\\documentclass{article}\n"
				"\\usepackage[utf8]{inputenc}\n"
				"\\usepackage{forest}\n"
				"\\usetikzlibrary{shapes.geometric}\n"

				"\\pagestyle{empty}\n"
				"\\begin{document}\n");
	else
		ab_str_add(out, "% abtrace picture: needs \\usepackage{forest} and "
				"\\usetikzlibrary{shapes.geometric}\n");
	ab_str_add(out, "% ");
	ab_str_clear(s);
	if (trace->tree->title)
		ab_str_addf(s, "%s: ", trace->tree->title);
	caption(trace, true, s);
	for (const char *p = ab_str_cstr(s); *p; p++)
		ab_str_addc(out, *p == '\n' ? ' ' : *p);
	ab_str_add(out, "\n");
	ab_str_add(out, tikz_styles);
	ab_str_add(out, "\\begin{forest}\n  for tree={l sep=8mm, s sep=4mm, "
			"edge={draw=black!70}, anchor=north, child anchor=north}");
	struct walker collect = { tikz_collect, NULL, pic };
	walk(trace->tree, &collect);
	struct walker w = { tikz_enter, tikz_leave, pic };
	walk(trace->tree, &w);
	ab_str_add(out, "\n\\end{forest}\n");
	if (standalone)
		ab_str_add(out, "\\end{document}\n");
}

/* ---- Text ------------------------------------------------------------------ */

struct rails { const char *tee, *corner, *pipe, *blank; };

static const struct rails rails_utf8 = { "├─ ", "└─ ", "│  ", "   " };
static const struct rails rails_ascii = { "+- ", "`- ", "|  ", "   " };

static void text_enter(void *ctx, uint32_t n, const bool *last, uint32_t depth)
{
	struct picture *pic = ctx;
	const struct ab_trace *trace = pic->trace;
	const struct ab_glyphs *g = pic->g;
	const struct rails *r = g->ascii ? &rails_ascii : &rails_utf8;
	struct ab_str *out = pic->out;
	struct view v;
	describe(trace, n, &v);

	/* Rails for the first levels only, so a very deep tree does not
	 * grow quadratically; deeper lines say how deep they are. */
	uint32_t shown = depth > MAX_INDENT ? MAX_INDENT : depth;
	for (uint32_t d = 1; d < shown; d++)
		ab_str_add(out, last[d] ? r->blank : r->pipe);
	if (depth > MAX_INDENT)
		ab_str_addf(out, "(+%u) ", depth - MAX_INDENT + 1);
	if (depth > 0)
		ab_str_add(out, last[depth] ? r->corner : r->tee);
	ab_tree_name(trace->tree, n, out);
	if (!v.leaf)
		ab_str_add(out, v.max ? " (MAX)" : " (MIN)");
	size_t before = out->len;
	ab_str_add(out, " ");
	value_text(&v, g, out);
	if (out->len == before + 1)
		ab_str_truncate(out, before);
	if (v.has_static) {
		ab_str_add(out, "  ");
		static_text(&v, g, out);
	}
	if (shows_window(trace, &v)) {
		ab_str_addf(out, "  [%s, %s] = ", g->alpha, g->beta);
		ab_format_window(v.alpha, v.beta, v.scale, g, out);
	}
	if (v.cut) {
		ab_str_addf(out, "  %s ", g->cut_mark);
		ab_str_addf(out, _("cut: "));
		cut_test(trace, &v, g, out);
	}
	if (v.first_pruned || (v.pruned && v.leaf))
		ab_str_addf(out, "  %s %s", g->cut_mark, _("pruned"));
	else if (v.below && !ab_trace_below_horizon(trace, trace->tree->nodes[n].parent))
		ab_str_addf(out, "  %s", _("(not searched at this depth)"));
	else if (v.below)
		;
	else if (!v.reached && !v.pruned)
		ab_str_addf(out, "  %s", _("(not reached yet)"));
	if (v.current)
		ab_str_addf(out, "  %s", g->ascii ? _("<- now") : _("◀ now"));
	ab_str_addc(out, '\n');
}

static void export_text(struct picture *pic)
{
	const struct ab_trace *trace = pic->trace;
	struct ab_str *out = pic->out;
	if (trace->tree->title)
		ab_str_addf(out, "%s\n", trace->tree->title);
	caption(trace, pic->g->ascii, out);
	ab_str_add(out, "\n\n");
	struct walker w = { text_enter, NULL, pic };
	walk(trace->tree, &w);
}

void ab_export(const struct ab_trace *trace, const struct ab_export_options *opt,
	       struct ab_str *out)
{
	struct picture pic = {
		.trace = trace,
		.g = opt->ascii ? &ab_glyphs_ascii : &ab_glyphs_utf8,
		.out = out,
		.scratch = AB_STR_INIT,
		.notes = AB_STR_INIT,
	};
	switch (opt->format) {
	case AB_EXPORT_DOT:
		export_dot(&pic);
		break;
	case AB_EXPORT_TIKZ:
		export_tikz(&pic, opt->standalone);
		break;
	case AB_EXPORT_TEXT:
		export_text(&pic);
		break;
	}
	ab_str_free(&pic.scratch);
	ab_str_free(&pic.notes);
}
