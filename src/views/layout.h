/* layout.h - where each node goes on screen, for the two views of a tree.
 *
 * Pure arithmetic, no curses: the tests check it without a terminal, and
 * it is built into the core library (not the replay's), so the SVG and TikZ
 * exports place their nodes with it too.
 *
 * The tree view draws the tree top-down.  Every node has a box (two text
 * rows: a leaf's value over its name, an inner node's name and value over
 * its window) and every subtree owns a column range no sibling subtree
 * shares, so boxes can never overlap.  Levels are AB_LAYOUT_LEVEL_ROWS
 * apart: two rows of text and one row of connecting lines.
 *
 * The outline view puts the nodes one per line in preorder, indented by
 * their depth: any tree, however large, is shown one screenful at a time
 * without visiting more nodes than there are lines.
 */
#ifndef AB_TUI_LAYOUT_H
#define AB_TUI_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "views/format.h"
#include "core/tree.h"

#define AB_LAYOUT_LEVEL_ROWS 3 /* text, text, connector */
#define AB_LAYOUT_BOX_ROWS 2
#define AB_OUTLINE_INDENT 2    /* columns per level in the outline */
#define AB_OUTLINE_MAX_INDENT 60

struct ab_layout {
	uint32_t count;     /* nodes */
	uint32_t *x;        /* left column of each node's box */
	uint16_t *w;        /* width of each node's box */
	uint32_t *sub_x;    /* the column range its subtree owns: */
	uint32_t *sub_w;    /*   [sub_x, sub_x + sub_w) */
	uint32_t width;     /* columns of the whole drawing */
	uint32_t height;    /* rows of the whole drawing */
	uint32_t spread;    /* extra columns between siblings (presenter) */
	uint32_t level_rows; /* rows from one level's boxes to the next's */
	bool compact;       /* leaves as wide as their values, not their names */
};

/* How a tree view is laid out: all zeros is the usual layout. */
struct ab_layout_options {
	uint32_t spread;     /* extra columns between sibling subtrees */
	uint32_t level_rows; /* rows from level to level (0: AB_LAYOUT_LEVEL_ROWS) */
	bool compact;        /* a leaf's box as wide as its value: its name is
				drawn only where it fits (a narrow screen) */
};

/* Terminal columns of UTF-8 text (invalid bytes count one each). */
unsigned ab_text_width(const char *text);
/* A chance node's child carries its probability before its text, as a
 * tree file writes it ("0.7: "); nothing for other nodes. */
void ab_layout_prob_text(const struct ab_tree *tree, uint32_t n, struct ab_str *out);
unsigned ab_layout_prob_width(const struct ab_tree *tree, uint32_t n);

/* Lays the tree out for the glyph set g (glyph widths matter).  Sizes boxes
 * for the widest text any step can put in them: the name with its player
 * glyph and bound, the window on the path, a pruned leaf's mark. */
void ab_layout_compute(struct ab_layout *layout, const struct ab_tree *tree,
		       const struct ab_glyphs *g);
/* The same as the options say: the presenter layout spreads a tree over
 * a projector's screen, its levels apart; a narrow screen takes the
 * compact layout before it scrolls. */
void ab_layout_compute_with(struct ab_layout *layout, const struct ab_tree *tree,
			    const struct ab_glyphs *g, const struct ab_layout_options *o);
/* The same layout for boxes of given widths (widths[n] columns for node
 * n, at least 1): the pictures abtrace exports (src/scene.c) size their
 * boxes for shapes and text of their own and place them with the replay's
 * arithmetic. */
void ab_layout_compute_widths(struct ab_layout *layout, const struct ab_tree *tree,
			      const unsigned *widths);
void ab_layout_free(struct ab_layout *layout);

/* The first row of node n's box: its depth times the layout's rows a
 * level. */
static inline uint32_t ab_layout_row(const struct ab_layout *l, const struct ab_tree *tree,
				     uint32_t n)
{
	return tree->nodes[n].depth * l->level_rows;
}

/* The centre column of node n's box, where its connector meets it. */
static inline uint32_t ab_layout_centre(const struct ab_layout *l, uint32_t n)
{
	return l->x[n] + (l->w[n] - 1u) / 2u;
}

/* A viewport's scroll offsets: the drawing's column and row shown at the
 * view's top-left corner. */
struct ab_scroll {
	uint32_t x, y;
};

/* Moves scroll as little as possible so that node n's box lies inside a
 * view of cols x rows (its left edge when the box is wider than the view),
 * and never past the drawing's far edges more than needed. */
void ab_layout_follow(const struct ab_layout *layout, const struct ab_tree *tree,
		      uint32_t n, uint32_t cols, uint32_t rows,
		      struct ab_scroll *scroll);

/* Pulls scroll back so that a view of cols x rows shows no empty columns
 * or rows past the drawing's far edges (and none at all when the drawing
 * fits): after the terminal grows, the whole tree comes back into view. */
void ab_layout_clamp(const struct ab_layout *layout, uint32_t cols, uint32_t rows,
		     struct ab_scroll *scroll);

/* The outline's lines: order[line] is the node on each line, line[n] the
 * line of node n, in preorder by the children's current order (an edit may
 * have swapped two, which the node array does not follow).  Each array has
 * tree->count entries. */
void ab_outline_order(const struct ab_tree *tree, uint32_t *order, uint32_t *line);

/* The outline of count lines: the first line shown (*top) moves as little
 * as possible so that line n is among the rows lines shown. */
void ab_outline_follow(uint32_t count, uint32_t n, uint32_t rows, uint32_t *top);
/* The column where node n's outline text starts. */
static inline uint32_t ab_outline_indent(const struct ab_tree *tree, uint32_t n)
{
	uint32_t d = tree->nodes[n].depth * AB_OUTLINE_INDENT;
	return d > AB_OUTLINE_MAX_INDENT ? AB_OUTLINE_MAX_INDENT : d;
}

/* Whether node n's box and its subtree's column range meet a view: used to
 * draw only what is visible, skipping whole subtrees. */
bool ab_layout_subtree_visible(const struct ab_layout *layout,
			       const struct ab_tree *tree, uint32_t n,
			       const struct ab_scroll *scroll, uint32_t cols,
			       uint32_t rows);

/* The node whose box covers drawing cell (col, row), or AB_NONE: a walk
 * down from the root through the subtree that owns the column. */
uint32_t ab_layout_hit(const struct ab_layout *layout, const struct ab_tree *tree,
		       uint32_t col, uint32_t row);

#endif
