/* tictactoe.c - tic-tac-toe (noughts and crosses) on 3x3, as a game of
 * game.h.
 *
 * A position is nine characters, row by row from the top left: x, o or
 * '.' for an empty square ("x.o.x...." has x on a1 and b2, o on c1).  x
 * moves first, so x has as many marks as o or one more, and the side to
 * move follows: x when the counts are equal.  A square is named by its
 * column a-c (left to right) and row 1-3 (top to bottom, the order the
 * position string is written in): a1 b1 c1 / a2 b2 c2 / a3 b3 c3.  The
 * moves are the empty squares in that order.
 *
 * The evaluation, from the side to move's view: the lines (rows, columns,
 * diagonals) holding only its marks, minus those holding only the
 * other's, from -8 to 8.
 */
#include "sources/game.h"

#include <string.h>

#include "base/i18n.h"

#define fail ab_game_fail

/* The layout: b[0..8] the squares (EMPTY, X, O), b[9] the side to move. */
enum { EMPTY = 0, X = 1, O = 2, TURN = 9 };

static const unsigned char lines[8][3] = {
	{ 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 },
	{ 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
	{ 0, 4, 8 }, { 2, 4, 6 },
};

/* The lines through each square, ended by 8. */
static const unsigned char through[9][5] = {
	{ 0, 3, 6, 8 }, { 0, 4, 8 },    { 0, 5, 7, 8 },
	{ 1, 3, 8 },    { 1, 4, 6, 7, 8 }, { 1, 5, 8 },
	{ 2, 3, 7, 8 }, { 2, 4, 8 },    { 2, 5, 6, 8 },
};

static const char mark[3] = { '.', 'x', 'o' };

static void square_name(unsigned sq, char *out)
{
	out[0] = (char)('a' + sq % 3);
	out[1] = (char)('1' + sq / 3);
	out[2] = '\0';
}

static bool line_of(const unsigned char *b, unsigned l, unsigned char who)
{
	return b[lines[l][0]] == who && b[lines[l][1]] == who && b[lines[l][2]] == who;
}

static bool parse(const struct ab_game_text *in, struct ab_game_pos *pos)
{
	const char *s = in->text + in->start;
	size_t n = in->len - in->start;
	unsigned count[3] = { 0, 0, 0 };
	for (size_t i = 0; i < n && i < 9; i++) {
		char c = s[i];
		if (c == 'x' || c == 'X')
			pos->b[i] = X;
		else if (c == 'o' || c == 'O')
			pos->b[i] = O;
		else if (c == '.')
			pos->b[i] = EMPTY;
		else
			return fail(in, in->start + i,
				    "a square is x, o or '.' (empty): a tic-tac-toe position is 9 of them, row by row from the top left");
		count[pos->b[i]]++;
	}
	if (n != 9)
		return fail(in, in->start + (n < 9 ? n : 9),
			    "a tic-tac-toe position is 9 squares (x, o or '.'), row by row from the top left; this one has %zu",
			    n);
	if (count[X] != count[O] && count[X] != count[O] + 1)
		return fail(in, in->start,
			    "%u x and %u o: x moves first, so there are as many x as o, or one more x",
			    count[X], count[O]);
	for (unsigned l = 0; l < 8; l++) {
		for (unsigned char who = X; who <= O; who++) {
			if (!line_of(pos->b, l, who))
				continue;
			char a[3], b[3], c[3];
			square_name(lines[l][0], a);
			square_name(lines[l][1], b);
			square_name(lines[l][2], c);
			return fail(in, in->start + lines[l][0],
				    "the game is over: %c has three in a row (%s %s %s)",
				    mark[who], a, b, c);
		}
	}
	if (count[EMPTY] == 0)
		return fail(in, in->start, "the game is over: the board is full");
	pos->b[TURN] = count[X] == count[O] ? X : O;
	return true;
}

static unsigned moves(const struct ab_game_pos *pos, ab_move *out)
{
	unsigned n = 0;
	for (unsigned sq = 0; sq < 9; sq++)
		if (pos->b[sq] == EMPTY)
			out[n++] = (ab_move)sq;
	return n;
}

static size_t move_name(const struct ab_game_pos *pos, ab_move move, char *out)
{
	square_name(move, out);
	return 2;
}

static enum ab_game_end play(struct ab_game_pos *pos, ab_move move)
{
	unsigned char *b = pos->b;
	unsigned char who = b[TURN];
	b[move] = who;
	b[TURN] = who == X ? O : X;
	for (const unsigned char *l = through[move]; *l != 8; l++)
		if (line_of(b, *l, who))
			return AB_GAME_WON;
	for (unsigned sq = 0; sq < 9; sq++)
		if (b[sq] == EMPTY)
			return AB_GAME_ON;
	return AB_GAME_DRAWN;
}

static int evaluate(const struct ab_game_pos *pos)
{
	const unsigned char *b = pos->b;
	unsigned char me = b[TURN];
	int v = 0;
	for (unsigned l = 0; l < 8; l++) {
		unsigned mine = 0, theirs = 0;
		for (unsigned k = 0; k < 3; k++) {
			unsigned char c = b[lines[l][k]];
			mine += c == me;
			theirs += c != EMPTY && c != me;
		}
		v += (mine && !theirs) - (theirs && !mine);
	}
	return v;
}

static void write(const struct ab_game_pos *pos, struct ab_str *out)
{
	for (unsigned sq = 0; sq < 9; sq++)
		ab_str_addc(out, mark[pos->b[sq]]);
}

static void board(const struct ab_game_pos *pos, struct ab_str *out)
{
	ab_str_add(out, "  a b c\n");
	for (unsigned r = 0; r < 3; r++) {
		ab_str_addf(out, "%u", r + 1);
		for (unsigned c = 0; c < 3; c++)
			ab_str_addf(out, " %c", mark[pos->b[r * 3 + c]]);
		ab_str_addc(out, '\n');
	}
}

/* Where board() writes square sq. */
static struct ab_game_mark square_mark(unsigned sq)
{
	return (struct ab_game_mark){ (uint8_t)(1 + sq / 3), (uint8_t)(2 + 2 * (sq % 3)) };
}

static unsigned marks(const struct ab_game_pos *pos, ab_move move, bool won,
		      struct ab_game_mark *out)
{
	unsigned n = 0;
	out[n++] = square_mark(move);
	if (!won)
		return n;
	/* The first complete line through the move (two could be: x on
	 * b2 finishing a row and a column at once; one is enough). */
	unsigned char who = pos->b[move];
	for (const unsigned char *l = through[move]; *l != 8; l++) {
		if (!line_of(pos->b, *l, who))
			continue;
		for (unsigned k = 0; k < 3; k++)
			if (lines[*l][k] != move)
				out[n++] = square_mark(lines[*l][k]);
		break;
	}
	return n;
}

static const char *to_move(const struct ab_game_pos *pos)
{
	return pos->b[TURN] == X ? "x" : "o";
}

/* Whether a board is a position: legal counts, no three in a row, a
 * square empty; sets the side to move. */
static bool legal(struct ab_game_pos *pos)
{
	unsigned count[3] = { 0, 0, 0 };
	for (unsigned sq = 0; sq < 9; sq++)
		count[pos->b[sq]]++;
	if ((count[X] != count[O] && count[X] != count[O] + 1) || !count[EMPTY])
		return false;
	for (unsigned l = 0; l < 8; l++)
		if (line_of(pos->b, l, X) || line_of(pos->b, l, O))
			return false;
	pos->b[TURN] = count[X] == count[O] ? X : O;
	return true;
}

/* The positions with one more piece than pos: a mark on an empty square,
 * and, where the counts need it, another piece changing sides.  (A move
 * is one of them when it does not end the game; the others get past a
 * position whose every move ends it.) */
static bool simpler(const struct ab_game_pos *pos, unsigned i, struct ab_game_pos *out)
{
	for (unsigned sq = 0; sq < 9; sq++) {
		if (pos->b[sq] != EMPTY)
			continue;
		for (unsigned char who = X; who <= O; who++) {
			for (unsigned flip = 0; flip <= 9; flip++) {
				/* flip 9: no other piece changes. */
				if (flip < 9 && (flip == sq || pos->b[flip] == EMPTY))
					continue;
				*out = *pos;
				out->b[sq] = who;
				if (flip < 9)
					out->b[flip] = out->b[flip] == X ? O : X;
				if (legal(out) && i-- == 0)
					return true;
			}
		}
	}
	return false;
}

const struct ab_game ab_game_tictactoe = {
	.name = "tictactoe",
	.title = N_("Tic-tac-toe"),
	.start = ".........",
	.syntax = N_("9 squares x, o or '.', row by row from the top left"),
	.pos_size = 10,
	.name_len = 2,
	.parse = parse,
	.moves = moves,
	.move_name = move_name,
	.play = play,
	.evaluate = evaluate,
	.write = write,
	.board = board,
	.marks = marks,
	.to_move = to_move,
	.simpler = simpler,
};
