/* shrink.h - the smallest tree on which a finding stays.
 *
 * As Hypothesis and QuickCheck shrink a failing case: starting from the
 * tree where a program went wrong, try smaller trees and keep each one on
 * which the finding stays (the caller's predicate says), until no step
 * helps: replace a subtree by a leaf (its minimax value, then 0), drop
 * children (all but one, then halves, then one at a time), put a
 * grandchild where a one-child node was, and make the values smaller and
 * fewer while keeping their order (all of them to small ranks at once,
 * then each distinct value towards 0, merging with its neighbours when
 * that keeps the finding).  Every candidate is asked about once.
 */
#ifndef AB_SHRINK_H
#define AB_SHRINK_H

#include <stdbool.h>
#include <stdint.h>

#include "core/tree.h"

/* Whether the finding stays on candidate. */
typedef bool ab_shrink_still(const struct ab_tree *candidate, void *ctx);

struct ab_shrink_stats {
	uint64_t tries;   /* candidates asked about */
	uint64_t kept;    /* of them, those on which the finding stayed */
};

/* The smallest tree found: a new tree, a copy of tree when nothing
 * smaller keeps the finding.  At most max_tries candidates are asked
 * about (0: no limit).  stats may be NULL. */
struct ab_tree *ab_shrink(const struct ab_tree *tree, ab_shrink_still *still,
			  void *ctx, uint64_t max_tries,
			  struct ab_shrink_stats *stats);

#endif
