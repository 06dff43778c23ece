/* test_board.c - the replay's board panel (tui/board.c): its text and inks
 * read as data, side by side, stacked or alone as room allows; then end to
 * end in tmux at 80x24 and 160x50: the boards beside the tree as the
 * search moves and a node is selected, the winning row in colour, and the
 * outline naming moves as the game does.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sources/game.h"
#include "tui/board.h"
#include "testutil.h"
#include "tmux.h"

/* ---- The panel as data ----------------------------------------------------- */

#define GRID_ROWS 40
#define GRID_COLS 80

/* The panel painted into a grid of characters and inks. */
struct grid {
	char ch[GRID_ROWS][GRID_COLS + 1];
	enum ab_ink ink[GRID_ROWS][GRID_COLS];
};

static void paint(const struct ab_board_panel *p, struct grid *g)
{
	memset(g, 0, sizeof *g);
	for (int r = 0; r < GRID_ROWS; r++)
		memset(g->ch[r], ' ', GRID_COLS);
	for (size_t i = 0; i < p->count; i++) {
		const struct ab_board_span *s = &p->spans[i];
		ck_assert_int_lt(s->row, p->rows);
		ck_assert_int_le(s->col + (int)s->len, p->cols);
		for (size_t k = 0; k < s->len; k++) {
			g->ch[s->row][s->col + (int)k] = p->text.s[s->start + k];
			g->ink[s->row][s->col + (int)k] = s->ink;
		}
	}
	for (int r = 0; r < GRID_ROWS; r++) {
		int end = GRID_COLS;
		while (end > 0 && g->ch[r][end - 1] == ' ')
			end--;
		g->ch[r][end] = '\0';
	}
}

struct fixture {
	struct ab_game_state root;
	struct ab_tree *tree;
};

static struct fixture load(const char *text)
{
	struct fixture f;
	struct ab_diag diag;
	struct ab_game_options opt = { 0 };
	f.tree = ab_game_tree(text, &opt, &diag);
	ck_assert_msg(f.tree != NULL, "%s", diag.message);
	ck_assert(ab_game_of_tree(f.tree, &f.root));
	return f;
}

static uint32_t node(const struct fixture *f, const char *name)
{
	uint32_t n = ab_tree_find(f->tree, name);
	ck_assert_msg(n != AB_NONE, "no node %s", name);
	return n;
}

/* x has won with a3 (c1 b2 a3), and b3 selected: both boards side by side,
 * the winning row in the win's ink, the pieces in their sides'. */
START_TEST(panel_side_by_side)
{
	struct fixture f = load("tictactoe:xoxoxo...");
	struct ab_board_panel p = AB_BOARD_PANEL_INIT;
	ab_board_panel_make(&f.root, f.tree, node(&f, "a3"), node(&f, "b3"), 40, 20, &p);
	struct grid g;
	paint(&p, &g);
	ck_assert_int_eq(p.rows, 6);
	ck_assert_str_eq(g.ch[0], "now x a3    selected x b3");
	ck_assert_str_eq(g.ch[1], "  a b c       a b c");
	ck_assert_str_eq(g.ch[2], "1 x o x     1 x o x");
	ck_assert_str_eq(g.ch[3], "2 o x o     2 o x o");
	ck_assert_str_eq(g.ch[4], "3 x . .     3 . x .");
	ck_assert_str_eq(g.ch[5], "x has won   o to move");
	ck_assert_int_eq(g.ink[0][0], AB_INK_TITLE);
	ck_assert_int_eq(g.ink[5][0], AB_INK_FAINT);
	/* The winning row, c1 b2 a3, and nothing else, in the win's ink. */
	ck_assert_int_eq(g.ink[2][6], AB_INK_WIN);
	ck_assert_int_eq(g.ink[3][4], AB_INK_WIN);
	ck_assert_int_eq(g.ink[4][2], AB_INK_WIN);
	ck_assert_int_eq(g.ink[2][2], AB_INK_X);
	ck_assert_int_eq(g.ink[2][4], AB_INK_O);
	/* The selected board: its move b3 marked, not won. */
	ck_assert_int_eq(g.ink[4][16], AB_INK_MOVE);
	ck_assert_int_eq(g.ink[2][14], AB_INK_X);
	ck_assert_int_eq(g.ink[2][16], AB_INK_O);
	ck_assert_int_eq(g.ink[1][14], AB_INK_PLAIN);
	ab_board_panel_free(&p);
	ab_tree_free(f.tree);
}
END_TEST

/* Less room: one above the other, then the selected board alone, then
 * nothing; no selection (or the current node selected): one board. */
START_TEST(panel_room)
{
	struct fixture f = load("tictactoe:xoxoxo...");
	struct ab_board_panel p = AB_BOARD_PANEL_INIT;
	struct grid g;
	uint32_t a3 = node(&f, "a3"), b3 = node(&f, "b3");
	ab_board_panel_make(&f.root, f.tree, a3, b3, 20, 20, &p);
	paint(&p, &g);
	ck_assert_int_eq(p.rows, 13);
	ck_assert_str_eq(g.ch[0], "now x a3");
	ck_assert_str_eq(g.ch[6], "");
	ck_assert_str_eq(g.ch[7], "selected x b3");
	ab_board_panel_make(&f.root, f.tree, a3, b3, 20, 8, &p);
	paint(&p, &g);
	ck_assert_int_eq(p.rows, 6);
	ck_assert_str_eq(g.ch[0], "selected x b3");
	ab_board_panel_make(&f.root, f.tree, a3, b3, 20, 5, &p);
	ck_assert_int_eq(p.rows, 0);
	ck_assert_uint_eq(p.count, 0);
	ab_board_panel_make(&f.root, f.tree, a3, b3, 8, 20, &p);
	ck_assert_int_eq(p.rows, 0);
	ab_board_panel_make(&f.root, f.tree, a3, AB_NONE, 40, 20, &p);
	paint(&p, &g);
	ck_assert_str_eq(g.ch[0], "now x a3");
	ck_assert_int_eq(p.cols, 9);
	ab_board_panel_make(&f.root, f.tree, a3, a3, 40, 20, &p);
	paint(&p, &g);
	ck_assert_str_eq(g.ch[0], "now x a3");
	ck_assert_int_eq(p.cols, 9);
	/* The root: the position given. */
	ab_board_panel_make(&f.root, f.tree, 0, AB_NONE, 40, 20, &p);
	paint(&p, &g);
	ck_assert_str_eq(g.ch[0], "now (start)");
	ck_assert_str_eq(g.ch[5], "x to move");
	ab_board_panel_free(&p);
	ab_tree_free(f.tree);
}
END_TEST

/* Nim has no marks: no side's ink (a heap called o is a heap), the heap
 * taken from marked; connect four's winning row across. */
START_TEST(panel_other_games)
{
	struct fixture f = load("nim:1,0,0,0,0,0,0,0,0,0,0,0,0,0,2");
	struct ab_board_panel p = AB_BOARD_PANEL_INIT;
	struct grid g;
	ab_board_panel_make(&f.root, f.tree, node(&f, "o2"), AB_NONE, 40, 30, &p);
	paint(&p, &g);
	ck_assert_str_eq(g.ch[0], "now o2");
	ck_assert_str_eq(g.ch[15], "o  0");
	ck_assert_int_eq(g.ink[15][0], AB_INK_MOVE);
	ck_assert_int_eq(g.ink[1][0], AB_INK_PLAIN);
	ck_assert_str_eq(g.ch[16], "MIN to move");
	ab_tree_free(f.tree);

	f = load("connect4:4x2:xo/xo/xo/");
	ab_board_panel_make(&f.root, f.tree, node(&f, "d"), AB_NONE, 40, 30, &p);
	paint(&p, &g);
	ck_assert_str_eq(g.ch[0], "now x d");
	ck_assert_str_eq(g.ch[1], "|o o o .|");
	ck_assert_str_eq(g.ch[2], "|x x x x|");
	for (int c = 1; c <= 7; c += 2)
		ck_assert_int_eq(g.ink[2][c], AB_INK_WIN);
	ck_assert_int_eq(g.ink[1][1], AB_INK_O);
	ck_assert_str_eq(g.ch[5], "x has won");
	ab_board_panel_free(&p);
	ab_tree_free(f.tree);
}
END_TEST

/* A tree that is not the game's: no boards. */
START_TEST(panel_not_the_game)
{
	struct fixture f = load("tictactoe:xoxoxo...");
	struct fixture other = load("nim:1,1");
	struct ab_board_panel p = AB_BOARD_PANEL_INIT;
	ab_board_panel_make(&f.root, other.tree, 3, AB_NONE, 40, 30, &p);
	ck_assert_int_eq(p.rows, 0);
	ab_board_panel_free(&p);
	ab_tree_free(f.tree);
	ab_tree_free(other.tree);
}
END_TEST

/* ---- End to end ------------------------------------------------------------ */

static const struct { int cols, rows; } sizes[] = { { 80, 24 }, { 160, 50 } };

/* Whether the screen (captured with attributes) shows text in reverse
 * video somewhere: SGR 7 among the escapes just before it. */
static bool reversed(const struct ab_str *screen, const char *text)
{
	const char *s = ab_str_cstr(screen);
	for (const char *p = s; (p = strstr(p, text)); p++) {
		/* The escapes right before p, back to the last other text. */
		const char *from = p;
		while (from > s && from[-1] == 'm') {
			const char *esc = from - 1;
			while (esc > s && *esc != '\x1b')
				esc--;
			if (*esc != '\x1b')
				break;
			from = esc;
		}
		char seq[64];
		size_t len = (size_t)(p - from) < sizeof seq - 1 ? (size_t)(p - from) : sizeof seq - 1;
		memcpy(seq, from, len);
		seq[len] = '\0';
		if (strstr(seq, "[7m") || strstr(seq, ";7m") || strstr(seq, "[7;") ||
		    strstr(seq, ";7;"))
			return true;
	}
	return false;
}

/* Polls until text is off the screen. */
static void wait_gone(struct ab_str *screen, const char *text)
{
	long end = now_ms() + TMUX_DEADLINE_MS;
	for (;;) {
		capture(screen, false);
		if (!strstr(ab_str_cstr(screen), text))
			return;
		if (now_ms() > end)
			ck_abort_msg("'%s' stays on the screen:\n%s", text, ab_str_cstr(screen));
		pause_briefly();
	}
}

/* Tic-tac-toe: the board of the start, then of the leaf x a3 that wins,
 * its row in reverse video; a node selected shows its board too. */
START_TEST(test_boards)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(sizes[_i].cols, sizes[_i].rows, NULL, "-g tictactoe:xoxoxo...");
	WAIT_FOR(&s, "step 0/", "now (start)", "x to move", "1 x o x", "3 . . .");
	keys("Right Right");
	WAIT_FOR(&s, "step 2/", "now x a3", "x has won", "3 x . .");
	capture(&s, true);
	ck_assert_msg(reversed(&s, "x"), "no piece in reverse video:\n%s", ab_str_cstr(&s));
	keys("/");
	literal("b3a3");
	keys("Enter");
	WAIT_FOR(&s, "now x a3", "selected o a3", "3 o x .");
	keys("Escape");
	wait_gone(&s, "selected o a3");
	WAIT_FOR(&s, "now x a3");
	keys("q");
	ck_assert_int_eq(wait_exit(), 0);
	stop_server();
	ab_str_free(&s);
}
END_TEST

/* A tree too big to draw opens in the outline, whose lines name moves as
 * the game does; nim and connect four have their boards too. */
START_TEST(test_outline_and_games)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(sizes[_i].cols, sizes[_i].rows, NULL, "-g tictactoe:x...o....");
	WAIT_FOR(&s, "step 0/", "root", "now (start)");
	keys("Right Right");
	WAIT_FOR(&s, "step 2/", "x b1", "now x b1", "o to move");
	keys("q");
	ck_assert_int_eq(wait_exit(), 0);
	start(sizes[_i].cols, sizes[_i].rows, NULL, "-g nim:2,1");
	WAIT_FOR(&s, "step 0/");
	keys("Right Right");
	WAIT_FOR(&s, "step 2/", "now a1", "a  1 |", "b  1 |", "MIN to move");
	keys("q");
	ck_assert_int_eq(wait_exit(), 0);
	start(sizes[_i].cols, sizes[_i].rows, NULL, "-g connect4:4x2:x/o//");
	WAIT_FOR(&s, "step 0/");
	keys("Right Right");
	WAIT_FOR(&s, "step 2/", "now x a", "|x . . .|", "|x o . .|");
	keys("End");
	WAIT_FOR(&s, "Done", "now (start)");
	keys("q");
	ck_assert_int_eq(wait_exit(), 0);
	stop_server();
	ab_str_free(&s);
}
END_TEST

/* A game with the table: the boards above the table's panel, whose best
 * column names a move as the outline does ("x a3"), not the line of moves
 * from the root. */
START_TEST(test_boards_and_table)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(sizes[_i].cols, sizes[_i].rows, NULL, "--tt -g tictactoe:xoxoxo...");
	WAIT_FOR(&s, "step 0/", "now (start)", "1 x o x", "Table: 8 slots, 0 in use");
	keys("End");
	WAIT_FOR(&s, "Done", "1 x o x", "Table: 8 slots, 3 in use",
		 "root     3    99 exact x a3", "b3       2    97 upper o a3",
		 "b3a3     1    97 upper x c3");
	keys("q");
	ck_assert_int_eq(wait_exit(), 0);
	stop_server();
	ab_str_free(&s);
}
END_TEST

/* Not a game: no boards. */
START_TEST(test_no_boards)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(80, 24, NULL, "lecture");
	WAIT_FOR(&s, "step 0/");
	keys("Right");
	WAIT_FOR(&s, "step 1/");
	ck_assert_msg(!strstr(ab_str_cstr(&s), "now "), "%s", ab_str_cstr(&s));
	keys("q");
	ck_assert_int_eq(wait_exit(), 0);
	stop_server();
	ab_str_free(&s);
}
END_TEST

static void teardown(void)
{
	if (have_tmux)
		stop_server();
}

int main(void)
{
	tmux_test_init("board");
	Suite *s = suite_create("board");
	TCase *data = tcase_create("panel");
	tcase_add_test(data, panel_side_by_side);
	tcase_add_test(data, panel_room);
	tcase_add_test(data, panel_other_games);
	tcase_add_test(data, panel_not_the_game);
	suite_add_tcase(s, data);
	TCase *tc = tcase_create("tmux");
	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_unchecked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, test_boards, 0, sizeof sizes / sizeof sizes[0]);
	tcase_add_loop_test(tc, test_outline_and_games, 0, sizeof sizes / sizeof sizes[0]);
	tcase_add_loop_test(tc, test_boards_and_table, 0, sizeof sizes / sizeof sizes[0]);
	tcase_add_test(tc, test_no_boards);
	suite_add_tcase(s, tc);
	int status = ab_run_suite(s);
	tmux_test_done();
	return status;
}
