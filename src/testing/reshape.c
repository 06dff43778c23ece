/* reshape.c - copying a tree with children reordered, dropped or replaced
 * and values changed (see reshape.h).
 *
 * The copy walks the old tree in the new preorder with an explicit stack
 * (a tree may be 10,000 levels deep) and adds each node through
 * ab_tree_add, values in the raw form a tree file gives them (digits and
 * decimals), so ab_tree_settle chooses the new tree's unit as the parser's
 * trees get theirs.
 */
#include "testing/reshape.h"

#include <stdlib.h>
#include <string.h>

#include "core/value.h"

/* A value in 1/scale units as a tree file writes it: raw × 10^-decimals.
 * False when it is no finite decimal or has more digits than a file
 * holds. */
static bool to_raw(ab_value v, int64_t scale, ab_value *raw, unsigned *decimals)
{
	if (v == AB_POS_INF || v == AB_NEG_INF)
		return false;
	struct ab_exact x = ab_value_exact(v, scale);
	unsigned d = ab_exact_decimals(x);
	int64_t p = ab_pow10(d);
	if (p % x.den)
		return false;
	ab_wide r = (ab_wide)x.num * (p / x.den);
	if (r > AB_VALUE_MAX || r < -AB_VALUE_MAX)
		return false;
	*raw = (ab_value)r;
	*decimals = d;
	return true;
}

/* One node waiting on the stack: the old node whose children are being
 * copied, its copy, and the next child to look at. */
struct frame {
	uint32_t old, copy, next;
	struct ab_prob kept; /* at a chance node that lost children: the sum
				of the kept children's probabilities */
};

static uint32_t kid_of(const struct ab_tree *t, const struct ab_reshape *how,
		       uint32_t n, uint32_t i)
{
	const uint32_t *kids = how->kids ? how->kids : t->kids;
	return kids[t->nodes[n].first_kid + i];
}

static bool dropped(const struct ab_reshape *how, uint32_t n)
{
	return how->drop && how->drop[n];
}

/* What stands at node n's place: n, or its substitute. */
static uint32_t stand_in(const struct ab_reshape *how, uint32_t n)
{
	return how->subst && how->subst[n] != AB_NONE ? how->subst[n] : n;
}

static bool made_leaf(const struct ab_tree *t, const struct ab_reshape *how,
		      uint32_t n)
{
	return ab_is_leaf(t, n) || (how->leaf && how->leaf[n]);
}

static bool is_chance(const struct ab_tree *t, uint32_t n)
{
	return t->nodes[n].nkids && ab_player_at(t, n, t->root_player) == AB_CHANCE;
}

/* The sum of the probabilities of chance node n's kept children (written
 * ones; without them the new tree makes the rest equally likely). */
static bool kept_probability(const struct ab_tree *t, const struct ab_reshape *how,
			     uint32_t n, struct ab_prob *sum)
{
	*sum = (struct ab_prob){ 0, 1 };
	for (uint32_t i = 0; i < t->nodes[n].nkids; i++) {
		uint32_t k = kid_of(t, how, n, i);
		if (dropped(how, k))
			continue;
		struct ab_prob p = t->probs[k];
		ab_wide num = (ab_wide)sum->num * p.den + (ab_wide)p.num * sum->den;
		ab_wide den = (ab_wide)sum->den * p.den;
		if (num > INT64_MAX || den > INT64_MAX)
			return false;
		int64_t g = ab_gcd((int64_t)num, (int64_t)den);
		*sum = (struct ab_prob){ (int64_t)num / g, (int64_t)den / g };
	}
	return sum->num > 0;
}

/* Adds old node n (or what stands in for it) below parent in the copy;
 * prob_from is the node whose place it takes (its probability), sum the
 * kept probability at its chance parent ({0, 0}: as written).  *frame
 * gets a frame when the copy has children to add. */
static bool add(struct ab_tree *copy, const struct ab_tree *t,
		const struct ab_reshape *how, uint32_t n, uint32_t parent,
		struct ab_prob sum, struct frame *frame, bool *inner)
{
	uint32_t from = n;
	n = stand_in(how, n);
	const struct ab_node *node = &t->nodes[n];
	bool leaf = made_leaf(t, how, n);
	ab_value v = how->values ? how->values[n] : node->value;
	ab_value raw = 0;
	unsigned decimals = 0;
	if ((leaf || (node->flags & AB_HAS_STATIC)) &&
	    !to_raw(v, t->scale, &raw, &decimals))
		return false;
	const char *label = ab_tree_label(t, n);
	uint32_t id;
	if (ab_tree_add(copy, parent, label, label ? strlen(label) : 0,
			leaf ? raw : 0, &id) != AB_BUILD_OK)
		return false;
	if (leaf)
		ab_tree_set_decimals(copy, id, decimals);
	if (node->flags & AB_KIND_MASK)
		ab_tree_set_kind(copy, id, (enum ab_player)((node->flags & AB_KIND_MASK) - 1));
	if (!leaf && (node->flags & AB_HAS_STATIC)) {
		ab_tree_set_static(copy, id, raw);
		ab_tree_set_decimals(copy, id, decimals);
	}
	if (parent != AB_NONE && (t->nodes[from].flags & AB_HAS_PROB)) {
		struct ab_prob p = t->probs[from];
		if (sum.den) {
			/* p / sum, reduced */
			ab_wide num = (ab_wide)p.num * sum.den, den = (ab_wide)p.den * sum.num;
			if (num > INT64_MAX || den > INT64_MAX)
				return false;
			int64_t g = ab_gcd((int64_t)num, (int64_t)den);
			p = (struct ab_prob){ (int64_t)num / g, (int64_t)den / g };
		}
		ab_tree_set_prob(copy, id, p);
	}
	*inner = !leaf;
	*frame = (struct frame){ .old = n, .copy = id };
	return true;
}

/* The bounds hold every leaf and static value of the settled copy. */
static bool within_bounds(const struct ab_tree *t)
{
	if (!t->has_bounds)
		return true;
	for (uint32_t n = 0; n < t->count; n++) {
		const struct ab_node *node = &t->nodes[n];
		if ((!node->nkids || (node->flags & AB_HAS_STATIC)) &&
		    (node->value < t->bound_lo || node->value > t->bound_hi))
			return false;
	}
	return true;
}

struct ab_tree *ab_reshape(const struct ab_tree *tree,
			   const struct ab_reshape *how)
{
	const struct ab_tree *t = tree;
	if (!t->count)
		return NULL;
	struct ab_tree *copy = ab_tree_new();
	struct frame *stack = ab_xreallocarray(NULL, (size_t)t->height + 2, sizeof *stack);
	size_t sp = 0, cap = (size_t)t->height + 2;
	bool ok = true, inner;
	struct frame f;
	ok = add(copy, t, how, 0, AB_NONE, (struct ab_prob){ 0, 0 }, &f, &inner);
	if (ok && inner)
		stack[sp++] = f;
	while (ok && sp) {
		struct frame *top = &stack[sp - 1];
		const struct ab_node *node = &t->nodes[top->old];
		if (top->next == 0 && is_chance(t, top->old)) {
			bool lost = false;
			for (uint32_t i = 0; i < node->nkids; i++)
				lost |= dropped(how, kid_of(t, how, top->old, i));
			top->kept = (struct ab_prob){ 0, 0 };
			if (lost && t->probs && !kept_probability(t, how, top->old, &top->kept))
				ok = false;
		}
		while (top->next < node->nkids &&
		       dropped(how, kid_of(t, how, top->old, top->next)))
			top->next++;
		if (top->next == node->nkids) {
			if (copy->nodes[top->copy].nkids == 0)
				ok = false; /* every child dropped */
			sp--;
			continue;
		}
		uint32_t kid = kid_of(t, how, top->old, top->next++);
		if (!add(copy, t, how, kid, top->copy, top->kept, &f, &inner)) {
			ok = false;
			break;
		}
		if (inner) {
			if (sp == cap) {
				/* A substitute may sit deeper than the node it
				 * replaces, never deeper than the tree. */
				cap *= 2;
				stack = ab_xreallocarray(stack, cap, sizeof *stack);
			}
			stack[sp++] = f;
		}
	}
	free(stack);
	if (!ok) {
		/* Not finished: the builder's open path is freed with it. */
		ab_tree_free(copy);
		return NULL;
	}
	ab_tree_set_players(copy, t->players, t->nplayers);
	if (t->has_bounds)
		ab_tree_set_bounds(copy, t->raw_lo, t->raw_hi);
	ab_tree_finish(copy);
	uint32_t bad;
	enum ab_settle_error why;
	if (!ab_tree_settle(copy, &bad, &why) || !within_bounds(copy)) {
		ab_tree_free(copy);
		return NULL;
	}
	return copy;
}
