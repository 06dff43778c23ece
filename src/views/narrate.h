/* narrate.h - one plain sentence for each event.
 *
 * The same sentence is printed by `abtrace trace`, shown by the replay under
 * "what just happened" and quoted by lessons and the grader: which
 * inequality fired where, with the numbers, which ancestor's bound it was,
 * which children are skipped, and what a returned value proves.
 */
#ifndef AB_NARRATE_H
#define AB_NARRATE_H

#include "core/event.h"
#include "views/format.h"
#include "base/str.h"
#include "core/trace.h"

/* Appends the sentence for ev, the event at trace's current step. */
void ab_narrate(const struct ab_trace *trace, const struct ab_event *ev,
		const struct ab_glyphs *g, struct ab_str *out);
/* In a language written without spaces between words (Chinese), drops
 * the ASCII spaces a message's template left between two CJK characters
 * (a translated name such as "节点 2" after "返回给 "), from byte from on.
 * English text is left alone. */
void ab_narrate_tidy(struct ab_str *text, size_t from);
/* Appends node n's name as a sentence says it: ab_tree_name's, with an
 * unlabelled root called "root" in the language of the messages. */
void ab_narrate_name(const struct ab_tree *tree, uint32_t n, struct ab_str *out);
/* Appends how a move (a child of the root) is named in a sentence: its
 * name, or for an unlabelled child its rank as well, "the second child,
 * 2", since a bare path reads as a number. */
void ab_narrate_move(const struct ab_tree *tree, uint32_t n, struct ab_str *out);
/* Appends a list of node names: "C2 and C3", "E1, E2 and E3"; more than
 * max names end in "... (N in all)". */
/* "MAX", "MIN", or "chance" (translated): a player as the text names it. */
const char *ab_player_name(enum ab_player p);
void ab_narrate_names(const struct ab_tree *tree, const uint32_t *nodes,
		      uint32_t count, uint32_t max, struct ab_str *out);

#endif
