/* pseudocode.h - the search as the lecture writes it, and which line each
 * event executes.
 *
 * The listings: alpha-beta fail-soft (a node returns its best value),
 * alpha-beta fail-hard (a node returns its bound, as the lecture writes
 * it), fail-hard=clamp (its bound clamped to the window it was given, as
 * engines write it) and plain minimax, and the same in negamax form for
 * --view negamax.  The
 * replay shows the one in force and highlights the line of the current
 * event.  Pure: no curses.
 */
#ifndef AB_TUI_PSEUDOCODE_H
#define AB_TUI_PSEUDOCODE_H

#include <stdbool.h>

#include "core/event.h"
#include "views/format.h"
#include "core/search.h"
#include "base/str.h"

enum ab_pseudo_kind { AB_PSEUDO_FAIL_SOFT, AB_PSEUDO_FAIL_HARD,
		      AB_PSEUDO_FAIL_CLAMP, /* --fail-hard=clamp */
		      AB_PSEUDO_MINIMAX,
		      AB_PSEUDO_FAIL_SOFT_CHANCE, AB_PSEUDO_FAIL_HARD_CHANCE,
		      AB_PSEUDO_FAIL_CLAMP_CHANCE, AB_PSEUDO_EXPECTIMAX,
		      /* --view negamax: the same as negamax writes them */
		      AB_PSEUDO_NEGAMAX_SOFT, AB_PSEUDO_NEGAMAX_HARD,
		      AB_PSEUDO_NEGAMAX_CLAMP, AB_PSEUDO_NEGAMAX,
		      AB_PSEUDO_COUNT };

/* The listing for a search configuration. */
enum ab_pseudo_kind ab_pseudo_kind_of(const struct ab_config *config);
/* The listing for a configuration on this tree: with chance nodes, the
 * listing that says what a chance node does. */
enum ab_pseudo_kind ab_pseudo_kind_for(const struct ab_config *config,
				       const struct ab_tree *tree);
/* A title such as "alpha-beta, fail-soft". */
const char *ab_pseudo_title(enum ab_pseudo_kind kind);
unsigned ab_pseudo_lines(enum ab_pseudo_kind kind);
/* Appends line i (0-based): glyphs from g (α or alpha, ≥ or >=), the cut
 * test as strict says (α > β or α ≥ β). */
void ab_pseudo_line(enum ab_pseudo_kind kind, unsigned i, bool strict,
		    const struct ab_glyphs *g, struct ab_str *out);
/* The line the event executes, for an event at a node where player moves;
 * -1 when no line of this listing does it. */
int ab_pseudo_line_of(enum ab_pseudo_kind kind, const struct ab_event *ev,
		      enum ab_player player);

#endif
