/* lesson_view.h - a lesson played in the replay: its text in a panel
 * beside the tree, its questions asked at their steps.
 *
 * `abtrace lesson NAME` on a terminal replays the lesson's tree under the
 * lesson's convention; at every step the panel shows the text of the block
 * that speaks for it (ab_lesson_block_at) in the lesson's language, wrapped
 * by display width (CJK characters take two columns).  At a block's own
 * step, the next step key first asks the block's questions one by one;
 * ab_lesson_answer_ok marks each and the panel says right or wrong before
 * the lesson goes on.  Keys that would change the tree or the convention
 * are refused: the lesson's steps belong to its one search.
 */
#ifndef AB_TUI_LESSON_VIEW_H
#define AB_TUI_LESSON_VIEW_H

#include <curses.h>
#include <stdbool.h>

#include "lesson.h"
#include "str.h"
#include "tui/state.h"

/* Plays lesson (bound; rp->tree is lesson->tree) in lang. */
void ab_lesson_view_start(struct ab_replay *rp, struct ab_lesson *lesson,
			  enum ab_lang lang);
void ab_lesson_view_free(struct ab_replay *rp);

/* Offers a key to the lesson before the key table sees it.  True when
 * taken, with *redraw set (enum ab_redraw). */
bool ab_lesson_view_key(struct ab_replay *rp, int ch, unsigned *redraw);

/* The panel's width on a screen cols wide; 0 when no lesson is playing. */
int ab_lesson_view_width(const struct ab_replay *rp, int cols);
/* Draws the panel into r: a rule down its left column, then the text. */
void ab_lesson_view_draw(const struct ab_replay *rp, WINDOW *w, const struct ab_rect *r);

/* Wraps text into lines of at most cols display columns, each ending in
 * '\n': at spaces, or between wide (CJK) characters, which need none;
 * "\n" in text starts a new paragraph after an empty line.  Returns the
 * number of lines. */
size_t ab_wrap_text(const char *text, unsigned cols, struct ab_str *out);

#endif
