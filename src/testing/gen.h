/* gen.h - the trees `abtrace test` feeds a program.
 *
 * Trees come from the random generator's options (sources/random.h), and
 * among them, in a fixed rotation, the shapes where bugs hide: ties,
 * one-child nodes, a MIN root, deep chains, deeper and wider trees, the
 * same tree in its cut-rich (best first) and cut-free (worst first)
 * orders, values beyond a small infinity (±1000 and far more) and values
 * near the exact range.  Tree i of a run depends only on the options, the
 * run's seed and i, so `--seed` repeats a run on any machine.
 */
#ifndef AB_GEN_H
#define AB_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "core/tree.h"
#include "sources/random.h"

struct ab_gen {
	struct ab_random_spec spec; /* the options' trees; spec.seed: the run's */
	bool list_only;             /* only trees the list feed can express: MAX
				       at the root, MAX and MIN alternating */
};

/* The shapes, in the order they take turns. */
#define AB_GEN_SHAPES(X) \
	X(PLAIN, "plain") \
	X(TIES, "ties") \
	X(CUT_RICH, "cut-rich") \
	X(ONE_CHILD, "one-child") \
	X(MIN_ROOT, "min-root") \
	X(DEEPER, "deeper") \
	X(CUT_FREE, "cut-free") \
	X(BEYOND_INF, "beyond-small-inf") \
	X(DEEP_CHAIN, "deep-chain") \
	X(WIDE, "wide") \
	X(NEAR_RANGE, "near-exact-range")

enum ab_gen_shape {
#define AB_GEN_SHAPE_ENUM(name, word) AB_GEN_##name,
	AB_GEN_SHAPES(AB_GEN_SHAPE_ENUM)
#undef AB_GEN_SHAPE_ENUM
	AB_GEN_SHAPE_COUNT
};

const char *ab_gen_shape_name(enum ab_gen_shape shape);

/* Tree number index (from 0) of the run, without title or source; *shape
 * (may be NULL) gets the shape it was drawn as (a shape the options rule
 * out, such as a MIN root under list_only, is drawn plain).  The spec must
 * pass ab_random_check. */
struct ab_tree *ab_gen_tree(const struct ab_gen *gen, uint64_t index,
			    enum ab_gen_shape *shape);

#endif
