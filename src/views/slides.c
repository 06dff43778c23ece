/* slides.c - beamer frames of a search: the tree laid out for a 16:9
 * frame, a step's sentence under it, an overlay a step (slides.h).
 *
 * The layout is the frame's own, not the pictures' (scene.c): text is set
 * at the frame's sizes (values at \normalsize, \small or \footnotesize,
 * names and notes at \footnotesize), so a tree is fitted by its shapes'
 * positions, never by shrinking its text.  Nodes are packed level by
 * level as tightly as their text allows (a tidy layout: a subtree may
 * reach under its neighbour's wide label), leaves all on the lowest row;
 * the positions are then spread to the frame's width and the levels to
 * its height.  When the tree is too wide, the layout gives up what it can
 * in turn: smaller values, names stacked beside the shape rather than on
 * both sides, the leaves' names, leaves on two staggered rows, the leaves'
 * boxes.  Only a tree wider than all that allows is scaled down, and the
 * file says so.
 *
 * Notes (a node's window, the cut test once it fired, a static value)
 * hang under their node on a white ground over the edges; notes that
 * would meet on one step are moved apart along their row.
 */
#include "views/slides.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "views/narrate.h"
#include "views/scene.h"
#include "views/tex.h"

/* The frame abtrace writes: beamer's 16:9 page (455 x 256 points) with
 * 0.4 cm side margins; the text starts 40 points down under a one-line
 * title (20 without one). */
#define FRAME_W 432.0
#define TOP_TITLED 218.0
#define TOP_UNTITLED 236.0
#define TITLE_LINE 13.0

#define SMALL 9.0      /* \footnotesize in an 11 pt beamer */
#define LINE 11.0      /* its baselines */
#define GAP 2.5        /* a shape and the text beside it */
#define SEP 3.5        /* between the footprints of two nodes on a row */
#define SLOT 2.0       /* half the width a passing edge keeps clear */
#define PAD 2.5        /* a leaf's box round its value */
#define MIN_RUN 12.0   /* the least vertical run of an edge */
#define MAX_BAND 64.0  /* the most a band between rows is stretched to */
#define MAX_SPREAD 3.0 /* the most positions are spread apart */

/* What the layout gives up, in turn, when a tree is too wide. */
struct style {
	double value;          /* points */
	const char *font;      /* its TeX size */
	bool under;            /* the value under the shape (else right of it) */
	bool leaf_names;
	bool stagger;          /* leaves on two rows */
	bool boxes;            /* leaves in boxes */
};

static const struct style styles[] = {
	{ 11.0, "\\normalsize", false, true, false, true },
	{ 10.0, "\\small", false, true, false, true },
	{ 9.0, "\\footnotesize", false, true, false, true },
	{ 10.0, "\\small", true, true, false, true },
	{ 9.0, "\\footnotesize", true, true, false, true },
	{ 9.0, "\\footnotesize", true, false, false, true },
	{ 9.0, "\\footnotesize", true, false, true, true },
	{ 9.0, "\\footnotesize", true, false, true, false },
};
#define NSTYLES (sizeof styles / sizeof styles[0])

/* What each node may show at any of the frames, measured once. */
struct measure {
	double name_w;    /* at SMALL */
	double value_em;  /* its widest value, in em */
	double prob_w;    /* a chance child's probability, at SMALL */
	unsigned notes;   /* lines of notes under it at once */
};

struct layout {
	const struct style *st;
	double tri_w, tri_h;
	uint32_t rows;        /* inner levels, then one or two leaf rows */
	double *x;            /* each node's centre */
	double *row_top;      /* each row's top */
	double *band;         /* the band under each row (notes, edges) */
	double *block;        /* each row's height */
	uint32_t *row;        /* each node's row */
	double width, height;
	double box_h;         /* a leaf's box */
	uint32_t names_from;  /* inner rows from here on show no names */
	bool tight;           /* smaller shapes and gaps, for a deep tree */
};

/* ---- Measuring ------------------------------------------------------------ */

/* A value as a slide shows it: "3" for an exact value, "≤ 2" for a bound
 * (the interval without its "= "); a leaf's value. */
static void slide_value(const struct ab_node_view *v, const struct ab_glyphs *g,
			struct ab_str *out)
{
	if (v->leaf) {
		ab_node_leaf_text(v, g, out);
		return;
	}
	size_t start = out->len;
	ab_node_value_text(v, g, out);
	if (out->len >= start + 2 && strncmp(out->s + start, "= ", 2) == 0) {
		struct ab_str rest = AB_STR_INIT;
		ab_str_add(&rest, out->s + start + 2);
		ab_str_truncate(out, start);
		ab_str_add(out, ab_str_cstr(&rest));
		ab_str_free(&rest);
	}
}

/* The note under a node on one line: its cut test once it fired (which
 * holds its window's numbers), else its window; "" for none. */
static void note_text(const struct ab_trace *trace, const struct ab_node_view *v,
		      const struct ab_glyphs *g, struct ab_str *out)
{
	if (v->cut) {
		ab_str_addf(out, "%s ", g->cut_mark);
		ab_node_cut_text(trace, v, g, out);
	} else if (v->window) {
		ab_node_window_text(v, g, out);
	}
}

static void measure_all(struct ab_trace *trace, const struct ab_export_options *opt,
			struct measure *m)
{
	const struct ab_tree *tree = trace->tree;
	const struct ab_glyphs *g = &ab_glyphs_picture;
	struct ab_str s = AB_STR_INIT;
	struct ab_node_view v;
	for (uint32_t n = 0; n < tree->count; n++) {
		ab_str_clear(&s);
		ab_tree_name(tree, n, &s);
		m[n].name_w = ab_tex_width(ab_str_cstr(&s), SMALL);
	}
	size_t was = trace->step;
	for (size_t i = 0; i <= opt->nframes; i++) {
		/* Each frame's step, and step 0 (nothing known: the widths of
		 * names alone). */
		ab_trace_seek(trace, i < opt->nframes ? opt->frames[i] : 0);
		for (uint32_t n = 0; n < tree->count; n++) {
			ab_node_view(trace, n, &v);
			ab_str_clear(&s);
			slide_value(&v, g, &s);
			double em = ab_tex_width(ab_str_cstr(&s), 1.0);
			if (em > m[n].value_em)
				m[n].value_em = em;
			if (v.has_prob && m[n].prob_w == 0.0) {
				ab_str_clear(&s);
				ab_node_prob_text(&v, &s);
				m[n].prob_w = ab_tex_width(ab_str_cstr(&s), SMALL);
			}
			unsigned lines = (v.cut || v.window) + v.has_static;
			if (lines > m[n].notes)
				m[n].notes = lines;
		}
	}
	ab_trace_seek(trace, was);
	ab_str_free(&s);
}

/* ---- The layout ------------------------------------------------------------ */

/* Which leaf row a leaf goes on: the second of two for every other leaf,
 * left to right, when they are staggered. */
static void assign_rows(const struct ab_tree *tree, const struct style *st, uint32_t *row,
			uint32_t *rows)
{
	uint32_t leaf_row = tree->height; /* the inner levels are 0..height-1 */
	uint32_t k = 0;
	/* Leaves left to right: a walk in the children's order. */
	uint32_t *stack = ab_xcalloc(tree->count ? tree->count : 1, sizeof *stack);
	size_t top = 0;
	stack[top++] = 0;
	while (top) {
		uint32_t n = stack[--top];
		if (ab_is_leaf(tree, n)) {
			row[n] = leaf_row + (st->stagger ? k++ % 2 : 0);
			continue;
		}
		row[n] = tree->nodes[n].depth;
		for (uint32_t i = tree->nodes[n].nkids; i-- > 0;)
			stack[top++] = ab_kid(tree, n, i);
	}
	free(stack);
	*rows = leaf_row + 1 + (st->stagger ? 1 : 0);
}

/* A node's footprint on its own row: how far its shape and text reach
 * left (*lo, negative) and right of its centre. */
static void footprint(const struct layout *l, const struct measure *m, bool leaf,
		      uint32_t row, double *lo, double *hi)
{
	const struct style *st = l->st;
	double value_w = m->value_em * st->value;
	if (leaf) {
		double w = value_w + (st->boxes ? 2.0 * PAD : 0.0);
		if (st->leaf_names && m->name_w > w)
			w = m->name_w;
		if (m->prob_w + 2.0 > w)
			w = m->prob_w + 2.0;
		*lo = -w / 2.0;
		*hi = w / 2.0;
		return;
	}
	double half = l->tri_w / 2.0;
	*lo = row < l->names_from ? -(half + GAP + m->name_w) : -half;
	if (st->under)
		*hi = half > value_w / 2.0 + 1.0 ? half : value_w / 2.0 + 1.0;
	else
		*hi = half + GAP + value_w;
	if (m->prob_w / 2.0 + 1.0 > -*lo)
		*lo = -(m->prob_w / 2.0 + 1.0);
	if (m->prob_w / 2.0 + 1.0 > *hi)
		*hi = m->prob_w / 2.0 + 1.0;
}

/* A subtree's outline: per row, the leftmost and rightmost reach of its
 * footprints relative to its root's centre (lo > hi: nothing there). */
struct outline {
	double *lo, *hi;
};

/* Packs the tree level by level and sets l->x and l->width: each node's
 * children placed left to right as close as every row allows, the node
 * centred over its first and last child.  No recursion: nodes are in
 * preorder, so a pass from the last node back reaches every child before
 * its parent. */
static void pack(struct layout *l, const struct ab_tree *tree, const struct measure *m)
{
	uint32_t count = tree->count, rows = l->rows;
	double *lo = ab_xcalloc((size_t)count * rows, sizeof *lo);
	double *hi = ab_xcalloc((size_t)count * rows, sizeof *hi);
	double *rel = ab_xcalloc(count, sizeof *rel);
	double *acc_lo = ab_xcalloc(rows, sizeof *acc_lo), *acc_hi = ab_xcalloc(rows, sizeof *acc_hi);
	double *offset = ab_xcalloc(count, sizeof *offset);
	for (uint32_t n = count; n-- > 0;) {
		double *nlo = lo + (size_t)n * rows, *nhi = hi + (size_t)n * rows;
		for (uint32_t r = 0; r < rows; r++) {
			nlo[r] = 1e30;
			nhi[r] = -1e30;
		}
		uint32_t k = tree->nodes[n].nkids;
		double centre = 0.0;
		if (k) {
			for (uint32_t r = 0; r < rows; r++) {
				acc_lo[r] = 1e30;
				acc_hi[r] = -1e30;
			}
			double last = 0.0;
			for (uint32_t i = 0; i < k; i++) {
				uint32_t c = ab_kid(tree, n, i);
				const double *clo = lo + (size_t)c * rows, *chi = hi + (size_t)c * rows;
				double s = i ? last + 2.0 * SLOT : 0.0;
				for (uint32_t r = 0; i && r < rows; r++)
					if (clo[r] <= chi[r] && acc_lo[r] <= acc_hi[r] &&
					    acc_hi[r] - clo[r] + SEP > s)
						s = acc_hi[r] - clo[r] + SEP;
				offset[i] = s;
				last = s;
				for (uint32_t r = 0; r < rows; r++) {
					if (clo[r] > chi[r])
						continue;
					if (s + clo[r] < acc_lo[r])
						acc_lo[r] = s + clo[r];
					if (s + chi[r] > acc_hi[r])
						acc_hi[r] = s + chi[r];
				}
			}
			centre = (offset[0] + offset[k - 1]) / 2.0;
			for (uint32_t i = 0; i < k; i++)
				rel[ab_kid(tree, n, i)] = offset[i] - centre;
			for (uint32_t r = 0; r < rows; r++) {
				if (acc_lo[r] > acc_hi[r])
					continue;
				nlo[r] = acc_lo[r] - centre;
				nhi[r] = acc_hi[r] - centre;
			}
		}
		double flo, fhi;
		footprint(l, &m[n], k == 0, l->row[n], &flo, &fhi);
		uint32_t r = l->row[n];
		if (flo < nlo[r])
			nlo[r] = flo;
		if (fhi > nhi[r])
			nhi[r] = fhi;
		/* The edge into a leaf below its parent's next level drops
		 * straight down its own column: keep that clear on the rows
		 * it crosses (the upper leaf row too, for a staggered leaf). */
		if (k == 0 && n > 0) {
			uint32_t from = tree->nodes[tree->nodes[n].parent].depth + 1;
			for (uint32_t q = from; q < r; q++) {
				if (-SLOT < nlo[q])
					nlo[q] = -SLOT;
				if (SLOT > nhi[q])
					nhi[q] = SLOT;
			}
		}
	}
	l->x[0] = 0.0;
	for (uint32_t n = 1; n < count; n++)
		l->x[n] = l->x[tree->nodes[n].parent] + rel[n];
	double left = 1e30, right = -1e30;
	for (uint32_t r = 0; r < rows; r++) {
		if (lo[r] <= hi[r]) {
			if (lo[r] < left)
				left = lo[r];
			if (hi[r] > right)
				right = hi[r];
		}
	}
	for (uint32_t n = 0; n < count; n++)
		l->x[n] -= left;
	l->width = right - left;
	free(lo);
	free(hi);
	free(rel);
	free(acc_lo);
	free(acc_hi);
	free(offset);
}

/* Spreads the positions apart (never closer, so nothing meets) until the
 * tree is as wide as width, or MAX_SPREAD times its packed width. */
static void spread(struct layout *l, const struct ab_tree *tree, const struct measure *m,
		   double width)
{
	uint32_t count = tree->count;
	double *flo = ab_xcalloc(count, sizeof *flo), *fhi = ab_xcalloc(count, sizeof *fhi);
	for (uint32_t n = 0; n < count; n++)
		footprint(l, &m[n], ab_is_leaf(tree, n), l->row[n], &flo[n], &fhi[n]);
	/* The picture's width at a spread f: positions times f, footprints
	 * as they are.  It grows with f: find the largest f that fits. */
	double lo = 1.0, hi = MAX_SPREAD;
	for (int it = 0; it < 40; it++) {
		double f = (lo + hi) / 2.0, left = 1e30, right = -1e30;
		for (uint32_t n = 0; n < count; n++) {
			if (l->x[n] * f + flo[n] < left)
				left = l->x[n] * f + flo[n];
			if (l->x[n] * f + fhi[n] > right)
				right = l->x[n] * f + fhi[n];
		}
		if (right - left <= width)
			lo = f;
		else
			hi = f;
	}
	double left = 1e30, right = -1e30;
	for (uint32_t n = 0; n < count; n++) {
		l->x[n] *= lo;
		if (l->x[n] + flo[n] < left)
			left = l->x[n] + flo[n];
		if (l->x[n] + fhi[n] > right)
			right = l->x[n] + fhi[n];
	}
	/* Centred in the width. */
	double shift = (width - (right - left)) / 2.0 - left;
	if (right - left > width)
		shift = -left;
	for (uint32_t n = 0; n < count; n++)
		l->x[n] += shift;
	l->width = right - left > width ? right - left : width;
	free(flo);
	free(fhi);
}

/* The rows' heights and the bands between them; the bands stretched (up
 * to MAX_BAND) to fill height.  Returns the height before stretching. */
static double stack_rows(struct layout *l, const struct ab_tree *tree, const struct measure *m,
		       double height)
{
	const struct style *st = l->st;
	uint32_t rows = l->rows, inner = tree->height;
	unsigned *notes = ab_xcalloc(rows, sizeof *notes);
	for (uint32_t n = 0; n < tree->count; n++)
		if (!ab_is_leaf(tree, n) && m[n].notes > notes[l->row[n]])
			notes[l->row[n]] = m[n].notes;
	double value_line = st->value * (l->tight ? 1.0 : 1.15);
	l->box_h = st->value + (st->boxes ? 5.0 : 2.0);
	double total = 0.0;
	for (uint32_t r = 0; r < rows; r++) {
		if (r < inner) {
			/* The value under the shape takes a line of its own. */
			l->block[r] = l->tri_h + (st->under ? value_line : 0.0);
			double need = notes[r] ? notes[r] * LINE + (l->tight ? 1.0 : 4.0) : 0.0;
			double run = l->tight ? MIN_RUN / 2.0 : MIN_RUN;
			l->band[r] = need > run ? need : run;
		} else {
			l->block[r] = l->box_h;
			l->band[r] = r + 1 < rows ? (l->tight ? 1.0 : 3.0) : 0.0;
			if (r + 1 == rows && st->leaf_names)
				l->block[r] += LINE;
		}
		total += l->block[r] + l->band[r];
	}
	double natural = total;
	/* Stretch the bands between levels to fill the frame's height. */
	if (inner > 0 && total < height) {
		double extra = (height - total) / inner;
		for (uint32_t r = 0; r < inner; r++) {
			double b = l->band[r] + extra;
			if (b > MAX_BAND && MAX_BAND > l->band[r])
				b = MAX_BAND;
			else if (b > MAX_BAND)
				b = l->band[r];
			total += b - l->band[r];
			l->band[r] = b;
		}
	}
	double y = 0.0;
	for (uint32_t r = 0; r < rows; r++) {
		l->row_top[r] = y;
		y += l->block[r] + l->band[r];
	}
	l->height = total;
	free(notes);
	return natural;
}

static void layout_free(struct layout *l)
{
	free(l->x);
	free(l->row_top);
	free(l->band);
	free(l->block);
	free(l->row);
	memset(l, 0, sizeof *l);
}

/* Lays the tree out in style st for a picture of width x height; false
 * when it does not fit (the layout is made all the same). */
static bool lay_out(struct layout *l, const struct style *st, uint32_t names_from,
		    bool tight, const struct ab_tree *tree, const struct measure *m,
		    double width, double height)
{
	memset(l, 0, sizeof *l);
	l->st = st;
	l->names_from = names_from;
	l->tight = tight;
	l->tri_w = st->value * 1.6;
	l->tri_h = st->value * (tight ? 1.1 : 1.3);
	uint32_t count = tree->count;
	l->x = ab_xcalloc(count, sizeof *l->x);
	l->row = ab_xcalloc(count, sizeof *l->row);
	assign_rows(tree, st, l->row, &l->rows);
	l->row_top = ab_xcalloc(l->rows, sizeof *l->row_top);
	l->band = ab_xcalloc(l->rows, sizeof *l->band);
	l->block = ab_xcalloc(l->rows, sizeof *l->block);
	pack(l, tree, m);
	bool fits = l->width <= width;
	if (fits)
		spread(l, tree, m, width);
	return stack_rows(l, tree, m, height) <= height && fits;
}

/* ---- Drawing ----------------------------------------------------------------- */

static double top_of(const struct layout *l, uint32_t n)
{
	return l->row_top[l->row[n]];
}

/* Where the edges to n's children leave it (under its filled shape): a
 * MAX triangle's base, the middle of a MIN triangle, a circle's centre. */
static double edge_from(const struct layout *l, uint32_t n, enum ab_shape shape)
{
	double top = top_of(l, n);
	return shape == AB_SHAPE_MIN ? top + l->tri_h / 3.0
	       : shape == AB_SHAPE_CHANCE ? top + l->tri_h / 2.0 : top + l->tri_h;
}

/* The bottom of n's row block and notes: where a mark on an edge from it
 * may go below. */
static double below_notes(const struct layout *l, uint32_t n, unsigned notes)
{
	return top_of(l, n) + l->block[l->row[n]] + notes * LINE + 2.0;
}

static void coord(struct ab_str *out, double x, double y)
{
	ab_str_addf(out, "(%.1f,%.1f)", x, y);
}

/* The edge into n, its probability and its cut mark, at this step. */
static void draw_edge(const struct ab_trace *trace, const struct layout *l,
		      const struct measure *m, uint32_t n, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	uint32_t p = tree->nodes[n].parent;
	struct ab_node_view v, pv;
	ab_node_view(trace, n, &v);
	ab_node_view(trace, p, &pv);
	double x0 = l->x[p], y0 = edge_from(l, p, pv.shape);
	double x1 = l->x[n], y2 = top_of(l, n);
	/* An edge into a leaf below its parent's next row, or onto the
	 * lower of two staggered rows, bends and drops straight down. */
	uint32_t next = tree->nodes[p].depth + 1;
	double y1 = l->row[n] > next ? l->row_top[next] - 2.0 : y2;
	ab_str_add(out, "\\draw[ab edge");
	ab_tikz_mods(out, &v, AB_TIKZ_EDGE);
	ab_str_add(out, "] ");
	coord(out, x0, y0);
	ab_str_add(out, " -- ");
	coord(out, x1, y1);
	if (y2 > y1) {
		ab_str_add(out, " -- ");
		coord(out, x1, y2);
	}
	ab_str_add(out, ";");
	/* The run of the edge below its parent's notes, where a mark and a
	 * probability go (just above the child when the band is full). */
	double ys = below_notes(l, p, m[p].notes);
	if (ys > y1 - 10.0)
		ys = y1 - 10.0;
	if (v.has_prob) {
		/* Near the child, on the line, on a white ground; the cut
		 * mark of a pruned edge beside it. */
		double y = y1 - (y1 - ys) * 0.3, x = x0 + (x1 - x0) * (y - y0) / (y1 - y0);
		struct ab_str s = AB_STR_INIT;
		ab_node_prob_text(&v, &s);
		ab_str_add(out, "\\node[ab prob] at ");
		coord(out, x, y);
		ab_str_addf(out, " {$%s$%s};", ab_str_cstr(&s), v.first_pruned ? "\\,\\abcut" : "");
		ab_str_free(&s);
	} else if (v.first_pruned) {
		double y = (ys + y1) / 2.0, x = x0 + (x1 - x0) * (y - y0) / (y1 - y0);
		ab_str_add(out, "\\node[ab mark] at ");
		coord(out, x, y);
		ab_str_add(out, " {\\abcut};");
	}
}

/* Node n's shape, name and value at this step. */
static void draw_node(const struct ab_trace *trace, const struct layout *l, uint32_t n,
		      struct ab_str *out)
{
	const struct style *st = l->st;
	struct ab_node_view v;
	ab_node_view(trace, n, &v);
	struct ab_str s = AB_STR_INIT, name = AB_STR_INIT;
	ab_tree_name(trace->tree, n, &s);
	ab_tex_text(&name, ab_str_cstr(&s));
	double x = l->x[n], top = top_of(l, n), w = l->tri_w / 2.0, h = l->tri_h;
	ab_str_clear(&s);
	slide_value(&v, &ab_glyphs_picture, &s);
	struct ab_str value = AB_STR_INIT;
	if (s.len) {
		ab_str_add(&value, "$");
		ab_str_clear(&s);
		if (v.leaf)
			ab_node_leaf_text(&v, &ab_tex_glyphs, &s);
		else
			slide_value(&v, &ab_tex_glyphs, &s);
		const char *t = ab_str_cstr(&s);
		if (strncmp(t, "in ", 3) == 0) {
			ab_str_add(&value, "\\in ");
			t += 3;
		}
		ab_str_add(&value, t);
		ab_str_add(&value, "$");
	}
	switch (v.shape) {
	case AB_SHAPE_MAX:
		ab_str_add(out, "\\draw[ab max");
		ab_tikz_mods(out, &v, AB_TIKZ_SHAPE);
		ab_str_add(out, "] ");
		coord(out, x, top);
		ab_str_add(out, " -- ");
		coord(out, x + w, top + h);
		ab_str_add(out, " -- ");
		coord(out, x - w, top + h);
		ab_str_add(out, " -- cycle;");
		break;
	case AB_SHAPE_MIN:
		ab_str_add(out, "\\draw[ab min");
		ab_tikz_mods(out, &v, AB_TIKZ_SHAPE);
		ab_str_add(out, "] ");
		coord(out, x - w, top);
		ab_str_add(out, " -- ");
		coord(out, x + w, top);
		ab_str_add(out, " -- ");
		coord(out, x, top + h);
		ab_str_add(out, " -- cycle;");
		break;
	case AB_SHAPE_CHANCE:
		ab_str_add(out, "\\draw[ab chance");
		ab_tikz_mods(out, &v, AB_TIKZ_SHAPE);
		ab_str_add(out, "] ");
		coord(out, x, top + h / 2.0);
		ab_str_addf(out, " circle[radius=%.1f];", h / 2.0);
		break;
	case AB_SHAPE_LEAF: {
		ab_str_clear(&s);
		ab_node_leaf_text(&v, &ab_glyphs_picture, &s);
		double bw = ab_tex_width(ab_str_cstr(&s), st->value) + 2.0 * PAD;
		if (st->boxes || v.current) {
			ab_str_add(out, "\\draw[ab leaf");
			ab_tikz_mods(out, &v, AB_TIKZ_SHAPE);
			if (!st->boxes)
				ab_str_add(out, ", draw=none");
			ab_str_add(out, "] ");
			coord(out, x - bw / 2.0, top);
			ab_str_add(out, " rectangle ");
			coord(out, x + bw / 2.0, top + l->box_h);
			ab_str_add(out, ";");
		}
		ab_str_add(out, "\\node[ab value");
		ab_tikz_mods(out, &v, AB_TIKZ_TEXT);
		ab_str_add(out, ", anchor=base] at ");
		coord(out, x, top + l->box_h - (st->boxes ? 3.5 : 2.0));
		ab_str_addf(out, " {%s};", ab_str_cstr(&value));
		if (st->leaf_names) {
			ab_str_add(out, "\\node[ab name");
			ab_tikz_mods(out, &v, AB_TIKZ_TEXT);
			ab_str_add(out, ", anchor=base] at ");
			coord(out, x, top + l->box_h + LINE - 2.0);
			ab_str_addf(out, " {%s};", ab_str_cstr(&name));
		}
		ab_str_free(&s);
		ab_str_free(&name);
		ab_str_free(&value);
		return;
	}
	}
	double name_y = top + h * (v.shape == AB_SHAPE_MIN ? 0.55 : 0.7);
	if (l->row[n] < l->names_from) {
		ab_str_add(out, "\\node[ab name");
		ab_tikz_mods(out, &v, AB_TIKZ_TEXT);
		ab_str_add(out, ", anchor=base east] at ");
		coord(out, x - w - GAP, name_y);
		ab_str_addf(out, " {%s};", ab_str_cstr(&name));
	}
	if (value.len) {
		/* Beside the shape, or under it on a white ground over the
		 * edges that leave it. */
		ab_str_add(out, "\\node[ab value");
		ab_tikz_mods(out, &v, AB_TIKZ_TEXT);
		if (st->under) {
			ab_str_addf(out, ", fill=white, inner sep=0.8pt, minimum width=%.1fpt, "
					 "anchor=base] at ", l->tri_w);
			coord(out, x, top + h + st->value * (l->tight ? 0.82 : 0.95));
		} else {
			ab_str_add(out, ", anchor=base west] at ");
			coord(out, x + w + GAP, name_y);
		}
		ab_str_addf(out, " {%s};", ab_str_cstr(&value));
	}
	ab_str_free(&s);
	ab_str_free(&name);
	ab_str_free(&value);
}

/* One note to place on a row at one step. */
struct note {
	uint32_t node;
	unsigned line;    /* 0, or 1 under a static value */
	double x, w;      /* its centre and width */
	bool optional;    /* the cut test of a node the search has left */
};

/* Whether a placed note no longer sits under its node. */
static bool moved_away(const struct note *note, double x)
{
	return fabs(note->x - x) > note->w / 2.0;
}

static int note_order(const void *a, const void *b)
{
	const struct note *p = a, *q = b;
	if (p->line != q->line)
		return p->line < q->line ? -1 : 1;
	double pa = p->x, qa = q->x;
	return pa < qa ? -1 : pa > qa;
}

/* Moves the notes of one row and line apart (sorted by x): each pushed
 * right of the one before, then all pulled back inside the width. */
static void place_notes(struct note *notes, size_t n, double width)
{
	for (size_t i = 1; i < n; i++) {
		double min = notes[i - 1].x + (notes[i - 1].w + notes[i].w) / 2.0 + SEP;
		if (notes[i].x < min)
			notes[i].x = min;
	}
	for (size_t i = n; i-- > 0;) {
		double max = i + 1 < n ? notes[i + 1].x - (notes[i + 1].w + notes[i].w) / 2.0 - SEP
				       : width - notes[i].w / 2.0;
		if (notes[i].x > max)
			notes[i].x = max;
	}
	for (size_t i = 0; i < n; i++)
		if (notes[i].x < notes[i].w / 2.0)
			notes[i].x = notes[i].w / 2.0;
}

/* Every note of this step, placed, into per[n] (a node's notes). */
static void draw_notes(const struct ab_trace *trace, const struct layout *l,
		       struct ab_str *per)
{
	const struct ab_tree *tree = trace->tree;
	struct note *notes = ab_xcalloc(2 * (size_t)tree->count + 1, sizeof *notes);
	size_t count = 0;
	struct ab_str s = AB_STR_INIT;
	struct ab_node_view v;
	for (uint32_t n = 0; n < tree->count; n++) {
		if (ab_is_leaf(tree, n))
			continue;
		ab_node_view(trace, n, &v);
		/* The static value first: it is there at every step. */
		if (v.has_static) {
			ab_str_clear(&s);
			ab_node_static_text(&v, &ab_glyphs_picture, &s);
			notes[count++] = (struct note){ n, 0, l->x[n],
							 ab_tex_width(ab_str_cstr(&s), SMALL) + 1.0,
							 false };
		}
		ab_str_clear(&s);
		note_text(trace, &v, &ab_glyphs_picture, &s);
		if (s.len)
			notes[count++] = (struct note){ n, v.has_static, l->x[n],
							 ab_tex_width(ab_str_cstr(&s), SMALL) + 1.0,
							 v.cut && !v.active };
	}
	/* Row by row: the notes of one row and line are placed together. */
	for (uint32_t r = 0; r < l->rows; r++) {
		struct note *row = ab_xcalloc(count + 1, sizeof *row);
		size_t k = 0;
		for (size_t i = 0; i < count; i++)
			if (l->row[notes[i].node] == r)
				row[k++] = notes[i];
		qsort(row, k, sizeof *row, note_order);
		for (size_t i = 0; i < k;) {
			size_t j = i;
			while (j < k && row[j].line == row[i].line)
				j++;
			place_notes(row + i, j - i, l->width);
			/* Where the row is too crowded for every note to stay
			 * by its node, the cut tests of the nodes the search
			 * has left give way (the sentence of their step said
			 * them): the notes of the path stay. */
			bool crowded = false;
			for (size_t q = i; q < j; q++)
				crowded |= moved_away(&row[q], l->x[row[q].node]);
			if (crowded) {
				size_t kept = i;
				for (size_t q = i; q < j; q++) {
					if (row[q].optional)
						continue;
					row[q].x = l->x[row[q].node];
					row[kept++] = row[q];
				}
				memmove(row + kept, row + j, (k - j) * sizeof *row);
				k -= j - kept;
				j = kept;
				place_notes(row + i, j - i, l->width);
			}
			i = j;
		}
		for (size_t i = 0; i < k; i++) {
			uint32_t n = row[i].node;
			ab_node_view(trace, n, &v);
			double y = top_of(l, n) + l->block[r] + LINE * (row[i].line + 1) - 2.0;
			struct ab_str *o = &per[n];
			ab_str_add(o, "\\node[ab note, anchor=base] at ");
			coord(o, row[i].x, y);
			ab_str_add(o, " {");
			if (row[i].line == 0 && v.has_static) {
				ab_str_add(o, "$");
				ab_node_static_text(&v, &ab_tex_glyphs, o);
				ab_str_add(o, "$");
			} else if (v.cut) {
				ab_str_add(o, "\\abcut\\ ");
				ab_tex_cut(trace, &v, o);
			} else {
				ab_str_add(o, "$");
				ab_node_window_text(&v, &ab_tex_glyphs, o);
				ab_str_add(o, "$");
			}
			ab_str_add(o, "};");
		}
		free(row);
	}
	free(notes);
	ab_str_free(&s);
}

/* ---- Overlays ------------------------------------------------------------ */

/* The distinct drawings of one thing (a node, its edge, its notes) over
 * the frames, each with the frames it shows in. */
struct variant {
	struct ab_str text;
	size_t *frames;
	size_t nframes;
};

struct variants {
	struct variant *v;
	size_t n;
};

static void variants_add(struct variants *vs, const char *text, size_t frame)
{
	for (size_t i = 0; i < vs->n; i++) {
		if (strcmp(ab_str_cstr(&vs->v[i].text), text) == 0) {
			struct variant *v = &vs->v[i];
			v->frames = ab_xreallocarray(v->frames, v->nframes + 1, sizeof *v->frames);
			v->frames[v->nframes++] = frame;
			return;
		}
	}
	vs->v = ab_xreallocarray(vs->v, vs->n + 1, sizeof *vs->v);
	struct variant *v = &vs->v[vs->n++];
	v->text = (struct ab_str)AB_STR_INIT;
	ab_str_add(&v->text, text);
	v->frames = ab_xmalloc(sizeof *v->frames);
	v->frames[0] = frame;
	v->nframes = 1;
}

/* A list of frames as an overlay specification: "1-3,7" (frames from 0,
 * overlays from 1). */
static void overlay_spec(const size_t *frames, size_t n, struct ab_str *out)
{
	for (size_t a = 0; a < n;) {
		size_t b = a;
		while (b + 1 < n && frames[b + 1] == frames[b] + 1)
			b++;
		ab_str_addf(out, a ? ",%zu" : "%zu", frames[a] + 1);
		if (b > a)
			ab_str_addf(out, "-%zu", frames[b] + 1);
		a = b + 1;
	}
}

/* One layer of the picture (edges, shapes, notes): its drawings grouped
 * by the overlays they show in, each group one box. */
struct group {
	struct ab_str spec;   /* "1-3,7"; "" for every frame */
	struct ab_str text;
};

struct layer {
	struct group *g;
	size_t n;
};

/* Moves node drawings vs into layer, grouped by their overlays. */
static void layer_take(struct layer *layer, struct variants *vs, size_t nframes)
{
	struct ab_str spec = AB_STR_INIT;
	for (size_t i = 0; i < vs->n; i++) {
		struct variant *v = &vs->v[i];
		ab_str_clear(&spec);
		if (v->nframes < nframes)
			overlay_spec(v->frames, v->nframes, &spec);
		if (v->text.len) {
			size_t k = 0;
			while (k < layer->n && strcmp(ab_str_cstr(&layer->g[k].spec), ab_str_cstr(&spec)))
				k++;
			if (k == layer->n) {
				layer->g = ab_xreallocarray(layer->g, layer->n + 1, sizeof *layer->g);
				layer->g[k] = (struct group){ AB_STR_INIT, AB_STR_INIT };
				ab_str_add(&layer->g[k].spec, ab_str_cstr(&spec));
				layer->n++;
			}
			ab_str_add(&layer->g[k].text, ab_str_cstr(&v->text));
			ab_str_addc(&layer->g[k].text, '\n');
		}
		ab_str_free(&v->text);
		free(v->frames);
	}
	ab_str_free(&spec);
	free(vs->v);
	vs->v = NULL;
	vs->n = 0;
}

/* ---- The frame ------------------------------------------------------------- */

/* The step's line under the tree: "Step 15 of 29." and its sentence. */
static void step_line(struct ab_trace *trace, size_t step, bool sentence, struct ab_str *out)
{
	struct ab_str s = AB_STR_INIT;
	ab_str_addf(&s, _("Step %zu of %zu"), step, trace->length);
	ab_str_add(out, "\\textbf{");
	ab_tex_text(out, ab_str_cstr(&s));
	ab_str_add(out, "}");
	if (sentence && step > 0) {
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		ab_str_clear(&s);
		ab_narrate(trace, &ev, &ab_glyphs_utf8, &s);
		ab_str_add(out, "\\quad ");
		ab_tex_text(out, ab_str_cstr(&s));
	}
	ab_str_free(&s);
}

/* Lines a text (UTF-8, as the narration writes it) takes at SMALL in
 * width points: estimated, a little generously. */
static unsigned lines_of(const char *text, double width)
{
	double w = ab_tex_width(text, SMALL);
	unsigned lines = (unsigned)ceil(w / (width * 0.96));
	return lines ? lines : 1;
}

void ab_slides_write(struct ab_trace *trace, const struct ab_export_options *opt,
		     struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	size_t was = trace->step, nframes = opt->nframes;
	bool sentence = !opt->no_sentence;
	struct ab_str s = AB_STR_INIT, t = AB_STR_INIT;

	/* The text under the tree: as many lines as the longest step's. */
	unsigned text_lines = 1;
	struct ab_str all_text = AB_STR_INIT;
	for (size_t i = 0; i < nframes; i++) {
		ab_trace_seek(trace, opt->frames[i]);
		ab_str_clear(&s);
		ab_str_addf(&s, _("Step %zu of %zu"), opt->frames[i], trace->length);
		if (sentence && opt->frames[i] > 0) {
			struct ab_event ev;
			ab_trace_event(trace, &ev);
			ab_str_add(&s, "    ");
			ab_narrate(trace, &ev, &ab_glyphs_utf8, &s);
		}
		unsigned lines = lines_of(ab_str_cstr(&s), FRAME_W);
		if (lines > text_lines)
			text_lines = lines;
		if (all_text.len < (1u << 16))
			ab_str_add(&all_text, ab_str_cstr(&s));
	}
	double text_h = text_lines * LINE + 4.0;

	/* The room for the tree: the frame under its title, less the text. */
	const char *title = ab_tree_title(tree);
	double room = title ? TOP_TITLED : TOP_UNTITLED;
	if (title) {
		double w = ab_tex_width(title, 11.0) * 1.1; /* bold */
		unsigned lines = (unsigned)ceil(w / FRAME_W);
		if (lines > 1)
			room -= (lines - 1) * TITLE_LINE;
	}
	room -= text_h + 3.0;
	if (room < 60.0)
		room = 60.0;

	struct measure *m = ab_xcalloc(tree->count ? tree->count : 1, sizeof *m);
	measure_all(trace, opt, m);
	/* The first style that fits; from the styles without the leaves'
	 * names on, the inner nodes' names are given up too, deepest row
	 * first, before the next style is tried; a tree too tall is tried
	 * with its rows closer before anything is given up.  Nothing fits:
	 * the last one tried, scaled. */
	size_t k = 0;
	bool fits = false;
	struct layout l = { 0 };
	for (size_t i = 0; i < NSTYLES && !fits; i++) {
		uint32_t least = styles[i].leaf_names ? tree->height : 0;
		for (uint32_t from = tree->height + 1; from-- > least && !fits;) {
			for (int tight = 0; tight < 2 && !fits; tight++) {
				layout_free(&l);
				k = i;
				fits = lay_out(&l, &styles[i], from, tight, tree, m, FRAME_W, room);
			}
		}
	}
	double scale = 1.0;
	if (!fits) {
		scale = FRAME_W / l.width;
		if (room / l.height < scale)
			scale = room / l.height;
	}

	/* The comments, then the document or the frame's styles. */
	ab_str_clear(&s);
	if (title) {
		ab_str_add(&s, title);
		ab_str_add(&s, _(": "));
	}
	ab_config_describe(&trace->config, true, &s);
	ab_str_addf(&s, _("; %zu frames"), nframes);
	ab_tex_comment(out, ab_str_cstr(&s));
	if (ab_tex_needs_unicode(tree, ab_str_cstr(&all_text)))
		ab_tex_comment(out, _("This picture has characters pdflatex cannot set: compile it "
				      "with lualatex (Debian: texlive-luatex, and fonts-noto-cjk for Chinese)."));
	ab_str_free(&all_text);
	if (!fits) {
		ab_str_clear(&s);
		ab_str_addf(&s, _("This tree is too large for a frame at \\footnotesize: it is scaled to %.0f%%, "
				  "its text smaller than the frame's footnotes."), scale * 100.0);
		ab_tex_comment(out, ab_str_cstr(&s));
	}
	if (opt->standalone) {
		ab_str_add(out, "\\documentclass[aspectratio=169]{beamer}\n");
		ab_str_add(out, ab_tex_engines);
		ab_str_add(out, "\\setbeamertemplate{navigation symbols}{}\n"
				"\\setbeamersize{text margin left=0.4cm, text margin right=0.4cm}\n"
				"\\setbeamerfont{frametitle}{size=\\normalsize}\n");
		ab_tikz_styles(out, styles[k].font, "\\footnotesize");
		ab_str_add(out, "\\begin{document}\n");
	} else {
		ab_tex_comment(out, "abtrace frame: needs \\usepackage{tikz} in a beamer document; "
				    "laid out for a 16:9 frame (beamer's aspectratio=169, "
				    "0.4 cm side margins), scaled down to a narrower one");
		ab_tikz_styles(out, styles[k].font, "\\footnotesize");
	}
	/* Each layer (edges, then shapes and text, then notes) as boxes made
	 * once before the frame, each the node drawings that show in the
	 * same overlays: an overlay only stacks the boxes it shows, so TeX
	 * draws each drawing once however many overlays show it. */
	uint32_t count = tree->count;
	struct variants *vs = ab_xcalloc(count ? count : 1, sizeof *vs);
	struct ab_str *notes = ab_xcalloc(count ? count : 1, sizeof *notes);
	struct layer layers[3] = { { NULL, 0 }, { NULL, 0 }, { NULL, 0 } };
	for (int layer = 0; layer < 3; layer++) {
		for (size_t i = 0; i < nframes; i++) {
			ab_trace_seek(trace, opt->frames[i]);
			if (layer == 2) {
				for (uint32_t n = 0; n < count; n++)
					ab_str_clear(&notes[n]);
				draw_notes(trace, &l, notes);
			}
			for (uint32_t n = layer == 0 ? 1 : 0; n < count; n++) {
				ab_str_clear(&t);
				if (layer == 0)
					draw_edge(trace, &l, m, n, &t);
				else if (layer == 1)
					draw_node(trace, &l, n, &t);
				variants_add(&vs[n], layer == 2 ? ab_str_cstr(&notes[n]) : ab_str_cstr(&t),
					     i);
			}
		}
		for (uint32_t n = 0; n < count; n++)
			layer_take(&layers[layer], &vs[n], nframes);
	}
	for (uint32_t n = 0; n < count; n++)
		ab_str_free(&notes[n]);
	free(notes);
	free(vs);
	ab_str_add(out, "\\makeatletter\n"
			"\\def\\abdef#1#2{\\expandafter\\newsavebox\\csname ab@#1\\endcsname\n"
			"  \\expandafter\\sbox\\csname ab@#1\\endcsname{\\begin{tikzpicture}[x=1pt, y=-1pt]\n");
	ab_str_addf(out, "  \\path[use as bounding box] (0,0) rectangle (%.1f,%.1f);\n",
		    l.width, l.height);
	ab_str_add(out, "  #2\\end{tikzpicture}}}\n"
			"\\def\\abuse#1{\\rlap{\\expandafter\\usebox\\csname ab@#1\\endcsname}}\n"
			"\\makeatother\n");
	size_t id = 0;
	for (int layer = 0; layer < 3; layer++)
		for (size_t g = 0; g < layers[layer].n; g++)
			ab_str_addf(out, "\\abdef{%zu}{%%\n%s}\n", id++,
				    ab_str_cstr(&layers[layer].g[g].text));

	ab_str_add(out, "\\begin{frame}[t]");
	if (title) {
		ab_str_add(out, "{");
		ab_tex_text(out, title);
		ab_str_add(out, "}");
	}
	ab_str_add(out, "\n\\centering\n");
	if (!fits)
		ab_str_addf(out, "\\scalebox{%.3f}{%%\n", scale);
	else if (!opt->standalone)
		ab_str_add(out, "\\sbox0{%\n");
	ab_str_addf(out, "\\makebox[%.1fpt][l]{%%\n", l.width);
	id = 0;
	for (int layer = 0; layer < 3; layer++) {
		for (size_t g = 0; g < layers[layer].n; g++, id++) {
			struct group *gr = &layers[layer].g[g];
			if (gr->spec.len)
				ab_str_addf(out, "\\only<%s>{\\abuse{%zu}}", ab_str_cstr(&gr->spec), id);
			else
				ab_str_addf(out, "\\abuse{%zu}", id);
			ab_str_add(out, "%\n");
			ab_str_free(&gr->spec);
			ab_str_free(&gr->text);
		}
		free(layers[layer].g);
	}
	ab_str_add(out, "}");
	if (!fits)
		ab_str_add(out, "}");
	else if (!opt->standalone)
		/* In a narrower frame than it was laid out for, scaled down. */
		ab_str_add(out, "}%\n\\ifdim\\wd0>\\linewidth\\resizebox{\\linewidth}{!}{\\usebox0}"
				"\\else\\usebox0\\fi");
	ab_str_add(out, "\\par\\vspace{2pt}\n");

	/* The steps' lines, in a box of the tallest one's height. */
	ab_str_addf(out, "\\begin{minipage}[t][%.0fpt][t]{\\linewidth}\\raggedright\\footnotesize\n",
		    text_h);
	for (size_t i = 0; i < nframes; i++) {
		ab_trace_seek(trace, opt->frames[i]);
		ab_str_addf(out, "\\only<%zu>{", i + 1);
		step_line(trace, opt->frames[i], sentence, out);
		ab_str_add(out, "}\n");
	}
	ab_str_add(out, "\\end{minipage}\n\\end{frame}\n");
	if (opt->standalone)
		ab_str_add(out, "\\end{document}\n");
	ab_trace_seek(trace, was);
	layout_free(&l);
	free(m);
	ab_str_free(&s);
	ab_str_free(&t);
}
