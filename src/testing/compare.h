/* compare.h - holding a program's log to the reference search: the one
 * place `abtrace test` asks whether a log agrees.
 *
 * STAND-IN: `abtrace diff` (another module of src/testing/) is the real
 * comparison, of every kind of line, with the conventions and pitfalls it
 * names.  Until it is merged, this compares the lines that decide most
 * findings: the nodes entered (and their windows), the leaves evaluated
 * and the values returned, each in order, the root's value and its move.
 * When diff's API lands, ab_test_compare calls it and this file's own
 * reading of the log goes.
 */
#ifndef AB_COMPARE_H
#define AB_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/str.h"
#include "core/config.h"
#include "core/tree.h"

/* How to read a log, as `diff` reads it. */
struct ab_log_options {
	bool zero_based;      /* --zero-based: child indices from 0 */
	const char *inf;      /* --inf N: ±N means ±∞ (NULL: none) */
};

/* Whether the log (len bytes) agrees with config's search of tree.  text
 * gets the report as sentences (several lines, each ended by '\n'), json
 * one JSON object (no newline): agree, compared, divergence, conventions,
 * pitfalls, noise. */
bool ab_test_compare(const struct ab_tree *tree, const struct ab_config *config,
		     const struct ab_log_options *options, const char *log,
		     size_t len, struct ab_str *text, struct ab_str *json);

#endif
