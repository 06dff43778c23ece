/* test_grade.c - the grader on table-driven cases: every item kind right
 * and wrong, the sentences' steps and numbers, the convention and slip
 * diagnoses, on the lecture tree and other bundled trees; the example
 * answers in tests/answers; and the in-memory API practice mode uses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "homework/answer.h"
#include "homework/grade.h"
#include "sources/load.h"
#include "core/parse.h"
#include "randtree.h"
#include "testutil.h"
#include "core/trace.h"

static struct ab_tree *load(const char *tree)
{
	struct ab_diag diag;
	struct ab_tree *t;
	if (tree[0] == '[' || strchr(tree, '[')) {
		t = ab_load_expr(tree, &diag);
	} else {
		struct ab_str shown = AB_STR_INIT;
		t = ab_load_tree(tree, &shown, &diag);
		ab_str_free(&shown);
	}
	ck_assert_msg(t != NULL, "tree %s: %s", tree, diag.message);
	return t;
}

static struct ab_answer *answer_of(const struct ab_tree *t, const char *text)
{
	struct ab_diag diag;
	struct ab_answer *a = ab_answer_parse(t, text, strlen(text), &diag);
	ck_assert_msg(a != NULL, "answer '%s': %u:%u: %s", text, diag.line, diag.column,
		      diag.message);
	return a;
}

/* Conventions a case asks for, as flags. */
enum { STRICT = 1, HARD = 2, REVERSE = 4, ROOT_MIN = 8, MINIMAX = 16, DEPTH2 = 32,
       ITERATIVE = 64, TT = 128, PVS = 256, NO_FLAG = 512 };

static struct ab_config config_of(unsigned flags)
{
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.strict = flags & STRICT;
	c.fail = (flags & HARD) ? AB_FAIL_HARD : AB_FAIL_SOFT;
	if (flags & REVERSE)
		c.order = AB_ORDER_REVERSE;
	if (flags & ROOT_MIN)
		c.root = AB_ROOT_IS_MIN;
	if (flags & MINIMAX)
		c.algo = AB_MINIMAX;
	if (flags & DEPTH2)
		c.depth = 2;
	c.iterative = flags & ITERATIVE;
	c.tt = flags & TT;
	c.pvs = flags & PVS;
	if (flags & NO_FLAG)
		c.bug = AB_BUG_TT_NO_FLAG;
	return c;
}

static const struct grade_case {
	const char *tree;       /* a bundled name or an expression */
	unsigned flags;
	const char *answer;
	size_t right, total;
	const char *wrong;      /* the first wrong item's name, or NULL */
	const char *why;        /* a substring of its sentence */
	const char *diagnosis;  /* a substring of the diagnosis, or NULL for none */
} cases[] = {
	/* The lecture tree: every kind right. */
	{ "lecture", 0, "value: 3\nbest: B\npruned: C2 C3\nB: 3\nC: <= 2\nD: = 2\nC: alpha=3 beta=2\nA: alpha=3 beta=+inf\n",
	  9, 9, NULL, NULL, NULL },
	{ "lecture", 0, "visited: B1 B2 B3 C1 D1 D2 D3\n", 3, 3, NULL, NULL, NULL },
	{ "seed002", 0, "pruned: Y2 Y3 Y4 X2.2 Z2.2 W2\n", 6, 6, NULL, NULL, NULL },
	{ "lecture", 0, "B1: 3\nC1: = 2\n", 2, 2, NULL, NULL, NULL },
	/* Value and best move. */
	{ "lecture", 0, "value: 2\n", 0, 1, "value", "The root's value is 3: A returns it at step 28", NULL },
	{ "lecture", 0, "best: D\n", 0, 1, "best", "The best move is B: the root's choice is set from it at step 9", NULL },
	/* An extra cut: a leaf of D marked pruned. */
	{ "lecture", 0, "pruned: C2 C3 D3\n", 2, 3, "pruned D3",
	  "D3 is looked at (step 24): when the search reaches it, D has α = 3 and β = 5, so the cut test β ≤ α (5 ≤ 3) does not fire", NULL },
	{ "lecture", 0, "pruned: C2 C3 D\n", 2, 3, "pruned D", "D is entered (step 17)", NULL },
	{ "lecture", 0, "pruned: C\n", 0, 1, "pruned C",
	  "C is entered (step 11): when the search reaches it, A has α = 3 and β = +∞, so the cut test α ≥ β (3 ≥ +∞) does not fire", NULL },
	/* A missed cut: C2 not marked. */
	{ "lecture", 0, "pruned: C3\n", 1, 2, "cut at C",
	  "At step 15 the cut test fires at C: β ≤ α (2 ≤ 3), with α set at A, so C2 and C3 are never looked at; the answer misses C2.", NULL },
	{ "lecture", 0, "pruned:\n", 0, 1, "cut at C", "the answer misses C2 and C3",
	  "Your answer matches plain minimax, with no pruning at all; alpha-beta never looks at C2 and C3 here." },
	{ "lecture", 0, "visited: B1 B2 B3 C1 C2 D1 D2 D3\n", 2, 3, "cut at C", "the answer misses C2", NULL },
	/* Visit order. */
	{ "lecture", 0, "visited: B1 B2 B3 C1 D2 D1 D3\n", 2, 3, "visit order",
	  "The search looks at D1 (step 18) before D2 (step 21).", NULL },
	/* Values and bounds. */
	{ "lecture", 0, "C: 2\n", 0, 1, "C",
	  "C is only known to be ≤ 2 (step 16): the cutoff at step 15 skips C2 and C3, so its exact value is never found.", NULL },
	{ "lecture", 0, "D: <= 2\n", 0, 1, "D", "D = 2 exactly (step 27), which says more than ≤ 2.", NULL },
	{ "lecture", 0, "D: >= 5\n", 0, 1, "D", "The search proves D = 2 (step 27), not D ≥ 5.", NULL },
	{ "lecture", 0, "C2: 4\n", 0, 1, "C2",
	  "C2 is pruned (the cutoff at C, step 15), so the search learns nothing about its value.", NULL },
	/* Final windows. */
	{ "lecture", 0, "C: alpha=3 beta=3\n", 0, 1, "C window",
	  "When C returns (step 16) its window is α = 3, β = 2.", NULL },
	{ "lecture", 0, "D: beta=2\n", 1, 1, NULL, NULL, NULL },
	/* Strict cuts: a tie at C. */
	{ "A[B[3 12 8] C[3 4 6] D[14 5 2]]", 0, "value: 3\nbest: B\npruned:\nC: = 3\n", 2, 4, "cut at C",
	  "β ≤ α (3 ≤ 3)", "Your answer matches plain minimax, with no pruning at all; alpha-beta never looks at C2 and C3 here. Your answer is right if ties are not pruned (cut only on α > β); this assignment prunes on α ≥ β." },
	{ "A[B[3 12 8] C[3 4 6] D[14 5 2]]", STRICT, "value: 3\nbest: B\npruned:\nC: = 3\n", 4, 4, NULL, NULL, NULL },
	{ "A[B[3 12 8] C[3 4 6] D[14 5 2]]", STRICT, "value: 3\npruned: C2 C3\n", 1, 3, "pruned C2",
	  "β < α (3 < 3) does not fire", "Your answer is right if ties are pruned (cut on α ≥ β); this assignment cuts only on α > β." },
	/* The answer's own rules line decides. */
	{ "A[B[3 12 8] C[3 4 6] D[14 5 2]]", 0, "rules: strict\npruned:\n", 1, 1, NULL, NULL, NULL },
	/* Reversed order, and a MIN root. */
	{ "lecture", 0, "value: 3\nbest: B\npruned:\nC: 2\n", 2, 4, "cut at C", "fires at C",
	  "matches plain minimax, with no pruning at all; alpha-beta never looks at C2 and C3 here. Your answer is right if the children are searched last to first" },
	{ "lecture", REVERSE, "value: 3\nbest: B\npruned:\nC: 2\n", 4, 4, NULL, NULL, NULL },
	{ "lecture", 0, "value: 6\nbest: C\npruned: D2 D3\n", 0, 5, "value", "The root's value is 3",
	  "right if MIN moves at the root" },
	{ "lecture", ROOT_MIN, "value: 6\nbest: C\npruned: D2 D3\n", 4, 4, NULL, NULL, NULL },
	{ "min-root", 0, "value: 6\nbest: C\npruned: D2 D3\nD: >= 14\n", 5, 5, NULL, NULL, NULL },
	/* The slip: A's alpha raised from B's running value. */
	{ "lecture", 0, "value: 3\nbest: B\npruned: B2 B3 C2 C3\n", 4, 6, "pruned B2",
	  "B2 is looked at (step 6): when the search reaches it, B has α = -∞ and β = 3",
	  "Your cuts match a classic slip: raising A's α to 3 from B's running value (after B1) while B is still being searched. B's value is not known until it returns (step 8), and only then may α take it, so B2 and B3 must still be looked at." },
	{ "seed003", 0, "pruned: A2 A3 C3\n", 1, 3, "pruned A2", "A2 is looked at (step 6)",
	  "raising root's α to 3 from A's running value" },
	{ "min-root", 0, "pruned: B2 B3 C3 D2 D3\n", 2, 5, "pruned B2", "B2 is looked at",
	  "lowering A's β to 3 from B's running value (after B1) while B is still being searched. B's value is not known until it returns (step 10), and only then may β take it, so B2, B3 and C3 must still be looked at." },
	/* Other bundled trees. */
	{ "seed003", 0, "value: 7\nbest: B\npruned: C3\nA: 3\nB: 7\nC: <= 5\n", 6, 6, NULL, NULL, NULL },
	{ "seed003", 0, "pruned: C2 C3\n", 1, 2, "pruned C2",
	  "C2 is looked at (step 26): when the search reaches it, C has α = 7 and β = 14, so the cut test β ≤ α (14 ≤ 7) does not fire", NULL },
	{ "seed002", 0, "pruned: X2.2 Z2.2 W2\n", 3, 4, "cut at Y",
	  "At step 28 the cut test fires at Y: α ≥ β (3 ≥ 0), with β set at L, so Y2, Y3 and Y4 are never looked at; the answer misses Y2.1, Y2.2, Y3.1, Y4.1 and Y4.2.", NULL },
	{ "seed002", 0, "pruned: X2.2 Y2 Y3 Y4 Z2.2 W2\nY: >= 3\nW: >= 6\n", 8, 8, NULL, NULL, NULL },
	{ "deep-cutoff", 0, "value: 5\nbest: B\npruned: C2\n", 3, 4, "cut at E",
	  "with α set at A, 3 levels up (a deep cutoff), so E2 is never looked at", NULL },
	{ "deep-cutoff", 0, "D: 1..3\nE: <= 3\nC: <= 3\n", 3, 3, NULL, NULL, NULL },
	{ "deep-cutoff", 0, "D: 3\n", 0, 1, "D",
	  "D is only known to be in [1, 3] (step 27): what its children return is partly only a bound", NULL },
	{ "deep-cutoff", 0, "D: 1..2\n", 0, 1, "D", "The search proves D in [1, 3] (step 27), not D in [1, 2].", NULL },
	{ "no-pruning", 0, "pruned:\n", 1, 1, NULL, NULL, NULL },
	{ "no-pruning", 0, "pruned: B2\n", 0, 1, "pruned B2", "B2 is looked at", NULL },
	/* Fail-hard: the same cuts, windows read at the return. */
	{ "lecture", HARD, "value: 3\nbest: B\npruned: C2 C3\nC: <= 2\nC: alpha=3 beta=2\n", 6, 6, NULL, NULL, NULL },
	/* A move that ties the best is right when it is proved to tie. */
	{ "A[B[3 4] C[3 5]]", STRICT, "best: C\n", 1, 1, NULL, NULL, NULL },
	{ "A[B[3 4] C[3 5]]", 0, "best: C\n", 0, 1, "best", "(the search proves C ≤ 3)", NULL },
	/* Minimax prunes nothing. */
	{ "lecture", MINIMAX, "pruned:\nC: 2\n", 2, 2, NULL, NULL, NULL },
	{ "lecture", MINIMAX, "pruned: C2\n", 0, 1, "pruned C2", "C2 is looked at (step 12): minimax prunes nothing.", NULL },
	/* Coursework trees: decimals, fractions, two MIN agents, chance
	 * nodes pruned with bounds (expectimax: bounds 0..10, so node). */
	{ "expectimax", 0, "value: 8.4\nbest: B\npruned: G\nB: 8.4\nC: 4.2..7.2\nF: 6\n", 6, 6, NULL, NULL, NULL },
	{ "expectimax", 0, "value: 42/5\n", 1, 1, NULL, NULL, NULL },
	{ "expectimax", 0, "value: 8.40\nC: <= 7.2\n", 1, 2, "C",
	  "The search proves C in [4.2, 7.2] (step 31), not C ≤ 7.2.", NULL },
	{ "expectimax", 0, "value: 8.4\npruned:\nC: 4.8\n", 1, 3, "cut at C",
	  "At step 30 the cut test fires at C: C ≤ 7.2 ≤ α = 8.4, with α set at A, so G is never looked at; the answer misses G1 and G2.",
	  "Your answer matches plain expectimax, with no pruning at all; alpha-beta never looks at G here. Your answer is right with --chance-prune none" },
	{ "expectimax", 0, "value: 8.4\npruned: G F2\nC: <= 7.2\n", 2, 4, "pruned F2", "F2 is looked at",
	  "Your answer is right with --chance-prune star1; this assignment prunes chance nodes with --chance-prune node." },
	{ "expectimax", 0, "G: 3.333\n", 0, 1, "G",
	  "G is pruned (the cutoff at C, step 30), so the search learns nothing about its value.", NULL },
	{ "dice", 0, "value: 3.35\nbest: Coin\nDie: 10/3\n", 3, 3, NULL, NULL, NULL },
	{ "dice", 0, "Die: 3.33\n", 0, 1, "Die", "The search proves Die = 10/3", NULL },
	{ "two-ghosts", 0, "value: 3.5\nbest: West\npruned: E1.2 E2\nEast: <= 2.99\nE1: <= 2.99\n", 6, 6, NULL, NULL, NULL },
	/* At a chance root nobody chooses: no move is the best. */
	{ "<chance>[1/7: 1 6/7: 2.5]", 0, "best: 1\n", 0, 1, "best", "so there is no best move", NULL },
	/* Under a depth limit, what lies below an evaluated horizon node is
	 * neither looked at nor pruned. */
	{ "horizon", DEPTH2, "pruned: C2 D2\n", 2, 2, NULL, NULL, NULL },
	{ "horizon", DEPTH2, "pruned: B1.1\n", 0, 3, "pruned B1.1",
	  "B1.1 lies below B1, which the search evaluates by its static value at the depth limit", NULL },
	{ "horizon", DEPTH2, "B1.1: 2\n", 0, 1, "B1.1",
	  "B1.1 lies below B1, which the search evaluates by its static value at the depth limit",
	  "You backed up the leaves below B1; at depth 2 the search stops at B1, and its static value 7 stands in for them." },
	{ "horizon", DEPTH2, "B1.1: returns 2\n", 0, 1, "B1.1 returns", "lies below B1",
	  "its static value 7 stands in" },
	/* The horizon mistake: the leaves backed up instead of the static
	 * values (B's leaves give 3 and C's 7; at depth 2 the search stops
	 * at B1, B2 and C1). */
	{ "horizon", DEPTH2, "value: 7\nbest: C\nB: 3\n", 1, 3, "best",
	  "The best move is B",
	  "You backed up the leaves below B1, B2 and C1; at depth 2 the search stops there, and their static values stand in for them (B1 = 7, B2 = 9, C1 = 6)." },
	/* A static value is explained as one, not as something proved. */
	{ "horizon", DEPTH2, "B1: 8\n", 0, 1, "B1",
	  "B1 is at the depth limit: the search does not look below it, and its static value 7 stands in (step 3), not B1 = 8.",
	  NULL },
	{ "horizon", DEPTH2, "B1: returns 8\n", 0, 1, "B1 returns",
	  "B1 is at the depth limit: it is not searched but evaluated, and returns its static value 7 (step 3), not 8.",
	  NULL },
	{ "horizon", DEPTH2, "B1: 9\n", 0, 1, "B1", "its static value 7 stands in",
	  "You backed up the leaves below B1; at depth 2 the search stops at B1" },
	{ "horizon", DEPTH2, "B1: alpha=1 beta=2\n", 0, 1, "B1 window",
	  "B1 is evaluated by its static value at the depth limit (step 3): it is never entered", NULL },
	{ "horizon", DEPTH2, "pruned: none\n", 0, 2, "cut at C", "so C2 is never looked at",
	  "alpha-beta never looks at C2 and D2 here" },
	{ "two-ghosts", 0, "value: 3.5\npruned: E2\n", 2, 3, "cut at E1",
	  "with α set at A, 2 levels up (a deep cutoff), so E1.2 is never looked at", NULL },
	/* --tt: which probes hit, which flag an entry holds. */
	{ "A[ B[5 C[6 9]] D[&C 10] ]", TT, "value: 9\nhits: D1\nC: entry lower 6\nD1: entry exact 9\nB: entry exact\n",
	  5, 5, NULL, NULL, NULL },
	{ "A[ B[5 C[6 9]] D[&C 10] ]", TT, "hits: none\n", 0, 1, "hits",
	  "D1 (C again)'s probe (step 23) finds the entry its position stored earlier", NULL },
	{ "A[ B[5 C[6 9]] D[&C 10] ]", TT, "hits: D1 B\n", 0, 1, "hits",
	  "B's probe (step 4) finds its slot empty or holding another position", NULL },
	{ "A[ B[5 C[6 9]] D[&C 10] ]", TT, "C: entry exact 6\n", 0, 1, "C entry",
	  "C stores 6 at step 14 as a lower bound: it returned 6 at or above β = 5", NULL },
	{ "A[ B[5 C[6 9]] D[&C 10] ]", TT, "C: entry lower 7\n", 0, 1, "C entry", "as a lower bound", NULL },
	{ "A[ B[5 C[6 9]] D[&C 10] ]", TT, "A: entry exact 9\nB: entry upper\n", 1, 2, "B entry",
	  "B stores 5 at step 16 as exact: it returned 5 strictly inside the window α = -∞, β = +∞", NULL },
	{ "A[B[3 12 8] C[2 4 6] &B]", TT, "A3: entry exact 3\n", 0, 1, "A3 (B again) entry",
	  "A3 (B again) is answered from the table (step 23) and stores nothing new", NULL },
	{ "A[ B[5 C[6 9]] D[&C 10] ]", 0, "hits: D1\n", 0, 1, "hits", "no transposition table", NULL },
	{ "A[ B[5 C[6 9]] D[&C 10] ]", TT, "C2: entry exact 9\n", 0, 1, "C2 entry", "C2 is pruned", NULL },
	/* The table's mistake: its entries are what the search stored. */
	{ "A[ B[5 C[6 9]] D[&C 10] ]", NO_FLAG, "value: 6\nC: entry exact 6\n", 2, 2, NULL, NULL, NULL },
	/* --pvs: graded by the search that decides (the research), and a
	 * leaf the null window looked at is not pruned. */
	{ "A[B[3 12 8] C[5 9 7] D[2 4 6]]", PVS, "value: 5\nbest: C\npruned: D2 D3\nC: 5\nD: <= 2\nB: 3\n",
	  7, 7, NULL, NULL, NULL },
	{ "A[B[3 12 8] C[5 9 7] D[2 4 6]]", PVS, "C: alpha=3 beta=5\n", 1, 1, NULL, NULL, NULL },
	{ "A[B[3 12 8] C[5 9 7] D[2 4 6]]", PVS, "C: returns 5\nD: returns 2\n", 2, 2, NULL, NULL, NULL },
	{ "A[ [5 9] [ [3 7] [8 1] ] ]", PVS, "pruned: none\n", 0, 1, "cut at A2.2", "so A2.2.2 is never looked at",
	  "matches plain minimax" },
};

START_TEST(graded)
{
	const struct grade_case *c = &cases[_i];
	struct ab_tree *t = load(c->tree);
	struct ab_answer *a = answer_of(t, c->answer);
	struct ab_config config = config_of(c->flags);
	ab_answer_apply_rules(a, 0, &config);
	struct ab_grade g;
	ck_assert(ab_grade_answer(t, &config, a, &ab_glyphs_utf8, &g));
	struct ab_str report = AB_STR_INIT;
	ab_grade_text(&g, &ab_glyphs_utf8, &report);
	ck_assert_msg(g.right == c->right && g.count == c->total,
		      "case %d: %zu/%zu, want %zu/%zu\n%s", _i, g.right, g.count, c->right,
		      c->total, ab_str_cstr(&report));
	const struct ab_grade_item *bad = ab_grade_first_mistake(&g);
	if (c->wrong) {
		ck_assert_msg(bad != NULL, "case %d: no mistake", _i);
		ck_assert_str_eq(bad->name, c->wrong);
		ck_assert_msg(bad->why && strstr(bad->why, c->why), "case %d: why\n  %s\nlacks\n  %s",
			      _i, bad->why, c->why);
		ck_assert_msg(bad->step > 0, "case %d: no step", _i);
	} else {
		ck_assert_msg(bad == NULL, "case %d: unexpected mistake\n%s", _i, ab_str_cstr(&report));
	}
	if (c->diagnosis)
		ck_assert_msg(g.diagnosis && strstr(g.diagnosis, c->diagnosis),
			      "case %d: diagnosis\n  %s\nlacks\n  %s", _i,
			      g.diagnosis ? g.diagnosis : "(none)", c->diagnosis);
	else
		ck_assert_msg(!g.diagnosis, "case %d: unexpected diagnosis %s", _i, g.diagnosis);
	/* Every wrong item has a sentence, every right one none. */
	for (size_t i = 0; i < g.count; i++)
		ck_assert(!g.items[i].right == !!g.items[i].why);
	ab_str_free(&report);
	ab_grade_free(&g);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

/* The example answers shipped in tests/answers: file, tree, score. */
static const struct example {
	const char *file, *tree;
	size_t right, total;
} examples[] = {
	{ "lecture-right.ans", "lecture", 8, 8 },
	{ "lecture-extra-cut.ans", "lecture", 5, 6 },
	{ "lecture-missed-cut.ans", "lecture", 3, 4 },
	{ "lecture-exact-c.ans", "lecture", 4, 5 },
	{ "lecture-early-alpha.ans", "lecture", 4, 6 },
	{ "seed003-right.ans", "seed003", 6, 6 },
	{ "seed003-visited.ans", "seed003", 3, 3 },
	{ "seed003-extra-cut.ans", "seed003", 3, 5 },
	{ "seed003-wrong-value.ans", "seed003", 0, 4 },
	{ "seed002-right.ans", "seed002", 13, 13 },
	{ "deep-cutoff-parent-only.ans", "deep-cutoff", 3, 4 },
};

/* A number no value of the tree can equal is wrong, and the report shows
 * it as the answer wrote it (it once showed the grader's marker for it,
 * 2305843009213693953). */
static const struct {
	const char *tree, *answer, *given;
} off_grid[] = {
	{ "lecture", "value: 3.5\n", "3.5" },
	{ "lecture", "value: 10/3\n", "10/3" },
	{ "lecture", "C: alpha=3.5 beta=+inf\n", "α = 3.5, β = +∞" },
	{ "lecture", "C: beta=7/3\n", "β = 7/3" },
	{ "lecture", "C: α=-∞ β=2.25\n", "α = -∞, β = 2.25" },
	{ "lecture", "C: <= 2.5\n", "≤ 2.5" },
	{ "lecture", "C: 1.5..2\n", "in [1.5, 2]" },
	{ "lecture", "C: returns 2.5\n", "2.5" },
	{ "dice", "value: 3.355\n", "3.355" },
};

START_TEST(off_grid_shown_as_written)
{
	struct ab_tree *t = load(off_grid[_i].tree);
	struct ab_answer *a = answer_of(t, off_grid[_i].answer);
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_grade g;
	ck_assert(ab_grade_answer(t, &config, a, &ab_glyphs_utf8, &g));
	ck_assert_uint_eq(g.count, 1);
	ck_assert(!g.items[0].right);
	ck_assert_str_eq(g.items[0].given, off_grid[_i].given);
	struct ab_str report = AB_STR_INIT;
	ab_grade_text(&g, &ab_glyphs_utf8, &report);
	ck_assert_msg(!strstr(ab_str_cstr(&report), "2305843009213693953"), "%s",
		      ab_str_cstr(&report));
	ab_str_free(&report);
	ab_grade_free(&g);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

START_TEST(example_answers)
{
	const struct example *e = &examples[_i];
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	char path[4096];
	snprintf(path, sizeof path, "%s/tests/answers/%s", root ? root : ".", e->file);
	struct ab_diag diag;
	size_t len;
	char *text = ab_read_file(path, AB_MAX_ANSWER_BYTES, &len, &diag);
	ck_assert_msg(text != NULL, "%s: %s", path, diag.message);
	struct ab_tree *t = load(e->tree);
	struct ab_answer *a = ab_answer_parse(t, text, len, &diag);
	ck_assert_msg(a != NULL, "%s:%u:%u: %s", e->file, diag.line, diag.column, diag.message);
	struct ab_config config = AB_CONFIG_DEFAULT;
	ab_answer_apply_rules(a, 0, &config);
	struct ab_grade g;
	ck_assert(ab_grade_answer(t, &config, a, &ab_glyphs_utf8, &g));
	ck_assert_msg(g.right == e->right && g.count == e->total, "%s: %zu/%zu", e->file,
		      g.right, g.count);
	ab_grade_free(&g);
	ab_answer_free(a);
	ab_tree_free(t);
	free(text);
}
END_TEST

/* Practice mode's path: marks made in memory, results looked up by node. */
START_TEST(practice_api)
{
	struct ab_tree *t = load("lecture");
	struct ab_answer *a = ab_answer_new();
	uint32_t marks[] = { ab_tree_find(t, "C3"), ab_tree_find(t, "D3") };
	ab_answer_add_pruned(a, marks, 2);
	ab_answer_add_bound(a, ab_tree_find(t, "C"), AB_BOUND_EQ, 2);
	ab_answer_add_value(a, 3);
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_grade g;
	ck_assert(ab_grade_answer(t, &config, a, &ab_glyphs_ascii, &g));
	ck_assert_uint_eq(g.count, 5);  /* C3, D3, the cut at C, C, value */
	ck_assert_uint_eq(g.right, 2);
	const struct ab_grade_item *it = ab_grade_item_for(&g, t, ab_tree_find(t, "C2"));
	ck_assert_ptr_nonnull(it);
	ck_assert_int_eq(it->kind, AB_GRADE_MISSED_CUT);
	ck_assert(!it->right);
	ck_assert_msg(strstr(it->why, "beta <= alpha (2 <= 3)"), "%s", it->why);
	it = ab_grade_item_for(&g, t, ab_tree_find(t, "D3"));
	ck_assert_int_eq(it->kind, AB_GRADE_PRUNED);
	ck_assert(!it->right);
	it = ab_grade_item_for(&g, t, ab_tree_find(t, "C3"));
	ck_assert(it->right);
	it = ab_grade_item_for(&g, t, ab_tree_find(t, "C"));
	ck_assert_int_eq(it->kind, AB_GRADE_BOUND);
	ck_assert_msg(strstr(it->why, "only known to be <= 2"), "%s", it->why);
	ck_assert_ptr_null(ab_grade_item_for(&g, t, ab_tree_find(t, "B1")));
	ab_grade_free(&g);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

/* The JSON report: the keys an autograder reads. */
/* The JSON's rules say what the text header says: a MIN root and a
 * chance tree's pruning too. */
START_TEST(json_rules)
{
	static const struct {
		const char *tree;
		bool root_min;
		enum ab_chance_prune prune;
		const char *rules;
	} rows[] = {
		{ "lecture", true, AB_CHANCE_AUTO,
		  "\"rules\":\"alpha-beta, fail-soft, cut on alpha >= beta, order given, values proved, root min\"" },
		{ "expectimax", false, AB_CHANCE_STAR1,
		  "\"rules\":\"alpha-beta, fail-soft, cut on alpha >= beta, order given, chance-prune star1, values proved\"" },
		{ "expectimax", false, AB_CHANCE_AUTO,
		  "\"rules\":\"alpha-beta, fail-soft, cut on alpha >= beta, order given, chance-prune node, values proved\"" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct ab_tree *t = load(rows[i].tree);
		struct ab_answer *a = answer_of(t, "value: 3\n");
		struct ab_config config = AB_CONFIG_DEFAULT;
		if (rows[i].root_min)
			config.root = AB_ROOT_IS_MIN;
		config.chance_prune = rows[i].prune;
		struct ab_grade g;
		ck_assert(ab_grade_answer(t, &config, a, &ab_glyphs_utf8, &g));
		struct ab_str json = AB_STR_INIT;
		ab_grade_json(&g, NULL, &json);
		ck_assert_msg(strstr(ab_str_cstr(&json), rows[i].rules), "%s", ab_str_cstr(&json));
		ab_str_free(&json);
		ab_grade_free(&g);
		ab_answer_free(a);
		ab_tree_free(t);
	}
}
END_TEST

START_TEST(json_report)
{
	struct ab_tree *t = load("lecture");
	struct ab_answer *a = answer_of(t, "value: 3\nC: 2\n");
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_grade g;
	ck_assert(ab_grade_answer(t, &config, a, &ab_glyphs_utf8, &g));
	struct ab_str json = AB_STR_INIT;
	ab_grade_json(&g, "x.ans", &json);
	const char *s = ab_str_cstr(&json);
	ck_assert_msg(strncmp(s, "{\"file\":\"x.ans\",\"rules\":\"alpha-beta, fail-soft, cut on alpha >= beta, order given, values proved\",\"name\":null,\"id\":null,\"declared\":null,\"overruled\":null,\"own\":null,\"score\":0.5,\"points\":1,\"out_of\":2,\"right\":1,\"total\":2,\"diagnosis\":null,\"items\":[", strlen("{\"file\":\"x.ans\",\"rules\":\"alpha-beta, fail-soft, cut on alpha >= beta, order given, values proved\",\"name\":null,\"id\":null,\"declared\":null,\"overruled\":null,\"own\":null,\"score\":0.5,\"points\":1,\"out_of\":2,\"right\":1,\"total\":2,\"diagnosis\":null,\"items\":[")) == 0, "%s", s);
	ck_assert_msg(strstr(s, "{\"name\":\"value\",\"expected\":\"3\",\"given\":\"3\",\"right\":true,\"points\":1,\"out_of\":1,\"scored\":true,\"asked\":true,\"detail\":false,\"why\":null,\"step\":28,\"line\":1}"), "%s", s);
	ck_assert_msg(strstr(s, "{\"name\":\"C\",\"expected\":\"≤ 2\",\"given\":\"= 2\",\"right\":false,\"points\":0,\"out_of\":1,\"scored\":true,\"asked\":true,\"detail\":false,\"why\":\"C is only known to be ≤ 2 (step 16)"), "%s", s);
	ck_assert(s[json.len - 1] == '}');
	ab_str_free(&json);
	ab_grade_free(&g);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

/* The answer the trace itself gives (value, best, every maximal pruned
 * subtree, every node's proved value or bound, every inner node's final
 * window) is graded all right; flipping one leaf's pruned mark makes it
 * wrong.  On random trees under every convention. */
static struct ab_answer *true_answer(const struct ab_tree *t, struct ab_trace *tr,
				     int flip)
{
	struct ab_answer *a = ab_answer_new();
	ab_trace_seek(tr, tr->length);
	struct ab_event done;
	ab_trace_event(tr, &done);
	ab_answer_add_value(a, done.value);
	if (done.best != AB_NONE)
		ab_answer_add_best(a, done.best);
	/* The flipped leaf, if any: the flip-th leaf in preorder. */
	uint32_t flipped = AB_NONE;
	for (uint32_t n = 0, k = 0; n < t->count && flip >= 0; n++)
		if (ab_is_leaf(t, n) && k++ == (uint32_t)flip)
			flipped = n;
	uint32_t *marks = calloc(t->count, sizeof *marks), count = 0;
	for (uint32_t n = 1; n < t->count; n++) {
		bool pruned = ab_trace_pruned(tr, n);
		if (pruned && !ab_trace_pruned(tr, t->nodes[n].parent)) {
			/* A maximal pruned subtree: marked whole, or leaf by leaf
			 * without the flipped one. */
			bool inside = flipped != AB_NONE && n <= flipped && flipped < ab_end(t, n);
			for (uint32_t m = n; m < ab_end(t, n); m++)
				if (inside ? ab_is_leaf(t, m) && m != flipped : m == n)
					marks[count++] = m;
		}
		if (n == flipped && !pruned)
			marks[count++] = n;
		if (pruned)
			continue;
		const struct ab_node_state *st = ab_trace_node(tr, n);
		if (st->lo == st->hi)
			ab_answer_add_bound(a, n, AB_BOUND_EQ, st->lo);
		else if (st->lo == AB_NEG_INF && st->hi != AB_POS_INF)
			ab_answer_add_bound(a, n, AB_BOUND_LE, st->hi);
		else if (st->hi == AB_POS_INF && st->lo != AB_NEG_INF)
			ab_answer_add_bound(a, n, AB_BOUND_GE, st->lo);
		else if (st->lo != AB_NEG_INF && st->hi != AB_POS_INF)
			ab_answer_add_range(a, n, st->lo, st->hi);
		if (!ab_is_leaf(t, n))
			ab_answer_add_window(a, n, true, st->alpha, true, st->beta);
	}
	ab_answer_add_pruned(a, marks, count);
	free(marks);
	return a;
}

START_TEST(trace_answers_are_right)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, (uint64_t)_i * 1000 + 17);
	struct randtree_shape shape = { 1, 4, 4, false, -9, 9, false };
	for (int round = 0; round < 40; round++) {
		struct ab_tree *t = randtree(&rng, &shape);
		struct ab_config c = config_of((unsigned)ab_rng_below(&rng, 16));
		struct ab_trace *tr = ab_trace_record(t, &c);
		struct ab_answer *a = true_answer(t, tr, -1);
		struct ab_grade g;
		ck_assert(ab_grade_answer(t, &c, a, &ab_glyphs_ascii, &g));
		struct ab_str report = AB_STR_INIT;
		ab_grade_text(&g, &ab_glyphs_ascii, &report);
		ck_assert_msg(g.right == g.count && !g.diagnosis, "round %d:\n%s", round, ab_str_cstr(&report));
		ab_grade_free(&g);
		ab_answer_free(a);
		/* One leaf's mark flipped: wrong, and only pruning items. */
		int flip = (int)ab_rng_below(&rng, t->leaves);
		a = true_answer(t, tr, flip);
		ck_assert(ab_grade_answer(t, &c, a, &ab_glyphs_ascii, &g));
		const struct ab_grade_item *bad = ab_grade_first_mistake(&g);
		ck_assert_msg(bad != NULL, "round %d: flip %d not caught", round, flip);
		ck_assert(bad->kind == AB_GRADE_PRUNED || bad->kind == AB_GRADE_MISSED_CUT);
		ck_assert(bad->step > 0 && bad->why);
		ab_str_free(&report);
		ab_grade_free(&g);
		ab_answer_free(a);
		ab_trace_free(tr);
		ab_tree_free(t);
	}
}
END_TEST

/* ---- Keys, returned numbers, unknown names ---------------------------- */

static const char lecture_key[] = "value: ? | 2\nbest: ?\npruned: ? | 3\nC: ? | 2\n";

static const struct key_case {
	const char *tree;
	const char *key;          /* NULL: no key */
	bool values_returned;
	unsigned flags;
	const char *answer;
	double points, out_of;
	size_t right, total;
	const char *wrong;        /* the first wrong scored item's name, or NULL */
	const char *why;          /* a substring of its sentence */
} key_cases[] = {
	{ "lecture", lecture_key, false, 0, "value: 3\nbest: B\npruned: C2 C3\nC: <= 2\n", 8, 8, 4, 4, NULL, NULL },
	/* A file holding only the value no longer scores everything. */
	{ "lecture", lecture_key, false, 0, "value: 3\n", 2, 8, 1, 4, "best",
	  "The key asks for this item, and the answer does not give it." },
	/* Listing leaves or their parent: the same leaves, the same points. */
	{ "seed002", "pruned: ? | 6\n", false, 0, "pruned: X2.2 Y2 Y3 Y4 Z2.2 W2\n", 6, 6, 1, 1, NULL, NULL },
	{ "seed002", "pruned: ? | 6\n", false, 0, "pruned: X2.2 Y2.1 Y2.2 Y3.1 Y4.1 Y4.2 Z2.2 W2.1 W2.2\n", 6, 6, 1, 1, NULL, NULL },
	/* Partial credit: 3 × |given ∩ right| / |given ∪ right|. */
	{ "lecture", lecture_key, false, 0, "pruned: C3\n", 1.5, 8, 0, 4, "value", "does not give it" },
	{ "lecture", "pruned: ? | 3\n", false, 0, "pruned: C2 C3 D3\n", 2, 3, 0, 1, "pruned",
	  "agree on 2 of the 3 leaves" },
	{ "lecture", "pruned: ? | 3\n", false, 0, "pruned:\n", 0, 3, 0, 1, "pruned", "agree on 0 of the 2" },
	{ "no-pruning", "pruned: ? | 3\n", false, 0, "pruned:\n", 3, 3, 1, 1, NULL, NULL },
	{ "lecture", "pruned: ? | 3\n", false, 0, "pruned: C2 C7\n", 1, 3, 0, 1, "pruned", "agree on 1 of the 3" },
	/* visited: the share of its set, halved when the order is wrong. */
	{ "lecture", "visited: ? | 4\n", false, 0, "visited: B1 B2 B3 C1 D1 D2 D3\n", 4, 4, 1, 1, NULL, NULL },
	{ "lecture", "visited: ? | 4\n", false, 0, "visited: B1 B2 B3 C1 D2 D1 D3\n", 2, 4, 0, 1, "visited",
	  "not listed in the order the search looks at them, so the share is halved" },
	{ "lecture", "visited: ? | 4\n", false, 0, "visited: B1 B2 B3 C1 C2 D1 D2 D3\n", 3.5, 4, 0, 1, "visited",
	  "agree on 7 of the 8" },
	{ "lecture", "visited: ? | 4\n", false, 0, "pruned: C2 C3\n", 2, 4, 0, 1, "visited",
	  "the order is not given and the share is halved" },
	/* A key's pruned set under a depth limit: the pruned positions only,
	 * not what lies below an evaluated horizon node. */
	{ "horizon", "pruned: ?\n", false, DEPTH2, "pruned: C2 D2\n", 1, 1, 1, 1, NULL, NULL },
	{ "horizon", "pruned: ?\n", false, DEPTH2, "pruned: C2\n", 0.5, 1, 0, 1, "pruned", "agree on" },
	{ "deepening", "pruned: ?\nvalue: ?\n", false, ITERATIVE,
	  "pruned: B1 B3 B4 C1 C3 C4 D2 D3 D4 E1.4\nvalue: 28\n", 2, 2, 2, 2, NULL, NULL },
	/* Answered and not asked: shown, not scored. */
	{ "lecture", "value: ?\n", false, 0, "value: 3\nD: 7\n", 1, 1, 1, 1, NULL, NULL },
	/* returns, a bare number under values returned, and a key asking for returns. */
	{ "lecture", NULL, false, 0, "C: returns 2\nD: returns 2\nB1: returns 3\n", 3, 3, 3, 3, NULL, NULL },
	{ "lecture", NULL, false, 0, "C: 2\n", 0, 1, 0, 1, "C", "C is only known to be ≤ 2" },
	{ "lecture", NULL, true, 0, "C: 2\n", 1, 1, 1, 1, NULL, NULL },
	{ "lecture", NULL, true, 0, "C: <= 2\n", 1, 1, 1, 1, NULL, NULL },
	{ "lecture", "C: returns ?\n", false, 0, "C: 2\n", 1, 1, 1, 1, NULL, NULL },
	{ "lecture", NULL, false, 0, "C: returns 4\n", 0, 1, 0, 1, "C returns",
	  "C returns 2 (step 16), not 4. Under fail-soft a cut node returns the best value it found before the cut." },
	{ "lecture", NULL, false, 0, "C3: returns 6\n", 0, 1, 0, 1, "C3 returns",
	  "C3 is pruned (the cutoff at C, step 15), so it never returns a number." },
	/* An unknown name costs its item. */
	{ "lecture", NULL, false, 0, "value: 3\nQ7: 4\n", 1, 2, 1, 2, "Q7",
	  "This tree has no node called 'Q7'; names here include A, B, B1, B2, B3, C and C1, ..." },
	{ "lecture", lecture_key, false, 0, "value: 3\nbest: Q\npruned: C2 C3\nC: <= 2\n", 7, 8, 3, 4, "best",
	  "no node called 'Q'" },
};

START_TEST(keyed)
{
	const struct key_case *c = &key_cases[_i];
	struct ab_tree *t = load(c->tree);
	struct ab_answer *a = answer_of(t, c->answer);
	struct ab_answer *key = NULL;
	if (c->key) {
		struct ab_diag diag;
		key = ab_answer_parse_key(t, c->key, strlen(c->key), &diag);
		ck_assert_msg(key != NULL, "key: %s", diag.message);
	}
	struct ab_config config = config_of(c->flags);
	struct ab_grade_options opt = { .values_returned = c->values_returned, .key = key };
	struct ab_grade g;
	ck_assert(ab_grade_answer_with(t, &config, &opt, a, &ab_glyphs_utf8, &g));
	ck_assert_msg(g.points > c->points - 0.001 && g.points < c->points + 0.001 &&
		      g.out_of == c->out_of && g.right == c->right && g.total == c->total,
		      "case %d: %g/%g points, %zu/%zu right", _i, g.points, g.out_of, g.right, g.total);
	const struct ab_grade_item *bad = NULL;
	for (size_t i = 0; i < g.count && !bad; i++)
		if (g.items[i].scored && !g.items[i].right)
			bad = &g.items[i];
	if (c->wrong) {
		ck_assert_msg(bad != NULL, "case %d: nothing wrong", _i);
		ck_assert_str_eq(bad->name, c->wrong);
		ck_assert_msg(strstr(bad->why, c->why), "case %d: '%s' lacks '%s'", _i, bad->why, c->why);
		/* A set's mistakes are those of its marks and cuts. */
		ck_assert(bad->mistake || bad->kind == AB_GRADE_SET);
	} else {
		ck_assert_msg(bad == NULL, "case %d: %s wrong: %s", _i, bad ? bad->name : "", bad ? bad->why : "");
	}
	ab_grade_free(&g);
	ab_answer_free(a);
	ab_answer_free(key);
	ab_tree_free(t);
}
END_TEST

/* The reports beside text: CSV rows, Gradescope's results.json, the summary. */
/* best: a move the search proves as good is right; with --best
 * any-optimal so is one that only ties the root's minimax value, pruned
 * or not; a node that is no move never is. */
START_TEST(best_moves)
{
	/* C ties B (3), but its cut leaves it known only as <= 3. */
	struct ab_tree *t = load("A[ B[3 5] C[3 4] D[1 9] ]");
	struct ab_config config = AB_CONFIG_DEFAULT;
	static const struct {
		const char *answer;
		bool any_optimal, right;
		const char *why;
	} moves[] = {
		{ "best: B\n", false, true, NULL },
		{ "best: C\n", false, false, "no later move is proved as good (the search proves C ≤ 3)" },
		{ "best: C\n", true, true, NULL },
		{ "best: D\n", true, false, "The best move is B" },
		{ "best: B1\n", true, false, "B1 is not a move: best: names one of the root's children, and the root's moves are B, C and D." },
	};
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		struct ab_answer *a = answer_of(t, moves[i].answer);
		struct ab_grade_options opt = { .any_optimal = moves[i].any_optimal };
		struct ab_grade g;
		ck_assert(ab_grade_answer_with(t, &config, &opt, a, &ab_glyphs_utf8, &g));
		ck_assert_msg(g.items[0].right == moves[i].right, "case %zu", i);
		if (moves[i].why)
			ck_assert_msg(strstr(g.items[0].why, moves[i].why), "case %zu: %s", i, g.items[0].why);
		ab_grade_free(&g);
		ab_answer_free(a);
	}
	ab_tree_free(t);
}
END_TEST

/* A line not read is one wrong item, in the file's order, with the
 * parser's reason; with a key, it answers the question it tried to. */
START_TEST(unread_items)
{
	struct ab_tree *t = load("lecture");
	struct ab_answer *a = answer_of(t, "value: 3\nbest B\npruned: C2 C3\nfoo bar\n");
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_grade g;
	ck_assert(ab_grade_answer(t, &config, a, &ab_glyphs_utf8, &g));
	ck_assert_uint_eq(g.total, 5);
	ck_assert_uint_eq(g.right, 3);
	ck_assert_str_eq(g.items[1].name, "line 2");
	ck_assert_str_eq(g.items[1].given, "not read");
	ck_assert_str_eq(g.items[1].why, "expected ':' after 'best' (lines are KEY: VALUE)");
	ck_assert_str_eq(g.items[1].mistake, "wrote a line the grader cannot read");
	ck_assert_str_eq(g.items[4].name, "line 4");
	/* No convention explains a line not read. */
	ck_assert_ptr_null(g.diagnosis);
	struct ab_str text = AB_STR_INIT;
	ab_grade_text(&g, &ab_glyphs_ascii, &text);
	ck_assert_msg(strstr(text.s, "WRONG line 2: not read -- expected ':' after 'best'"), "%s", text.s);
	ab_str_free(&text);
	ab_grade_free(&g);
	struct ab_diag diag;
	const char *key_text = "value: ? | 2\nbest: ?\npruned: ? | 3\n";
	struct ab_answer *key = ab_answer_parse_key(t, key_text, strlen(key_text), &diag);
	ck_assert_ptr_nonnull(key);
	struct ab_grade_options opt = { .key = key };
	ck_assert(ab_grade_answer_with(t, &config, &opt, a, &ab_glyphs_utf8, &g));
	ck_assert(g.points == 5 && g.out_of == 6);
	ck_assert_str_eq(g.items[1].name, "best");
	ck_assert_str_eq(g.items[1].given, "line 2 not read");
	ck_assert_int_eq(g.items[1].kind, AB_GRADE_UNREAD);
	/* "foo bar" answers no question: shown, not scored. */
	const struct ab_grade_item *last = &g.items[g.count - 1];
	ck_assert(last->kind == AB_GRADE_UNREAD && !last->scored && !last->asked);
	ab_grade_free(&g);
	ab_answer_free(key);
	ab_answer_free(a);
	ab_tree_free(t);
}
END_TEST

START_TEST(reports)
{
	struct ab_tree *t = load("lecture");
	struct ab_diag diag;
	struct ab_answer *key = ab_answer_parse_key(t, lecture_key, strlen(lecture_key), &diag);
	ck_assert_ptr_nonnull(key);
	struct ab_grade_options opt = { .key = key };
	struct ab_config config = AB_CONFIG_DEFAULT;
	static const char *const answers[] = {
		"value: 3\nbest: B\npruned: C2 C3\nC: <= 2\n",
		"value: 3\nbest: B\npruned: C3\nC: <= 2\n",
		"value: 3\nbest: B\npruned: C3\nC: 2\n",
	};
	struct ab_grade g[3];
	const struct ab_grade *all[3];
	for (int i = 0; i < 3; i++) {
		struct ab_answer *a = answer_of(t, answers[i]);
		ck_assert(ab_grade_answer_with(t, &config, &opt, a, &ab_glyphs_utf8, &g[i]));
		all[i] = &g[i];
		ab_answer_free(a);
	}
	struct ab_str out = AB_STR_INIT;
	ab_grade_csv_row(&g[1], "a,b.ans", &out);
	/* The first mistake of a set is its first wrong cut; a comma quotes. */
	ck_assert_str_eq(out.s, "\"a,b.ans\",,,graded,,6.5,8,81,\"cut at C: At step 15 the cut test fires at C: β ≤ α (2 ≤ 3), with α set at A, so C2 and C3 are never looked at; the answer misses C2.\",,2,1,1.5,2\r\n");
	ab_str_clear(&out);
	ab_grade_csv_field("say \"hi\"\nthere", &out);
	ck_assert_str_eq(out.s, "\"say \"\"hi\"\"\nthere\"");
	ab_str_clear(&out);
	ab_grade_gradescope(&g[1], &out);
	ck_assert_msg(strncmp(out.s, "{\"score\":6.5,\"output\":\"3 of 4 questions right.\\n\",\"tests\":[{\"name\":\"value\",\"score\":2,\"max_score\":2,\"status\":\"passed\",\"output\":\"Right: 3.\"}", 120) == 0, "%s", out.s);
	ck_assert_ptr_nonnull(strstr(out.s, "{\"name\":\"pruned\",\"score\":1.5,\"max_score\":3,\"status\":\"failed\",\"output\":\"Given: C3. Expected: C2 C3."));
	ab_str_clear(&out);
	const char *const bad_files[] = { "empty.ans" }, *const bad_why[] = { "empty.ans:1:1: error: the answer has nothing to check" };
	ab_grade_summary(all, 3, bad_files, bad_why, 1, &out);
	ck_assert_msg(strstr(out.s, "3 answers graded.\n1 more could not be graded, and is not counted below:\n  empty.ans: empty.ans:1:1: error: the answer has nothing to check\n"), "%s", out.s);
	ck_assert_msg(strstr(out.s, "  pruned  2 of 3\n"), "%s", out.s);
	ck_assert_msg(strstr(out.s, "  C       1 of 3\n"), "%s", out.s);
	ck_assert_msg(strstr(out.s, "  2 of 3 missed the cut at C: β = 2 ≤ α = 3.\n"), "%s", out.s);
	ck_assert_msg(strstr(out.s, "  1 of 3 wrote C = 2, but the search proves C ≤ 2.\n"), "%s", out.s);
	ab_str_clear(&out);
	ab_grade_format_points(2.0 / 3.0 * 4, &out);
	ck_assert_str_eq(out.s, "2.67");
	ab_str_free(&out);
	for (int i = 0; i < 3; i++)
		ab_grade_free(&g[i]);
	ab_answer_free(key);
	ab_tree_free(t);
}
END_TEST

static Suite *grade_suite(void)
{
	Suite *s = suite_create("grade");
	TCase *tc = tcase_create("cases");
	tcase_add_loop_test(tc, graded, 0, sizeof cases / sizeof cases[0]);
	tcase_add_loop_test(tc, off_grid_shown_as_written, 0,
			    sizeof off_grid / sizeof off_grid[0]);
	tcase_add_loop_test(tc, example_answers, 0, sizeof examples / sizeof examples[0]);
	tcase_add_test(tc, practice_api);
	tcase_add_test(tc, json_report);
	tcase_add_test(tc, json_rules);
	tcase_add_loop_test(tc, keyed, 0, sizeof key_cases / sizeof key_cases[0]);
	tcase_add_test(tc, reports);
	tcase_add_test(tc, best_moves);
	tcase_add_test(tc, unread_items);
	suite_add_tcase(s, tc);
	tc = tcase_create("random trees");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, trace_answers_are_right, 0, 10);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(grade_suite());
}
