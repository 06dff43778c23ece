/* test_layout.c - the replay's layout: boxes never overlap, every box
 * lies in its subtree's columns, parents sit over their children, the
 * current node is in view after following it, and a click finds the box
 * it lands on.  On every bundled tree and on random trees, in both glyph
 * sets. */
#include <check.h>
#include <stdlib.h>

#include "views/format.h"
#include "sources/load.h"
#include "randtree.h"
#include "testutil.h"
#include "core/trace.h"
#include "views/layout.h"

/* Every bundled tree (testutil.h). */
#define NBUNDLED ab_test_nbundled()
#define NRANDOM 200

static struct ab_tree *tree_for(int i)
{
	if ((size_t)i < NBUNDLED)
		return tree_ok(ab_test_bundled(NULL)[i]);
	struct ab_rng rng;
	ab_rng_seed(&rng, (uint64_t)i * 7919u);
	struct randtree_shape shape = {
		.min_kids = 1, .max_kids = 1 + (uint32_t)(i % 5), .depth = 1 + (uint32_t)(i % 6),
		.uniform = i % 4 == 0, .lo = i % 3 == 0 ? -1000 : -9, .hi = i % 3 == 0 ? 100000 : 99,
	};
	return randtree(&rng, &shape);
}

/* No two boxes on the same row share a column, and each box lies inside
 * its subtree's range, which lies inside its parent's. */
static void check_no_overlap(const struct ab_layout *l, const struct ab_tree *t)
{
	for (uint32_t n = 0; n < t->count; n++) {
		ck_assert_uint_ge(l->x[n], l->sub_x[n]);
		ck_assert_uint_le(l->x[n] + l->w[n], l->sub_x[n] + l->sub_w[n]);
		ck_assert_uint_le(l->x[n] + l->w[n], l->width);
		ck_assert_uint_lt(ab_layout_row(l, t, n) + 1, l->height);
		uint32_t p = t->nodes[n].parent;
		if (p != AB_NONE) {
			ck_assert_uint_ge(l->sub_x[n], l->sub_x[p]);
			ck_assert_uint_le(l->sub_x[n] + l->sub_w[n], l->sub_x[p] + l->sub_w[p]);
		}
	}
	/* Nodes of one depth, in preorder (by the children's current order),
	 * run strictly left to right. */
	uint32_t *last_end = calloc(t->height + 1, sizeof *last_end);
	uint32_t *order = calloc(t->count, sizeof *order), *line = calloc(t->count, sizeof *line);
	ab_outline_order(t, order, line);
	for (uint32_t i = 0; i < t->count; i++) {
		uint32_t n = order[i];
		ck_assert_uint_eq(line[n], i);
		uint32_t d = t->nodes[n].depth;
		ck_assert_msg(l->x[n] >= last_end[d], "node %u overlaps its left neighbour", n);
		last_end[d] = l->x[n] + l->w[n];
	}
	free(last_end);
	free(order);
	free(line);
}

/* A parent's centre lies between its first and last child's centres. */
static void check_parents_centred(const struct ab_layout *l, const struct ab_tree *t)
{
	for (uint32_t n = 0; n < t->count; n++) {
		uint32_t k = t->nodes[n].nkids;
		if (!k)
			continue;
		uint32_t c = ab_layout_centre(l, n);
		uint32_t first = l->x[ab_kid(t, n, 0)], last_kid = ab_kid(t, n, k - 1);
		ck_assert_uint_ge(c + l->w[n], first);
		ck_assert_uint_le(c, l->x[last_kid] + l->w[last_kid]);
	}
}

static void check_follow(const struct ab_layout *l, const struct ab_tree *t, uint64_t seed)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, seed);
	struct ab_scroll s = { 0, 0 };
	for (int k = 0; k < 300; k++) {
		uint32_t n = (uint32_t)ab_rng_below(&rng, t->count);
		uint32_t cols = 2 + (uint32_t)ab_rng_below(&rng, 120);
		uint32_t rows = 2 + (uint32_t)ab_rng_below(&rng, 40);
		if (k % 3 == 0) { /* the user scrolled somewhere first */
			s.x = (uint32_t)ab_rng_below(&rng, l->width + 1);
			s.y = (uint32_t)ab_rng_below(&rng, l->height + 1);
		}
		ab_layout_follow(l, t, n, cols, rows, &s);
		uint32_t y = ab_layout_row(l, t, n);
		ck_assert_uint_ge(y, s.y);
		ck_assert_uint_le(y + AB_LAYOUT_BOX_ROWS, s.y + rows);
		ck_assert_uint_ge(l->x[n], s.x);
		if (l->w[n] <= cols)
			ck_assert_uint_le(l->x[n] + l->w[n], s.x + cols);
		ck_assert(ab_layout_subtree_visible(l, t, n, &s, cols, rows));
		/* The outline too. */
		uint32_t top = (uint32_t)ab_rng_below(&rng, t->count);
		ab_outline_follow(t->count, n, rows, &top);
		ck_assert_uint_ge(n, top);
		ck_assert_uint_lt(n, top + rows);
	}
}

static void check_hit(const struct ab_layout *l, const struct ab_tree *t)
{
	for (uint32_t n = 0; n < t->count; n++) {
		uint32_t y = ab_layout_row(l, t, n);
		for (uint32_t dx = 0; dx < l->w[n]; dx++)
			ck_assert_uint_eq(ab_layout_hit(l, t, l->x[n] + dx, y + 1), n);
	}
	ck_assert_uint_eq(ab_layout_hit(l, t, l->width + 5, 0), AB_NONE);
}

START_TEST(test_layout_properties)
{
	struct ab_tree *t = tree_for(_i);
	if (_i % 2) {
		/* The replay's "what if" swaps: the layout follows the kids. */
		struct ab_rng rng;
		ab_rng_seed(&rng, (uint64_t)_i);
		for (int k = 0; k < 20; k++) {
			uint32_t n = (uint32_t)ab_rng_below(&rng, t->count);
			uint32_t kids = t->nodes[n].nkids;
			if (kids > 1)
				ck_assert(ab_tree_swap_kids(t, n, (uint32_t)ab_rng_below(&rng, kids),
							    (uint32_t)ab_rng_below(&rng, kids)));
		}
	}
	const struct ab_glyphs *sets[] = { &ab_glyphs_utf8, &ab_glyphs_ascii };
	/* The usual layout, the presenter's (spread, its levels apart) and
	 * the compact one of a narrow screen. */
	const struct ab_layout_options opts[] = {
		{ 0 }, { .spread = 3, .level_rows = 7 }, { .compact = true },
	};
	for (int g = 0; g < 6; g++) {
		struct ab_layout l;
		ab_layout_compute_with(&l, t, sets[g % 2], &opts[g / 2]);
		ck_assert_uint_eq(l.count, t->count);
		ck_assert_uint_eq(l.height, t->height * (g / 2 == 1 ? 7 : AB_LAYOUT_LEVEL_ROWS) +
						    AB_LAYOUT_BOX_ROWS);
		check_no_overlap(&l, t);
		check_parents_centred(&l, t);
		check_follow(&l, t, (uint64_t)_i * 31u + (uint64_t)g);
		check_hit(&l, t);
		ab_layout_free(&l);
	}
	ab_tree_free(t);
}
END_TEST

/* Boxes are wide enough for the widest text a step can put in them. */
START_TEST(test_lecture_boxes)
{
	struct ab_tree *t = tree_ok("lecture");
	struct ab_layout l;
	ab_layout_compute(&l, t, &ab_glyphs_utf8);
	uint32_t a = ab_tree_find(t, "A"), c2 = ab_tree_find(t, "C2");
	ck_assert_uint_ge(l.w[a], ab_text_width("[-∞, +∞]"));
	ck_assert_uint_ge(l.w[a], ab_text_width("▲A ≤ 14"));
	ck_assert_uint_ge(l.w[c2], ab_text_width("✂4"));
	ck_assert_uint_eq(l.height, 2 * AB_LAYOUT_LEVEL_ROWS + AB_LAYOUT_BOX_ROWS);
	ab_layout_free(&l);
	ab_layout_compute(&l, t, &ab_glyphs_ascii);
	ck_assert_uint_ge(l.w[a], ab_text_width("[-inf, +inf]"));
	ab_layout_free(&l);
	/* Compact: a leaf as wide as its value (and a cut mark), not its
	 * name; the inner boxes as they were. */
	ab_layout_compute_with(&l, t, &ab_glyphs_utf8, &(struct ab_layout_options){ .compact = true });
	ck_assert_uint_eq(l.w[c2], ab_text_width("✂4"));
	ck_assert_uint_ge(l.w[a], ab_text_width("[-∞, +∞]"));
	ab_layout_free(&l);
	ab_tree_free(t);
}
END_TEST

static const struct {
	const char *text;
	unsigned width;
} widths[] = {
	{ "", 0 }, { "abc", 3 }, { "α ≤ β", 5 }, { "✂4", 2 }, { "[-∞, +∞]", 8 },
	{ "名前", 4 }, { "\xff", 1 },
};

START_TEST(test_text_width)
{
	ck_assert_uint_eq(ab_text_width(widths[_i].text), widths[_i].width);
}
END_TEST

/* A deep chain (no recursion in the layout) and a single leaf. */
START_TEST(test_degenerate_trees)
{
	struct ab_tree *t = ab_tree_new();
	uint32_t id, parent = AB_NONE;
	for (int i = 0; i < 5000; i++) {
		ab_tree_add(t, parent, NULL, 0, 0, &id);
		parent = id;
	}
	ab_tree_add(t, parent, NULL, 0, 42, &id);
	ab_tree_finish(t);
	struct ab_layout l;
	ab_layout_compute(&l, t, &ab_glyphs_utf8);
	check_no_overlap(&l, t);
	struct ab_scroll s = { 0, 0 };
	ab_layout_follow(&l, t, id, 80, 20, &s);
	ck_assert_uint_ge(ab_layout_row(&l, t, id), s.y);
	ck_assert_uint_eq(ab_outline_indent(t, id), AB_OUTLINE_MAX_INDENT);
	ab_layout_free(&l);
	ab_tree_free(t);

	t = ab_tree_new();
	ab_tree_add(t, AB_NONE, NULL, 0, 7, &id);
	ab_tree_finish(t);
	ab_layout_compute(&l, t, &ab_glyphs_utf8);
	ck_assert_uint_eq(l.height, AB_LAYOUT_BOX_ROWS);
	ck_assert_uint_eq(ab_layout_hit(&l, t, l.x[0], 0), 0);
	ab_layout_free(&l);
	ab_tree_free(t);
}
END_TEST

/* Stepping through a search in a small view, scrolled by hand now and
 * then, the node of every step is in view once followed. */
START_TEST(test_current_in_view_while_stepping)
{
	struct ab_tree *t = tree_for(_i);
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_trace *tr = ab_trace_record(t, &config);
	struct ab_layout l;
	ab_layout_compute(&l, t, &ab_glyphs_utf8);
	struct ab_scroll s = { 0, 0 };
	uint32_t top = 0;
	while (ab_trace_forward(tr)) {
		uint32_t n = ab_trace_current(tr);
		if (tr->step % 7 == 0)
			s.x = s.y = top = 0;
		ab_layout_follow(&l, t, n, 24, 6, &s);
		ck_assert(ab_layout_subtree_visible(&l, t, n, &s, 24, 6));
		ck_assert_uint_ge(ab_layout_row(&l, t, n), s.y);
		ck_assert_uint_le(ab_layout_row(&l, t, n) + AB_LAYOUT_BOX_ROWS, s.y + 6);
		ck_assert_uint_ge(l.x[n], s.x);
		ab_outline_follow(t->count, n, 5, &top);
		ck_assert(n >= top && n < top + 5);
	}
	ab_layout_free(&l);
	ab_trace_free(tr);
	ab_tree_free(t);
}
END_TEST

static Suite *layout_suite(void)
{
	Suite *s = suite_create("layout");
	TCase *tc = tcase_create("layout");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_lecture_boxes);
	tcase_add_loop_test(tc, test_current_in_view_while_stepping, 0, (int)NBUNDLED + 20);
	tcase_add_loop_test(tc, test_text_width, 0, sizeof widths / sizeof widths[0]);
	tcase_add_test(tc, test_degenerate_trees);
	suite_add_tcase(s, tc);
	/* Every bundled tree and 200 random ones: the slow suite
	 * (tests/meson.build). */
	tc = tcase_create("properties");
	tcase_set_tags(tc, "slow");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_layout_properties, 0, (int)NBUNDLED + NRANDOM);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(layout_suite());
}
