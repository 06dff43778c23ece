/* board.h - the replay's board panel: for a game's tree (-g), the board of
 * the current node and of the selected one, beside the tree.
 *
 * The panel is made as data, text in runs each with an ink, and painted by
 * draw.c, which gives each ink its colour and attributes; so the tests read
 * the panel without a terminal.  The boards are the game's own ASCII
 * (sources/game.h); the inks tell the sides' pieces apart, the last move,
 * and the row that won.
 */
#ifndef AB_TUI_BOARD_H
#define AB_TUI_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "base/str.h"
#include "core/tree.h"
#include "sources/game.h"

enum ab_ink {
	AB_INK_PLAIN,
	AB_INK_TITLE,   /* a board's heading: "now x b3" */
	AB_INK_X,       /* the first side's pieces */
	AB_INK_O,       /* the second side's */
	AB_INK_MOVE,    /* the square of the move that reached the node */
	AB_INK_WIN,     /* a winning row (its last move included) */
	AB_INK_FAINT,   /* the line under a board: who moves, who won */
};

/* A run of text at (row, col) of the panel, in one ink. */
struct ab_board_span {
	int row, col;
	size_t start, len;        /* its bytes in the panel's text */
	enum ab_ink ink;
};

struct ab_board_panel {
	struct ab_str text;       /* the spans' bytes, one after another */
	struct ab_board_span *spans;
	size_t count, cap;
	int rows, cols;           /* the panel's size: 0 x 0 when empty */
};

#define AB_BOARD_PANEL_INIT { AB_STR_INIT, NULL, 0, 0, 0, 0 }

/* Lays out, in at most cols x rows, the board of node current ("now") and,
 * when it is another node (not AB_NONE), the selected one's: side by side
 * when they fit, else one above the other, else the selected one alone;
 * nothing (rows 0) when not even one fits, or the tree does not match
 * root's game.  out is cleared first. */
void ab_board_panel_make(const struct ab_game_state *root, const struct ab_tree *tree,
			 uint32_t current, uint32_t selected, int cols, int rows,
			 struct ab_board_panel *out);
void ab_board_panel_free(struct ab_board_panel *panel);

#endif
