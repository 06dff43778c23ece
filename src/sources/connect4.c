/* connect4.c - connect four on a small board, as a game of game.h: x and o
 * drop pieces into columns, a piece falls to the lowest empty square, and
 * four in a row (across, up or diagonally) wins.
 *
 * A position is the board's size, W columns by H rows ("4x4", at most 7x6,
 * the standard board), alone for an empty board or followed by a colon
 * and the columns' contents left to right, separated by '/', each from the
 * bottom up: "4x4:xo/x//" has x and o above it in column a and x in
 * column b.  x moves first, so x has as many pieces as o or one more, and
 * the side to move follows.  (A position need not have been reached by
 * a game: any columns with the right counts and no four in a row will do.)
 * A move is named by its column, a to g from the left; a square by its
 * column and its row counted from the bottom ("a1").
 *
 * The evaluation, from the side to move's view, is tic-tac-toe's: the
 * windows of four squares in a row holding only its pieces, minus those
 * holding only the other's (clamped to +-AB_GAME_EVAL_LIMIT, which only
 * a board with more than 50 such windows could reach).
 */
#include "sources/game.h"

#include <string.h>

#include "base/i18n.h"

#define fail ab_game_fail

#define MAX_W 7u
#define MAX_H 6u

/* The layout: the size, the side to move, each column's height, then
 * the squares column by column from the bottom, MAX_H a column. */
enum { WIDTH = 0, HEIGHT = 1, TURN = 2, HEIGHTS = 3, CELLS = HEIGHTS + MAX_W };
enum { EMPTY = 0, X = 1, O = 2 };

static const char mark[3] = { '.', 'x', 'o' };

static unsigned char *cell(struct ab_game_pos *pos, unsigned c, unsigned r)
{
	return &pos->b[CELLS + c * MAX_H + r];
}

static unsigned char at(const struct ab_game_pos *pos, int c, int r)
{
	if (c < 0 || r < 0 || c >= pos->b[WIDTH] || r >= pos->b[HEIGHT])
		return EMPTY;
	return pos->b[CELLS + (unsigned)c * MAX_H + (unsigned)r];
}

static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };

/* Whether the piece at (c, r) is in a row of four; *from gets the row's
 * first square (c, r) as c * MAX_H + r. */
static bool four_through(const struct ab_game_pos *pos, int c, int r,
			 unsigned *from)
{
	unsigned char who = at(pos, c, r);
	for (unsigned d = 0; d < 4; d++) {
		int dc = dirs[d][0], dr = dirs[d][1];
		int back = 0, ahead = 0;
		while (back < 3 && at(pos, c - (back + 1) * dc, r - (back + 1) * dr) == who)
			back++;
		while (ahead < 3 && at(pos, c + (ahead + 1) * dc, r + (ahead + 1) * dr) == who)
			ahead++;
		if (back + ahead + 1 >= 4) {
			if (from)
				*from = (unsigned)(c - back * dc) * MAX_H + (unsigned)(r - back * dr);
			return true;
		}
	}
	return false;
}

/* Reads a number 1..max at *i; 0 when there is none or it is too big. */
static unsigned read_size(const struct ab_game_text *in, size_t *i, unsigned max)
{
	unsigned v = 0;
	size_t start = *i;
	while (*i < in->len && in->text[*i] >= '0' && in->text[*i] <= '9' && *i - start < 3)
		v = v * 10 + (unsigned)(in->text[(*i)++] - '0');
	return *i > start && v <= max ? v : 0;
}

static bool parse(const struct ab_game_text *in, struct ab_game_pos *pos)
{
	const char *s = in->text;
	size_t i = in->start;
	unsigned w = read_size(in, &i, MAX_W);
	if (!w)
		return fail(in, in->start,
			    "a connect four position starts with the board's size WxH, 1 to %u columns by 1 to %u rows, e.g. connect4:4x4",
			    MAX_W, MAX_H);
	if (i == in->len || (s[i] != 'x' && s[i] != 'X'))
		return fail(in, i, "the board's size is written WxH, e.g. connect4:4x4 (width x height)");
	i++;
	size_t hat = i;
	unsigned h = read_size(in, &i, MAX_H);
	if (!h)
		return fail(in, hat,
			    "a connect four position starts with the board's size WxH, 1 to %u columns by 1 to %u rows, e.g. connect4:4x4",
			    MAX_W, MAX_H);
	pos->b[WIDTH] = (unsigned char)w;
	pos->b[HEIGHT] = (unsigned char)h;
	unsigned count[3] = { 0, 0, 0 };
	if (i < in->len) {
		if (s[i] != ':')
			return fail(in, i,
				    "after the board's size comes a colon and the columns, e.g. connect4:4x4:xo/x//");
		i++;
		unsigned c = 0;
		for (;;) {
			if (i == in->len || s[i] == '/') {
				if (++c == w)
					break;
				if (i == in->len)
					return fail(in, i,
						    "the board has %u columns, so the position lists %u columns separated by '/'; this one has %u",
						    w, w, c);
				i++;
				continue;
			}
			if (c == w)
				break;
			unsigned char who = s[i] == 'x' || s[i] == 'X' ? X
					    : s[i] == 'o' || s[i] == 'O' ? O : EMPTY;
			if (who == EMPTY)
				return fail(in, i,
					    "a column lists its pieces from the bottom up, x and o, and the columns are separated by '/' (connect4:4x4:xo/x//)");
			if (pos->b[HEIGHTS + c] == h)
				return fail(in, i, "column %c has more than %u pieces: the board is %u high",
					    'a' + c, h, h);
			*cell(pos, c, pos->b[HEIGHTS + c]++) = who;
			count[who]++;
			i++;
		}
		if (i < in->len)
			return fail(in, i,
				    "the board has %u columns, so the position lists %u columns separated by '/'; this one has more",
				    w, w);
	}
	if (count[X] != count[O] && count[X] != count[O] + 1)
		return fail(in, in->start,
			    "%u x and %u o: x moves first, so there are as many x as o, or one more x",
			    count[X], count[O]);
	pos->b[TURN] = count[X] == count[O] ? X : O;
	for (unsigned c = 0; c < w; c++) {
		for (unsigned r = 0; r < pos->b[HEIGHTS + c]; r++) {
			unsigned from;
			if (!four_through(pos, (int)c, (int)r, &from))
				continue;
			return fail(in, in->start,
				    "the game is over: %c has four in a row from %c%u",
				    mark[at(pos, (int)c, (int)r)],
				    'a' + from / MAX_H, from % MAX_H + 1);
		}
	}
	if (count[X] + count[O] == w * h)
		return fail(in, in->start, "the game is over: the board is full");
	return true;
}

static unsigned moves(const struct ab_game_pos *pos, ab_move *out)
{
	unsigned n = 0;
	for (unsigned c = 0; c < pos->b[WIDTH]; c++)
		if (pos->b[HEIGHTS + c] < pos->b[HEIGHT])
			out[n++] = (ab_move)c;
	return n;
}

static size_t move_name(const struct ab_game_pos *pos, ab_move move, char *out)
{
	out[0] = (char)('a' + move);
	out[1] = '\0';
	return 1;
}

static enum ab_game_end play(struct ab_game_pos *pos, ab_move move)
{
	unsigned char who = pos->b[TURN];
	unsigned r = pos->b[HEIGHTS + move]++;
	*cell(pos, move, r) = who;
	pos->b[TURN] = who == X ? O : X;
	if (four_through(pos, (int)move, (int)r, NULL))
		return AB_GAME_WON;
	for (unsigned c = 0; c < pos->b[WIDTH]; c++)
		if (pos->b[HEIGHTS + c] < pos->b[HEIGHT])
			return AB_GAME_ON;
	return AB_GAME_DRAWN;
}

static int evaluate(const struct ab_game_pos *pos)
{
	unsigned char me = pos->b[TURN];
	int w = pos->b[WIDTH], h = pos->b[HEIGHT];
	int v = 0;
	for (int c = 0; c < w; c++) {
		for (int r = 0; r < h; r++) {
			for (unsigned d = 0; d < 4; d++) {
				int dc = dirs[d][0], dr = dirs[d][1];
				int ec = c + 3 * dc, er = r + 3 * dr;
				if (ec < 0 || ec >= w || er < 0 || er >= h)
					continue;
				unsigned mine = 0, theirs = 0;
				for (int k = 0; k < 4; k++) {
					unsigned char p = at(pos, c + k * dc, r + k * dr);
					mine += p == me;
					theirs += p != EMPTY && p != me;
				}
				v += (mine && !theirs) - (theirs && !mine);
			}
		}
	}
	if (v > AB_GAME_EVAL_LIMIT)
		v = AB_GAME_EVAL_LIMIT;
	if (v < -AB_GAME_EVAL_LIMIT)
		v = -AB_GAME_EVAL_LIMIT;
	return v;
}

static void write(const struct ab_game_pos *pos, struct ab_str *out)
{
	unsigned w = pos->b[WIDTH];
	ab_str_addf(out, "%ux%u", w, pos->b[HEIGHT]);
	unsigned pieces = 0;
	for (unsigned c = 0; c < w; c++)
		pieces += pos->b[HEIGHTS + c];
	if (!pieces)
		return;
	ab_str_addc(out, ':');
	for (unsigned c = 0; c < w; c++) {
		if (c)
			ab_str_addc(out, '/');
		for (unsigned r = 0; r < pos->b[HEIGHTS + c]; r++)
			ab_str_addc(out, mark[at(pos, (int)c, (int)r)]);
	}
}

static void board(const struct ab_game_pos *pos, struct ab_str *out)
{
	int w = pos->b[WIDTH], h = pos->b[HEIGHT];
	for (int r = h - 1; r >= 0; r--) {
		ab_str_addc(out, '|');
		for (int c = 0; c < w; c++)
			ab_str_addf(out, "%s%c", c ? " " : "", mark[at(pos, c, r)]);
		ab_str_add(out, "|\n");
	}
	ab_str_addc(out, '+');
	for (int c = 0; c < 2 * w - 1; c++)
		ab_str_addc(out, '-');
	ab_str_add(out, "+\n ");
	for (int c = 0; c < w; c++)
		ab_str_addf(out, "%s%c", c ? " " : "", 'a' + c);
	ab_str_addc(out, '\n');
}

/* Where board() writes the piece at (c, r). */
static struct ab_game_mark piece_mark(const struct ab_game_pos *pos, int c, int r)
{
	return (struct ab_game_mark){ (uint8_t)(pos->b[HEIGHT] - 1 - r), (uint8_t)(1 + 2 * c) };
}

static unsigned marks(const struct ab_game_pos *pos, ab_move move, bool won,
		      struct ab_game_mark *out)
{
	int c = (int)move, r = pos->b[HEIGHTS + move] - 1;
	unsigned n = 0;
	out[n++] = piece_mark(pos, c, r);
	if (!won)
		return n;
	/* The first row of four (or more) through the piece. */
	unsigned char who = at(pos, c, r);
	for (unsigned d = 0; d < 4; d++) {
		int dc = dirs[d][0], dr = dirs[d][1];
		int back = 0, ahead = 0;
		while (at(pos, c - (back + 1) * dc, r - (back + 1) * dr) == who)
			back++;
		while (at(pos, c + (ahead + 1) * dc, r + (ahead + 1) * dr) == who)
			ahead++;
		if (back + ahead + 1 < 4)
			continue;
		for (int k = -back; k <= ahead && n < AB_GAME_MAX_MARKS; k++)
			if (k)
				out[n++] = piece_mark(pos, c + k * dc, r + k * dr);
		break;
	}
	return n;
}

static const char *to_move(const struct ab_game_pos *pos)
{
	return pos->b[TURN] == X ? "x" : "o";
}

/* Whether a board is a position: legal counts, no four in a row, a square
 * empty; sets the side to move. */
static bool legal(struct ab_game_pos *pos)
{
	unsigned count[3] = { 0, 0, 0 }, w = pos->b[WIDTH];
	for (unsigned c = 0; c < w; c++)
		for (unsigned r = 0; r < pos->b[HEIGHTS + c]; r++)
			count[at(pos, (int)c, (int)r)]++;
	if ((count[X] != count[O] && count[X] != count[O] + 1) ||
	    count[X] + count[O] == w * pos->b[HEIGHT])
		return false;
	for (unsigned c = 0; c < w; c++)
		for (unsigned r = 0; r < pos->b[HEIGHTS + c]; r++)
			if (four_through(pos, (int)c, (int)r, NULL))
				return false;
	pos->b[TURN] = count[X] == count[O] ? X : O;
	return true;
}

/* The positions with one more piece than pos: a piece of either side
 * dropped into a column, and, where the counts need it, another piece
 * changing sides (see tictactoe.c's). */
static bool simpler(const struct ab_game_pos *pos, unsigned i, struct ab_game_pos *out)
{
	unsigned w = pos->b[WIDTH], h = pos->b[HEIGHT];
	for (unsigned c = 0; c < w; c++) {
		if (pos->b[HEIGHTS + c] == h)
			continue;
		for (unsigned char who = X; who <= O; who++) {
			for (unsigned flip = 0; flip <= w * MAX_H; flip++) {
				unsigned fc = flip / MAX_H, fr = flip % MAX_H;
				if (flip < w * MAX_H && fr >= pos->b[HEIGHTS + fc])
					continue;
				*out = *pos;
				*cell(out, c, out->b[HEIGHTS + c]++) = who;
				if (flip < w * MAX_H)
					*cell(out, fc, fr) = *cell(out, fc, fr) == X ? O : X;
				if (legal(out) && i-- == 0)
					return true;
			}
		}
	}
	return false;
}

const struct ab_game ab_game_connect4 = {
	.name = "connect4",
	.title = N_("Connect four"),
	.start = "4x4",
	.syntax = N_("WxH for an empty board (at most 7x6), or WxH: and the columns from the bottom up, separated by '/'"),
	.pos_size = CELLS + MAX_W * MAX_H,
	.name_len = 1,
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
