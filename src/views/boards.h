/* boards.h - the small boards pictures draw under a game's nodes
 * (export --board): each node's board as the game writes it, the square of
 * the move that reached it and a winning row marked, and the room the
 * largest one needs, so that every picture (DOT, TikZ, SVG, text) can draw
 * the boards of a tree from -g without knowing the game.
 */
#ifndef AB_BOARDS_H
#define AB_BOARDS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/str.h"
#include "core/tree.h"
#include "sources/game.h"

/* The boards' type: a monospaced font, small. */
#define AB_BOARD_FONT 7.0      /* points */
#define AB_BOARD_LINE 8.0      /* baseline to baseline */
#define AB_BOARD_CHAR 4.3      /* a character's width (0.6 em, generous) */

struct ab_picture_boards {
	struct ab_game_state root;  /* the tree's game and root position */
	unsigned nlines, ncols;     /* the largest board's lines and columns */
};

/* The boards of tree, a game's (ab_game_of_tree); false for any other. */
bool ab_picture_boards_init(struct ab_picture_boards *boards, const struct ab_tree *tree);

/* The room under a node for its board, in points: the largest board's. */
double ab_picture_board_width(const struct ab_picture_boards *boards);
double ab_picture_board_height(const struct ab_picture_boards *boards);

/* What to show of one board character. */
enum ab_board_mark {
	AB_BOARD_PLAIN,
	AB_BOARD_MOVE,   /* the square of the move that reached the node */
	AB_BOARD_WIN,    /* a square of the winning row */
};

/* Node n's board: its lines (each ending in '\n') into text, and in
 * marks[] (one per byte of text, text->len of them, or NULL) how each
 * character is shown.  False when the tree does not match the game. */
bool ab_picture_board(const struct ab_picture_boards *boards, const struct ab_tree *tree,
		      uint32_t n, struct ab_str *text, enum ab_board_mark **marks);

#endif
