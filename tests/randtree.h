/* randtree.h - random trees for property tests, built straight through the
 * tree builder (no text), so the tests of the search do not depend on the
 * parser. */
#ifndef AB_RANDTREE_H
#define AB_RANDTREE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/rng.h"
#include "core/tree.h"

struct randtree_shape {
	uint32_t min_kids, max_kids; /* children of an inner node */
	uint32_t depth;              /* leaves at most this deep */
	bool uniform;                /* every leaf at depth, max_kids children */
	ab_value lo, hi;             /* leaf values drawn from [lo, hi] */
	bool distinct;               /* every leaf value different */
};

/* Builds a random tree in preorder with an explicit stack of "children
 * still to add" counts. */
static inline struct ab_tree *randtree(struct ab_rng *rng,
				       const struct randtree_shape *shape)
{
	struct ab_tree *tree = ab_tree_new();
	uint32_t stack_node[64], stack_left[64];
	int top = -1;
	ab_value next_distinct = shape->lo;
	uint32_t id;
	/* The root always has children. */
	uint32_t span = shape->max_kids - shape->min_kids + 1;
	ab_tree_add(tree, AB_NONE, NULL, 0, 0, &id);
	top = 0;
	stack_node[0] = id;
	stack_left[0] = shape->uniform ? shape->max_kids
				       : shape->min_kids + (uint32_t)ab_rng_below(rng, span);
	while (top >= 0) {
		if (stack_left[top] == 0) {
			top--;
			continue;
		}
		stack_left[top]--;
		uint32_t depth = (uint32_t)top + 1;
		bool leaf = depth >= shape->depth ||
			    (!shape->uniform && ab_rng_below(rng, 3) == 0);
		if (leaf) {
			ab_value v;
			if (shape->distinct)
				v = next_distinct++;
			else
				v = shape->lo + (ab_value)ab_rng_below(rng,
					(uint64_t)(shape->hi - shape->lo + 1));
			ab_tree_add(tree, stack_node[top], NULL, 0, v, &id);
		} else {
			ab_tree_add(tree, stack_node[top], NULL, 0, 0, &id);
			top++;
			stack_node[top] = id;
			stack_left[top] = shape->uniform ? shape->max_kids
				: shape->min_kids + (uint32_t)ab_rng_below(rng, span);
		}
	}
	ab_tree_finish(tree);
	if (shape->distinct) {
		/* Shuffle the distinct values over the leaves. */
		uint32_t n = tree->count;
		for (uint32_t i = n - 1; i > 0; i--) {
			uint32_t j = (uint32_t)ab_rng_below(rng, (uint64_t)i + 1);
			if (tree->nodes[i].nkids == 0 && tree->nodes[j].nkids == 0) {
				ab_value t = tree->nodes[i].value;
				tree->nodes[i].value = tree->nodes[j].value;
				tree->nodes[j].value = t;
			}
		}
	}
	return tree;
}

#endif
