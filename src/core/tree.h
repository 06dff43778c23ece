/* tree.h - the game tree: nodes, labels, players, ids and paths.  No I/O.
 *
 * Nodes live in one array in preorder, so a subtree is the contiguous range
 * [n, ab_end(tree, n)).  A node's children are listed in kids[], in the order
 * the tree file gives them (an edit may swap two).  A node holds what a
 * search reads, in 24 bytes (28 with its entry in kids[]): a big tree's
 * search is as fast as memory hands it the nodes.  What only the screens
 * and the names need (rank, subtree end, label) is kept beside them.
 *
 * A node's player (MAX, MIN or chance) is its own kind when the file wrote
 * one (<min>[...]), else the entry of the players: cycle for its depth
 * (by default MAX and MIN alternating from the root's player).  Values are
 * exact: see value.h; tree->scale is this tree's unit.
 */
#ifndef AB_TREE_H
#define AB_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/str.h"
#include "core/value.h"

#define AB_NONE UINT32_MAX

/* Stated limits (also in abtrace-tree(5), LIMITS, and the error messages). */
#define AB_MAX_DEPTH 10000       /* levels of nesting below the root */
#define AB_MAX_NODES 20000000u   /* nodes, leaves included */
#define AB_MAX_LABEL 32          /* bytes in one label */
#define AB_MAX_NAME 64           /* bytes of a displayed name before it
				    becomes the short form "@N" */

enum ab_player { AB_MAX = 0, AB_MIN = 1, AB_CHANCE = 2 };
#define AB_MAX_PLAYERS 16        /* entries in a players: cycle */

/* ab_node.flags */
#define AB_KIND_MASK 3u          /* 0: from the cycle; else 1 + enum ab_player */
#define AB_HAS_STATIC 4u         /* an inner node's value is its static value */
#define AB_HAS_PROB 8u           /* the file gave this child's probability */
#define AB_DECIMALS_SHIFT 4      /* while building: decimals of the value */
#define AB_DECIMALS_MASK (15u << AB_DECIMALS_SHIFT)

/* A chance child's probability, exact and reduced. */
struct ab_prob {
	int64_t num, den;
};

struct ab_node {
	uint32_t parent;    /* AB_NONE for the root */
	uint32_t first_kid; /* index into kids[] of the first child */
	uint32_t nkids;     /* 0 for a leaf */
	uint16_t depth;     /* 0 for the root, at most AB_MAX_DEPTH */
	uint16_t flags;     /* AB_KIND_MASK, AB_HAS_STATIC, ... */
	ab_value value;     /* a leaf's value, an inner node's static value
			       (AB_HAS_STATIC), else 0; in 1/scale units */
};

/* Beside each node: where it sits (ab_rank, ab_end). */
struct ab_span {
	uint32_t rank;      /* 0-based position among the parent's children */
	uint32_t end;       /* one past the last node of the subtree */
};

struct ab_tree {
	struct ab_node *nodes;
	struct ab_span *spans;   /* per node; NULL until ab_end or ab_rank asks
				    (a search never does, so a big tree's
				    loading and search need not write them) */
	uint32_t count;          /* nodes */
	uint32_t leaves;         /* how many nodes are leaves */
	uint32_t height;         /* the deepest leaf's depth */
	uint32_t *kids;          /* children, grouped by parent */
	uint32_t *label_at;      /* per node: its label's offset in labels[],
				    or AB_NONE; NULL while no node has one */
	char *labels;            /* NUL-separated label text */
	size_t labels_len, labels_cap;
	uint32_t *label_slots;   /* open-addressing hash: node index or AB_NONE */
	uint32_t label_slots_len;/* a power of two, or 0 */
	uint32_t nlabels;
	uint32_t nindexed;       /* labels in label_slots: fewer than nlabels
				    after ab_tree_add_new_label, until a
				    lookup by name indexes the rest */
	enum ab_player root_player; /* the root's player as the file says (a
				       caller may set the other side) */
	enum ab_player cycle_root; /* the root's player by its kind and the
				      cycle: root_player or --root naming
				      the other side swaps MAX and MIN */
	enum ab_player players[AB_MAX_PLAYERS]; /* the player of each level, as
				    a cycle: by default MAX, MIN (root: min
				    gives MIN, MAX) */
	uint32_t nplayers;       /* entries in players[], at least 1 */
	int64_t scale;           /* values count 1/scale (value.h) */
	struct ab_prob *probs;   /* per node: its probability as a chance
				    node's child; NULL without chance nodes */
	int64_t prob_scale;      /* the lcm of the probabilities' denominators */
	bool star1_exact;        /* the unit also makes every Star1 window
				    exact (ab_tree_settle: false when that
				    would leave the exact range) */
	uint32_t nchance;        /* chance nodes */
	uint32_t nkinds;         /* nodes with a kind of their own */
	bool alternating;        /* MAX and MIN take turns, no node with a
				    kind of its own: the fast case of
				    ab_player_at */
	uint32_t nstatic;        /* inner nodes with a static value */
	uint32_t decimals;       /* while building: the most decimals of any
				    value (ab_tree_settle then scales) */
	bool uniform;            /* every inner node has branching children
				    and every leaf is at depth uniform_depth
				    (found by ab_tree_finish) */
	uint32_t branching, uniform_depth;
	bool has_bounds;         /* bounds: LO..HI (in 1/scale units) */
	ab_value bound_lo, bound_hi;
	struct ab_exact raw_lo, raw_hi; /* the bounds as written */
	/* Transpositions: one position reached by several paths, each visit
	 * a node of its own (its own path and subtree).  position[n] is the
	 * node that stands for n's position, its canonical visit (the
	 * labelled definition of a file's &NAME, a game's first visit in
	 * preorder); NULL while every node is its own position. */
	uint32_t *position;
	uint32_t ntransposed;    /* nodes whose position is another node */
	/* Moves, for --order killer|history: a node's move is its rank among
	 * its parent's children, unless moves_named: then each node's label
	 * is the moves that reach it, separated by move_sep, and its move is
	 * the label's last one (a game's "e2e4 e7e5" reaches its position by
	 * the move e7e5; "x5" alone is the move x5).  A tree source that
	 * knows its moves (a game) sets both; tree files leave them off. */
	bool moves_named;
	char move_sep;
	char *title;             /* from the header, or NULL */
	char *title_zh;          /* the same in Chinese (title.zh:), or NULL */
	char *source;            /* from the header, or NULL */
	uint32_t cap;            /* nodes allocated (while building) */
	/* While building, in preorder: the open path (deepest last) and the
	 * children of its nodes added so far.  A node is laid out (first_kid,
	 * its children in kids[], the counts) as soon as the next node shows
	 * that its subtree is complete, while it is still in the cache, so
	 * ab_tree_finish needs no pass over the nodes. */
	uint32_t *open, nopen, open_cap;
	uint32_t *pending, npending, pending_cap;
	uint32_t kids_used;      /* entries of kids[] laid out */
	uint32_t leaf_depth_min; /* with height: whether leaves are level */
	uint32_t kids_min, kids_max; /* over inner nodes: whether uniform */
	uint64_t rank_looks;     /* siblings ab_rank looked at before the spans */
};

/* ---- Building, in preorder ------------------------------------------- */

enum ab_build_status {
	AB_BUILD_OK,
	AB_BUILD_DUPLICATE_LABEL, /* the label names another node already */
	AB_BUILD_RESERVED_LABEL,  /* "root" names a node other than the root */
	AB_BUILD_TOO_MANY_NODES,  /* AB_MAX_NODES reached */
	AB_BUILD_TOO_DEEP,        /* below AB_MAX_DEPTH levels */
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
/* ab_tree_add for a label the caller knows no other node has (a game's
 * path of moves): it is not looked up, and the hash that finds labels by
 * name takes it in when a name is next looked up, so a big tree of new
 * labels costs no hashing unless someone asks for a node by name. */
enum ab_build_status ab_tree_add_new_label(struct ab_tree *tree, uint32_t parent,
					   const char *label, size_t labellen,
					   ab_value value, uint32_t *out);
/* Room for one more node (the slow half of ab_tree_add_plain). */
void ab_tree_grow(struct ab_tree *tree);
/* Lays out the open nodes below parent, whose subtrees are complete. */
void ab_tree_close_to(struct ab_tree *tree, uint32_t parent);

/* ab_tree_add for the bulk of a big tree: an unlabelled child of parent,
 * when the caller has made sure that tree->count < AB_MAX_NODES and that
 * the parent is less than AB_MAX_DEPTH deep.  Inline, since a parser adds
 * millions. */
static inline uint32_t ab_tree_add_plain(struct ab_tree *t, uint32_t parent,
					 ab_value value)
{
	uint32_t top = t->open[t->nopen - 1];
	if (top != parent) {
		const struct ab_node *last = &t->nodes[top];
		if (last->nkids == 0 && last->parent == parent) {
			/* The common case, a leaf's next sibling: the leaf is
			 * complete, and laid out already but for the counts. */
			t->leaves++;
			if (last->depth > t->height)
				t->height = last->depth;
			if (last->depth < t->leaf_depth_min)
				t->leaf_depth_min = last->depth;
			t->nopen--;
		} else {
			ab_tree_close_to(t, parent);
		}
	}
	if (t->count == t->cap || t->nopen == t->open_cap ||
	    t->npending == t->pending_cap)
		ab_tree_grow(t);
	uint32_t n = t->count++;
	struct ab_node *p = &t->nodes[parent];
	p->nkids++;
	t->nodes[n] = (struct ab_node){
		.parent = parent, .depth = (uint16_t)(p->depth + 1),
		.value = value,
	};
	if (t->label_at)
		t->label_at[n] = AB_NONE; /* ab_tree_add may give it one */
	t->open[t->nopen++] = n;
	t->pending[t->npending++] = n;
	return n;
}

/* Makes room for n nodes in all (at most AB_MAX_NODES) in one block, so a
 * big tree's node array is not grown, and perhaps copied, again and again.
 * Pages it never uses are never touched; ab_tree_finish trims the rest. */
void ab_tree_reserve(struct ab_tree *tree, uint32_t n);
/* Lays out the last open path and trims the arrays.  Call once, after the
 * last ab_tree_add: no node can be added after it. */
void ab_tree_finish(struct ab_tree *tree);
void ab_tree_set_title(struct ab_tree *tree, const char *title);
/* The title in Chinese (title.zh: in a file). */
void ab_tree_set_title_zh(struct ab_tree *tree, const char *title);
/* The title to show, in the language of messages: title.zh's when
 * messages are Chinese and the tree has one, else title (or the only one
 * there is; NULL if none). */
const char *ab_tree_title(const struct ab_tree *tree);
/* Sets the players cycle (1..AB_MAX_PLAYERS entries). */
void ab_tree_set_players(struct ab_tree *tree, const enum ab_player *players,
			 uint32_t count);
/* Gives node n its own kind (it wins over the players: cycle). */
void ab_tree_set_kind(struct ab_tree *tree, uint32_t n, enum ab_player kind);
/* Gives inner node n a static value (raw: see below). */
void ab_tree_set_static(struct ab_tree *tree, uint32_t n, ab_value value);
/* Makes node n a visit of canonical's position (canonical: any node of
 * the finished or growing tree; n == canonical undoes it).  The subtrees
 * of two visits must be the same: the builder does not check.  Inline,
 * since a game's tree sets it for nearly every node. */
void ab_tree_start_positions(struct ab_tree *tree);
static inline void ab_tree_set_position(struct ab_tree *tree, uint32_t n,
					uint32_t canonical)
{
	if (!tree->position)
		ab_tree_start_positions(tree);
	bool was = tree->position[n] != n, is = canonical != n;
	tree->position[n] = canonical;
	tree->ntransposed += (uint32_t)is - (uint32_t)was;
}
/* Gives chance child n the probability the file wrote. */
void ab_tree_set_prob(struct ab_tree *tree, uint32_t n, struct ab_prob prob);

/* While building, a value is raw: value × 10^-decimals, the decimals kept
 * in the node's flags (ab_tree_set_decimals), the bounds as written.
 * After ab_tree_finish, ab_tree_settle chooses the scale that makes every
 * value, expectation and Star1 window exact and converts the values to
 * it.  It returns false when that would leave the exact range, with *bad
 * the node to blame (AB_NONE: the bounds) and *why the reason. */
enum ab_settle_error { AB_SETTLE_VALUE_RANGE, AB_SETTLE_SCALE_RANGE };
void ab_tree_set_decimals(struct ab_tree *tree, uint32_t n, unsigned decimals);
void ab_tree_set_bounds(struct ab_tree *tree, struct ab_exact lo,
			struct ab_exact hi);
bool ab_tree_settle(struct ab_tree *tree, uint32_t *bad,
		    enum ab_settle_error *why);
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

/* Fills tree->spans from the finished tree, once: a cache, so the tree
 * stays logically const. */
void ab_tree_need_spans(const struct ab_tree *tree);

/* One past the last node of n's subtree: the subtree is [n, ab_end). */
static inline uint32_t ab_end(const struct ab_tree *t, uint32_t n)
{
	if (!t->spans)
		ab_tree_need_spans(t);
	return t->spans[n].end;
}

/* ab_rank before the spans are filled. */
uint32_t ab_tree_rank_by_looking(const struct ab_tree *tree, uint32_t n);

/* n's 0-based position among its parent's children (0 for the root).
 * Before the spans are filled it looks among the siblings, so naming one
 * node (a best move, say) costs no pass over the tree; once the looking
 * adds up to a pass, it fills the spans. */
static inline uint32_t ab_rank(const struct ab_tree *t, uint32_t n)
{
	return t->spans ? t->spans[n].rank : ab_tree_rank_by_looking(t, n);
}

/* The player to move at a node when the root's player is root: MAX and
 * MIN swap at every level when root is not the file's root player (chance
 * levels stay). */
static inline enum ab_player ab_player_at(const struct ab_tree *t, uint32_t n,
					  enum ab_player root)
{
	const struct ab_node *node = &t->nodes[n];
	if (t->alternating)
		return (enum ab_player)((((unsigned)t->players[0] ^ (root != t->cycle_root)) +
					 node->depth) & 1u);
	enum ab_player p;
	if (node->flags & AB_KIND_MASK)
		p = (enum ab_player)((node->flags & AB_KIND_MASK) - 1);
	else if (t->nplayers == 2)
		p = t->players[node->depth & 1u];
	else
		p = t->players[node->depth % t->nplayers];
	if (p != AB_CHANCE && root != t->cycle_root && root != AB_CHANCE &&
	    t->cycle_root != AB_CHANCE)
		p = (enum ab_player)(p ^ 1u);
	return p;
}

/* The node standing for n's position (n itself unless n is a
 * transposition of another visit). */
static inline uint32_t ab_position(const struct ab_tree *t, uint32_t n)
{
	return t->position ? t->position[n] : n;
}

/* Node n's move (see moves_named): the label's last move, *len bytes at
 * the pointer returned, or NULL (the move is n's rank) when the tree does
 * not name its moves or n has no label. */
const char *ab_tree_move(const struct ab_tree *tree, uint32_t n, size_t *len);

/* "max", "min" or "chance". */
const char *ab_player_word(enum ab_player p);
/* The player the n bytes at s name ("max", "min", "chance"): its enum
 * value, or -1. */
int ab_player_of_word(const char *s, size_t n);

/* A chance child's probability in units of 1/tree->prob_scale. */
static inline int64_t ab_prob_weight(const struct ab_tree *t, uint32_t n)
{
	return t->probs[n].num * (t->prob_scale / t->probs[n].den);
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
/* Whether MAX and MIN simply take turns: no chance node, no node of its
 * own kind, a players: cycle of MAX and MIN. */
bool ab_tree_alternates(const struct ab_tree *tree);
static inline bool ab_tree_has_chance(const struct ab_tree *t)
{
	return t->nchance != 0;
}
/* The expectation at chance node n of its children's values[]. */
ab_value ab_tree_expectation(const struct ab_tree *tree, uint32_t n,
			     const ab_value *values);
/* Fills values[n] with node n's true minimax value (the expectation at a
 * chance node) for every node. */
void ab_tree_minimax_values(const struct ab_tree *tree, enum ab_player root,
			    ab_value *values);

/* ---- Edits (the replay's "what if") ---------------------------------- */

/* Whether leaf n may take value, as a tree file could have written it. */
enum ab_value_check {
	AB_VALUE_OK,
	AB_VALUE_NOT_LEAF,
	AB_VALUE_TOO_LARGE,        /* more whole digits than a file holds */
	AB_VALUE_OUT_OF_BOUNDS,    /* outside bounds: (infinities too) */
	AB_VALUE_INFINITE_CHANCE,  /* +inf or -inf in a tree with chance */
};
enum ab_value_check ab_tree_check_value(const struct ab_tree *tree, uint32_t n,
					ab_value value);
/* Sets a leaf's value, and every other visit's of its position.  Returns
 * false (nothing changed) when ab_tree_check_value refuses it. */
bool ab_tree_set_value(struct ab_tree *tree, uint32_t n, ab_value value);
/* Swaps the children at ranks i and j of node n, and of every other visit
 * of its position (a transposition has one order of moves).  Returns
 * false when they do not exist. */
bool ab_tree_swap_kids(struct ab_tree *tree, uint32_t n, uint32_t i,
		       uint32_t j);
/* A deep copy, so an edit can be tried and undone. */
struct ab_tree *ab_tree_clone(const struct ab_tree *tree);

/* ---- Writing back ----------------------------------------------------- */

/* Appends the tree in tree-file syntax (header lines, then the expression,
 * labels kept), so that parsing the text gives the same tree. */
void ab_tree_write(const struct ab_tree *tree, struct ab_str *out);

#endif
