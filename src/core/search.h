/* search.h - minimax and alpha-beta, instrumented: every step goes to a sink.
 *
 * The search never prints and never recurses (an explicit stack of frames),
 * so any tree the loader accepts is searched without a stack overflow.
 */
#ifndef AB_SEARCH_H
#define AB_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/config.h"
#include "core/event.h"
#include "core/tree.h"

/* ---- Depth limits and iterative deepening ---------------------------- */

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
/* Or AB_SEARCH_REFUSED (and sends nothing) when config's named mistake
 * makes no sense on tree: see ab_config_bug_refusal. */
#define AB_SEARCH_REFUSED (-3)
/* ... or AB_SEARCH_STAR1_INEXACT (sending nothing) when Star1 would prune
 * on a tree whose unit cannot make its windows exact (star1_exact in
 * core/tree.h). */
#define AB_SEARCH_STAR1_INEXACT (-4)
int ab_search(const struct ab_tree *tree, const struct ab_config *config,
	      struct ab_sink *sink);

#endif
