/* game.h - small games as trees: `-g GAME[:POSITION]`.
 *
 * A game is a table of operations on a position (struct ab_game): read a
 * position string, list the moves and name them, play one, say whether
 * the game is over, evaluate, write the position back and draw its board.
 * Each game is one file (tictactoe.c, nim.c, connect4.c) and one entry in
 * game.c's list; everything else (the tree, the limits, the messages
 * about the -g text) is written once, here.
 *
 * The tree of a position (ab_game_tree):
 * - every node is a position; the root is the one given, MAX moves there
 *   (MAX is whoever is to move: x or o, nim's next player), MIN next;
 * - children in the game's order of moves (tic-tac-toe a1 b1 c1 a2 ...,
 *   nim heap a first and fewest counters first, connect four left to
 *   right);
 * - a node's label is the moves that reach it from the root, written one
 *   after the other ("b2a1" is b2, then a1): unique, and a label a tree
 *   file can hold.  A node whose path would be longer than AB_MAX_LABEL
 *   bytes has no label, and abtrace names it from its deepest labelled
 *   ancestor as it names any unlabelled node (ab_tree_name);
 * - a finished game is a leaf scored from MAX's side: AB_GAME_WIN - plies
 *   when MAX has won, -AB_GAME_WIN + plies when MIN has, 0 for a draw,
 *   plies counted from the root, so the quickest win scores best;
 * - with a depth limit (--depth N, or --iterative) every inner node has the
 *   game's evaluation as its static value, from MAX's side, and the tree
 *   is built to depth N + 1 only: a node at the horizon is an inner node
 *   the search stops at, as in a tree file, and the positions below it
 *   (never searched) are leaves valued by the evaluation.  A finished game
 *   is scored as finished, never by the evaluation;
 * - a position reached twice at the same ply (the same board, so the same
 *   subtree and the same scores) is a transposition: every later visit
 *   points to the first in preorder (ab_tree_set_position).  In nim a
 *   position is the heaps and the ply, since the scores count plies.
 */
#ifndef AB_GAME_H
#define AB_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "base/str.h"
#include "core/tree.h"

/* Stated limits (also in the messages). */
#define AB_GAME_WIN 100          /* a win scores AB_GAME_WIN - plies */
#define AB_GAME_EVAL_LIMIT 50    /* |evaluation| at most this, so a win
				    always outranks a heuristic value */
#define AB_GAME_MAX_NODES 2000000u /* nodes in a game's tree (memory: the
				    labels and positions of every node) */
#define AB_GAME_POS_BYTES 64     /* a position, in a game's own layout */
#define AB_GAME_MAX_MOVES 2048u  /* moves in one position */
#define AB_GAME_MOVE_NAME 8      /* bytes of a move's name, NUL included */
#define AB_GAME_MAX_MARKS 8      /* squares a board shows apart */

/* A position: the game's own bytes, pos_size of them used, the rest zero
 * (so two positions are equal when their bytes are). */
struct ab_game_pos {
	unsigned char b[AB_GAME_POS_BYTES];
};

typedef uint16_t ab_move;

/* Whether a game is over after a move. */
enum ab_game_end {
	AB_GAME_ON,
	AB_GAME_WON,    /* the side that has just moved has won */
	AB_GAME_DRAWN,
};

/* A square of a board's text (ab_game.board's lines and columns, from
 * 0) that a view shows apart: the last move's, or a winning row's. */
struct ab_game_mark {
	uint8_t line, col;
};

/* What a game's parse reads: the whole -g text (so a message can point
 * into it) and where the position starts. */
struct ab_game_text {
	const char *text;
	size_t len;
	size_t start;            /* the position is text[start, len) */
	struct ab_diag *diag;
};

/* Sets diag to fmt (translated) at byte at of the -g text; returns false.
 * (xgettext: every game's parse calls it as fail(...), --keyword=fail:3.) */
bool ab_game_fail(const struct ab_game_text *in, size_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

struct ab_game {
	const char *name;        /* what -g names: "tictactoe" */
	const char *title;       /* N_("Tic-tac-toe"), translated when shown */
	const char *start;       /* the position when none is given */
	const char *syntax;      /* N_() the position's syntax, for help */
	size_t pos_size;         /* bytes of struct ab_game_pos in use */
	size_t name_len;         /* the length of every move's name, or 0
				    when they differ (nim's a2, a12) */
	/* Reads in->text[in->start, in->len): a position whose game is not
	 * over, or false with in->diag set, pointing at what is wrong. */
	bool (*parse)(const struct ab_game_text *in, struct ab_game_pos *pos);
	/* The moves, at most AB_GAME_MAX_MOVES, in the game's order. */
	unsigned (*moves)(const struct ab_game_pos *pos, ab_move *out);
	/* Writes the move's name (NUL-terminated, at most
	 * AB_GAME_MOVE_NAME bytes with the NUL); returns its length. */
	size_t (*move_name)(const struct ab_game_pos *pos, ab_move move,
			    char *out);
	/* Plays a move of moves() and says whether that ends the game. */
	enum ab_game_end (*play)(struct ab_game_pos *pos, ab_move move);
	/* The evaluation of a position whose game is not over, from the side
	 * to move's view, within +-AB_GAME_EVAL_LIMIT. */
	int (*evaluate)(const struct ab_game_pos *pos);
	/* Appends the position string parse reads. */
	void (*write)(const struct ab_game_pos *pos, struct ab_str *out);
	/* Appends the board as lines of ASCII, each ending in '\n'.  A game
	 * whose sides have marks (to_move) writes the letters x and o only
	 * as pieces, so a view may colour them. */
	void (*board)(const struct ab_game_pos *pos, struct ab_str *out);
	/* The squares of board()'s text to show apart in pos, just after
	 * move was played (won: it won the game): the move's square first,
	 * then the rest of the winning row.  Returns how many, at most
	 * AB_GAME_MAX_MARKS. */
	unsigned (*marks)(const struct ab_game_pos *pos, ab_move move, bool won,
			  struct ab_game_mark *out);
	/* The mark of the side to move ("x"), or NULL when the sides have
	 * none (nim). */
	const char *(*to_move)(const struct ab_game_pos *pos);
	/* Optional (NULL: none): the i-th position smaller than pos other
	 * than those its moves reach (nim: an empty heap left out), for
	 * `abtrace test` to shrink towards; false when there is no i-th. */
	bool (*simpler)(const struct ab_game_pos *pos, unsigned i,
			struct ab_game_pos *out);
};

extern const struct ab_game ab_game_tictactoe, ab_game_nim, ab_game_connect4;

/* Every game, NULL-terminated. */
extern const struct ab_game *const ab_games[];

/* A game and one of its positions. */
struct ab_game_state {
	const struct ab_game *game;
	struct ab_game_pos pos;
};

/* Reads "GAME[:POSITION]" (no POSITION: the game's start).  False with
 * diag set (pointing into text) when the game is unknown or the position
 * is not one to search. */
bool ab_game_parse(const char *text, struct ab_game_state *out,
		   struct ab_diag *diag);

/* How deep to build and whether to evaluate. */
struct ab_game_options {
	uint32_t depth;          /* the search's depth limit (0: none): the
				    tree is built to depth + 1 */
	bool evaluate;           /* static values on the inner nodes */
	uint32_t max_nodes;      /* 0: AB_GAME_MAX_NODES */
};

/* The tree of the position text names (see above), finished and settled,
 * with a title and the command that remakes it as its source; or NULL
 * with diag set: a bad -g text, or a tree over the node limit (the
 * message says which --depth would fit). */
struct ab_tree *ab_game_tree(const char *text, const struct ab_game_options *opt,
			     struct ab_diag *diag);

/* The tree of a position already read, as ab_game_tree builds it; NULL
 * when it is over the node limit (diag, which may be NULL, then says
 * which --depth would fit, pointing into the position's text). */
struct ab_tree *ab_game_state_tree(const struct ab_game_state *state,
				   const struct ab_game_options *opt, struct ab_diag *diag);

/* The nodes of a position's whole tree (no depth limit), or max_nodes + 1
 * when there are more than max_nodes (0: AB_GAME_MAX_NODES); only
 * counted, nothing built. */
uint32_t ab_game_count(const struct ab_game_state *state, uint32_t max_nodes);

/* Appends the board of a position: ASCII lines, each ending in '\n'. */
void ab_game_board(const struct ab_game_state *state, struct ab_str *out);
/* Appends the position string ("tictactoe:x.o.x...."). */
void ab_game_write(const struct ab_game_state *state, struct ab_str *out);

/* The game and root position of a tree ab_game_tree built (its source
 * line, "abtrace -g TEXT ...", names them), so a view given only the tree
 * can draw its boards; false for any other tree. */
bool ab_game_of_tree(const struct ab_tree *tree, struct ab_game_state *root);

/* The position at node n of a tree ab_game_tree built from root (moves
 * found by the labels where there are, by rank below them).  False when
 * the tree does not match the game. */
bool ab_game_at(const struct ab_game_state *root, const struct ab_tree *tree,
		uint32_t n, struct ab_game_state *out);

/* A node of a game's tree as the game sees it: the position, the move
 * that reached it and how the game stands there. */
struct ab_game_node {
	struct ab_game_state at;     /* the position at the node */
	bool moved;                  /* false at the root */
	uint32_t plies;              /* moves from the root */
	ab_move move;                /* the move that reached it */
	char move_name[AB_GAME_MOVE_NAME]; /* as the game names it ("b3") */
	const char *mover;           /* the mark of the side that made it
					("x"), or NULL (nim, and the root) */
	const char *to_move;         /* the mark of the side to move there,
					or NULL */
	enum ab_game_end end;        /* ON, WON (by the side that moved) or
					DRAWN */
	struct ab_game_mark marks[AB_GAME_MAX_MARKS]; /* see ab_game.marks */
	unsigned nmarks;
};

/* Node n of a tree ab_game_tree built from root; false (and *out the
 * root) when the tree does not match the game. */
bool ab_game_node_at(const struct ab_game_state *root, const struct ab_tree *tree,
		     uint32_t n, struct ab_game_node *out);

/* Appends what the move into n was, as the game writes it: "x b3" (the
 * mover's mark and the move), "b2" in nim; nothing at the root or when
 * the tree does not match the game. */
void ab_game_move_text(const struct ab_game_node *node, struct ab_str *out);
/* Appends how the game stands at the node, translated: "o to move",
 * "x has won", "drawn" (in nim, where the sides have no marks, MAX and
 * MIN: MAX moves at the root). */
void ab_game_status(const struct ab_game_node *node, struct ab_str *out);

#endif
