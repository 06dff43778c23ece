/* compare.h - holding a program's output to the reference search: the one
 * place `abtrace test` asks whether a log agrees.  It is `abtrace diff`'s
 * comparison (testing/diff.h), quick (agree or not) while trees are tried
 * and shrunk, with the whole report for the tree that is shown. */
#ifndef AB_COMPARE_H
#define AB_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/str.h"
#include "core/config.h"
#include "core/tree.h"
#include "testing/log.h"

/* Whether the log (len bytes) agrees with config's search of tree; given
 * holds the AB_PART_*s the user stated (the others may vary, as for
 * diff).  With text or json (either may be NULL) the report is appended:
 * diff's sentences, or its JSON object (no newline); with neither, only
 * whether it agrees is worked out, which is cheap.  A log diff cannot
 * read (nothing, binary, too long) does not agree, and says why. */
bool ab_test_compare(const struct ab_tree *tree, const struct ab_config *config,
		     unsigned given, const struct ab_log_options *options,
		     const char *log, size_t len, struct ab_str *text,
		     struct ab_str *json);

#endif
