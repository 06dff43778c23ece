/* testutil.h - the few helpers every Check program here shares. */
#ifndef AB_TESTUTIL_H
#define AB_TESTUTIL_H

#include <check.h>
#include <stdlib.h>

/* How many random trees a property test draws: all of them, or a twentieth
 * under valgrind (the valgrind setup sets ABTRACE_TEST_QUICK), where each
 * search is some fifty times slower and the plain and sanitizer runs have
 * drawn them all already. */
static inline int ab_test_rounds(int full)
{
	const char *quick = getenv("ABTRACE_TEST_QUICK");
	if (quick && *quick && full >= 20)
		return full / 20;
	return full;
}

/* Runs one suite with Check's own summary line; exit status for meson. */
static inline int ab_run_suite(Suite *suite)
{
	SRunner *runner = srunner_create(suite);
	srunner_run_all(runner, CK_ENV);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
