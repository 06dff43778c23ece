/* test_prompts.c - the replay's typed lines read (src/tui/prompts.c): the
 * line being typed, its words, and what e, s, /, w and E make of them, on
 * bundled trees (plain, bounded with chance, chance without bounds, with
 * decimals).  Expected nodes are found by name and expected values written
 * back through the tree's own format, never copied as numbers.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "loadtree.h"
#include "testutil.h"
#include "tui/prompts.h"
#include "views/format.h"

/* ---- The line being typed ------------------------------------------------- */

START_TEST(typing_and_erasing)
{
	struct ab_str line = AB_STR_INIT;
	ck_assert(ab_prompt_type(&line, 'a'));
	/* Control characters and DEL are no text. */
	ck_assert(!ab_prompt_type(&line, '\n'));
	ck_assert(!ab_prompt_type(&line, 0x1B));
	ck_assert(!ab_prompt_type(&line, 0x7F));
	ck_assert(!ab_prompt_type(&line, 0x100));
	ck_assert(!ab_prompt_type(&line, -1));
	/* UTF-8 comes a byte at a time, and goes a character at a time. */
	const char *han = "中";
	for (const char *p = han; *p; p++)
		ck_assert(ab_prompt_type(&line, (unsigned char)*p));
	ck_assert_str_eq(ab_str_cstr(&line), "a中");
	ab_prompt_erase(&line);
	ck_assert_str_eq(ab_str_cstr(&line), "a");
	ab_prompt_erase(&line);
	ab_prompt_erase(&line);
	ck_assert_uint_eq(line.len, 0);
	/* A line holds at most AB_PROMPT_MAX bytes. */
	for (int i = 0; i < AB_PROMPT_MAX; i++)
		ck_assert(ab_prompt_type(&line, 'x'));
	ck_assert(!ab_prompt_type(&line, 'x'));
	ck_assert_uint_eq(line.len, AB_PROMPT_MAX);
	/* Stray continuation bytes go together with what they follow. */
	ab_str_clear(&line);
	ab_prompt_type(&line, 'b');
	ab_prompt_type(&line, 0x80);
	ab_prompt_type(&line, 0x80);
	ab_prompt_erase(&line);
	ck_assert_uint_eq(line.len, 0);
	ab_str_free(&line);
}
END_TEST

/* ---- Words ------------------------------------------------------------------ */

START_TEST(words_and_rest)
{
	char text[] = "  C1, 5\t,x ";
	char *p = text;
	ck_assert_str_eq(ab_prompt_next_word(&p), "C1");
	ck_assert_str_eq(ab_prompt_next_word(&p), "5");
	ck_assert_str_eq(ab_prompt_next_word(&p), "x");
	ck_assert_ptr_null(ab_prompt_next_word(&p));
	ck_assert_ptr_null(ab_prompt_next_word(&p));
	char blank[] = " ,\t, ";
	p = blank;
	ck_assert_ptr_null(ab_prompt_next_word(&p));

	static const struct { const char *typed, *rest; } rests[] = {
		{ "out.tree", "out.tree" },
		{ "  my tree, edited.tree \t", "my tree, edited.tree" },
		{ "\t a ", "a" },
		{ "", NULL },
		{ " \t  ", NULL },
	};
	for (size_t i = 0; i < sizeof rests / sizeof rests[0]; i++) {
		char *copy = ab_xstrdup(rests[i].typed);
		char *rest = ab_prompt_rest(copy);
		if (rests[i].rest)
			ck_assert_msg(rest && strcmp(rest, rests[i].rest) == 0, "'%s' gave '%s'",
				      rests[i].typed, rest ? rest : "(null)");
		else
			ck_assert_msg(!rest, "'%s' gave '%s'", rests[i].typed, rest);
		free(copy);
	}
}
END_TEST

/* ---- Nodes and leaves ------------------------------------------------------- */

/* The name of node n, as the replay shows it. */
static void name_of(const struct ab_tree *t, uint32_t n, struct ab_str *out)
{
	ab_str_clear(out);
	ab_tree_name(t, n, out);
}

START_TEST(nodes_and_leaves)
{
	struct ab_tree *t = load("lecture");
	struct ab_str name = AB_STR_INIT;
	const char *word;
	char *value;
	char a[] = " C2 ";
	uint32_t n = ab_prompt_read_node(t, a, &word);
	ck_assert_uint_ne(n, AB_NONE);
	name_of(t, n, &name);
	ck_assert_str_eq(ab_str_cstr(&name), "C2");
	ck_assert_str_eq(word, "C2");
	char b[] = "nosuch";
	ck_assert_uint_eq(ab_prompt_read_node(t, b, &word), AB_NONE);
	ck_assert_str_eq(word, "nosuch");
	char c[] = "   ";
	ck_assert_uint_eq(ab_prompt_read_node(t, c, &word), AB_NONE);
	ck_assert_str_eq(word, "");

	/* e: a leaf, with or without its new value on the same line. */
	char d[] = "C1";
	n = ab_prompt_read_leaf(t, d, &word, &value);
	ck_assert_uint_eq(n, ab_tree_find(t, "C1"));
	ck_assert_ptr_null(value);
	char e[] = "C1, -3 ";
	n = ab_prompt_read_leaf(t, e, &word, &value);
	ck_assert_uint_eq(n, ab_tree_find(t, "C1"));
	ck_assert_str_eq(value, "-3 ");
	/* An inner node is no leaf. */
	char f[] = "C 5";
	ck_assert_uint_eq(ab_prompt_read_leaf(t, f, &word, &value), AB_NONE);
	ck_assert_str_eq(word, "C");
	ck_assert_ptr_null(value);
	ab_str_free(&name);
	ab_tree_free(t);
}
END_TEST

/* ---- Values ----------------------------------------------------------------- */

static const struct value_case {
	const char *tree, *leaf, *typed;
	enum ab_prompt_value want;
	const char *shown;  /* OK: the value as the tree writes it (ASCII) */
} value_cases[] = {
	{ "lecture", "C1", "7", AB_PROMPT_VALUE_OK, "7" },
	{ "lecture", "C1", " \t-12 ", AB_PROMPT_VALUE_OK, "-12" },
	{ "lecture", "C1", "+4", AB_PROMPT_VALUE_OK, "4" },
	{ "lecture", "C1", "inf", AB_PROMPT_VALUE_OK, "+inf" },
	{ "lecture", "C1", "-inf", AB_PROMPT_VALUE_OK, "-inf" },
	{ "lecture", "C1", "999999999999999", AB_PROMPT_VALUE_OK, "999999999999999" },
	/* Finer than the tree's unit, a word, two numbers, nothing. */
	{ "lecture", "C1", "2.5", AB_PROMPT_VALUE_NOT_NUMBER, NULL },
	{ "lecture", "C1", "seven", AB_PROMPT_VALUE_NOT_NUMBER, NULL },
	{ "lecture", "C1", "1 2", AB_PROMPT_VALUE_NOT_NUMBER, NULL },
	{ "lecture", "C1", "", AB_PROMPT_VALUE_NOT_NUMBER, NULL },
	{ "lecture", "C1", "1/2", AB_PROMPT_VALUE_NOT_NUMBER, NULL },
	{ "lecture", "C1", "infinity", AB_PROMPT_VALUE_NOT_NUMBER, NULL },
	{ "lecture", "C1", "1234567890123456", AB_PROMPT_VALUE_NOT_NUMBER, NULL },
	{ "lecture", "C", "3", AB_PROMPT_VALUE_NOT_LEAF, NULL },
	/* bounds: 0..10, and chance nodes. */
	{ "expectimax", "G2", "10", AB_PROMPT_VALUE_OK, "10" },
	{ "expectimax", "G2", "0", AB_PROMPT_VALUE_OK, "0" },
	{ "expectimax", "G2", "100", AB_PROMPT_VALUE_OUT_OF_BOUNDS, NULL },
	{ "expectimax", "G2", "-1", AB_PROMPT_VALUE_OUT_OF_BOUNDS, NULL },
	{ "expectimax", "G2", "inf", AB_PROMPT_VALUE_OUT_OF_BOUNDS, NULL },
	/* Chance and no bounds: finite values only. */
	{ "dice", "Die1", "-inf", AB_PROMPT_VALUE_INFINITE_CHANCE, NULL },
	{ "dice", "Coin2", "3.5", AB_PROMPT_VALUE_OK, "3.5" },
	{ "dice", "Coin2", "3.0000000001", AB_PROMPT_VALUE_NOT_NUMBER, NULL },
	/* Hundredths: no finer. */
	{ "A[X[1.5 2.25] 3]", "X1", "-0.75", AB_PROMPT_VALUE_OK, "-0.75" },
	{ "A[X[1.5 2.25] 3]", "X1", "0.125", AB_PROMPT_VALUE_NOT_NUMBER, NULL },
};

START_TEST(values)
{
	const struct value_case *c = &value_cases[_i];
	struct ab_tree *t = load(c->tree);
	uint32_t leaf = ab_tree_find(t, c->leaf);
	ck_assert_uint_ne(leaf, AB_NONE);
	ab_value v = 12345;
	enum ab_prompt_value got = ab_prompt_read_value(t, leaf, c->typed, &v);
	ck_assert_msg(got == c->want, "%s %s '%s': %d, not %d", c->tree, c->leaf, c->typed,
		      (int)got, (int)c->want);
	if (got == AB_PROMPT_VALUE_OK) {
		struct ab_str shown = AB_STR_INIT;
		ab_format_value(v, t->scale, &ab_glyphs_ascii, &shown);
		ck_assert_str_eq(ab_str_cstr(&shown), c->shown);
		/* Whatever is read is a value the tree may hold. */
		ck_assert_int_eq(ab_tree_check_value(t, leaf, v), AB_VALUE_OK);
		ab_str_free(&shown);
	} else {
		ck_assert_int_eq(v, 12345);
	}
	ab_tree_free(t);
}
END_TEST

/* ---- Swaps ------------------------------------------------------------------ */

static const struct swap_case {
	const char *selected;  /* NULL: nothing selected */
	const char *typed;
	const char *node;      /* NULL: refused */
	const char *a, *b;     /* the two children swapped, by name */
} swap_cases[] = {
	{ NULL, "B D", "root", "B", "D" },
	{ NULL, "D,B", "root", "D", "B" },
	{ NULL, "C 1 3", "C", "C1", "C3" },
	{ NULL, "C 01 2", "C", "C1", "C2" },
	{ "C", "1 3", "C", "C1", "C3" },
	{ "C", "C1 C2", "C", "C1", "C2" },
	/* Ranks of a leaf's children are no ranks: "1" and "3" are paths,
	 * the root's first and third children. */
	{ "C1", "1 3", "root", "B", "D" },
	{ NULL, "1 3", "root", "B", "D" },
	/* Refused: a rank past the children, wrapping at 2^32 or not; the
	 * same child twice; rank 0; signs; the root; cousins; too many or
	 * too few words. */
	{ NULL, "C 4294967297 2", NULL, NULL, NULL },
	{ NULL, "C 18446744073709551617 2", NULL, NULL, NULL },
	{ NULL, "C 4 1", NULL, NULL, NULL },
	{ NULL, "C 1 1", NULL, NULL, NULL },
	{ NULL, "C 0 1", NULL, NULL, NULL },
	{ NULL, "C +1 2", NULL, NULL, NULL },
	{ NULL, "C -1 2", NULL, NULL, NULL },
	{ NULL, "B B", NULL, NULL, NULL },
	{ NULL, "A B", NULL, NULL, NULL },
	{ NULL, "B C1", NULL, NULL, NULL },
	{ NULL, "C1 2 3", NULL, NULL, NULL },
	{ NULL, "C 1 2 3", NULL, NULL, NULL },
	{ NULL, "B", NULL, NULL, NULL },
	{ NULL, "", NULL, NULL, NULL },
	{ "C", "1 4", NULL, NULL, NULL },
	{ "C", "4294967297 2", NULL, NULL, NULL },
};

START_TEST(swaps)
{
	const struct swap_case *c = &swap_cases[_i];
	struct ab_tree *t = load("lecture");
	uint32_t selected = c->selected ? ab_tree_find(t, c->selected) : AB_NONE;
	char *typed = ab_xstrdup(c->typed);
	struct ab_prompt_swap sw = { 7, 7, 7 };
	bool ok = ab_prompt_read_swap(t, selected, typed, &sw);
	ck_assert_msg(ok == (c->node != NULL), "'%s': %s", c->typed, ok ? "read" : "refused");
	if (ok) {
		ck_assert_uint_eq(sw.node, ab_tree_find(t, c->node));
		ck_assert_uint_eq(sw.i, ab_rank(t, ab_tree_find(t, c->a)));
		ck_assert_uint_eq(sw.j, ab_rank(t, ab_tree_find(t, c->b)));
	} else {
		ck_assert_uint_eq(sw.node, 7);
	}
	free(typed);
	ab_tree_free(t);
}
END_TEST

/* ---- Export ----------------------------------------------------------------- */

START_TEST(exports)
{
	/* Every format of the table, by its name. */
	for (size_t i = 0; i < ab_nexporters; i++) {
		struct ab_str typed = AB_STR_INIT;
		ab_str_addf(&typed, "  %s   my step, 3.out \t", ab_exporters[i].name);
		const struct ab_exporter *ex;
		const char *format;
		char *path;
		ck_assert_int_eq(ab_prompt_read_export(typed.s, &ex, &format, &path),
				 AB_PROMPT_EXPORT_OK);
		ck_assert_ptr_eq(ex, &ab_exporters[i]);
		ck_assert_str_eq(format, ab_exporters[i].name);
		ck_assert_str_eq(path, "my step, 3.out");
		ab_str_free(&typed);
	}
	static const struct {
		const char *typed;
		enum ab_prompt_export want;
		const char *format;
	} refused[] = {
		{ "png x.png", AB_PROMPT_EXPORT_UNKNOWN, "png" },
		{ "", AB_PROMPT_EXPORT_UNKNOWN, "" },
		{ "   ", AB_PROMPT_EXPORT_UNKNOWN, "" },
		{ "x.dot", AB_PROMPT_EXPORT_UNKNOWN, "x.dot" },
		{ "dot", AB_PROMPT_EXPORT_NO_FILE, "dot" },
		{ " dot \t ", AB_PROMPT_EXPORT_NO_FILE, "dot" },
	};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		char *typed = ab_xstrdup(refused[i].typed);
		const struct ab_exporter *ex;
		const char *format;
		char *path;
		ck_assert_int_eq(ab_prompt_read_export(typed, &ex, &format, &path), refused[i].want);
		ck_assert_str_eq(format, refused[i].format);
		free(typed);
	}
}
END_TEST

static Suite *prompts_suite(void)
{
	Suite *s = suite_create("prompts");
	TCase *tc = tcase_create("prompts");
	tcase_add_test(tc, typing_and_erasing);
	tcase_add_test(tc, words_and_rest);
	tcase_add_test(tc, nodes_and_leaves);
	tcase_add_loop_test(tc, values, 0, sizeof value_cases / sizeof value_cases[0]);
	tcase_add_loop_test(tc, swaps, 0, sizeof swap_cases / sizeof swap_cases[0]);
	tcase_add_test(tc, exports);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(prompts_suite());
}
