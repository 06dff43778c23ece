/* transpose.c - a tree file's transpositions (&NAME) made into visits.
 *
 * A child written &NAME is the position labelled NAME, reached another
 * way: the same subtree.  The parser first reads the file with each
 * reference as a placeholder leaf, then this file lays the tree out again
 * in preorder with every reference replaced by a copy of its subtree (a
 * visit of its own: its own path, depth and window), and records in
 * position[] which node each copied node is a visit of.  So everything
 * that reads a tree reads a tree, and a transposition table keys on
 * ab_position.  Copies carry no labels (each label names one node); they
 * are named by the textbook form from their parent, and their position's
 * name tells what they are.
 *
 * No recursion: references may nest (a copied subtree holds references
 * of its own) to any depth, so both the cycle check and the copying use
 * explicit stacks.
 */
#include "core/transpose.h"

#include <stdlib.h>
#include <string.h>

/* One pending node of the walk: copy src below dst_parent. */
struct pending {
	uint32_t src;
	uint32_t dst_parent;
	bool copy;        /* inside a copied subtree: no label */
};

static bool is_ancestor(const struct ab_tree *t, uint32_t a, uint32_t n)
{
	for (uint32_t m = n; m != AB_NONE; m = t->nodes[m].parent)
		if (m == a)
			return true;
	return false;
}

/* The first reference at or after node d (refs sorted by node). */
static size_t first_ref_from(const struct ab_ref *refs, size_t nrefs, uint32_t d)
{
	size_t lo = 0, hi = nrefs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (refs[mid].node < d)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Finds a cycle among the references: ref r leads to every reference
 * inside its target's subtree, and a target that contains r is a cycle at
 * once.  Depth-first with colours; on a cycle, the reference where it
 * closes goes to *bad. */
static bool find_cycle(const struct ab_tree *t, const struct ab_ref *refs,
		       size_t nrefs, size_t *bad)
{
	/* refs sorted by node (the parser adds them in preorder), so the
	 * references in a subtree [d, end(d)) are one run (first_ref_from). */
	unsigned char *colour = ab_xcalloc(nrefs ? nrefs : 1, 1);
	size_t *stack = ab_xmalloc((nrefs ? nrefs : 1) * sizeof *stack);
	size_t *next = ab_xmalloc((nrefs ? nrefs : 1) * sizeof *next);
	bool found = false;
	for (size_t start = 0; start < nrefs && !found; start++) {
		if (colour[start])
			continue;
		size_t sp = 0;
		stack[sp] = start;
		colour[start] = 1;
		next[sp++] = first_ref_from(refs, nrefs, refs[start].target);
		while (sp && !found) {
			size_t r = stack[sp - 1];
			uint32_t target = refs[r].target;
			uint32_t end = ab_end(t, target);
			size_t i = next[sp - 1];
			if (i < nrefs && refs[i].node < end) {
				next[sp - 1] = i + 1;
				if (colour[i] == 1) {
					*bad = i;
					found = true;
				} else if (!colour[i]) {
					colour[i] = 1;
					stack[sp] = i;
					next[sp++] = first_ref_from(refs, nrefs, refs[i].target);
				}
				continue;
			}
			colour[r] = 2;
			sp--;
		}
	}
	free(colour);
	free(stack);
	free(next);
	return found;
}

static void copy_header(struct ab_tree *to, const struct ab_tree *from)
{
	ab_tree_set_players(to, from->players, from->nplayers);
	if (from->has_bounds)
		ab_tree_set_bounds(to, from->raw_lo, from->raw_hi);
	if (from->title)
		ab_tree_set_title(to, from->title);
	if (from->title_zh)
		ab_tree_set_title_zh(to, from->title_zh);
	if (from->source)
		ab_tree_set_source(to, from->source);
}

struct ab_tree *ab_transpose_expand(const struct ab_tree *t0,
				    const struct ab_ref *refs, size_t nrefs,
				    struct ab_transpose_error *err)
{
	*err = (struct ab_transpose_error){ .kind = AB_TRANSPOSE_OK, .ref = 0 };
	/* Every reference names a labelled node, off its own path, with
	 * the same player to move. */
	for (size_t i = 0; i < nrefs; i++) {
		uint32_t target = refs[i].target;
		err->ref = i;
		if (target == AB_NONE) {
			err->kind = AB_TRANSPOSE_DANGLING;
			return NULL;
		}
		if (is_ancestor(t0, target, refs[i].node)) {
			err->kind = AB_TRANSPOSE_CYCLE;
			return NULL;
		}
		enum ab_player want = ab_player_at(t0, refs[i].node, t0->root_player);
		enum ab_player have = ab_player_at(t0, target, t0->root_player);
		if (want != have && t0->nodes[target].nkids) {
			err->kind = AB_TRANSPOSE_PLAYER;
			err->want = want;
			err->have = have;
			return NULL;
		}
	}
	size_t bad;
	if (find_cycle(t0, refs, nrefs, &bad)) {
		err->kind = AB_TRANSPOSE_CYCLE;
		err->ref = bad;
		return NULL;
	}

	struct ab_tree *t = ab_tree_new();
	copy_header(t, t0);
	/* Which placeholder a node of t0 is (index into refs), or none. */
	uint32_t *ref_of = ab_xmalloc((size_t)t0->count * sizeof *ref_of);
	for (uint32_t n = 0; n < t0->count; n++)
		ref_of[n] = AB_NONE;
	for (size_t i = 0; i < nrefs; i++)
		ref_of[refs[i].node] = (uint32_t)i;
	/* The visit in t standing for each node of t0 (its own, uncopied
	 * place), and which node of t0 each node of t was made from. */
	uint32_t *own = ab_xmalloc((size_t)t0->count * sizeof *own);
	uint32_t *origin = NULL;
	size_t origin_cap = 0;
	struct pending *stack = NULL;
	size_t sp = 0, cap = 0;
#define PUSH(...) do { \
		if (sp == cap) { \
			cap = cap ? cap * 2 : 64; \
			stack = ab_xreallocarray(stack, cap, sizeof *stack); \
		} \
		stack[sp++] = (struct pending){ __VA_ARGS__ }; \
	} while (0)
	PUSH(.src = 0, .dst_parent = AB_NONE, .copy = false);
	bool ok = true;
	while (sp && ok) {
		struct pending item = stack[--sp];
		uint32_t src = item.src;
		bool copy = item.copy;
		if (ref_of[src] != AB_NONE) {
			/* A placeholder: its target's subtree, as a copy. */
			src = refs[ref_of[src]].target;
			copy = true;
		}
		const struct ab_node *sn = &t0->nodes[src];
		const char *label = copy ? NULL : ab_tree_label(t0, src);
		uint32_t dst;
		enum ab_build_status st = ab_tree_add(t, item.dst_parent, label,
						      label ? strlen(label) : 0,
						      sn->value, &dst);
		if (st != AB_BUILD_OK) {
			err->kind = st == AB_BUILD_TOO_DEEP ? AB_TRANSPOSE_TOO_DEEP
							    : AB_TRANSPOSE_TOO_MANY;
			ok = false;
			break;
		}
		if (dst >= origin_cap) {
			origin_cap = origin_cap ? origin_cap * 2 : 64;
			origin = ab_xreallocarray(origin, origin_cap, sizeof *origin);
		}
		origin[dst] = src;
		if (!copy)
			own[src] = dst;
		uint16_t flags = sn->flags;
		if (flags & AB_HAS_STATIC)
			ab_tree_set_static(t, dst, sn->value);
		ab_tree_set_decimals(t, dst, (flags & AB_DECIMALS_MASK) >> AB_DECIMALS_SHIFT);
		/* A copy's nodes keep their players: where the cycle, at the
		 * copy's depth, would give another, the kind is written. */
		enum ab_player player = ab_player_at(t0, src, t0->root_player);
		if (flags & AB_KIND_MASK)
			ab_tree_set_kind(t, dst, (enum ab_player)((flags & AB_KIND_MASK) - 1));
		else if (copy && sn->nkids) {
			uint32_t depth = t->nodes[dst].depth;
			enum ab_player by_cycle = t->players[depth % t->nplayers];
			if (by_cycle != player)
				ab_tree_set_kind(t, dst, player);
		}
		/* A probability belongs to the edge: a placeholder's own. */
		if (t0->nodes[item.src].flags & AB_HAS_PROB)
			ab_tree_set_prob(t, dst, t0->probs[item.src]);
		for (uint32_t i = sn->nkids; i-- > 0;)
			PUSH(.src = ab_kid(t0, src, i), .dst_parent = dst,
			     .copy = copy);
	}
#undef PUSH
	if (ok) {
		ab_tree_finish(t);
		for (uint32_t n = 0; n < t->count; n++) {
			uint32_t canonical = own[origin[n]];
			if (canonical != n)
				ab_tree_set_position(t, n, canonical);
		}
	}
	free(stack);
	free(origin);
	free(own);
	free(ref_of);
	if (!ok) {
		ab_tree_free(t);
		return NULL;
	}
	return t;
}
