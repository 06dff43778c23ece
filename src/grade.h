/* grade.h - marking an answer against the recorded search, with reasons.
 *
 * The grader records one trace under the conventions asked for (the same
 * trace `abtrace trace` prints and the replay steps through) and reads every
 * verdict from it: what was pruned, where each cutoff fired and with which
 * α and β, the interval each node's search proved, each node's final window.
 * Each wrong item gets one sentence naming the deciding step and its
 * numbers.  When the answer is wrong, the grader also tries each single
 * change of convention (ties, fail-hard/soft, reversed order, the root's
 * player) and a model of a classic slip (raising a bound from a child that
 * is still being searched) and says when one of them explains the answer.
 *
 * `abtrace check` prints the result as text or JSON; practice mode in the
 * replay builds a struct ab_answer from the student's marks and shows each
 * item on the tree (ab_grade_item_for finds the one about a node).
 */
#ifndef AB_GRADE_H
#define AB_GRADE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "answer.h"
#include "format.h"
#include "search.h"
#include "str.h"
#include "tree.h"

/* What a graded item is about. */
enum ab_grade_kind {
	AB_GRADE_VALUE,       /* the root's value */
	AB_GRADE_BEST,        /* the best move */
	AB_GRADE_PRUNED,      /* a node the answer says is pruned */
	AB_GRADE_MISSED_CUT,  /* a cutoff whose skipped leaves the answer missed */
	AB_GRADE_NO_CUTS,     /* an empty pruned: list, when nothing is pruned */
	AB_GRADE_ORDER,       /* the order of a visited: list */
	AB_GRADE_BOUND,       /* a node's value or bound */
	AB_GRADE_WINDOW,      /* a node's final alpha and beta */
};

struct ab_grade_item {
	enum ab_grade_kind kind;
	uint32_t node;        /* the node it is about (the cut node for a
				 missed cut), AB_NONE for value and order */
	uint32_t *nodes;      /* missed cut: the leaves the answer missed */
	uint32_t count;
	unsigned line;        /* the answer's line, 0 when built in memory */
	char *name;           /* "value", "best", "pruned C2", "cut at C", "C",
				 "C window", "visit order", "pruned" */
	char *expected;       /* what the search shows */
	char *given;          /* what the answer says */
	char *why;            /* one sentence; NULL when right */
	size_t step;          /* the step of the trace that decides it, or 0 */
	bool right;
};

struct ab_grade {
	struct ab_config config;      /* the conventions it was graded under */
	struct ab_grade_item *items;
	size_t count, cap;
	size_t right;                 /* items right */
	char *diagnosis;              /* a convention or slip that explains a
					 wrong answer, or NULL */
};

/* Grades answer against tree searched under config.  Sentences use the
 * glyphs g.  Returns false (out empty) when the search is too long to
 * record. */
bool ab_grade_answer(const struct ab_tree *tree, const struct ab_config *config,
		     const struct ab_answer *answer, const struct ab_glyphs *g,
		     struct ab_grade *out);
void ab_grade_free(struct ab_grade *grade);

/* The first wrong item, or NULL when all are right. */
const struct ab_grade_item *ab_grade_first_mistake(const struct ab_grade *grade);
/* The item about node n: a pruned mark on it or an ancestor, a missed cut
 * that skipped it, or its value or bound (in that order); NULL if none. */
const struct ab_grade_item *ab_grade_item_for(const struct ab_grade *grade,
					      const struct ab_tree *tree,
					      uint32_t n);

/* The report as text: one line per item (✓/✗ or ok/WRONG), the score and
 * the diagnosis. */
void ab_grade_text(const struct ab_grade *grade, const struct ab_glyphs *g,
		   struct ab_str *out);
/* The report as one JSON object (no newline): "file" (when file is not
 * NULL), "rules", "score", "right", "total", "diagnosis" and "items", each
 * {name, expected, given, right, why, step, line}. */
void ab_grade_json(const struct ab_grade *grade, const char *file,
		   struct ab_str *out);

#endif
