/* logview.h - a program's log beside the replay (abtrace --log LOG TREE).
 *
 * The replay steps through abtrace's own search; with a log, the
 * program's lines go beside it, each at the step it agrees with, and a key
 * jumps to the first divergence with the program's line shown.  The log
 * is held to the replay's search as it stands: after a change of
 * convention or an edit of the tree it is read and compared again.
 */
#ifndef AB_TUI_LOGVIEW_H
#define AB_TUI_LOGVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "core/config.h"
#include "core/tree.h"
#include "testing/diff.h"

struct ab_replay;

struct ab_replay_log {
	char *text;                   /* a copy of the log */
	size_t len;
	struct ab_diff_options opt;   /* how to read it */
	unsigned given;               /* the parts of the search the user stated */
	enum ab_view view;            /* how it writes numbers (the replay's V
					 key changes the screen, not the log) */
	struct ab_log *log;           /* read against the tree as it stands */
	uint32_t *steps;              /* per entry: the step it agrees with, 0 none */
	struct ab_diff_result result; /* held to the replay's search */
};

/* Reads a log of tree (text is copied) whose numbers are written in
 * view; NULL with *diag set (with its line) when it cannot be used, as
 * `abtrace diff` would refuse it. */
struct ab_replay_log *ab_replay_log_read(const struct ab_tree *tree, const char *text,
					 size_t len, const struct ab_diff_options *opt,
					 unsigned given, enum ab_view view,
					 struct ab_diag *diag);
void ab_replay_log_free(struct ab_replay_log *log);
/* The same for a log opened in the replay, where no option says how its
 * paths count: from 1, or from 0 when only that reading agrees with the
 * search of config under some convention. */
struct ab_replay_log *ab_replay_log_guess(const struct ab_tree *tree, const char *text,
					  size_t len, const struct ab_config *config,
					  struct ab_diag *diag);

/* The search the log is best replayed with: config, with the convention
 * the log agrees with (or agrees with longest) where given leaves it open. */
struct ab_config ab_replay_log_convention(const struct ab_replay_log *log,
					  const struct ab_tree *tree,
					  const struct ab_config *config);

/* Holds the log to the replay's search as it now stands (after every
 * recording of the trace). */
void ab_replay_log_compare(struct ab_replay *rp);

/* The entry the current step has reached: the last whose step is at most
 * the replay's, or -1 before the first. */
long ab_replay_log_current(const struct ab_replay *rp);

#endif
