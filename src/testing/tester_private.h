/* tester_private.h - what tester.c shares with gamefeed.c, and no one
 * else: a run's case, how a finding is told, and the blocks a report
 * shows.  (tester.h is the command's interface; gamefeed.h the game
 * feed's.)
 */
#ifndef AB_TESTER_PRIVATE_H
#define AB_TESTER_PRIVATE_H

#include "testing/tester.h"

void ab_test_case_free(struct ab_test_case *c);

/* Clears case c for its input, which the caller then writes. */
void ab_test_case_clear(struct ab_test_case *c);
/* Runs the program on c->input into c->run and c->finding; *start_error
 * the errno when it cannot start (false then).  True when its output is
 * to be compared (set c->compared, and c->finding to DISAGREE when it does
 * not hold): it ran to its end, or printed something before it went
 * wrong. */
bool ab_test_case_run(struct ab_runner *runner, struct ab_test_case *c, int *start_error);
/* Swaps two cases (the one kept while shrinking, and the one judged). */
void ab_test_case_swap(struct ab_test_case *a, struct ab_test_case *b);

/* What went wrong in case c, as a sentence without its full stop. */
void ab_test_describe(const struct ab_test_options *o, const struct ab_test_case *c,
		      struct ab_str *out);

/* text, indented, at most a report's share of it; "(nothing)" when empty. */
void ab_test_add_block(const struct ab_str *text, struct ab_str *out);

/* s as a JSON string, at most a report's share of it. */
void ab_test_json_text(const struct ab_str *s, struct ab_str *out);

#endif
