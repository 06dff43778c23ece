/* gen.c - the test trees: the options' random trees in a rotation of
 * shapes (see gen.h).
 *
 * Each shape is a change to the options' random_spec (a narrow range for
 * ties, branching from 1 for one-child nodes, ...) or, for the two orders,
 * a plain tree with every node's children sorted by their true values:
 * in each round of shapes the same tree, best first and worst first.
 * A shape whose spec the generator refuses (a range too wide for the
 * decimals, a tree too large) is drawn plain, so every index gives a tree.
 */
#include "testing/gen.h"

#include <stdlib.h>

#include "core/config.h"
#include "core/rng.h"
#include "core/search.h"
#include "testing/reshape.h"

static const char *const shape_names[] = {
#define AB_GEN_SHAPE_NAME(name, word) word,
	AB_GEN_SHAPES(AB_GEN_SHAPE_NAME)
#undef AB_GEN_SHAPE_NAME
};

const char *ab_gen_shape_name(enum ab_gen_shape shape)
{
	return (unsigned)shape < AB_GEN_SHAPE_COUNT ? shape_names[shape] : "?";
}

/* Plain trees take every other turn: they are the options' own. */
static enum ab_gen_shape shape_of(uint64_t index)
{
	if (index % 2 == 0)
		return AB_GEN_PLAIN;
	return (enum ab_gen_shape)(1 + (index / 2) % (AB_GEN_SHAPE_COUNT - 1));
}

/* The largest whole magnitude a value may have with the spec's decimals
 * and still fit a tree file. */
static ab_value widest(const struct ab_random_spec *spec)
{
	return AB_VALUE_MAX / ab_pow10(spec->decimals);
}

/* The spec for a shape; false when the options rule the shape out. */
static bool shape_spec(const struct ab_gen *gen, enum ab_gen_shape shape,
		       struct ab_random_spec *spec)
{
	*spec = gen->spec;
	switch (shape) {
	case AB_GEN_PLAIN:
	case AB_GEN_CUT_RICH:
	case AB_GEN_CUT_FREE:
		return true;
	case AB_GEN_TIES: {
		/* Three whole values in the middle of the range. */
		if (spec->distinct)
			return false;
		ab_value mid = spec->lo + (spec->hi - spec->lo) / 2;
		spec->lo = mid > spec->lo ? mid - 1 : mid;
		spec->hi = spec->lo + 2;
		spec->decimals = 0;
		return true;
	}
	case AB_GEN_ONE_CHILD:
		spec->bmin = 1;
		if (spec->bmax < 2)
			spec->bmax = 2;
		return true;
	case AB_GEN_MIN_ROOT:
		if (gen->list_only || spec->nplayers)
			return false;
		spec->root = spec->root == AB_MAX ? AB_MIN : AB_MAX;
		return true;
	case AB_GEN_DEEPER:
		/* A cut deeper than the parent's needs four levels. */
		spec->bmin = 2;
		spec->bmax = 3;
		spec->depth = spec->depth < 4 ? 4 : spec->depth + 1;
		return true;
	case AB_GEN_DEEP_CHAIN:
		spec->bmin = 1;
		spec->bmax = 2;
		spec->depth = 9;
		return true;
	case AB_GEN_WIDE:
		spec->bmin = 3;
		spec->bmax = 6;
		spec->depth = 2;
		return true;
	case AB_GEN_BEYOND_INF: {
		ab_value mag = widest(spec) < 100000 ? widest(spec) : 100000;
		spec->lo = -mag;
		spec->hi = mag;
		return true;
	}
	case AB_GEN_NEAR_RANGE:
		spec->lo = -widest(spec);
		spec->hi = widest(spec);
		return true;
	case AB_GEN_SHAPE_COUNT:
		break;
	}
	return false;
}

/* The tree with each node's children sorted by true value, best first for
 * the mover (best) or worst first. */
static struct ab_tree *sorted(struct ab_tree *tree, bool best)
{
	struct ab_config config = { .order = best ? AB_ORDER_BEST : AB_ORDER_WORST };
	uint32_t *order = ab_xcalloc(tree->count, sizeof *order);
	ab_search_order(tree, &config, order);
	struct ab_tree *copy = ab_reshape(tree, &(struct ab_reshape){ .kids = order });
	free(order);
	if (!copy)
		return tree; /* it cannot fail on a tree it copies whole */
	ab_tree_free(tree);
	return copy;
}

struct ab_tree *ab_gen_tree(const struct ab_gen *gen, uint64_t index,
			    enum ab_gen_shape *shape)
{
	enum ab_gen_shape want = shape_of(index);
	struct ab_random_spec spec;
	struct ab_str why = AB_STR_INIT;
	if (!shape_spec(gen, want, &spec) || !ab_random_check(&spec, &why)) {
		want = AB_GEN_PLAIN;
		spec = gen->spec;
	}
	ab_str_free(&why);
	/* Each tree its own stream, from the run's seed and its number; the
	 * cut-rich and cut-free trees of one round of shapes are one tree
	 * in its two orders. */
	uint64_t stream = index;
	if (want == AB_GEN_CUT_RICH || want == AB_GEN_CUT_FREE)
		stream = ~(index / 2 / (AB_GEN_SHAPE_COUNT - 1));
	struct ab_rng rng;
	ab_rng_seed(&rng, gen->spec.seed ^ (stream * UINT64_C(0xd1b54a32d192ed03)));
	spec.seed = ab_rng_next(&rng);
	struct ab_tree *tree = ab_random_tree(&spec);
	if (!tree && want != AB_GEN_PLAIN) {
		want = AB_GEN_PLAIN;
		struct ab_random_spec plain = gen->spec;
		plain.seed = spec.seed;
		tree = ab_random_tree(&plain);
	}
	if (!tree)
		return NULL;
	free(tree->title);
	free(tree->source);
	tree->title = tree->source = NULL;
	if (want == AB_GEN_CUT_RICH || want == AB_GEN_CUT_FREE)
		tree = sorted(tree, want == AB_GEN_CUT_RICH);
	if (shape)
		*shape = want;
	return tree;
}
