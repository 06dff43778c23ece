/* tester.h - `abtrace test`: generated trees fed to a program, its output
 * held to the reference search, and the first finding shrunk.
 *
 * For each tree (gen.h) the program is run (run.h) on the tree as the feed
 * gives it (feed.h); a crash, a hang, silence or a flood is a finding by
 * itself, otherwise the output is compared with the search (compare.h, the
 * one place that asks).  At the first finding the tree is shrunk
 * (shrink.h) while the same kind of finding stays, and the report holds
 * the small tree, what was fed, what the program printed on it and the
 * comparison's report on it.
 */
#ifndef AB_TESTER_H
#define AB_TESTER_H

#include <stdbool.h>
#include <stdint.h>

#include "base/str.h"
#include "core/config.h"
#include "core/tree.h"
#include "sources/game.h"
#include "testing/compare.h"
#include "testing/feed.h"
#include "testing/gen.h"
#include "testing/run.h"
#include "testing/shrink.h"

#define AB_TEST_COUNT 1000u          /* trees tried by default */
#define AB_TEST_SHRINK_TRIES 5000u   /* candidates asked about at most */
#define AB_TEST_SHRINK_HANGS 20u     /* of them at most, for a hang (each
					costs the whole timeout) */

struct ab_test_options {
	struct ab_config config;     /* the reference search */
	unsigned given;              /* its AB_PART_*s the user stated (the
					others may vary, as diff's) */
	struct ab_gen gen;           /* the trees; gen.spec.seed the run's */
	uint64_t count;              /* trees to try */
	enum ab_feed feed;
	struct ab_run_options run;   /* the program, --batch, --timeout */
	struct ab_log_options log;   /* --zero-based, --inf */
	struct ab_game_state game;   /* --feed game: the -g position its
					positions are drawn from */
	/* Told before each tree (done of count) and as shrinking starts
	 * (shrinking true), or NULL: the command line shows a terminal its
	 * progress, the library prints nothing. */
	void (*progress)(void *ctx, uint64_t done, uint64_t count, bool shrinking);
	void *progress_ctx;
};

/* One run of the program on one tree, and what the comparison said. */
struct ab_test_case {
	enum ab_finding finding;
	struct ab_str input;         /* the tree as fed */
	struct ab_run_output run;
	bool compared;               /* the output was compared (it ran to
					its end, or printed something) */
	struct ab_str diff_text, diff_json;
};

struct ab_test_report {
	uint64_t trees;              /* trees tried */
	uint64_t index;              /* the one with the finding (from 0) */
	enum ab_gen_shape shape;     /* its shape */
	enum ab_finding finding;     /* NONE: every tree agreed */
	uint32_t leaves_before;      /* its leaves as generated */
	struct ab_tree *tree;        /* the shrunk tree, or NULL */
	struct ab_shrink_stats shrink;
	struct ab_test_case shrunk;  /* the program on the shrunk tree */
	uint64_t starts;             /* programs started in all */
	/* --feed game: the position of the finding, shrunk, and the nodes
	 * of its game tree and of the position first found's. */
	struct ab_game_state position;
	uint32_t nodes, nodes_before;
};

/* Runs the test.  Returns 0 with *report filled (free it with
 * ab_test_report_free), or the errno of a program that cannot be started,
 * *report then holding what was done before. */
int ab_test_run(const struct ab_test_options *options,
		struct ab_test_report *report);
void ab_test_report_free(struct ab_test_report *report);

/* The report as text: what was found on which tree, the shrunk tree in
 * tree-file syntax and as fed, the program's output on it, and the
 * comparison's report. */
void ab_test_report_text(const struct ab_test_options *options,
			 const struct ab_test_report *report, struct ab_str *out);
/* The report as one JSON object and a newline: seed, trees, finding. */
void ab_test_report_json(const struct ab_test_options *options,
			 const struct ab_test_report *report, struct ab_str *out);

/* --save DIR: the files written, none of which may exist. */
#define AB_TEST_SAVED(X) \
	X(TREE, "tree.tree") \
	X(INPUT, "input.txt") \
	X(OUTPUT, "output.log") \
	X(STDERR, "stderr.txt") \
	X(DIFF, "diff.txt") \
	X(REPORT, "report.txt")

/* Whether dir can take the files: it is a directory (not a link to one)
 * or can be made, and holds none of them.  Returns 0 or an errno, with
 * *name (may be NULL) the file to blame or NULL for dir itself. */
int ab_test_save_check(const char *dir, const char **name);
/* Makes dir when it does not exist and writes the files into it, each
 * created new (O_EXCL, no link followed).  Returns 0 or an errno, with
 * *name as above. */
int ab_test_save(const char *dir, const struct ab_test_options *options,
		 const struct ab_test_report *report, const char **name);

#endif
