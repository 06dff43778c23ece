/* keys.h - the replay's key bindings: one table, key -> action.
 *
 * The help screen (`?`), abtrace(1)'s REPLAY KEYS (written from it at build
 * time by mankeys.c) and the tests all read this table, so a binding is
 * written once.  Actions are carried out by the replay's main loop, which
 * reports what needs redrawing.
 */
#ifndef AB_TUI_KEYS_H
#define AB_TUI_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/i18n.h"
#include "base/str.h"

/* Every action once, with the help text the help screen shows. */
#define AB_ACTIONS(X) \
	X(FORWARD, N_("step forward")) \
	X(BACK, N_("step back")) \
	X(FIRST, N_("first step")) \
	X(LAST, N_("last step")) \
	X(NEXT_CUT, N_("next cutoff")) \
	X(PREV_CUT, N_("previous cutoff")) \
	X(NEXT_LEAF, N_("next leaf")) \
	X(PREV_LEAF, N_("previous leaf")) \
	X(AUTOPLAY, N_("autoplay on/off")) \
	X(FASTER, N_("autoplay faster")) \
	X(SLOWER, N_("autoplay slower")) \
	X(FAIL_HARD, N_("fail-soft / fail-hard")) \
	X(STRICT, N_("strict cuts (α > β) on/off")) \
	X(ORDER, N_("next child order (given, reverse, best, worst, random)")) \
	X(ALGO, N_("alpha-beta / minimax replay")) \
	X(OUTLINE, N_("tree / outline view")) \
	X(EDIT, N_("edit a leaf's value")) \
	X(SWAP, N_("swap two children")) \
	X(UNDO, N_("undo the last edit or swap")) \
	X(RESET, N_("undo every edit: the tree as loaded")) \
	X(SAVE, N_("save the tree, edits and labels kept, to a file")) \
	X(EXPORT, N_("export this step as a picture file, in any format export writes")) \
	X(PRESENTER, N_("presenter layout: the tree alone, spread out, for a projector")) \
	X(SELECT_NEXT, N_("select the next node (details)")) \
	X(SELECT_PREV, N_("select the previous node")) \
	X(SELECT_NAME, N_("select a node by name")) \
	X(UNSELECT, N_("clear the selection")) \
	X(SCROLL_UP, N_("scroll the view up")) \
	X(SCROLL_DOWN, N_("scroll the view down")) \
	X(SCROLL_LEFT, N_("scroll the view left")) \
	X(SCROLL_RIGHT, N_("scroll the view right")) \
	X(REDRAW, N_("redraw the screen")) \
	X(HELP, N_("this help")) \
	X(QUIT, N_("quit")) \
	X(PRACTICE, N_("practice on this tree: nothing shown, you mark it, c checks")) \
	X(PRACTICE_MARK, N_("practice: mark or unmark the selected leaf pruned")) \
	X(PRACTICE_VALUE, N_("practice: type a value or bound (3, <= 2, >= 5) into a node")) \
	X(PRACTICE_CHECK, N_("practice: check the marks")) \
	X(PREDICT, N_("predict mode: say v (looked at) or x (pruned) before each leaf")) \
	X(NEXT_ITERATION, N_("iterative deepening: the next iteration")) \
	X(PREV_ITERATION, N_("iterative deepening: the previous iteration")) \
	X(VIEW, N_("minimax / negamax view of values and windows")) \
	X(DIVERGENCE, N_("a program's log: open one, or go to where it first parts from the search"))

enum ab_action {
#define AB_ACTION_ENUM(name, help) AB_ACT_##name,
	AB_ACTIONS(AB_ACTION_ENUM)
#undef AB_ACTION_ENUM
	AB_ACT_COUNT,
	AB_ACT_NONE = AB_ACT_COUNT
};

struct ab_binding {
	int key;           /* a character or a curses KEY_ code */
	const char *label; /* how the help screen names the key */
	const char *ascii; /* the same in ASCII, when label is not */
	enum ab_action action;
};

extern const struct ab_binding ab_bindings[];
extern const size_t ab_nbindings;

/* The action bound to key, or AB_ACT_NONE. */
enum ab_action ab_key_action(int key);
/* The help text of an action. */
const char *ab_action_help(enum ab_action action);
/* Appends the labels of every key bound to action: "→, l, space, PgDn"
 * ("Right, l, space, PgDn" when ascii). */
void ab_action_keys(enum ab_action action, bool ascii, struct ab_str *out);
/* Appends the help screen: one line per action, "KEYS  HELP\n", keys
 * padded to a column; α and β are written alpha and beta when ascii. */
void ab_keys_help(bool ascii, struct ab_str *out);

/* What an action asks of the screen (bits). */
enum ab_redraw {
	AB_REDRAW_NONE = 0,
	AB_REDRAW_FRAME = 1,   /* draw the frame again */
	AB_REDRAW_RECORD = 2,  /* search again: tree or configuration changed */
	AB_REDRAW_LAYOUT = 4,  /* lay the tree out again */
	AB_REDRAW_CLEAR = 8,   /* repaint the whole terminal (ctrl-L) */
	AB_REDRAW_QUIT = 16,   /* leave the replay */
};

#endif
