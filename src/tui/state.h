/* state.h - the replay's state, shared by its main loop (replay.c), which
 * changes it, the modes (practice.c), which change their own part of it,
 * and the frame drawer (draw.c), which only reads it and notes where it
 * put things (for the mouse and for following the current node).
 *
 * The code reads one way: loop -> modes -> state -> draw.  A mode is data
 * here that the drawer reads; a mode or an action that needs a line typed
 * does not read it itself but fills in rp->prompt ("ask this") and
 * returns; the loop edits the line and hands the answer back.
 */
#ifndef AB_TUI_STATE_H
#define AB_TUI_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "homework/answer.h"
#include "views/format.h"
#include "homework/grade.h"
#include "core/search.h"
#include "base/str.h"
#include "core/trace.h"
#include "core/tree.h"
#include "sources/game.h"
#include "views/layout.h"
#include "tui/replay.h"

struct ab_replay_log;

/* Trees with more leaves than this open in the outline view: drawn out
 * they would be hundreds of screens wide. */
#define AB_TREE_VIEW_MAX_LEAVES 2000u

/* The smallest terminal the replay draws in. */
#define AB_MIN_COLS 50
#define AB_MIN_LINES 16

struct ab_rect {
	int top, left, rows, cols;
};

/* ---- Modes: practice and predict (changed by tui/practice.c) ------------ */

struct ab_practice_claim {
	bool set;
	enum ab_bound bound;
	ab_value value;
};

struct ab_practice {
	bool on;                /* practice mode: the tree hidden, marked by hand */
	size_t saved_step;      /* the replay's step before practice */
	uint32_t count;         /* nodes the arrays below cover */
	bool *marked;           /* leaf marked pruned */
	struct ab_practice_claim *claims; /* value or bound typed into an inner node */
	struct ab_grade grade;
	bool graded;            /* grade holds the last check of these marks */

	bool predict;           /* predict mode: v or x before each leaf */
	uint32_t pending;       /* the leaf asked about, or AB_NONE */
	bool pending_pruned;    /* the right answer to it */
	unsigned asked, right;  /* the running score */
};

/* ---- Prompts: a line the loop reads for a mode or an action -------------- */

enum ab_prompt_kind {
	AB_PROMPT_NONE,
	AB_PROMPT_EDIT_LEAF,   /* which leaf to edit */
	AB_PROMPT_EDIT_VALUE,  /* the new value of leaf node */
	AB_PROMPT_SWAP,        /* which two children to swap */
	AB_PROMPT_SELECT,      /* which node to select */
	AB_PROMPT_CLAIM,       /* practice: the value or bound of node */
	AB_PROMPT_LESSON,      /* the answer to the lesson's current question */
	AB_PROMPT_SAVE,        /* the file to save the tree to */
	AB_PROMPT_EXPORT,      /* the format and file of a picture of this step */
	AB_PROMPT_LOG,         /* the file of a program's log to hold to the search */
};

struct ab_prompt {
	enum ab_prompt_kind kind;  /* AB_PROMPT_NONE: no prompt open */
	uint32_t node;             /* the node it is about, or AB_NONE */
	struct ab_str question;
	struct ab_str answer;      /* the line typed so far */
};

/* Opens a prompt: the loop shows question, reads the line (starting from
 * initial) and hands it back.  A mode calls this and returns. */
static inline void ab_prompt_open(struct ab_prompt *p, enum ab_prompt_kind kind,
				  uint32_t node, const char *question, const char *initial)
{
	p->kind = kind;
	p->node = node;
	ab_str_clear(&p->question);
	ab_str_add(&p->question, question);
	ab_str_clear(&p->answer);
	ab_str_add(&p->answer, initial ? initial : "");
}

/* One undoable edit of the tree. */
struct ab_edit {
	bool swap;                 /* a swap of two children, else a leaf's value */
	uint32_t node;             /* the leaf, or the parent */
	uint32_t i, j;             /* swap: the two ranks */
	ab_value old, new_;        /* value: before and after */
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
	struct ab_prompt prompt;       /* a line being typed, if any */

	/* Edits, newest last, for u (undo) and the reset key. */
	struct ab_edit *edits;
	size_t nedits, edits_cap;

	bool presenter;                /* the presenter layout: the tree only */

	/* A lesson being played, or NULL. */
	const struct ab_lesson *lesson;
	enum ab_lang lang;
	bool *asked;                   /* per block: its questions were asked */
	const struct ab_lesson_block *feedback_block; /* feedback is about it */
	struct ab_str feedback;        /* the answers given and whether right */
	const struct ab_lesson_block *asking; /* the block whose questions run */
	size_t question;               /* the question being asked in it */
	unsigned tries;                /* wrong answers to it so far */
	unsigned lesson_asked, lesson_right, lesson_tries; /* the lesson's score */

	bool color;                    /* colours as well as attributes */
	bool too_small;

	/* A game's tree (-g): its game and root position, for the boards. */
	bool is_game;
	struct ab_game_state game;

	/* Where the last frame put things. */
	struct ab_rect tree_area;

	/* Practice and predict modes; NULL until used. */
	struct ab_practice *practice;

	/* A program's log beside the search, or NULL: the caller's (--log),
	 * or one opened in the replay (d), which is the replay's to free. */
	struct ab_replay_log *log;
	bool log_owned;
};

static inline bool ab_practice_on(const struct ab_replay *rp)
{
	return rp->practice && rp->practice->on;
}

static inline bool ab_predict_on(const struct ab_replay *rp)
{
	return rp->practice && rp->practice->predict;
}

/* Records the trace, counts the leaves and lays the tree out (the outline
 * for big trees): everything but the terminal, so benchmarks can draw
 * frames off screen.  False when the trace cannot be recorded. */
bool ab_replay_init(struct ab_replay *rp, struct ab_tree *tree,
		    const struct ab_config *config, const struct ab_replay_options *opts);
void ab_replay_fini(struct ab_replay *rp);

#endif
