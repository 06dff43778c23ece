/* test_parse.c - the tree-file syntax: what parses to what, and every kind
 * of error with its line, column and message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/parse.h"
#include "testutil.h"

/* ---- Helpers ------------------------------------------------------------ */

/* Same shape, values, labels and header fields. */
static void assert_same_tree(const struct ab_tree *a, const struct ab_tree *b)
{
	ck_assert_uint_eq(a->count, b->count);
	ck_assert_uint_eq(a->leaves, b->leaves);
	ck_assert_uint_eq(a->height, b->height);
	ck_assert_int_eq(a->root_player, b->root_player);
	for (uint32_t n = 0; n < a->count; n++) {
		const struct ab_node *x = &a->nodes[n], *y = &b->nodes[n];
		ck_assert_uint_eq(x->parent, y->parent);
		ck_assert_uint_eq(x->nkids, y->nkids);
		ck_assert_uint_eq(ab_rank(a, n), ab_rank(b, n));
		ck_assert_uint_eq(ab_end(a, n), ab_end(b, n));
		ck_assert_int_eq(x->value, y->value);
		const char *la = ab_tree_label(a, n), *lb = ab_tree_label(b, n);
		ck_assert(!la == !lb);
		if (la)
			ck_assert_str_eq(la, lb);
	}
}

/* A string of n copies of unit. */
static char *repeat(const char *unit, size_t n)
{
	size_t k = strlen(unit);
	char *s = ab_xmalloc(k * n + 1);
	ck_assert_ptr_nonnull(s);
	for (size_t i = 0; i < n; i++)
		memcpy(s + i * k, unit, k);
	s[k * n] = '\0';
	return s;
}

/* ---- Errors: one table, one row per kind ------------------------------ */

struct bad {
	const char *text;
	size_t len;       /* 0: strlen(text) */
	unsigned line, column;
	const char *message; /* a substring of the message */
};

static const struct bad bad_inputs[] = {
	/* unbalanced, both ways */
	{ "[[1 2]", 0, 1, 1, "unbalanced '[': this list is never closed" },
	{ "[1\n [2 3\n", 0, 2, 2, "unbalanced '['" },
	{ "[1 2]]", 0, 1, 6, "unexpected ']': no list is open" },
	{ "]", 0, 1, 1, "unexpected ']'" },
	/* empty list, empty element, missing separator */
	{ "[]", 0, 1, 1, "empty list '[]'" },
	{ "[1 [ ]]", 0, 1, 4, "empty list" },
	{ "[1,,2]", 0, 1, 4, "empty element" },
	{ "[,1]", 0, 1, 2, "empty element: expected a child before ','" },
	{ "[1,]", 0, 1, 4, "empty element: expected a child after ','" },
	{ "[1[2]]", 0, 1, 3, "expected ',' or ']' after this child" },
	{ "[[1 2]3]", 0, 1, 7, "expected ',' or ']' after this child" },
	{ "\xff\xfe[\0001\0]\0", 0, 1, 1, "this file is UTF-16 text: save it as UTF-8" },
	{ "[1e3 2]", 0, 1, 3, "no exponents in a tree file: write the number out (1e3 is 1000)" },
	{ "[3 -2.5E-1]", 0, 1, 8, "no exponents in a tree file" },
	{ "[3 x=1e+2]", 0, 1, 7, "no exponents in a tree file" },
	{ "[3e]", 0, 1, 3, "expected ',' or ']' after this child" },
	{ "[1[2]]", 0, 1, 3, "expected ',' or ']' after this child" },
	{ "[B[1]C[2]]", 0, 1, 6, "expected ',' or ']' after this child" },
	/* stray characters */
	{ "[1 % 2]", 0, 1, 4, "stray character '%'" },
	{ "[1 2 'a]", 0, 1, 6, "stray character \"'\"" },
	{ "[1 2\x07]", 0, 1, 5, "U+0007" },
	{ "[1 2 \xe2\x80\xae 3]", 0, 1, 6, "U+202E" },
	{ "[1\xef\xbc\x8c" "2]", 0, 1, 3, "write ',' instead" },
	{ "[1\xe3\x80\x80" "2]", 0, 1, 3, "non-ASCII space" },
	{ ",", 0, 1, 1, "unexpected ','" },
	{ "[1/2]", 0, 1, 2, "a fraction is only written as a probability" },
	{ "[1 2 =3]", 0, 1, 8, "expected '[' after the static value" },
	/* numbers */
	{ "[1234567890123456]", 0, 1, 2, "number too large: values have at "
	  "most 15 digits" },
	{ "[1 -9999999999999999]", 0, 1, 4, "number too large" },
	{ "[1 - 2]", 0, 1, 5, "expected a digit after '-'" },
	{ "[+]", 0, 1, 3, "expected a digit after '+'" },
	/* labels */
	{ "A[B[1 2] B[3 4]]", 0, 1, 10, "duplicate label 'B': first used at "
	  "line 1, column 3" },
	{ "A[1\n  x=2\n  x=3]", 0, 3, 3, "first used at line 2, column 3" },
	{ "A[1 A=2]", 0, 1, 5, "duplicate label 'A'" },
	{ "[root[1] 2]", 0, 1, 2, "'root' is reserved" },
	{ "root[1]/[2]", 0, 1, 1, "'root' is reserved" },
	{ "[A 1]", 0, 1, 4, "expected '[' or '=' after the label 'A'" },
	{ "[1 A]", 0, 1, 5, "expected '[' or '=' after the label 'A'" },
	{ "[x=]", 0, 1, 4, "expected a number after 'x='" },
	{ "[x=[1]]", 0, 1, 4, "expected a number after 'x='" },
	{ "[abcdefghijabcdefghijabcdefghijabc=1]", 0, 1, 2,
	  "label too long: at most 32 bytes" },
	/* the tree as a whole */
	{ "5", 0, 1, 1, "the root is a leaf: a game tree needs at least one "
	  "move" },
	{ "# one leaf\nA=5\n", 0, 2, 1, "the root is a leaf" },
	/* What follows a leaf at the top is the mistake, not the leaf. */
	{ "A=1e2[1 2]", 0, 1, 4, "no exponents in a tree file" },
	{ "A=1 x", 0, 1, 5, "stray character 'x'" },
	{ "5 6", 0, 1, 1, "the root is a leaf" },
	{ "[1 2]3", 0, 1, 6, "trailing text after the tree" },
	{ "[1 2]\n[3 4]\n", 0, 2, 1, "trailing text after the tree" },
	{ "[1]/[2] [3]", 0, 1, 9, "trailing text" },
	{ "[1 2]\ntitle: late\n", 0, 2, 1, "header lines must come before the "
	  "tree" },
	{ "", 0, 1, 1, "empty file: no tree" },
	{ "# nothing but comments\n\n   # and blanks\n", 0, 1, 1,
	  "no tree: the file has only comments" },
	{ " \n\t\n", 0, 1, 1, "empty file: no tree" },
	{ "title: x\n# no tree\n", 0, 2, 10, "no tree after the header lines" },
	{ "[1]/", 0, 1, 5, "expected a subtree after '/'" },
	{ "/[1]", 0, 1, 1, "expected a subtree before '/'" },
	{ "[1]//[2]", 0, 1, 5, "empty element" },
	/* encoding */
	{ "[1 2\0 3]", 8, 1, 5, "NUL byte" },
	{ "# comment \0\n[1]", 15, 1, 11, "NUL byte" },
	{ "[1 2 \xff]", 0, 1, 6, "invalid UTF-8 (byte 0xFF)" },
	{ "# caf\xc3\n[1 2]", 0, 1, 6, "invalid UTF-8" },
	{ "[1 \xc0\xaf]", 0, 1, 4, "invalid UTF-8" },      /* overlong '/' */
	{ "[1 \xed\xa0\x80]", 0, 1, 4, "invalid UTF-8" },  /* surrogate */
	{ "[\xc3\xa9\xc3\xa9 \xe2\x82]", 0, 1, 5, "invalid UTF-8" },
	/* headers */
	{ "titel: x\n[1]", 0, 1, 1, "unknown header key 'titel': expected "
	  "title, title.zh, root, source, players or bounds" },
	{ "title.fr: x\n[1]", 0, 1, 1, "unknown header key 'title.fr'" },
	{ "title.zh: a\ntitle.zh: b\n[1]", 0, 2, 1, "duplicate header 'title.zh:': already given on line 1" },
	{ "root: maximum\n[1]", 0, 1, 7, "bad root player 'maximum': "
	  "expected max or min" },
	{ "root:\n[1]", 0, 1, 6, "expected max or min after 'root:'" },
	{ "title: a\nsource: s\ntitle: b\n[1]", 0, 3, 1, "duplicate header "
	  "'title:': already given on line 1" },
	{ "title: a\x1b[31m\n[1]", 0, 1, 9, "U+001B" },
	/* CRLF and tabs keep columns right */
	{ "title: x\r\n[1,\r\n\t,2]\r\n", 0, 3, 2, "empty element" },
	{ "\t[1\t%]", 0, 1, 5, "stray character '%'" },
	/* columns count characters, not bytes */
	{ "\xe7\x94\xb2[1 \xe4\xb9\x99[] 2]", 0, 1, 6, "empty list" },
	/* a BOM is skipped and not counted */
	{ "\xef\xbb\xbf[1 %]", 0, 1, 4, "stray character '%'" },
	{ "\xef\xbb\xbf", 0, 1, 1, "empty file" },
	{ "[1 \xef\xbb\xbf]", 0, 1, 4, "U+FEFF" },
	/* exact values */
	{ "[1 2.5 0.1234567891]", 0, 1, 8, "number too precise: at most 9 digits after the point" },
	{ "[1 12345678901234.56]", 0, 1, 4, "number too large" },
	{ "[1 3.]", 0, 1, 6, "expected a digit after the decimal point" },
	{ "[1 .5]", 0, 1, 4, "stray character '.'" },
	{ "[1 2/3]", 0, 1, 4, "a fraction is only written as a probability" },
	/* players and kinds */
	{ "players: max foe\n[1]", 0, 1, 14, "bad player 'foe' in 'players:'" },
	{ "players:\n[1]", 0, 1, 9, "expected max, min or chance after 'players:'" },
	{ "players: max max max max max max max max max max max max max max max max max\n[1]",
	  0, 1, 74, "too many players" },
	{ "root: min\nplayers: max min\n[1]", 0, 1, 1, "'root: min' contradicts 'players:'" },
	{ "[min[1 2] 3]", 0, 1, 2, "'min' is a player, not a label: write <min>[...]" },
	{ "A[chance=3 1]", 0, 1, 3, "'chance' is a player, not a label" },
	{ "[max 1]", 0, 1, 2, "'max' is a player, not a label" },
	{ "[<mini>[1 2]]", 0, 1, 2, "expected <max>, <min> or <chance>" },
	{ "[<min>3]", 0, 1, 7, "expected '[' after <min>: only an inner node has a player" },
	/* probabilities */
	{ "<chance>[0.5: 1, 0.4: 2]", 0, 1, 9, "the probabilities of this chance node's children sum to 0.9, not 1" },
	{ "<chance>[2/3: 1, 2/3: 2]", 0, 1, 9, "sum to 4/3, not 1" },
	{ "<chance>[0.5: 1, 2]", 0, 1, 9, "either every child of a chance node has a probability or none has: 1 of 2" },
	{ "<chance>[0: 1, 1: 2]", 0, 1, 10, "a probability must be greater than 0" },
	{ "<chance>[1.5: 1, 2]", 0, 1, 10, "a probability is at most 1" },
	{ "[0.5: 1, 0.5: 2]", 0, 1, 2, "a probability is only for a chance node's children" },
	{ "<chance>[0.5: 0.5: 1, 0.5: 2]", 0, 1, 15, "two probabilities for one child" },
	{ "<chance>[0.5:]", 0, 1, 14, "expected a child after the probability" },
	{ "players: max chance\n[ [1/2: 3, 1/3: 4] ]", 0, 2, 3, "sum to 5/6, not 1" },
	/* bounds */
	{ "bounds: 0..10\n[1 11]", 0, 2, 4, "value 11 is outside the declared bounds 0..10" },
	{ "bounds: 0..10\n[1 -0.5]", 0, 2, 4, "value -0.5 is outside the declared bounds 0..10" },
	{ "bounds: 0..10\n[B=12[1 2] 3]", 0, 2, 4, "value 12 is outside the declared bounds" },
	{ "bounds: 5..1\n[1]", 0, 1, 9, "the low bound is above the high bound" },
	{ "bounds: 0-10\n[1]", 0, 1, 10, "expected '..' between the bounds" },
	{ "bounds:\n[1]", 0, 1, 8, "expected LO..HI after 'bounds:'" },
	/* static values */
	{ "[=5 1]", 0, 1, 4, "expected '[' after the static value" },
	{ "[B=[1 2]]", 0, 1, 4, "expected a number after 'B='" },
	/* the exact range */
	{ "[123456789012345 0.000000001]", 0, 1, 1, "exact arithmetic out of range at node 1" },
	/* transpositions: &NAME */
	{ "[B[1 &] 2]", 0, 1, 7, "expected a label after '&'" },
	{ "[B[&X 1] 2]", 0, 1, 4, "no node is labelled 'X' (&X names a labelled node)" },
	{ "[B[&B 1] 2]", 0, 1, 4, "&B makes a cycle" },
	{ "A[B[&A 1] 2]", 0, 1, 5, "&A makes a cycle" },
	{ "A[B[D[1 2] E[F[3 &G] 5]] C[&E G[&F 7]]]", 0, 1, 18, "&G makes a cycle" },
	{ "[B[&C 3] C[1 2]]", 0, 1, 4, "&C is at a max level, but 'C' is a min node" },
	{ "[B[&C[1]] C[1]]", 0, 1, 6, "unexpected '[' after '&C'" },
	{ "[B[&C=3] C[1]]", 0, 1, 6, "unexpected '=' after '&C'" },
	{ "&C", 0, 1, 1, "the root cannot be a transposition" },
	{ "[B[1 &C2] C[1 2]]", 0, 1, 6, "no node is labelled 'C2'" },
	/* won and lost positions: +inf and -inf leaves */
	{ "bounds: 0..9\n[1 inf]", 0, 2, 4, "value +inf is outside the declared bounds" },
	{ "players: max chance\n[1 [inf 2]]", 0, 2, 5, "an infinite value in a tree with chance nodes" },
	{ "[B=inf[1 2] 3]", 0, 1, 4, "a static value is finite" },
	{ "[+infinity 3]", 0, 1, 3, "expected a digit after '+'" },
	/* the X/Y/Z form's root as a chance node: its probabilities add up */
	{ "players: chance max\n0.5: [1 2] / 0.25: [3 4]", 0, 2, 1, "sum to 0.75, not 1" },
	{ "players: chance max\n0.5: [1 2] / [3 4]", 0, 2, 1, "1 of 2 have one" },
	{ "0.5: [1 2] / 0.5: [3 4]", 0, 1, 1, "a probability is only for a chance node's children" },
	/* the root's player said twice, differently */
	{ "root: min\n<max>[1 2]", 0, 2, 1, "<max> on the root contradicts 'root: min' on line 1" },
	{ "root: max\nA<chance>[1 2]", 0, 2, 2, "<chance> on the root contradicts 'root: max'" },
};

START_TEST(test_bad_input)
{
	const struct bad *b = &bad_inputs[_i];
	size_t len = b->len ? b->len : strlen(b->text);
	struct ab_diag diag;
	struct ab_tree *t = ab_parse_tree(b->text, len, &diag);
	ck_assert_msg(t == NULL, "row %d parsed", _i);
	ck_assert_msg(strstr(diag.message, b->message) != NULL,
		      "row %d: message '%s' lacks '%s'", _i, diag.message,
		      b->message);
	ck_assert_msg(diag.line == b->line && diag.column == b->column,
		      "row %d ('%s'): at %u:%u, expected %u:%u", _i,
		      diag.message, diag.line, diag.column, b->line,
		      b->column);
}
END_TEST

/* 100,000 '[' must give a clean error, not a stack overflow. */
START_TEST(test_deep_nesting_error)
{
	char *text = repeat("[", 100000);
	struct ab_diag diag;
	ck_assert_ptr_null(ab_parse_tree(text, strlen(text), &diag));
	ck_assert_ptr_nonnull(strstr(diag.message, "nesting too deep"));
	ck_assert_ptr_nonnull(strstr(diag.message, "10000"));
	ck_assert_uint_eq(diag.line, 1);
	ck_assert_uint_eq(diag.column, AB_MAX_DEPTH + 1);
	free(text);

	/* And with the '/' form the limit still counts from the root. */
	char *open = repeat("[", AB_MAX_DEPTH);
	struct ab_str slash = AB_STR_INIT;
	ab_str_add(&slash, "1/");
	ab_str_add(&slash, open);
	ck_assert_ptr_null(ab_parse_tree(slash.s, slash.len, &diag));
	ck_assert_ptr_nonnull(strstr(diag.message, "nesting too deep"));
	ck_assert_uint_eq(diag.column, 2 + AB_MAX_DEPTH);
	ab_str_free(&slash);
	free(open);
}
END_TEST

/* Exactly AB_MAX_DEPTH levels below the root is fine, one more is not. */
START_TEST(test_depth_limit)
{
	for (int extra = 0; extra <= 1; extra++) {
		size_t d = AB_MAX_DEPTH + (size_t)extra;
		char *open = repeat("[", d), *close = repeat("]", d);
		size_t len = 2 * d + 2;
		char *text = ab_xmalloc(len);
		sprintf(text, "%s7%s", open, close);
		struct ab_diag diag;
		struct ab_tree *t = ab_parse_tree(text, len - 1, &diag);
		if (!extra) {
			ck_assert_ptr_nonnull(t);
			ck_assert_uint_eq(t->height, AB_MAX_DEPTH);
			ck_assert_uint_eq(t->count, AB_MAX_DEPTH + 1);
		} else {
			ck_assert_ptr_null(t);
			ck_assert_ptr_nonnull(strstr(diag.message,
						     "nesting too deep"));
		}
		ab_tree_free(t);
		free(text);
		free(open);
		free(close);
	}
}
END_TEST

/* A huge line: the error still points right and the excerpt stays short. */
START_TEST(test_long_line_error)
{
	size_t n = 2 * 1000 * 1000;
	char *text = ab_xmalloc(2 * n + 8);
	char *p = text;
	*p++ = '[';
	for (size_t i = 0; i < n; i++) {
		*p++ = '1';
		*p++ = ' ';
	}
	*p++ = '%';
	*p++ = ']';
	*p = '\0';
	struct ab_diag diag;
	ck_assert_ptr_null(ab_parse_tree(text, (size_t)(p - text), &diag));
	ck_assert_uint_eq(diag.column, 2 * n + 2);
	ck_assert_uint_lt(strlen(diag.excerpt), 100);
	ck_assert_str_eq(diag.excerpt + diag.caret, "%]");
	free(text);
}
END_TEST

/* ---- Good input ---------------------------------------------------------- */

START_TEST(test_lecture_forms)
{
	const char *forms[] = {
		"[[3,12,8],[2,4,6],[14,5,2]]",
		"[3,12,8]/[2,4,6]/[14,5,2]",
		"A[ B[3 12 8] C[2 4 6] D[14 5 2] ]",
		"[3 12 8] / [2 4 6] / [14 5 2]\n",
		("# the lecture tree\n[\n  [3, 12, 8],  # B\n  [2,4,6]\n"
		 "  [14 ,5, 2]\n]\n"),
	};
	struct ab_tree *ref = tree_ok(forms[0]);
	ck_assert_uint_eq(ref->count, 13);
	ck_assert_uint_eq(ref->leaves, 9);
	ck_assert_uint_eq(ref->height, 2);
	ck_assert_uint_eq(ref->nlabels, 0);
	static const ab_value leaves[] = { 3, 12, 8, 2, 4, 6, 14, 5, 2 };
	for (size_t f = 1; f < sizeof forms / sizeof forms[0]; f++) {
		struct ab_tree *t = tree_ok(forms[f]);
		ck_assert_uint_eq(t->count, ref->count);
		size_t k = 0;
		for (uint32_t n = 0; n < t->count; n++) {
			ck_assert_uint_eq(t->nodes[n].parent,
					  ref->nodes[n].parent);
			ck_assert_uint_eq(t->nodes[n].nkids,
					  ref->nodes[n].nkids);
			if (ab_is_leaf(t, n))
				ck_assert_int_eq(t->nodes[n].value,
						 leaves[k++]);
		}
		ck_assert_uint_eq(k, 9);
		ab_tree_free(t);
	}
	struct ab_tree *labelled = tree_ok(forms[2]);
	ck_assert_str_eq(ab_tree_label(labelled, 0), "A");
	ck_assert_str_eq(ab_tree_label(labelled, 5), "C");
	ck_assert_uint_eq(ab_tree_find(labelled, "C2"), 7);
	ab_tree_free(labelled);
	ab_tree_free(ref);
}
END_TEST

START_TEST(test_slash_equals_nested)
{
	const char *pairs[][2] = {
		{ "[1 2]/[3 4]", "[[1 2] [3 4]]" },
		{ "3/4/5", "[3 4 5]" },
		{ "B[1 2]/c=3/D[E[4] 5]", "[B[1 2] c=3 D[E[4] 5]]" },
		{ "[1]/\n# comment with a / in it\n[2]", "[[1],[2]]" },
		{ "[1 [2 3]]/[4]", "[[1,[2,3]],[4]]" },
		/* "][" between siblings needs no separator. */
		{ "[[1 2][3 4]]", "[[1 2] [3 4]]" },
		{ "[[[1][2]][3]]", "[[[1] [2]] [3]]" },
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		struct ab_tree *a = tree_ok(pairs[i][0]);
		struct ab_tree *b = tree_ok(pairs[i][1]);
		assert_same_tree(a, b);
		ab_tree_free(a);
		ab_tree_free(b);
	}
}
END_TEST

START_TEST(test_headers)
{
	struct ab_tree *t = tree_ok(
		"# a comment first\n"
		"title:   Three moves, then pruning  \n"
		"root: min   # MIN moves first\n"
		"\n"
		"source: notes/lecture 3, p. 12\n"
		"[1 2]\n");
	ck_assert_str_eq(t->title, "Three moves, then pruning");
	ck_assert_str_eq(t->source, "notes/lecture 3, p. 12");
	ck_assert_int_eq(t->root_player, AB_MIN);
	ab_tree_free(t);

	t = tree_ok("root: max\ntitle:\n[1 2]");
	ck_assert_int_eq(t->root_player, AB_MAX);
	ck_assert_str_eq(t->title, "");
	ck_assert_ptr_null(t->source);
	ab_tree_free(t);

	t = tree_ok("[1 2]");
	ck_assert_int_eq(t->root_player, AB_MAX);
	ck_assert_ptr_null(t->title);
	ck_assert_ptr_null(t->title_zh);
	ab_tree_free(t);

	/* A title in Chinese beside the English one; ab_tree_title gives the
	 * one of the language of messages (English here). */
	t = tree_ok("title: Ties\ntitle.zh: 相等时的剪枝\n[1 2]");
	ck_assert_str_eq(t->title, "Ties");
	ck_assert_str_eq(t->title_zh, "相等时的剪枝");
	ck_assert_str_eq(ab_tree_title(t), "Ties");
	ab_tree_free(t);
	t = tree_ok("title.zh: 只有中文\n[1 2]");
	ck_assert_ptr_null(t->title);
	ck_assert_str_eq(ab_tree_title(t), "只有中文");
	ab_tree_free(t);
}
END_TEST

START_TEST(test_line_endings_bom_tabs)
{
	struct ab_tree *ref = tree_ok("title: t\nA[B[1 2]\n  c=-3]\n");
	const char *same[] = {
		"title: t\r\nA[B[1 2]\r\n  c=-3]\r\n",
		"\xef\xbb\xbftitle: t\nA[B[1 2]\n  c=-3]\n",
		"\xef\xbb\xbftitle: t\r\nA[B[1 2]\r\n  c=-3]",
		"title:\tt\t\n\tA[\tB[1\t2]\tc\t=\t-3\t]",
		"title: t # comment\nA [B [1,2], c= -3]",
	};
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
		struct ab_tree *t = tree_ok(same[i]);
		assert_same_tree(t, ref);
		ck_assert_str_eq(t->title, "t");
		ab_tree_free(t);
	}
	ab_tree_free(ref);
}
END_TEST

START_TEST(test_values_and_labels)
{
	struct ab_tree *t = tree_ok(
		"root[ +5 -0 007 999999999999999 -999999999999999 "
		"000000000000000000001 x'=1 _y2=2 \xe7\x94\xb2[3] "
		"caf\xc3\xa9=4 B1'[5] abcdefghijabcdefghijabcdefghijab=6 ]");
	static const ab_value want[] = { 5, 0, 7, AB_VALUE_MAX, -AB_VALUE_MAX,
					 1, 1, 2, 3, 4, 5, 6 };
	size_t k = 0;
	for (uint32_t n = 0; n < t->count; n++)
		if (ab_is_leaf(t, n))
			ck_assert_int_eq(t->nodes[n].value, want[k++]);
	ck_assert_uint_eq(k, sizeof want / sizeof want[0]);
	ck_assert_str_eq(ab_tree_label(t, 0), "root");
	ck_assert_uint_ne(ab_tree_find(t, "x'"), AB_NONE);
	ck_assert_uint_ne(ab_tree_find(t, "_y2"), AB_NONE);
	ck_assert_uint_ne(ab_tree_find(t, "\xe7\x94\xb2"), AB_NONE);
	ck_assert_uint_ne(ab_tree_find(t, "caf\xc3\xa9"), AB_NONE);
	ck_assert_uint_ne(ab_tree_find(t, "abcdefghijabcdefghijabcdefghijab"),
			  AB_NONE);
	ck_assert_uint_eq(t->nlabels, 7);
	ab_tree_free(t);
}
END_TEST

START_TEST(test_write_round_trip)
{
	const char *texts[] = {
		"[[3,12,8],[2,4,6],[14,5,2]]",
		"title: T\nroot: min\nsource: S\nA[ B[3 12 8] C[2 4 6] D[14 5 2] ]",
		"[1 x=-2 [3 [4 y[5]]]]",
		"root[1 2]",
		"A[B[D[1 2] E[F[3 4] 5]] C[&E G[&F 7]]]",
		"[B[1 +inf] C=-inf inf]",
		"players: max chance min\nA[<chance>[0.5: D[1 2], 0.5: D'[3 4]] <chance>[1/4: &D, 3/4: &D']]",
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct ab_tree *a = tree_ok(texts[i]);
		struct ab_str out = AB_STR_INIT;
		ab_tree_write(a, &out);
		struct ab_tree *b = tree_ok(out.s);
		assert_same_tree(a, b);
		ab_tree_free(a);
		ab_tree_free(b);
		ab_str_free(&out);
	}
}
END_TEST

/* +inf and -inf leaves: won and lost positions, kept infinite whatever
 * the tree's unit. */
START_TEST(test_infinite_leaves)
{
	struct ab_tree *t = tree_ok("[B[1.5 +inf] C=-inf inf]");
	ck_assert_int_eq(t->nodes[ab_tree_find(t, "B2")].value, AB_POS_INF);
	ck_assert_int_eq(t->nodes[ab_tree_find(t, "C")].value, AB_NEG_INF);
	ck_assert_int_eq(t->nodes[ab_tree_find(t, "3")].value, AB_POS_INF);
	ck_assert_int_eq(t->nodes[ab_tree_find(t, "B1")].value, 15); /* scale 10 */
	ab_tree_free(t);
	/* The X/Y/Z form takes the root's probabilities as players: gives it
	 * (decimals: a '/' there separates). */
	t = tree_ok("players: chance max\n0.25: [1 2] / 0.75: [3 4]");
	ck_assert_int_eq(t->probs[ab_kid(t, 0, 1)].num, 3);
	ck_assert_int_eq(t->probs[ab_kid(t, 0, 1)].den, 4);
	ab_tree_free(t);
	/* A labelled infinite leaf before a list, as ab_tree_write writes
	 * one: a leaf and its sibling, as B1=3 [1 2] is (it was read as a
	 * static value and refused). */
	t = tree_ok("[[1 2] x=+inf [4 [5 6]]]");
	ck_assert_int_eq(t->nodes[ab_tree_find(t, "x")].value, AB_POS_INF);
	ck_assert_uint_eq(t->nodes[0].nkids, 3);
	ab_tree_free(t);
	/* "inf" that goes on is a label. */
	t = tree_ok("[info[1 2] 3]");
	ck_assert_uint_ne(ab_tree_find(t, "info"), AB_NONE);
	ab_tree_free(t);
}
END_TEST

/* &NAME: each reference a visit of its own, whose nodes know their
 * position; nested references and references to leaves. */
START_TEST(test_transpositions)
{
	struct ab_tree *t = tree_ok("A[B[D[1 L=2] E[F[3 4] 5]] C[&E G[&F 7] &L]]");
	/* B D D1 D2 E F F1 F2 E2 | C C1(=E) C1.1(=F) .. C1.2(=E2) G G1(=F) .. G2 C3(=D1) */
	ck_assert_uint_eq(t->count, 22);
	ck_assert_uint_eq(t->ntransposed, 9);
	uint32_t e = ab_tree_find(t, "E"), f = ab_tree_find(t, "F");
	uint32_t c1 = ab_tree_find(t, "C1"), g1 = ab_tree_find(t, "G1");
	ck_assert_uint_eq(ab_position(t, c1), e);
	ck_assert_uint_eq(ab_position(t, ab_kid(t, c1, 0)), f);
	ck_assert_uint_eq(ab_position(t, ab_kid(t, ab_kid(t, c1, 0), 1)),
			  ab_kid(t, f, 1));
	ck_assert_uint_eq(ab_position(t, g1), f);
	ck_assert_uint_eq(ab_position(t, ab_tree_find(t, "C3")), ab_tree_find(t, "L"));
	ck_assert_uint_eq(ab_position(t, e), e);
	ck_assert_uint_eq(t->nodes[c1].depth, t->nodes[e].depth);
	/* A copy keeps the players of what it copies, even where the cycle
	 * would give another. */
	ck_assert_int_eq(ab_player_at(t, g1, AB_MAX), AB_MIN);
	/* No label is copied: each still names one node. */
	ck_assert_ptr_null(ab_tree_label(t, c1));
	/* An edit changes the position, so every visit of it. */
	uint32_t f1 = ab_kid(t, f, 0), g11 = ab_kid(t, g1, 0);
	ck_assert(ab_tree_set_value(t, g11, 9));
	ck_assert_int_eq(t->nodes[f1].value, 9);
	ck_assert_int_eq(t->nodes[ab_kid(t, ab_kid(t, c1, 0), 0)].value, 9);
	ab_tree_free(t);
	/* A chance child's probability is the reference's own. */
	t = tree_ok("players: max chance min\n"
		     "A[<chance>[0.5: D[1 2], 0.5: E[3 4]] <chance>[1/4: &D, 3/4: &E]]");
	uint32_t copy = ab_kid(t, ab_kid(t, 0, 1), 0);
	ck_assert_uint_eq(ab_position(t, copy), ab_tree_find(t, "D"));
	ck_assert_int_eq(t->probs[copy].num, 1);
	ck_assert_int_eq(t->probs[copy].den, 4);
	ab_tree_free(t);
	/* Writing back keeps the references. */
	t = tree_ok("A[B[D[1 2] E[3 4]] C[&E &D]]");
	struct ab_str out = AB_STR_INIT;
	ab_tree_write(t, &out);
	ck_assert_str_eq(out.s, "A[B[D[1 2] E[3 4]] C[&E &D]]\n");
	ab_str_free(&out);
	ab_tree_free(t);
	/* A reference doubling at every level: 2^k copies, stopped at the
	 * node limit with the reference named. */
	struct ab_str big = AB_STR_INIT;
	ab_str_add(&big, "players: max\nA[");
	for (int k = 0; k < 30; k++)
		ab_str_addf(&big, "X%d[&X%d &X%d] ", k + 1, k, k);
	ab_str_add(&big, "X0[1 2]]");
	struct ab_diag diag;
	ck_assert_ptr_null(ab_parse_tree(big.s, big.len, &diag));
	ck_assert_msg(strstr(diag.message, "too many nodes: with its transpositions laid out"),
		      "%s", diag.message);
	ab_str_free(&big);
}
END_TEST

/* 1M leaves, branching 4, depth 10 (about 5 MB): linear and fast.  The
 * bound is loose so sanitizer builds pass; the time is printed. */
START_TEST(test_big_tree_speed)
{
	struct ab_str text = AB_STR_INIT;
	const int depth = 10;
	unsigned counter[16] = { 0 };
	int d = 0;
	/* Iterative preorder writer for the full 4-ary tree. */
	ab_str_add(&text, "[");
	d = 1;
	unsigned leaf = 0;
	while (d > 0) {
		if (counter[d] == 4) {
			ab_str_addc(&text, ']');
			counter[d] = 0;
			d--;
			continue;
		}
		if (counter[d]++)
			ab_str_addc(&text, ',');
		if (d == depth) {
			ab_str_addf(&text, "%u", (leaf++ * 7919u) % 100u);
		} else {
			ab_str_addc(&text, '[');
			d++;
		}
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct ab_tree *t = tree_ok(text.s);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) +
		      (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("parsed %zu bytes, %u nodes in %.3f s\n", text.len, t->count, secs);
	ck_assert_uint_eq(t->leaves, 1u << 20);
	ck_assert_uint_eq(t->height, 10);
	uint32_t b, dd;
	ck_assert(ab_tree_uniform(t, &b, &dd));
	ck_assert_uint_eq(b, 4);
	ck_assert_uint_eq(dd, 10);
	ck_assert(secs < 5.0);
	ab_tree_free(t);
	ab_str_free(&text);
}
END_TEST

/* Coursework trees: each parses to the kinds, probabilities, statics and
 * scale below, and writes back to text that reads the same. */
static const struct {
	const char *text;
	int64_t scale;        /* the exact unit chosen */
	uint32_t nchance;
	const char *players;  /* the player of each node, in preorder */
} coursework[] = {
	{ "[2.99 10.0 -0.5]", 100, 0, "max . . ." },
	{ "players: max min min\n[[1 2] [[3 4]]]", 1, 0, "max min . . min min . ." },
	{ "A[ B<chance>[0.7: D[9 10], 0.3: E[9 7]] C<min>[6 <max>[1 2]] ]", 10 * 7 * 3, 1,
	  "max chance max . . max . . min . max . ." },
	{ "<chance>[1/3: 4, 2/3: 10]", 3 * 2, 1, "chance . ." },
	{ "<chance>[4 10 7]", 3, 1, "chance . . ." },
	{ "bounds: 0..10\nplayers: max chance min\n[[0.5: [1 2] 0.5: [3 4]]]", 2, 1,
	  "max chance min . . min . ." },
	{ "root: min\n[B=5[3 12 8] =2.5[2 4]]", 10, 0, "min max . . . max . ." },
	{ "players: chance max\n[[1 2] [3 4]]", 2, 1, "chance max . . max . ." },
};

START_TEST(test_coursework_trees)
{
	const char *text = coursework[_i].text;
	struct ab_tree *t = tree_ok(text);
	ck_assert_int_eq(t->scale, coursework[_i].scale);
	ck_assert_uint_eq(t->nchance, coursework[_i].nchance);
	char players[256] = "";
	for (uint32_t n = 0; n < t->count; n++) {
		if (n)
			strcat(players, " ");
		strcat(players, t->nodes[n].nkids ? ab_player_word(ab_player_at(t, n, t->root_player)) : ".");
	}
	ck_assert_str_eq(players, coursework[_i].players);
	struct ab_str once = AB_STR_INIT, twice = AB_STR_INIT;
	ab_tree_write(t, &once);
	struct ab_tree *u = tree_ok(once.s);
	ab_tree_write(u, &twice);
	ck_assert_str_eq(once.s, twice.s);
	ck_assert_int_eq(u->scale, t->scale);
	for (uint32_t n = 0; n < t->count; n++) {
		ck_assert_int_eq(u->nodes[n].value, t->nodes[n].value);
		ck_assert_uint_eq(u->nodes[n].flags & ~AB_DECIMALS_MASK,
				  t->nodes[n].flags & ~AB_DECIMALS_MASK);
	}
	ab_str_free(&once);
	ab_str_free(&twice);
	ab_tree_free(u);
	ab_tree_free(t);
}
END_TEST

/* Texts that end in the middle of an element, parsed from a buffer of
 * exactly their length (no NUL after them, as the fuzzer hands them
 * over): the sanitizer build catches any read past the end. */
static const char *const cut_short[] = {
	"[B=5", "[=5", "[B<min>=5", "[<chance>", "[0.5:", "[0.5: B=1", "[B1=3 C=4",
	"bounds: 0..1\n[B=1", "players: max chance\n[[1/2: 3", "[2.5", "[B<min>",
};

START_TEST(test_cut_short)
{
	size_t n = strlen(cut_short[_i]);
	char *text = ab_xmalloc(n);
	memcpy(text, cut_short[_i], n);
	struct ab_diag diag;
	struct ab_tree *t = ab_parse_tree(text, n, &diag);
	ck_assert_msg(t == NULL, "'%s' parsed", cut_short[_i]);
	free(text);
}
END_TEST

static Suite *parse_suite(void)
{
	Suite *s = suite_create("parse");
	TCase *tc = tcase_create("errors");
	tcase_add_loop_test(tc, test_bad_input, 0,
			    (int)(sizeof bad_inputs / sizeof bad_inputs[0]));
	tcase_add_test(tc, test_deep_nesting_error);
	tcase_add_test(tc, test_depth_limit);
	tcase_add_test(tc, test_long_line_error);
	suite_add_tcase(s, tc);

	tc = tcase_create("trees");
	tcase_add_test(tc, test_lecture_forms);
	tcase_add_test(tc, test_slash_equals_nested);
	tcase_add_test(tc, test_headers);
	tcase_add_test(tc, test_line_endings_bom_tabs);
	tcase_add_test(tc, test_values_and_labels);
	tcase_add_test(tc, test_write_round_trip);
	tcase_add_test(tc, test_transpositions);
	tcase_add_test(tc, test_infinite_leaves);
	tcase_add_loop_test(tc, test_cut_short, 0, (int)(sizeof cut_short / sizeof cut_short[0]));
	tcase_add_loop_test(tc, test_coursework_trees, 0,
			    (int)(sizeof coursework / sizeof coursework[0]));
	tcase_add_test(tc, test_big_tree_speed);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(parse_suite());
}
