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
 * The main loop hands this file keys first, and the lines typed at the
 * prompts it opens.  Its state is data in rp->practice (state.h), which
 * the drawer reads; this file never draws and never reads a line itself.
 */
#ifndef AB_TUI_PRACTICE_H
#define AB_TUI_PRACTICE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/str.h"
#include "tui/state.h"

/* Turns practice mode on (the current tree, fresh marks) or off (back to
 * the step the replay was at).  Returns what to redraw (enum ab_redraw). */
unsigned ab_practice_toggle(struct ab_replay *rp);
/* Turns predict mode on or off; the score starts again when turned on. */
unsigned ab_predict_toggle(struct ab_replay *rp);

/* Offers a key to practice or predict mode before the key table sees it.
 * True when taken, with *redraw set (enum ab_redraw). */
bool ab_practice_key(struct ab_replay *rp, int ch, unsigned *redraw);

/* The line typed at an AB_PROMPT_CLAIM prompt about node n. */
unsigned ab_practice_answer(struct ab_replay *rp, uint32_t n, const char *text);

void ab_practice_free(struct ab_replay *rp);

#endif
