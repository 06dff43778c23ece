/* shrink.c - shrinking a tree while a finding stays (see shrink.h).
 *
 * Four passes, repeated until a whole round changes nothing: leaves for
 * subtrees, dropped children, grandchildren lifted through one-child
 * nodes, smaller values.  Structure goes first (it removes leaves, the
 * measure of a tree's size), values last (smaller numbers are easier to
 * read, and ties they make can open more structural steps in the next
 * round).  Candidates are built by ab_reshape; a hash of each one's text
 * keeps the predicate (a program run, usually) from being asked twice.
 */
#include "testing/shrink.h"

#include <stdlib.h>
#include <string.h>

#include "testing/reshape.h"

struct shrinker {
	struct ab_tree *best;
	ab_shrink_still *still;
	void *ctx;
	uint64_t max_tries;
	struct ab_shrink_stats stats;
	uint64_t *seen;        /* open addressing; 0 is an empty slot */
	size_t seen_len, seen_used;
	/* Scratch, per node of best (resized as best changes). */
	bool *flags;
	uint32_t *subst;
	ab_value *values;
	size_t scratch;
};

static bool out_of_tries(const struct shrinker *s)
{
	return s->max_tries && s->stats.tries >= s->max_tries;
}

static uint64_t text_hash(const struct ab_tree *t)
{
	struct ab_str text = AB_STR_INIT;
	ab_tree_write(t, &text);
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (size_t i = 0; i < text.len; i++)
		h = (h ^ (unsigned char)text.s[i]) * UINT64_C(0x100000001b3);
	ab_str_free(&text);
	return h ? h : 1;
}

/* Adds h to the set; false when it was there already. */
static bool first_time(struct shrinker *s, uint64_t h)
{
	if ((s->seen_used + 1) * 2 > s->seen_len) {
		size_t len = s->seen_len ? s->seen_len * 2 : 256;
		uint64_t *set = ab_xcalloc(len, sizeof *set);
		for (size_t i = 0; i < s->seen_len; i++) {
			if (!s->seen[i])
				continue;
			size_t j = s->seen[i] & (len - 1);
			while (set[j])
				j = (j + 1) & (len - 1);
			set[j] = s->seen[i];
		}
		free(s->seen);
		s->seen = set;
		s->seen_len = len;
	}
	size_t j = h & (s->seen_len - 1);
	while (s->seen[j]) {
		if (s->seen[j] == h)
			return false;
		j = (j + 1) & (s->seen_len - 1);
	}
	s->seen[j] = h;
	s->seen_used++;
	return true;
}

/* Asks about candidate (taken over; NULL is no candidate): it becomes the
 * best when the finding stays. */
static bool try(struct shrinker *s, struct ab_tree *candidate)
{
	if (!candidate)
		return false;
	if (out_of_tries(s) || !first_time(s, text_hash(candidate))) {
		ab_tree_free(candidate);
		return false;
	}
	s->stats.tries++;
	if (!s->still(candidate, s->ctx)) {
		ab_tree_free(candidate);
		return false;
	}
	s->stats.kept++;
	ab_tree_free(s->best);
	s->best = candidate;
	return true;
}

/* Clears the scratch arrays for the current best. */
static void reset(struct shrinker *s)
{
	size_t n = s->best->count;
	if (n > s->scratch) {
		s->flags = ab_xreallocarray(s->flags, n, sizeof *s->flags);
		s->subst = ab_xreallocarray(s->subst, n, sizeof *s->subst);
		s->values = ab_xreallocarray(s->values, n, sizeof *s->values);
		s->scratch = n;
	}
	memset(s->flags, 0, n * sizeof *s->flags);
	for (size_t i = 0; i < n; i++) {
		s->subst[i] = AB_NONE;
		s->values[i] = s->best->nodes[i].value;
	}
}

/* ---- Structure ------------------------------------------------------------ */

/* Subtrees to leaves, largest first (preorder): a node made a leaf keeps
 * its index, so the walk goes on after it. */
static bool leaves_pass(struct shrinker *s)
{
	bool changed = false;
	for (uint32_t n = 1; n < s->best->count && !out_of_tries(s); n++) {
		const struct ab_tree *t = s->best;
		if (ab_is_leaf(t, n))
			continue;
		ab_value *minimax = ab_xcalloc(t->count, sizeof *minimax);
		ab_tree_minimax_values(t, t->root_player, minimax);
		ab_value tries[2] = { minimax[n], 0 };
		free(minimax);
		for (int i = 0; i < 2; i++) {
			if (i == 1 && tries[1] == tries[0])
				break;
			reset(s);
			s->flags[n] = true;
			s->values[n] = tries[i];
			if (try(s, ab_reshape(s->best, &(struct ab_reshape){
					.leaf = s->flags, .values = s->values }))) {
				changed = true;
				break;
			}
		}
	}
	return changed;
}

/* Drops the children of n at ranks [from, to), or all but rank keep when
 * keep is not AB_NONE. */
static bool drop(struct shrinker *s, uint32_t n, uint32_t from, uint32_t to,
		 uint32_t keep)
{
	reset(s);
	const struct ab_tree *t = s->best;
	for (uint32_t i = 0; i < t->nodes[n].nkids; i++)
		s->flags[ab_kid(t, n, i)] = keep != AB_NONE ? i != keep : i >= from && i < to;
	return try(s, ab_reshape(t, &(struct ab_reshape){ .drop = s->flags }));
}

/* Children dropped: all but one, then halves, quarters, ... then one at a
 * time; after a success the node is tried again from the top. */
static bool drop_pass(struct shrinker *s)
{
	bool changed = false;
	for (uint32_t n = 0; n < s->best->count && !out_of_tries(s); n++) {
		bool again = true;
		while (again && !out_of_tries(s)) {
			again = false;
			uint32_t k = s->best->nodes[n].nkids;
			if (k < 2)
				break;
			for (uint32_t keep = 0; keep < k && !again; keep++)
				again = drop(s, n, 0, 0, keep);
			for (uint32_t size = k / 2; size >= 1 && !again; size /= 2)
				for (uint32_t from = 0; from < k && !again; from += size)
					again = drop(s, n, from, from + size < k ? from + size : k,
						     AB_NONE);
			changed |= again;
		}
	}
	return changed;
}

/* A one-child node replaced by one of its grandchildren (the same player,
 * two levels down, when MAX and MIN alternate). */
static bool lift_pass(struct shrinker *s)
{
	bool changed = false;
	if (!ab_tree_alternates(s->best))
		return false;
	for (uint32_t n = 1; n < s->best->count && !out_of_tries(s); n++) {
		const struct ab_tree *t = s->best;
		if (t->nodes[n].nkids != 1)
			continue;
		uint32_t only = ab_kid(t, n, 0);
		for (uint32_t i = 0; i < t->nodes[only].nkids; i++) {
			reset(s);
			s->subst[n] = ab_kid(t, only, i);
			if (try(s, ab_reshape(t, &(struct ab_reshape){ .subst = s->subst }))) {
				changed = true;
				break;
			}
		}
	}
	return changed;
}

/* ---- Values ------------------------------------------------------------- */

static int compare_values(const void *a, const void *b)
{
	ab_value x = *(const ab_value *)a, y = *(const ab_value *)b;
	return (x > y) - (x < y);
}

static bool has_value(const struct ab_tree *t, uint32_t n)
{
	return ab_is_leaf(t, n) || (t->nodes[n].flags & AB_HAS_STATIC);
}

/* The distinct values of leaves and static values, ascending. */
static ab_value *distinct_values(const struct ab_tree *t, size_t *count)
{
	ab_value *v = ab_xreallocarray(NULL, t->count, sizeof *v);
	size_t n = 0;
	for (uint32_t i = 0; i < t->count; i++)
		if (has_value(t, i))
			v[n++] = t->nodes[i].value;
	qsort(v, n, sizeof *v, compare_values);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (!k || v[i] != v[k - 1])
			v[k++] = v[i];
	*count = k;
	return v;
}

/* Every value from[i] becomes to[i] (from ascending, count entries). */
static bool remap(struct shrinker *s, const ab_value *from, const ab_value *to,
		  size_t count)
{
	reset(s);
	const struct ab_tree *t = s->best;
	bool differs = false;
	for (uint32_t n = 0; n < t->count; n++) {
		if (!has_value(t, n))
			continue;
		const ab_value *at = bsearch(&t->nodes[n].value, from, count, sizeof *from,
					     compare_values);
		if (at)
			s->values[n] = to[at - from];
		differs |= s->values[n] != t->nodes[n].value;
	}
	if (!differs)
		return false;
	return try(s, ab_reshape(t, &(struct ab_reshape){ .values = s->values }));
}

/* One value u becomes v. */
static bool move_value(struct shrinker *s, ab_value u, ab_value v)
{
	return remap(s, &u, &v, 1);
}

/* The whole number (a multiple of scale) in [lo, hi] nearest 0, or u when
 * there is none. */
static ab_value nearest_zero(ab_value lo, ab_value hi, int64_t scale, ab_value u)
{
	if (lo <= 0 && hi >= 0)
		return 0;
	if (lo > 0) {
		ab_value up = (lo + scale - 1) / scale * scale;
		return up <= hi ? up : u;
	}
	ab_value down = -((-hi + scale - 1) / scale * scale);
	return down >= lo ? down : u;
}

/* Ranks that keep the signs: the negative values to -k..-1, zero to 0,
 * the positive ones to 1..m, in their order. */
static bool ranks_step(struct shrinker *s)
{
	size_t count;
	ab_value *from = distinct_values(s->best, &count);
	ab_value *to = ab_xreallocarray(NULL, count ? count : 1, sizeof *to);
	size_t negative = 0;
	while (negative < count && from[negative] < 0)
		negative++;
	int64_t scale = s->best->scale;
	for (size_t i = 0; i < count; i++) {
		if (i < negative)
			to[i] = -(ab_value)(negative - i) * scale;
		else
			to[i] = (ab_value)(i - negative + (count > negative && from[negative] == 0 ? 0 : 1)) * scale;
	}
	bool ok = remap(s, from, to, count);
	free(from);
	free(to);
	return ok;
}

/* v, a value of a tree whose unit was 1/from, in units of 1/to (a tree
 * that holds it exactly). */
static ab_value rescale(ab_value v, int64_t from, int64_t to)
{
	if (from == to)
		return v;
	return (ab_value)((ab_wide)v * to / from);
}

/* Each distinct value towards 0 between its neighbours (which it may
 * join), by bisection when the nearest whole number loses the finding. */
static bool values_pass(struct shrinker *s)
{
	bool changed = ranks_step(s);
	size_t count;
	ab_value *v = distinct_values(s->best, &count);
	for (size_t i = 0; i < count && !out_of_tries(s); i++) {
		int64_t scale = s->best->scale;
		ab_value u = v[i];
		ab_value lo = i ? v[i - 1] : AB_NEG_INF + 1;
		ab_value hi = i + 1 < count ? v[i + 1] : AB_POS_INF - 1;
		ab_value target = nearest_zero(lo, hi, scale, u);
		if (target == u)
			continue;
		ab_value now = u;
		if (move_value(s, u, target)) {
			now = target;
		} else {
			/* target loses it, u keeps it: close in on the line
			 * between them, in whole numbers. */
			ab_value fail = target;
			for (int step = 0; step < 64 && !out_of_tries(s); step++) {
				ab_value mid = fail + (now - fail) / 2;
				mid = mid / scale * scale;
				if (mid == fail || mid == now)
					break;
				if (!move_value(s, now, mid)) {
					fail = mid;
					continue;
				}
				/* The new tree may count in another unit. */
				int64_t to = s->best->scale;
				now = rescale(mid, scale, to);
				fail = rescale(fail, scale, to);
				scale = to;
			}
		}
		if (now == u && scale == s->best->scale)
			continue;
		changed = true;
		now = rescale(now, scale, s->best->scale);
		/* Values may have merged: read them again and go on after
		 * the one just moved. */
		free(v);
		v = distinct_values(s->best, &count);
		size_t j = 0;
		while (j < count && v[j] <= now)
			j++;
		i = j - 1;
	}
	free(v);
	return changed;
}

struct ab_tree *ab_shrink(const struct ab_tree *tree, ab_shrink_still *still,
			  void *ctx, uint64_t max_tries,
			  struct ab_shrink_stats *stats)
{
	struct shrinker s = { .still = still, .ctx = ctx, .max_tries = max_tries };
	s.best = ab_reshape(tree, &(struct ab_reshape){ 0 });
	if (!s.best)
		s.best = ab_tree_clone(tree);
	first_time(&s, text_hash(s.best));
	bool changed = true;
	while (changed && !out_of_tries(&s)) {
		changed = leaves_pass(&s);
		changed |= drop_pass(&s);
		changed |= lift_pass(&s);
		changed |= values_pass(&s);
	}
	if (stats)
		*stats = s.stats;
	free(s.seen);
	free(s.flags);
	free(s.subst);
	free(s.values);
	return s.best;
}
