/* scene.c - the node views every export shares, and the geometry of the
 * pictures abtrace lays out itself (SVG, TikZ).
 *
 * A node's box holds its shape with the name on the left and the value on
 * the right, both beside the shape at its middle, and under it the small
 * grey lines it may need (its window, the cut test that fired); a leaf's
 * box holds the value's box with the name under it.  Boxes are measured
 * in points, rounded up to the layout's columns, and placed by the
 * replay's layout, which gives every subtree columns of its own: no two
 * boxes can meet.  Levels are as tall as their tallest box, and every
 * leaf goes on the lowest level.
 */
#include "views/scene.h"

#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"

static void find_bends(struct ab_scene *scene);

#define COLUMN 5.0     /* points per layout column */
#define GAP 4.0        /* between a shape and the text beside it */
#define LEVEL_GAP 26.0 /* vertical run of an edge between two levels */

/* ---- Node views --------------------------------------------------------- */

void ab_node_view(const struct ab_trace *trace, uint32_t n, struct ab_node_view *v)
{
	const struct ab_tree *tree = trace->tree;
	const struct ab_node_state *st = ab_trace_node(trace, n);
	memset(v, 0, sizeof *v);
	v->node = n;
	v->leaf = ab_is_leaf(tree, n);
	enum ab_player player = ab_player_at(tree, n, trace->root_player);
	v->max = player == AB_MAX;
	v->shape = v->leaf ? AB_SHAPE_LEAF : player == AB_CHANCE ? AB_SHAPE_CHANCE
		   : v->max ? AB_SHAPE_MAX : AB_SHAPE_MIN;
	v->scale = tree->scale;
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
	v->window = v->active && !v->leaf && trace->config.algo == AB_ALPHABETA;
	uint32_t cut = ab_trace_cut_step(trace, n);
	v->cut = st->cut && cut > 0 && cut <= trace->step;
	if (v->cut) {
		v->cut_alpha = trace->records[cut - 1].a;
		v->cut_beta = trace->records[cut - 1].b;
		v->chance_cut = player == AB_CHANCE &&
				ab_trace_chance_range(trace, cut, &v->cut_lo, &v->cut_hi);
	}
	v->has_static = !v->leaf && (tree->nodes[n].flags & AB_HAS_STATIC);
	v->static_value = tree->nodes[n].value;
	v->below = !v->pruned && ab_trace_below_horizon(trace, n);
	if (parent != AB_NONE && tree->probs &&
	    ab_player_at(tree, parent, trace->root_player) == AB_CHANCE) {
		v->has_prob = true;
		v->prob = (struct ab_exact){ tree->probs[n].num, tree->probs[n].den };
	}
	if (trace->config.view == AB_VIEW_NEGAMAX && !tree->nchance && !v->max) {
		/* The negamax view: a MIN node's numbers from its own side. */
		ab_value lo = v->lo, alpha = v->alpha, cut_alpha = v->cut_alpha;
		v->negamax = true;
		v->lo = -v->hi;
		v->hi = -lo;
		v->alpha = -v->beta;
		v->beta = -alpha;
		v->cut_alpha = -v->cut_beta;
		v->cut_beta = -cut_alpha;
		v->static_value = -v->static_value;
	} else if (trace->config.view == AB_VIEW_NEGAMAX && !tree->nchance) {
		v->negamax = true;
	}
}

void ab_node_static_text(const struct ab_node_view *v, const struct ab_glyphs *g,
			 struct ab_str *out)
{
	if (!v->has_static)
		return;
	ab_str_add(out, "h=");
	ab_format_value(v->static_value, v->scale, g, out);
}

void ab_node_prob_text(const struct ab_node_view *v, struct ab_str *out)
{
	if (v->has_prob)
		ab_exact_format(v->prob, out);
}

void ab_node_value_text(const struct ab_node_view *v, const struct ab_glyphs *g,
			struct ab_str *out)
{
	ab_format_interval(v->lo, v->hi, v->scale, g, out);
}

void ab_node_leaf_text(const struct ab_node_view *v, const struct ab_glyphs *g,
		       struct ab_str *out)
{
	ab_format_value(v->lo, v->scale, g, out);
}

void ab_node_window_text(const struct ab_node_view *v, const struct ab_glyphs *g,
			 struct ab_str *out)
{
	ab_format_window(v->alpha, v->beta, v->scale, g, out);
}

void ab_node_cut_text(const struct ab_trace *trace, const struct ab_node_view *v,
		      const struct ab_glyphs *g, struct ab_str *out)
{
	bool strict = trace->config.strict;
	if (v->chance_cut) {
		ab_tree_name(trace->tree, v->node, out);
		ab_str_addc(out, ' ');
		ab_format_chance_cut(v->cut_lo, v->cut_hi, v->cut_alpha, v->cut_beta,
				     strict, v->scale, g, out);
		return;
	}
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

/* ---- Geometry ------------------------------------------------------------- */

double ab_scene_text_width(const char *text, double size)
{
	/* 0.62 em a column is wider than the average glyph of the sans and
	 * serif fonts the pictures use; CJK glyphs (two columns) are 1 em. */
	return ab_text_width(text) * 0.62 * size;
}

static double max_d(double a, double b)
{
	return a > b ? a : b;
}

/* The widest contents node n has at the trace's current step, in points:
 * *side beside the shape (each side), *under beneath it; *lines under it. */
struct extent {
	double side, under, leaf_box;
	unsigned lines;
};

static void measure(const struct ab_trace *trace, uint32_t n, struct ab_str *s,
		    struct extent *e)
{
	const struct ab_glyphs *g = &ab_glyphs_picture;
	struct ab_node_view v;
	ab_node_view(trace, n, &v);
	if (v.has_prob) {
		/* The probability sits on the edge, just above the child. */
		ab_str_clear(s);
		ab_node_prob_text(&v, s);
		e->under = max_d(e->under, ab_scene_text_width(ab_str_cstr(s), AB_SCENE_SMALL) + 4.0);
	}
	ab_str_clear(s);
	ab_tree_name(trace->tree, n, s);
	double name = ab_scene_text_width(ab_str_cstr(s), AB_SCENE_SMALL);
	ab_str_clear(s);
	ab_node_value_text(&v, g, s);
	if (v.leaf) {
		ab_str_clear(s);
		ab_node_leaf_text(&v, g, s);
		double box = ab_scene_text_width(ab_str_cstr(s), AB_SCENE_FONT) + 8.0;
		e->leaf_box = max_d(e->leaf_box, box);
		e->under = max_d(e->under, max_d(box, name));
		return;
	}
	double value = ab_scene_text_width(ab_str_cstr(s), AB_SCENE_FONT);
	e->side = max_d(e->side, max_d(name, value));
	unsigned lines = 0;
	if (v.window) {
		ab_str_clear(s);
		ab_node_window_text(&v, g, s);
		e->under = max_d(e->under, ab_scene_text_width(ab_str_cstr(s), AB_SCENE_SMALL));
		lines++;
	}
	if (v.cut) {
		ab_str_clear(s);
		ab_str_addf(s, "%s ", g->cut_mark);
		ab_node_cut_text(trace, &v, g, s);
		e->under = max_d(e->under, ab_scene_text_width(ab_str_cstr(s), AB_SCENE_SMALL));
		lines++;
	}
	if (v.has_static) {
		ab_str_clear(s);
		ab_node_static_text(&v, g, s);
		e->under = max_d(e->under, ab_scene_text_width(ab_str_cstr(s), AB_SCENE_SMALL));
		lines++;
	}
	if (lines > e->lines)
		e->lines = lines;
}

void ab_scene_build(struct ab_scene *scene, struct ab_trace *trace,
		    const size_t *steps, size_t nsteps, unsigned caption_lines)
{
	ab_scene_build_boards(scene, trace, steps, nsteps, caption_lines, NULL);
}

/* The room a board takes under a node: its lines, a gap above them and
 * one below, where the edges to the node's children start clear of its
 * last line's descenders. */
#define BOARD_GAP_ABOVE 3.0
#define BOARD_GAP_BELOW 4.0
static double board_room(const struct ab_scene *scene)
{
	return scene->boards ? scene->board_h + BOARD_GAP_ABOVE + BOARD_GAP_BELOW : 0.0;
}

void ab_scene_build_boards(struct ab_scene *scene, struct ab_trace *trace,
			   const size_t *steps, size_t nsteps, unsigned caption_lines,
			   const struct ab_picture_boards *boards)
{
	const struct ab_tree *tree = trace->tree;
	uint32_t count = tree->count;
	size_t was = trace->step;
	struct extent *ext = ab_xcalloc(count ? count : 1, sizeof *ext);
	struct ab_str s = AB_STR_INIT;
	for (size_t i = 0; i < nsteps; i++) {
		ab_trace_seek(trace, steps[i]);
		for (uint32_t n = 0; n < count; n++)
			measure(trace, n, &s, &ext[n]);
	}
	ab_trace_seek(trace, was);
	ab_str_free(&s);

	memset(scene, 0, sizeof *scene);
	scene->tree = tree;
	if (boards) {
		scene->boards = boards;
		scene->board_w = ab_picture_board_width(boards);
		scene->board_h = ab_picture_board_height(boards);
	}
	unsigned *widths = ab_xcalloc(count ? count : 1, sizeof *widths);
	scene->under = ab_xcalloc(count ? count : 1, sizeof *scene->under);
	for (uint32_t n = 0; n < count; n++) {
		double w = ab_is_leaf(tree, n)
			   ? ext[n].under
			   : max_d(AB_SCENE_TRI_W + 2.0 * (ext[n].side + GAP), ext[n].under);
		w = max_d(w, scene->board_w);
		widths[n] = (unsigned)((w + 4.0) / COLUMN) + 1u; /* rounded up */
		scene->under[n] = (uint8_t)ext[n].lines;
	}
	ab_layout_compute_widths(&scene->layout, tree, widths);
	free(widths);
	free(ext);

	/* Each level as tall as its tallest inner node; leaves at the bottom. */
	uint32_t levels = tree->height + 1;
	double *block = ab_xcalloc(levels, sizeof *block);
	for (uint32_t n = 0; n < count; n++) {
		if (ab_is_leaf(tree, n))
			continue;
		unsigned lines = scene->under[n];
		double h = AB_SCENE_TRI_H + (lines ? lines * AB_SCENE_LINE + 3.0 : 0.0) +
			   board_room(scene);
		uint32_t d = tree->nodes[n].depth;
		block[d] = max_d(block[d], h);
	}
	scene->level_top = ab_xcalloc(levels, sizeof *scene->level_top);
	scene->caption_h = caption_lines ? caption_lines * AB_SCENE_LINE + 8.0 : 0.0;
	double y = AB_SCENE_MARGIN + scene->caption_h;
	for (uint32_t d = 0; d < levels; d++) {
		scene->level_top[d] = y;
		y += block[d] + LEVEL_GAP;
	}
	free(block);
	find_bends(scene);
	scene->width = scene->layout.width * COLUMN + 2.0 * AB_SCENE_MARGIN;
	scene->height = scene->level_top[levels - 1] + AB_SCENE_LEAF_H + AB_SCENE_LINE +
			3.0 + board_room(scene) + AB_SCENE_MARGIN;
}

/* The extent of node m's box in the picture. */
static void box_of(const struct ab_scene *scene, uint32_t m, double *x0, double *x1,
		   double *y0, double *y1)
{
	const struct ab_layout *l = &scene->layout;
	*x0 = AB_SCENE_MARGIN + l->x[m] * COLUMN;
	*x1 = *x0 + l->w[m] * COLUMN;
	*y0 = ab_scene_top(scene, m);
	*y1 = ab_is_leaf(scene->tree, m) ? *y0 + AB_SCENE_LEAF_H + AB_SCENE_LINE +
					   board_room(scene)
					 : ab_scene_bottom(scene, m);
}

/* Whether the segment (ax, ay)-(bx, by), ay < by, meets the box. */
static bool crosses(double ax, double ay, double bx, double by, double x0, double x1,
		    double y0, double y1)
{
	if (y1 < ay || y0 > by)
		return false;
	double ta = (max_d(y0, ay) - ay) / (by - ay), tb = (y1 < by ? y1 - ay : by - ay) / (by - ay);
	double xa = ax + (bx - ax) * ta, xb = ax + (bx - ax) * tb;
	double lo = xa < xb ? xa : xb, hi = xa < xb ? xb : xa;
	return hi >= x0 && lo <= x1;
}

/* Marks the edges into leaves above the lowest level that must bend: a
 * straight line would cross a box of the parent's subtree.  Only trees and
 * subtrees of picture size are checked box by box (at most 20,000 nodes,
 * 4,000 under the parent); in larger ones such edges always bend. */
static void find_bends(struct ab_scene *scene)
{
	const struct ab_tree *tree = scene->tree;
	scene->bent = ab_xcalloc(tree->count ? tree->count : 1, sizeof *scene->bent);
	bool big = tree->count > 20000;
	for (uint32_t n = 1; n < tree->count; n++) {
		if (!ab_is_leaf(tree, n) || tree->nodes[n].depth == tree->height)
			continue;
		uint32_t p = tree->nodes[n].parent;
		if (big || ab_end(tree, p) - p > 4000) {
			scene->bent[n] = 1;
			continue;
		}
		double ax = ab_scene_x(scene, p), ay = ab_scene_bottom(scene, p);
		double bx = ab_scene_x(scene, n), by = ab_scene_top(scene, n);
		for (uint32_t m = p + 1; m < ab_end(tree, p) && !scene->bent[n]; m++) {
			if (m == n)
				continue;
			double x0, x1, y0, y1;
			box_of(scene, m, &x0, &x1, &y0, &y1);
			scene->bent[n] = crosses(ax, ay, bx, by, x0, x1, y0, y1);
		}
	}
}

void ab_scene_free(struct ab_scene *scene)
{
	ab_layout_free(&scene->layout);
	free(scene->level_top);
	free(scene->under);
	free(scene->bent);
	memset(scene, 0, sizeof *scene);
}

double ab_scene_x(const struct ab_scene *scene, uint32_t n)
{
	const struct ab_layout *l = &scene->layout;
	return AB_SCENE_MARGIN + (l->x[n] + l->w[n] / 2.0) * COLUMN;
}

double ab_scene_level_top(const struct ab_scene *scene, uint32_t n)
{
	if (ab_is_leaf(scene->tree, n) && !scene->bent[n])
		return ab_scene_top(scene, n);
	return scene->level_top[scene->tree->nodes[n].depth];
}

double ab_scene_top(const struct ab_scene *scene, uint32_t n)
{
	if (ab_is_leaf(scene->tree, n))
		return scene->level_top[scene->tree->height];
	return ab_scene_level_top(scene, n);
}

double ab_scene_edge_y(const struct ab_scene *scene, uint32_t n, enum ab_shape shape)
{
	double top = ab_scene_top(scene, n);
	switch (shape) {
	case AB_SHAPE_MIN:
		return top + AB_SCENE_TRI_H / 3.0;
	case AB_SHAPE_CHANCE:
		return top + AB_SCENE_TRI_H / 2.0;
	default:
		return top + AB_SCENE_TRI_H;
	}
}

double ab_scene_label_y(const struct ab_scene *scene, uint32_t n, enum ab_shape shape)
{
	return ab_scene_top(scene, n) + AB_SCENE_TRI_H * (shape == AB_SHAPE_MIN ? 0.5 : 0.62);
}

bool ab_scene_note_ground(const struct ab_scene *scene, uint32_t n, enum ab_shape shape,
			  double *x0, double *y0, double *x1, double *y1)
{
	if (shape != AB_SHAPE_MAX && shape != AB_SHAPE_CHANCE)
		return false;
	double x = ab_scene_x(scene, n), bottom = ab_scene_top(scene, n) + AB_SCENE_TRI_H;
	*x0 = x - AB_SCENE_TRI_W / 2.0;
	*x1 = x + AB_SCENE_TRI_W / 2.0;
	*y0 = bottom - 1.0; /* from under the outline, which is drawn over it */
	/* Into the first line's own ground, whose top is its baseline
	 * (AB_SCENE_LINE below the shape) less its text's height. */
	*y1 = bottom + AB_SCENE_LINE - AB_SCENE_SMALL * 0.6;
	return true;
}

void ab_scene_edge_middle(const struct ab_scene *scene, uint32_t p, enum ab_shape pshape,
			  uint32_t n, double *x, double *y)
{
	double x0 = ab_scene_x(scene, p), y0 = ab_scene_edge_y(scene, p, pshape);
	double x1 = ab_scene_x(scene, n), y1 = ab_scene_level_top(scene, n);
	*y = (ab_scene_bottom(scene, p) + y1) / 2.0;
	*x = y1 > y0 ? x0 + (x1 - x0) * (*y - y0) / (y1 - y0) : (x0 + x1) / 2.0;
}

double ab_scene_bottom(const struct ab_scene *scene, uint32_t n)
{
	unsigned lines = scene->under[n];
	return ab_scene_top(scene, n) + AB_SCENE_TRI_H +
	       (lines ? lines * AB_SCENE_LINE + 3.0 : 0.0) + board_room(scene);
}

double ab_scene_board_top(const struct ab_scene *scene, uint32_t n)
{
	if (ab_is_leaf(scene->tree, n))
		return ab_scene_top(scene, n) + AB_SCENE_LEAF_H + AB_SCENE_LINE + BOARD_GAP_ABOVE;
	return ab_scene_bottom(scene, n) - BOARD_GAP_BELOW - scene->board_h;
}
