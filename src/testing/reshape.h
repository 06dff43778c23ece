/* reshape.h - a copy of a tree with its shape or its numbers changed.
 *
 * `abtrace test` makes new trees out of old ones: the generator reorders a
 * tree's children best or worst first, and the shrinker drops children,
 * puts a leaf (or a grandchild) where a subtree was, and changes values.
 * Every such tree is built here, through the tree builder, so it is a
 * tree like any loaded one: labels, kinds, static values, probabilities
 * (renormalised where a chance node lost children) and bounds kept, its
 * exact unit chosen afresh.
 */
#ifndef AB_RESHAPE_H
#define AB_RESHAPE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/tree.h"

/* What to change; every array is per node of the old tree (tree->count
 * entries, kids like tree->kids), and NULL changes nothing. */
struct ab_reshape {
	const uint32_t *kids;   /* each node's children in the order wanted:
				   a permutation within each node's group of
				   tree->kids */
	const bool *drop;       /* left out with its subtree (never the root) */
	const uint32_t *subst;  /* AB_NONE, or the node whose subtree stands
				   in this one's place */
	const bool *leaf;       /* made a leaf */
	const ab_value *values; /* the value of each leaf and each node made a
				   leaf, and each static value, in the old
				   tree's units (tree->scale) */
};

/* The new tree, settled, without title or source; NULL when the change
 * leaves a node with no child, a value that is not a finite decimal or
 * lies outside the tree's bounds, or a tree beyond the exact range. */
struct ab_tree *ab_reshape(const struct ab_tree *tree,
			   const struct ab_reshape *how);

#endif
