/* test_games.c - games as trees (sources/game.h): the known figures of
 * tic-tac-toe, nim's values against the nim-sum rule, scores, labels,
 * transpositions, depth limits and static values, the board, every kind of
 * bad position, thousands of random position strings, and -g on the
 * command line.  (Connect four against an independent solver:
 * test_connect4.py.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/search.h"
#include "sources/game.h"
#include "sources/source.h"
#include "views/stats.h"
#include "runprog.h"
#include "testutil.h"

static struct ab_tree *game(const char *text, uint32_t depth)
{
	struct ab_diag diag;
	struct ab_game_options opt = { .depth = depth, .evaluate = depth > 0 };
	struct ab_tree *tree = ab_game_tree(text, &opt, &diag);
	ck_assert_msg(tree != NULL, "%s: %s", text, diag.message);
	return tree;
}

/* The root's value and best move under config (alpha-beta unless it says). */
static struct ab_counts search(const struct ab_tree *tree,
			       const struct ab_config *config)
{
	struct ab_counts c;
	ck_assert(ab_count(tree, config, &c));
	return c;
}

static ab_value value_of(const struct ab_tree *tree)
{
	struct ab_config config = AB_CONFIG_DEFAULT;
	return search(tree, &config).value;
}

/* The full tic-tac-toe tree, built once for the tests that read it (an
 * unchecked fixture: before they fork, or once without forking). */
static struct ab_tree *ttt;

static void build_ttt(void)
{
	ttt = game("tictactoe", 0);
}

static void free_ttt(void)
{
	ab_tree_free(ttt);
	ttt = NULL;
}

static uint32_t find(const struct ab_tree *tree, const char *name)
{
	uint32_t n = ab_tree_find(tree, name);
	ck_assert_msg(n != AB_NONE, "no node %s", name);
	return n;
}

/* ---- Tic-tac-toe's figures ------------------------------------------ */

/* The full game tree from the empty board, as counted by Henry Bottomley,
 * "How many Tic-Tac-Toe (noughts and crosses) games are possible?"
 * (http://www.se16.info/hgb/tictactoe.htm): games in progress after each
 * ply 1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872, so
 * 549,946 nodes; 255,168 games (leaves: 131,184 won by x, 77,904 by o,
 * 46,080 drawn); 5,478 distinct positions, the empty board included (the
 * figure Wikipedia's "Game complexity" gives for tic-tac-toe's
 * state space).  And the game is a draw. */
START_TEST(tictactoe_figures)
{
	static const uint32_t per_ply[10] = { 1, 9, 72, 504, 3024, 15120, 54720,
					      148176, 200448, 127872 };
	const struct ab_tree *t = ttt;
	ck_assert_uint_eq(t->count, 549946);
	ck_assert_uint_eq(t->leaves, 255168);
	ck_assert_uint_eq(t->count - t->ntransposed, 5478);
	ck_assert_uint_eq(t->height, 9);
	uint32_t at[10] = { 0 };
	uint32_t won_by_x = 0, won_by_o = 0, drawn = 0;
	for (uint32_t n = 0; n < t->count; n++) {
		at[t->nodes[n].depth]++;
		if (!ab_is_leaf(t, n))
			continue;
		/* From MAX's (x's) side: x's wins are positive. */
		ab_value v = t->nodes[n].value;
		won_by_x += v > 0;
		won_by_o += v < 0;
		drawn += v == 0;
		/* WIN - plies: the ply the game ended at. */
		if (v)
			ck_assert_int_eq(v > 0 ? AB_GAME_WIN - v : AB_GAME_WIN + v,
					 t->nodes[n].depth);
	}
	for (unsigned d = 0; d < 10; d++)
		ck_assert_uint_eq(at[d], per_ply[d]);
	ck_assert_uint_eq(won_by_x, 131184);
	ck_assert_uint_eq(won_by_o, 77904);
	ck_assert_uint_eq(drawn, 46080);
	ck_assert_int_eq(value_of(t), 0);
	struct ab_config minimax = { .algo = AB_MINIMAX };
	struct ab_counts c = search(t, &minimax);
	ck_assert_int_eq(c.value, 0);
	ck_assert_uint_eq(c.leaves, 255168);
}
END_TEST

/* Children in the game's order, labelled by the moves that reach them. */
START_TEST(labels_are_moves)
{
	const struct ab_tree *ttt_tree = ttt;
	static const char *const squares[9] = { "a1", "b1", "c1", "a2", "b2",
						"c2", "a3", "b3", "c3" };
	for (uint32_t i = 0; i < 9; i++)
		ck_assert_str_eq(ab_tree_label(ttt_tree, ab_kid(ttt_tree, 0, i)), squares[i]);
	uint32_t n = find(ttt_tree, "b2a1c3");
	ck_assert_uint_eq(ttt_tree->nodes[n].depth, 3);
	ck_assert_str_eq(ab_tree_label(ttt_tree, ttt_tree->nodes[n].parent), "b2a1");
	struct ab_str name = AB_STR_INIT;
	ab_tree_name(ttt_tree, n, &name);
	ck_assert_str_eq(name.s, "b2a1c3");
	ab_str_free(&name);

	struct ab_tree *t = game("nim:2,10", 0);
	ck_assert_str_eq(ab_tree_label(t, ab_kid(t, 0, 0)), "a1");
	ck_assert_str_eq(ab_tree_label(t, ab_kid(t, 0, 2)), "b1");
	ck_assert_str_eq(ab_tree_label(t, ab_kid(t, 0, 11)), "b10");
	ck_assert_uint_eq(t->nodes[find(t, "b10a1")].depth, 2);
	ab_tree_free(t);

	/* A path longer than a label holds: unlabelled below, and named
	 * from its deepest labelled ancestor. */
	t = game("nim:20", 3);
	ck_assert_ptr_nonnull(ab_tree_label(t, find(t, "a1a1a1")));
	ab_tree_free(t);
	t = game("nim:17", 0);
	uint32_t deep = 0;
	for (uint32_t m = 0; m < t->count; m++)
		if (t->nodes[m].depth > t->nodes[deep].depth)
			deep = m;
	ck_assert_uint_eq(t->nodes[deep].depth, 17); /* a1 17 times: 34 bytes */
	ck_assert_ptr_null(ab_tree_label(t, deep));
	ck_assert_ptr_nonnull(ab_tree_label(t, t->nodes[deep].parent));
	struct ab_str deep_name = AB_STR_INIT;
	ab_tree_name(t, deep, &deep_name);
	ck_assert_uint_eq(ab_tree_find(t, deep_name.s), deep);
	ab_str_free(&deep_name);
	ab_tree_free(t);
}
END_TEST

/* ---- Scores -------------------------------------------------------- */

static const struct {
	const char *text;
	ab_value value;      /* from MAX's side */
	const char *best;    /* the best move's label */
} scored[] = {
	/* x (MAX) wins at once on c1: 100 - 1. */
	{ "tictactoe:xx.oo....", 99, "c1" },
	/* o to move (MAX) wins at once on c2, before x can. */
	{ "tictactoe:xx.oo.x..", 99, "c2" },
	/* o to move: a3 draws, c3 lets x complete column a. */
	{ "tictactoe:xoxxoo.x.", 0, "a3" },
	{ "nim:1", 99, "a1" },
	{ "nim:7", 99, "a7" },          /* take all: the quickest win */
	{ "nim:1,1", -98, "a1" },       /* MIN takes the last on ply 2 */
	{ "nim:1,2", 97, "b1" },        /* leave 1,1: MAX takes the last on ply 3 */
	{ "nim:0,3", 99, "b3" },
	{ "connect4:4x4:xxx/ooo//", 99, "a" },
	{ "connect4:1x1", 0, "a" },
	{ "connect4:4x1", 0, "a" },
	{ "connect4:4x4:xo/xo/o/x", 0, NULL },
};

START_TEST(scores)
{
	struct ab_tree *t = game(scored[_i].text, 0);
	struct ab_config minimax = { .algo = AB_MINIMAX };
	struct ab_counts c = search(t, &minimax);
	ck_assert_msg(c.value == scored[_i].value, "%s: %lld, not %lld", scored[_i].text,
		      (long long)c.value, (long long)scored[_i].value);
	if (scored[_i].best)
		ck_assert_str_eq(ab_tree_label(t, c.best), scored[_i].best);
	ck_assert_int_eq(value_of(t), c.value);
	ab_tree_free(t);
}
END_TEST

/* Every nim position with heaps up to 4, 4, 4: the side to move wins
 * exactly when the nim-sum is not 0 (Bouton, 1901), and a win comes on
 * one of its own plies (odd ones for MAX).  (Under valgrind, heaps up to
 * 3, 3, 3: the plain and sanitizer runs do them all.) */
START_TEST(nim_sum_rule)
{
	char text[32];
	unsigned top = ab_test_rounds(20) < 20 ? 3 : 4;
	for (unsigned a = 0; a <= top; a++)
		for (unsigned b = 0; b <= top; b++)
			for (unsigned c = 0; c <= top; c++) {
				if (a + b + c == 0)
					continue;
				snprintf(text, sizeof text, "nim:%u,%u,%u", a, b, c);
				struct ab_tree *t = game(text, 0);
				ab_value v = value_of(t);
				bool wins = (a ^ b ^ c) != 0;
				ck_assert_msg(wins ? v > 0 : v < 0, "%s: %lld", text,
					      (long long)v);
				ab_value plies = v > 0 ? AB_GAME_WIN - v : AB_GAME_WIN + v;
				ck_assert_int_eq(plies % 2, wins ? 1 : 0);
				ck_assert_int_le(plies, a + b + c);
				ab_tree_free(t);
			}
}
END_TEST

/* ---- Transpositions --------------------------------------------------- */

START_TEST(transpositions)
{
	const struct ab_tree *t = ttt;
	/* a1 b1 c1 and c1 b1 a1: the same board at the same ply. */
	uint32_t first = find(t, "a1b1c1"), later = find(t, "c1b1a1");
	ck_assert_uint_lt(first, later);
	ck_assert_uint_eq(ab_position(t, first), first);
	ck_assert_uint_eq(ab_position(t, later), first);
	/* a1 b1 and a1 c1: different boards. */
	ck_assert_uint_eq(ab_position(t, find(t, "a1c1")), find(t, "a1c1"));
	/* Every visit's subtree has the first visit's shape and values. */
	for (uint32_t n = 0; n < t->count; n += 97) {
		uint32_t p = ab_position(t, n);
		ck_assert_uint_le(p, n);
		ck_assert_uint_eq(ab_end(t, n) - n, ab_end(t, p) - p);
		for (uint32_t k = 0; k < ab_end(t, n) - n; k++)
			ck_assert_int_eq(t->nodes[n + k].value, t->nodes[p + k].value);
	}

	/* In nim the same heaps at different plies are different positions:
	 * their scores count different plies. */
	struct ab_tree *nim = game("nim:2,1", 0);
	uint32_t x = find(nim, "a2"), y = find(nim, "a1a1");
	ck_assert_uint_eq(ab_position(nim, x), x);
	ck_assert_uint_eq(ab_position(nim, y), y);
	ck_assert_uint_eq(ab_position(nim, find(nim, "b1a1")), find(nim, "a1b1"));
	ab_tree_free(nim);
}
END_TEST

/* With the table: how often each distinct position is searched in full
 * (a store: the search came back from it), per iteration, and whether a
 * position was ever searched again after an exact value was stored for it
 * at that depth. */
struct searched {
	const struct ab_tree *tree;
	uint32_t *times;      /* per position (node number of its first
				 visit), this iteration */
	enum ab_tt_flag *flag; /* the flag last stored for it */
	uint32_t most;        /* the most times one position was searched in
				 one iteration */
	uint32_t positions;   /* distinct positions searched, this iteration */
	uint32_t stores;      /* all stores */
	uint32_t iterations;
	uint32_t after_exact; /* searches of a position already holding an
				 exact value */
};

static int count_searched(void *ctx, const struct ab_event *ev)
{
	struct searched *s = ctx;
	if (ev->kind == AB_EV_ITERATION) {
		memset(s->times, 0, s->tree->count * sizeof *s->times);
		s->positions = 0;
		s->iterations++;
		return 0;
	}
	uint32_t p = ab_position(s->tree, ev->node);
	ck_assert_uint_eq(ev->entry.position, p);
	s->stores++;
	if (s->times[p] && s->flag[p] == AB_TT_EXACT)
		s->after_exact++;
	s->positions += !s->times[p];
	if (++s->times[p] > s->most)
		s->most = s->times[p];
	s->flag[p] = ev->entry.flag;
	return 0;
}

static struct searched searched_with_table(const struct ab_tree *t, struct ab_config config)
{
	struct searched s = { .tree = t, .times = ab_xcalloc(t->count, sizeof *s.times),
			      .flag = ab_xcalloc(t->count, sizeof *s.flag) };
	struct ab_sink sink = { count_searched, &s,
				AB_EVENT_BIT(AB_EV_STORE) | AB_EVENT_BIT(AB_EV_ITERATION) };
	config.tt = true;
	ck_assert_int_eq(ab_search(t, &config, &sink), 0);
	free(s.times);
	free(s.flag);
	s.times = NULL;
	s.flag = NULL;
	return s;
}

/* The table (one slot per position, so nothing is replaced) on the empty
 * board.  Minimax searches each of the 4,520 positions that are not a
 * finished game exactly once; every other visit is a hit.  Alpha-beta's
 * entries may be bounds: a position is searched again only when a later
 * window needs more than the bound it holds, never once its exact value
 * is known, and fewer positions are searched at all (a bound stored for
 * one window answers others).  Iterative deepening (the evaluation under
 * --depth 9) the same, iteration by iteration, each starting afresh at
 * its own depth. */
START_TEST(table_searches_each_position_once)
{
	const struct ab_tree *t = ttt;
	uint32_t inner = 0;
	for (uint32_t n = 0; n < t->count; n++)
		inner += ab_position(t, n) == n && !ab_is_leaf(t, n);
	ck_assert_uint_eq(inner, 4520);

	struct searched s = searched_with_table(t, (struct ab_config){ .algo = AB_MINIMAX });
	ck_assert_uint_eq(s.most, 1);
	ck_assert_uint_eq(s.positions, inner);
	ck_assert_uint_eq(s.stores, inner);

	s = searched_with_table(t, (struct ab_config){ .algo = AB_ALPHABETA });
	ck_assert_uint_eq(s.after_exact, 0);
	ck_assert_uint_lt(s.positions, inner);
	ck_assert_uint_gt(s.stores, s.positions); /* some bounds were not enough */

	struct ab_tree *limited = game("tictactoe", 9);
	s = searched_with_table(limited, (struct ab_config){ .algo = AB_ALPHABETA,
							      .iterative = true, .depth = 9 });
	ck_assert_uint_eq(s.iterations, 9);
	ck_assert_uint_eq(s.after_exact, 0);
	ab_tree_free(limited);
}
END_TEST

/* ---- Depth limits --------------------------------------------------- */

START_TEST(depth_limit)
{
	struct ab_tree *t = game("tictactoe", 2);
	/* Built to depth 3: the horizon's positions are inner nodes. */
	ck_assert_uint_eq(t->count, 1 + 9 + 72 + 504);
	ck_assert_uint_eq(t->height, 3);
	for (uint32_t n = 0; n < t->count; n++)
		if (!ab_is_leaf(t, n))
			ck_assert(t->nodes[n].flags & AB_HAS_STATIC);
	/* Lines holding only x's marks minus only o's, from x's (MAX's)
	 * side whoever is to move: b2 is on 4 lines, a1 on 3, b1 on 2. */
	ck_assert_int_eq(t->nodes[0].value, 0);
	ck_assert_int_eq(t->nodes[find(t, "b2")].value, 4);
	ck_assert_int_eq(t->nodes[find(t, "a1")].value, 3);
	ck_assert_int_eq(t->nodes[find(t, "b1")].value, 2);
	ck_assert_int_eq(t->nodes[find(t, "b2a1")].value, 3 - 2);
	/* The search's value is the depth-limited minimax value. */
	struct ab_config config = { .depth = 2 };
	ab_value *values = ab_xcalloc(t->count, sizeof *values);
	ab_depth_values(t, AB_MAX, 2, values);
	ck_assert_int_eq(search(t, &config).value, values[0]);
	ck_assert_int_eq(values[0], 1);
	free(values);
	ab_tree_free(t);

	/* A finished game is scored as finished, at the horizon or above. */
	t = game("tictactoe:xx.oo....", 1);
	uint32_t win = find(t, "c1");
	ck_assert(ab_is_leaf(t, win));
	ck_assert_int_eq(t->nodes[win].value, 99);
	ck_assert(!ab_is_leaf(t, find(t, "c2")));
	ck_assert(t->nodes[find(t, "c2")].flags & AB_HAS_STATIC);
	config.depth = 1;
	ck_assert_int_eq(search(t, &config).value, 99);
	ab_tree_free(t);
	t = game("nim:1,2", 1);
	ck_assert_int_eq(t->nodes[find(t, "b2")].value, -1); /* 1,0 for MIN: it wins */
	ck_assert_int_eq(t->nodes[find(t, "b1")].value, 1);  /* 1,1 for MIN: it loses */
	ck_assert(ab_is_leaf(t, find(t, "b1a1")));           /* below the horizon */
	ab_tree_free(t);

	/* The source reads the depth from the search's configuration, and
	 * under --iterative evaluates the whole tree. */
	struct ab_diag diag;
	struct ab_str shown = AB_STR_INIT;
	struct ab_config iter = { .iterative = true };
	t = ab_source_load("game", "nim:1,2", &iter, &shown, &diag);
	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(shown.s, AB_GAME_NAME);
	ck_assert(t->nodes[0].flags & AB_HAS_STATIC);
	ck_assert_uint_eq(t->count, 12);
	ck_assert_str_eq(t->source, "abtrace -g nim:1,2");
	ab_tree_free(t);
	t = ab_source_load("game", "connect4:4x4", &(struct ab_config){ .depth = 3 },
			   &shown, &diag);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->count, 1 + 4 + 16 + 64 + 256);
	ck_assert_str_eq(t->source, "abtrace -g connect4:4x4 --depth 3");
	ck_assert_str_eq(t->title, "Connect four 4x4 (x to move)");
	ab_tree_free(t);
	ab_str_free(&shown);
}
END_TEST

/* ---- Positions and boards ---------------------------------------------- */

static const struct {
	const char *text, *written, *board;
} boards[] = {
	{ "tictactoe:X.o.x....", "tictactoe:x.o.x....",
	  "  a b c\n1 x . o\n2 . x .\n3 . . .\n" },
	{ "nim:3,0,12", "nim:3,0,12",
	  "a  3 |||\nb  0\nc 12 ||||||||||||\n" },
	{ "connect4:4x3:xo/x//o", "connect4:4x3:xo/x//o",
	  "|. . . .|\n|o . . .|\n|x x . o|\n+-------+\n a b c d\n" },
	{ "connect4:5x4", "connect4:5x4",
	  "|. . . . .|\n|. . . . .|\n|. . . . .|\n|. . . . .|\n+---------+\n a b c d e\n" },
	{ "tictactoe", "tictactoe:.........", NULL },
	{ "nim", "nim:1,2,3", NULL },
	{ "connect4", "connect4:4x4", NULL },
};

START_TEST(board_and_write)
{
	struct ab_game_state s;
	struct ab_diag diag;
	ck_assert_msg(ab_game_parse(boards[_i].text, &s, &diag), "%s", diag.message);
	struct ab_str out = AB_STR_INIT;
	ab_game_write(&s, &out);
	ck_assert_str_eq(out.s, boards[_i].written);
	if (boards[_i].board) {
		ab_str_clear(&out);
		ab_game_board(&s, &out);
		ck_assert_str_eq(out.s, boards[_i].board);
	}
	ab_str_free(&out);
}
END_TEST

/* The position at every node, found again from the root: one more piece
 * a ply, and one position for all the visits of a transposition. */
START_TEST(position_at_node)
{
	/* (nim:11,2 names its moves a1 ... a11: a transposition's path may
	 * be longer than its first visit's; the depth-limited ones carry
	 * static values into every visit.) */
	static const struct {
		const char *text;
		uint32_t depth;
	} texts[] = { { "tictactoe:x.o.x....", 0 }, { "nim:2,3", 0 },
		      { "connect4:4x3:xo/x//o", 0 }, { "nim:11,2", 0 },
		      { "tictactoe:x........", 3 }, { "connect4:4x4", 4 } };
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct ab_game_state root, at, first;
		struct ab_diag diag;
		ck_assert(ab_game_parse(texts[i].text, &root, &diag));
		struct ab_tree *t = game(texts[i].text, texts[i].depth);
		struct ab_str a = AB_STR_INIT, b = AB_STR_INIT;
		for (uint32_t n = 0; n < t->count; n++) {
			ck_assert(ab_game_at(&root, t, n, &at));
			ck_assert(ab_game_at(&root, t, ab_position(t, n), &first));
			ab_str_clear(&a);
			ab_str_clear(&b);
			ab_game_write(&at, &a);
			ab_game_write(&first, &b);
			ck_assert_str_eq(a.s, b.s);
			/* An inner node's static value is its position's
			 * evaluation, from MAX's side. */
			const struct ab_node *nd = &t->nodes[n];
			if (texts[i].depth && nd->nkids) {
				int e = root.game->evaluate(&at.pos);
				ck_assert(nd->flags & AB_HAS_STATIC);
				ck_assert_int_eq(nd->value, nd->depth % 2 ? -e : e);
			}
		}
		ab_str_free(&a);
		ab_str_free(&b);
		ab_tree_free(t);
	}
	/* The game and its root, from the tree alone. */
	struct ab_game_state root, at;
	struct ab_tree *t = game("tictactoe:x.o.x....", 2);
	ck_assert(ab_game_of_tree(t, &root));
	struct ab_str out = AB_STR_INIT;
	ab_game_write(&root, &out);
	ck_assert_str_eq(out.s, "tictactoe:x.o.x....");
	ab_tree_free(t);
	t = game("nim:1,1", 0);
	ab_tree_set_source(t, "abtrace random --seed 3");
	ck_assert(!ab_game_of_tree(t, &root));
	ab_tree_set_source(t, NULL);
	ck_assert(!ab_game_of_tree(t, &root));
	ab_tree_free(t);

	t = game("tictactoe:x.o.x....", 0);
	ck_assert(ab_game_of_tree(t, &root));
	ck_assert(ab_game_at(&root, t, find(t, "b1c3"), &at));
	ab_str_clear(&out);
	ab_game_write(&at, &out);
	ck_assert_str_eq(out.s, "tictactoe:xoo.x...x");
	/* An edit that swaps two children: the labels still lead. */
	ck_assert(ab_tree_swap_kids(t, 0, 0, 1));
	ck_assert(ab_game_at(&root, t, find(t, "b1"), &at));
	ab_str_clear(&out);
	ab_game_write(&at, &out);
	ck_assert_str_eq(out.s, "tictactoe:xoo.x....");
	ab_str_free(&out);
	ab_tree_free(t);
}
END_TEST

/* A node as the game sees it: the move into it, who made it, how the game
 * stands, and the squares a board shows apart. */
static const struct {
	const char *root, *node;
	const char *move;        /* ab_game_move_text */
	const char *status;      /* ab_game_status */
	unsigned nmarks;
	struct ab_game_mark first, last;
} nodes[] = {
	{ "tictactoe:xoxoxo...", "root", "", "x to move", 0, { 0, 0 }, { 0, 0 } },
	{ "tictactoe:xoxoxo...", "a3", "x a3", "x has won", 3, { 3, 2 }, { 2, 4 } },
	{ "tictactoe:xoxoxo...", "b3", "x b3", "o to move", 1, { 3, 4 }, { 3, 4 } },
	{ "tictactoe:xoxoxo...", "b3a3c3", "x c3", "x has won", 3, { 3, 6 }, { 2, 4 } },
	{ "tictactoe:xoxox.o..", "b3", "x b3", "o to move", 1, { 3, 4 }, { 3, 4 } },
	{ "tictactoe:xoxoxoox.", "c3", "x c3", "x has won", 3, { 3, 6 }, { 2, 4 } },
	{ "tictactoe:xoxxo....", "b3", "o b3", "o has won", 3, { 3, 4 }, { 2, 4 } },
	{ "nim:1,1", "a1", "a1", "MIN to move", 1, { 0, 0 }, { 0, 0 } },
	{ "nim:1,1", "a1b1", "b1", "MIN has won", 1, { 1, 0 }, { 1, 0 } },
	{ "nim:3", "a3", "a3", "MAX has won", 1, { 0, 0 }, { 0, 0 } },
	/* Column a of a 4x2 board: the piece lands on the bottom row. */
	{ "connect4:4x2", "a", "x a", "o to move", 1, { 1, 1 }, { 1, 1 } },
	{ "connect4:4x2:x/x/o/", "d", "o d", "x to move", 1, { 1, 7 }, { 1, 7 } },
	{ "connect4:4x2:x/x/o/o", "d", "x d", "o to move", 1, { 0, 7 }, { 0, 7 } },
	{ "connect4:4x2:xo/xo/xo/", "d", "x d", "x has won", 4, { 1, 7 }, { 1, 5 } },
	{ "connect4:4x1:o/x/x/", "d", "o d", "drawn", 1, { 0, 7 }, { 0, 7 } },
};

START_TEST(node_at)
{
	struct ab_game_state root;
	struct ab_diag diag;
	ck_assert(ab_game_parse(nodes[_i].root, &root, &diag));
	struct ab_tree *t = game(nodes[_i].root, 0);
	struct ab_game_node nd;
	ck_assert(ab_game_node_at(&root, t, find(t, nodes[_i].node), &nd));
	struct ab_str text = AB_STR_INIT;
	ab_game_move_text(&nd, &text);
	ck_assert_str_eq(ab_str_cstr(&text), nodes[_i].move);
	ab_str_clear(&text);
	ab_game_status(&nd, &text);
	ck_assert_str_eq(ab_str_cstr(&text), nodes[_i].status);
	ck_assert_uint_eq(nd.nmarks, nodes[_i].nmarks);
	ck_assert_uint_eq(nd.plies, t->nodes[find(t, nodes[_i].node)].depth);
	if (nd.nmarks) {
		ck_assert_uint_eq(nd.marks[0].line, nodes[_i].first.line);
		ck_assert_uint_eq(nd.marks[0].col, nodes[_i].first.col);
		ck_assert_uint_eq(nd.marks[nd.nmarks - 1].line, nodes[_i].last.line);
		ck_assert_uint_eq(nd.marks[nd.nmarks - 1].col, nodes[_i].last.col);
	}
	/* Every mark is a piece of the board's text: x or o (the heap's
	 * letter in nim). */
	ab_str_clear(&text);
	ab_game_board(&nd.at, &text);
	for (unsigned i = 0; i < nd.nmarks; i++) {
		const char *p = ab_str_cstr(&text);
		for (unsigned l = 0; l < nd.marks[i].line; l++)
			p = strchr(p, '\n') + 1;
		char c = p[nd.marks[i].col];
		ck_assert_msg(root.game == &ab_game_nim ? c == 'a' + (char)nd.marks[0].line
			      : c == nd.mover[0], "%s %s: mark %u is '%c'", nodes[_i].root,
			      nodes[_i].node, i, c);
	}
	ab_str_free(&text);
	ab_tree_free(t);
}
END_TEST

/* ---- Bad positions ----------------------------------------------------- */

static const struct {
	const char *text;
	unsigned column;      /* where the caret points */
	const char *says;     /* part of the message */
} bad[] = {
	{ "chess:e4", 1, "no game is called 'chess'" },
	{ ":x.o", 1, "name a game" },
	{ "TicTacToe", 1, "no game is called" },
	{ "tictactoe:", 11, "this one has 0" },
	{ "tictactoe:x.o", 14, "this one has 3" },
	{ "tictactoe:x.o.x.....x", 20, "this one has 11" },
	{ "tictactoe:x.o.q....", 15, "a square is x, o or '.'" },
	{ "tictactoe:x.o x....", 14, "a square is x, o or '.'" },
	{ "tictactoe:xx.......", 11, "2 x and 0 o" },
	{ "tictactoe:oo.x.....", 11, "1 x and 2 o" },
	{ "tictactoe:xxxoo....", 11, "x has three in a row (a1 b1 c1)" },
	{ "tictactoe:xx.ooo.x.", 14, "o has three in a row (a2 b2 c2)" },
	{ "tictactoe:xoxxoxoxo", 11, "the board is full" },
	{ "nim:", 5, "give the heaps" },
	{ "nim:3,,4", 7, "heaps are separated by commas" },
	{ "nim:3,4,", 9, "heaps are separated by commas" },
	{ "nim:3;4", 6, "heaps are separated by commas" },
	{ "nim:-3", 5, "heaps are separated by commas" },
	{ "nim:100", 5, "at most 99 counters" },
	{ "nim:1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", 37, "at most 16 heaps" },
	{ "nim:0,0,0", 5, "every heap is empty" },
	{ "connect4:", 10, "the board's size WxH" },
	{ "connect4:8x4", 10, "1 to 7 columns" },
	{ "connect4:4x7", 12, "1 to 6 rows" },
	{ "connect4:0x4", 10, "1 to 7 columns" },
	{ "connect4:4y4", 11, "written WxH" },
	{ "connect4:4x4;x///", 13, "a colon and the columns" },
	{ "connect4:4x4:", 14, "this one has 1" },
	{ "connect4:4x4:xo/x/", 19, "this one has 3" },
	{ "connect4:4x4:x////", 18, "this one has more" },
	{ "connect4:4x4:xoxox///", 18, "column a has more than 4 pieces" },
	{ "connect4:4x4:x./o//", 15, "from the bottom up" },
	{ "connect4:4x4:xx///", 10, "2 x and 0 o" },
	{ "connect4:4x4:xxxx/ooo//", 10, "x has four in a row from a1" },
	{ "connect4:4x4:o/xo/xxo/xoxo", 10, "o has four in a row from a1" },
	{ "connect4:2x2:xo/ox", 10, "the board is full" },
	{ "connect4:4x4", 10, "more than 2000000 nodes" },
	{ "nim:99,99,99", 5, "more than 2000000 nodes" },
};

START_TEST(bad_positions)
{
	struct ab_diag diag;
	struct ab_game_options opt = { 0 };
	struct ab_tree *t = ab_game_tree(bad[_i].text, &opt, &diag);
	ck_assert_msg(t == NULL, "%s was accepted", bad[_i].text);
	ck_assert_msg(strstr(diag.message, bad[_i].says) != NULL, "%s: %s",
		      bad[_i].text, diag.message);
	ck_assert_uint_eq(diag.line, 1);
	ck_assert_msg(diag.column == bad[_i].column, "%s: column %u, not %u (%s)",
		      bad[_i].text, diag.column, bad[_i].column, diag.message);
}
END_TEST

/* The node limit names the depth that fits. */
START_TEST(limit_names_a_depth)
{
	struct ab_diag diag;
	struct ab_game_options opt = { .max_nodes = 1000 };
	ck_assert_ptr_null(ab_game_tree("tictactoe", &opt, &diag));
	/* To depth 3 (--depth 2): 586 nodes; to depth 4: 3610. */
	ck_assert_ptr_nonnull(strstr(diag.message, "add --depth 2 or less"));
	opt.depth = 5;
	ck_assert_ptr_null(ab_game_tree("tictactoe", &opt, &diag));
	ck_assert_ptr_nonnull(strstr(diag.message, "with --depth 5"));
	ck_assert_ptr_nonnull(strstr(diag.message, "--depth 2 fits"));
	opt.max_nodes = 5;
	opt.depth = 0;
	ck_assert_ptr_null(ab_game_tree("tictactoe", &opt, &diag));
	ck_assert_ptr_nonnull(strstr(diag.message, "even --depth 1"));
	opt.max_nodes = 586;
	opt.depth = 2;
	struct ab_tree *t = ab_game_tree("tictactoe", &opt, &diag);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->count, 586);
	ab_tree_free(t);
}
END_TEST

/* ---- Random position strings ------------------------------------------- */

/* A random string that often is a position and often is almost one. */
static void random_text(struct ab_rng *rng, struct ab_str *out)
{
	static const char *const names[] = { "tictactoe:", "nim:", "connect4:",
					     "tictactoe", "nim", "connect4", "",
					     "ttt:", "nim::", "connect4:4x4:" };
	static const char *const alphabets[] = { "xo.", "xo.XO-q ", "0123,",
						 "0123456789,,", "x/o/", "45x:/xo",
						 "\x01\xff\xc3\xa9:%s" };
	ab_str_clear(out);
	unsigned kind = (unsigned)ab_rng_below(rng, 6);
	ab_str_add(out, kind < 3 ? names[kind] : names[ab_rng_below(rng, 10)]);
	if (kind == 2) {
		/* A board, then columns of random heights. */
		unsigned w = 1 + (unsigned)ab_rng_below(rng, 8);
		unsigned h = 1 + (unsigned)ab_rng_below(rng, 7);
		ab_str_addf(out, "%ux%u:", w, h);
		for (unsigned c = 0; c < w; c++) {
			unsigned k = (unsigned)ab_rng_below(rng, h + 2);
			for (unsigned i = 0; i < k; i++)
				ab_str_addc(out, "xo"[ab_rng_below(rng, 2)]);
			if (c + 1 < w)
				ab_str_addc(out, '/');
		}
		return;
	}
	if (kind == 0) {
		for (unsigned i = 0; i < 9; i++)
			ab_str_addc(out, "xo.."[ab_rng_below(rng, 4)]);
		return;
	}
	if (kind == 1) {
		unsigned heaps = 1 + (unsigned)ab_rng_below(rng, 5);
		for (unsigned i = 0; i < heaps; i++)
			ab_str_addf(out, "%s%u", i ? "," : "", (unsigned)ab_rng_below(rng, 7));
		return;
	}
	const char *alphabet = alphabets[ab_rng_below(rng, 7)];
	unsigned len = (unsigned)ab_rng_below(rng, 24);
	for (unsigned i = 0; i < len; i++)
		ab_str_addc(out, alphabet[ab_rng_below(rng, strlen(alphabet))]);
}

START_TEST(random_strings)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, 23);
	struct ab_str text = AB_STR_INIT, again = AB_STR_INIT;
	unsigned searched = 0, refused = 0, rounds = (unsigned)ab_test_rounds(4000);
	for (unsigned i = 0; i < rounds; i++) {
		random_text(&rng, &text);
		struct ab_diag diag;
		struct ab_game_options opt = {
			.depth = (uint32_t)ab_rng_below(&rng, 4),
			.max_nodes = 20000,
		};
		opt.evaluate = opt.depth > 0;
		struct ab_tree *t = ab_game_tree(text.s, &opt, &diag);
		if (!t) {
			ck_assert_msg(diag.message[0] != '\0', "%s: no message", text.s);
			ck_assert_uint_eq(diag.line, 1);
			ck_assert_uint_le(diag.column, text.len + 1);
			refused++;
			continue;
		}
		searched++;
		ck_assert_uint_le(t->count, 20000);
		struct ab_config config = { .depth = opt.depth };
		struct ab_counts c = search(t, &config);
		ck_assert_int_le(c.value, AB_GAME_WIN);
		ck_assert_int_ge(c.value, -AB_GAME_WIN);
		/* The position reads back as written. */
		struct ab_game_state s, s2;
		ck_assert(ab_game_parse(text.s, &s, &diag));
		ab_str_clear(&again);
		ab_game_write(&s, &again);
		ck_assert_msg(ab_game_parse(again.s, &s2, &diag), "%s -> %s: %s",
			      text.s, again.s, diag.message);
		ck_assert(memcmp(&s.pos, &s2.pos, sizeof s.pos) == 0);
		ab_tree_free(t);
	}
	/* Both kinds, many of each. */
	ck_assert_uint_gt(searched, rounds / 10);
	ck_assert_uint_gt(refused, rounds / 10);
	ab_str_free(&text);
	ab_str_free(&again);
}
END_TEST

/* ---- The command line ---------------------------------------------------- */

static const struct {
	const char *args[8];
	int status;
	const char *out, *err;  /* parts of what it prints, or NULL */
} runs[] = {
	{ { "stats", "-g", "tictactoe:x.o.x....", NULL }, 0, "Tic-tac-toe x.o.x.... (o to move)", NULL },
	{ { "stats", "--game=nim:1,2", "--algo", "minimax", NULL }, 0, "97 (best move: b1)", NULL },
	{ { "trace", "-gnim:1,1", NULL }, 0, "Look at leaf a1b1 = -98", NULL },
	{ { "trace", "--json", "-g", "connect4:4x4", "--depth", "2", NULL }, 0, "\"event\":\"done\"", NULL },
	{ { "export", "--text", "-g", "nim:1,1", NULL }, 0, "a1b1", NULL },
	{ { "stats", "-g", "tictactoe:x.o.q....", NULL }, 2, NULL,
	  "<game>:1:15: error: a square is x, o or '.'" },
	{ { "stats", "-g", "connect4:4x4", NULL }, 2, NULL, "add --depth 9 or less" },
	{ { "stats", "-g", "nim:1", "lecture", NULL }, 2, NULL, "not both" },
	{ { "stats", "-g", "nim:1", "-e", "[1 2]", NULL }, 2, NULL, "not both" },
	{ { "stats", "-g", "nim:1", "-g", "nim:2", NULL }, 2, NULL, "-g is given twice" },
	{ { "practice", "-g", "nim:1", NULL }, 2, NULL, "does not apply" },
	{ { "trace", "-g", NULL }, 2, NULL, "needs a value" },
	/* --board: the board under the step that reaches a node. */
	{ { "trace", "--board", "-g", "tictactoe:xoxoxo...", NULL }, 0,
	  "Look at leaf a3 = 99.\n      x a3: x has won\n        a b c\n      1 x o x\n"
	  "      2 o x o\n      3 x . .\n", NULL },
	{ { "trace", "--board", "-g", "nim:1,1", NULL }, 0,
	  "Enter root (MAX) with window α = -∞, β = +∞. Nothing is known yet.\n"
	  "      MAX to move\n      a  1 |\n      b  1 |\n", NULL },
	{ { "trace", "--board", "-g", "nim:1,1", NULL }, 0, "a1: MIN to move\n", NULL },
	{ { "trace", "--board", "-g", "nim:1,1", NULL }, 0, "b1: MIN has won\n", NULL },
	{ { "trace", "--board", "--json", "-g", "nim:1", NULL }, 2, NULL, "leave out --json" },
	{ { "trace", "--board", "lecture", NULL }, 2, NULL, "name a position with -g" },
	{ { "stats", "--board", "-g", "nim:1", NULL }, 2, NULL, "does not apply" },
};

START_TEST(command_line)
{
	struct run_result r = run_abtrace(NULL, runs[_i].args);
	ck_assert_msg(r.status == runs[_i].status, "%s %s: status %d: %s", runs[_i].args[0],
		      runs[_i].args[1], r.status, ab_str_cstr(&r.err));
	if (runs[_i].out)
		ck_assert_msg(strstr(ab_str_cstr(&r.out), runs[_i].out) != NULL, "%s",
			      ab_str_cstr(&r.out));
	if (runs[_i].err)
		ck_assert_msg(strstr(ab_str_cstr(&r.err), runs[_i].err) != NULL, "%s",
			      ab_str_cstr(&r.err));
	run_result_free(&r);
}
END_TEST

static Suite *games_suite(void)
{
	Suite *s = suite_create("games");
	TCase *whole = tcase_create("tictactoe");
	tcase_set_timeout(whole, 600);
	tcase_add_unchecked_fixture(whole, build_ttt, free_ttt);
	tcase_add_test(whole, tictactoe_figures);
	tcase_add_test(whole, labels_are_moves);
	tcase_add_test(whole, transpositions);
	tcase_add_test(whole, table_searches_each_position_once);
	suite_add_tcase(s, whole);
	TCase *tc = tcase_create("games");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, scores, 0, sizeof scored / sizeof scored[0]);
	tcase_add_test(tc, nim_sum_rule);
	tcase_add_test(tc, depth_limit);
	tcase_add_loop_test(tc, board_and_write, 0, sizeof boards / sizeof boards[0]);
	tcase_add_test(tc, position_at_node);
	tcase_add_loop_test(tc, node_at, 0, sizeof nodes / sizeof nodes[0]);
	tcase_add_loop_test(tc, bad_positions, 0, sizeof bad / sizeof bad[0]);
	tcase_add_test(tc, limit_names_a_depth);
	tcase_add_test(tc, random_strings);
	tcase_add_loop_test(tc, command_line, 0, sizeof runs / sizeof runs[0]);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(games_suite());
}
