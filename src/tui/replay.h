/* replay.h - the interactive replay: `abtrace [TREE]` in ncurses.
 *
 * A consumer of the recorded trace, like `trace --json`: it steps through
 * the events and shows the state the trace holds.  Errors (not a terminal,
 * a TERM that cannot address the cursor) come back as data; main.c prints
 * them and picks the exit status.
 */
#ifndef AB_TUI_REPLAY_H
#define AB_TUI_REPLAY_H

#include <stdbool.h>

#include "base/diag.h"
#include "lessons/lesson.h"
#include "core/search.h"
#include "core/tree.h"

struct ab_replay_options {
	bool ascii;        /* --ascii: no α, β, ≤, ≥, ∞, box lines or ✂ */
	const char *name;  /* what the tree was called on the command line */
	/* A lesson to play (its tree and search; NULL for none): its text
	 * shows beside the tree, in lang, and its questions are asked at
	 * their blocks' steps.  The tree and search stay as the lesson says. */
	const struct ab_lesson *lesson;
	enum ab_lang lang;
	bool practice;     /* start in practice mode (abtrace practice) */
	/* A program's log to show beside the search (--log LOG; tui/logview.h,
	 * NULL for none): the caller's, kept up to date by the replay.  The
	 * search starts with the convention the log agrees with. */
	struct ab_replay_log *log;
};

enum ab_replay_status {
	AB_REPLAY_OK,          /* the user quit */
	AB_REPLAY_NO_TERMINAL, /* not a terminal, or TERM unusable: *err says */
	AB_REPLAY_TOO_LARGE,   /* the trace could not be recorded */
	AB_REPLAY_SIGNALLED,   /* SIGINT, SIGTERM, SIGHUP or SIGQUIT stopped it:
				  ab_replay_stop_signal() says which */
};

/* Runs the replay of tree (which edits change in place) under config until
 * the user quits or a signal asks it to stop; the terminal is left as it
 * was either way (alternate screen, keypad and mouse modes all off).  After
 * AB_REPLAY_SIGNALLED the caller should end the program by that signal,
 * with its default action, once it has cleaned up. */
enum ab_replay_status ab_replay_run(struct ab_tree *tree,
				    const struct ab_config *config,
				    const struct ab_replay_options *opts,
				    struct ab_diag *err);
/* The signal that stopped the last ab_replay_run, or 0. */
int ab_replay_stop_signal(void);

#endif
