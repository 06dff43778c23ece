/* test_tui_depth.c - the replay of depth limits, iterative deepening and
 * the negamax view, end to end in tmux (the helpers are tests/tmux.h's):
 * i and I jump between iterations and the status line names the iteration
 * and its root order; V switches the negamax view, whose numbers at MIN
 * nodes are negated and whose pseudocode is negamax's; a tree with chance
 * nodes refuses it; static values show as h=5 and what lies below the depth
 * limit is "not searched at this depth".
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runprog.h"
#include "base/str.h"
#include "testutil.h"
#include "tmux.h"

#define DEEPENING "-e '[ B=4[1 9] C=6[7 8] ]'"

START_TEST(test_iterations)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(170, 32, NULL, "--iterative " DEEPENING);
	WAIT_FOR(&s, "step 0/29", "2 iterations");
	keys("i");
	WAIT_FOR(&s, "step 1/29 | iteration 1 of 2, root order B C", "Iteration 1:");
	/* At depth 1 both children are evaluated by their static values. */
	keys("Right Right");
	WAIT_FOR(&s, "step 3/29", "static value 4 stands in", "h=4", "h=6");
	keys("i");
	WAIT_FOR(&s, "step 11/29 | iteration 2 of 2, root order C B", "Iteration 2:");
	keys("i");
	WAIT_FOR(&s, "step 11/29", "no iteration after this one");
	keys("Right");
	WAIT_FOR(&s, "step 12/29 | iteration 2 of 2");
	/* From inside an iteration, I goes to its start, then to the one before. */
	keys("I");
	WAIT_FOR(&s, "step 11/29 | iteration 2 of 2");
	keys("I");
	WAIT_FOR(&s, "step 1/29 | iteration 1 of 2, root order B C");
	/* The selected node's details give the order this iteration uses,
	 * and its steps in this iteration. */
	keys("Right");
	keys("/");
	literal("root");
	keys("Enter");
	WAIT_FOR(&s, "entered in step 2 with window", "Iteration 1 searches its children in the order B C.");
	keys("Escape");
	keys("End");
	WAIT_FOR(&s, "step 29/29 | iteration 2 of 2", "Done: the root's value is 7");
	keys("/");
	literal("root");
	keys("Enter");
	WAIT_FOR(&s, "Iteration 2 searches its children in the order C B.");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

START_TEST(test_no_iterations)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(100, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29");
	keys("i");
	WAIT_FOR(&s, "iterations come with --iterative");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

START_TEST(test_negamax_view)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(120, 36, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29");
	keys("n");
	/* Step 15: the cut at C, in minimax's terms. */
	WAIT_FOR(&s, "step 15/29", "C ≤ 2", "B = 3", "alpha-beta, fail-soft");
	keys("V");
	WAIT_FOR(&s, "negamax view: every value and window from the mover's side",
		 "C ≥ -2", "B = -3", "negamax alpha-beta, fail-soft", "nm(n, α, β):",
		 "Cutoff at C: α = -2 ≥ β = -3");
	/* The same search: the step and the leaves are unchanged. */
	WAIT_FOR(&s, "step 15/29");
	keys("End");
	WAIT_FOR(&s, "step 29/29", "D = -2", "A = 3");
	keys("V");
	WAIT_FOR(&s, "minimax view", "D = 2", "A = 3", "ab(n, α, β):");
	quit_replay();

	/* --view negamax on the command line starts in it. */
	start(120, 36, NULL, "--view negamax lecture");
	WAIT_FOR(&s, "step 0/29", "nm(n, α, β):", "negamax view");
	keys("End");
	WAIT_FOR(&s, "C ≥ -2");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

START_TEST(test_negamax_refused_with_chance)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(100, 30, NULL, "-e '[<chance>[1 2] 3]'");
	WAIT_FOR(&s, "step 0/");
	keys("V");
	WAIT_FOR(&s, "the negamax view needs a tree without chance nodes");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

START_TEST(test_depth_limit)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(120, 32, NULL, "--depth 1 " DEEPENING);
	WAIT_FOR(&s, "step 0/9", "h=4", "h=6", "depth 1");
	keys("End");
	WAIT_FOR(&s, "step 9/9", "Done: the root's value is 6");
	keys("/");
	literal("B1");
	keys("Enter");
	WAIT_FOR(&s, "below the depth limit 1: not searched at this depth.");
	keys("v");
	WAIT_FOR(&s, "(not searched at this depth)");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

int main(void)
{
	tmux_test_init("tuidepth");
	Suite *s = suite_create("tui_depth");
	TCase *tc = tcase_create("tmux");
	tcase_set_timeout(tc, 60);
	tmux_teardown(tc);
	tcase_add_test(tc, test_iterations);
	tcase_add_test(tc, test_no_iterations);
	tcase_add_test(tc, test_negamax_view);
	tcase_add_test(tc, test_negamax_refused_with_chance);
	tcase_add_test(tc, test_depth_limit);
	suite_add_tcase(s, tc);
	int status = ab_run_suite(s);
	tmux_test_done();
	return status;
}
