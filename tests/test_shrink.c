/* test_shrink.c - reshaping trees and shrinking them while a finding stays,
 * with predicates that need no program.
 *
 * For each predicate the smallest tree that satisfies it is found by
 * enumerating every tree of up to 4 leaves (4 levels, small values), and
 * the shrinker, started from random trees that satisfy it, must end within
 * two leaves of that, on a tree that still satisfies it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse.h"
#include "core/search.h"
#include "sources/random.h"
#include "testing/reshape.h"
#include "testing/shrink.h"
#include "testutil.h"

static char *written(const struct ab_tree *t)
{
	struct ab_str s = AB_STR_INIT;
	ab_tree_write(t, &s);
	return s.s ? s.s : ab_xstrdup("");
}

/* ---- Reshaping ------------------------------------------------------------ */

static const char *const whole_trees[] = {
	"[[3,12,8],[2,4,6],[14,5,2]]",
	"A[ B[3 12 8] C[2 4 6] D[14 5 2] ]\n",
	"root: min\n[[1 2.5] [-0.125 4]]",
	"players: max chance min\n[[0.3: [1 2], 0.7: [3 4]] [[5 6]]]",
	"bounds: -10..10\n[<chance>[1/3: 2, 2/3: -4] B<min>=3[1 [2 3]]]",
	"[[999999999999999 -999999999999999] [7]]",
	"[[0.000000001 -2] [1.5]]",
};

/* A copy with nothing changed writes back byte for byte. */
START_TEST(reshape_copies_whole)
{
	struct ab_tree *t = tree_ok(whole_trees[_i]);
	struct ab_tree *c = ab_reshape(t, &(struct ab_reshape){ 0 });
	ck_assert_ptr_nonnull(c);
	char *a = written(t), *b = written(c);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	ab_tree_free(c);
	ab_tree_free(t);
}
END_TEST

/* Dropping, making leaves, substituting, reordering and revaluing each do
 * what they say, and the result reads back. */
START_TEST(reshape_changes)
{
	struct ab_tree *t = tree_ok("A[B[3 12 8] C[2 4 6] D[14 5 2]]");
	uint32_t n = t->count;
	bool *flags = ab_xcalloc(n, sizeof *flags);
	uint32_t *subst = ab_xcalloc(n, sizeof *subst);
	ab_value *values = ab_xcalloc(n, sizeof *values);
	uint32_t c = ab_tree_find(t, "C"), b = ab_tree_find(t, "B");

	flags[c] = true;
	struct ab_tree *r = ab_reshape(t, &(struct ab_reshape){ .drop = flags });
	char *text = written(r);
	ck_assert_str_eq(text, "A[B[3 12 8] D[14 5 2]]\n");
	free(text);
	ab_tree_free(r);

	r = ab_reshape(t, &(struct ab_reshape){ .leaf = flags, .values = NULL });
	text = written(r);
	ck_assert_str_eq(text, "A[B[3 12 8] C=0 D[14 5 2]]\n");
	free(text);
	ab_tree_free(r);

	for (uint32_t i = 0; i < n; i++) {
		values[i] = t->nodes[i].value * 2;
		subst[i] = AB_NONE;
	}
	values[c] = 7;
	r = ab_reshape(t, &(struct ab_reshape){ .leaf = flags, .values = values });
	text = written(r);
	ck_assert_str_eq(text, "A[B[6 24 16] C=7 D[28 10 4]]\n");
	free(text);
	ab_tree_free(r);

	subst[b] = ab_tree_find(t, "D2");
	r = ab_reshape(t, &(struct ab_reshape){ .subst = subst });
	text = written(r);
	ck_assert_str_eq(text, "A[5 C[2 4 6] D[14 5 2]]\n");
	free(text);
	ab_tree_free(r);

	uint32_t *kids = ab_xcalloc(n, sizeof *kids);
	memcpy(kids, t->kids, n * sizeof *kids);
	uint32_t first = t->nodes[0].first_kid;
	kids[first] = t->kids[first + 2];
	kids[first + 2] = t->kids[first];
	r = ab_reshape(t, &(struct ab_reshape){ .kids = kids });
	text = written(r);
	ck_assert_str_eq(text, "A[D[14 5 2] C[2 4 6] B[3 12 8]]\n");
	free(text);
	ab_tree_free(r);

	/* Every child of B dropped: no tree. */
	memset(flags, 0, n * sizeof *flags);
	for (uint32_t i = 0; i < 3; i++)
		flags[ab_kid(t, b, i)] = true;
	ck_assert_ptr_null(ab_reshape(t, &(struct ab_reshape){ .drop = flags }));
	free(kids);
	free(flags);
	free(subst);
	free(values);
	ab_tree_free(t);
}
END_TEST

/* A chance node that loses children keeps probabilities that sum to 1;
 * values outside the bounds or with no finite decimal make no tree. */
START_TEST(reshape_chance_and_bounds)
{
	struct ab_tree *t = tree_ok("bounds: -5..5\n<chance>[0.2: 1, 0.3: 2, 0.5: 3]");
	bool flags[4] = { false, false, true, false };
	struct ab_tree *r = ab_reshape(t, &(struct ab_reshape){ .drop = flags });
	char *text = written(r);
	ck_assert_str_eq(text, "bounds: -5..5\n<chance>[2/7: 1,5/7: 3]\n");
	free(text);
	ab_tree_free(r);
	ab_value values[4];
	for (int i = 0; i < 4; i++)
		values[i] = t->nodes[i].value;
	values[1] = 6 * t->scale;
	ck_assert_ptr_null(ab_reshape(t, &(struct ab_reshape){ .values = values }));
	ab_tree_free(t);

	t = tree_ok("[<chance>[1 2 4]]");
	bool leaf[5] = { false, true, false, false, false };
	ab_value v[5];
	ab_tree_minimax_values(t, t->root_player, v);
	/* 7/3 has no finite decimal. */
	ck_assert_ptr_null(ab_reshape(t, &(struct ab_reshape){ .leaf = leaf, .values = v }));
	ab_tree_free(t);
}
END_TEST

/* ---- Predicates ------------------------------------------------------------ */

struct events {
	uint32_t leaves_visited;
	bool deep_cut;
	ab_value returns[256];
	uint32_t nreturns;
	uint32_t leaf_order[256];
	uint32_t nleaves;
};

static int record(void *ctx, const struct ab_event *ev)
{
	struct events *e = ctx;
	if (ev->kind == AB_EV_CUTOFF && ev->deep)
		e->deep_cut = true;
	if (ev->kind == AB_EV_RETURN && e->nreturns < 256)
		e->returns[e->nreturns++] = ev->value;
	if (ev->kind == AB_EV_LEAF && e->nleaves < 256)
		e->leaf_order[e->nleaves++] = ev->node;
	if (ev->kind == AB_EV_DONE)
		e->leaves_visited = ev->leaves_visited;
	return 0;
}

static void run(const struct ab_tree *t, struct ab_config c, struct events *e)
{
	memset(e, 0, sizeof *e);
	struct ab_sink sink = { record, e, AB_EVENT_ALL };
	ab_search(t, &c, &sink);
}

static bool prunes(const struct ab_tree *t, void *ctx)
{
	struct events e;
	run(t, AB_CONFIG_DEFAULT, &e);
	return e.leaves_visited < t->leaves;
}

static bool deep_cut(const struct ab_tree *t, void *ctx)
{
	struct events e;
	run(t, AB_CONFIG_DEFAULT, &e);
	return e.deep_cut;
}

/* What a fail-hard program returns differs from a fail-soft one. */
static bool hard_differs(const struct ab_tree *t, void *ctx)
{
	struct events a, b;
	run(t, AB_CONFIG_DEFAULT, &a);
	run(t, (struct ab_config){ .fail = AB_FAIL_HARD }, &b);
	return a.nreturns != b.nreturns ||
	       memcmp(a.returns, b.returns, a.nreturns * sizeof *a.returns) != 0;
}

static bool strict_differs(const struct ab_tree *t, void *ctx)
{
	struct events a, b;
	run(t, AB_CONFIG_DEFAULT, &a);
	run(t, (struct ab_config){ .strict = true }, &b);
	return a.nleaves != b.nleaves ||
	       memcmp(a.leaf_order, b.leaf_order, a.nleaves * sizeof *a.leaf_order) != 0;
}

static bool big_root(const struct ab_tree *t, void *ctx)
{
	ab_value *v = ab_xcalloc(t->count, sizeof *v);
	ab_tree_minimax_values(t, t->root_player, v);
	bool big = v[0] >= 1000 * t->scale;
	free(v);
	return big;
}

/* Three leaves in a row, in preorder, with values rising strictly. */
static bool rising(const struct ab_tree *t, void *ctx)
{
	ab_value last = 0;
	int length = 0;
	for (uint32_t n = 0; n < t->count; n++) {
		if (!ab_is_leaf(t, n))
			continue;
		ab_value v = t->nodes[n].value;
		length = length && v > last ? length + 1 : 1;
		last = v;
		if (length == 3)
			return true;
	}
	return false;
}

static const struct predicate {
	const char *name;
	ab_shrink_still *still;
	ab_value domain[3];  /* values the enumeration tries */
	ab_value lo, hi;     /* the random trees' range */
} predicates[] = {
	{ "prunes", prunes, { 0, 1, 2 }, -9, 9 },
	{ "deep cut", deep_cut, { 0, 1, 2 }, -9, 9 },
	{ "fail-hard differs", hard_differs, { 0, 1, 2 }, -9, 9 },
	{ "strict differs", strict_differs, { 0, 1, 2 }, -2, 2 },
	{ "root >= 1000", big_root, { 0, 999, 1000 }, -3000, 3000 },
	{ "rising", rising, { 0, 1, 2 }, -50, 50 },
};

/* ---- The smallest trees, by enumeration -------------------------------- */

struct texts {
	char **s;
	size_t n;
};

static void push(struct texts *l, char *s)
{
	l->s = ab_xgrow(l->s, l->n, sizeof *l->s);
	l->s[l->n++] = s;
}

static void free_texts(struct texts *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->s[i]);
	free(l->s);
}

static void shapes(int leaves, int height, struct texts *out);

/* Sequences of subtrees (each at most height deep) with leaves leaves. */
static void sequences(int leaves, int height, struct texts *out)
{
	for (int first = 1; first <= leaves; first++) {
		struct texts heads = { 0 };
		shapes(first, height, &heads);
		for (size_t i = 0; i < heads.n; i++) {
			if (first == leaves) {
				push(out, ab_xstrdup(heads.s[i]));
				continue;
			}
			struct texts rest = { 0 };
			sequences(leaves - first, height, &rest);
			for (size_t j = 0; j < rest.n; j++) {
				struct ab_str s = AB_STR_INIT;
				ab_str_addf(&s, "%s %s", heads.s[i], rest.s[j]);
				push(out, s.s);
			}
			free_texts(&rest);
		}
		free_texts(&heads);
	}
}

/* Subtrees with leaves leaves ("x" for each), at most height deep. */
static void shapes(int leaves, int height, struct texts *out)
{
	if (leaves == 1)
		push(out, ab_xstrdup("x"));
	if (height == 0)
		return;
	struct texts kids = { 0 };
	sequences(leaves, height - 1, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		struct ab_str s = AB_STR_INIT;
		ab_str_addf(&s, "[%s]", kids.s[i]);
		push(out, s.s);
	}
	free_texts(&kids);
}

/* The fewest leaves of a tree (root inner, 4 levels, values from the
 * domain) that satisfies p; 0 when none of up to 4 leaves does. */
static uint32_t smallest(const struct predicate *p)
{
	for (int leaves = 1; leaves <= 4; leaves++) {
		struct texts all = { 0 };
		struct texts kids = { 0 };
		sequences(leaves, 3, &kids);
		for (size_t i = 0; i < kids.n; i++) {
			struct ab_str s = AB_STR_INIT;
			ab_str_addf(&s, "[%s]", kids.s[i]);
			push(&all, s.s);
		}
		free_texts(&kids);
		bool found = false;
		int combos = 1;
		for (int i = 0; i < leaves; i++)
			combos *= 3;
		for (size_t i = 0; i < all.n && !found; i++) {
			for (int c = 0; c < combos && !found; c++) {
				struct ab_str text = AB_STR_INIT;
				int k = c;
				for (const char *q = all.s[i]; *q; q++) {
					if (*q != 'x') {
						ab_str_addc(&text, *q);
						continue;
					}
					ab_str_addf(&text, "%lld", (long long)p->domain[k % 3]);
					k /= 3;
				}
				struct ab_tree *t = tree_ok(text.s);
				found = p->still(t, NULL);
				ab_tree_free(t);
				ab_str_free(&text);
			}
		}
		free_texts(&all);
		if (found)
			return (uint32_t)leaves;
	}
	return 0;
}

/* ---- Shrinking ------------------------------------------------------------ */

struct asked {
	const struct predicate *p;
	struct texts seen;
	uint64_t calls;
};

static bool counting(const struct ab_tree *t, void *ctx)
{
	struct asked *a = ctx;
	a->calls++;
	push(&a->seen, written(t));
	return a->p->still(t, NULL);
}

static int compare_texts(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* From random trees that satisfy the predicate: the result satisfies it,
 * has at most two leaves more than the smallest, and no candidate was
 * asked about twice. */
START_TEST(shrinks_to_near_smallest)
{
	const struct predicate *p = &predicates[_i];
	uint32_t least = smallest(p);
	ck_assert_msg(least > 0, "%s: no tree of up to 4 leaves", p->name);
	int tried = 0;
	for (uint64_t seed = 1; tried < ab_test_rounds(20) && seed < 2000; seed++) {
		struct ab_random_spec spec = AB_RANDOM_DEFAULT;
		spec.seed = seed;
		spec.depth = 3 + (uint32_t)(seed % 3);
		spec.lo = p->lo;
		spec.hi = p->hi;
		struct ab_tree *t = ab_random_tree(&spec);
		if (!p->still(t, NULL)) {
			ab_tree_free(t);
			continue;
		}
		tried++;
		struct asked a = { .p = p };
		struct ab_shrink_stats stats;
		struct ab_tree *s = ab_shrink(t, counting, &a, 0, &stats);
		ck_assert(p->still(s, NULL));
		ck_assert_msg(s->leaves <= least + 2, "%s, seed %llu: %u leaves, the smallest has %u",
			      p->name, (unsigned long long)seed, s->leaves, least);
		ck_assert_uint_le(s->leaves, t->leaves);
		ck_assert_uint_eq(stats.tries, a.calls);
		qsort(a.seen.s, a.seen.n, sizeof *a.seen.s, compare_texts);
		for (size_t i = 1; i < a.seen.n; i++)
			ck_assert_str_ne(a.seen.s[i - 1], a.seen.s[i]);
		/* Written back, the result reads as the same tree. */
		char *text = written(s);
		struct ab_tree *back = tree_ok(text);
		char *again = written(back);
		ck_assert_str_eq(text, again);
		free(text);
		free(again);
		ab_tree_free(back);
		free_texts(&a.seen);
		ab_tree_free(s);
		ab_tree_free(t);
	}
	ck_assert_int_gt(tried, 0);
}
END_TEST

/* Values become small and few, in their order; a threshold is met
 * exactly. */
START_TEST(values_shrink_keeping_order)
{
	struct ab_tree *t = tree_ok("[[-40 7] [13 [55 -3 -2]] 98]");
	struct ab_tree *s = ab_shrink(t, rising, NULL, 0, NULL);
	ck_assert_uint_eq(s->leaves, 3);
	for (uint32_t n = 0; n < s->count; n++)
		if (ab_is_leaf(s, n))
			ck_assert_int_le(llabs(s->nodes[n].value / s->scale), 2);
	ab_tree_free(s);
	ab_tree_free(t);

	t = tree_ok("[[2500.5 1999] [-7 4711]]");
	s = ab_shrink(t, big_root, NULL, 0, NULL);
	char *text = written(s);
	ck_assert_str_eq(text, "[1000]\n");
	free(text);
	ab_tree_free(s);
	ab_tree_free(t);
}
END_TEST

static bool always(const struct ab_tree *t, void *ctx)
{
	uint64_t *calls = ctx;
	++*calls;
	return true;
}

static bool never(const struct ab_tree *t, void *ctx)
{
	uint64_t *calls = ctx;
	++*calls;
	return false;
}

/* The budget is kept; nothing holds: the tree comes back as it was;
 * everything holds: one leaf of 0 is left. */
START_TEST(budget_and_extremes)
{
	struct ab_tree *t = tree_ok("A[B[3 12 8] C[2 4 6] D[14 5 [2 [1 1]]]]");
	uint64_t calls = 0;
	struct ab_shrink_stats stats;
	struct ab_tree *s = ab_shrink(t, never, &calls, 7, &stats);
	ck_assert_uint_eq(calls, 7);
	ck_assert_uint_eq(stats.tries, 7);
	ck_assert_uint_eq(stats.kept, 0);
	char *a = written(t), *b = written(s);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	ab_tree_free(s);

	calls = 0;
	s = ab_shrink(t, always, &calls, 0, &stats);
	b = written(s);
	ck_assert_str_eq(b, "A[B=0]\n");
	free(b);
	ck_assert_uint_eq(calls, stats.tries);
	ab_tree_free(s);

	calls = 0;
	s = ab_shrink(t, never, &calls, 0, &stats);
	ck_assert_uint_gt(calls, 10);
	ab_tree_free(s);
	ab_tree_free(t);
}
END_TEST

static bool has_chance_pair(const struct ab_tree *t, void *ctx)
{
	for (uint32_t n = 0; n < t->count; n++)
		if (t->nodes[n].nkids >= 2 && ab_player_at(t, n, t->root_player) == AB_CHANCE)
			return true;
	return false;
}

/* A tree with chance nodes, probabilities and bounds shrinks to a valid
 * tree that still has them. */
START_TEST(shrinks_chance_trees)
{
	struct ab_tree *t = tree_ok("players: max chance min\nbounds: -9..9\n"
				  "[[0.1: [1 2], 0.2: [3 4], 0.7: [5 6]] [0.5: [7], 0.5: [8 9]]]");
	struct ab_tree *s = ab_shrink(t, has_chance_pair, NULL, 0, NULL);
	ck_assert_uint_eq(s->leaves, 2);
	char *text = written(s);
	struct ab_tree *back = tree_ok(text);
	ck_assert(has_chance_pair(back, NULL));
	free(text);
	ab_tree_free(back);
	ab_tree_free(s);
	ab_tree_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("shrink");
	TCase *tc = tcase_create("reshape");
	tcase_add_loop_test(tc, reshape_copies_whole, 0,
			    (int)(sizeof whole_trees / sizeof *whole_trees));
	tcase_add_test(tc, reshape_changes);
	tcase_add_test(tc, reshape_chance_and_bounds);
	suite_add_tcase(s, tc);
	tc = tcase_create("shrink");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, shrinks_to_near_smallest, 0,
			    (int)(sizeof predicates / sizeof *predicates));
	tcase_add_test(tc, values_shrink_keeping_order);
	tcase_add_test(tc, budget_and_extremes);
	tcase_add_test(tc, shrinks_chance_trees);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(suite());
}
