/* svg.c - the SVG writer: edges first, then each node's group (shape,
 * name, value, the small grey lines under it), all positions from the
 * shared scene.  Styles are presentation attributes, which any CSS a page
 * adds wins over; the classes say what each element is.
 */
#include "views/svg.h"

#include <stdlib.h>
#include <string.h>

#include "views/format.h"

/* Fonts with the glyphs the picture needs: Latin, Greek and math in the
 * first ones, then CJK fonts (Debian: fonts-noto-cjk, fonts-wqy-microhei)
 * for Chinese names and captions. */
#define FONTS "DejaVu Sans, Helvetica, Arial, 'Noto Sans CJK SC', " \
	      "'Noto Sans CJK', 'WenQuanYi Micro Hei', 'Source Han Sans SC', sans-serif"

#define INK "#222222"
#define FADED "#9a9a9a"   /* pruned */
#define FADED_TEXT "#8a8a8a"
#define PALE "#777777"    /* not reached yet */
#define CURRENT_FILL "#ffe680"
#define PRUNED_FILL "#eeeeee" /* a pruned shape: greyed, still its shape */
#define THICK 1.8

void ab_xml_escaped(struct ab_str *out, const char *text)
{
	for (const char *p = text; *p; p++) {
		switch (*p) {
		case '&': ab_str_add(out, "&amp;"); break;
		case '<': ab_str_add(out, "&lt;"); break;
		case '>': ab_str_add(out, "&gt;"); break;
		case '"': ab_str_add(out, "&quot;"); break;
		case '\'': ab_str_add(out, "&apos;"); break;
		default: ab_str_addc(out, *p); break;
		}
	}
}

static const char *stroke_of(const struct ab_node_view *v)
{
	return v->pruned || v->below ? FADED : !v->reached ? PALE : INK;
}

static const char *text_of(const struct ab_node_view *v, bool small)
{
	if (v->pruned || v->below)
		return FADED_TEXT;
	if (!v->reached)
		return PALE;
	return small ? "#555555" : "#000000";
}

/* <text class=...> at (x, y), anchored start, middle or end. */
static void text(struct ab_str *out, const char *cls, double x, double y,
		 const char *anchor, double size, const char *fill, const char *body)
{
	ab_str_addf(out, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" "
			 "font-size=\"%.1f\" fill=\"%s\">", cls, x, y, anchor, size, fill);
	ab_xml_escaped(out, body);
	ab_str_add(out, "</text>\n");
}

static void classes(struct ab_str *out, const char *kind, const struct ab_node_view *v)
{
	ab_str_add(out, kind);
	if (v->pruned)
		ab_str_add(out, " pruned");
	else if (v->below)
		ab_str_add(out, " below");
	else if (!v->reached)
		ab_str_add(out, " unreached");
	if (v->active)
		ab_str_add(out, " path");
	if (v->current)
		ab_str_add(out, " current");
	if (v->cut)
		ab_str_add(out, " cut");
}

static void stroke_style(struct ab_str *out, const struct ab_node_view *v, bool thick)
{
	ab_str_addf(out, " stroke=\"%s\" stroke-width=\"%.1f\"", stroke_of(v),
		    thick ? THICK : 1.0);
	if (v->pruned)
		ab_str_add(out, " stroke-dasharray=\"4 3\"");
	else if (v->below)
		ab_str_add(out, " stroke-dasharray=\"1 2\""); /* dotted: not searched */
}

/* A shape's outline: pruned shapes are greyed and filled (PRUNED_FILL),
 * not dashed, so a small triangle still reads as one; shapes below the
 * depth limit are dotted. */
static void shape_stroke(struct ab_str *out, const struct ab_node_view *v, bool thick)
{
	ab_str_addf(out, " stroke=\"%s\" stroke-width=\"%.1f\"", stroke_of(v),
		    thick ? THICK : 1.0);
	if (v->below)
		ab_str_add(out, " stroke-dasharray=\"1 2\"");
}

/* A small grey line under a node, on a white ground over the edges that
 * leave the node, so it sits by its node and the lines do not cross it. */
static void note(struct ab_str *out, const char *cls, double x, double y, const char *body)
{
	double w = ab_scene_text_width(body, AB_SCENE_SMALL);
	ab_str_addf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			 "fill=\"#ffffff\"/>\n", x - w / 2.0 - 1.0, y - AB_SCENE_SMALL + 0.5,
		    w + 2.0, AB_SCENE_LINE);
	text(out, cls, x, y, "middle", AB_SCENE_SMALL, "#555555", body);
}

static void edge(struct ab_str *out, const struct ab_trace *trace,
		 const struct ab_scene *scene, uint32_t n, struct ab_str *s)
{
	const struct ab_tree *tree = trace->tree;
	uint32_t p = tree->nodes[n].parent;
	struct ab_node_view v, pv;
	ab_node_view(trace, n, &v);
	ab_node_view(trace, p, &pv);
	double x0 = ab_scene_x(scene, p), y0 = ab_scene_edge_y(scene, p, pv.shape);
	double x1 = ab_scene_x(scene, n), y1 = ab_scene_level_top(scene, n);
	double y2 = ab_scene_top(scene, n);
	ab_str_add(out, "<g class=\"");
	classes(out, "edge", &v);
	ab_str_add(out, "\"><title>");
	ab_str_clear(s);
	ab_tree_name(tree, p, s);
	ab_str_add(s, " \xe2\x80\x93 "); /* – */
	ab_tree_name(tree, n, s);
	ab_xml_escaped(out, ab_str_cstr(s));
	ab_str_addf(out, "</title><polyline fill=\"none\" points=\"%.1f,%.1f %.1f,%.1f",
		    x0, y0, x1, y1);
	if (y2 > y1)
		ab_str_addf(out, " %.1f,%.1f", x1, y2);
	ab_str_add(out, "\"");
	stroke_style(out, &v, v.active);
	ab_str_add(out, "/>\n");
	if (v.first_pruned) {
		double mx, my;
		ab_scene_edge_middle(scene, p, pv.shape, n, &mx, &my);
		ab_str_addf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#ffffff\"/>\n",
			    mx, my);
		text(out, "mark", mx, my + 3.0, "middle", 8.0, PALE, ab_glyphs_utf8.cut_mark);
	}
	if (v.has_prob) {
		/* The probability on the edge, just above the child, on a white
		 * ground so the line does not run through it. */
		ab_str_clear(s);
		ab_node_prob_text(&v, s);
		double ty = y1 - 4.0, tx = x1 + (x0 - x1) * 4.0 / (y1 - y0 > 1.0 ? y1 - y0 : 1.0);
		double tw = ab_scene_text_width(ab_str_cstr(s), AB_SCENE_SMALL);
		ab_str_addf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				 "fill=\"#ffffff\"/>\n", tx - tw / 2.0 - 1.0, ty - AB_SCENE_SMALL,
			    tw + 2.0, AB_SCENE_SMALL + 2.0);
		text(out, "prob", tx, ty, "middle", AB_SCENE_SMALL, "#444444", ab_str_cstr(s));
	}
	ab_str_add(out, "</g>\n");
}

/* A game's board under node n (export --board): a line of monospaced
 * text each, the last move's square bold, a winning row's bold and red. */
static void board(struct ab_str *out, const struct ab_trace *trace,
		  const struct ab_scene *scene, uint32_t n, const struct ab_node_view *v)
{
	if (!scene->boards)
		return;
	struct ab_str text = AB_STR_INIT;
	enum ab_board_mark *marks = NULL;
	if (!ab_picture_board(scene->boards, trace->tree, n, &text, &marks)) {
		ab_str_free(&text);
		free(marks);
		return;
	}
	double x = ab_scene_x(scene, n) - scene->board_w / 2.0;
	double y = ab_scene_board_top(scene, n) + AB_BOARD_FONT;
	ab_str_addf(out, "<g class=\"board\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, "
			 "monospace\" font-size=\"%.1f\" fill=\"%s\">\n", AB_BOARD_FONT,
		    text_of(v, true));
	for (size_t i = 0; i < text.len;) {
		size_t end = i;
		while (end < text.len && text.s[end] != '\n')
			end++;
		ab_str_addf(out, "<text x=\"%.1f\" y=\"%.1f\" xml:space=\"preserve\">", x, y);
		for (size_t k = i; k < end; k++) {
			char c[2] = { text.s[k], '\0' };
			if (marks[k] == AB_BOARD_PLAIN) {
				ab_xml_escaped(out, c);
				continue;
			}
			ab_str_addf(out, "<tspan class=\"%s\" font-weight=\"bold\"%s>",
				    marks[k] == AB_BOARD_WIN ? "win" : "move",
				    marks[k] == AB_BOARD_WIN ? " fill=\"#c0392b\"" : "");
			ab_xml_escaped(out, c);
			ab_str_add(out, "</tspan>");
		}
		ab_str_add(out, "</text>\n");
		y += AB_BOARD_LINE;
		i = end + 1;
	}
	ab_str_add(out, "</g>\n");
	free(marks);
	ab_str_free(&text);
}

static void node(struct ab_str *out, const struct ab_trace *trace,
		 const struct ab_scene *scene, uint32_t n, struct ab_str *s)
{
	const struct ab_glyphs *g = &ab_glyphs_picture;
	struct ab_node_view v;
	ab_node_view(trace, n, &v);
	double x = ab_scene_x(scene, n), top = ab_scene_top(scene, n);
	bool thick = v.active || v.current;
	const char *fill = v.current ? CURRENT_FILL : v.pruned ? PRUNED_FILL : "#ffffff";
	static const char *const kind[] = {
		[AB_SHAPE_MAX] = "node max", [AB_SHAPE_MIN] = "node min",
		[AB_SHAPE_LEAF] = "node leaf", [AB_SHAPE_CHANCE] = "node chance",
	};
	ab_str_addf(out, "<g id=\"n%u\" class=\"", n);
	classes(out, kind[v.shape], &v);
	ab_str_add(out, "\"><title>");
	ab_str_clear(s);
	ab_tree_name(trace->tree, n, s);
	ab_xml_escaped(out, ab_str_cstr(s));
	ab_str_add(out, "</title>\n");

	double gx0, gy0, gx1, gy1;
	if ((v.window || v.cut || v.has_static) &&
	    ab_scene_note_ground(scene, n, v.shape, &gx0, &gy0, &gx1, &gy1))
		ab_str_addf(out, "<rect class=\"ground\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				 "height=\"%.1f\" fill=\"#ffffff\"/>\n", gx0, gy0, gx1 - gx0,
			    gy1 - gy0);
	double w = AB_SCENE_TRI_W / 2.0, h = AB_SCENE_TRI_H;
	switch (v.shape) {
	case AB_SHAPE_MAX:
		ab_str_addf(out, "<path class=\"shape\" d=\"M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f Z\"",
			    x, top, x + w, top + h, x - w, top + h);
		break;
	case AB_SHAPE_MIN:
		ab_str_addf(out, "<path class=\"shape\" d=\"M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f Z\"",
			    x - w, top, x + w, top, x, top + h);
		break;
	case AB_SHAPE_CHANCE:
		ab_str_addf(out, "<circle class=\"shape\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"",
			    x, top + h / 2.0, h / 2.0);
		break;
	case AB_SHAPE_LEAF: {
		struct ab_str value = AB_STR_INIT;
		ab_node_leaf_text(&v, g, &value);
		double bw = ab_scene_text_width(ab_str_cstr(&value), AB_SCENE_FONT) + 8.0;
		ab_str_addf(out, "<rect class=\"shape\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				 "height=\"%.1f\"", x - bw / 2.0, top, bw, AB_SCENE_LEAF_H);
		ab_str_addf(out, " fill=\"%s\" stroke-linejoin=\"round\"", fill);
		shape_stroke(out, &v, thick);
		ab_str_add(out, "/>\n");
		text(out, "value", x, top + 11.0, "middle", AB_SCENE_FONT, text_of(&v, false),
		     ab_str_cstr(&value));
		text(out, "name", x, top + AB_SCENE_LEAF_H + AB_SCENE_LINE, "middle",
		     AB_SCENE_SMALL, text_of(&v, true), ab_str_cstr(s));
		ab_str_free(&value);
		board(out, trace, scene, n, &v);
		ab_str_add(out, "</g>\n");
		return;
	}
	}
	ab_str_addf(out, " fill=\"%s\" stroke-linejoin=\"round\"", fill);
	shape_stroke(out, &v, thick);
	ab_str_add(out, "/>\n");
	double mid = ab_scene_label_y(scene, n, v.shape);
	text(out, "name", x - w - 4.0, mid, "end", AB_SCENE_SMALL, text_of(&v, true),
	     ab_str_cstr(s));
	ab_str_clear(s);
	ab_node_value_text(&v, g, s);
	if (s->len)
		text(out, "value", x + w + 4.0, mid + 1.0, "start", AB_SCENE_FONT,
		     text_of(&v, false), ab_str_cstr(s));
	double y = top + h + AB_SCENE_LINE;
	if (v.window) {
		ab_str_clear(s);
		ab_node_window_text(&v, g, s);
		note(out, "note window", x, y, ab_str_cstr(s));
		y += AB_SCENE_LINE;
	}
	if (v.cut) {
		ab_str_clear(s);
		ab_str_addf(s, "%s ", g->cut_mark);
		ab_node_cut_text(trace, &v, g, s);
		note(out, "note cut-test", x, y, ab_str_cstr(s));
		y += AB_SCENE_LINE;
	}
	if (v.has_static) {
		ab_str_clear(s);
		ab_node_static_text(&v, g, s);
		note(out, "note static", x, y, ab_str_cstr(s));
	}
	board(out, trace, scene, n, &v);
	ab_str_add(out, "</g>\n");
}

void ab_svg_write(const struct ab_trace *trace, const struct ab_scene *scene,
		  const char *caption, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	struct ab_str s = AB_STR_INIT;
	/* The caption may be wider than the tree. */
	double width = scene->width;
	for (const char *line = caption; *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		ab_str_clear(&s);
		ab_str_addn(&s, line, len);
		double w = ab_scene_text_width(ab_str_cstr(&s), AB_SCENE_SMALL) +
			   2.0 * AB_SCENE_MARGIN;
		if (w > width)
			width = w;
		line += len + (end != NULL);
	}
	double shift = (width - scene->width) / 2.0; /* centre the tree */
	ab_str_add(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	ab_str_addf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
			 "width=\"%.1fpt\" height=\"%.1fpt\" viewBox=\"0 0 %.1f %.1f\" "
			 "font-family=\"%s\">\n", width, scene->height, width, scene->height,
		    FONTS);
	ab_str_add(out, "<title>");
	ab_xml_escaped(out, ab_tree_title(tree) ? ab_tree_title(tree) : "abtrace");
	ab_str_add(out, "</title>\n<desc>");
	ab_xml_escaped(out, caption);
	ab_str_add(out, "</desc>\n");
	ab_str_addf(out, "<rect width=\"%.1f\" height=\"%.1f\" fill=\"#ffffff\"/>\n",
		    width, scene->height);
	double y = AB_SCENE_MARGIN + AB_SCENE_LINE - 2.0;
	for (const char *line = caption; *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		ab_str_clear(&s);
		ab_str_addn(&s, line, len);
		text(out, "caption", AB_SCENE_MARGIN, y, "start", AB_SCENE_SMALL, "#444444",
		     ab_str_cstr(&s));
		y += AB_SCENE_LINE;
		line += len + (end != NULL);
	}
	if (shift > 0)
		ab_str_addf(out, "<g transform=\"translate(%.1f,0)\">\n", shift);
	else
		ab_str_add(out, "<g>\n");
	for (uint32_t n = 1; n < tree->count; n++)
		edge(out, trace, scene, n, &s);
	for (uint32_t n = 0; n < tree->count; n++)
		node(out, trace, scene, n, &s);
	ab_str_add(out, "</g>\n</svg>\n");
	ab_str_free(&s);
}
