/* ttpanel.h - the transposition table as a panel of the replay (--tt).
 *
 * The panel is text: a title, a header and one line per slot in use at
 * the current step (slot, position, depth, value, flag, best move), the
 * slot the current probe or store touches marked, and as many lines as
 * fit around it.  Making the lines is plain text work, without curses,
 * so draw.c only puts them on the screen (and a test can read them).
 */
#ifndef AB_TUI_TTPANEL_H
#define AB_TUI_TTPANEL_H

#include <stdbool.h>

#include "base/str.h"
#include "core/trace.h"
#include "views/format.h"

/* Lines of at most AB_TTPANEL_LINES, each text of at most cols columns. */
#define AB_TTPANEL_LINES 64

struct ab_ttpanel {
	struct ab_str lines[AB_TTPANEL_LINES];
	int count;
	int marked;      /* the line of the slot the current step probes or
			    stores into, or -1 */
	bool header;     /* lines 0 and 1 are the title and the header */
};

/* The lines the panel needs to show every slot in use (title and header
 * included). */
int ab_ttpanel_rows(const struct ab_trace *trace);
/* Fills panel with at most rows lines of at most cols columns for the
 * trace's current step. */
void ab_ttpanel_make(const struct ab_trace *trace, const struct ab_glyphs *g,
		     int rows, int cols, struct ab_ttpanel *panel);
void ab_ttpanel_free(struct ab_ttpanel *panel);

#endif
