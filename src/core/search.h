/* search.h - minimax and alpha-beta, instrumented: every step goes to a sink.
 *
 * The search never prints and never recurses (an explicit stack of frames),
 * so any tree the loader accepts is searched without a stack overflow.
 */
#ifndef AB_SEARCH_H
#define AB_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/event.h"
#include "core/tree.h"

enum ab_algo { AB_ALPHABETA, AB_MINIMAX };

enum ab_order {
	AB_ORDER_GIVEN,   /* as the file lists them */
	AB_ORDER_REVERSE, /* last child first */
	AB_ORDER_BEST,    /* by true minimax value, best for the mover first */
	AB_ORDER_WORST,   /* the opposite of best */
	AB_ORDER_RANDOM,  /* a shuffle that depends only on the seed */
};

enum ab_root_choice { AB_ROOT_FROM_TREE, AB_ROOT_IS_MAX, AB_ROOT_IS_MIN };

/* Pruning at chance nodes (DESIGN.md, "Search variants"). */
enum ab_chance_prune {
	AB_CHANCE_AUTO,  /* node when the tree declares bounds, else none */
	AB_CHANCE_NONE,  /* every child, window (-inf, +inf), no cut */
	AB_CHANCE_NODE,  /* cut when S + R·U <= alpha or S + R·L >= beta */
	AB_CHANCE_STAR1, /* node's test, and Star1's window for each child */
};

/* How the screens and the narration show the search (never the search or
 * its JSON): as minimax writes it, or from the mover's side as negamax
 * does (DESIGN.md, "Search variants"). */
enum ab_view { AB_VIEW_MINIMAX, AB_VIEW_NEGAMAX };

struct ab_config {
	enum ab_algo algo;
	bool fail_hard;   /* a cut node returns its bound (alpha at MAX, beta
			     at MIN) instead of its best value */
	bool strict;      /* cut on alpha > beta instead of alpha >= beta */
	enum ab_order order;
	uint64_t seed;    /* for AB_ORDER_RANDOM */
	enum ab_root_choice root;
	enum ab_chance_prune chance_prune;
	uint32_t depth;   /* --depth: nodes this deep are evaluated by their
			     static value; 0: no limit */
	bool iterative;   /* --iterative: depths 1, 2, ... up to depth (or the
			     tree's height), each ordered by the last */
	enum ab_view view; /* presentation only */
};

/* The defaults: alpha-beta, fail-soft, cut on >=, given order. */
#define AB_CONFIG_DEFAULT { AB_ALPHABETA, false, false, AB_ORDER_GIVEN, 0, AB_ROOT_FROM_TREE, AB_CHANCE_AUTO, 0, false, AB_VIEW_MINIMAX }

/* The chance pruning in force on this tree: never AB_CHANCE_AUTO. */
enum ab_chance_prune ab_config_chance(const struct ab_config *config,
				      const struct ab_tree *tree);
/* Parses "none", "node" or "star1". */
bool ab_parse_chance_prune(const char *text, enum ab_chance_prune *out);
const char *ab_chance_prune_name(enum ab_chance_prune prune);

/* The root's player under this configuration. */
enum ab_player ab_config_root(const struct ab_config *config,
			      const struct ab_tree *tree);

/* Parses "given", "reverse", "best", "worst", "random" or "random:SEED".
 * Returns false (config untouched) on anything else. */
bool ab_parse_order(const char *text, struct ab_config *config);
/* Appends the order as the option spells it, e.g. "random:42". */
void ab_order_describe(const struct ab_config *config, struct ab_str *out);
/* Appends e.g. "alpha-beta, fail-soft, cut on α ≥ β, order given".  ascii
 * chooses ">=" over "≥". */
void ab_config_describe(const struct ab_config *config, bool ascii,
			struct ab_str *out);

/* The same for a search of tree: "expectimax" for minimax over chance
 * nodes, and alpha-beta's chance pruning ("..., chance-prune node"). */
void ab_config_describe_for(const struct ab_config *config,
			    const struct ab_tree *tree, bool ascii,
			    struct ab_str *out);
/* ---- Depth limits and iterative deepening ---------------------------- */

/* The most iterations --iterative runs: each repeats the shallower
 * searches, so a deep tree's iterations would add up without bound. */
#define AB_MAX_ITERATIONS 64u
/* The deepest iteration --iterative runs: config->depth capped at the
 * tree's height (deeper searches repeat the last), or the height. */
uint32_t ab_config_last_depth(const struct ab_config *config,
			      const struct ab_tree *tree);
/* The depth limit the search must be able to honour: the first inner node
 * (in preorder) at a horizon the search may stop at (config->depth, or
 * under --iterative every depth 1..ab_config_last_depth) that has no
 * static value; AB_NONE when there is none. */
uint32_t ab_search_missing_static(const struct ab_tree *tree,
				  const struct ab_config *config);
/* Fills values[n] with node n's depth-limited minimax value: nodes at
 * depth `depth` (0: no limit) count their static value, inner nodes above
 * the best (or expectation) of their children.  A node below the horizon
 * gets its plain minimax value (it is never searched). */
void ab_depth_values(const struct ab_tree *tree, enum ab_player root,
		     uint32_t depth, ab_value *values);
/* Parses --view: "minimax" or "negamax". */
bool ab_parse_view(const char *text, enum ab_view *out);
/* Fills order (tree->count entries, indexed like tree->kids) with the order
 * iteration `depth` (1-based) of config's --iterative search uses: the
 * config's own order at depth 1, then each MAX and MIN node's children by
 * the values they returned in the iteration before. */
void ab_search_iteration_order(const struct ab_tree *tree,
			       const struct ab_config *config, uint32_t depth,
			       uint32_t *order);

/* Fills order (tree->count entries, indexed like tree->kids) with each
 * node's children in the order the search visits them. */
void ab_search_order(const struct ab_tree *tree, const struct ab_config *config,
		     uint32_t *order);

/* Runs the search, sending every event to sink.  Returns 0, or the nonzero
 * value a sink returned to stop it, or AB_SEARCH_NO_STATIC (and sends
 * nothing) when a node at the depth limit has no static value: see
 * ab_search_missing_static. */
#define AB_SEARCH_NO_STATIC (-2)
int ab_search(const struct ab_tree *tree, const struct ab_config *config,
	      struct ab_sink *sink);

#endif
