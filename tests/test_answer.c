/* test_answer.c - the answer-file syntax: every item kind, and every error
 * with its line, column and message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "homework/answer.h"
#include "homework/grade.h"
#include "core/parse.h"
#include "core/rng.h"
#include "testutil.h"

static const char lecture[] = "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]";

static struct ab_tree *lecture_tree(void)
{
	struct ab_diag diag;
	struct ab_tree *t = ab_parse_tree(lecture, strlen(lecture), &diag);
	ck_assert_ptr_nonnull(t);
	return t;
}

static uint32_t find(const struct ab_tree *t, const char *name)
{
	uint32_t n = ab_tree_find(t, name);
	ck_assert_msg(n != AB_NONE, "no node %s", name);
	return n;
}

static struct ab_answer *parse_ok(const struct ab_tree *t, const char *text)
{
	struct ab_diag diag;
	struct ab_answer *a = ab_answer_parse(t, text, strlen(text), &diag);
	ck_assert_msg(a != NULL, "'%s' failed: %u:%u: %s", text, diag.line,
		      diag.column, diag.message);
	return a;
}

/* ---- Every item kind --------------------------------------------------- */

START_TEST(value_and_best)
{
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = parse_ok(t, "# comment\n  value: 3   # the root\r\n\nbest: B");
	ck_assert_uint_eq(a->count, 2);
	ck_assert_int_eq(a->items[0].value, 3);
	ck_assert_uint_eq(a->items[1].line, 4);
	ck_assert_uint_eq(a->items[0].column, 3);
	ab_answer_free(a);
	a = parse_ok(t, "value: -7\nBest: C\n");
	ck_assert_uint_eq(a->count, 2);
	ck_assert_int_eq(a->items[0].kind, AB_ITEM_VALUE);
	ck_assert_int_eq(a->items[0].value, -7);
	ck_assert_uint_eq(a->items[0].line, 1);
	ck_assert_int_eq(a->items[1].kind, AB_ITEM_BEST);
	ck_assert_uint_eq(a->items[1].node, find(t, "C"));
	ck_assert_uint_eq(a->items[1].line, 2);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

START_TEST(pruned_and_visited)
{
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = parse_ok(t, "pruned: C2, C3\n");
	ck_assert_int_eq(a->items[0].kind, AB_ITEM_PRUNED);
	ck_assert_uint_eq(a->items[0].count, 2);
	ck_assert_uint_eq(a->items[0].nodes[0], find(t, "C2"));
	ck_assert_uint_eq(a->items[0].nodes[1], find(t, "2.3"));
	ab_answer_free(a);
	a = parse_ok(t, "pruned:\n");
	ck_assert_int_eq(a->items[0].kind, AB_ITEM_PRUNED);
	ck_assert_uint_eq(a->items[0].count, 0);
	ab_answer_free(a);
	a = parse_ok(t, "pruned: D\n");  /* a whole subtree */
	ck_assert_uint_eq(a->items[0].nodes[0], find(t, "D"));
	ab_answer_free(a);
	a = parse_ok(t, "visited: B1 B2 B3 C1 D1 D2 D3\n");
	ck_assert_int_eq(a->items[0].kind, AB_ITEM_VISITED);
	ck_assert_uint_eq(a->items[0].count, 7);
	ck_assert_uint_eq(a->items[0].nodes[4], find(t, "D1"));
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

/* hits: and NODE: entry, the transposition table's items. */
START_TEST(table_items)
{
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = parse_ok(t, "hits: B, D\nC: entry upper 2\nB: entry exact\n");
	ck_assert_uint_eq(a->count, 3);
	ck_assert_int_eq(a->items[0].kind, AB_ITEM_HITS);
	ck_assert_uint_eq(a->items[0].count, 2);
	ck_assert_uint_eq(a->items[0].nodes[1], find(t, "D"));
	ck_assert_int_eq(a->items[1].kind, AB_ITEM_ENTRY);
	ck_assert_uint_eq(a->items[1].node, find(t, "C"));
	ck_assert_int_eq(a->items[1].flag, AB_TT_UPPER);
	ck_assert(a->items[1].has_value && a->items[1].value == 2);
	ck_assert_int_eq(a->items[2].flag, AB_TT_EXACT);
	ck_assert(!a->items[2].has_value);
	ab_answer_free(a);
	a = parse_ok(t, "hits: none\n");
	ck_assert_uint_eq(a->items[0].count, 0);
	ab_answer_free(a);
	/* A key asks them with '?'. */
	struct ab_diag diag;
	const char *key = "hits: ? | 2\nC: entry ?\n";
	a = ab_answer_parse_key(t, key, strlen(key), &diag);
	ck_assert_msg(a != NULL, "%s", diag.message);
	ck_assert(a->items[0].ask && a->items[0].points == 2 && a->items[1].ask);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

static const struct bound_case {
	const char *text;
	enum ab_bound bound;
	ab_value value;
} bound_cases[] = {
	{ "C: <= 2", AB_BOUND_LE, 2 },
	{ "C: ≤ 2", AB_BOUND_LE, 2 },
	{ "C:≤-2", AB_BOUND_LE, -2 },
	{ "C: >= 5", AB_BOUND_GE, 5 },
	{ "C: ≥ 5", AB_BOUND_GE, 5 },
	{ "C: 3", AB_BOUND_EQ, 3 },
	{ "C: = 3", AB_BOUND_EQ, 3 },
	{ "C : == +3", AB_BOUND_EQ, 3 },
	{ "2: <= 2", AB_BOUND_LE, 2 },
	{ "A2: <= 2", AB_BOUND_LE, 2 },
	{ "C: 1..3", AB_BOUND_IN, 1 },
	{ "C: -5..-3", AB_BOUND_IN, -5 },
};

START_TEST(bounds)
{
	const struct bound_case *c = &bound_cases[_i];
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = parse_ok(t, c->text);
	ck_assert_uint_eq(a->count, 1);
	ck_assert_int_eq(a->items[0].kind, AB_ITEM_BOUND);
	ck_assert_uint_eq(a->items[0].node, find(t, "C"));
	ck_assert_int_eq(a->items[0].bound, c->bound);
	ck_assert_int_eq(a->items[0].value, c->value);
	if (c->bound == AB_BOUND_IN)
		ck_assert_int_eq(a->items[0].value2, c->value + 2);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

START_TEST(windows)
{
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = parse_ok(t, "C: alpha=3 beta=2\nB: β = 3, α=-inf\nD: alpha = 3\nroot: max\nA: α=-∞ β=+∞\n");
	ck_assert_uint_eq(a->count, 4);
	ck_assert_int_eq(a->items[0].kind, AB_ITEM_WINDOW);
	ck_assert(a->items[0].has_alpha && a->items[0].has_beta);
	ck_assert_int_eq(a->items[0].alpha, 3);
	ck_assert_int_eq(a->items[0].beta, 2);
	ck_assert_int_eq(a->items[1].alpha, AB_NEG_INF);
	ck_assert_int_eq(a->items[1].beta, 3);
	ck_assert(a->items[2].has_alpha && !a->items[2].has_beta);
	ck_assert_int_eq(a->items[3].beta, AB_POS_INF);
	ab_answer_free(a);
	/* A bound and a window on one line are two items. */
	a = parse_ok(t, "C: <= 2 alpha=3 beta=2\n");
	ck_assert_uint_eq(a->count, 2);
	ck_assert_int_eq(a->items[0].kind, AB_ITEM_BOUND);
	ck_assert_int_eq(a->items[1].kind, AB_ITEM_WINDOW);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

START_TEST(rules)
{
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = parse_ok(t, "rules: strict fail-hard\norder: reverse\nroot: min\nvalue: 3\n");
	/* The parts it declares, as the command line's words set them. */
	ck_assert_uint_eq(a->parts, AB_PART_STRICT | AB_PART_FAIL | AB_PART_ORDER | AB_PART_ROOT);
	struct ab_config said = AB_CONFIG_DEFAULT;
	unsigned parts = 0;
	ck_assert_ptr_null(ab_config_apply("strict", &said, &parts));
	ck_assert_ptr_null(ab_config_apply("fail-hard", &said, &parts));
	ck_assert_ptr_null(ab_config_apply("order=reverse", &said, &parts));
	ck_assert_ptr_null(ab_config_apply("root=min", &said, &parts));
	ck_assert_uint_eq(parts, a->parts);
	ck_assert_uint_eq(ab_config_differ(&said, &a->config), 0);
	struct ab_config c = AB_CONFIG_DEFAULT;
	bool values = false;
	unsigned overruled = ab_answer_apply_rules(a, 0, &c);
	ck_assert(c.strict && c.fail == AB_FAIL_HARD && c.order == AB_ORDER_REVERSE && c.root == AB_ROOT_IS_MIN);
	ck_assert_uint_eq(overruled, 0);
	/* The grader's parts win, and are reported where they differ. */
	struct ab_config fixed = AB_CONFIG_DEFAULT;
	overruled = ab_answer_apply_rules(a, AB_PART_STRICT | AB_PART_ORDER, &fixed);
	ck_assert(!fixed.strict && fixed.fail == AB_FAIL_HARD && fixed.order == AB_ORDER_GIVEN &&
		  fixed.root == AB_ROOT_IS_MIN);
	ck_assert_uint_eq(overruled, AB_PART_STRICT | AB_PART_ORDER);
	struct ab_str note = AB_STR_INIT;
	ab_answer_describe_overruled(a, overruled, false, &fixed, values, &ab_glyphs_ascii, &note);
	ck_assert_str_eq(ab_str_cstr(&note), "declares rules: strict; order: reverse; graded under alpha >= beta, order given");
	ab_str_free(&note);
	struct ab_str text = AB_STR_INIT;
	ab_answer_describe_rules(a, &text);
	ck_assert_str_eq(ab_str_cstr(&text), "rules: strict fail-hard; order: reverse; root: min");
	ab_str_free(&text);
	ab_answer_free(a);
	a = parse_ok(t, "rules: fail-soft\nrules: non-strict\norder: random:42\nvalue: 3\n");
	ck_assert_uint_eq(a->parts, AB_PART_STRICT | AB_PART_FAIL | AB_PART_ORDER);
	ck_assert(!a->config.strict && a->config.fail == AB_FAIL_SOFT);
	ck_assert(a->config.order == AB_ORDER_RANDOM && a->config.seed == 42);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

START_TEST(builder)
{
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = ab_answer_new();
	uint32_t marks[] = { find(t, "C2"), find(t, "C3") };
	ab_answer_add_value(a, 3);
	ab_answer_add_best(a, find(t, "B"));
	ab_answer_add_pruned(a, marks, 2);
	ab_answer_add_bound(a, find(t, "C"), AB_BOUND_LE, 2);
	ab_answer_add_window(a, find(t, "C"), true, 3, false, 0);
	ck_assert_uint_eq(a->count, 5);
	ck_assert_uint_eq(a->items[2].nodes[1], marks[1]);
	ck_assert_uint_eq(a->items[0].line, 0);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

/* ---- Errors --------------------------------------------------------------- */

static const struct bad {
	const char *text;
	size_t len;       /* 0: strlen(text) */
	unsigned line, column;
	const char *message;  /* a substring */
} bad_cases[] = {
	{ "", 0, 1, 1, "nothing to check" },
	{ "# only a comment\n\n", 0, 2, 1, "nothing to check" },
	{ "rules: strict\n", 0, 1, 1, "nothing to check" },
	{ "value 3\n", 0, 1, 7, "expected ':'" },
	{ "value\n", 0, 1, 6, "expected ':'" },
	{ ": 3\n", 0, 1, 1, "expected a key" },
	{ "value: 3\nvalue: 4\n", 0, 2, 1, "'value:' is given twice (first on line 1)" },
	{ "value: x\n", 0, 1, 8, "expected a number such as 3, -2.5 or 10/3, not 'x'" },
	{ "value: 3 4\n", 0, 1, 10, "one value only" },
	{ "value:\n", 0, 1, 7, "expected the root's value" },
	{ "value: 1234567890123456\n", 0, 1, 8, "at most 15 digits" },
	{ "best:\n", 0, 1, 6, "expected a move" },
	{ "best: B C\n", 0, 1, 9, "one move only" },
	{ "pruned: C2 C2\n", 0, 1, 12, "'C2' is listed twice (first at line 1, column 9)" },
	{ "pruned: C C2\n", 0, 1, 11, "C2 is inside C" },
	{ "pruned: C2 C\n", 0, 1, 12, "C2 is inside C" },
	{ "pruned: A\n", 0, 1, 9, "the root is always searched" },
	{ "pruned: C2\nvisited: B1\n", 0, 2, 1, "either pruned: or visited:" },
	{ "pruned: C2\npruned: C3\n", 0, 2, 1, "'pruned:' is given twice" },
	{ "visited: B1 C\n", 0, 1, 13, "'C' is an inner node" },
	{ "C: < 2\n", 0, 1, 4, "a bound includes its value" },
	{ "C: <=\n", 0, 1, 6, "expected a number after '<='" },
	/* The table's items (--tt). */
	{ "hits: B C1\n", 0, 1, 9, "'C1' is a leaf" },
	{ "hits: B B\n", 0, 1, 9, "'B' is listed twice" },
	{ "hits: B\nhits: C\n", 0, 2, 1, "'hits:' is given twice" },
	{ "C: entry maybe\n", 0, 1, 10, "expected exact, lower or upper" },
	{ "C: entry upper 2 3\n", 0, 1, 18, "one number only" },
	{ "C: entry upper\nC: entry lower\n", 0, 2, 1, "C's entry is given twice" },
	{ "C: 3..1\n", 0, 1, 4, "a range LO..HI needs LO < HI" },
	{ "C: 3..3\n", 0, 1, 4, "a range LO..HI needs LO < HI" },
	{ "C: 1..x\n", 0, 1, 7, "expected a number such as 3, -2.5 or 10/3, not 'x'" },
	{ "C: <= 1..3\n", 0, 1, 7, "expected a number such as 3, -2.5 or 10/3, not '1..3'" },
	{ "C:\n", 0, 1, 3, "expected a value or bound after 'C:'" },
	{ "C: <= 2\nC: 2\n", 0, 2, 1, "C's value is given twice (first on line 1)" },
	{ "C: alpha=3\nC: beta=2\n", 0, 2, 1, "C's window is given twice" },
	{ "C: alpha=3 alpha=4\n", 0, 1, 12, "alpha is given twice" },
	{ "C: alpha 3\n", 0, 1, 10, "expected '=' after alpha" },
	{ "C: alpha=\n", 0, 1, 10, "expected a number after '='" },
	{ "C: <= 2 gamma=1\n", 0, 1, 9, "expected alpha=... or beta=..., not 'gamma=1'" },
	{ "C1: alpha=3\n", 0, 1, 1, "a leaf has no window" },
	{ "rules: lenient\n", 0, 1, 8, "unknown rule 'lenient'" },
	{ "rules:\n", 0, 1, 7, "expected strict" },
	{ "rules: strict\nrules: strict\nvalue: 3\n", 0, 2, 8, "rule 'strict' is given twice (first on line 1)" },
	{ "rules: fail-hard\nrules: fail-soft\n", 0, 2, 8, "contradicts the rule given on line 1" },
	{ "order: sideways\n", 0, 1, 8, "order: takes given, reverse" },
	{ "order: random\n", 0, 1, 8, "needs its seed" },
	{ "order: reverse given\n", 0, 1, 16, "takes one word" },
	{ "order: reverse\norder: given\n", 0, 2, 1, "'order:' is given twice" },
	{ "root: middle\n", 0, 1, 7, "root: takes max or min" },
	{ "value: 3\n\x01\n", 0, 2, 1, "control character" },
	{ "value: 3\nC: \xff\n", 0, 2, 4, "invalid UTF-8" },
	{ "value: 3\0\n", 10, 1, 9, "NUL byte" },
	/* A key's syntax in an answer, and other full-width characters. */
	{ "value: ?\n", 0, 1, 8, "expected a number such as 3, -2.5 or 10/3, not '?'" },
	{ "value: 3 | 2\n", 0, 1, 10, "points ('| N') belong in a key" },
	{ "value：３\n", 0, 1, 7, "fullwidth character '３': write '3'" },
	{ "C: returns\n", 0, 1, 11, "expected the number the node returns" },
	{ "C: returns 2 3\n", 0, 1, 14, "one number only" },
	{ "C: <= 2\nC: returns 2\n", 0, 2, 1, "C's value is given twice" },
	{ "values: sometimes\n", 0, 1, 9, "values: takes returned or proved" },
};

/* A key: '?' for what is asked, points after '|'; unknown names are the
 * grader's mistake, so errors. */
static const struct bad key_bad_cases[] = {
	{ "value: 3\n", 0, 1, 8, "in a key, write '?'" },
	{ "best: B\n", 0, 1, 7, "in a key, write '?'" },
	{ "pruned: C2\n", 0, 1, 9, "in a key, write '?'" },
	{ "C: <= ?\n", 0, 1, 4, "in a key, write '?'" },
	{ "C: returns 2\n", 0, 1, 12, "in a key, write '?'" },
	{ "C: alpha=3\n", 0, 1, 10, "in a key, write '?'" },
	{ "Z9: ?\n", 0, 1, 1, "no node called 'Z9'" },
	{ "value: ? | 0\n", 0, 1, 12, "points after '|'" },
	{ "value: ? | x\n", 0, 1, 12, "points after '|'" },
	{ "value: ? | 1.234\n", 0, 1, 12, "points after '|'" },
	{ "value: ? | 1001\n", 0, 1, 12, "points after '|'" },
	{ "rules: strict | 2\nvalue: ?\n", 0, 1, 15, "only a question has points" },
	{ "", 0, 1, 1, "nothing to check" },
};

START_TEST(key_errors)
{
	const struct bad *c = &key_bad_cases[_i];
	struct ab_tree *t = lecture_tree();
	struct ab_diag diag;
	size_t len = c->len ? c->len : strlen(c->text);
	struct ab_answer *a = ab_answer_parse_key(t, c->text, len, &diag);
	ck_assert_msg(a == NULL, "case %d parsed", _i);
	ck_assert_msg(diag.line == c->line && diag.column == c->column,
		      "case %d: at %u:%u, want %u:%u (%s)", _i, diag.line, diag.column,
		      c->line, c->column, diag.message);
	ck_assert_msg(strstr(diag.message, c->message), "case %d: '%s' lacks '%s'", _i,
		      diag.message, c->message);
	ab_tree_free(t);
}
END_TEST

START_TEST(key_items)
{
	struct ab_tree *t = lecture_tree();
	const char *text = "# key\nvalue: ? | 2\nbest: ?\npruned: ?  | 3.5\nC: ?\nD: returns ? | 0.25\n"
			   "C: alpha=? beta=?\nrules: strict\n";
	struct ab_diag diag;
	struct ab_answer *k = ab_answer_parse_key(t, text, strlen(text), &diag);
	ck_assert_msg(k != NULL, "%u:%u: %s", diag.line, diag.column, diag.message);
	ck_assert_uint_eq(k->count, 6);
	static const struct { enum ab_item_kind kind; double points; const char *node; } want[] = {
		{ AB_ITEM_VALUE, 2, NULL }, { AB_ITEM_BEST, 1, NULL }, { AB_ITEM_PRUNED, 3.5, NULL },
		{ AB_ITEM_BOUND, 1, "C" }, { AB_ITEM_RETURNS, 0.25, "D" }, { AB_ITEM_WINDOW, 1, "C" },
	};
	for (size_t i = 0; i < 6; i++) {
		ck_assert_int_eq(k->items[i].kind, want[i].kind);
		ck_assert(k->items[i].ask);
		ck_assert_msg(k->items[i].points == want[i].points, "item %zu: %g points", i,
			      k->items[i].points);
		if (want[i].node)
			ck_assert_uint_eq(k->items[i].node, find(t, want[i].node));
	}
	ck_assert(k->items[5].has_alpha && k->items[5].has_beta);
	ck_assert((k->parts & AB_PART_STRICT) && k->config.strict);
	ab_answer_free(k);
	/* The report's item names, in a key too: C window, D returns. */
	const char *named = "C window: ? | 2\nD returns: ?\nroot: ?\n";
	k = ab_answer_parse_key(t, named, strlen(named), &diag);
	ck_assert_msg(k != NULL, "%u:%u: %s", diag.line, diag.column, diag.message);
	ck_assert_uint_eq(k->count, 3);
	ck_assert(k->items[0].kind == AB_ITEM_WINDOW && k->items[0].ask && k->items[0].has_alpha &&
		  k->items[0].has_beta && k->items[0].points == 2);
	ck_assert(k->items[1].kind == AB_ITEM_RETURNS && k->items[1].node == find(t, "D"));
	ck_assert(k->items[2].kind == AB_ITEM_BOUND && k->items[2].node == 0 && k->items[2].ask);
	ab_answer_free(k);
	ab_tree_free(t);
}
END_TEST

/* Unknown names cost their item, not the file; names match ignoring case
 * when only one node does; full-width ':' and ',' read as ASCII. */
START_TEST(lenient_names)
{
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = parse_ok(t, "best: Q\nZ9: <= 3 alpha=1\npruned: C2 C4 x\nc: <= 2\nb1: 3\na: 3\n");
	ck_assert_uint_eq(a->count, 7);
	ck_assert_int_eq(a->items[0].kind, AB_ITEM_BEST);
	ck_assert_uint_eq(a->items[0].node, AB_NONE);
	ck_assert_uint_eq(a->items[0].nunknown, 1);
	ck_assert_str_eq(a->items[0].unknown[0].name, "Q");
	/* Both items of the Z9 line carry the name. */
	ck_assert_int_eq(a->items[1].kind, AB_ITEM_BOUND);
	ck_assert_int_eq(a->items[2].kind, AB_ITEM_WINDOW);
	for (int i = 1; i <= 2; i++) {
		ck_assert_uint_eq(a->items[i].node, AB_NONE);
		ck_assert_str_eq(a->items[i].unknown[0].name, "Z9");
	}
	ck_assert_uint_eq(a->items[3].count, 1);
	ck_assert_uint_eq(a->items[3].nodes[0], find(t, "C2"));
	ck_assert_uint_eq(a->items[3].nunknown, 2);
	ck_assert_str_eq(a->items[3].unknown[0].name, "C4");
	ck_assert_str_eq(a->items[3].unknown[0].hint, "; C's children are C1, C2 and C3");
	ck_assert_str_eq(a->items[3].unknown[1].name, "x");
	ck_assert_uint_eq(a->items[4].node, find(t, "C"));
	ck_assert_uint_eq(a->items[5].node, find(t, "B1"));
	ck_assert_uint_eq(a->items[6].node, 0);
	ab_answer_free(a);
	/* Ambiguous ignoring case: an unknown name, with the candidates. */
	struct ab_diag diag;
	const char *two = "[ab[1 2] AB[3 4]]";
	struct ab_tree *t2 = ab_parse_tree(two, strlen(two), &diag);
	ck_assert_ptr_nonnull(t2);
	a = parse_ok(t2, "Ab: 1\nab: 1\n");
	ck_assert_uint_eq(a->items[0].node, AB_NONE);
	ck_assert_str_eq(a->items[0].unknown[0].hint, "; ignoring case, several nodes match: ab and AB");
	ck_assert_uint_eq(a->items[1].node, find(t2, "ab"));
	ab_answer_free(a);
	ab_tree_free(t2);
	/* Full-width punctuation from a Chinese input method. */
	a = parse_ok(t, "value：3\npruned：C2，C3\nC ： <= 2\n");
	ck_assert_uint_eq(a->count, 3);
	ck_assert_int_eq(a->items[0].value, 3);
	ck_assert_uint_eq(a->items[1].count, 2);
	ck_assert_uint_eq(a->items[1].nodes[1], find(t, "C3"));
	ck_assert_int_eq(a->items[2].bound, AB_BOUND_LE);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

/* returns items, bare numbers, values: */
START_TEST(returns_and_values)
{
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = parse_ok(t, "values: returned\nD: returns 2\nC: 2\nB: = 3\n");
	ck_assert(a->has_values && a->values_returned);
	ck_assert_int_eq(a->items[0].kind, AB_ITEM_RETURNS);
	ck_assert_int_eq(a->items[0].value, 2);
	ck_assert(a->items[1].plain);
	ck_assert(!a->items[2].plain);
	bool values = false;
	struct ab_config c = AB_CONFIG_DEFAULT;
	ck_assert_uint_eq(ab_answer_apply_rules(a, 0, &c), 0);
	ck_assert(!ab_answer_apply_values(a, false, &values));
	ck_assert(values);
	values = false;
	ck_assert(ab_answer_apply_values(a, true, &values));
	ck_assert(!values);
	struct ab_str text = AB_STR_INIT;
	ab_answer_describe_rules(a, &text);
	ck_assert_str_eq(ab_str_cstr(&text), "values: returned");
	ab_str_clear(&text);
	ab_answer_describe_overruled(a, 0, true, &c, values, &ab_glyphs_utf8, &text);
	ck_assert_str_eq(ab_str_cstr(&text), "declares values: returned; graded under values proved");
	ab_str_free(&text);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

START_TEST(errors)
{
	const struct bad *c = &bad_cases[_i];
	struct ab_tree *t = lecture_tree();
	struct ab_diag diag;
	size_t len = c->len ? c->len : strlen(c->text);
	struct ab_answer *a = ab_answer_parse_strict(t, c->text, len, &diag);
	ck_assert_msg(a == NULL, "case %d parsed", _i);
	ck_assert_msg(diag.line == c->line && diag.column == c->column,
		      "case %d: at %u:%u, want %u:%u (%s)", _i, diag.line, diag.column,
		      c->line, c->column, diag.message);
	ck_assert_msg(strstr(diag.message, c->message), "case %d: '%s' lacks '%s'", _i,
		      diag.message, c->message);
	ab_tree_free(t);
}
END_TEST

START_TEST(limits)
{
	struct ab_tree *t = lecture_tree();
	struct ab_diag diag;
	/* Too many names on one line: stopped at the limit, with its column. */
	size_t n = (size_t)AB_MAX_ANSWER_ITEMS + 2;
	struct ab_str text = AB_STR_INIT;
	ab_str_add(&text, "visited:");
	for (size_t i = 0; i < n; i++)
		ab_str_add(&text, " B1");
	struct ab_answer *a = ab_answer_parse_strict(t, text.s, text.len, &diag);
	ck_assert_ptr_null(a);
	ck_assert_msg(strstr(diag.message, "listed twice"), "%s", diag.message);
	/* Read leniently, a name said again says nothing more, but the file
	 * is still too long to read. */
	a = ab_answer_parse(t, text.s, text.len, &diag);
	ck_assert_ptr_null(a);
	ck_assert_msg(strstr(diag.message, "too many items"), "%s", diag.message);
	/* More bytes than allowed: an error without a position. */
	char *big = calloc(AB_MAX_ANSWER_BYTES + 2, 1);
	memset(big, ' ', AB_MAX_ANSWER_BYTES + 1);
	a = ab_answer_parse(t, big, AB_MAX_ANSWER_BYTES + 1, &diag);
	ck_assert_ptr_null(a);
	ck_assert_uint_eq(diag.line, 0);
	ck_assert_msg(strstr(diag.message, "at most"), "%s", diag.message);
	free(big);
	ab_str_free(&text);
	ab_tree_free(t);
}
END_TEST

/* Names of any length are accepted (the parser took 127 bytes at most):
 * a deep leaf's path, and the short "@N" name trace gives it. */
START_TEST(long_names)
{
	struct ab_str tree_text = AB_STR_INIT, path = AB_STR_INIT, text = AB_STR_INIT;
	ab_str_add(&tree_text, "A[ ");
	for (int i = 0; i < 70; i++)
		ab_str_addc(&tree_text, '[');
	ab_str_add(&tree_text, "1 2");
	for (int i = 0; i < 70; i++)
		ab_str_addc(&tree_text, ']');
	ab_str_add(&tree_text, " ]");
	struct ab_diag diag;
	struct ab_tree *t = ab_parse_tree(tree_text.s, tree_text.len, &diag);
	ck_assert_ptr_nonnull(t);
	/* The deepest first leaf, by the name the narration gives it ("@N":
	 * its textbook name would be long). */
	uint32_t leaf = 0;
	while (t->nodes[leaf].nkids)
		leaf = ab_kid(t, leaf, 0);
	ab_tree_name(t, leaf, &path);
	ck_assert_int_eq(path.s[0], '@');
	ab_str_addf(&text, "visited: %s\n", path.s);
	struct ab_answer *a = ab_answer_parse(t, text.s, text.len, &diag);
	ck_assert_msg(a, "%u:%u: %s", diag.line, diag.column, diag.message);
	ab_answer_free(a);
	/* By its path, 141 bytes. */
	ab_str_clear(&path);
	ab_tree_path(t, leaf, &path);
	ck_assert_uint_gt(path.len, 127);
	ab_str_clear(&text);
	ab_str_addf(&text, "visited: %s\n", path.s);
	a = ab_answer_parse(t, text.s, text.len, &diag);
	ck_assert_msg(a, "%u:%u: %s", diag.line, diag.column, diag.message);
	ab_answer_free(a);
	/* A long name that is not there costs its item, named whole. */
	ab_str_add(&path, ".9");
	ab_str_clear(&text);
	ab_str_addf(&text, "visited: %s\n", path.s);
	a = ab_answer_parse(t, text.s, text.len, &diag);
	ck_assert_msg(a, "%u:%u: %s", diag.line, diag.column, diag.message);
	ck_assert_uint_eq(a->count, 1);
	ck_assert_uint_eq(a->items[0].nunknown, 1);
	ck_assert_str_eq(a->items[0].unknown[0].name, path.s);
	ab_answer_free(a);
	ab_str_free(&tree_text);
	ab_str_free(&path);
	ab_str_free(&text);
	ab_tree_free(t);
}
END_TEST

START_TEST(item_limit)
{
	/* A wide tree, so that many distinct names exist. */
	struct ab_str tree_text = AB_STR_INIT;
	ab_str_add(&tree_text, "[");
	for (unsigned i = 0; i < AB_MAX_ANSWER_ITEMS + 10; i++)
		ab_str_add(&tree_text, i ? " 1" : "1");
	ab_str_add(&tree_text, "]");
	struct ab_diag diag;
	struct ab_tree *t = ab_parse_tree(tree_text.s, tree_text.len, &diag);
	ck_assert_ptr_nonnull(t);
	struct ab_str text = AB_STR_INIT;
	ab_str_add(&text, "pruned:");
	for (unsigned i = 1; i <= AB_MAX_ANSWER_ITEMS + 5; i++)
		ab_str_addf(&text, " %u", i);
	struct ab_answer *a = ab_answer_parse(t, text.s, text.len, &diag);
	ck_assert_ptr_null(a);
	ck_assert_msg(strstr(diag.message, "too many items"), "%s", diag.message);
	ck_assert_uint_eq(diag.line, 1);
	ab_str_free(&text);
	ab_str_free(&tree_text);
	ab_tree_free(t);
}
END_TEST

/* Token soup: whatever it parses to, the parser and the grader neither
 * crash nor leak (run under the sanitizers), and errors have positions. */
START_TEST(token_soup)
{
	static const char *const tokens[] = {
		"value", "best", "pruned", "visited", "rules", "order", "root", ":", " ",
		",", "\n", "\t", "C", "C2", "B", "D3", "A", "2.1", "<=", ">=", "≤", "≥",
		"=", "<", "alpha", "β", "3", "-", "+", "inf", "∞", "#", "strict",
		"fail-hard", "reverse", "random:", "min", "\xff", "：", "、",
		"12345678901234567", "\r\n",
	};
	struct ab_tree *t = lecture_tree();
	struct ab_rng rng;
	ab_rng_seed(&rng, (uint64_t)_i);
	int parsed = 0;
	for (int round = 0; round < 2000; round++) {
		/* Mostly KEY: TOKENS lines, so that some parse; sometimes soup. */
		static const char *const keys[] = {
			"value", "best", "pruned", "visited", "rules", "order", "root",
			"C", "B", "D3", "C2", "2.1", "A",
		};
		struct ab_str text = AB_STR_INIT;
		uint64_t lines = 1 + ab_rng_below(&rng, 4);
		for (uint64_t l = 0; l < lines; l++) {
			if (ab_rng_below(&rng, 4)) {
				ab_str_add(&text, keys[ab_rng_below(&rng, sizeof keys / sizeof keys[0])]);
				ab_str_add(&text, ": ");
			}
			uint64_t n = ab_rng_below(&rng, 4);
			for (uint64_t k = 0; k < n; k++) {
				ab_str_add(&text, tokens[ab_rng_below(&rng, sizeof tokens / sizeof tokens[0])]);
				if (ab_rng_below(&rng, 2))
					ab_str_add(&text, " ");
			}
			ab_str_add(&text, "\n");
		}
		struct ab_diag diag;
		struct ab_answer *a = ab_answer_parse(t, ab_str_cstr(&text), text.len, &diag);
		if (a) {
			parsed++;
			struct ab_config c = AB_CONFIG_DEFAULT;
			ab_answer_apply_rules(a, 0, &c);
			struct ab_grade g;
			if (ab_grade_answer(t, &c, a, &ab_glyphs_utf8, &g))
				ab_grade_free(&g);
			ab_answer_free(a);
		} else if (diag.line == 0 || diag.column == 0 || !diag.message[0]) {
			ck_abort_msg("no position for '%s': %s", text.s, diag.message);
		}
		ab_str_free(&text);
	}
	ck_assert_msg(parsed > 5, "only %d of 2000 parsed", parsed);
	ab_tree_free(t);
}
END_TEST

/* ---- Lines that cannot be read ------------------------------------------- */

/* Every error of a line, read leniently after a good line: the answer
 * stands, the line kept as not read with the error's place and message;
 * errors of the whole file (not text, nothing to check) still fail. */
START_TEST(lenient_lines)
{
	const struct bad *c = &bad_cases[_i];
	if (strstr(c->message, "NUL") || strstr(c->message, "invalid UTF-8") ||
	    strstr(c->message, "nothing to check"))
		return;
	/* A name listed again, or inside a subtree listed too, says nothing
	 * more: read leniently, it is dropped, not the line (below). */
	if (strstr(c->message, "listed twice (first at") || strstr(c->message, "is inside"))
		return;
	struct ab_tree *t = lecture_tree();
	struct ab_str text = AB_STR_INIT;
	size_t len = c->len ? c->len : strlen(c->text);
	ab_str_addn(&text, c->text, len);
	ab_str_add(&text, "\nA: >= 3\n");
	struct ab_diag diag;
	struct ab_answer *a = ab_answer_parse(t, text.s, text.len, &diag);
	ck_assert_msg(a != NULL, "case %d: %s", _i, diag.message);
	ck_assert_msg(a->nunread >= 1, "case %d: every line read", _i);
	const struct ab_unread *u = &a->unread[0];
	ck_assert_msg(u->line == c->line && u->column == c->column && strstr(u->why, c->message),
		      "case %d: %u:%u %s, want %u:%u %s", _i, u->line, u->column, u->why, c->line,
		      c->column, c->message);
	/* The line that follows is read, whatever the one before left. */
	ck_assert(a->count >= 1 && a->items[a->count - 1].kind == AB_ITEM_BOUND &&
		  a->items[a->count - 1].node == 0);
	ab_answer_free(a);
	ab_str_free(&text);
	ab_tree_free(t);
}
END_TEST

/* A line undone leaves nothing behind: the same key, node or rule may be
 * stated again on a later line. */
START_TEST(undone_lines)
{
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = parse_ok(t, "value: x\nvalue: 3\npruned: C2 A\npruned: C2 C3\n"
				       "rules: strict sideways\nrules: fail-hard\nC: <= 2 gamma=1\nC: <= 2\n");
	ck_assert_uint_eq(a->nunread, 4);
	ck_assert_uint_eq(a->count, 3);
	ck_assert_int_eq(a->items[0].value, 3);
	ck_assert_uint_eq(a->items[1].count, 2);
	ck_assert_int_eq(a->items[2].bound, AB_BOUND_LE);
	/* The strict of the line not read is not declared. */
	ck_assert_uint_eq(a->parts, AB_PART_FAIL);
	ck_assert(!a->config.strict && a->config.fail == AB_FAIL_HARD);
	static const unsigned lines[] = { 1, 3, 5, 7 };
	static const int kinds[] = { AB_ITEM_VALUE, AB_ITEM_PRUNED, -1, AB_ITEM_BOUND };
	for (size_t i = 0; i < 4; i++) {
		ck_assert_uint_eq(a->unread[i].line, lines[i]);
		ck_assert(a->unread[i].about == (kinds[i] >= 0));
		if (kinds[i] >= 0)
			ck_assert_int_eq(a->unread[i].kind, kinds[i]);
	}
	ck_assert_uint_eq(a->unread[3].node, find(t, "C"));
	ab_answer_free(a);
	/* Nothing but lines not read, none of them an item's: no answer. */
	struct ab_diag diag;
	const char *prose = "Homework 3\nI think it is three.\n";
	ck_assert_ptr_null(ab_answer_parse(t, prose, strlen(prose), &diag));
	ck_assert_msg(strstr(diag.message, "nothing to grade: no line reads as an answer item (line 1: expected ':' after 'Homework'"),
		      "%s", diag.message);
	ck_assert_uint_eq(diag.line, 1);
	/* Names said twice, or inside a subtree listed too, are dropped. */
	a = parse_ok(t, "pruned: C2 C2 D D3 C3\n");
	ck_assert_uint_eq(a->nunread, 0);
	ck_assert_uint_eq(a->items[0].count, 3);
	ck_assert_uint_eq(a->items[0].nodes[0], find(t, "C2"));
	ck_assert_uint_eq(a->items[0].nodes[1], find(t, "D"));
	ck_assert_uint_eq(a->items[0].nodes[2], find(t, "C3"));
	ab_answer_free(a);
	/* One that tries to be an item is graded (as one wrong item). */
	a = parse_ok(t, "value 3\n");
	ck_assert(a->count == 0 && a->nunread == 1 && a->unread[0].about &&
		  a->unread[0].kind == AB_ITEM_VALUE);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

/* What a class of real students writes. */
START_TEST(student_lines)
{
	struct ab_tree *t = lecture_tree();
	struct ab_answer *a = parse_ok(t,
		"Name: Zhang San\n"
		"Student ID: 2024001\n"
		"pruned: C2\u3000C3\n"                /* the ideographic space */
		"B: -inf..3\n"                         /* an infinite end: a bound */
		"D: 2..+∞\n"
		"C: in [1, 4]\n"                       /* as the report writes a range */
		"best: B1\n"                           /* a node, but no move */
		"depth: 2\n"
		"chance-prune: none\n"
		"root: 3\n"                            /* the root's value, as a node */
		"B window: α=-∞ β=+∞\n"
		"C1 returns: 2\n");
	ck_assert_uint_eq(a->nunread, 0);
	ck_assert_str_eq(a->name, "Zhang San");
	ck_assert_str_eq(a->id, "2024001");
	ck_assert_uint_eq(a->count, 8);
	ck_assert_uint_eq(a->items[0].count, 2);
	ck_assert_uint_eq(a->items[0].nodes[1], find(t, "C3"));
	ck_assert(a->items[1].bound == AB_BOUND_LE && a->items[1].value == 3);
	ck_assert(a->items[2].bound == AB_BOUND_GE && a->items[2].value == 2);
	ck_assert(a->items[3].bound == AB_BOUND_IN && a->items[3].value == 1 && a->items[3].value2 == 4);
	ck_assert(a->items[4].kind == AB_ITEM_BEST && a->items[4].node == find(t, "B1"));
	ck_assert(a->items[5].kind == AB_ITEM_BOUND && a->items[5].node == 0 && a->items[5].value == 3);
	ck_assert(a->items[6].kind == AB_ITEM_WINDOW && a->items[6].node == find(t, "B"));
	ck_assert(a->items[7].kind == AB_ITEM_RETURNS && a->items[7].node == find(t, "C1"));
	ck_assert_uint_eq(a->parts, AB_PART_DEPTH | AB_PART_CHANCE);
	ck_assert(a->config.depth == 2 && a->config.chance_prune == AB_CHANCE_NONE);
	struct ab_str text = AB_STR_INIT;
	ab_answer_describe_rules(a, &text);
	ck_assert_str_eq(ab_str_cstr(&text), "depth: 2; chance-prune: none");
	ab_str_free(&text);
	ab_answer_free(a);
	/* Chinese: the item words, 、, full-width colons, the declarations'
	 * own words. */
	a = parse_ok(t, "姓名：张三\n学号：2024002\n根节点的值：3\n最佳走法：B\n被剪枝的叶子：C2、C3\n"
		     "规则：严格 硬失败\n顺序：逆序\nC 的窗口：α=3 β=2\nD 的返回值：2\nB：返回 3\n");
	ck_assert_uint_eq(a->nunread, 0);
	ck_assert_str_eq(a->name, "张三");
	ck_assert_str_eq(a->id, "2024002");
	ck_assert_uint_eq(a->count, 6);
	ck_assert(a->items[0].kind == AB_ITEM_VALUE && a->items[0].value == 3);
	ck_assert(a->items[1].kind == AB_ITEM_BEST && a->items[1].node == find(t, "B"));
	ck_assert(a->items[2].kind == AB_ITEM_PRUNED && a->items[2].count == 2);
	ck_assert(a->items[3].kind == AB_ITEM_WINDOW && a->items[3].node == find(t, "C"));
	ck_assert(a->items[4].kind == AB_ITEM_RETURNS && a->items[4].node == find(t, "D"));
	ck_assert(a->items[5].kind == AB_ITEM_RETURNS && a->items[5].node == find(t, "B"));
	ck_assert(a->config.strict && a->config.fail == AB_FAIL_HARD && a->config.order == AB_ORDER_REVERSE);
	ab_answer_free(a);
	/* A name near one of the tree's: did you mean it? */
	a = parse_ok(t, "DD: 2\nbest: BB\nbest2: 3\n");
	ck_assert_str_eq(a->items[0].unknown[0].hint, "; did you mean D?");
	ck_assert_str_eq(a->items[1].unknown[0].hint, "; did you mean B?; the root's moves are B, C and D");
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

/* Every item word the reports print, in each language, is read back: the
 * words come from the catalogue (po/zh_CN.po), not from a list here. */
static char *po_text(void)
{
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	struct ab_str path = AB_STR_INIT;
	ab_str_addf(&path, "%s/po/zh_CN.po", root ? root : ".");
	FILE *f = fopen(path.s, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path.s);
	ab_str_free(&path);
	struct ab_str text = AB_STR_INIT;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		ab_str_addn(&text, buf, n);
	fclose(f);
	return text.s;
}

/* The msgstr of msgid in po (one line each, as the catalogue writes
 * these short ones), to free. */
static char *po_lookup(const char *po, const char *msgid)
{
	struct ab_str want = AB_STR_INIT;
	ab_str_addf(&want, "\nmsgid \"%s\"\nmsgstr \"", msgid);
	const char *at = strstr(po, want.s);
	ck_assert_msg(at != NULL, "no msgid \"%s\" in po/zh_CN.po", msgid);
	at += want.len;
	ab_str_free(&want);
	return strndup(at, strcspn(at, "\""));
}

START_TEST(report_words_read_back)
{
	/* The item names grade.c prints (its _() words), the line an answer
	 * writes with each, and the item it must give. */
	static const struct {
		const char *msgid, *rest;
		enum ab_item_kind kind;
	} words[] = {
		{ "value", "3", AB_ITEM_VALUE },
		{ "best", "B", AB_ITEM_BEST },
		{ "pruned", "C2 C3", AB_ITEM_PRUNED },
		{ "visited", "B1 B2 B3 C1 D1 D2 D3", AB_ITEM_VISITED },
		{ "visit order", "B1 B2 B3 C1 D1 D2 D3", AB_ITEM_VISITED },
		{ "%s window", "alpha=3 beta=2", AB_ITEM_WINDOW },
		{ "%s returns", "2", AB_ITEM_RETURNS },
	};
	char *po = po_text();
	struct ab_tree *t = lecture_tree();
	for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
		char *zh = po_lookup(po, words[w].msgid);
		const char *both[2] = { words[w].msgid, zh };
		for (int lang = 0; lang < 2; lang++) {
			/* "%s" names the node: C. */
			struct ab_str key = AB_STR_INIT, text = AB_STR_INIT;
			const char *pct = strstr(both[lang], "%s");
			if (pct)
				ab_str_addf(&key, "%.*sC%s", (int)(pct - both[lang]), both[lang], pct + 2);
			else
				ab_str_add(&key, both[lang]);
			ab_str_addf(&text, "%s: %s\n", key.s, words[w].rest);
			struct ab_diag diag;
			struct ab_answer *a = ab_answer_parse_strict(t, text.s, text.len, &diag);
			ck_assert_msg(a != NULL, "'%s' is not read back: %s", text.s, diag.message);
			ck_assert_msg(a->count == 1 && a->items[0].kind == words[w].kind,
				      "'%s' reads as %d items, the first of kind %d", text.s,
				      (int)a->count, a->count ? (int)a->items[0].kind : -1);
			if (pct)
				ck_assert_uint_eq(a->items[0].node, find(t, "C"));
			ab_answer_free(a);
			ab_str_free(&key);
			ab_str_free(&text);
		}
		free(zh);
	}
	/* And every word of the keyword table reads as a key word, in the
	 * same way. */
	for (size_t i = 0;; i++) {
		int kind;
		const char *word = ab_answer_keyword(i, &kind);
		if (!word)
			break;
		if (kind < 0)
			continue;
		struct ab_str text = AB_STR_INIT;
		ab_str_addf(&text, "%s: %s\n", word, kind == AB_ITEM_VALUE ? "3" : kind == AB_ITEM_BEST ? "B"
			    : "C2 C3");
		if (kind == AB_ITEM_VISITED) {
			ab_str_clear(&text);
			ab_str_addf(&text, "%s: B1 B2 B3 C1 D1 D2 D3\n", word);
		}
		if (kind == AB_ITEM_HITS) { /* inner nodes, which probe a table */
			ab_str_clear(&text);
			ab_str_addf(&text, "%s: B C\n", word);
		}
		struct ab_diag diag;
		struct ab_answer *a = ab_answer_parse_strict(t, text.s, text.len, &diag);
		ck_assert_msg(a && a->count == 1 && (int)a->items[0].kind == kind, "'%s': %s", text.s,
			      a ? "another item" : diag.message);
		ab_answer_free(a);
		ab_str_free(&text);
	}
	ab_tree_free(t);
	free(po);
}
END_TEST

static Suite *answer_suite(void)
{
	Suite *s = suite_create("answer");
	TCase *tc = tcase_create("items");
	tcase_add_test(tc, value_and_best);
	tcase_add_test(tc, pruned_and_visited);
	tcase_add_test(tc, table_items);
	tcase_add_loop_test(tc, bounds, 0, sizeof bound_cases / sizeof bound_cases[0]);
	tcase_add_test(tc, windows);
	tcase_add_test(tc, rules);
	tcase_add_test(tc, builder);
	tcase_add_test(tc, key_items);
	tcase_add_test(tc, lenient_names);
	tcase_add_test(tc, returns_and_values);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, errors, 0, sizeof bad_cases / sizeof bad_cases[0]);
	tcase_add_loop_test(tc, key_errors, 0, sizeof key_bad_cases / sizeof key_bad_cases[0]);
	tcase_add_test(tc, limits);
	tcase_add_test(tc, item_limit);
	tcase_add_test(tc, long_names);
	tcase_add_loop_test(tc, token_soup, 0, 4);
	suite_add_tcase(s, tc);
	tc = tcase_create("students");
	tcase_add_loop_test(tc, lenient_lines, 0, sizeof bad_cases / sizeof bad_cases[0]);
	tcase_add_test(tc, undone_lines);
	tcase_add_test(tc, student_lines);
	tcase_add_test(tc, report_words_read_back);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(answer_suite());
}
