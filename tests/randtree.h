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

/* ---- Random DAGs: transpositions -------------------------------------------
 *
 * randdag builds a tree as randtree does, but an inner node below the root
 * is, with probability share percent, a copy of a subtree finished earlier
 * in preorder: the same position reached another way, each copied node a
 * visit of the original's position (ab_tree_set_position).  A copy goes
 * only where the original's players fit (a level of the same parity, MAX
 * and MIN alternating; same_depth: the same level, so that a depth limit
 * cuts every visit of a position alike) and its leaves stay within
 * shape->depth.  Inner nodes get static values by position (statics), so
 * --depth and --iterative can search it. */
/* The height of the finished subtree [s, s + size). */
static inline uint32_t randdag_height(const struct ab_tree *t, uint32_t s,
				      uint32_t size)
{
	uint32_t h = 0;
	for (uint32_t m = s; m < s + size; m++)
		if ((uint32_t)(t->nodes[m].depth - t->nodes[s].depth) > h)
			h = (uint32_t)(t->nodes[m].depth - t->nodes[s].depth);
	return h;
}

static inline struct ab_tree *randdag(struct ab_rng *rng,
				      const struct randtree_shape *shape,
				      unsigned share, bool same_depth, bool statics)
{
	struct ab_tree *tree = ab_tree_new();
	uint32_t stack_node[64], stack_left[64];
	uint32_t done_root[256], done_size[256], ndone = 0;
	int top;
	uint32_t id;
	uint32_t span = shape->max_kids - shape->min_kids + 1;
	ab_tree_add(tree, AB_NONE, NULL, 0, 0, &id);
	top = 0;
	stack_node[0] = id;
	stack_left[0] = shape->uniform ? shape->max_kids
				       : shape->min_kids + (uint32_t)ab_rng_below(rng, span);
	while (top >= 0) {
		if (stack_left[top] == 0) {
			uint32_t n = stack_node[top--];
			if (n != 0 && ndone < 256) {
				done_root[ndone] = n;
				done_size[ndone++] = tree->count - n;
			}
			continue;
		}
		stack_left[top]--;
		uint32_t depth = (uint32_t)top + 1;
		bool leaf = depth >= shape->depth ||
			    (!shape->uniform && ab_rng_below(rng, 3) == 0);
		if (!leaf && ndone && ab_rng_below(rng, 100) < share) {
			/* A transposition: copy a finished subtree that fits. */
			uint32_t pick = (uint32_t)ab_rng_below(rng, ndone), found = AB_NONE;
			for (uint32_t k = 0; k < ndone && found == AB_NONE; k++) {
				uint32_t j = (pick + k) % ndone, s = done_root[j];
				uint32_t ds = tree->nodes[s].depth;
				bool fits = same_depth ? ds == depth : (ds + depth) % 2 == 0;
				if (fits && depth + randdag_height(tree, s, done_size[j]) <= shape->depth)
					found = j;
			}
			if (found != AB_NONE) {
				uint32_t s = done_root[found], size = done_size[found];
				uint32_t *map = malloc(size * sizeof *map);
				for (uint32_t i = 0; i < size; i++) {
					const struct ab_node *o = &tree->nodes[s + i];
					uint32_t parent = i == 0 ? stack_node[top] : map[o->parent - s];
					ab_value v = o->nkids ? 0 : o->value;
					ab_tree_add(tree, parent, NULL, 0, v, &map[i]);
					ab_tree_set_position(tree, map[i], ab_position(tree, s + i));
				}
				free(map);
				continue;
			}
		}
		if (leaf) {
			ab_value v = shape->lo + (ab_value)ab_rng_below(rng,
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
	if (statics) {
		/* One static value per position, so every visit has the same. */
		for (uint32_t n = 0; n < tree->count; n++) {
			uint32_t p = ab_position(tree, n);
			if (tree->nodes[n].nkids)
				ab_tree_set_static(tree, n, shape->lo +
					(ab_value)((p * 2654435761u) % (uint64_t)(shape->hi - shape->lo + 1)));
		}
	}
	return tree;
}

/* Node n's value searched k plies below it: nodes k plies down count
 * their static value, leaves above them their own (small trees only:
 * it recurses). */
static inline ab_value randtree_value_below(const struct ab_tree *t, uint32_t n,
					    uint32_t k, enum ab_player root)
{
	const struct ab_node *node = &t->nodes[n];
	if (!node->nkids || k == 0)
		return node->value;
	bool max = ab_player_at(t, n, root) == AB_MAX;
	ab_value best = max ? AB_NEG_INF : AB_POS_INF;
	for (uint32_t i = 0; i < node->nkids; i++) {
		ab_value v = randtree_value_below(t, ab_kid(t, n, i), k - 1, root);
		if (max ? v > best : v < best)
			best = v;
	}
	return best;
}

/* The toolkit's property trees: 1 to 4 children, 2 to 5 levels, values
 * -6..6, transpositions on half of them (each position at one depth),
 * static values, MIN at the root when min_root. */
static inline struct ab_tree *randdag_small(struct ab_rng *rng, bool min_root)
{
	struct randtree_shape shape = {
		.min_kids = 1, .max_kids = 2 + (uint32_t)ab_rng_below(rng, 3),
		.depth = 2 + (uint32_t)ab_rng_below(rng, 4), .lo = -6, .hi = 6,
	};
	struct ab_tree *tree = randdag(rng, &shape, (unsigned)ab_rng_below(rng, 2) * 50,
				       true, true);
	tree->root_player = tree->cycle_root = min_root ? AB_MIN : AB_MAX;
	return tree;
}

#endif
