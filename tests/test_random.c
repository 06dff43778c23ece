/* test_random.c - random practice trees: the same seed gives the same
 * bytes, every option is respected, the text parses back, and option
 * values and limits are checked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse.h"
#include "sources/random.h"
#include "testutil.h"

static char *tree_text(const struct ab_random_spec *spec)
{
	struct ab_tree *t = ab_random_tree(spec);
	struct ab_str out = AB_STR_INIT;
	ab_tree_write(t, &out);
	ab_tree_free(t);
	return out.s;
}

START_TEST(same_seed_same_bytes)
{
	struct ab_random_spec spec = AB_RANDOM_DEFAULT;
	spec.seed = 7;
	char *a = tree_text(&spec), *b = tree_text(&spec);
	ck_assert_str_eq(a, b);
	/* Pinned bytes: the generator and the drawing order are part of the
	 * contract, so every machine and build prints exactly this. */
	ck_assert_str_eq(a, "title: Random practice tree (seed 7)\n"
			    "source: abtrace random --branching 2-3 --depth 3 --range -9..9 --seed 7\n"
			    "A[B[[0 7] [4 -8 2]] C[[-4 -5 3] [1 9]] D[[-7 2 -5] [-1 6 -4]]]\n");
	spec.seed = 8;
	char *c = tree_text(&spec);
	ck_assert_str_ne(a, c);
	free(a);
	free(b);
	free(c);
}
END_TEST

static const struct ab_random_spec specs[] = {
	{ 2, 3, 3, -9, 9, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 },
	{ 3, 3, 2, 0, 20, true, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 },
	{ 1, 4, 4, -100, 100, false, 0, AB_MIN, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 },
	{ 2, 2, 5, 1, 32, true, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 },
	{ 5, 5, 1, 0, 0, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 },
	{ 20, 20, 2, -AB_VALUE_MAX, AB_VALUE_MAX, true, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 },
	/* Coursework shapes: two MIN agents; chance levels in tenths or equal;
	 * decimals; declared bounds. */
	{ 2, 3, 3, -9, 9, false, 4, AB_MAX, { AB_MAX, AB_MIN, AB_MIN }, 3, AB_RANDOM_TENTHS, false, 0 },
	{ 2, 3, 3, 0, 10, false, 5, AB_MAX, { AB_MAX, AB_CHANCE, AB_MIN }, 3, AB_RANDOM_TENTHS, true, 1 },
	{ 1, 4, 4, -5, 5, false, 6, AB_MAX, { AB_MAX, AB_CHANCE }, 2, AB_RANDOM_EQUAL, true, 2 },
	{ 2, 2, 3, 0, 1, true, 7, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 3 },
};

/* Every option respected, over many seeds, and the text parses back to the
 * same tree (written again byte for byte). */
START_TEST(options_respected)
{
	struct ab_random_spec spec = specs[_i];
	struct ab_str why = AB_STR_INIT;
	ck_assert_msg(ab_random_check(&spec, &why), "%s", ab_str_cstr(&why));
	for (uint64_t seed = 0; seed < 200; seed++) {
		spec.seed = seed * 7919 + 1;
		struct ab_tree *t = ab_random_tree(&spec);
		ck_assert_int_eq(t->root_player, spec.root);
		ck_assert_uint_eq(t->height, spec.depth);
		/* Counted, then asserted once: Check's asserts are slow in loops. */
		uint32_t bad_kids = 0, bad_depth = 0, bad_value = 0, repeated = 0;
		for (uint32_t n = 0; n < t->count; n++) {
			const struct ab_node *node = &t->nodes[n];
			if (node->nkids) {
				bad_kids += node->nkids < spec.bmin || node->nkids > spec.bmax;
				continue;
			}
			bad_depth += node->depth != spec.depth;
			bad_value += node->value < spec.lo * t->scale || node->value > spec.hi * t->scale;
			if (spec.distinct)
				for (uint32_t m = 0; m < n; m++)
					repeated += !t->nodes[m].nkids && t->nodes[m].value == node->value;
		}
		ck_assert_uint_eq(bad_kids, 0);
		ck_assert_uint_eq(bad_depth, 0);
		ck_assert_uint_eq(bad_value, 0);
		ck_assert_uint_eq(repeated, 0);
		struct ab_str text = AB_STR_INIT, again = AB_STR_INIT;
		ab_tree_write(t, &text);
		struct ab_tree *back = tree_ok(text.s);
		ck_assert_uint_eq(back->count, t->count);
		ab_tree_write(back, &again);
		ck_assert_str_eq(text.s, again.s);
		ck_assert_str_eq(back->source, t->source);
		/* The source line is the command that remakes it. */
		struct ab_str command = AB_STR_INIT;
		ab_random_command(&spec, &command);
		ck_assert_str_eq(back->source, command.s);
		ck_assert_ptr_nonnull(strstr(command.s, spec.distinct ? " --distinct" : " --seed"));
		ab_str_free(&command);
		ab_str_free(&text);
		ab_str_free(&again);
		ab_tree_free(back);
		ab_tree_free(t);
	}
	ab_str_free(&why);
}
END_TEST

/* Names: A at the root, B, C, ... below it, so textbook names work. */
START_TEST(textbook_names)
{
	struct ab_random_spec spec = AB_RANDOM_DEFAULT;
	spec.bmin = spec.bmax = 3;
	spec.depth = 2;
	spec.seed = 1;
	struct ab_tree *t = ab_random_tree(&spec);
	ck_assert_uint_eq(ab_tree_find(t, "A"), 0);
	ck_assert_uint_eq(ab_tree_find(t, "D"), ab_kid(t, 0, 2));
	ck_assert_uint_eq(ab_tree_find(t, "C2"), ab_kid(t, ab_kid(t, 0, 1), 1));
	ab_tree_free(t);
}
END_TEST

static const struct option_case {
	int which;          /* 0 branching, 1 depth, 2 range, 3 seed */
	const char *text;
	bool ok;
	uint64_t a, b;      /* the fields it sets when ok */
} option_cases[] = {
	{ 0, "3", true, 3, 3 },
	{ 0, "2-4", true, 2, 4 },
	{ 0, "20", true, 20, 20 },
	{ 0, "21", false, 0, 0 },
	{ 0, "0", false, 0, 0 },
	{ 0, "4-2", false, 0, 0 },
	{ 0, "2-", false, 0, 0 },
	{ 0, "-2", false, 0, 0 },
	{ 0, "x", false, 0, 0 },
	{ 0, "", false, 0, 0 },
	{ 1, "1", true, 1, 0 },
	{ 1, "20", true, 20, 0 },
	{ 1, "0", false, 0, 0 },
	{ 1, "21", false, 0, 0 },
	{ 1, "3.5", false, 0, 0 },
	{ 2, "-9..9", true, (uint64_t)-9, 9 },
	{ 2, "0..0", true, 0, 0 },
	{ 2, "-999999999999999..999999999999999", true, (uint64_t)-AB_VALUE_MAX, AB_VALUE_MAX },
	{ 2, "0..1000000000000000", false, 0, 0 },
	{ 2, "5..1", false, 0, 0 },
	{ 2, "1-5", false, 0, 0 },
	{ 2, "..5", false, 0, 0 },
	{ 2, "1..", false, 0, 0 },
	{ 3, "0", true, 0, 0 },
	{ 3, "18446744073709551615", true, UINT64_MAX, 0 },
	{ 3, "18446744073709551616", false, 0, 0 },
	{ 3, "-1", false, 0, 0 },
	{ 3, "", false, 0, 0 },
};

START_TEST(option_values)
{
	const struct option_case *c = &option_cases[_i];
	struct ab_random_spec spec = AB_RANDOM_DEFAULT, before = spec;
	const char *why = c->which == 0 ? ab_random_parse_branching(c->text, &spec)
			: c->which == 1 ? ab_random_parse_depth(c->text, &spec)
			: c->which == 2 ? ab_random_parse_range(c->text, &spec)
			: ab_random_parse_seed(c->text, &spec);
	ck_assert_msg(!why == c->ok, "case %d '%s': %s", _i, c->text, why ? why : "accepted");
	if (!c->ok) {
		/* Field by field: memcmp would read the padding. */
		ck_assert(spec.bmin == before.bmin && spec.bmax == before.bmax);
		ck_assert(spec.depth == before.depth && spec.lo == before.lo && spec.hi == before.hi);
		ck_assert(spec.distinct == before.distinct && spec.seed == before.seed);
		ck_assert(spec.root == before.root);
		return;
	}
	switch (c->which) {
	case 0: ck_assert_uint_eq(spec.bmin, c->a); ck_assert_uint_eq(spec.bmax, c->b); break;
	case 1: ck_assert_uint_eq(spec.depth, c->a); break;
	case 2: ck_assert_int_eq(spec.lo, (ab_value)c->a); ck_assert_int_eq(spec.hi, (ab_value)c->b); break;
	default: ck_assert(spec.seed == c->a); break;
	}
}
END_TEST

static const struct limit_case {
	struct ab_random_spec spec;
	const char *message;  /* NULL: within the limits */
} limit_cases[] = {
	{ { 2, 3, 3, -9, 9, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 }, NULL },
	{ { 2, 3, 3, -9, 9, true, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 }, "--distinct needs at least as many values as leaves: --range -9..9 has 19 values, but the tree can have up to 27 leaves" },
	{ { 2, 3, 3, 1, 27, true, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 }, NULL },
	{ { 20, 20, 20, 0, 9, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 }, "could make more than 1000000 nodes" },
	{ { 10, 10, 5, 0, 9, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 }, NULL },
	{ { 10, 10, 6, 0, 9, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 }, "could make more than" },
	{ { 2, 2, 0, 0, 9, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 }, "--depth" },
	{ { 0, 2, 2, 0, 9, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 }, "--branching" },
	{ { 2, 2, 2, 9, 0, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 }, "--range" },
	{ { 2, 12, 2, 0, 9, false, 0, AB_MAX, { AB_MAX, AB_CHANCE }, 2, AB_RANDOM_TENTHS, false, 0 },
	  "at most 10 children" },
	{ { 2, 2, 8, -9, 9, false, 0, AB_MAX, { AB_MAX, AB_CHANCE }, 2, AB_RANDOM_TENTHS, false, 0 },
	  "finer exact unit" },
	{ { 2, 2, 4, -9, 9, false, 0, AB_MAX, { AB_MAX, AB_CHANCE }, 2, AB_RANDOM_TENTHS, false, 0 }, NULL },
	{ { 2, 5, 6, -9, 9, false, 0, AB_MAX, { AB_MAX, AB_CHANCE }, 2, AB_RANDOM_EQUAL, false, 2 }, NULL },
	/* Decimals lengthen every value: what a tree file holds, no more. */
	{ { 2, 2, 2, -999999999999999, 999999999999999, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 3 },
	  "would write values of more than 15 digits" },
	{ { 2, 2, 2, -999999999999, 999999999999, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 3 }, NULL },
	{ { 2, 2, 2, -1000000000000, 0, false, 0, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 3 },
	  "would write values of more than 15 digits" },
};

START_TEST(limits)
{
	const struct limit_case *c = &limit_cases[_i];
	struct ab_str why = AB_STR_INIT;
	bool ok = ab_random_check(&c->spec, &why);
	ck_assert_msg(ok == !c->message, "case %d: %s", _i, ab_str_cstr(&why));
	if (c->message)
		ck_assert_msg(strstr(ab_str_cstr(&why), c->message), "case %d: %s", _i, ab_str_cstr(&why));
	ab_str_free(&why);
}
END_TEST

/* A tree near the node limit is drawn and parses back. */
START_TEST(largest)
{
	struct ab_random_spec spec = { 15, 15, 5, 0, 9, false, 99, AB_MAX, { AB_MAX }, 0, AB_RANDOM_TENTHS, false, 0 };
	struct ab_str why = AB_STR_INIT;
	ck_assert(ab_random_check(&spec, &why));
	ab_str_free(&why);
	struct ab_tree *t = ab_random_tree(&spec);
	ck_assert_uint_eq(t->leaves, 759375);
	struct ab_str text = AB_STR_INIT;
	ab_tree_write(t, &text);
	struct ab_tree *back = tree_ok(text.s);
	ck_assert_uint_eq(back->count, t->count);
	ab_tree_free(back);
	ab_str_free(&text);
	ab_tree_free(t);
}
END_TEST

static Suite *random_suite(void)
{
	Suite *s = suite_create("random");
	TCase *tc = tcase_create("trees");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, same_seed_same_bytes);
	tcase_add_loop_test(tc, options_respected, 0, sizeof specs / sizeof specs[0]);
	tcase_add_test(tc, textbook_names);
	tcase_add_loop_test(tc, option_values, 0, sizeof option_cases / sizeof option_cases[0]);
	tcase_add_loop_test(tc, limits, 0, sizeof limit_cases / sizeof limit_cases[0]);
	tcase_add_test(tc, largest);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(random_suite());
}
