/* state.h - the replay's state, shared by its main loop (replay.c), which
 * changes it, and the frame drawer (draw.c), which only reads it and notes
 * where it put things (for the mouse and for following the current node).
 */
#ifndef AB_TUI_STATE_H
#define AB_TUI_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "format.h"
#include "search.h"
#include "str.h"
#include "trace.h"
#include "tree.h"
#include "tui/layout.h"
#include "tui/replay.h"

/* Trees with more leaves than this open in the outline view: drawn out
 * they would be hundreds of screens wide. */
#define AB_TREE_VIEW_MAX_LEAVES 2000u

/* The smallest terminal the replay draws in. */
#define AB_MIN_COLS 50
#define AB_MIN_LINES 16

struct ab_practice;    /* tui/practice.c: practice and predict modes */

struct ab_rect {
	int top, left, rows, cols;
};

struct ab_replay {
	struct ab_tree *tree;          /* the caller's; edits change it */
	struct ab_config config;
	struct ab_trace *trace;        /* recorded against tree */
	const struct ab_glyphs *g;
	const char *name;              /* the tree's name on the command line */

	struct ab_layout layout;       /* tree view positions, when laid out */
	bool laid_out;
	bool outline;                  /* the outline view instead of the tree */
	struct ab_scroll scroll;       /* tree view */
	uint32_t outline_top;          /* first line shown in the outline */
	uint32_t *outline_order;       /* the node on each outline line */
	uint32_t *outline_line;        /* the outline line of each node */
	bool follow;                   /* bring the current node into view */

	uint32_t selected;             /* a node whose details show, or AB_NONE */
	bool follow_selected;          /* follow the selection, not the step */
	bool help;                     /* the key help is open */
	int help_top;                  /* its first line shown */

	/* Leaf counts, from traces: once per tree or configuration. */
	uint32_t minimax_leaves;
	uint32_t alphabeta_leaves;
	bool uniform;
	uint32_t branching, depth;
	uint64_t knuth_moore;

	bool autoplay;
	int autoplay_ms;               /* between steps */

	struct ab_str message;         /* shown once in the status line */
	const char *question;          /* a prompt being answered, or NULL */
	struct ab_str answer;

	/* A lesson being played, or NULL. */
	const struct ab_lesson *lesson;
	enum ab_lang lang;
	bool *asked;                   /* per block: its questions were asked */
	const struct ab_lesson_block *feedback_block; /* feedback is about it */
	struct ab_str feedback;        /* the answers given and whether right */

	bool color;                    /* colours as well as attributes */
	bool too_small;

	/* Where the last frame put things. */
	struct ab_rect tree_area;

	/* Practice and predict modes; NULL until used. */
	struct ab_practice *practice;
};

/* Records the trace, counts the leaves and lays the tree out (the outline
 * for big trees): everything but the terminal, so benchmarks can draw
 * frames off screen.  False when the trace cannot be recorded. */
bool ab_replay_init(struct ab_replay *rp, struct ab_tree *tree,
		    const struct ab_config *config, const struct ab_replay_options *opts);
void ab_replay_fini(struct ab_replay *rp);

/* Reads a line in the status row (practice asks for values and bounds);
 * false when cancelled.  The answer is in rp->answer. */
bool ab_replay_ask(struct ab_replay *rp, const char *question, const char *initial);

#endif
