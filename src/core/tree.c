/* tree.c - the game tree: building in preorder, names and paths, values,
 * edits and writing back.
 *
 * Nodes are appended in preorder.  A node is laid out (first_kid, its
 * children's entries in kids[], the tree's leaf count, height and
 * uniformity) as soon as the next node shows its subtree is complete, so
 * ab_tree_finish only closes the last open path.  Ranks and subtree ends
 * are filled from kids[] on first use (ab_tree_need_spans).  Labels sit in
 * one NUL-separated pool, found through an open-addressing hash of node
 * indices, their offsets beside the nodes.  Nothing here recurses:
 * a tree may be AB_MAX_DEPTH levels deep, and every walk is either a loop
 * over the preorder array or an explicit stack.
 */
#include "core/tree.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"

/* Every pass over a big tree reads the node array: keep it this small. */
_Static_assert(sizeof(struct ab_node) == 24, "struct ab_node grew");

/* ---- Labels: pool and hash -------------------------------------------- */

static uint32_t hash_bytes(const char *s, size_t n)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

static bool label_equals(const struct ab_tree *t, uint32_t node,
			 const char *s, size_t n)
{
	/* strncmp, not memcmp: a shorter label ends before n bytes, and the
	 * pool may end right after it. */
	const char *l = t->labels + t->label_at[node];
	return strncmp(l, s, n) == 0 && l[n] == '\0';
}

static void index_labels(struct ab_tree *t);

/* The node labelled exactly s (n bytes), or AB_NONE. */
static uint32_t label_lookup(const struct ab_tree *t, const char *s, size_t n)
{
	if (t->nindexed < t->nlabels)
		index_labels((struct ab_tree *)t); /* a cache: t stays const */
	if (!t->label_slots_len)
		return AB_NONE;
	uint32_t mask = t->label_slots_len - 1;
	for (uint32_t i = hash_bytes(s, n) & mask;; i = (i + 1) & mask) {
		uint32_t node = t->label_slots[i];
		if (node == AB_NONE)
			return AB_NONE;
		if (label_equals(t, node, s, n))
			return node;
	}
}

static void slot_insert(uint32_t *slots, uint32_t len, uint32_t h,
			uint32_t node)
{
	uint32_t mask = len - 1;
	uint32_t i = h & mask;
	while (slots[i] != AB_NONE)
		i = (i + 1) & mask;
	slots[i] = node;
}

/* Keeps the hash at most half full, doubling it when needed. */
static void grow_slots(struct ab_tree *t)
{
	if ((uint64_t)(t->nlabels + 1) * 2 <= t->label_slots_len)
		return;
	uint32_t len = t->label_slots_len ? t->label_slots_len * 2 : 16;
	uint32_t *slots = ab_xreallocarray(NULL, len, sizeof *slots);
	for (uint32_t i = 0; i < len; i++)
		slots[i] = AB_NONE;
	for (uint32_t i = 0; i < t->label_slots_len; i++) {
		uint32_t node = t->label_slots[i];
		if (node == AB_NONE)
			continue;
		const char *l = t->labels + t->label_at[node];
		slot_insert(slots, len, hash_bytes(l, strlen(l)), node);
	}
	free(t->label_slots);
	t->label_slots = slots;
	t->label_slots_len = len;
}

/* The hash of every label, afresh: labels added by ab_tree_add_new_label
 * are not in it yet. */
static void index_labels(struct ab_tree *t)
{
	uint32_t len = 16;
	while ((uint64_t)len < (uint64_t)(t->nlabels + 1) * 2)
		len *= 2;
	uint32_t *slots = ab_xreallocarray(NULL, len, sizeof *slots);
	for (uint32_t i = 0; i < len; i++)
		slots[i] = AB_NONE;
	for (uint32_t node = 0; node < t->count; node++) {
		if (t->label_at[node] == AB_NONE)
			continue;
		const char *l = t->labels + t->label_at[node];
		slot_insert(slots, len, hash_bytes(l, strlen(l)), node);
	}
	free(t->label_slots);
	t->label_slots = slots;
	t->label_slots_len = len;
	t->nindexed = t->nlabels;
}

static uint32_t pool_add(struct ab_tree *t, const char *s, size_t n)
{
	size_t need = t->labels_len + n + 1;
	if (need > UINT32_MAX)
		ab_oom();
	if (need > t->labels_cap) {
		size_t cap = t->labels_cap ? t->labels_cap : 256;
		while (cap < need)
			cap *= 2;
		t->labels = ab_xrealloc(t->labels, cap);
		t->labels_cap = cap;
	}
	uint32_t off = (uint32_t)t->labels_len;
	memcpy(t->labels + off, s, n);
	t->labels[off + n] = '\0';
	t->labels_len = need;
	return off;
}

/* ---- Building ---------------------------------------------------------- */

static void finish_players(struct ab_tree *t);
static void update_alternating(struct ab_tree *t);

/* The probabilities and the labels grow with the nodes, once there are
 * any; a node added later has none until it is given one. */
static void grow_probs(struct ab_tree *t, uint32_t cap)
{
	if (t->probs) {
		t->probs = ab_xreallocarray(t->probs, cap, sizeof *t->probs);
		memset(t->probs + t->count, 0,
		       (size_t)(cap - t->count) * sizeof *t->probs);
	}
	/* Label offsets are written as nodes are added (a reserved block's
	 * pages stay untouched). */
	if (t->label_at)
		t->label_at = ab_xreallocarray(t->label_at, cap, sizeof *t->label_at);
}

/* The label offsets, the first time a node has a label: the nodes so far
 * have none. */
static void start_labels(struct ab_tree *t)
{
	t->label_at = ab_xreallocarray(NULL, t->cap, sizeof *t->label_at);
	for (uint32_t n = 0; n < t->count; n++)
		t->label_at[n] = AB_NONE;
}

/* Grows a building stack to hold at least one more entry. */
static void grow_stack(uint32_t **stack, uint32_t used, uint32_t *cap)
{
	if (used < *cap)
		return;
	*cap = *cap ? *cap * 2 : 64;
	*stack = ab_xreallocarray(*stack, *cap, sizeof **stack);
}

/* The positions, once some node has one, to cap entries: a node not
 * yet given one is its own. */
static void grow_positions(struct ab_tree *t, uint32_t cap)
{
	if (!t->position)
		return;
	t->position = ab_xreallocarray(t->position, cap ? cap : 1, sizeof *t->position);
	for (uint32_t n = t->cap; n < cap; n++)
		t->position[n] = n;
}

/* The node array and kids[] (one entry per node) to cap entries. */
static void resize_nodes(struct ab_tree *t, uint32_t cap)
{
	t->nodes = ab_xreallocarray(t->nodes, cap, sizeof *t->nodes);
	t->kids = ab_xreallocarray(t->kids, cap, sizeof *t->kids);
	grow_probs(t, cap);
	grow_positions(t, cap);
	t->cap = cap;
}

void ab_tree_grow(struct ab_tree *t)
{
	grow_stack(&t->open, t->nopen, &t->open_cap);
	grow_stack(&t->pending, t->npending, &t->pending_cap);
	if (t->count < t->cap)
		return;
	uint32_t cap = t->cap ? t->cap * 2 : 64;
	if (cap > AB_MAX_NODES)
		cap = AB_MAX_NODES;
	resize_nodes(t, cap);
}

/* Node c's subtree is complete: its children's place in kids[]
 * (they are the last entries of pending), and the tree's counts. */
static void close_node(struct ab_tree *t, uint32_t c)
{
	struct ab_node *node = &t->nodes[c];
	uint32_t k = node->nkids;
	if (!k) {
		t->leaves++;
		if (node->depth > t->height)
			t->height = node->depth;
		if (node->depth < t->leaf_depth_min)
			t->leaf_depth_min = node->depth;
		return;
	}
	assert(t->npending >= k);
	node->first_kid = t->kids_used;
	/* A loop, not memcpy: most nodes have a few children. */
	uint32_t *to = t->kids + t->kids_used;
	const uint32_t *from = t->pending + t->npending - k;
	for (uint32_t i = 0; i < k; i++)
		to[i] = from[i];
	t->npending -= k;
	t->kids_used += k;
	if (k < t->kids_min)
		t->kids_min = k;
	if (k > t->kids_max)
		t->kids_max = k;
}

void ab_tree_need_spans(const struct ab_tree *tree)
{
	/* Only the cache is written, so a const tree may be asked. */
	struct ab_tree *t = (struct ab_tree *)tree;
	if (t->spans || !t->count)
		return;
	assert(!t->open); /* finished: every kids[] entry in place */
	struct ab_span *span = ab_xreallocarray(NULL, t->count, sizeof *span);
	span[0].rank = 0;
	/* Reverse preorder: a node's children (and their subtrees) come
	 * after it, so their ends are known when it is reached. */
	for (uint32_t n = t->count; n-- > 0;) {
		const struct ab_node *node = &t->nodes[n];
		uint32_t end = n + 1;
		for (uint32_t i = 0; i < node->nkids; i++) {
			uint32_t kid = t->kids[node->first_kid + i];
			span[kid].rank = i;
			if (span[kid].end > end)
				end = span[kid].end;
		}
		span[n].end = end;
	}
	t->spans = span;
}

uint32_t ab_tree_rank_by_looking(const struct ab_tree *tree, uint32_t n)
{
	/* Only the cache and its budget are written. */
	struct ab_tree *t = (struct ab_tree *)tree;
	uint32_t parent = t->nodes[n].parent;
	if (parent == AB_NONE)
		return 0;
	const struct ab_node *p = &t->nodes[parent];
	/* Looking costs up to the number of siblings; looks that add up to a
	 * pass over the tree buy one pass that fills every rank instead, so
	 * naming many nodes costs at most twice the pass. */
	if (t->rank_looks + p->nkids > (uint64_t)t->count + 64) {
		ab_tree_need_spans(t);
		return t->spans[n].rank;
	}
	const uint32_t *kid = t->kids + p->first_kid;
	uint32_t i = 0;
	while (kid[i] != n)
		i++;
	t->rank_looks += i + 1;
	return i;
}

void ab_tree_close_to(struct ab_tree *t, uint32_t parent)
{
	while (t->nopen && t->open[t->nopen - 1] != parent)
		close_node(t, t->open[--t->nopen]);
	/* Preorder: a new node's parent is on the open path. */
	assert(parent == AB_NONE || t->nopen);
}

struct ab_tree *ab_tree_new(void)
{
	struct ab_tree *t = ab_xcalloc(1, sizeof *t);
	t->root_player = AB_MAX;
	t->players[0] = AB_MAX;
	t->players[1] = AB_MIN;
	t->nplayers = 2;
	t->alternating = true;
	t->scale = 1;
	t->prob_scale = 1;
	t->star1_exact = true;
	t->leaf_depth_min = UINT32_MAX;
	t->kids_min = UINT32_MAX;
	return t;
}

void ab_tree_free(struct ab_tree *tree)
{
	if (!tree)
		return;
	free(tree->nodes);
	free(tree->spans);
	free(tree->kids);
	free(tree->labels);
	free(tree->label_at);
	free(tree->label_slots);
	free(tree->probs);
	free(tree->position);
	free(tree->open);
	free(tree->pending);
	free(tree->title);
	free(tree->title_zh);
	free(tree->source);
	free(tree);
}

void ab_tree_reserve(struct ab_tree *tree, uint32_t n)
{
	if (n > AB_MAX_NODES)
		n = AB_MAX_NODES;
	if (n <= tree->cap)
		return;
	resize_nodes(tree, n);
}

static enum ab_build_status add(struct ab_tree *tree, uint32_t parent,
				const char *label, size_t labellen,
				ab_value value, uint32_t *out, bool new_label)
{
	struct ab_tree *t = tree;
	assert(parent == AB_NONE ? t->count == 0 : parent < t->count);
	assert(parent == AB_NONE || t->nopen); /* not after ab_tree_finish */
	if (t->count >= AB_MAX_NODES)
		return AB_BUILD_TOO_MANY_NODES;
	if (parent != AB_NONE && t->nodes[parent].depth >= AB_MAX_DEPTH)
		return AB_BUILD_TOO_DEEP;
	if (!label)
		labellen = 0;
	if (labellen) {
		if (parent != AB_NONE && labellen == 4 &&
		    memcmp(label, "root", 4) == 0)
			return AB_BUILD_RESERVED_LABEL;
		if (!new_label && label_lookup(t, label, labellen) != AB_NONE)
			return AB_BUILD_DUPLICATE_LABEL;
	}
	uint32_t n;
	if (parent == AB_NONE) {
		ab_tree_grow(t);
		n = t->count++;
		t->nodes[n] = (struct ab_node){ .parent = AB_NONE, .value = value };
		t->open[t->nopen++] = n; /* nobody's child: not pending */
	} else {
		n = ab_tree_add_plain(t, parent, value);
	}
	if (labellen) {
		if (!t->label_at)
			start_labels(t);
		t->label_at[n] = pool_add(t, label, labellen);
		if (!new_label && t->nindexed == t->nlabels) {
			grow_slots(t);
			slot_insert(t->label_slots, t->label_slots_len,
				    hash_bytes(label, labellen), n);
			t->nindexed++;
		}
		t->nlabels++;
	}
	if (out)
		*out = n;
	return AB_BUILD_OK;
}

enum ab_build_status ab_tree_add(struct ab_tree *tree, uint32_t parent,
				 const char *label, size_t labellen,
				 ab_value value, uint32_t *out)
{
	return add(tree, parent, label, labellen, value, out, false);
}

enum ab_build_status ab_tree_add_new_label(struct ab_tree *tree, uint32_t parent,
					   const char *label, size_t labellen,
					   ab_value value, uint32_t *out)
{
	return add(tree, parent, label, labellen, value, out, true);
}

void ab_tree_finish(struct ab_tree *tree)
{
	struct ab_tree *t = tree;
	t->uniform = false;
	if (!t->count)
		return;
	/* The open path is complete now; the nodes were laid out as they
	 * were added. */
	ab_tree_close_to(t, AB_NONE);
	assert(t->kids_used == t->count - 1 && t->npending == 0);
	free(t->open);
	free(t->pending);
	t->open = t->pending = NULL;
	t->nopen = t->open_cap = t->npending = t->pending_cap = 0;
	if (t->cap > t->count)
		resize_nodes(t, t->count);
	/* count - 1 nodes are somebody's child; the last slot is spare and
	 * must not be left uninitialised for whoever copies the array. */
	t->kids[t->count - 1] = AB_NONE;
	/* Uniform: one branching over the inner nodes (none: a lone leaf),
	 * and every leaf as deep as the deepest. */
	t->uniform = t->leaf_depth_min == t->height &&
		     (t->kids_max == 0 || t->kids_min == t->kids_max);
	t->branching = t->uniform ? t->kids_max : 0;
	t->uniform_depth = t->uniform ? t->height : 0;
	finish_players(t);
}

/* The root's player and the chance nodes, once the kinds are known; a
 * chance node's children without a written probability are equally
 * likely. */
static void finish_players(struct ab_tree *t)
{
	uint32_t own = t->nodes[0].flags & AB_KIND_MASK;
	t->root_player = own ? (enum ab_player)(own - 1) : t->players[0];
	t->cycle_root = t->root_player;
	t->nchance = 0;
	bool cycle_has_chance = false;
	for (uint32_t i = 0; i < t->nplayers; i++)
		cycle_has_chance |= t->players[i] == AB_CHANCE;
	update_alternating(t);
	if (!cycle_has_chance && !t->nkinds)
		return;
	for (uint32_t n = 0; n < t->count; n++) {
		if (!t->nodes[n].nkids ||
		    ab_player_at(t, n, t->root_player) != AB_CHANCE)
			continue;
		t->nchance++;
		if (!t->probs)
			t->probs = ab_xcalloc(t->count, sizeof *t->probs);
		for (uint32_t i = 0; i < t->nodes[n].nkids; i++) {
			uint32_t kid = ab_kid(t, n, i);
			if (!(t->nodes[kid].flags & AB_HAS_PROB))
				t->probs[kid] = (struct ab_prob){
					1, t->nodes[n].nkids };
		}
	}
}

void ab_tree_set_players(struct ab_tree *tree, const enum ab_player *players,
			 uint32_t count)
{
	if (count < 1 || count > AB_MAX_PLAYERS)
		return;
	memcpy(tree->players, players, count * sizeof *players);
	tree->nplayers = count;
	update_alternating(tree);
	if (!tree->count || !(tree->nodes[0].flags & AB_KIND_MASK))
		tree->root_player = tree->cycle_root = players[0];
}

bool ab_tree_alternates(const struct ab_tree *tree)
{
	return tree->alternating;
}

static void update_alternating(struct ab_tree *t)
{
	t->alternating = !t->nkinds && t->nplayers == 2 && t->players[0] != AB_CHANCE &&
			 t->players[1] == (t->players[0] ^ 1u);
}

void ab_tree_set_kind(struct ab_tree *tree, uint32_t n, enum ab_player kind)
{
	if (!(tree->nodes[n].flags & AB_KIND_MASK))
		tree->nkinds++;
	tree->nodes[n].flags = (tree->nodes[n].flags & ~AB_KIND_MASK) |
			       ((uint32_t)kind + 1);
	update_alternating(tree);
}

void ab_tree_set_static(struct ab_tree *tree, uint32_t n, ab_value value)
{
	tree->nodes[n].flags |= AB_HAS_STATIC;
	tree->nodes[n].value = value;
	tree->nstatic++;
}

void ab_tree_set_prob(struct ab_tree *tree, uint32_t n, struct ab_prob prob)
{
	if (!tree->probs) {
		uint32_t cap = tree->cap > tree->count ? tree->cap : tree->count;
		tree->probs = ab_xcalloc(cap ? cap : 1, sizeof *tree->probs);
	}
	tree->probs[n] = prob;
	tree->nodes[n].flags |= AB_HAS_PROB;
}

void ab_tree_start_positions(struct ab_tree *tree)
{
	struct ab_tree *t = tree;
	uint32_t cap = t->cap > t->count ? t->cap : t->count;
	t->position = ab_xmalloc((size_t)(cap ? cap : 1) * sizeof *t->position);
	for (uint32_t i = 0; i < cap; i++)
		t->position[i] = i;
}

void ab_tree_set_decimals(struct ab_tree *tree, uint32_t n, unsigned decimals)
{
	tree->nodes[n].flags = (tree->nodes[n].flags & ~AB_DECIMALS_MASK) |
			       ((uint32_t)decimals << AB_DECIMALS_SHIFT);
	if (decimals > tree->decimals)
		tree->decimals = decimals;
}

void ab_tree_set_bounds(struct ab_tree *tree, struct ab_exact lo,
			struct ab_exact hi)
{
	tree->has_bounds = true;
	tree->raw_lo = lo;
	tree->raw_hi = hi;
	unsigned d = ab_exact_decimals(lo);
	if (ab_exact_decimals(hi) > d)
		d = ab_exact_decimals(hi);
	if (d > tree->decimals)
		tree->decimals = d;
}

static bool mul_within(int64_t *acc, int64_t by, uint32_t times)
{
	for (uint32_t i = 0; i < times; i++) {
		ab_wide v = (ab_wide)*acc * by;
		if (v > AB_VALUE_LIMIT)
			return false;
		*acc = (int64_t)v;
	}
	return true;
}


/* Whether every value and the bounds, raw, fit in units of 1/scale;
 * *bad gets the value that does not (AB_NONE: the bounds). */
static bool values_fit(const struct ab_tree *t, int64_t scale, uint32_t *bad)
{
	ab_value lo, hi;
	if (t->has_bounds && (!ab_exact_to_value(t->raw_lo, scale, &lo) ||
			      !ab_exact_to_value(t->raw_hi, scale, &hi))) {
		*bad = AB_NONE;
		return false;
	}
	for (uint32_t n = 0; n < t->count; n++) {
		const struct ab_node *node = &t->nodes[n];
		unsigned d = (node->flags & AB_DECIMALS_MASK) >> AB_DECIMALS_SHIFT;
		if ((node->nkids && !(node->flags & AB_HAS_STATIC)) ||
		    node->value == AB_POS_INF || node->value == AB_NEG_INF)
			continue;
		ab_wide v = (ab_wide)node->value * (scale / ab_pow10(d));
		if (v > AB_VALUE_LIMIT || v < -AB_VALUE_LIMIT) {
			*bad = n;
			return false;
		}
	}
	return true;
}

bool ab_tree_settle(struct ab_tree *tree, uint32_t *bad,
		    enum ab_settle_error *why)
{
	struct ab_tree *t = tree;
	*bad = AB_NONE;
	*why = AB_SETTLE_SCALE_RANGE;
	if (!t->decimals && !t->nchance && !t->has_bounds) {
		/* Whole numbers (a game's, a big generated tree's): the unit
		 * is 1 and nothing is converted; only the range is checked. */
		*why = AB_SETTLE_VALUE_RANGE;
		for (uint32_t n = 0; n < t->count; n++) {
			ab_value v = t->nodes[n].value;
			if ((v > AB_VALUE_LIMIT || v < -AB_VALUE_LIMIT) &&
			    v != AB_POS_INF && v != AB_NEG_INF) {
				*bad = n;
				return false;
			}
		}
		t->scale = 1;
		t->star1_exact = true;
		return true;
	}
	int64_t scale = ab_pow10(t->decimals);
	t->star1_exact = true;
	if (t->nchance) {
		/* Probabilities in units of 1/B, the lcm of their denominators.
		 * An expectation at a chance node c divides by the denominators
		 * of its children's probabilities (their lcm B_c), and a Star1
		 * window multiplies by 1/p_i, dividing by the numerators (lcm
		 * A_c).  So the values need lcm over paths of the product of B_c
		 * on the path, the windows as much again times the product of
		 * A_c: 10^k × that makes every one a whole number of units.
		 * (The search rounds a window outwards, never inwards, should
		 * one not be.)  When the windows' unit is out of range but the
		 * expectations' is not, the tree takes the coarser one: every
		 * value is still exact, and only Star1 is refused on it
		 * (star1_exact). */
		int64_t b = 1;
		for (uint32_t n = 1; n < t->count; n++) {
			if (!t->probs[n].den)
				continue;
			if (!ab_lcm_within(b, t->probs[n].den, AB_VALUE_LIMIT, &b)) {
				*bad = t->nodes[n].parent;
				return false;
			}
		}
		t->prob_scale = b;
		int64_t *den_path = ab_xcalloc(t->count, sizeof *den_path);
		int64_t *num_path = ab_xcalloc(t->count, sizeof *num_path);
		int64_t dens = 1, nums = 1;
		bool ok = true, nums_ok = true;
		for (uint32_t n = 0; ok && n < t->count; n++) {
			const struct ab_node *node = &t->nodes[n];
			int64_t d = n ? den_path[node->parent] : 1;
			int64_t u = n ? num_path[node->parent] : 1;
			if (node->nkids && ab_player_at(t, n, t->root_player) == AB_CHANCE) {
				int64_t bc = 1, ac = 1;
				for (uint32_t i = 0; ok && i < node->nkids; i++) {
					uint32_t kid = ab_kid(t, n, i);
					ok = ab_lcm_within(bc, t->probs[kid].den, AB_VALUE_LIMIT, &bc);
					if (nums_ok && !ab_lcm_within(ac, t->probs[kid].num, AB_VALUE_LIMIT, &ac))
						nums_ok = false;
				}
				ok = ok && mul_within(&d, bc, 1);
				if (nums_ok && !mul_within(&u, ac, 1))
					nums_ok = false;
			}
			den_path[n] = d;
			num_path[n] = u;
			ok = ok && ab_lcm_within(dens, d, AB_VALUE_LIMIT, &dens);
			if (nums_ok && !ab_lcm_within(nums, u, AB_VALUE_LIMIT, &nums))
				nums_ok = false;
			if (!ok)
				*bad = n;
		}
		free(den_path);
		free(num_path);
		if (!ok || !mul_within(&scale, dens, 1)) {
			if (*bad == AB_NONE)
				*bad = 0;
			return false;
		}
		int64_t fine = scale;
		uint32_t ignored;
		if (nums_ok && mul_within(&fine, nums, 1) && values_fit(t, fine, &ignored))
			scale = fine;
		else
			t->star1_exact = false;
	}
	*why = AB_SETTLE_VALUE_RANGE;
	if (!values_fit(t, scale, bad))
		return false;
	if (t->has_bounds) {
		ab_exact_to_value(t->raw_lo, scale, &t->bound_lo);
		ab_exact_to_value(t->raw_hi, scale, &t->bound_hi);
	}
	for (uint32_t n = 0; n < t->count; n++) {
		struct ab_node *node = &t->nodes[n];
		unsigned d = (node->flags & AB_DECIMALS_MASK) >> AB_DECIMALS_SHIFT;
		node->flags &= ~AB_DECIMALS_MASK;
		if ((node->nkids && !(node->flags & AB_HAS_STATIC)) ||
		    node->value == AB_POS_INF || node->value == AB_NEG_INF)
			continue; /* a won or lost position: no unit to scale */
		node->value = (ab_value)((ab_wide)node->value * (scale / ab_pow10(d)));
	}
	t->scale = scale;
	t->decimals = 0;
	return true;
}

static void set_text(char **field, const char *text)
{
	free(*field);
	*field = text ? ab_xstrdup(text) : NULL;
}

void ab_tree_set_title(struct ab_tree *tree, const char *title)
{
	set_text(&tree->title, title);
}

void ab_tree_set_title_zh(struct ab_tree *tree, const char *title)
{
	set_text(&tree->title_zh, title);
}

const char *ab_tree_title(const struct ab_tree *tree)
{
	if (tree->title_zh && (!tree->title || strncmp(ab_i18n_language(), "zh", 2) == 0))
		return tree->title_zh;
	return tree->title;
}

void ab_tree_set_source(struct ab_tree *tree, const char *source)
{
	set_text(&tree->source, source);
}

/* ---- Names and paths ---------------------------------------------------- */

const char *ab_tree_label(const struct ab_tree *tree, uint32_t n)
{
	uint32_t off = tree->label_at ? tree->label_at[n] : AB_NONE;
	return off == AB_NONE ? NULL : tree->labels + off;
}

static size_t digits_of(uint32_t v)
{
	size_t d = 1;
	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

/* Appends the dotted 1-based ranks leading from ancestor anc down to n
 * (n != anc), in O(depth) without scanning any siblings: the length is
 * measured on a first walk up, then the digits are written backwards. */
static void add_rel_path(const struct ab_tree *t, uint32_t anc, uint32_t n,
			 struct ab_str *out)
{
	size_t need = 0;
	for (uint32_t m = n; m != anc; m = t->nodes[m].parent)
		need += digits_of(ab_rank(t, m) + 1) + 1;
	if (!need)
		return;
	need--; /* no dot before the first component */
	static const char blanks[64] = { 0 };
	size_t start = out->len;
	for (size_t left = need; left;) {
		size_t k = left < sizeof blanks ? left : sizeof blanks;
		ab_str_addn(out, blanks, k);
		left -= k;
	}
	char *p = out->s + start + need;
	for (uint32_t m = n; m != anc; m = t->nodes[m].parent) {
		uint32_t v = ab_rank(t, m) + 1;
		do {
			*--p = (char)('0' + v % 10);
			v /= 10;
		} while (v);
		if (p > out->s + start)
			*--p = '.';
	}
}

void ab_tree_path(const struct ab_tree *tree, uint32_t n, struct ab_str *out)
{
	ab_str_add(out, ""); /* so out->s exists even for the root */
	if (tree->nodes[n].parent != AB_NONE)
		add_rel_path(tree, 0, n, out);
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Appends "@N", the short name of node n. */
static void short_name(uint32_t n, struct ab_str *out)
{
	ab_str_addf(out, "@%" PRIu32, n);
}

void ab_tree_name(const struct ab_tree *tree, uint32_t n, struct ab_str *out)
{
	const struct ab_tree *t = tree;
	const char *label = ab_tree_label(t, n);
	if (label) {
		ab_str_add(out, label);
		return;
	}
	if (t->nodes[n].parent == AB_NONE) {
		ab_str_add(out, "root");
		return;
	}
	/* The nearest labelled ancestor, looked for only as far up as a
	 * name of AB_MAX_NAME bytes could reach: k components of a path are
	 * at least 2k - 1 bytes.  Further up, the name is the short one,
	 * and a deep node costs no walk to the root. */
	enum { REACH = AB_MAX_NAME / 2 + 1 };
	uint32_t anc = t->nodes[n].parent;
	unsigned up = 1;
	while (anc != AB_NONE && !ab_tree_label(t, anc) && up <= REACH) {
		anc = t->nodes[anc].parent;
		up++;
	}
	if (up > REACH) {
		short_name(n, out);
		return;
	}
	size_t start = out->len;
	if (anc == AB_NONE) {
		ab_tree_path(t, n, out);
	} else {
		const char *alabel = ab_tree_label(t, anc);
		ab_str_add(out, alabel);
		if (is_digit(alabel[strlen(alabel) - 1]))
			ab_str_addc(out, '.');
		add_rel_path(t, anc, n, out);
		/* The textbook name must lead back here: another node's
		 * label, or a longer label that is a prefix of it, would make
		 * it mean something else, and then the plain path is the
		 * honest name. */
		if (ab_tree_find(t, out->s + start) != n) {
			ab_str_truncate(out, start);
			if ((size_t)t->nodes[n].depth < REACH)
				ab_tree_path(t, n, out);
		}
	}
	if (out->len == start || out->len - start > AB_MAX_NAME) {
		ab_str_truncate(out, start);
		short_name(n, out);
	}
}

/* Follows a dotted path of 1-based ranks (n bytes, at least one component,
 * no leading zeros) down from node from; AB_NONE when it leads nowhere. */
static uint32_t follow_path(const struct ab_tree *t, uint32_t from,
			    const char *s, size_t n)
{
	if (!t->kids || !n)
		return AB_NONE;
	uint32_t m = from;
	size_t i = 0;
	for (;;) {
		if (i >= n || !is_digit(s[i]) || s[i] == '0')
			return AB_NONE;
		uint64_t k = 0;
		while (i < n && is_digit(s[i])) {
			k = k * 10 + (uint64_t)(s[i++] - '0');
			if (k > UINT32_MAX)
				return AB_NONE;
		}
		if (k > t->nodes[m].nkids)
			return AB_NONE;
		m = ab_kid(t, m, (uint32_t)(k - 1));
		if (i == n)
			return m;
		if (s[i++] != '.')
			return AB_NONE;
	}
}

uint32_t ab_tree_find(const struct ab_tree *tree, const char *name)
{
	const struct ab_tree *t = tree;
	if (!name || !*name || !t->count)
		return AB_NONE;
	size_t len = strlen(name);
	if (len <= AB_MAX_LABEL) {
		uint32_t n = label_lookup(t, name, len);
		if (n != AB_NONE)
			return n;
	}
	if (strcmp(name, "root") == 0)
		return 0;
	if (name[0] == '@' && len > 1 && strspn(name + 1, "0123456789") == len - 1 &&
	    (name[1] != '0' || len == 2) && len <= 11) {
		uint64_t k = strtoull(name + 1, NULL, 10);
		return k < t->count ? (uint32_t)k : AB_NONE;
	}
	if (strspn(name, "0123456789.") == len)
		return follow_path(t, 0, name, len);
	/* The textbook form: the longest label that starts the name and is
	 * followed by a relative path (after a dot when it ends in a digit).
	 * Only the longest: with labels C and C2, "C2.1" means a child of
	 * C2 or nothing, never C's 2.1 (ab_tree_name then writes a path). */
	size_t k = len - 1 < AB_MAX_LABEL ? len - 1 : AB_MAX_LABEL;
	for (; k > 0; k--) {
		const char *rest = name + k;
		if (is_digit(name[k - 1])) {
			if (rest[0] != '.')
				continue;
			rest++;
		}
		if (!is_digit(rest[0]))
			continue;
		uint32_t anc = label_lookup(t, name, k);
		if (anc == AB_NONE)
			continue;
		return follow_path(t, anc, rest, len - (size_t)(rest - name));
	}
	return AB_NONE;
}

/* ---- Questions about the whole tree ---------------------------------- */

bool ab_tree_uniform(const struct ab_tree *tree, uint32_t *branching,
		     uint32_t *depth)
{
	if (!tree->uniform)
		return false;
	if (branching)
		*branching = tree->branching;
	if (depth)
		*depth = tree->uniform_depth;
	return true;
}

ab_value ab_tree_expectation(const struct ab_tree *tree, uint32_t n,
			     const ab_value *values)
{
	const struct ab_tree *t = tree;
	ab_wide sum = 0;
	for (uint32_t i = 0; i < t->nodes[n].nkids; i++) {
		uint32_t kid = ab_kid(t, n, i);
		if (values[kid] == AB_POS_INF || values[kid] == AB_NEG_INF)
			return values[kid];
		sum += (ab_wide)ab_prob_weight(t, kid) * values[kid];
	}
	/* The scale makes this exact; the floor is only a guard. */
	ab_wide q = sum / t->prob_scale;
	if (sum % t->prob_scale && sum < 0)
		q--;
	return (ab_value)q;
}

void ab_tree_minimax_values(const struct ab_tree *tree, enum ab_player root,
			    ab_value *values)
{
	const struct ab_tree *t = tree;
	/* Reverse preorder: every child has a larger index than its parent. */
	for (uint32_t n = t->count; n-- > 0;) {
		const struct ab_node *node = &t->nodes[n];
		if (!node->nkids) {
			values[n] = node->value;
			continue;
		}
		const uint32_t *kid = t->kids + node->first_kid;
		enum ab_player player = ab_player_at(t, n, root);
		if (player == AB_CHANCE) {
			values[n] = ab_tree_expectation(t, n, values);
			continue;
		}
		ab_value best = values[kid[0]];
		bool max = player == AB_MAX;
		for (uint32_t i = 1; i < node->nkids; i++) {
			ab_value v = values[kid[i]];
			if (max ? v > best : v < best)
				best = v;
		}
		values[n] = best;
	}
}

/* ---- Edits ------------------------------------------------------------- */

enum ab_value_check ab_tree_check_value(const struct ab_tree *tree, uint32_t n,
					ab_value value)
{
	if (n >= tree->count || tree->nodes[n].nkids)
		return AB_VALUE_NOT_LEAF;
	if (value == AB_POS_INF || value == AB_NEG_INF) {
		/* As a file may write them: not with bounds, not with chance. */
		if (tree->has_bounds)
			return AB_VALUE_OUT_OF_BOUNDS;
		return tree->nchance ? AB_VALUE_INFINITE_CHANCE : AB_VALUE_OK;
	}
	/* What a file could write: at most AB_VALUE_DIGITS whole digits. */
	ab_wide limit = (ab_wide)AB_VALUE_MAX * tree->scale;
	if (limit > AB_VALUE_LIMIT)
		limit = AB_VALUE_LIMIT;
	if (value > limit || value < -limit)
		return AB_VALUE_TOO_LARGE;
	if (tree->has_bounds && (value < tree->bound_lo || value > tree->bound_hi))
		return AB_VALUE_OUT_OF_BOUNDS;
	return AB_VALUE_OK;
}

bool ab_tree_set_value(struct ab_tree *tree, uint32_t n, ab_value value)
{
	if (ab_tree_check_value(tree, n, value) != AB_VALUE_OK)
		return false;
	/* A position has one value: every visit of it changes. */
	uint32_t pos = ab_position(tree, n);
	if (tree->position) {
		for (uint32_t m = 0; m < tree->count; m++)
			if (tree->position[m] == pos)
				tree->nodes[m].value = value;
	}
	tree->nodes[n].value = value;
	tree->nodes[pos].value = value;
	return true;
}

static void swap_at(struct ab_tree *tree, uint32_t n, uint32_t i, uint32_t j)
{
	uint32_t *kid = tree->kids + tree->nodes[n].first_kid;
	uint32_t a = kid[i];
	kid[i] = kid[j];
	kid[j] = a;
	if (tree->spans) {
		tree->spans[kid[i]].rank = i;
		tree->spans[kid[j]].rank = j;
	}
}

bool ab_tree_swap_kids(struct ab_tree *tree, uint32_t n, uint32_t i,
		       uint32_t j)
{
	if (n >= tree->count || !tree->kids)
		return false;
	const struct ab_node *node = &tree->nodes[n];
	if (i >= node->nkids || j >= node->nkids)
		return false;
	if (!tree->position) {
		swap_at(tree, n, i, j);
		return true;
	}
	/* A position has one order of moves: every visit of it changes, as
	 * the file (which writes a visit as &NAME) would read it back. */
	uint32_t pos = ab_position(tree, n);
	for (uint32_t m = 0; m < tree->count; m++)
		if (tree->position[m] == pos && i < tree->nodes[m].nkids &&
		    j < tree->nodes[m].nkids)
			swap_at(tree, m, i, j);
	return true;
}

static void *dup_mem(const void *p, size_t count, size_t size)
{
	if (!p)
		return NULL;
	void *q = ab_xreallocarray(NULL, count, size);
	if (count)
		memcpy(q, p, count * size);
	return q;
}

struct ab_tree *ab_tree_clone(const struct ab_tree *tree)
{
	const struct ab_tree *t = tree;
	struct ab_tree *c = ab_xmalloc(sizeof *c);
	*c = *t;
	c->nodes = dup_mem(t->nodes, t->count, sizeof *t->nodes);
	c->spans = dup_mem(t->spans, t->spans ? t->count : 0, sizeof *t->spans);
	c->cap = t->nodes ? t->count : 0;
	c->open = c->pending = NULL; /* a finished tree has no open path */
	c->nopen = c->open_cap = c->npending = c->pending_cap = 0;
	c->kids = dup_mem(t->kids, t->count, sizeof *t->kids);
	c->labels = dup_mem(t->labels, t->labels_len, 1);
	c->label_at = dup_mem(t->label_at, t->label_at ? t->count : 0,
			      sizeof *t->label_at);
	c->labels_cap = t->labels ? t->labels_len : 0;
	c->label_slots = dup_mem(t->label_slots, t->label_slots_len,
				 sizeof *t->label_slots);
	c->probs = dup_mem(t->probs, t->probs ? t->count : 0, sizeof *t->probs);
	c->position = dup_mem(t->position, t->position ? t->count : 0,
			      sizeof *t->position);
	c->title = t->title ? ab_xstrdup(t->title) : NULL;
	c->title_zh = t->title_zh ? ab_xstrdup(t->title_zh) : NULL;
	c->source = t->source ? ab_xstrdup(t->source) : NULL;
	return c;
}

/* ---- Writing back ------------------------------------------------------ */

/* A header value on one line: control characters become spaces, except
 * the tab, which a header may hold and which must read back the same. */
static void add_header(struct ab_str *out, const char *key, const char *text)
{
	ab_str_add(out, key);
	ab_str_add(out, ": ");
	for (const char *p = text; *p; p++) {
		unsigned char c = (unsigned char)*p;
		bool control = (c < 0x20 && c != '\t') || c == 0x7f;
		ab_str_addc(out, control ? ' ' : (char)c);
	}
	ab_str_addc(out, '\n');
}

static const char *const kind_words[] = { "max", "min", "chance" };

const char *ab_tree_move(const struct ab_tree *tree, uint32_t n, size_t *len)
{
	const char *label = tree->moves_named ? ab_tree_label(tree, n) : NULL;
	if (!label)
		return NULL;
	const char *last = strrchr(label, tree->move_sep ? tree->move_sep : ' ');
	const char *move = last ? last + 1 : label;
	*len = strlen(move);
	return move;
}

const char *ab_player_word(enum ab_player p)
{
	return kind_words[p];
}

int ab_player_of_word(const char *s, size_t n)
{
	for (int k = 0; k < 3; k++)
		if (strlen(kind_words[k]) == n && memcmp(kind_words[k], s, n) == 0)
			return k;
	return -1;
}

static void write_value(const struct ab_tree *t, ab_value v, struct ab_str *out)
{
	ab_value_format(v, t->scale, "+inf", "-inf", out);
}

/* Writes a node's probability, label, kind, static value and, for a leaf,
 * its value; true for inner nodes, whose '[' was written and whose
 * children are still to come. */
static bool write_node(const struct ab_tree *t, uint32_t n, struct ab_str *out)
{
	const struct ab_node *node = &t->nodes[n];
	if (node->flags & AB_HAS_PROB) {
		ab_exact_format((struct ab_exact){ t->probs[n].num, t->probs[n].den }, out);
		ab_str_add(out, ": ");
	}
	/* The first node of a copied subtree goes back to its &NAME. */
	uint32_t pos = ab_position(t, n);
	if (pos != n && (node->parent == AB_NONE ||
			 ab_position(t, node->parent) == node->parent)) {
		const char *name = ab_tree_label(t, pos);
		if (name) {
			ab_str_addf(out, "&%s", name);
			return false;
		}
	}
	const char *label = ab_tree_label(t, n);
	if (label)
		ab_str_add(out, label);
	if (node->nkids) {
		if (node->flags & AB_KIND_MASK)
			ab_str_addf(out, "<%s>", kind_words[(node->flags & AB_KIND_MASK) - 1]);
		if (node->flags & AB_HAS_STATIC) {
			ab_str_addc(out, '=');
			write_value(t, node->value, out);
		}
		ab_str_addc(out, '[');
		return true;
	}
	if (label)
		ab_str_addc(out, '=');
	write_value(t, node->value, out);
	return false;
}

void ab_tree_write(const struct ab_tree *tree, struct ab_str *out)
{
	const struct ab_tree *t = tree;
	if (t->title)
		add_header(out, "title", t->title);
	if (t->title_zh)
		add_header(out, "title.zh", t->title_zh);
	/* A caller that set the other root player swapped MAX and MIN. */
	unsigned swap = t->root_player != t->cycle_root &&
			t->root_player != AB_CHANCE && t->cycle_root != AB_CHANCE;
	enum ab_player first = t->players[0] == AB_CHANCE ? AB_CHANCE
							  : (enum ab_player)(t->players[0] ^ swap);
	bool alternating = t->nplayers == 2 && t->players[0] != AB_CHANCE &&
			   t->players[1] == (t->players[0] ^ 1u);
	if (!alternating) {
		ab_str_add(out, "players:");
		for (uint32_t i = 0; i < t->nplayers; i++) {
			enum ab_player p = t->players[i];
			ab_str_addf(out, " %s", kind_words[p == AB_CHANCE ? p : (enum ab_player)(p ^ swap)]);
		}
		ab_str_addc(out, '\n');
	} else if (first == AB_MIN) {
		ab_str_add(out, "root: min\n");
	}
	if (t->has_bounds) {
		ab_str_add(out, "bounds: ");
		write_value(t, t->bound_lo, out);
		ab_str_add(out, "..");
		write_value(t, t->bound_hi, out);
		ab_str_addc(out, '\n');
	}
	if (t->source)
		add_header(out, "source", t->source);
	if (!t->count || !t->kids)
		return;
	/* Commas for bare trees, as lecture notes write them; spaces once
	 * labels make the children easy to tell apart. */
	char sep = t->nlabels ? ' ' : ',';
	struct frame {
		uint32_t node, next;
	} *stack = ab_xreallocarray(NULL, (size_t)t->height + 1, sizeof *stack);
	size_t sp = 0;
	if (write_node(t, 0, out))
		stack[sp++] = (struct frame){ 0, 0 };
	while (sp) {
		struct frame *top = &stack[sp - 1];
		if (top->next == t->nodes[top->node].nkids) {
			ab_str_addc(out, ']');
			sp--;
			continue;
		}
		if (top->next)
			ab_str_addc(out, sep);
		uint32_t kid = ab_kid(t, top->node, top->next++);
		if (write_node(t, kid, out))
			stack[sp++] = (struct frame){ kid, 0 };
	}
	free(stack);
	ab_str_addc(out, '\n');
}
