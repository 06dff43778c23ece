/* diff.h - a program's log held to abtrace's own search: `abtrace diff`,
 * and what `abtrace test` asks of each tree it feeds a program.
 *
 * abtrace-log(5) and abtrace(1), diff.  Each kind of line the log holds
 * (testing/log.h) is compared with the same kind in the reference search
 * of the tree, in order: the leaves looked at, the nodes entered and their
 * windows, where the cut test fires, what each node returns, the root's
 * value and move.  The first divergence is the earliest step of the
 * reference at which any of them differs.
 *
 * Lines a program may print or leave out, all agreeing: the root's own
 * enter and return (a program whose root is a loop over moves prints
 * neither); an enter and a return at a leaf (a recursive program enters
 * every node), the enter's window held to the parent's window as it
 * stands then (only against the right search: a mistake's events do not
 * say what it hands a leaf); a cut after a node's last child, where the
 * test fires with nothing left to skip.
 *
 * The conventions: every combination of fail-soft, fail-hard and
 * fail-hard=clamp, cut on >= and >, and the orders given, reverse, best and
 * worst, except the parts the user stated (those are held).  The log
 * agrees when it agrees entirely with one of them.  When it agrees with
 * none, each named mistake (config.h, enum ab_bug) is searched under the
 * same conventions, and those that reproduce the log are named.
 *
 * Use (what `abtrace test` needs):
 *
 *     struct ab_diff_options opt = { .log = { .zero_based = true } };
 *     struct ab_diff_result r;
 *     struct ab_diag diag;
 *     if (ab_diff(tree, &config, given, &opt, text, len, &r, &diag) != AB_DIFF_OK)
 *             ... unusable: diag says why (an empty log is AB_DIFF_EMPTY)
 *     else if (!r.agree)
 *             ... r.divergence, r.pitfalls; ab_diff_text or ab_diff_json
 *     ab_diff_result_free(&r);
 *
 * With opt.quick only r.agree (and the first agreeing convention) is
 * worked out: cheap enough for every tree of a run and every step of a
 * shrink.
 */
#ifndef AB_DIFF_H
#define AB_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "base/str.h"
#include "core/config.h"
#include "core/tree.h"
#include "testing/log.h"
#include "views/format.h"

struct ab_diff_options {
	struct ab_log_options log;     /* --zero-based, --inf N */
	bool quick;                    /* only whether it agrees (above) */
	const struct ab_glyphs *glyphs; /* for the sentences; NULL: UTF-8 */
};

/* Where the log first parts from the search. */
struct ab_diff_divergence {
	size_t step;         /* the reference's step, 1-based */
	uint32_t node;       /* the node of that step (past the search's end,
				the log's node), AB_NONE if none */
	uint32_t line;       /* the log's line, 0 when it has none there */
	enum ab_log_kind kind; /* the kind of line that differs */
	char *expected;      /* the line the search prints there, as a log
				writes it ("leaf 3.1 14"), or a phrase */
	char *given;         /* the log's line as written, or a phrase */
	char *why;           /* the reason, as `check` words its reasons */
};

struct ab_diff_result {
	bool agree;
	unsigned compared;        /* 1 << enum ab_log_kind, for each kind the
				     log holds */
	size_t steps;             /* the reference search's steps (against) */
	struct ab_config against; /* the search compared with: the config,
				     with the convention the whole log agrees
				     with, or (disagreeing) the one it agrees
				     with longest */
	bool diverged;            /* divergence is set (!agree, !quick) */
	struct ab_diff_divergence divergence;
	struct ab_config *conventions; /* those the whole log agrees with (in
				     quick mode, the first found) */
	size_t nconventions;
	unsigned varied;          /* the AB_PART_*s tried both ways */
	enum ab_bug *pitfalls;    /* the mistakes whose search reproduces */
	size_t npitfalls;         /*   the log (only when it disagrees) */
	unsigned hints;           /* AB_DIFF_HINT_*: read another way, the
				     log agrees (only when it does not) */
	bool zero_based;          /* how it was read (for the hints) */
	uint32_t noise;           /* lines skipped as noise */
	uint32_t noise_line;      /* the first of them (0: none), */
	char *noise_text;         /*   as written, made safe to print */
};

#define AB_DIFF_HINT_VIEW 1u  /* with the other --view */
#define AB_DIFF_HINT_BASE 2u  /* with indices from the other base */

enum ab_diff_status {
	AB_DIFF_OK,
	AB_DIFF_EMPTY,      /* no line abtrace reads (silence, or noise) */
	AB_DIFF_BINARY,     /* a NUL byte */
	AB_DIFF_TOO_BIG,    /* over AB_LOG_MAX_BYTES */
	AB_DIFF_LONG_LINE,  /* a line over AB_LOG_MAX_LINE */
	AB_DIFF_NO_SEARCH,  /* the search cannot run on the tree (a node at
			       the depth limit has no static value) */
};

/* Reads the log (text, len bytes) and holds it to the search of tree
 * under config.  given: the AB_PART_* bits the user stated (the CLI's
 * `given`); config's fail, strict and order parts not among them are
 * varied, the rest held.  config->view says how the log writes numbers
 * (negamax: from the mover's side).  On AB_DIFF_OK *out is filled (free
 * it with ab_diff_result_free); otherwise *diag says why the log cannot be
 * used, with its line where there is one, and *out is left empty. */
enum ab_diff_status ab_diff(const struct ab_tree *tree,
			    const struct ab_config *config, unsigned given,
			    const struct ab_diff_options *opt, const char *text,
			    size_t len, struct ab_diff_result *out,
			    struct ab_diag *diag);

/* The same for a log already read.  step_of_entry, when not NULL, gets for
 * each of log's entries the step of the reference (against) it agrees
 * with, or 0 (from the divergence on, or a line it never matched): what
 * the replay shows beside each step. */
void ab_diff_log(const struct ab_tree *tree, const struct ab_config *config,
		 unsigned given, const struct ab_diff_options *opt,
		 const struct ab_log *log, struct ab_diff_result *out,
		 uint32_t *step_of_entry);

void ab_diff_result_free(struct ab_diff_result *r);

/* The report: as text (g for the glyphs of the description), and as
 * one JSON object with a newline (abtrace-log(5)'s fields: agree, compared,
 * divergence, conventions, pitfalls, noise). */
void ab_diff_text(const struct ab_tree *tree, const struct ab_diff_result *r,
		  const struct ab_glyphs *g, struct ab_str *out);
void ab_diff_json(const struct ab_tree *tree, const struct ab_diff_result *r,
		  struct ab_str *out);

/* The convention of a config as diff names it, in the words of the
 * search options: "fail-hard strict order=given". */
void ab_diff_convention_words(const struct ab_config *c, struct ab_str *out);

#endif
