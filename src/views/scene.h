/* scene.h - what an exported picture shows of each node, and where.
 *
 * Every export (DOT, TikZ, SVG, text) describes a node the same way
 * (struct ab_node_view: its shape, what is proved, whether it is on the
 * path, current, cut or pruned).  The two pictures abtrace lays out itself,
 * SVG and TikZ, also share one geometry (struct ab_scene): the replay's
 * layout (views/layout.h) with boxes sized for their shapes and text, in
 * points, y growing downwards, every leaf on one baseline.  Pure: no I/O.
 */
#ifndef AB_SCENE_H
#define AB_SCENE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "views/boards.h"
#include "views/format.h"
#include "core/trace.h"
#include "views/layout.h"

/* The shape a node is drawn as. */
enum ab_shape {
	AB_SHAPE_MAX,    /* a triangle, point up */
	AB_SHAPE_MIN,    /* a triangle, point down */
	AB_SHAPE_LEAF,   /* a box around the value */
	AB_SHAPE_CHANCE, /* a circle; its children's probabilities on the edges */
};

struct ab_node_view {
	uint32_t node;
	enum ab_shape shape;
	bool leaf, max;
	bool pruned;       /* never reached, and an ancestor cut off */
	bool reached;      /* entered or looked at by this step */
	bool active;       /* on the current path */
	bool current;      /* the node of this step's event */
	bool cut;          /* a cutoff fired here by this step */
	bool first_pruned; /* pruned while its parent was not: the cut edge */
	bool window;       /* its window is worth showing (alpha-beta, on the path) */
	ab_value lo, hi;   /* what is proved (leaves: the value) */
	ab_value alpha, beta;          /* the window, when active */
	ab_value cut_alpha, cut_beta;  /* the test that fired, when cut */
	int64_t scale;     /* the tree's unit of values */
	bool has_static;   /* an inner node with a static value, shown h=5 */
	ab_value static_value;
	bool below;        /* below the depth limit: not searched at this depth */
	bool negamax;      /* values and windows from the mover's side */
	bool has_prob;     /* a chance node's child: its probability */
	struct ab_exact prob;
	bool chance_cut;   /* a chance node's cut: the range [cut_lo, cut_hi] */
	ab_value cut_lo, cut_hi;
};

/* What the pictures say about node n at the trace's current step. */
void ab_node_view(const struct ab_trace *trace, uint32_t n, struct ab_node_view *v);

/* The marks as text, in glyphs g: the value or bound ("= 3", "≤ 2"; ""
 * when nothing is known), a leaf's value alone ("3"), the window
 * ("[3, +∞]"), the cut test that fired ("β = 2 ≤ α = 3" at MIN,
 * "α = 5 ≥ β = 4" at MAX, "C ≤ 7.2 ≤ α = 8.4" at a chance node, whose
 * test names it).  Every picture formats values through these
 * alone. */
void ab_node_value_text(const struct ab_node_view *v, const struct ab_glyphs *g,
			struct ab_str *out);
void ab_node_leaf_text(const struct ab_node_view *v, const struct ab_glyphs *g,
		       struct ab_str *out);
void ab_node_window_text(const struct ab_node_view *v, const struct ab_glyphs *g,
			 struct ab_str *out);
void ab_node_cut_text(const struct ab_trace *trace, const struct ab_node_view *v,
		      const struct ab_glyphs *g, struct ab_str *out);
/* "h=5" for a node with a static value; "" otherwise. */
void ab_node_static_text(const struct ab_node_view *v, const struct ab_glyphs *g,
			 struct ab_str *out);
/* A chance node's child: its probability ("0.7", "1/3"); "" otherwise. */
void ab_node_prob_text(const struct ab_node_view *v, struct ab_str *out);

/* ---- Geometry, in points -------------------------------------------- */

/* Font sizes the geometry is measured for: the value beside a shape or in
 * a leaf's box, and the small grey text (names, windows, cut tests). */
#define AB_SCENE_FONT 10.0
#define AB_SCENE_SMALL 7.5
#define AB_SCENE_LINE 9.0      /* baseline to baseline, small text */
#define AB_SCENE_TRI_W 22.0    /* a MAX or MIN triangle */
#define AB_SCENE_TRI_H 18.0
#define AB_SCENE_LEAF_H 15.0   /* a leaf's box */
#define AB_SCENE_MARGIN 6.0    /* round the whole picture */

struct ab_scene {
	const struct ab_tree *tree;
	struct ab_layout layout;  /* columns of AB_SCENE_COLUMN points */
	double *level_top;        /* the top of the shapes at each depth */
	uint8_t *under;           /* small lines reserved under each inner node */
	uint8_t *bent;            /* the edge into a leaf drops straight down */
	double caption_h;         /* room above the tree for the caption */
	double width, height;     /* the whole picture */
	/* A game's boards under the nodes (export --board), or NULL; the
	 * room kept under every node for one. */
	const struct ab_picture_boards *boards;
	double board_w, board_h;
};

/* Lays the picture out so that the contents at every step in steps[]
 * fit (one size for all the frames of an animation): moves the trace to
 * those steps and back to where it was.  caption_lines of small text are
 * reserved above the tree. */
void ab_scene_build(struct ab_scene *scene, struct ab_trace *trace,
		    const size_t *steps, size_t nsteps, unsigned caption_lines);
/* The same with room under every node for its board (boards may be NULL:
 * none), which the picture draws from ab_scene_board_top down. */
void ab_scene_build_boards(struct ab_scene *scene, struct ab_trace *trace,
			   const size_t *steps, size_t nsteps, unsigned caption_lines,
			   const struct ab_picture_boards *boards);
void ab_scene_free(struct ab_scene *scene);

/* The centre of node n's shape, and the top of its shape (leaves: all on
 * the lowest level). */
double ab_scene_x(const struct ab_scene *scene, uint32_t n);
double ab_scene_top(const struct ab_scene *scene, uint32_t n);
/* Where the edges to n's children leave it: under its shape and the
 * small lines reserved beneath it. */
double ab_scene_bottom(const struct ab_scene *scene, uint32_t n);
/* Where the edges to n's children start, drawn under its shape (which is
 * filled): a MAX triangle's base, the middle of a MIN triangle (so that
 * they come out of its sides and do not meet at its point, which would
 * read as an hourglass), a circle's centre.  The baseline of the name and
 * value beside the shape: a MIN triangle's upper part, where the edges
 * leaving its sides pass below them. */
double ab_scene_edge_y(const struct ab_scene *scene, uint32_t n, enum ab_shape shape);
double ab_scene_label_y(const struct ab_scene *scene, uint32_t n, enum ab_shape shape);
/* The white ground that joins a MAX triangle's base or a chance circle's
 * bottom to the first small line under it (true), drawn before the shape
 * (which draws its outline over it) when node n has lines under it in
 * this picture:
 * the edges that leave such a shape all start at one point, and in the
 * gap between the shape and its line they read as a knot; under the
 * ground they come out from under the line.  false for other shapes,
 * whose edges leave their sides apart. */
bool ab_scene_note_ground(const struct ab_scene *scene, uint32_t n, enum ab_shape shape,
			  double *x0, double *y0, double *x1, double *y1);
/* The point of the edge from p (of shape pshape) into its child n where
 * a mark goes: halfway down the part below p's small lines, on the line. */
void ab_scene_edge_middle(const struct ab_scene *scene, uint32_t p, enum ab_shape pshape,
			  uint32_t n, double *x, double *y);
/* Where node n's board starts (the top of its first line), under its
 * shape and small lines (a leaf's: under its name). */
double ab_scene_board_top(const struct ab_scene *scene, uint32_t n);
/* Where the edge into node n ends its slanted part.  The edge into a leaf
 * above the lowest level runs straight to its box unless that line would
 * cross another box; then it bends at the top of the leaf's own level and
 * drops straight down (the leaf's columns are its own below there, so the
 * drop meets nothing).  Equal to ab_scene_top when the edge is straight. */
double ab_scene_level_top(const struct ab_scene *scene, uint32_t n);
/* The estimated width in points of text at a font size (CJK characters
 * count two columns); generous, so that estimated clearance is real. */
double ab_scene_text_width(const char *text, double size);

#endif
