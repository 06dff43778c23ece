/* draw.h - one frame of the replay into a curses window.
 *
 * The frame is built in the window and sent to the terminal once
 * (wnoutrefresh + doupdate), so the screen never flickers.  The drawer
 * only reads the state, apart from noting where the tree went (for the
 * mouse) and scrolling to follow the current node when asked.
 */
#ifndef AB_TUI_DRAW_H
#define AB_TUI_DRAW_H

#include <curses.h>

#include "tui/state.h"

/* Sets up colours unless NO_COLOR is set or the terminal has none; then
 * rp->color says which.  Call after newterm. */
void ab_draw_setup(struct ab_replay *rp);
/* The rows the presenter layout gives the tree on a screen of screen_rows
 * rows (all but the title, the narration and the status line). */
int ab_draw_presenter_rows(int screen_rows);
/* Draws the whole screen for the current step. */
void ab_draw_frame(WINDOW *win, struct ab_replay *rp);

#endif
