/* logview.c - the program's log held to the replay's search (logview.h).
 * Drawing it is draw.c's; this file keeps what is drawn up to date. */
#include "tui/logview.h"

#include <stdlib.h>
#include <string.h>

#include "tui/state.h"

struct ab_replay_log *ab_replay_log_read(const struct ab_tree *tree, const char *text,
					 size_t len, const struct ab_diff_options *opt,
					 unsigned given, enum ab_view view,
					 struct ab_diag *diag)
{
	struct ab_replay_log *l = ab_xcalloc(1, sizeof *l);
	l->text = ab_xmalloc(len + 1);
	memcpy(l->text, text, len);
	l->text[len] = '\0';
	l->len = len;
	l->opt = *opt;
	l->opt.quick = false;
	l->given = given;
	l->view = view;
	l->log = ab_log_read(tree, &l->opt.log, l->text, l->len, NULL, diag);
	if (!l->log) {
		ab_replay_log_free(l);
		return NULL;
	}
	l->steps = ab_xcalloc(l->log->count, sizeof *l->steps);
	return l;
}

void ab_replay_log_free(struct ab_replay_log *l)
{
	if (!l)
		return;
	ab_diff_result_free(&l->result);
	ab_log_free(l->log);
	free(l->steps);
	free(l->text);
	free(l);
}

/* Lines whose PATH of indices leads nowhere in the tree. */
static size_t nowhere(const struct ab_log *log)
{
	size_t count = 0;
	for (size_t i = 0; i < log->count; i++)
		count += (log->entries[i].flags & AB_LOG_HAS_NODE) && log->entries[i].node == AB_NONE;
	return count;
}

static bool agrees(const struct ab_tree *tree, const struct ab_config *config,
		   const struct ab_replay_log *l)
{
	struct ab_diff_result r;
	ab_diff_log(tree, config, 0, &l->opt, l->log, &r, NULL);
	bool agree = r.agree;
	ab_diff_result_free(&r);
	return agree;
}

struct ab_replay_log *ab_replay_log_guess(const struct ab_tree *tree, const char *text,
					  size_t len, const struct ab_config *config,
					  struct ab_diag *diag)
{
	struct ab_diff_options opt = { .quick = true };
	struct ab_replay_log *from1 = ab_replay_log_read(tree, text, len, &opt, 0, config->view, diag);
	if (!from1)
		return NULL;
	from1->opt.quick = true;
	if (agrees(tree, config, from1)) {
		from1->opt.quick = false;
		return from1;
	}
	opt.log.zero_based = true;
	struct ab_diag ignored;
	struct ab_replay_log *from0 = ab_replay_log_read(tree, text, len, &opt, 0, config->view,
							 &ignored);
	from1->opt.quick = false;
	if (!from0)
		return from1;
	from0->opt.quick = true;
	/* From 0 when that agrees, or leads nowhere less often. */
	bool zero = agrees(tree, config, from0) || nowhere(from0->log) < nowhere(from1->log);
	from0->opt.quick = false;
	ab_replay_log_free(zero ? from1 : from0);
	return zero ? from0 : from1;
}

struct ab_config ab_replay_log_convention(const struct ab_replay_log *l,
					  const struct ab_tree *tree,
					  const struct ab_config *config)
{
	struct ab_diff_options quick = l->opt;
	quick.quick = true;
	struct ab_diff_result r;
	struct ab_config read = *config;
	read.view = l->view;
	ab_diff_log(tree, &read, l->given, &quick, l->log, &r, NULL);
	struct ab_config c = r.against;
	ab_diff_result_free(&r);
	return c;
}

void ab_replay_log_compare(struct ab_replay *rp)
{
	struct ab_replay_log *l = rp->log;
	/* Read again: an edit may have swapped the children a path names. */
	struct ab_diag diag;
	struct ab_log *again = ab_log_read(rp->tree, &l->opt.log, l->text, l->len, NULL, &diag);
	if (again) {
		ab_log_free(l->log);
		l->log = again;
		free(l->steps);
		l->steps = ab_xcalloc(l->log->count, sizeof *l->steps);
	}
	ab_diff_result_free(&l->result);
	l->opt.glyphs = rp->g;
	unsigned held = AB_PART_FAIL | AB_PART_STRICT | AB_PART_ORDER | AB_PART_VIEW;
	memset(l->steps, 0, l->log->count * sizeof *l->steps);
	struct ab_config read = rp->config;
	read.view = l->view;
	ab_diff_log(rp->tree, &read, held, &l->opt, l->log, &l->result, l->steps);
}

long ab_replay_log_current(const struct ab_replay *rp)
{
	const struct ab_replay_log *l = rp->log;
	size_t step = rp->trace->step;
	long at = -1;
	for (size_t i = 0; i < l->log->count; i++)
		if (l->steps[i] && l->steps[i] <= step)
			at = (long)i;
	return at;
}
