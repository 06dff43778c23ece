/* export.c - DOT, TikZ and text pictures of a trace at one step, and the
 * frames of an animation; SVG is written by svg.c.
 *
 * The exporters share one description of each node (scene.h), so the
 * pictures say the same thing in four notations.  DOT and text share one
 * walk (depth first, children in the tree's order, with an explicit stack
 * so a tree as deep as the loader allows is drawn without recursion); TikZ
 * and SVG share one geometry (scene.c), so they are the same picture.
 */
#include "views/export.h"

#include <stdlib.h>
#include <string.h>

#include "views/format.h"
#include "base/i18n.h"
#include "views/scene.h"
#include "core/search.h"
#include "views/slides.h"
#include "views/svg.h"
#include "views/tex.h"

/* ---- What a picture says about one node -------------------------------- */

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
	double dot_w, dot_h; /* DOT: the triangles' size, in inches */
	double dot_d;        /* DOT: the chance circles' diameter, in inches */
	const struct ab_picture_boards *boards; /* --board, or NULL */
};

static struct picture picture_of(const struct ab_trace *trace,
				 const struct ab_export_options *opt, struct ab_str *out)
{
	return (struct picture){
		.trace = trace,
		.g = opt->ascii ? &ab_glyphs_ascii : &ab_glyphs_utf8,
		.out = out,
		.scratch = AB_STR_INIT,
		.boards = opt->boards,
	};
}

/* The layout of opt's frames (or of the current step) with caption_lines
 * above the tree: in keep, made on its first use and kept for the next
 * picture of the same animation, or in local for this picture alone
 * (done_with frees that one). */
static struct ab_scene *laid_out(struct ab_trace *trace, const struct ab_export_options *opt,
				 unsigned caption_lines, struct ab_scene *keep,
				 struct ab_scene *local)
{
	struct ab_scene *scene = keep ? keep : local;
	if (!keep || !keep->tree) {
		size_t here = trace->step;
		bool frames = opt->frames && opt->nframes;
		ab_scene_build_boards(scene, trace, frames ? opt->frames : &here,
				      frames ? opt->nframes : 1, caption_lines, opt->boards);
	}
	return scene;
}

static void done_with(struct ab_scene *scene, const struct ab_scene *keep)
{
	if (scene != keep)
		ab_scene_free(scene);
}

/* ---- DOT ----------------------------------------------------------------- */

/* Fonts for labels: Latin, Greek and math first, then CJK fonts (Debian:
 * fonts-noto-cjk, fonts-wqy-microhei) for Chinese names and captions. */
#define DOT_FONTS "DejaVu Sans,Noto Sans CJK SC,WenQuanYi Micro Hei,sans-serif"

static void dot_escaped(struct ab_str *out, const char *text)
{
	for (const char *p = text; *p; p++) {
		if (*p == '\n') {
			ab_str_add(out, "\\n");
			continue;
		}
		if (*p == '"' || *p == '\\')
			ab_str_addc(out, '\\');
		ab_str_addc(out, *p);
	}
}

/* The label of a node with notes (the window, the cut test, the static
 * value): a table centred on the shape, name and value in the middle, the
 * notes under the shape on a white ground (the edges are drawn first, so
 * they pass under them) and as many empty rows above, so the name and
 * value stay in the shape.  Part of the node's own label, the notes stay
 * by their node wherever the layout puts it. */
static void dot_label_with_notes(struct picture *pic, const struct ab_node_view *v,
				 const char *name_value, struct ab_str *out)
{
	const struct ab_glyphs *g = pic->g;
	struct ab_str notes[3] = { AB_STR_INIT, AB_STR_INIT, AB_STR_INIT };
	unsigned k = 0;
	if (v->window)
		ab_node_window_text(v, g, &notes[k++]);
	if (v->cut) {
		ab_str_addf(&notes[k], "%s ", g->cut_mark);
		ab_node_cut_text(pic->trace, v, g, &notes[k++]);
	}
	if (v->has_static)
		ab_node_static_text(v, g, &notes[k++]);
	/* Graphviz draws a triangle in the middle three quarters of its
	 * height, a circle in the whole: the gap takes the notes from the
	 * middle lines to below it. */
	double half = v->shape == AB_SHAPE_CHANCE ? pic->dot_d * 72.0 / 2.0
						  : pic->dot_h * 72.0 * 0.75 / 2.0;
	double gap = k ? half - 13.0 : 0.0;
	if (k && gap < 1.0)
		gap = 1.0;
	ab_str_add(out, "label=<<table border=\"0\" cellspacing=\"0\" cellpadding=\"0\">");
	for (unsigned i = 0; i < k; i++)
		ab_str_add(out, "<tr><td><font point-size=\"9\"> </font></td></tr>");
	if (k)
		ab_str_addf(out, "<tr><td height=\"%.0f\"></td></tr>", gap);
	for (const char *p = name_value; *p;) {
		const char *q = strchr(p, '\n');
		size_t len = q ? (size_t)(q - p) : strlen(p);
		struct ab_str line = AB_STR_INIT;
		ab_str_addn(&line, p, len);
		/* The value's cell is the port the edges to a MIN node's
		 * children leave from (under the shape, which hides them). */
		ab_str_add(out, q ? "<tr><td>" : "<tr><td port=\"v\">");
		ab_xml_escaped(out, ab_str_cstr(&line));
		ab_str_add(out, "</td></tr>");
		ab_str_free(&line);
		p += len + (q != NULL);
	}
	if (k)
		ab_str_addf(out, "<tr><td height=\"%.0f\"></td></tr>", gap);
	for (unsigned i = 0; i < k; i++) {
		ab_str_add(out, "<tr><td bgcolor=\"white\"><font point-size=\"9\" color=\"gray30\">");
		ab_xml_escaped(out, ab_str_cstr(&notes[i]));
		ab_str_add(out, "</font></td></tr>");
		ab_str_free(&notes[i]);
	}
	ab_str_add(out, "</table>>");
}

/* A game's board beside node n (export --board), on its rank: a plain
 * node of monospaced lines, the last move's square bold, a winning row's
 * bold and red. */
static void dot_board(const struct picture *pic, uint32_t n)
{
	if (!pic->boards)
		return;
	struct ab_str text = AB_STR_INIT, *out = pic->out;
	enum ab_board_mark *marks = NULL;
	if (ab_picture_board(pic->boards, pic->trace->tree, n, &text, &marks)) {
		ab_str_addf(out, "\tn%uboard [shape=plain, label=<<font face=\"monospace\" "
				 "point-size=\"8\">", n);
		for (size_t i = 0; i < text.len; i++) {
			char c[2] = { text.s[i], '\0' };
			if (c[0] == '\n')
				ab_str_add(out, "<br align=\"left\"/>");
			else if (marks[i] == AB_BOARD_WIN)
				ab_str_addf(out, "<font color=\"#c0392b\"><b>%s</b></font>",
					    c[0] == ' ' ? "&#160;" : c);
			else if (marks[i] == AB_BOARD_MOVE)
				ab_str_addf(out, "<b>%s</b>", c[0] == ' ' ? "&#160;" : c);
			else if (c[0] == ' ')
				ab_str_add(out, "&#160;");
			else
				ab_xml_escaped(out, c);
		}
		ab_str_addf(out, "</font>>];\n\t{ rank=same; n%u -> n%uboard [style=invis]; }\n",
			    n, n);
	}
	free(marks);
	ab_str_free(&text);
}

static void dot_enter(void *ctx, uint32_t n, const bool *last, uint32_t depth)
{
	struct picture *pic = ctx;
	const struct ab_trace *trace = pic->trace;
	const struct ab_glyphs *g = pic->g;
	struct ab_str *out = pic->out, *s = &pic->scratch;
	struct ab_node_view v;
	(void)last;
	(void)depth;
	ab_node_view(trace, n, &v);

	/* A short label, name over value, in every node (pruned or not yet
	 * reached ones keep an empty second line, so all shapes of a kind
	 * are the same size); the window and the cut test go beside it. */
	static const char *const dot_shapes[] = {
		[AB_SHAPE_MAX] = "triangle", [AB_SHAPE_MIN] = "invtriangle",
		[AB_SHAPE_LEAF] = "box", [AB_SHAPE_CHANCE] = "circle",
	};
	ab_str_addf(out, "\tn%u [shape=%s, ", n, dot_shapes[v.shape]);
	if (v.shape == AB_SHAPE_CHANCE)
		/* Every circle the same size, the notes under it part of its
		 * label: the edges meet the shape alone. */
		ab_str_addf(out, "fixedsize=shape, width=%.2f, height=%.2f, ", pic->dot_d,
			    pic->dot_d);
	else if (!v.leaf)
		/* Every triangle the same size, likewise. */
		ab_str_addf(out, "fixedsize=shape, width=%.2f, height=%.2f, ", pic->dot_w,
			    pic->dot_h);
	ab_str_clear(s);
	ab_tree_name(trace->tree, n, s);
	ab_str_addc(s, '\n');
	size_t before = s->len;
	if (v.leaf)
		ab_node_leaf_text(&v, g, s); /* "3", not "= 3" */
	else
		ab_node_value_text(&v, g, s);
	if (s->len == before)
		ab_str_addc(s, ' ');
	if (!v.leaf) {
		dot_label_with_notes(pic, &v, ab_str_cstr(s), out);
	} else {
		ab_str_add(out, "label=\"");
		dot_escaped(out, ab_str_cstr(s));
		ab_str_add(out, "\"");
	}
	if (v.pruned)
		ab_str_add(out, ", style=filled, fillcolor=gray93, color=gray55, fontcolor=gray45");
	else if (v.below)
		ab_str_add(out, ", style=\"filled,dotted\", color=gray75, fontcolor=gray65, tooltip=\"not searched at this depth\"");
	else if (!v.reached)
		ab_str_add(out, ", color=gray40, fontcolor=gray40");
	if (v.current)
		ab_str_add(out, ", style=\"filled,bold\", fillcolor=\"#ffe680\", penwidth=2.5");
	else if (v.active)
		ab_str_add(out, ", penwidth=2.5");
	ab_str_add(out, "];\n");
	dot_board(pic, n);
	uint32_t parent = trace->tree->nodes[n].parent;
	if (parent == AB_NONE)
		return;
	ab_str_addf(out, "\tn%u -> n%u", parent, n);
	ab_str_clear(s);
	ab_node_prob_text(&v, s);
	if (v.first_pruned) {
		if (s->len)
			ab_str_addc(s, ' ');
		ab_str_add(s, g->cut_mark);
	}
	ab_str_add(out, " [");
	if (ab_player_at(trace->tree, parent, trace->root_player) == AB_MIN)
		/* From the middle of the MIN triangle, under the shape: the
		 * edges come out of its sides, not all from its point. */
		ab_str_add(out, "tailport=\"v:s\", ");
	if (s->len) {
		ab_str_add(out, "label=<<font point-size=\"9\" color=\"gray35\">");
		for (const char *p = ab_str_cstr(s); *p;) {
			const char *q = strchr(p, '\n');
			size_t len = q ? (size_t)(q - p) : strlen(p);
			struct ab_str line = AB_STR_INIT;
			ab_str_addn(&line, p, len);
			ab_xml_escaped(out, ab_str_cstr(&line));
			ab_str_free(&line);
			if (q)
				ab_str_add(out, "<br/>");
			p += len + (q != NULL);
		}
		ab_str_add(out, "</font>>, ");
	}
	if (v.pruned)
		ab_str_add(out, "style=dashed, color=gray60");
	else if (v.below)
		ab_str_add(out, "style=dotted, color=gray75");
	else if (v.active)
		ab_str_add(out, "penwidth=2.5");
	else if (!v.reached)
		ab_str_add(out, "color=gray40");
	else
		ab_str_add(out, "color=black");
	ab_str_add(out, "];\n");
}

/* One size for every triangle, wide enough that the widest name or value
 * of a MAX or MIN node (11 points) fits between its sides at its line, and
 * one for every circle, whose two lines of name and value (the widest a
 * chance node's, an interval such as "in [4.2, 7.2]") fit inside it: a
 * chance node's long value no longer widens the triangles, nor a
 * triangle's the circles. */
static void dot_shape_size(struct picture *pic)
{
	const struct ab_trace *trace = pic->trace;
	struct ab_str *s = &pic->scratch;
	struct ab_node_view v;
	double widest = 0.0, widest_chance = 0.0;
	for (uint32_t n = 0; n < trace->tree->count && n < 100000; n++) {
		if (ab_is_leaf(trace->tree, n))
			continue;
		ab_node_view(trace, n, &v);
		ab_str_clear(s);
		ab_tree_name(trace->tree, n, s);
		double w = ab_scene_text_width(ab_str_cstr(s), 11.0);
		ab_str_clear(s);
		ab_node_value_text(&v, pic->g, s);
		double vw = ab_scene_text_width(ab_str_cstr(s), 11.0);
		if (w < vw)
			w = vw;
		double *most = v.shape == AB_SHAPE_CHANCE ? &widest_chance : &widest;
		if (w > *most)
			*most = w;
	}
	pic->dot_w = (3.0 * widest + 12.0) / 72.0;
	if (pic->dot_w < 0.8)
		pic->dot_w = 0.8;
	pic->dot_h = 0.8;
	/* Two lines of 11 points are 26 points high: the circle holds that
	 * box (its diagonal, a bit over, as a + b*b/2a for a >= b), with a
	 * few points to spare. */
	double a = widest_chance > 26.0 ? widest_chance : 26.0;
	double b = widest_chance > 26.0 ? 26.0 : widest_chance;
	pic->dot_d = (a + b * b / (2.0 * a) + 8.0) / 72.0;
	if (pic->dot_d < 0.6)
		pic->dot_d = 0.6;
}

static void export_dot(struct ab_trace *trace, const struct ab_export_options *opt,
		       struct ab_scene *keep, struct ab_str *out)
{
	struct picture picture = picture_of(trace, opt, out), *pic = &picture;
	struct ab_str *s = &pic->scratch;
	(void)keep;
	if (!opt->ascii)
		pic->g = &ab_glyphs_picture;
	ab_str_add(out, "digraph abtrace {\n\tgraph [ordering=out, labelloc=t, splines=line, "
			"outputorder=edgesfirst, "
			"forcelabels=true, nodesep=0.3, ranksep=0.4, fontname=\"" DOT_FONTS
			"\", fontsize=11, label=\"");
	ab_str_clear(s);
	if (ab_tree_title(trace->tree))
		ab_str_addf(s, "%s\n", ab_tree_title(trace->tree));
	caption(trace, pic->g->ascii, s);
	dot_escaped(out, ab_str_cstr(s));
	ab_str_add(out, "\"];\n"
			"\tnode [fontname=\"" DOT_FONTS "\", fontsize=11, margin=\"0.04,0.02\", "
			"width=0.4, height=0.3, style=filled, fillcolor=white];\n"
			"\tedge [arrowhead=none, fontname=\"" DOT_FONTS "\", fontsize=10];\n");
	dot_shape_size(pic);
	struct walker w = { dot_enter, NULL, pic };
	walk(trace->tree, &w);
	ab_str_add(out, "}\n");
	ab_str_free(s);
}

/* ---- TikZ ----------------------------------------------------------------- */

static void tikz_text(struct ab_str *out, const char *style, const struct ab_node_view *v,
		      const char *anchor, double x, double y, const char *body)
{
	ab_str_addf(out, "  \\node[%s", style);
	ab_tikz_mods(out, v, AB_TIKZ_TEXT);
	ab_str_addf(out, ", anchor=%s] at (%.1f,%.1f) {%s};\n", anchor, x, y, body);
}

/* A game's board under node n (export --board): a line of typewriter text
 * each, the last move's square underlined, a winning row's in red too. */
static void tikz_board(struct ab_str *out, const struct ab_trace *trace,
		       const struct ab_scene *scene, uint32_t n, const struct ab_node_view *v)
{
	if (!scene->boards)
		return;
	struct ab_str text = AB_STR_INIT;
	enum ab_board_mark *marks = NULL;
	if (ab_picture_board(scene->boards, trace->tree, n, &text, &marks)) {
		double x = ab_scene_x(scene, n) - scene->board_w / 2.0;
		double y = ab_scene_board_top(scene, n) + AB_BOARD_FONT;
		struct ab_str line = AB_STR_INIT;
		for (size_t i = 0; i < text.len; i++) {
			char c[2] = { text.s[i], '\0' };
			if (c[0] != '\n') {
				/* Typewriter type has no bold: the move is
				 * underlined, a winning row red as well. */
				if (marks[i] != AB_BOARD_PLAIN)
					ab_str_add(&line, marks[i] == AB_BOARD_WIN
						   ? "\\textcolor{red!70!black}{\\underline{"
						   : "\\underline{");
				if (c[0] == ' ')
					ab_str_add(&line, "~");
				else
					ab_tex_escaped(&line, c);
				if (marks[i] != AB_BOARD_PLAIN)
					ab_str_add(&line, marks[i] == AB_BOARD_WIN ? "}}" : "}");
				continue;
			}
			ab_str_add(out, "  \\node[ab board");
			ab_tikz_mods(out, v, AB_TIKZ_TEXT);
			ab_str_addf(out, ", anchor=base west] at (%.1f,%.1f) {%s};\n", x, y,
				    ab_str_cstr(&line));
			ab_str_clear(&line);
			y += AB_BOARD_LINE;
		}
		ab_str_free(&line);
	}
	free(marks);
	ab_str_free(&text);
}

/* The picture's commands at the trace's current step. */
static void tikz_body(const struct ab_trace *trace, const struct ab_scene *scene,
		      struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	struct ab_str s = AB_STR_INIT, t = AB_STR_INIT;
	struct ab_node_view v, pv;
	for (uint32_t n = 1; n < tree->count; n++) {
		uint32_t p = tree->nodes[n].parent;
		ab_node_view(trace, n, &v);
		ab_node_view(trace, p, &pv);
		double x0 = ab_scene_x(scene, p), y0 = ab_scene_edge_y(scene, p, pv.shape);
		double x1 = ab_scene_x(scene, n), y1 = ab_scene_level_top(scene, n);
		double y2 = ab_scene_top(scene, n);
		ab_str_add(out, "  \\draw[ab edge");
		ab_tikz_mods(out, &v, AB_TIKZ_EDGE);
		ab_str_addf(out, "] (%.1f,%.1f) -- (%.1f,%.1f)", x0, y0, x1, y1);
		if (y2 > y1)
			ab_str_addf(out, " -- (%.1f,%.1f)", x1, y2);
		ab_str_add(out, ";\n");
		if (v.first_pruned) {
			double mx, my;
			ab_scene_edge_middle(scene, p, pv.shape, n, &mx, &my);
			ab_str_addf(out, "  \\node[ab mark] at (%.1f,%.1f) {\\abcut};\n", mx, my);
		}
		if (v.has_prob) {
			/* The probability on the edge, just above the child. */
			ab_str_clear(&s);
			ab_node_prob_text(&v, &s);
			double tx = x1 + (x0 - x1) * 4.0 / (y1 - y0 > 1.0 ? y1 - y0 : 1.0);
			ab_str_addf(out, "  \\node[ab prob, anchor=base] at (%.1f,%.1f) {$%s$};\n",
				    tx, y1 - 4.0, ab_str_cstr(&s));
		}
	}
	for (uint32_t n = 0; n < tree->count; n++) {
		ab_node_view(trace, n, &v);
		double x = ab_scene_x(scene, n), top = ab_scene_top(scene, n);
		double w = AB_SCENE_TRI_W / 2.0, h = AB_SCENE_TRI_H;
		ab_str_clear(&s);
		ab_tree_name(tree, n, &s);
		ab_str_clear(&t);
		ab_tex_escaped(&t, ab_str_cstr(&s));
		static const char *const shape_names[] = {
			[AB_SHAPE_MAX] = "MAX", [AB_SHAPE_MIN] = "MIN",
			[AB_SHAPE_LEAF] = "leaf", [AB_SHAPE_CHANCE] = "chance",
		};
		ab_str_addf(out, "  %% %s\n", shape_names[v.shape]);
		double gx0, gy0, gx1, gy1;
		if ((v.window || v.cut || v.has_static) &&
		    ab_scene_note_ground(scene, n, v.shape, &gx0, &gy0, &gx1, &gy1))
			ab_str_addf(out, "  \\fill[white] (%.1f,%.1f) rectangle (%.1f,%.1f);\n",
				    gx0, gy0, gx1, gy1);
		switch (v.shape) {
		case AB_SHAPE_MAX:
			ab_str_add(out, "  \\draw[ab max");
			ab_tikz_mods(out, &v, AB_TIKZ_SHAPE);
			ab_str_addf(out, "] (%.1f,%.1f) -- (%.1f,%.1f) -- (%.1f,%.1f) -- cycle;\n",
				    x, top, x + w, top + h, x - w, top + h);
			break;
		case AB_SHAPE_MIN:
			ab_str_add(out, "  \\draw[ab min");
			ab_tikz_mods(out, &v, AB_TIKZ_SHAPE);
			ab_str_addf(out, "] (%.1f,%.1f) -- (%.1f,%.1f) -- (%.1f,%.1f) -- cycle;\n",
				    x - w, top, x + w, top, x, top + h);
			break;
		case AB_SHAPE_CHANCE:
			ab_str_add(out, "  \\draw[ab chance");
			ab_tikz_mods(out, &v, AB_TIKZ_SHAPE);
			ab_str_addf(out, "] (%.1f,%.1f) circle[radius=%.1f];\n", x, top + h / 2.0,
				    h / 2.0);
			break;
		case AB_SHAPE_LEAF: {
			ab_str_clear(&s);
			ab_node_leaf_text(&v, &ab_glyphs_utf8, &s);
			double bw = ab_scene_text_width(ab_str_cstr(&s), AB_SCENE_FONT) + 8.0;
			ab_str_add(out, "  \\draw[ab leaf");
			ab_tikz_mods(out, &v, AB_TIKZ_SHAPE);
			ab_str_addf(out, "] (%.1f,%.1f) rectangle (%.1f,%.1f);\n", x - bw / 2.0,
				    top, x + bw / 2.0, top + AB_SCENE_LEAF_H);
			ab_str_clear(&s);
			ab_str_add(&s, "$");
			ab_node_leaf_text(&v, &ab_tex_glyphs, &s);
			ab_str_add(&s, "$");
			tikz_text(out, "ab value", &v, "base", x, top + 11.0, ab_str_cstr(&s));
			tikz_text(out, "ab name", &v, "base", x, top + AB_SCENE_LEAF_H + AB_SCENE_LINE,
				  ab_str_cstr(&t));
			tikz_board(out, trace, scene, n, &v);
			continue;
		}
		}
		double mid = ab_scene_label_y(scene, n, v.shape);
		tikz_text(out, "ab name", &v, "base east", x - w - 4.0, mid, ab_str_cstr(&t));
		ab_str_clear(&s);
		ab_tex_interval(&v, &s);
		if (s.len)
			tikz_text(out, "ab value", &v, "base west", x + w + 4.0, mid + 1.0,
				  ab_str_cstr(&s));
		double y = top + h + AB_SCENE_LINE;
		if (v.window) {
			ab_str_clear(&s);
			ab_str_add(&s, "$");
			ab_node_window_text(&v, &ab_tex_glyphs, &s);
			ab_str_add(&s, "$");
			tikz_text(out, "ab note", &v, "base", x, y, ab_str_cstr(&s));
			y += AB_SCENE_LINE;
		}
		if (v.cut) {
			ab_str_clear(&s);
			ab_str_add(&s, "\\abcut\\ ");
			ab_tex_cut(trace, &v, &s);
			tikz_text(out, "ab note", &v, "base", x, y, ab_str_cstr(&s));
			y += AB_SCENE_LINE;
		}
		if (v.has_static) {
			ab_str_clear(&s);
			ab_str_add(&s, "$");
			ab_node_static_text(&v, &ab_tex_glyphs, &s);
			ab_str_add(&s, "$");
			tikz_text(out, "ab note", &v, "base", x, y, ab_str_cstr(&s));
		}
		tikz_board(out, trace, scene, n, &v);
	}
	ab_str_free(&s);
	ab_str_free(&t);
}

/* A TikZ picture; with frames, the beamer frames of slides.c. */
static void export_tikz(struct ab_trace *trace, const struct ab_export_options *opt,
			struct ab_scene *keep, struct ab_str *out)
{
	if (opt->frames && opt->nframes) {
		ab_slides_write(trace, opt, out);
		return;
	}
	struct ab_str text = AB_STR_INIT, *s = &text;
	struct ab_scene local, *scene = laid_out(trace, opt, 0, keep, &local);
	if (ab_tree_title(trace->tree)) {
		ab_str_add(s, ab_tree_title(trace->tree));
		ab_str_add(s, _(": "));
	}
	ab_config_describe(&trace->config, true, s);
	ab_str_addf(s, _("; step %zu of %zu"), trace->step, trace->length);
	ab_tex_comment(out, ab_str_cstr(s));
	if (ab_tex_needs_unicode(trace->tree, NULL))
		ab_tex_comment(out, _("This picture has characters pdflatex cannot set: compile it "
				   "with lualatex (Debian: texlive-luatex, and fonts-noto-cjk for Chinese)."));
	if (scene->width > 16000.0 || scene->height > 16000.0)
		ab_tex_comment(out, _("This picture is larger than TeX can draw (about 16,000 points a side): "
				   "use --svg, or a smaller tree."));
	if (opt->standalone) {
		ab_str_add(out, "\\documentclass[border=4pt]{standalone}\n");
		ab_str_add(out, ab_tex_engines);
	} else {
		ab_tex_comment(out, "abtrace picture: needs \\usepackage{tikz}");
	}
	/* In the preamble of a document: there the line ends would be
	 * spaces beside the picture, and the page wider than it.  Font sizes
	 * are fixed (the layout is measured for them) whatever the class. */
	ab_tikz_styles(out, "\\fontsize{10}{12}\\selectfont", "\\fontsize{7.5}{9}\\selectfont");
	/* A game's boards (--board), at the size the scene measured them for. */
	if (opt->boards)
		ab_str_add(out, "\\tikzset{ab board/.style={font=\\ttfamily\\fontsize{7}{8}\\selectfont, inner sep=0pt}}\n");
	if (opt->standalone)
		ab_str_add(out, "\\begin{document}\n");
	ab_str_add(out, "\\begin{tikzpicture}[x=1pt, y=-1pt]\n");
	ab_str_addf(out, "  \\path[use as bounding box] (0,0) rectangle (%.1f,%.1f);\n",
		    scene->width, scene->height);
	tikz_body(trace, scene, out);
	ab_str_add(out, "\\end{tikzpicture}\n");
	if (opt->standalone)
		ab_str_add(out, "\\end{document}\n");
	done_with(scene, keep);
	ab_str_free(s);
}

/* ---- SVG ------------------------------------------------------------------ */

/* Sized for every frame of opt's animation, if any, so that the frames
 * line up; two caption lines above the tree. */
static void export_svg(struct ab_trace *trace, const struct ab_export_options *opt,
		       struct ab_scene *keep, struct ab_str *out)
{
	struct ab_scene local, *scene = laid_out(trace, opt, 2, keep, &local);
	struct ab_str cap = AB_STR_INIT;
	if (ab_tree_title(trace->tree))
		ab_str_addf(&cap, "%s\n", ab_tree_title(trace->tree));
	caption(trace, false, &cap);
	ab_svg_write(trace, scene, ab_str_cstr(&cap), out);
	ab_str_free(&cap);
	done_with(scene, keep);
}

/* ---- Text ------------------------------------------------------------------ */

struct rails { const char *tee, *corner, *pipe, *blank; };

static const struct rails rails_utf8 = { "├─ ", "└─ ", "│  ", "   " };
static const struct rails rails_ascii = { "+- ", "`- ", "|  ", "   " };

/* A game's board under node n's line (export --board), its lines after
 * the rails that lead on to the node's children and next siblings. */
static void text_board(const struct picture *pic, const struct rails *r, uint32_t n,
		       const bool *last, uint32_t depth)
{
	if (!pic->boards)
		return;
	struct ab_str text = AB_STR_INIT;
	const struct ab_tree *tree = pic->trace->tree;
	if (ab_picture_board(pic->boards, tree, n, &text, NULL)) {
		uint32_t shown = depth > MAX_INDENT ? MAX_INDENT : depth;
		for (const char *p = ab_str_cstr(&text); *p;) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);
			for (uint32_t d = 1; d <= shown; d++)
				ab_str_add(pic->out, last[d] ? r->blank : r->pipe);
			ab_str_add(pic->out, tree->nodes[n].nkids ? r->pipe : r->blank);
			ab_str_addn(pic->out, p, len);
			ab_str_addc(pic->out, '\n');
			p += len + (nl != NULL);
		}
	}
	ab_str_free(&text);
}

static void text_enter(void *ctx, uint32_t n, const bool *last, uint32_t depth)
{
	struct picture *pic = ctx;
	const struct ab_trace *trace = pic->trace;
	const struct ab_glyphs *g = pic->g;
	const struct rails *r = g->ascii ? &rails_ascii : &rails_utf8;
	struct ab_str *out = pic->out;
	struct ab_node_view v;
	ab_node_view(trace, n, &v);

	/* Rails for the first levels only, so a very deep tree does not
	 * grow quadratically; deeper lines say how deep they are. */
	uint32_t shown = depth > MAX_INDENT ? MAX_INDENT : depth;
	for (uint32_t d = 1; d < shown; d++)
		ab_str_add(out, last[d] ? r->blank : r->pipe);
	if (depth > MAX_INDENT)
		ab_str_addf(out, "(+%u) ", depth - MAX_INDENT + 1);
	if (depth > 0)
		ab_str_add(out, last[depth] ? r->corner : r->tee);
	if (v.has_prob) {
		/* "0.7: D", as the tree file writes a chance node's child. */
		ab_node_prob_text(&v, out);
		ab_str_add(out, ": ");
	}
	ab_tree_name(trace->tree, n, out);
	if (!v.leaf)
		ab_str_add(out, v.shape == AB_SHAPE_CHANCE ? _(" (chance)")
			   : v.max ? " (MAX)" : " (MIN)");
	size_t before = out->len;
	ab_str_add(out, " ");
	ab_node_value_text(&v, g, out);
	if (out->len == before + 1)
		ab_str_truncate(out, before);
	if (v.has_static) {
		ab_str_add(out, "  ");
		ab_node_static_text(&v, g, out);
	}
	if (v.window) {
		ab_str_addf(out, "  [%s, %s] = ", g->alpha, g->beta);
		ab_node_window_text(&v, g, out);
	}
	if (v.cut) {
		ab_str_addf(out, "  %s ", g->cut_mark);
		ab_str_addf(out, _("cut: "));
		ab_node_cut_text(trace, &v, g, out);
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
	text_board(pic, r, n, last, depth);
}

static void export_text(struct ab_trace *trace, const struct ab_export_options *opt,
			struct ab_scene *keep, struct ab_str *out)
{
	struct picture picture = picture_of(trace, opt, out), *pic = &picture;
	(void)keep;
	if (ab_tree_title(trace->tree))
		ab_str_addf(out, "%s\n", ab_tree_title(trace->tree));
	caption(trace, pic->g->ascii, out);
	ab_str_add(out, "\n\n");
	struct walker w = { text_enter, NULL, pic };
	walk(trace->tree, &w);
	ab_str_free(&pic->scratch);
}

size_t ab_export_frame_steps(const struct ab_trace *trace, enum ab_frames frames,
			     size_t **steps)
{
	size_t n = 0, cap = 16;
	size_t *out = ab_xmalloc(cap * sizeof *out);
	for (size_t step = 1; step <= trace->length && frames != AB_FRAMES_NONE; step++) {
		bool take = frames == AB_FRAMES_STEPS || step == trace->length ||
			    trace->records[step - 1].kind == AB_EV_CUTOFF;
		if (!take)
			continue;
		if (n == cap) {
			cap *= 2;
			out = ab_xreallocarray(out, cap, sizeof *out);
		}
		out[n++] = step;
	}
	*steps = out;
	return n;
}

/* ---- The table ------------------------------------------------------------ */

const struct ab_exporter ab_exporters[] = {
	{ .name = "dot", .option = "--dot", .format = AB_EXPORT_DOT,
	  .animation = AB_ANIMATION_NONE, .suffix = ".dot", .write = export_dot },
	{ .name = "tikz", .option = "--tikz", .format = AB_EXPORT_TIKZ,
	  .animation = AB_ANIMATION_OVERLAYS, .standalone = true, .suffix = ".tex",
	  .write = export_tikz },
	{ .name = "svg", .option = "--svg", .format = AB_EXPORT_SVG,
	  .animation = AB_ANIMATION_FILES, .suffix = ".svg", .write = export_svg },
	{ .name = "text", .option = "--text", .format = AB_EXPORT_TEXT,
	  .animation = AB_ANIMATION_NONE, .screen_glyphs = true, .suffix = ".txt",
	  .write = export_text },
};
const size_t ab_nexporters = sizeof ab_exporters / sizeof ab_exporters[0];

const struct ab_exporter *ab_exporter_of(enum ab_export_format format)
{
	for (size_t i = 0; i < ab_nexporters; i++)
		if (ab_exporters[i].format == format)
			return &ab_exporters[i];
	return NULL;
}

const struct ab_exporter *ab_exporter_named(const char *name)
{
	for (size_t i = 0; name && i < ab_nexporters; i++)
		if (strcmp(ab_exporters[i].name, name) == 0)
			return &ab_exporters[i];
	return NULL;
}

void ab_exporters_list(bool (*want)(const struct ab_exporter *ex), bool options,
		       struct ab_str *out)
{
	size_t n = 0, total = 0;
	for (size_t i = 0; i < ab_nexporters; i++)
		total += !want || want(&ab_exporters[i]);
	for (size_t i = 0; i < ab_nexporters; i++) {
		const struct ab_exporter *ex = &ab_exporters[i];
		if (want && !want(ex))
			continue;
		if (n++)
			/* TRANSLATORS: between the items of a list ("--dot, --tikz,
			 * --svg or --text"): the last separator, then the others. */
			ab_str_add(out, n == total ? _(" or ") : _(", "));
		ab_str_add(out, options ? ex->option : ex->name);
	}
}

void ab_export(struct ab_trace *trace, const struct ab_export_options *opt,
	       struct ab_str *out)
{
	const struct ab_exporter *ex = ab_exporter_of(opt->format);
	if (ex)
		ex->write(trace, opt, NULL, out);
}

void ab_export_frame(struct ab_trace *trace, const struct ab_export_options *opt,
		     size_t i, struct ab_scene *scene, struct ab_str *out)
{
	const struct ab_exporter *ex = ab_exporter_of(opt->format);
	ab_trace_seek(trace, opt->frames[i]);
	if (ex)
		ex->write(trace, opt, scene, out);
}

void ab_export_frame_name(const struct ab_exporter *ex, size_t i, size_t nframes,
			  struct ab_str *out)
{
	ab_str_addf(out, "frame-%0*zu%s", nframes >= 1000 ? 4 : 3, i + 1, ex->suffix);
}

bool ab_export_is_frame_name(const struct ab_exporter *ex, const char *name)
{
	if (strncmp(name, "frame-", 6) != 0)
		return false;
	size_t digits = strspn(name + 6, "0123456789");
	return (digits == 3 || digits == 4) && strcmp(name + 6 + digits, ex->suffix) == 0;
}
