/* test_tree.c - building, names, paths, values, edits and writing back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse.h"
#include "testutil.h"
#include "core/tree.h"

static const char *const lecture_labelled =
	"A[ B[3 12 8] C[2 4 6] D[14 5 2] ]";
static const char *const lecture_bare = "[[3,12,8],[2,4,6],[14,5,2]]";

static void assert_same_tree(const struct ab_tree *a, const struct ab_tree *b)
{
	ck_assert_uint_eq(a->count, b->count);
	ck_assert_uint_eq(a->leaves, b->leaves);
	ck_assert_uint_eq(a->height, b->height);
	ck_assert_uint_eq(a->nlabels, b->nlabels);
	ck_assert_int_eq(a->root_player, b->root_player);
	ck_assert(!a->title == !b->title);
	if (a->title)
		ck_assert_str_eq(a->title, b->title);
	ck_assert(!a->source == !b->source);
	if (a->source)
		ck_assert_str_eq(a->source, b->source);
	for (uint32_t n = 0; n < a->count; n++) {
		const struct ab_node *x = &a->nodes[n], *y = &b->nodes[n];
		ck_assert_uint_eq(x->parent, y->parent);
		ck_assert_uint_eq(x->nkids, y->nkids);
		ck_assert_uint_eq(ab_rank(a, n), ab_rank(b, n));
		ck_assert_uint_eq(x->depth, y->depth);
		ck_assert_uint_eq(ab_end(a, n), ab_end(b, n));
		ck_assert_int_eq(x->value, y->value);
		for (uint32_t i = 0; i < x->nkids; i++)
			ck_assert_uint_eq(ab_kid(a, n, i), ab_kid(b, n, i));
		const char *la = ab_tree_label(a, n), *lb = ab_tree_label(b, n);
		ck_assert(!la == !lb);
		if (la)
			ck_assert_str_eq(la, lb);
	}
}

/* name(n) and path(n) both lead back to n, for every node. */
static void assert_names_round_trip(const struct ab_tree *t)
{
	struct ab_str s = AB_STR_INIT;
	for (uint32_t n = 0; n < t->count; n++) {
		ab_str_clear(&s);
		ab_tree_name(t, n, &s);
		ck_assert_msg(ab_tree_find(t, ab_str_cstr(&s)) == n,
			      "name '%s' of node %u finds %u", ab_str_cstr(&s),
			      n, ab_tree_find(t, ab_str_cstr(&s)));
		if (n == 0)
			continue;
		ab_str_clear(&s);
		ab_tree_path(t, n, &s);
		ck_assert_msg(ab_tree_find(t, s.s) == n, "path '%s'", s.s);
	}
	ab_str_free(&s);
}

static const char *name_of(const struct ab_tree *t, uint32_t n,
			   struct ab_str *s)
{
	ab_str_clear(s);
	ab_tree_name(t, n, s);
	return ab_str_cstr(s);
}

static const char *path_of(const struct ab_tree *t, uint32_t n,
			   struct ab_str *s)
{
	ab_str_clear(s);
	ab_tree_path(t, n, s);
	return ab_str_cstr(s);
}

/* ---- Building ------------------------------------------------------------ */

START_TEST(test_build)
{
	struct ab_tree *t = ab_tree_new();
	uint32_t r, b, x;
	ck_assert_int_eq(ab_tree_add(t, AB_NONE, "root", 4, 0, &r),
			 AB_BUILD_OK);
	ck_assert_int_eq(ab_tree_add(t, r, "B", 1, 0, &b), AB_BUILD_OK);
	ck_assert_int_eq(ab_tree_add(t, b, NULL, 0, 5, &x), AB_BUILD_OK);
	ck_assert_int_eq(ab_tree_add(t, b, "B", 1, 6, &x),
			 AB_BUILD_DUPLICATE_LABEL);
	ck_assert_int_eq(ab_tree_add(t, b, "root", 4, 6, &x),
			 AB_BUILD_RESERVED_LABEL);
	ck_assert_uint_eq(t->count, 3);
	ck_assert_int_eq(ab_tree_add(t, b, "Bx", 1, 6, &x), AB_BUILD_DUPLICATE_LABEL);
	ck_assert_int_eq(ab_tree_add(t, b, "Bx", 2, 6, &x), AB_BUILD_OK);
	ck_assert_int_eq(ab_tree_add(t, r, "", 0, -1, &x), AB_BUILD_OK);
	ck_assert_ptr_null(ab_tree_label(t, x));
	/* Enough labels to make the hash grow a few times. */
	uint32_t c;
	ck_assert_int_eq(ab_tree_add(t, r, "C", 1, 0, &c), AB_BUILD_OK);
	char label[16];
	for (int i = 0; i < 1000; i++) {
		snprintf(label, sizeof label, "L%d", i);
		ck_assert_int_eq(ab_tree_add(t, c, label, strlen(label), i,
					     NULL), AB_BUILD_OK);
	}
	ab_tree_finish(t);
	ck_assert_uint_eq(t->count, 1006);
	ck_assert_uint_eq(t->nodes[r].nkids, 3);
	ck_assert_uint_eq(ab_end(t, b), 4);
	ck_assert_uint_eq(ab_end(t, c), 1006);
	ck_assert_uint_eq(ab_end(t, r), 1006);
	ck_assert_uint_eq(t->leaves, 1003);
	ck_assert_uint_eq(t->height, 2);
	ck_assert_uint_eq(ab_tree_find(t, "L999"), 1005);
	ck_assert_uint_eq(ab_tree_find(t, "Bx"), 3);
	ck_assert_uint_eq(ab_tree_find(t, "root"), 0);
	ck_assert_str_eq(ab_tree_label(t, 0), "root");
	for (int i = 0; i < 1000; i++) {
		snprintf(label, sizeof label, "L%d", i);
		ck_assert_uint_eq(ab_tree_find(t, label), (uint32_t)(6 + i));
	}
	ab_tree_set_title(t, "T");
	ab_tree_set_title(t, "T2");
	ab_tree_set_source(t, "S");
	ab_tree_set_source(t, NULL);
	ck_assert_str_eq(t->title, "T2");
	ck_assert_ptr_null(t->source);
	ab_tree_free(t);
	ab_tree_free(NULL);
}
END_TEST

/* ---- Names, paths, find ---------------------------------------------------- */

START_TEST(test_names_labelled)
{
	struct ab_tree *t = tree_ok(lecture_labelled);
	struct ab_str s = AB_STR_INIT;
	static const char *const names[] = { "A", "B", "B1", "B2", "B3", "C",
		"C1", "C2", "C3", "D", "D1", "D2", "D3" };
	static const char *const paths[] = { "", "1", "1.1", "1.2", "1.3",
		"2", "2.1", "2.2", "2.3", "3", "3.1", "3.2", "3.3" };
	for (uint32_t n = 0; n < t->count; n++) {
		ck_assert_str_eq(name_of(t, n, &s), names[n]);
		ck_assert_str_eq(path_of(t, n, &s), paths[n]);
		ck_assert_uint_eq(ab_tree_find(t, names[n]), n);
		if (n)
			ck_assert_uint_eq(ab_tree_find(t, paths[n]), n);
	}
	/* C2 is the leaf 4, path 2.2. */
	uint32_t c2 = ab_tree_find(t, "C2");
	ck_assert_int_eq(t->nodes[c2].value, 4);
	ck_assert_str_eq(path_of(t, c2, &s), "2.2");
	ck_assert_uint_eq(ab_tree_find(t, "2.2"), c2);
	ck_assert_uint_eq(ab_tree_find(t, "root"), 0);
	ck_assert_uint_eq(ab_tree_find(t, "A2.2"), c2); /* via the root */

	static const char *const nothing[] = { "", "0", "4", "1.0", "01",
		"1.", ".1", "1..2", "2.2.1", "C4", "C0", "C01", "Z", "Z1", "c2",
		"C2x", "C 2", "99999999999", "B1.1", "root1", "4294967297" };
	for (size_t i = 0; i < sizeof nothing / sizeof nothing[0]; i++)
		ck_assert_msg(ab_tree_find(t, nothing[i]) == AB_NONE,
			      "'%s' found something", nothing[i]);
	ck_assert_uint_eq(ab_tree_find(t, NULL), AB_NONE);
	ab_str_free(&s);
	ab_tree_free(t);
}
END_TEST

START_TEST(test_names_unlabelled)
{
	struct ab_tree *t = tree_ok(lecture_bare);
	struct ab_str s = AB_STR_INIT;
	ck_assert_str_eq(name_of(t, 0, &s), "root");
	ck_assert_str_eq(path_of(t, 0, &s), "");
	ck_assert_str_eq(name_of(t, 7, &s), "2.2");
	ck_assert_str_eq(path_of(t, 12, &s), "3.3");
	ck_assert_uint_eq(ab_tree_find(t, "3.3"), 12);
	ck_assert_uint_eq(ab_tree_find(t, "root"), 0);
	ck_assert_uint_eq(ab_tree_find(t, ""), AB_NONE);
	ck_assert_uint_eq(ab_tree_label(t, 0) == NULL, 1);
	assert_names_round_trip(t);
	ab_str_free(&s);
	ab_tree_free(t);
}
END_TEST

START_TEST(test_names_textbook)
{
	struct ab_str s = AB_STR_INIT;
	/* A label ending in a digit takes a dot; one ending otherwise is
	 * glued; deeper levels use dots; the nearest label counts. */
	struct ab_tree *t = tree_ok("[B1[1 2] x'[3 [4 5]] 6 Q[[7 P[8]]]]");
	ck_assert_str_eq(name_of(t, 2, &s), "B1.1");
	ck_assert_uint_eq(ab_tree_find(t, "B1.2"), 3);
	ck_assert_str_eq(name_of(t, 5, &s), "x'1");
	ck_assert_str_eq(name_of(t, 6, &s), "x'2");
	ck_assert_str_eq(name_of(t, 8, &s), "x'2.2");
	ck_assert_str_eq(name_of(t, 9, &s), "3"); /* no labelled ancestor */
	ck_assert_str_eq(name_of(t, 11, &s), "Q1");
	ck_assert_str_eq(name_of(t, 12, &s), "Q1.1");
	ck_assert_str_eq(name_of(t, 14, &s), "P1");
	assert_names_round_trip(t);
	ab_tree_free(t);

	/* B's first child would be "B1", but that is another node's label:
	 * the plain path it is.  C's 2.1 would read as a child of the label
	 * C2, so it gets its path too; C's 12th child is "C12". */
	t = tree_ok("A[B1[1 2] B[3 C2=4] C[[5] [6] 7 8 9 10 11 12 13 14 15 16]]");
	ck_assert_str_eq(name_of(t, 5, &s), "2.1");
	ck_assert_str_eq(name_of(t, 6, &s), "C2");
	uint32_t c = ab_tree_find(t, "C");
	ck_assert_str_eq(name_of(t, ab_kid(t, c, 1) + 1, &s), "3.2.1");
	ck_assert_str_eq(name_of(t, ab_kid(t, c, 0), &s), "C1");
	ck_assert_str_eq(name_of(t, ab_kid(t, c, 11), &s), "C12");
	ck_assert_uint_eq(ab_tree_find(t, "C12"), ab_kid(t, c, 11));
	ck_assert_uint_eq(ab_tree_find(t, "C2.1"), AB_NONE);
	assert_names_round_trip(t);
	ab_tree_free(t);

	/* Non-ASCII labels work like any other. */
	t = tree_ok("\xe7\x94\xb2[1 \xe4\xb9\x99[2 3]]");
	ck_assert_str_eq(name_of(t, 1, &s), "\xe7\x94\xb2" "1");
	ck_assert_str_eq(name_of(t, 4, &s), "\xe4\xb9\x99" "2");
	assert_names_round_trip(t);
	ab_tree_free(t);
	ab_str_free(&s);
}
END_TEST

/* ---- Whole-tree questions ----------------------------------------------- */

START_TEST(test_uniform)
{
	static const struct {
		const char *text;
		bool uniform;
		uint32_t branching, depth;
	} rows[] = {
		{ "[[3,12,8],[2,4,6],[14,5,2]]", true, 3, 2 },
		{ "[1 2]", true, 2, 1 },
		{ "[[1 2] [3 4]]", true, 2, 2 },
		{ "[[1 2] [3]]", false, 0, 0 },
		{ "[[1 2] 3]", false, 0, 0 },
		{ "[[[1]]]", true, 1, 3 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct ab_tree *t = tree_ok(rows[i].text);
		uint32_t b = 99, d = 99;
		ck_assert_int_eq(ab_tree_uniform(t, &b, &d), rows[i].uniform);
		if (rows[i].uniform) {
			ck_assert_uint_eq(b, rows[i].branching);
			ck_assert_uint_eq(d, rows[i].depth);
		}
		ab_tree_free(t);
	}
}
END_TEST

START_TEST(test_minimax)
{
	struct ab_tree *t = tree_ok(lecture_labelled);
	ab_value v[13];
	ab_tree_minimax_values(t, AB_MAX, v);
	ck_assert_int_eq(v[0], 3);
	ck_assert_int_eq(v[ab_tree_find(t, "B")], 3);
	ck_assert_int_eq(v[ab_tree_find(t, "C")], 2);
	ck_assert_int_eq(v[ab_tree_find(t, "D")], 2);
	ck_assert_int_eq(v[ab_tree_find(t, "C2")], 4);
	ab_tree_minimax_values(t, AB_MIN, v);
	ck_assert_int_eq(v[ab_tree_find(t, "B")], 12);
	ck_assert_int_eq(v[ab_tree_find(t, "C")], 6);
	ck_assert_int_eq(v[ab_tree_find(t, "D")], 14);
	ck_assert_int_eq(v[0], 6);
	ck_assert_int_eq(ab_player_at(t, 0, AB_MAX), AB_MAX);
	ck_assert_int_eq(ab_player_at(t, 1, AB_MAX), AB_MIN);
	ck_assert_int_eq(ab_player_at(t, 2, AB_MIN), AB_MIN);
	ab_tree_free(t);

	t = tree_ok("[-999999999999999 [999999999999999 -5]]");
	ab_value w[5];
	ab_tree_minimax_values(t, AB_MAX, w);
	ck_assert_int_eq(w[0], -5);
	ab_tree_free(t);
}
END_TEST

/* ---- Edits ----------------------------------------------------------------- */

START_TEST(test_edits)
{
	struct ab_tree *t = tree_ok(lecture_labelled);
	struct ab_str s = AB_STR_INIT;
	uint32_t c2 = ab_tree_find(t, "C2"), b = ab_tree_find(t, "B");

	ck_assert(ab_tree_set_value(t, c2, -7));
	ck_assert_int_eq(t->nodes[c2].value, -7);
	ck_assert(ab_tree_set_value(t, c2, AB_VALUE_MAX));
	ck_assert(ab_tree_set_value(t, c2, -AB_VALUE_MAX));
	ck_assert(!ab_tree_set_value(t, c2, AB_VALUE_MAX + 1));
	ck_assert(!ab_tree_set_value(t, c2, -AB_VALUE_MAX - 1));
	ck_assert(!ab_tree_set_value(t, b, 1));       /* inner node */
	ck_assert(!ab_tree_set_value(t, t->count, 1)); /* no such node */
	ck_assert(ab_tree_set_value(t, c2, 4));

	struct ab_tree *before = ab_tree_clone(t);
	ck_assert(ab_tree_swap_kids(t, 0, 0, 2));
	ck_assert(!ab_tree_swap_kids(t, 0, 0, 3));
	ck_assert(!ab_tree_swap_kids(t, c2, 0, 0)); /* a leaf */
	ck_assert(!ab_tree_swap_kids(t, t->count, 0, 0));
	ck_assert(ab_tree_swap_kids(t, 0, 1, 1));
	ab_tree_write(t, &s);
	ck_assert_str_eq(s.s, "A[D[14 5 2] C[2 4 6] B[3 12 8]]\n");
	ck_assert_str_eq(path_of(t, b, &s), "3");
	ck_assert_str_eq(path_of(t, ab_tree_find(t, "B1"), &s), "3.1");
	ck_assert_uint_eq(ab_tree_find(t, "3.1"), ab_tree_find(t, "B1"));
	ck_assert_int_eq(t->nodes[ab_tree_find(t, "B1")].value, 3);
	ck_assert_uint_eq(ab_end(t, b), 5); /* ranges stay contiguous */
	ck_assert_uint_eq(ab_tree_find(t, "1"), ab_tree_find(t, "D"));
	assert_names_round_trip(t);
	ab_value v[13];
	ab_tree_minimax_values(t, AB_MAX, v);
	ck_assert_int_eq(v[0], 3);

	/* Swapping below the root, and the written tree parses to the same
	 * order. */
	ck_assert(ab_tree_swap_kids(t, b, 0, 2));
	ab_str_clear(&s);
	ab_tree_write(t, &s);
	ck_assert_str_eq(s.s, "A[D[14 5 2] C[2 4 6] B[8 12 3]]\n");
	ck_assert_str_eq(name_of(t, ab_tree_find(t, "B3"), &s), "B3");
	ck_assert_int_eq(t->nodes[ab_tree_find(t, "B3")].value, 3);

	/* Swapping back gives the tree it was. */
	ck_assert(ab_tree_swap_kids(t, b, 2, 0));
	ck_assert(ab_tree_swap_kids(t, 0, 2, 0));
	assert_same_tree(t, before);

	/* The clone is independent. */
	ck_assert(ab_tree_set_value(before, c2, 99));
	ck_assert_int_eq(t->nodes[c2].value, 4);
	ab_tree_free(before);
	ab_str_free(&s);
	ab_tree_free(t);
}
END_TEST

/* A transposition is one position: swapping the children of either visit
 * swaps both, so the tree is the one its file (which writes the second
 * visit as &D) reads back; the fuzz target of the replay's prompts found
 * the two visits apart. */
START_TEST(test_swap_transposition)
{
	struct ab_tree *t = tree_ok("A[ B[ D[1 2] E[3 4] ]  C[ &E &D ] ]");
	uint32_t d = ab_tree_find(t, "D"), copy = ab_tree_find(t, "C2");
	ck_assert_uint_ne(copy, AB_NONE);
	ck_assert_uint_eq(ab_position(t, copy), d);
	ab_value first = t->nodes[ab_kid(t, d, 0)].value, second = t->nodes[ab_kid(t, d, 1)].value;
	for (int visit = 0; visit < 2; visit++) {
		ck_assert(ab_tree_swap_kids(t, visit ? copy : d, 0, 1));
		ab_value want0 = visit ? first : second, want1 = visit ? second : first;
		ck_assert_int_eq(t->nodes[ab_kid(t, d, 0)].value, want0);
		ck_assert_int_eq(t->nodes[ab_kid(t, d, 1)].value, want1);
		ck_assert_int_eq(t->nodes[ab_kid(t, copy, 0)].value, want0);
		ck_assert_int_eq(t->nodes[ab_kid(t, copy, 1)].value, want1);
		struct ab_str text = AB_STR_INIT;
		ab_tree_write(t, &text);
		struct ab_tree *back = tree_ok(text.s);
		uint32_t back_copy = ab_tree_find(back, "C2");
		ck_assert_int_eq(back->nodes[ab_kid(back, back_copy, 0)].value, want0);
		ck_assert_int_eq(back->nodes[ab_kid(back, back_copy, 1)].value, want1);
		ab_tree_free(back);
		ab_str_free(&text);
	}
	ab_tree_free(t);
}
END_TEST

/* ---- Writing back ------------------------------------------------------- */

START_TEST(test_write)
{
	struct ab_str s = AB_STR_INIT;
	struct ab_tree *t = tree_ok(lecture_bare);
	ab_tree_write(t, &s);
	ck_assert_str_eq(s.s, "[[3,12,8],[2,4,6],[14,5,2]]\n");
	ab_tree_free(t);

	ab_str_clear(&s);
	t = tree_ok("title: T\nsource: S\nroot: min\n"
		     "A[ B1=3 [1 -2] c'=-4 ]");
	ab_tree_write(t, &s);
	ck_assert_str_eq(s.s, "title: T\nroot: min\nsource: S\n"
			      "A[B1=3 [1 -2] c'=-4]\n");
	ab_tree_free(t);

	/* Header text that could not be read back is tamed. */
	ab_str_clear(&s);
	t = tree_ok("[1 2]");
	ab_tree_set_title(t, "two\nlines");
	ab_tree_write(t, &s);
	ck_assert_str_eq(s.s, "title: two lines\n[1,2]\n");
	ab_tree_free(t);
	ab_str_free(&s);
}
END_TEST

/* A small deterministic generator, so failures repeat. */
static uint64_t rng_state;

static uint32_t rng(uint32_t n)
{
	rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
	return (uint32_t)(rng_state >> 33) % n;
}

/* Labels drawn from a small pool, so textbook names collide often. */
static void random_label(char *buf, size_t size)
{
	static const char *const heads[] = { "A", "B", "C", "x'", "_",
		"\xc3\xa9", "\xe7\x94\xb2", "root" };
	int n = snprintf(buf, size, "%s", heads[rng(8)]);
	for (uint32_t k = rng(3); k > 0 && (size_t)n + 2 < size; k--)
		buf[n++] = (char)('1' + rng(3));
	if (rng(6) == 0 && (size_t)n + 2 < size)
		buf[n++] = '\'';
	buf[n] = '\0';
}

static struct ab_tree *random_tree(uint32_t max_nodes, uint32_t max_depth)
{
	struct ab_tree *t = ab_tree_new();
	struct {
		uint32_t node, left;
	} stack[64];
	size_t sp = 0;
	uint32_t root;
	char label[40];
	random_label(label, sizeof label);
	bool labelled = rng(2);
	ck_assert_int_eq(ab_tree_add(t, AB_NONE, labelled ? label : NULL,
				     labelled ? strlen(label) : 0, 0, &root),
			 AB_BUILD_OK);
	stack[sp++].node = root;
	stack[0].left = 1 + rng(4);
	while (sp) {
		if (!stack[sp - 1].left) {
			sp--;
			continue;
		}
		stack[sp - 1].left--;
		uint32_t depth = (uint32_t)sp;
		bool inner = depth < max_depth && t->count < max_nodes &&
			     rng(3) == 0;
		ab_value value = 0;
		if (!inner) {
			switch (rng(4)) {
			case 0:
				value = AB_VALUE_MAX - rng(3);
				break;
			case 1:
				value = -AB_VALUE_MAX + rng(3);
				break;
			default:
				value = (ab_value)rng(41) - 20;
			}
		}
		uint32_t n;
		enum ab_build_status st = AB_BUILD_DUPLICATE_LABEL;
		if (rng(3) == 0) {
			random_label(label, sizeof label);
			st = ab_tree_add(t, stack[sp - 1].node, label,
					 strlen(label), value, &n);
		}
		if (st != AB_BUILD_OK)
			ck_assert_int_eq(ab_tree_add(t, stack[sp - 1].node,
						     NULL, 0, value, &n),
					 AB_BUILD_OK);
		if (inner) {
			stack[sp].node = n;
			stack[sp++].left = 1 + rng(4);
		}
	}
	ab_tree_finish(t);
	t->root_player = rng(2) ? AB_MIN : AB_MAX;
	if (rng(2))
		ab_tree_set_title(t, "A random tree: [x] / y");
	if (rng(2))
		ab_tree_set_source(t, "test_tree.c");
	return t;
}

START_TEST(test_random_round_trip)
{
	rng_state = 12345;
	struct ab_str s = AB_STR_INIT;
	for (int round = 0; round < 300; round++) {
		struct ab_tree *t = random_tree(round < 250 ? 40 : 2000, 12);
		ab_str_clear(&s);
		ab_tree_write(t, &s);
		struct ab_tree *back = tree_ok(s.s);
		assert_same_tree(t, back);
		assert_names_round_trip(t);
		struct ab_tree *copy = ab_tree_clone(t);
		assert_same_tree(t, copy);
		ab_tree_free(copy);
		ab_tree_free(back);
		ab_tree_free(t);
	}
	ab_str_free(&s);
}
END_TEST

/* What the builder lays out as each subtree completes, against a plain
 * recomputation: children lists, counts, uniformity, and the ranks and
 * subtree ends filled on first use (before and after swaps). */
static void assert_layout(const struct ab_tree *t)
{
	uint32_t leaves = 0, height = 0, *seen = calloc(t->count, sizeof *seen);
	for (uint32_t n = 0; n < t->count; n++) {
		const struct ab_node *node = &t->nodes[n];
		if (!node->nkids) {
			leaves++;
			if (node->depth > height)
				height = node->depth;
		}
		for (uint32_t i = 0; i < node->nkids; i++) {
			uint32_t kid = ab_kid(t, n, i);
			ck_assert_uint_lt(kid, t->count);
			ck_assert_uint_eq(t->nodes[kid].parent, n);
			ck_assert_uint_eq(ab_rank(t, kid), i);
			seen[kid]++;
		}
		/* The subtree is every later node until one no deeper. */
		uint32_t end = n + 1;
		while (end < t->count && t->nodes[end].depth > node->depth)
			end++;
		ck_assert_uint_eq(ab_end(t, n), end);
	}
	for (uint32_t n = 1; n < t->count; n++)
		ck_assert_uint_eq(seen[n], 1); /* each node one parent's child */
	free(seen);
	ck_assert_uint_eq(t->leaves, leaves);
	ck_assert_uint_eq(t->height, height);
}

START_TEST(test_layout_as_built)
{
	rng_state = 777;
	for (int round = 0; round < 200; round++) {
		struct ab_tree *t = random_tree(round < 150 ? 40 : 3000, 10);
		/* Ranks looked up among the siblings, then (once the looks
		 * add up to a pass) from the spans. */
		for (uint32_t n = 0; n < t->count; n++) {
			uint32_t p = t->nodes[n].parent;
			uint32_t i = 0;
			while (p != AB_NONE && ab_kid(t, p, i) != n)
				i++;
			ck_assert_uint_eq(ab_rank(t, n), i);
		}
		ck_assert_uint_le(t->rank_looks, (uint64_t)t->count + 64);
		/* Swaps before the spans are filled, and after. */
		for (int k = 0; k < 2; k++) {
			uint32_t n = rng(t->count);
			if (t->nodes[n].nkids >= 2)
				ck_assert(ab_tree_swap_kids(t, n, 0,
							    t->nodes[n].nkids - 1));
			assert_layout(t);
		}
		struct ab_tree *copy = ab_tree_clone(t);
		assert_layout(copy);
		ab_tree_free(copy);
		ab_tree_free(t);
	}
	/* A node with many children: its ranks come from the spans. */
	struct ab_tree *wide = ab_tree_new();
	uint32_t root, id;
	ab_tree_add(wide, AB_NONE, NULL, 0, 0, &root);
	for (int i = 0; i < 1000; i++)
		ab_tree_add(wide, root, NULL, 0, i, &id);
	ab_tree_finish(wide);
	/* One name costs no pass; naming them all fills the spans. */
	ck_assert_uint_eq(ab_rank(wide, id), 999);
	ck_assert_ptr_null(wide->spans);
	for (uint32_t i = 0; i < 1000; i++)
		ck_assert_uint_eq(ab_rank(wide, ab_kid(wide, root, i)), i);
	ck_assert_ptr_nonnull(wide->spans);
	ck_assert(wide->uniform);
	ck_assert_uint_eq(wide->branching, 1000);
	assert_layout(wide);
	ab_tree_free(wide);
}
END_TEST

/* A chain AB_MAX_DEPTH deep: every walk must be iterative. */
START_TEST(test_deep_chain)
{
	struct ab_tree *t = ab_tree_new();
	uint32_t parent = AB_NONE, n;
	ck_assert_int_eq(ab_tree_add(t, AB_NONE, "A", 1, 0, &parent),
			 AB_BUILD_OK);
	for (uint32_t d = 1; d < AB_MAX_DEPTH; d++) {
		ck_assert_int_eq(ab_tree_add(t, parent, NULL, 0, (ab_value)d,
					     NULL), AB_BUILD_OK);
		ck_assert_int_eq(ab_tree_add(t, parent, NULL, 0, 0, &n),
				 AB_BUILD_OK);
		parent = n;
	}
	ck_assert_int_eq(ab_tree_add(t, parent, NULL, 0, -1, NULL), AB_BUILD_OK);
	ck_assert_int_eq(ab_tree_add(t, parent, NULL, 0, -2, &n), AB_BUILD_OK);
	ab_tree_finish(t);
	ck_assert_uint_eq(t->height, AB_MAX_DEPTH);
	ck_assert_uint_eq(t->count, 2 * AB_MAX_DEPTH + 1);
	ck_assert_uint_eq(ab_end(t, 0), t->count);
	ck_assert_uint_eq(t->nodes[n].depth, AB_MAX_DEPTH);

	struct ab_str s = AB_STR_INIT;
	ab_tree_path(t, n, &s);
	ck_assert_uint_eq(s.len, 2 * AB_MAX_DEPTH - 1);
	ck_assert_uint_eq(ab_tree_find(t, s.s), n);
	/* Its textbook name would be "A2.2.2..." of 20,000 bytes: it is
	 * shown by number instead, and found by that number. */
	ab_str_clear(&s);
	ab_tree_name(t, n, &s);
	char want[32];
	snprintf(want, sizeof want, "@%u", (unsigned)n);
	ck_assert_str_eq(s.s, want);
	ck_assert_uint_eq(ab_tree_find(t, s.s), n);
	/* Shallow nodes keep their textbook names; every name is at most
	 * AB_MAX_NAME bytes and leads back. */
	ab_str_clear(&s);
	ab_tree_name(t, ab_kid(t, ab_kid(t, 0, 1), 1), &s);
	ck_assert_str_eq(s.s, "A2.2");
	for (uint32_t m = 0; m < t->count; m++) {
		ab_str_clear(&s);
		ab_tree_name(t, m, &s);
		ck_assert_uint_le(s.len, AB_MAX_NAME);
		ck_assert_uint_eq(ab_tree_find(t, s.s), m);
	}
	ck_assert_uint_eq(ab_tree_find(t, "@0"), 0);
	ck_assert_uint_eq(ab_tree_find(t, "@00"), AB_NONE);
	ck_assert_uint_eq(ab_tree_find(t, "@99999999"), AB_NONE);
	ck_assert_uint_eq(ab_tree_find(t, "@99999999999999999999"), AB_NONE);
	ck_assert_uint_eq(ab_tree_find(t, "@"), AB_NONE);
	ck_assert_uint_eq(ab_tree_find(t, "@1x"), AB_NONE);

	ab_value *v = ab_xmalloc(t->count * sizeof *v);
	ab_tree_minimax_values(t, AB_MAX, v);
	/* The innermost node is at depth 9999, a MIN node: min(-1,-2). */
	ck_assert_int_eq(v[t->nodes[n].parent], -2);
	free(v);

	ab_str_clear(&s);
	ab_tree_write(t, &s);
	struct ab_tree *back = tree_ok(s.s);
	assert_same_tree(t, back);
	struct ab_tree *copy = ab_tree_clone(t);
	assert_same_tree(t, copy);
	ck_assert(ab_tree_uniform(t, NULL, NULL) == false);
	ab_tree_free(copy);
	ab_tree_free(back);
	ab_str_free(&s);
	ab_tree_free(t);
}
END_TEST

/* Labels the builder is told are new: not looked up while building, and
 * found by name afterwards all the same (the hash is built on the first
 * lookup), also beside labels added the ordinary way, and in a clone. */
START_TEST(test_new_labels)
{
	struct ab_tree *t = ab_tree_new();
	uint32_t root, a, b, c;
	ck_assert_int_eq(ab_tree_add(t, AB_NONE, "R", 1, 0, &root), AB_BUILD_OK);
	ck_assert_int_eq(ab_tree_add_new_label(t, root, "b2", 2, 0, &a), AB_BUILD_OK);
	ck_assert_int_eq(ab_tree_add_new_label(t, a, "b2a1", 4, 7, &b), AB_BUILD_OK);
	/* An ordinary label still meets every earlier one. */
	ck_assert_int_eq(ab_tree_add(t, a, "b2a1", 4, 1, NULL), AB_BUILD_DUPLICATE_LABEL);
	ck_assert_int_eq(ab_tree_add(t, a, "b2c3", 4, 1, &c), AB_BUILD_OK);
	for (int i = 0; i < 40; i++) {
		char label[8];
		snprintf(label, sizeof label, "c%d", i);
		ck_assert_int_eq(ab_tree_add_new_label(t, root, label, strlen(label), i, NULL),
				 AB_BUILD_OK);
	}
	ab_tree_finish(t);
	struct ab_tree *copy = ab_tree_clone(t); /* before any lookup */
	ck_assert_uint_eq(ab_tree_find(t, "b2"), a);
	ck_assert_uint_eq(ab_tree_find(t, "b2a1"), b);
	ck_assert_uint_eq(ab_tree_find(t, "b2c3"), c);
	ck_assert_uint_eq(t->nodes[ab_tree_find(t, "c39")].value, 39);
	ck_assert_uint_eq(ab_tree_find(t, "c40"), AB_NONE);
	ck_assert_uint_eq(ab_tree_find(copy, "c17"), ab_tree_find(t, "c17"));
	ck_assert_uint_eq(ab_tree_find(copy, "b2a1"), b);
	ab_tree_free(copy);
	ab_tree_free(t);
}
END_TEST

static Suite *tree_suite(void)
{
	Suite *s = suite_create("tree");
	TCase *tc = tcase_create("tree");
	tcase_add_test(tc, test_build);
	tcase_add_test(tc, test_names_labelled);
	tcase_add_test(tc, test_names_unlabelled);
	tcase_add_test(tc, test_names_textbook);
	tcase_add_test(tc, test_uniform);
	tcase_add_test(tc, test_minimax);
	tcase_add_test(tc, test_edits);
	tcase_add_test(tc, test_swap_transposition);
	tcase_add_test(tc, test_write);
	tcase_add_test(tc, test_random_round_trip);
	tcase_add_test(tc, test_layout_as_built);
	tcase_add_test(tc, test_deep_chain);
	tcase_add_test(tc, test_new_labels);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(tree_suite());
}
