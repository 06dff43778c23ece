/* tree.h - the game tree: nodes, labels, players, ids and paths.  No I/O.
 *
 * Nodes live in one array in preorder, so a subtree is the contiguous range
 * [n, nodes[n].end).  A node's children are listed in kids[], in the order
 * the tree file gives them (an edit may swap two).  The layout stays under
 * 64 bytes per node including labels, so a tree of millions of leaves fits.
 *
 * Players alternate by depth from the root: the root is MAX unless the file
 * or the command line says min.
 */
#ifndef AB_TREE_H
#define AB_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "str.h"

/* Values are integers of at most AB_VALUE_DIGITS digits; the infinities sit
 * far outside that range, so max/min and negation never overflow. */
typedef int64_t ab_value;
#define AB_VALUE_DIGITS 15
#define AB_VALUE_MAX INT64_C(999999999999999)
#define AB_POS_INF INT64_MAX
#define AB_NEG_INF (-INT64_MAX)

#define AB_NONE UINT32_MAX

/* Stated limits (also in the README and the error messages). */
#define AB_MAX_DEPTH 10000       /* levels of nesting below the root */
#define AB_MAX_NODES 20000000u   /* nodes, leaves included */
#define AB_MAX_LABEL 32          /* bytes in one label */
#define AB_MAX_NAME 64           /* bytes of a displayed name before it
				    becomes the short form "@N" */

enum ab_player { AB_MAX = 0, AB_MIN = 1 };

struct ab_node {
	uint32_t parent;    /* AB_NONE for the root */
	uint32_t first_kid; /* index into kids[] of the first child */
	uint32_t nkids;     /* 0 for a leaf */
	uint32_t rank;      /* 0-based position among the parent's children */
	uint32_t end;       /* one past the last node of the subtree */
	uint32_t depth;     /* 0 for the root */
	uint32_t label;     /* offset into labels[], or AB_NONE */
	uint32_t spare;     /* keeps value 8-aligned; free for later use */
	ab_value value;     /* a leaf's value; 0 for inner nodes */
};

struct ab_tree {
	struct ab_node *nodes;
	uint32_t count;          /* nodes */
	uint32_t leaves;         /* how many nodes are leaves */
	uint32_t height;         /* the deepest leaf's depth */
	uint32_t *kids;          /* children, grouped by parent */
	char *labels;            /* NUL-separated label text */
	size_t labels_len, labels_cap;
	uint32_t *label_slots;   /* open-addressing hash: node index or AB_NONE */
	uint32_t label_slots_len;/* a power of two, or 0 */
	uint32_t nlabels;
	enum ab_player root_player;
	char *title;             /* from the header, or NULL */
	char *source;            /* from the header, or NULL */
	uint32_t cap;            /* nodes allocated (while building) */
};

/* ---- Building, in preorder ------------------------------------------- */

enum ab_build_status {
	AB_BUILD_OK,
	AB_BUILD_DUPLICATE_LABEL, /* the label names another node already */
	AB_BUILD_RESERVED_LABEL,  /* "root" names a node other than the root */
	AB_BUILD_TOO_MANY_NODES,  /* AB_MAX_NODES reached */
};

struct ab_tree *ab_tree_new(void);
void ab_tree_free(struct ab_tree *tree);
/* Appends a node whose parent is parent (AB_NONE for the root, which must be
 * added first).  Children must be added in order, each subtree complete
 * before its next sibling: preorder.  label may be NULL; labellen bytes are
 * copied.  *out gets the new index. */
enum ab_build_status ab_tree_add(struct ab_tree *tree, uint32_t parent,
				 const char *label, size_t labellen,
				 ab_value value, uint32_t *out);
/* Makes room for n nodes in all (at most AB_MAX_NODES) in one block, so a
 * big tree's node array is not grown, and perhaps copied, again and again.
 * Pages it never uses are never touched; ab_tree_finish trims the rest. */
void ab_tree_reserve(struct ab_tree *tree, uint32_t n);
/* Computes children lists, depths, ranks and subtree ends.  Call once,
 * after the last ab_tree_add. */
void ab_tree_finish(struct ab_tree *tree);
void ab_tree_set_title(struct ab_tree *tree, const char *title);
void ab_tree_set_source(struct ab_tree *tree, const char *source);

/* ---- Questions ------------------------------------------------------- */

static inline bool ab_is_leaf(const struct ab_tree *t, uint32_t n)
{
	return t->nodes[n].nkids == 0;
}

static inline uint32_t ab_kid(const struct ab_tree *t, uint32_t n, uint32_t i)
{
	return t->kids[t->nodes[n].first_kid + i];
}

/* The player to move at a node when the root's player is root. */
static inline enum ab_player ab_player_at(const struct ab_tree *t, uint32_t n,
					  enum ab_player root)
{
	return (enum ab_player)(((unsigned)root + t->nodes[n].depth) & 1u);
}

/* The node's own label, or NULL. */
const char *ab_tree_label(const struct ab_tree *tree, uint32_t n);
/* Appends the dotted path of 1-based child ranks ("" for the root). */
void ab_tree_path(const struct ab_tree *tree, uint32_t n, struct ab_str *out);
/* Appends the name users see: the label; "root" for an unlabelled root;
 * for an unlabelled node below a labelled ancestor, the textbook form
 * (parent label C and rank 2 give "C2", deeper ones "C2.1"; a label that
 * ends in a digit is followed by a dot: "B1.2"); otherwise the path.
 * When the textbook form would name another node (B's first child when
 * some node is labelled "B1"), the path is used instead, so that
 * ab_tree_find always leads back.  A name that would be longer than
 * AB_MAX_NAME bytes (a deep unlabelled node: its path grows with depth) is
 * "@N" instead, N the node's number in the file's order (the root is 0),
 * so a trace of a very deep tree does not grow with the square of its
 * depth. */
void ab_tree_name(const struct ab_tree *tree, uint32_t n, struct ab_str *out);
/* The node a user means by name: a label, "root", a path, or the textbook
 * form above (read with the longest label that starts the name), or
 * "@N", node number N (any node, short name or not).  ""
 * names nothing.  Returns AB_NONE when nothing matches. */
uint32_t ab_tree_find(const struct ab_tree *tree, const char *name);
/* Whether every inner node has the same number of children and every leaf
 * is at the same depth; *branching and *depth get those numbers. */
bool ab_tree_uniform(const struct ab_tree *tree, uint32_t *branching,
		     uint32_t *depth);
/* Fills values[n] with node n's true minimax value for every node. */
void ab_tree_minimax_values(const struct ab_tree *tree, enum ab_player root,
			    ab_value *values);

/* ---- Edits (the replay's "what if") ---------------------------------- */

/* Sets a leaf's value.  Returns false when n is not a leaf or the value is
 * out of range. */
bool ab_tree_set_value(struct ab_tree *tree, uint32_t n, ab_value value);
/* Swaps the children at ranks i and j of node n.  Returns false when they
 * do not exist. */
bool ab_tree_swap_kids(struct ab_tree *tree, uint32_t n, uint32_t i,
		       uint32_t j);
/* A deep copy, so an edit can be tried and undone. */
struct ab_tree *ab_tree_clone(const struct ab_tree *tree);

/* ---- Writing back ----------------------------------------------------- */

/* Appends the tree in tree-file syntax (header lines, then the expression,
 * labels kept), so that parsing the text gives the same tree. */
void ab_tree_write(const struct ab_tree *tree, struct ab_str *out);

#endif
