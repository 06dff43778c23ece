/* test_gamefeed.c - the game feed of `abtrace test` (testing/gamefeed.h):
 * answers judged against perfect play, the protocol's every complaint,
 * positions drawn the same for the same seed and always ones to search,
 * and the games' simpler positions that shrinking walks to.  (The feed
 * against real programs: test_game_engines.py.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sources/game.h"
#include "testing/gamefeed.h"
#include "testutil.h"

static struct ab_game_state parse(const char *text)
{
	struct ab_game_state s;
	struct ab_diag diag;
	ck_assert_msg(ab_game_parse(text, &s, &diag), "%s: %s", text, diag.message);
	return s;
}

static void values_of(const struct ab_game_state *s, struct ab_game_values *v)
{
	struct ab_game_options opt = { 0 };
	struct ab_tree *t = ab_game_state_tree(s, &opt, NULL);
	ck_assert(t != NULL);
	ab_game_values_of(t, v);
	ab_tree_free(t);
}

/* x to move on xoxoxo...: a3 and c3 win at once (99), b3 lets o win. */
static const struct {
	const char *output;
	bool right;
	const char *says;        /* part of why, or NULL */
} answers[] = {
	{ "best a3\nvalue 99\n", true, "perfect play: 99, best move a3, c3" },
	{ "value 99\nbest c3\nend\n", true, NULL },
	{ "# thinking\n\n  best a3  \nvalue +99", true, NULL },
	{ "best a3\r\nvalue 99\r\n", true, NULL },
	{ "best b3\nvalue 99\n", false, "Its move b3 is worth" },
	{ "best a3\nvalue 100\n", false, "as if it came at once: score it 100 - plies" },
	{ "best a3\nvalue 1\n", false, "checked before the evaluation is called" },
	{ "best a3\nvalue 97\n", false, "Its value 97 is not the position's: 99 (a win in 1 ply" },
	{ "best a3\n", false, "no line 'value V'" },
	{ "", false, "no line 'best MOVE'" },
	{ "best a3\nvalue x\n", false, "is not a whole number" },
	{ "best a3\nvalue 9.5\n", false, "is not a whole number" },
	{ "best a3\nvalue 99999999999999999999999\n", false, "is not a whole number" },
	{ "bestmove a3\nvalue 99\n", false, "Line 1, 'bestmove a3', is neither" },
	{ "best a3\nvalue 99\nok\n", false, "Line 3, 'ok', is neither" },
	{ "best\nvalue 99\n", false, "is neither" },
	{ "best d4\nvalue 99\n", false, "'d4' is not legal in this position (tictactoe:xoxoxo...); the legal moves are a3, b3, c3." },
	{ "best a3\nbest c3\nvalue 99\n", false, "Line 2 gives 'best' a second time" },
	{ "best a3\nvalue 99\nvalue 99\n", false, "gives 'value' a second time" },
	{ "best \x1b[2Ja3\nvalue 99\n", false, "'?[2Ja3' is not legal in this position" },
};

START_TEST(judge)
{
	struct ab_game_state s = parse("tictactoe:xoxoxo...");
	struct ab_game_values v;
	values_of(&s, &v);
	ck_assert_int_eq(v.value, 99);
	ck_assert_uint_eq(v.count, 3);
	struct ab_str why = AB_STR_INIT, json = AB_STR_INIT;
	const char *out = answers[_i].output;
	bool right = ab_game_judge(&s, &v, out, strlen(out), &why, &json);
	ck_assert_msg(right == answers[_i].right, "%s: %s", out, ab_str_cstr(&why));
	if (answers[_i].says)
		ck_assert_msg(strstr(ab_str_cstr(&why), answers[_i].says), "%s: %s", out,
			      ab_str_cstr(&why));
	/* The quick answer agrees with the full one. */
	ck_assert(ab_game_judge(&s, &v, out, strlen(out), NULL, NULL) == right);
	ck_assert_msg(strstr(ab_str_cstr(&json), right ? "{\"agree\":true" : "{\"agree\":false"),
		      "%s", ab_str_cstr(&json));
	ck_assert(strstr(ab_str_cstr(&json), "\"value\":99,\"best\":[\"a3\",\"c3\"]"));
	ab_str_free(&why);
	ab_str_free(&json);
	ab_game_values_free(&v);
}
END_TEST

/* A slower win among quicker ones: the move is worse, and why says so. */
START_TEST(judge_slow_win)
{
	/* Nim 1,2: b2 leaves 1,0 and loses; a1 leaves 0,2 and loses; b1
	 * leaves 1,1, a win in 3 plies.  Nim 3: a3 wins at once (99), a1
	 * and a2 lose. */
	struct ab_game_state s = parse("nim:1,2");
	struct ab_game_values v;
	values_of(&s, &v);
	ck_assert_int_eq(v.value, 97);
	struct ab_str why = AB_STR_INIT;
	ck_assert(ab_game_judge(&s, &v, "best b1\nvalue 97\n", 17, &why, NULL));
	ab_str_clear(&why);
	ck_assert(!ab_game_judge(&s, &v, "best b2\nvalue 97\n", 17, &why, NULL));
	ck_assert_msg(strstr(ab_str_cstr(&why), "worth -98 (a loss in 2 plies); the best, b1, 97 (a win in 3 plies)"),
		      "%s", ab_str_cstr(&why));
	ab_game_values_free(&v);
	/* Two winning moves, one slower: x wins at once on c1, and in three
	 * plies from a3. */
	s = parse("tictactoe:...oox..x");
	values_of(&s, &v);
	ab_str_clear(&why);
	ck_assert(!ab_game_judge(&s, &v, "best a3\nvalue 100\n", 18, &why, NULL));
	ck_assert_msg(strstr(ab_str_cstr(&why), "Its move a3 is worth 97 (a win in 3 plies); the best, c1, 99 (a win in 1 ply). Both win, but the best wins sooner"),
		      "%s", ab_str_cstr(&why));
	/* With the right value it counts plies already: the slower move is
	 * told, the quick-win rule is not guessed. */
	ab_str_clear(&why);
	ck_assert(!ab_game_judge(&s, &v, "best a3\nvalue 99\n", 17, &why, NULL));
	ck_assert_msg(strstr(ab_str_cstr(&why), "Its move a3 is worth 97 (a win in 3 plies); the best, c1, 99 (a win in 1 ply). Its value, 99, is right"),
		      "%s", ab_str_cstr(&why));
	ck_assert_msg(!strstr(ab_str_cstr(&why), "Both win"), "%s", ab_str_cstr(&why));
	ab_str_free(&why);
	ab_game_values_free(&v);
}
END_TEST

/* An answer whose move is not legal in the position (a square taken, a
 * heap not there, a full column) or whose value has the wrong winner: the
 * report says what is wrong, naming the move and the position, and
 * guesses no bug.  value is the answer's value; VALUE_TRUE stands for the
 * position's own (so only the move is wrong). */
#define VALUE_TRUE 1000
static const struct {
	const char *position, *best;
	int value;
	const char *says;
} unguessed[] = {
	{ "tictactoe:xoxoxo...", "a1", 0,
	  "Its move 'a1' is not legal in this position (tictactoe:xoxoxo...); the legal moves are a3, b3, c3." },
	{ "tictactoe:xoxoxo...", "b2", 100, "Its move 'b2' is not legal in this position (tictactoe:xoxoxo...)" },
	{ "tictactoe:xoxoxo...", "c1", -100, "Its move 'c1' is not legal" },
	{ "tictactoe:xoxoxo...", "a1", VALUE_TRUE, "Its move 'a1' is not legal" },
	{ "nim:1,2", "c1", 0, "Its move 'c1' is not legal in this position (nim:1,2); the legal moves are a1, b1, b2." },
	{ "nim:1,2", "a2", 3, "Its move 'a2' is not legal in this position (nim:1,2)" },
	{ "connect4:4x4:xoxo/oxox/x/", "a", 0, "Its move 'a' is not legal in this position (connect4:4x4:xoxo/oxox/x/)" },
	{ "connect4:4x4:xoxo/oxox/x/", "b", -100, "Its move 'b' is not legal" },
	/* Legal moves, a win given for a loss or a loss for a win: the
	 * winner is wrong, not the distance. */
	{ "tictactoe:xoxoxo...", "a3", -100, "Its value -100 is not the position's: 99" },
	{ "nim:1,2", "b1", -100, "Its value -100 is not the position's: 97" },
};

START_TEST(judge_unguessed)
{
	struct ab_game_state s = parse(unguessed[_i].position);
	struct ab_game_values v;
	values_of(&s, &v);
	char out[64];
	long long value = unguessed[_i].value == VALUE_TRUE ? (long long)v.value : unguessed[_i].value;
	snprintf(out, sizeof out, "best %s\nvalue %lld\n", unguessed[_i].best, value);
	struct ab_str why = AB_STR_INIT, json = AB_STR_INIT;
	ck_assert(!ab_game_judge(&s, &v, out, strlen(out), &why, &json));
	const char *w = ab_str_cstr(&why);
	ck_assert_msg(strstr(w, unguessed[_i].says), "%s: %s", out, w);
	static const char *const guesses[] = {
		"seems", "checked before", "as if it came at once", "Both win", "?",
	};
	for (size_t k = 0; k < sizeof guesses / sizeof guesses[0]; k++)
		ck_assert_msg(!strstr(w, guesses[k]), "%s on %s guesses '%s': %s", out,
			      unguessed[_i].position, guesses[k], w);
	ck_assert(strstr(ab_str_cstr(&json), "{\"agree\":false"));
	ab_str_free(&why);
	ab_str_free(&json);
	ab_game_values_free(&v);
}
END_TEST

/* Positions: the same for the same seed and index, each one a position
 * to search (the game goes on, it reads back) within the node limit. */
START_TEST(positions)
{
	static const char *const starts[] = { "tictactoe", "nim:3,4,5", "connect4:4x4",
					      "tictactoe:x...o....", "nim:0,1" };
	struct ab_str text = AB_STR_INIT;
	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		struct ab_game_state start = parse(starts[i]);
		unsigned distinct = 0;
		struct ab_str first = AB_STR_INIT;
		for (uint64_t k = 0; k < (uint64_t)ab_test_rounds(200); k++) {
			struct ab_game_state a, b, back;
			ck_assert(ab_game_test_position(&start, 7, k, 20000, &a));
			ck_assert(ab_game_test_position(&start, 7, k, 20000, &b));
			ck_assert(memcmp(&a, &b, sizeof a) == 0);
			ab_str_clear(&text);
			ab_game_write(&a, &text);
			struct ab_diag diag;
			ck_assert_msg(ab_game_parse(ab_str_cstr(&text), &back, &diag), "%s: %s",
				      ab_str_cstr(&text), diag.message);
			ck_assert(memcmp(&back.pos, &a.pos, sizeof a.pos) == 0);
			ck_assert_uint_le(ab_game_count(&a, 20000), 20000);
			if (k == 0)
				ab_str_add(&first, ab_str_cstr(&text));
			else
				distinct += strcmp(ab_str_cstr(&first), ab_str_cstr(&text)) != 0;
		}
		/* Another seed, other positions. */
		struct ab_game_state a, b;
		bool differ = false;
		for (uint64_t k = 0; k < 20 && !differ; k++) {
			ck_assert(ab_game_test_position(&start, 7, k, 20000, &a));
			ck_assert(ab_game_test_position(&start, 8, k, 20000, &b));
			differ = memcmp(&a, &b, sizeof a) != 0;
		}
		ck_assert_msg(differ || strcmp(starts[i], "nim:0,1") == 0, "%s", starts[i]);
		ck_assert_msg(distinct > 0 || strcmp(starts[i], "nim:0,1") == 0, "%s", starts[i]);
		ab_str_free(&first);
	}
	/* A start whose every position is over the limit gives none. */
	struct ab_game_state start = parse("nim:9,9,9"), out;
	ck_assert(ab_game_test_position(&start, 1, 0, 10, &out) ||
		  ab_game_count(&start, 10) > 10);
	ab_str_free(&text);
}
END_TEST

/* Pieces on a board, or heaps fewer than 16 in nim. */
static unsigned pieces(const char *text)
{
	unsigned n = 0;
	if (strncmp(text, "nim:", 4) == 0) {
		for (const char *p = text; *p; p++)
			n += *p == ',';
		return 15 - n;
	}
	for (const char *p = strchr(text, ':') + 1; *p; p++)
		n += *p == 'x' || *p == 'o';
	return n;
}

/* The simpler positions: legal, each with one more piece (tic-tac-toe,
 * connect four) or one empty heap fewer (nim). */
START_TEST(simpler)
{
	static const char *const texts[] = { "tictactoe:xoxo.xo..", "tictactoe:.........",
					     "connect4:4x3:xo/x//o", "nim:0,3,0,1" };
	struct ab_str text = AB_STR_INIT;
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct ab_game_state s = parse(texts[i]);
		unsigned count = 0;
		for (unsigned k = 0;; k++) {
			struct ab_game_state c = s, back;
			if (!s.game->simpler(&s.pos, k, &c.pos))
				break;
			count++;
			ab_str_clear(&text);
			ab_game_write(&c, &text);
			struct ab_diag diag;
			ck_assert_msg(ab_game_parse(ab_str_cstr(&text), &back, &diag), "%s -> %s: %s",
				      texts[i], ab_str_cstr(&text), diag.message);
			ck_assert(memcmp(&back.pos, &c.pos, sizeof c.pos) == 0);
			ck_assert_uint_eq(pieces(ab_str_cstr(&text)), pieces(texts[i]) + 1);
		}
		ck_assert_msg(count > 0, "%s has no simpler position", texts[i]);
		if (s.game == &ab_game_nim)
			ck_assert_uint_eq(count, 2);
	}
	/* One heap: nothing to leave out. */
	struct ab_game_state one = parse("nim:3"), c;
	ck_assert(!one.game->simpler(&one.pos, 0, &c.pos));
	ab_str_free(&text);
}
END_TEST

static Suite *gamefeed_suite(void)
{
	Suite *s = suite_create("gamefeed");
	TCase *tc = tcase_create("gamefeed");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, judge, 0, sizeof answers / sizeof answers[0]);
	tcase_add_test(tc, judge_slow_win);
	tcase_add_loop_test(tc, judge_unguessed, 0, sizeof unguessed / sizeof unguessed[0]);
	tcase_add_test(tc, positions);
	tcase_add_test(tc, simpler);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(gamefeed_suite());
}
