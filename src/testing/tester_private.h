/* tester_private.h - what tester.c shares with gamefeed.c, and no one
 * else: a run's case, how a finding is told, and the blocks a report
 * shows.  (tester.h is the command's interface; gamefeed.h the game
 * feed's.)
 */
#ifndef AB_TESTER_PRIVATE_H
#define AB_TESTER_PRIVATE_H

#include "testing/tester.h"

void ab_test_case_free(struct ab_test_case *c);

/* What went wrong in case c, as a sentence without its full stop. */
void ab_test_describe(const struct ab_test_options *o, const struct ab_test_case *c,
		      struct ab_str *out);

/* text, indented, at most a report's share of it; "(nothing)" when empty. */
void ab_test_add_block(const struct ab_str *text, struct ab_str *out);

/* s as a JSON string, at most a report's share of it. */
void ab_test_json_text(const struct ab_str *s, struct ab_str *out);

#endif
