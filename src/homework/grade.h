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

#include "homework/answer.h"
#include "views/format.h"
#include "core/search.h"
#include "base/str.h"
#include "core/tree.h"

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
	AB_GRADE_RETURNS,     /* the number a node returns */
	AB_GRADE_UNKNOWN,     /* an item naming a node the tree does not have */
	AB_GRADE_SET,         /* with a key: a pruned: or visited: question,
				 earning the share of its set; the items about
				 its marks and cuts follow it (detail) */
	AB_GRADE_UNANSWERED,  /* with a key: asked, not answered */
	AB_GRADE_UNREAD,      /* a line of the answer that could not be read */
	AB_GRADE_HITS,        /* --tt: the nodes whose probe finds an entry */
	AB_GRADE_ENTRY,       /* --tt: the entry a node stores */
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
	bool scored;          /* counts in the score (false: a detail of a set
				 item, or answered but not asked by the key) */
	bool asked;           /* without a key always; with one, the key asks it */
	bool detail;          /* part of the AB_GRADE_SET item before it */
	double points, out_of;/* what it earns and is worth (0 when not scored) */
	char *question;       /* with a key, on a scored item: the key's name
				 for what it asks ("C" for C: ?), which the
				 class summary counts by; NULL otherwise */
	char *mistake;        /* when wrong: the mistake as the class summary
				 counts it, a clause after "41 of 120": "missed
				 the cut at C: β = 2 ≤ α = 3"; NULL when right */
};

struct ab_grade {
	struct ab_config config;      /* the conventions it was graded under */
	char *rules;                  /* the same in words for the JSON, with
					 the tree's chance pruning */
	enum ab_player root;          /* the root's player it was graded with */
	struct ab_grade_item *items;
	size_t count, cap;
	size_t right;                 /* scored items right */
	size_t total;                 /* scored items */
	double points, out_of;        /* the score in points */
	bool keyed;                   /* graded against a key */
	bool values_returned;         /* a bare number read as what a node returns */
	char *diagnosis;              /* a convention or slip that explains a
					 wrong answer, or NULL */
	char *diagnosis_mistake;      /* the same as a summary clause, or NULL */
	/* Set by the caller (freed by ab_grade_free): */
	char *declared;               /* the convention the file states, as it
					 spells it ("rules: strict"), or NULL */
	char *overruled;              /* "declares rules: strict; graded under
					 α ≥ β" when the grader's rules win */
	char *own;                    /* "declares order: reverse; graded so
					 (the class: order given)" when the
					 file's own conventions apply and
					 differ from the class's */
	char *name, *id;              /* who wrote it (name:, id:), or NULL */
};

/* How to grade beyond the search's conventions. */
struct ab_grade_options {
	bool values_returned;         /* a bare number (C: 2) is what C returns */
	const struct ab_answer *key;  /* what is asked and its points; NULL:
					 every item written is scored, 1 each */
	bool any_optimal;             /* best: any move whose minimax value
					 equals the root's is right, pruned
					 or not (--best any-optimal) */
};

/* Grades answer against tree searched under config.  Sentences use the
 * glyphs g.  Returns false (out empty) when the search is too long to
 * record. */
bool ab_grade_answer(const struct ab_tree *tree, const struct ab_config *config,
		     const struct ab_answer *answer, const struct ab_glyphs *g,
		     struct ab_grade *out);
/* The same with options (a key, values: returned). */
bool ab_grade_answer_with(const struct ab_tree *tree, const struct ab_config *config,
			  const struct ab_grade_options *options,
			  const struct ab_answer *answer, const struct ab_glyphs *g,
			  struct ab_grade *out);
void ab_grade_free(struct ab_grade *grade);
/* The score as a percentage, rounded, never 100 with a mistake. */
unsigned ab_grade_percent(const struct ab_grade *grade);
/* Points as people write them: "3", "2.5", "0.67" (two decimals at most). */
void ab_grade_format_points(double points, struct ab_str *out);

/* The first wrong item that counts (scored, or part of a scored set; for
 * a set, its first wrong mark or cut), or NULL when all are right. */
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
 * NULL), "rules", "declared", "overruled", "score", "points", "out_of",
 * "right", "total", "diagnosis" and "items", each {name, expected, given,
 * right, points, out_of, scored, asked, why, step, line}. */
void ab_grade_json(const struct ab_grade *grade, const char *file,
		   struct ab_str *out);
/* One RFC 4180 field: quoted when it holds a comma, a quote or a line
 * break.  It is valid UTF-8 with no control character but line breaks
 * (utf8.h's house form shows them, and any invalid byte), and a cell a
 * spreadsheet would run as a formula, one that begins with = + - @ (or
 * their full-width forms), a tab or a CR, begins with ' and is quoted,
 * as OWASP's guidance on CSV injection says. */
void ab_grade_csv_field(const char *text, struct ab_str *out);
/* The CSV header (CRLF-terminated): file, name, id, status (graded or
 * unusable), reason (why unusable), points, out_of, percent,
 * first_mistake, declared (the note on the file's own conventions), then
 * with a key one column per question, named as the report names it
 * (value, best, pruned, C), holding the points earned. */
void ab_grade_csv_header(const struct ab_tree *tree, const struct ab_answer *key,
			 struct ab_str *out);
/* A graded answer's CSV row. */
void ab_grade_csv_row(const struct ab_grade *grade, const char *file,
		      struct ab_str *out);
/* The row of a file that could not be graded: status unusable, the
 * reason, and empty cells for the score and the key's nquestions. */
void ab_grade_csv_unusable(const char *file, const char *status, const char *why,
			   size_t nquestions, struct ab_str *out);
/* The key's name for what its item k asks ("C" for C: ?), to free. */
char *ab_grade_question(const struct ab_tree *tree, const struct ab_item *k);
/* The results.json an autograder platform (Gradescope) reads: score,
 * output, and one test per scored item {name, score, max_score, status,
 * output}. */
void ab_grade_gradescope(const struct ab_grade *grade, struct ab_str *out);

/* ---- A class: what many answers got wrong ---------------------------------- */

/* Appends, over n graded answers: the files that could not be graded
 * (nunusable names, each with why), for each scored item how many got it
 * wrong, then every mistake, most common first ("41 of 120 missed the cut
 * at C: β = 2 ≤ α = 3."), the rarest left as "and N more" past a
 * screenful. */
void ab_grade_summary(const struct ab_grade *const *grades, size_t n,
		      const char *const *unusable, const char *const *why,
		      size_t nunusable, struct ab_str *out);

#endif
