/* nim.c - nim as a game of game.h: heaps of counters, a move takes any
 * number (at least one) from one heap, and whoever takes the last counter
 * wins.
 *
 * A position is the heaps' sizes separated by commas ("3,4,5"), at most
 * 16 heaps of at most 99 counters; an empty heap (0) may stay in the list.
 * The heaps are named a, b, c ... in the order given, and a move by the
 * heap and how many it takes: "b2" takes 2 counters from heap b.  The
 * moves are heap a's first, taking 1, 2, ... all of it, then heap b's.
 * Either side may take from any heap, so a position has no side to move
 * of its own: MAX is whoever moves at the root.
 *
 * The evaluation is Bouton's rule, the theory of the game: the side to
 * move wins exactly when the heaps' sizes XORed together (the nim-sum)
 * are not 0, so it scores 1 for the side to move then, -1 otherwise.  It
 * is never wrong about who wins, only about how soon, so in nim a
 * depth-limited search picks a winning move whenever there is one: a
 * contrast with the other games' guesses.
 */
#include "sources/game.h"

#include <string.h>

#include "base/i18n.h"

#define fail ab_game_fail

#define MAX_HEAPS 16u
#define MAX_HEAP 99u

/* The layout: b[0] the number of heaps, b[1..] their sizes. */

static bool parse(const struct ab_game_text *in, struct ab_game_pos *pos)
{
	const char *s = in->text;
	size_t i = in->start;
	if (i == in->len)
		return fail(in, i, "give the heaps' sizes separated by commas, e.g. nim:3,4,5");
	unsigned heaps = 0, total = 0;
	for (;;) {
		if (i == in->len || s[i] < '0' || s[i] > '9')
			return fail(in, i,
				    "a heap is a number of counters, 0 to %u, and heaps are separated by commas (nim:3,4,5)",
				    MAX_HEAP);
		if (heaps == MAX_HEAPS)
			return fail(in, i, "nim takes at most %u heaps (a to p)", MAX_HEAPS);
		size_t at = i;
		unsigned v = 0;
		while (i < in->len && s[i] >= '0' && s[i] <= '9') {
			if (v <= MAX_HEAP)
				v = v * 10 + (unsigned)(s[i] - '0');
			i++;
		}
		if (v > MAX_HEAP)
			return fail(in, at, "a heap holds at most %u counters", MAX_HEAP);
		pos->b[1 + heaps++] = (unsigned char)v;
		total += v;
		if (i == in->len)
			break;
		if (s[i] != ',')
			return fail(in, i,
				    "a heap is a number of counters, 0 to %u, and heaps are separated by commas (nim:3,4,5)",
				    MAX_HEAP);
		i++;
	}
	pos->b[0] = (unsigned char)heaps;
	if (total == 0)
		return fail(in, in->start, "the game is over: every heap is empty");
	return true;
}

static unsigned moves(const struct ab_game_pos *pos, ab_move *out)
{
	unsigned n = 0;
	for (unsigned h = 0; h < pos->b[0]; h++)
		for (unsigned k = 1; k <= pos->b[1 + h]; k++)
			out[n++] = (ab_move)(h << 8 | k);
	return n;
}

static size_t move_name(const struct ab_game_pos *pos, ab_move move, char *out)
{
	unsigned k = move & 0xffu;
	size_t n = 0;
	out[n++] = (char)('a' + (move >> 8));
	if (k >= 10)
		out[n++] = (char)('0' + k / 10);
	out[n++] = (char)('0' + k % 10);
	out[n] = '\0';
	return n;
}

static enum ab_game_end play(struct ab_game_pos *pos, ab_move move)
{
	pos->b[1 + (move >> 8)] -= (unsigned char)(move & 0xffu);
	for (unsigned h = 0; h < pos->b[0]; h++)
		if (pos->b[1 + h])
			return AB_GAME_ON;
	return AB_GAME_WON; /* the last counter taken */
}

static int evaluate(const struct ab_game_pos *pos)
{
	unsigned x = 0;
	for (unsigned h = 0; h < pos->b[0]; h++)
		x ^= pos->b[1 + h];
	return x ? 1 : -1;
}

static void write(const struct ab_game_pos *pos, struct ab_str *out)
{
	for (unsigned h = 0; h < pos->b[0]; h++)
		ab_str_addf(out, "%s%u", h ? "," : "", pos->b[1 + h]);
}

static void board(const struct ab_game_pos *pos, struct ab_str *out)
{
	for (unsigned h = 0; h < pos->b[0]; h++) {
		ab_str_addf(out, "%c %2u%s", 'a' + h, pos->b[1 + h], pos->b[1 + h] ? " " : "");
		for (unsigned k = 0; k < pos->b[1 + h]; k++)
			ab_str_addc(out, '|');
		ab_str_addc(out, '\n');
	}
}

/* The heap taken from: its letter on its line. */
static unsigned marks(const struct ab_game_pos *pos, ab_move move, bool won,
		      struct ab_game_mark *out)
{
	(void)pos;
	(void)won;
	out[0] = (struct ab_game_mark){ (uint8_t)(move >> 8), 0 };
	return 1;
}

/* The i-th empty heap left out (one heap stays). */
static bool simpler(const struct ab_game_pos *pos, unsigned i, struct ab_game_pos *out)
{
	unsigned heaps = pos->b[0];
	if (heaps < 2)
		return false;
	for (unsigned h = 0; h < heaps; h++) {
		if (pos->b[1 + h] || i--)
			continue;
		memset(out, 0, sizeof *out);
		out->b[0] = (unsigned char)(heaps - 1);
		for (unsigned k = 0, to = 1; k < heaps; k++)
			if (k != h)
				out->b[to++] = pos->b[1 + k];
		return true;
	}
	return false;
}

const struct ab_game ab_game_nim = {
	.name = "nim",
	.title = N_("Nim"),
	.start = "1,2,3",
	.syntax = N_("heaps' sizes separated by commas, at most 16 heaps of at most 99"),
	.pos_size = 1 + MAX_HEAPS,
	.name_len = 0,
	.parse = parse,
	.moves = moves,
	.move_name = move_name,
	.play = play,
	.evaluate = evaluate,
	.write = write,
	.board = board,
	.marks = marks,
	.to_move = NULL,
	.simpler = simpler,
};
