/* lesson.h - narrated lessons: text tied to the steps of one search.
 *
 * A lesson file names a bundled tree and a search convention, then walks
 * through the recorded trace in blocks, each anchored at a step (by number
 * or by an event such as "the cutoff at C").  A block has text in English
 * and Chinese, questions that ask the student to predict what comes next
 * (with the right answer), and claims ("alpha-beta looks at 7 leaves",
 * "C is only <= 2") that ab_lesson_check holds against the trace, so a
 * lesson cannot drift from what the program shows.  The format is
 * abtrace-lesson(5).
 *
 * Errors are data: a struct ab_diag with line and column.
 */
#ifndef AB_LESSON_H
#define AB_LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "core/event.h"
#include "views/format.h"
#include "core/search.h"
#include "base/str.h"
#include "core/trace.h"
#include "core/tree.h"

enum ab_lang { AB_LANG_EN, AB_LANG_ZH, AB_LANG_COUNT };

/* Chinese when LANGUAGE (its first entry), else LC_ALL, LC_MESSAGES or
 * LANG, starts with "zh"; English otherwise. */
enum ab_lang ab_lang_from_env(void);
/* "en" -> AB_LANG_EN, "zh" -> AB_LANG_ZH; false for anything else. */
bool ab_lang_parse(const char *text, enum ab_lang *lang);

/* Text in both languages; either may be empty.  Paragraphs are separated
 * by "\n". */
struct ab_lesson_text {
	struct ab_str lang[AB_LANG_COUNT];
};

/* The text in lang, or in English when there is none in lang. */
const char *ab_lesson_text(const struct ab_lesson_text *text, enum ab_lang lang);

/* A node named in a lesson: the name as written, where, and (after
 * ab_lesson_bind) the node it names. */
struct ab_lesson_ref {
	char *name;
	size_t pos;
	uint32_t node;
};

/* ---- Questions: "what happens next?" --------------------------------- */

enum ab_ask_kind {
	AB_ASK_NEXT,    /* next NODE: the node visited next (entered or looked at) */
	AB_ASK_PRUNED,  /* pruned NODE...: the children the next cutoff skips */
	AB_ASK_VALUE,   /* value NODE BOUND: what NODE is proved to be */
	AB_ASK_EVENT,   /* event KIND: the kind of the next event */
	AB_ASK_PROBE,   /* probe NODE USE: what NODE's next probe of the
			   table finds (hit or miss, or how it is used) */
	AB_ASK_FLAG,    /* flag NODE FLAG: the flag NODE's next store gets */
};

/* A number as a lesson writes it: exact (any decimal or fraction a tree
 * file could hold), or an infinity.  It becomes a value of the tree's own
 * unit when the lesson is bound to its tree. */
struct ab_lesson_number {
	struct ab_exact x;
	int inf;                    /* -1: -inf, +1: +inf, 0: x */
};

struct ab_lesson_question {
	enum ab_ask_kind kind;
	struct ab_lesson_text prompt;
	char *answer;               /* the right answer as the file writes it */
	struct ab_lesson_ref subject;       /* next, value */
	struct ab_lesson_ref *list;         /* pruned */
	uint32_t nlist;
	struct ab_lesson_number said_lo, said_hi; /* value: as written */
	ab_value lo, hi;            /* the same once bound (AB_VALUE_OFF_GRID
				       for a number no value can equal) */
	enum ab_event_kind event;   /* event */
	int use;                    /* probe: enum ab_tt_use, or -2 for "hit"
				       (found, however used) */
	int flag;                   /* flag: enum ab_tt_flag */
	size_t pos;                 /* where in the file, for messages */
};

/* ---- Claims: facts the test suite checks -------------------------------- */

enum ab_claim_kind {
	AB_CLAIM_LEAVES,      /* leaves N: leaves looked at in all */
	AB_CLAIM_NODES,       /* nodes N: inner nodes entered */
	AB_CLAIM_VALUE,       /* value NODE BOUND: the proved interval */
	AB_CLAIM_RETURNS,     /* returns NODE V: what the node returns */
	AB_CLAIM_CUTOFF,      /* cutoff NODE [deep] [by NODE] [pruned NODE...] */
	AB_CLAIM_NOCUT,       /* nocut NODE: no cutoff fires there */
	AB_CLAIM_PRUNED,      /* pruned [LEAF...]: exactly these leaves unseen */
	AB_CLAIM_BEST,        /* best NODE: the best root move */
	AB_CLAIM_WINDOW,      /* window NODE A B: the window NODE entered with */
	AB_CLAIM_KNUTH_MOORE, /* knuth-moore N: b^ceil(d/2) + b^floor(d/2) - 1 */
	AB_CLAIM_EVENT,       /* event KIND [NODE]: the block's own step */
	AB_CLAIM_HITS,        /* hits N: the table's probes that find an entry */
	AB_CLAIM_PROBE,       /* probe NODE USE: NODE's probe (the next from
				 the block's step, else its first) */
	AB_CLAIM_STORED,      /* stored NODE FLAG [V]: NODE's store, the same */
	AB_CLAIM_RESEARCH,    /* research NODE: a research event of NODE */
	AB_CLAIM_TYPE,        /* type NODE PV|CUT|ALL: Knuth and Moore's, at the
				 end */
};

/* Any claim may end in "under WORDS" (the words of the header's search:
 * line) to be checked against that search instead of the lesson's. */
struct ab_lesson_claim {
	enum ab_claim_kind kind;
	struct ab_config config;   /* the lesson's, changed by "under ..." */
	bool has_under;
	struct ab_lesson_ref subject;      /* the node claimed about */
	struct ab_lesson_ref by;           /* cutoff: by NODE (name NULL if not) */
	bool deep, has_pruned;             /* cutoff: "deep"; "pruned" given */
	struct ab_lesson_ref *list;        /* pruned lists */
	uint32_t nlist;
	ab_value number, lo, hi;   /* leaves/nodes/returns/knuth-moore: number;
				      value: [lo, hi]; window: alpha, beta */
	/* returns, value and window: the numbers as written, which
	 * ab_lesson_bind turns into number, lo and hi in the tree's unit
	 * (AB_VALUE_OFF_GRID for one no value can equal). */
	struct ab_lesson_number said_number, said_lo, said_hi;
	enum ab_event_kind event;  /* event */
	int use;                   /* probe: as a question's */
	int flag;                  /* stored: enum ab_tt_flag; type: enum
				      ab_node_type */
	bool has_value;            /* stored: a value given (said_number) */
	size_t pos;
};

/* ---- Blocks and the lesson ----------------------------------------------- */

enum ab_anchor { AB_ANCHOR_STEP, AB_ANCHOR_EVENT, AB_ANCHOR_END };

struct ab_lesson_block {
	enum ab_anchor anchor;
	enum ab_event_kind event;   /* AB_ANCHOR_EVENT */
	struct ab_lesson_ref event_node;    /* AB_ANCHOR_EVENT: name NULL if none */
	size_t step;                /* resolved by ab_lesson_bind */
	struct ab_lesson_text text;
	struct ab_lesson_question *questions;
	size_t nquestions;
	struct ab_lesson_claim *claims;
	size_t nclaims;
	size_t pos;
};

struct ab_lesson {
	char *text;                 /* the file, kept for messages */
	size_t len;
	struct ab_lesson_text title;
	char *tree_name;            /* as the header gives it */
	bool game;                  /* it is a game's position (game:) */
	char *dir;                  /* the file's directory (ab_lesson_load),
				       where a relative tree: path is tried
				       first; NULL for parsed text */
	size_t tree_pos;
	struct ab_config config;    /* from the header's search: line */
	struct ab_lesson_block *blocks;
	size_t nblocks;
	/* Set by ab_lesson_bind: */
	struct ab_tree *tree;       /* owned */
	struct ab_trace *trace;     /* owned, under config */
};

/* Parses a lesson's text (len bytes, NUL-terminated).  NULL with *diag set
 * on a syntax error.  Node names are kept as text until ab_lesson_bind. */
struct ab_lesson *ab_lesson_parse(const char *text, size_t len,
				  struct ab_diag *diag);
/* Reads and parses a lesson file. */
struct ab_lesson *ab_lesson_load(const char *path, struct ab_diag *diag);
/* Loads the lesson's tree, records its search, and resolves every anchor
 * and node name.  False with *diag set (at the offending place in the
 * lesson; *tree_diag true when the error is in the tree file instead). */
bool ab_lesson_bind(struct ab_lesson *lesson, struct ab_diag *diag,
		    bool *tree_diag);
void ab_lesson_free(struct ab_lesson *lesson);

/* Checks every claim, and every question's stated answer, against the
 * trace (ab_lesson_bind first).  Returns how many failed; *failures (when
 * not NULL) gets an array of that many messages with their places, to be
 * freed with free(). */
size_t ab_lesson_check(const struct ab_lesson *lesson,
		       struct ab_diag **failures);

/* Whether the named nodes (resolved) are the same set as want[0..nwant). */
bool ab_lesson_same_nodes(const struct ab_lesson_ref *given, uint32_t ngiven,
			  const uint32_t *want, uint32_t nwant);

/* ---- For the replay ---------------------------------------------------
 *
 * Play lesson->tree under lesson->config: the blocks' steps are steps of
 * that search (lesson->trace).  Show ab_lesson_block_at's text beside the
 * tree; at a block's own step, ask its questions before going on. */

/* The block that speaks for this step: the last one at or before it, or
 * NULL before the first. */
const struct ab_lesson_block *ab_lesson_block_at(const struct ab_lesson *lesson,
						  size_t step);
/* Whether a student's answer to q is right: a node name for next, names
 * separated by spaces or commas for pruned (any order), a bound ("3",
 * "<= 2", "≥ 5") for value, an event name for event. */
bool ab_lesson_answer_ok(const struct ab_lesson *lesson,
			 const struct ab_lesson_question *q, const char *answer);

/* ---- Plain text ------------------------------------------------------------ */

/* The whole lesson as plain text: the title, then every step of the trace
 * narrated, with each block's text and questions (answer after) where
 * they belong.  Leaves the trace at its last step. */
void ab_lesson_render_text(struct ab_lesson *lesson, enum ab_lang lang,
			   const struct ab_glyphs *g, struct ab_str *out);

/* ---- Finding lessons ---------------------------------------------------------- */

/* The bundled lesson files' names without ".lesson", sorted.  Returns the
 * count; *names (free each, then the array) is NULL when there are none. */
size_t ab_lesson_names(char ***names);
/* Where the lesson called name is: an existing file (a path with a slash,
 * or a name ending in ".lesson"), a bundled
 * name ("01-minimax"), or a bundled name without its number ("minimax").
 * Appends the path to out; false when there is none. */
bool ab_lesson_find(const char *name, struct ab_str *out);

#endif
