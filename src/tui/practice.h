/* practice.h - working the search by hand inside the replay.
 *
 * Practice mode (`abtrace practice`, or `p` in the replay) shows the tree
 * with nothing of the search revealed.  The student moves over the nodes,
 * marks leaves pruned and types values or bounds into inner nodes in the
 * answer-file syntax ("3", "<= 2", ">= 5", "= 3"); `c` hands the marks, as
 * a struct ab_answer, to the same grader as `abtrace check` and shows
 * right and wrong on the tree, the selected node's explanation and the
 * score.
 *
 * Predict mode (`P`) keeps the ordinary replay but, before a step that
 * decides a leaf (the leaf is looked at, or a cutoff prunes it), asks
 * whether that leaf will be looked at (`v`) or pruned (`x`), keeping a
 * running score.
 *
 * The drawer asks this file what to show; the main loop hands it keys
 * first.  All state lives in rp->practice.
 */
#ifndef AB_TUI_PRACTICE_H
#define AB_TUI_PRACTICE_H

#include <stdbool.h>
#include <stdint.h>

#include "str.h"
#include "tui/state.h"

/* Whether practice mode (the hidden tree) or predict mode is on. */
bool ab_practice_on(const struct ab_replay *rp);
bool ab_predict_on(const struct ab_replay *rp);

/* Turns practice mode on (the current tree, fresh marks) or off (back to
 * the step the replay was at).  Returns what to redraw (enum ab_redraw). */
unsigned ab_practice_toggle(struct ab_replay *rp);
/* Turns predict mode on or off; the score starts again when turned on. */
unsigned ab_predict_toggle(struct ab_replay *rp);

/* Offers a key to practice or predict mode before the key table sees it.
 * True when taken, with *redraw set (enum ab_redraw). */
bool ab_practice_key(struct ab_replay *rp, int ch, unsigned *redraw);

/* ---- For the drawer ------------------------------------------------------ */

enum ab_verdict { AB_VERDICT_NONE, AB_VERDICT_RIGHT, AB_VERDICT_WRONG };

/* Whether the student marked leaf n pruned. */
bool ab_practice_marked(const struct ab_replay *rp, uint32_t n);
/* Appends what the student wrote into inner node n ("≤ 2"), if anything. */
void ab_practice_claim(const struct ab_replay *rp, uint32_t n, struct ab_str *out);
/* After a check: whether the item about node n was right. */
enum ab_verdict ab_practice_verdict(const struct ab_replay *rp, uint32_t n);
/* The mark for a verdict: "✓"/"✗", or "ok"/"no" in ASCII. */
const char *ab_verdict_mark(enum ab_verdict v, bool ascii);
/* What the narration area says in practice mode: how to work, or after a
 * check the score and the selected node's explanation. */
void ab_practice_narration(const struct ab_replay *rp, struct ab_str *out);
/* Appends the mode's part of the status line (" | practice ..." or
 * " | predict 3/4 ..."), nothing when neither mode is on. */
void ab_practice_status(const struct ab_replay *rp, struct ab_str *out);

void ab_practice_free(struct ab_replay *rp);

#endif
