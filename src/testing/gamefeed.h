/* gamefeed.h - `abtrace test --feed game -g GAME[:POSITION] -- COMMAND`:
 * positions of a game fed to a program, its move and value held to
 * perfect play, and the first wrong answer shrunk to the smallest position
 * where it stays wrong.
 *
 * The program reads a position on its standard input, as a line holding
 * the position's string (what follows "GAME:" in -g: "xo.x.o..." for
 * tic-tac-toe, "3,4,5" for nim, "4x4:xo/x//" for connect four), and
 * prints two lines, in either order:
 *
 *   best MOVE   its move, named as the game names it (b3, a2, c)
 *   value V     the position's value for the side to move: a win scores
 *               AB_GAME_WIN (100) less the plies to it, a loss -100 plus
 *               the plies, a draw 0, with perfect play on both sides
 *
 * (blank lines, lines starting with '#', and a line "end" are skipped).
 * Its answer is wrong when the move is not legal in the position, is worth
 * less than the best move, or the value is not the position's.  The
 * report guesses a bug (a finished game scored by the evaluation, a win
 * scored as if it came at once) only from a legal move's answer.  The values come
 * from the position's game tree (sources/game.h), searched by minimax: the
 * scores the trees of -g carry everywhere else.
 *
 * Positions are drawn by random play from the -g position (position i of a
 * run depends only on the seed and i), each one's tree within the game's
 * node limit.  A position with a finding is shrunk as Hypothesis shrinks a
 * case: a move is played (one more piece, fewer counters) or the game's
 * simpler position taken while the same kind of finding stays, so the
 * position reported has few empty squares or small heaps.
 */
#ifndef AB_GAMEFEED_H
#define AB_GAMEFEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/str.h"
#include "core/tree.h"
#include "sources/game.h"
#include "testing/tester.h"

/* Position number index (from 0) of a run from start with seed: random
 * play from start, stopping before the game ends, at a position whose
 * tree has at most max_nodes nodes (0: the game's limit).  False when no
 * position of the playout is small enough. */
bool ab_game_test_position(const struct ab_game_state *start, uint64_t seed,
			   uint64_t index, uint32_t max_nodes,
			   struct ab_game_state *out);

/* A position's values with perfect play, from its side to move's view:
 * its own and each move's, in the game's order of moves. */
struct ab_game_values {
	ab_value value;
	unsigned count;
	ab_value *moves;
};

/* The values of the position whose game tree is tree (ab_game_state_tree,
 * no depth limit), by minimax. */
void ab_game_values_of(const struct ab_tree *tree, struct ab_game_values *out);
void ab_game_values_free(struct ab_game_values *values);

/* Whether a program's output (len bytes) on the position is perfect play.
 * With why and json (either may be NULL) says how: sentences, or a JSON
 * object (no newline). */
bool ab_game_judge(const struct ab_game_state *position,
		   const struct ab_game_values *values, const char *out, size_t len,
		   struct ab_str *why, struct ab_str *json);

/* The test loop, its reports: ab_test_run and ab_test_report_text/_json
 * hand the game feed to these. */
int ab_game_test_run(const struct ab_test_options *options,
		     struct ab_test_report *report);
void ab_game_test_report_text(const struct ab_test_options *options,
			      const struct ab_test_report *report, struct ab_str *out);
void ab_game_test_report_json(const struct ab_test_options *options,
			      const struct ab_test_report *report, struct ab_str *out);

#endif
