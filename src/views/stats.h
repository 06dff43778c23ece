/* stats.h - how much each algorithm and child order looks at.
 *
 * Every count comes from the one event stream every consumer reads: the
 * search's events go to a counting sink (a consumer that never steps
 * back needs no recorded trace), never to a separate counting search.
 */
#ifndef AB_STATS_H
#define AB_STATS_H

#include <stdbool.h>
#include <stdint.h>

#include "views/format.h"
#include "core/search.h"
#include "base/str.h"
#include "core/tree.h"

struct ab_counts {
	bool known;       /* this search was run */
	uint32_t leaves;  /* leaves looked at */
	uint32_t nodes;   /* inner nodes entered */
	ab_value value;   /* the root's value */
	uint32_t best;    /* the best root child, or AB_NONE */
	uint32_t probes, hits, stores; /* with a transposition table */
};

/* Iterations with a row of their own (an iterative search of more levels
 * than this is counted in its total only). */
#define AB_STATS_MAX_ROWS 64
/* The most searches one report compares. */
#define AB_STATS_MAX_SEARCHES 12

/* One search the report compares: a configuration, and what it counted. */
struct ab_stats_row {
	const char *key;               /* its name: "minimax", "alphabeta",
					  "best_order", "worst_order", with
					  --tt "minimax_tt" and
					  "alphabeta_tt", with --pvs "pvs"
					  (and "pvs_tt" with both): the
					  JSON's key */
	struct ab_config config;       /* the search that was run */
	struct ab_counts counts;
};

struct ab_stats {
	struct ab_config config;       /* the order and conventions asked for */
	uint32_t leaves_total, inner_total;
	uint32_t positions;            /* what the share column is of: the
					  positions a search to --depth
					  evaluates (leaves_total without
					  one, or under --iterative) */
	/* The searches run, in the order they are shown: minimax, then
	 * alpha-beta in the order asked, best first and worst first (or
	 * only the one asked for), all without the engine's techniques;
	 * then, for those asked for, minimax and the asked search with the
	 * table, PVS, and both. */
	struct ab_stats_row rows[AB_STATS_MAX_SEARCHES];
	uint32_t nrows;
	uint32_t tt_slots;             /* the table's slots (0: none asked) */
	bool no_iterative;             /* --compare: the iterative row left
					  out (no static values where its
					  iterations stop) */
	bool uniform;
	uint32_t branching, depth;     /* when uniform */
	uint64_t minimal_leaves;       /* Knuth-Moore, when uniform, for */
	uint32_t searched_depth;       /*   the depth searched (--depth) */
	/* --iterative: one row per iteration, their total, and beside them
	 * (in rows) the searches straight to the last depth. */
	uint32_t last_depth;           /* the deepest iteration, or 0 */
	uint32_t niterations;
	struct ab_counts iterations[AB_STATS_MAX_ROWS];
	struct ab_counts iterative_total;
};

/* b^ceil(d/2) + b^floor(d/2) - 1: the leaves alpha-beta must examine on a
 * uniform tree of branching b and depth d, reached with the best order.
 * UINT64_MAX when it does not fit. */
uint64_t ab_knuth_moore(uint32_t branching, uint32_t depth);

/* Runs one search, reading its events as they come, and counts it.  False
 * only if the search stopped early (it does not: the sink never stops it). */
bool ab_count(const struct ab_tree *tree, const struct ab_config *config,
	      struct ab_counts *out);

/* The full report.  When only_asked, just the one search config asks for
 * (minimax or alpha-beta in its order) is run; otherwise every search of
 * the comparison (stats.c's list). */
bool ab_stats_compute(const struct ab_tree *tree, const struct ab_config *config,
		      bool only_asked, struct ab_stats *out);
/* stats --compare (abtrace(1), stats): one row per technique, each
 * under the conventions and depth asked for, the others left out:
 * "minimax", "alphabeta" (the given order), "best_order", "iterative"
 * (iterative deepening; left out on a tree deeper than --iterative
 * goes), "tt" (the table), "killer", "history" and "pvs".  False only if
 * a search stopped early.  Every row must find the same root value:
 * ab_stats_disagree says where they do not. */
bool ab_stats_compare(const struct ab_tree *tree, const struct ab_config *config,
		      struct ab_stats *out);
/* NULL when every row the report ran found the same root value; else a
 * message naming the rows and their values (to free). */
char *ab_stats_disagree(const struct ab_tree *tree, const struct ab_stats *stats);

/* The counts of the search called key ("alphabeta"), or NULL when the
 * report did not run it. */
const struct ab_counts *ab_stats_find(const struct ab_stats *stats, const char *key);
void ab_stats_json(const struct ab_tree *tree, const struct ab_stats *stats,
		   struct ab_str *out);
void ab_stats_text(const struct ab_tree *tree, const struct ab_stats *stats,
		   const struct ab_glyphs *g, struct ab_str *out);

#endif
