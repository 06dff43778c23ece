/* test_practice.c - practice and predict modes end to end, in tmux.
 *
 * The trees are drawn in-process with the same options (src/sources/random.h gives
 * the same tree for the same seed), and the right answers come from the
 * recorded trace, so the tests hold for any tree the options make.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "homework/answer.h"
#include "views/format.h"
#include "homework/grade.h"
#include "sources/random.h"
#include "testutil.h"
#include "tmux.h"
#include "core/trace.h"

/* Practice trees: the command line and the same options in-process. */
static const struct {
	const char *args;
	const char *seed, *branching, *depth;
	bool strict;
} trees[] = {
	{ "--seed 3", "3", NULL, NULL, false },
	{ "--seed 11 --branching 3 --depth 2 --strict", "11", "3", "2", true },
	{ "--seed 5 --branching 2 --depth 4", "5", "2", "4", false },
};

static struct ab_tree *make_tree(size_t i, struct ab_config *config)
{
	struct ab_random_spec spec = AB_RANDOM_DEFAULT;
	ck_assert_ptr_null(ab_random_parse_seed(trees[i].seed, &spec));
	if (trees[i].branching)
		ck_assert_ptr_null(ab_random_parse_branching(trees[i].branching, &spec));
	if (trees[i].depth)
		ck_assert_ptr_null(ab_random_parse_depth(trees[i].depth, &spec));
	*config = AB_CONFIG_DEFAULT;
	config->strict = trees[i].strict;
	return ab_random_tree(&spec);
}

/* Whether a pruned mark shows below the title line (which may hold a
 * legend of the marks). */
static bool cut_mark_in_tree(const struct ab_str *screen)
{
	const char *body = strchr(ab_str_cstr(screen), '\n');
	return body && strstr(body, "✂") != NULL;
}

/* Selects node n by name with '/'. */
static void select_node(const struct ab_tree *tree, uint32_t n)
{
	struct ab_str name = AB_STR_INIT;
	ab_tree_name(tree, n, &name);
	keys("/");
	literal(ab_str_cstr(&name));
	keys("Enter");
	ab_str_free(&name);
}

/* What a node is proved to be, in the answer syntax; false when the
 * search proves nothing a bound can say (a pruned node, an interval). */
static bool bound_text(ab_value lo, ab_value hi, struct ab_str *out)
{
	if (lo == hi)
		ab_str_addf(out, "= %lld", (long long)lo);
	else if (hi == AB_POS_INF && lo != AB_NEG_INF)
		ab_str_addf(out, ">= %lld", (long long)lo);
	else if (lo == AB_NEG_INF && hi != AB_POS_INF)
		ab_str_addf(out, "<= %lld", (long long)hi);
	else
		return false;
	return true;
}

/* Marks every pruned leaf and types the root's and its children's values
 * or bounds: the check shows everything right. */
START_TEST(test_practice_all_right)
{
	if (skip_without_tmux())
		return;
	struct ab_config config;
	struct ab_tree *tree = make_tree((size_t)_i, &config);
	struct ab_trace *trace = ab_trace_record(tree, &config);
	ck_assert_ptr_nonnull(trace);
	ab_trace_seek(trace, trace->length);

	struct ab_str s = AB_STR_INIT, cmd = AB_STR_INIT, text = AB_STR_INIT;
	ab_str_addf(&cmd, "practice %s", trees[_i].args);
	start(120, 40, NULL, ab_str_cstr(&cmd));
	WAIT_FOR(&s, "practice", "x prune", "Practice: work the search by hand");
	/* Nothing of the search shows: no pruned marks, windows or counts,
	 * and not the number of steps. */
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "step 0/"));
	ck_assert_msg(!cut_mark_in_tree(&s), "a pruned mark shows:\n%s", ab_str_cstr(&s));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "+∞]"));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "alpha-beta "));

	unsigned items = 0, pruned = 0;
	for (uint32_t n = 0; n < tree->count; n++)
		if (ab_is_leaf(tree, n) && ab_trace_pruned(trace, n)) {
			select_node(tree, n);
			keys("x");
			pruned++;
		}
	items += pruned ? pruned : 1;
	for (uint32_t n = 0; n < tree->count; n++) {
		if (ab_is_leaf(tree, n) || tree->nodes[n].depth > 1)
			continue;
		const struct ab_node_state *st = ab_trace_node(trace, n);
		ab_str_clear(&text);
		if (ab_trace_pruned(trace, n) || !bound_text(st->lo, st->hi, &text))
			continue;
		select_node(tree, n);
		keys("Enter");
		literal(ab_str_cstr(&text));
		keys("Enter");
		items++;
	}
	keys("c");
	char want[64];
	snprintf(want, sizeof want, "practice: score %u/%u", items, items);
	WAIT_FOR(&s, want);
	ck_assert_msg(strstr(ab_str_cstr(&s), "✗") == NULL, "a mark is wrong:\n%s", ab_str_cstr(&s));
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&s), "✓"));
	if (pruned)
		ck_assert(cut_mark_in_tree(&s));
	quit_replay();
	ab_trace_free(trace);
	ab_tree_free(tree);
	ab_str_free(&s);
	ab_str_free(&cmd);
	ab_str_free(&text);
}
END_TEST

/* The first leaf is always looked at: marking it pruned is wrong, and the
 * check says so on the tree (a mark that needs no colour) and explains it
 * with the grader's own sentence. */
static const char *const colour_envs[] = { NULL, "NO_COLOR=1" };

START_TEST(test_practice_wrong_mark)
{
	if (skip_without_tmux())
		return;
	struct ab_config config;
	struct ab_tree *tree = make_tree(0, &config);
	uint32_t leaf = 0;
	while (!ab_is_leaf(tree, leaf))
		leaf++;
	/* The grader's explanation, in-process. */
	struct ab_answer *answer = ab_answer_new();
	ab_answer_add_pruned(answer, &leaf, 1);
	struct ab_grade grade;
	ck_assert(ab_grade_answer(tree, &config, answer, &ab_glyphs_utf8, &grade));
	const struct ab_grade_item *item = ab_grade_item_for(&grade, tree, leaf);
	ck_assert_ptr_nonnull(item);
	ck_assert(!item->right && item->why);
	char why[24];
	snprintf(why, sizeof why, "%.*s", (int)ab_utf8_prefix(item->why, strlen(item->why), 20),
		 item->why);

	struct ab_str s = AB_STR_INIT, name = AB_STR_INIT, want = AB_STR_INIT;
	ab_tree_name(tree, leaf, &name);
	start(120, 40, colour_envs[_i], "practice --seed 3");
	WAIT_FOR(&s, "Practice: work the search by hand");
	select_node(tree, leaf);
	keys("x");
	ab_str_addf(&want, "✂%lld", (long long)tree->nodes[leaf].value);
	WAIT_FOR(&s, ab_str_cstr(&want));
	keys("c");
	ab_str_clear(&want);
	ab_str_addf(&want, "✗ pruned %s: you said", ab_str_cstr(&name));
	WAIT_FOR(&s, ab_str_cstr(&want), why, "practice: score 0/");
	/* Cleared, the mark and the verdict go. */
	keys("BSpace");
	WAIT_FOR(&s, "Practice: work the search by hand");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "✗"));
	quit_replay();
	ab_grade_free(&grade);
	ab_answer_free(answer);
	ab_tree_free(tree);
	ab_str_free(&s);
	ab_str_free(&name);
	ab_str_free(&want);
}
END_TEST

/* A value typed where only a bound is known is wrong, and said why. */
START_TEST(test_practice_bound_not_value)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(100, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29");
	keys("n");
	WAIT_FOR(&s, "step 15/29", "✂4");
	keys("p");
	WAIT_FOR(&s, "practice", "Practice: work the search by hand");
	ck_assert_msg(!cut_mark_in_tree(&s), "a pruned mark shows:\n%s", ab_str_cstr(&s));
	keys("/");
	literal("C");
	keys("Enter");
	literal("2");  /* a digit starts the prompt with itself */
	keys("Enter");
	WAIT_FOR(&s, "▼C = 2");
	keys("c");
	WAIT_FOR(&s, "✗ C: you said = 2", "≤ 2");
	keys("Enter");
	literal("<= 2");
	keys("Enter");
	WAIT_FOR(&s, "▼C ≤ 2");
	keys("c");
	WAIT_FOR(&s, "✓ C: ≤ 2, right.");
	/* p again: the replay where it was, with the search shown. */
	keys("p");
	WAIT_FOR(&s, "step 15/29", "✂4", "✂6");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* The mouse selects in practice too: a click on a leaf, x, and it is
 * marked; the arrow keys move from there. */
START_TEST(test_practice_mouse_and_arrows)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(80, 24, NULL, "practice --seed 3 --depth 2 --branching 3");
	WAIT_FOR(&s, "Practice: work the search by hand", "C2");
	wait_settled(&s);
	int row, col;
	ck_assert(find_on_screen(&s, "C2", &row, &col));
	/* The click selects C2: its value, above its name, is underlined.
	 * Only then x; a click is sent again if a loaded machine lost it
	 * (tmux writes the mouse report's bytes one by one, and the
	 * program's 25 ms ESCDELAY can split them). */
	struct ab_str line = AB_STR_INIT;
	long clicked = 0, give_up = now_ms() + TMUX_DEADLINE_MS;
	for (;;) {
		if (now_ms() - clicked > 1000) {
			click_at(row, col);
			clicked = now_ms();
		}
		capture(&s, true);
		screen_line(&s, row - 1, &line);
		if (strstr(ab_str_cstr(&line), ";4m") || strstr(ab_str_cstr(&line), "[4m"))
			break;
		ck_assert_msg(now_ms() < give_up, "the click never selected C2:\n%s",
			      ab_str_cstr(&s));
		pause_briefly();
	}
	ab_str_free(&line);
	keys("x");
	/* C2's value sits above its name; the mark goes on it. */
	struct ab_str above = AB_STR_INIT;
	long end = now_ms() + TMUX_DEADLINE_MS;
	for (;;) {
		capture(&s, false);
		screen_line(&s, row - 1, &above);
		if (strstr(ab_str_cstr(&above), "✂"))
			break;
		ck_assert_msg(now_ms() < end, "no mark after the click:\n%s", ab_str_cstr(&s));
		pause_briefly();
	}
	/* → moves to C3, x marks it; ↑ goes to C, and a bound goes in. */
	keys("Right x Up");
	literal(">= -9");
	keys("Enter");
	WAIT_FOR(&s, "▼C ≥ -9");
	screen_line(&s, row - 1, &above);
	int marks = 0;
	for (const char *m = ab_str_cstr(&above); (m = strstr(m, "✂")); m++)
		marks++;
	ck_assert_msg(marks == 2, "C2 and C3 should be marked:\n%s", ab_str_cstr(&s));
	/* The second mark (C3's) lies right of C2's name. */
	int first_mark = last_column_of(ab_str_cstr(&above), "✂");
	ck_assert_int_gt(first_mark, col);
	quit_replay();
	ab_str_free(&s);
	ab_str_free(&above);
}
END_TEST

/* Predict mode on the lecture tree: B1 is looked at (said right), C2 is
 * pruned (said wrong); the score follows. */
START_TEST(test_predict_score)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(100, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29");
	keys("P");
	WAIT_FOR(&s, "predict 0/0");
	/* Neither the number of steps nor alpha-beta's total shows: they
	 * would give the answers away. */
	WAIT_FOR(&s, "step 0 |", "alpha-beta 0 so far");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "step 0/"));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "alpha-beta 0 of"));
	keys("Space Space Space");
	WAIT_FOR(&s, "step 2 |", "predict 0/0: next, is leaf B1 looked at (v) or pruned (x)?");
	keys("Space");  /* no step until the question is answered */
	keys("v");
	WAIT_FOR(&s, "step 3 |", "predict 1/1", "right: B1 is looked at");
	/* Jumping to the next leaf asks nothing; C1 is leaf 4. */
	keys(". . .");
	WAIT_FOR(&s, "step 12 |");
	keys("Space Space Space");
	WAIT_FOR(&s, "step 14 |", "is leaf C2 looked at (v) or pruned (x)?");
	keys("v");
	WAIT_FOR(&s, "step 15 |", "predict 1/2", "wrong: C2 is pruned");
	keys("P");
	WAIT_FOR(&s, "predict mode off");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* Predicting during a lesson: the lesson's own question at a step comes
 * before the prediction of the next leaf. */
START_TEST(test_predict_in_lesson)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(100, 30, "LANGUAGE=en", "lesson 03-lecture");
	WAIT_FOR(&s, "step 0/29");
	keys("P");
	WAIT_FOR(&s, "predict 0/0");
	keys("n");
	WAIT_FOR(&s, "step 15 |");
	keys("Space Space");
	WAIT_FOR(&s, "step 17 |", "(step forward to answer)");
	keys("Space");
	WAIT_FOR(&s, "Your answer");
	literal("D = 2");
	keys("Enter");
	WAIT_FOR(&s, "D = 2: right.");
	keys("Space");
	WAIT_FOR(&s, "is leaf D1 looked at (v) or pruned (x)?");
	keys("v");
	WAIT_FOR(&s, "step 18 |", "predict 1/1", "right: D1 is looked at");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* Bad options are usage errors, before any terminal is needed. */
START_TEST(test_practice_usage)
{
	static const char *const args[][4] = {
		{ "practice", "lecture", NULL },
		{ "practice", "--depth", "0", NULL },
		{ "practice", "-e", "[1,2]", NULL },
	};
	for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) {
		struct run_result r = run_abtrace(NULL, args[i]);
		ck_assert_int_eq(r.status, 2);
		ck_assert_msg(r.err.len > 0, "no message for case %zu", i);
		run_result_free(&r);
	}
	const char *tty[] = { "practice", "--seed", "3", NULL };
	struct run_result r = run_abtrace(NULL, tty);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.err), "not a terminal"));
	run_result_free(&r);
}
END_TEST

static Suite *practice_suite(void)
{
	Suite *s = suite_create("practice");
	TCase *tc = tcase_create("tmux");
	tcase_set_timeout(tc, 60);
	tmux_teardown(tc);
	tcase_add_loop_test(tc, test_practice_all_right, 0, sizeof trees / sizeof trees[0]);
	tcase_add_loop_test(tc, test_practice_wrong_mark, 0, 2);
	tcase_add_test(tc, test_practice_bound_not_value);
	tcase_add_test(tc, test_practice_mouse_and_arrows);
	tcase_add_test(tc, test_predict_score);
	tcase_add_test(tc, test_predict_in_lesson);
	tcase_add_test(tc, test_practice_usage);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	tmux_test_init("practice");
	int status = ab_run_suite(practice_suite());
	tmux_test_done();
	return status;
}
