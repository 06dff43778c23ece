/* testutil.h - the few helpers every Check program here shares. */
#ifndef AB_TESTUTIL_H
#define AB_TESTUTIL_H

#include <check.h>
#include <stdlib.h>

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
