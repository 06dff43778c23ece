/* replay.c - the replay's main loop: terminal set-up and tear-down, keys
 * and mouse to actions, edits, and re-recording the trace.
 *
 * The loop waits for a key at most AB_TICK_MS at a time, so it notices the
 * flag SIGINT, SIGTERM, SIGHUP and SIGQUIT set (their handlers do nothing
 * else; the caller ends the program by the signal once the terminal is
 * restored) and the
 * autoplay clock; ncurses itself handles SIGWINCH and hands over
 * KEY_RESIZE.  Every change goes through the trace: stepping is
 * ab_trace_forward/back, edits change the tree and record a new trace.
 */
#include "tui/replay.h"

#include <curses.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <time.h>
#include <unistd.h>

#include "base/atomic.h"
#include "base/file.h"
#include "views/export.h"
#include "base/i18n.h"
#include "views/stats.h"
#include "core/trace.h"
#include "tui/draw.h"
#include "tui/keys.h"
#include "tui/logview.h"
#include "tui/practice.h"
#include "tui/prompts.h"
#include "tui/state.h"

#define AB_TICK_MS 100
#define AB_AUTOPLAY_DEFAULT_MS 800
#define AB_AUTOPLAY_MIN_MS 50
#define AB_AUTOPLAY_MAX_MS 5000

static volatile sig_atomic_t stop_requested;

static void on_stop_signal(int sig)
{
	stop_requested = sig;
}

int ab_replay_stop_signal(void)
{
	return (int)stop_requested;
}

/* ---- Recording and counting --------------------------------------------- */

/* The leaf counts shown side by side: the replayed search's own trace
 * gives one, a trace of the other algorithm the other. */
static void count_leaves(struct ab_replay *rp)
{
	struct ab_config other = rp->config;
	struct ab_counts c;
	other.algo = rp->config.algo == AB_MINIMAX ? AB_ALPHABETA : AB_MINIMAX;
	bool ok = ab_count(rp->tree, &other, &c);
	if (rp->config.algo == AB_MINIMAX) {
		rp->minimax_leaves = rp->trace->leaves_visited;
		rp->alphabeta_leaves = ok ? c.leaves : 0;
	} else {
		rp->alphabeta_leaves = rp->trace->leaves_visited;
		rp->minimax_leaves = ok ? c.leaves : 0;
	}
	rp->uniform = ab_tree_uniform(rp->tree, &rp->branching, &rp->depth);
	/* Knuth and Moore's count holds where MAX and MIN take turns. */
	rp->knuth_moore = rp->uniform && ab_tree_alternates(rp->tree)
			  ? ab_knuth_moore(rp->branching, rp->depth) : UINT64_MAX;
}

/* Searches again after a change of tree or configuration and goes back to
 * the same step number (or the last).  The old trace must be gone before
 * the tree changes: pass it freed (NULL). */
static bool record(struct ab_replay *rp, size_t step)
{
	rp->trace = ab_trace_record(rp->tree, &rp->config);
	if (!rp->trace)
		return false;
	if (rp->log)
		ab_replay_log_compare(rp);
	ab_trace_seek(rp->trace, step);
	count_leaves(rp);
	rp->follow = true;
	return true;
}

/* The tree view's positions.  The presenter layout fills the screen: its
 * levels as far apart as the rows allow, sibling subtrees spread over
 * the columns.  Otherwise a tree wider than the screen takes the compact
 * layout (a leaf as wide as its value) before it scrolls; practice keeps
 * every leaf's name, which the student marks by. */
static void lay_out(struct ab_replay *rp)
{
	ab_layout_compute(&rp->layout, rp->tree, rp->g);
	rp->laid_out = true;
	struct ab_layout_options o = { 0 };
	uint32_t cols = COLS > 0 ? (uint32_t)COLS : 0;
	if (rp->presenter && cols) {
		uint32_t gaps = rp->tree->leaves > 1 ? rp->tree->leaves - 1 : 1;
		if (rp->layout.width + gaps <= cols)
			o.spread = (cols - rp->layout.width) / gaps;
		uint32_t rows = (uint32_t)ab_draw_presenter_rows(LINES);
		if (rp->tree->height && rows > AB_LAYOUT_BOX_ROWS)
			o.level_rows = (rows - AB_LAYOUT_BOX_ROWS) / rp->tree->height;
	} else if (cols && rp->layout.width > cols && !ab_practice_on(rp)) {
		o.compact = true;
	}
	if (o.spread || o.level_rows > AB_LAYOUT_LEVEL_ROWS || o.compact) {
		ab_layout_free(&rp->layout);
		ab_layout_compute_with(&rp->layout, rp->tree, rp->g, &o);
	}
}

/* After a change of tree: the outline's lines, and the tree view's
 * positions when it shows (otherwise when it is first asked for). */
static void relayout(struct ab_replay *rp)
{
	if (!rp->outline_order) {
		uint32_t count = rp->tree->count ? rp->tree->count : 1;
		rp->outline_order = ab_xcalloc(count, sizeof *rp->outline_order);
		rp->outline_line = ab_xcalloc(count, sizeof *rp->outline_line);
	}
	ab_outline_order(rp->tree, rp->outline_order, rp->outline_line);
	if (rp->laid_out)
		ab_layout_free(&rp->layout);
	rp->laid_out = false;
	if (!rp->outline)
		lay_out(rp);
}

static void say(struct ab_replay *rp, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void say(struct ab_replay *rp, const char *fmt, ...)
{
	va_list ap;
	ab_str_clear(&rp->message);
	va_start(ap, fmt);
	ab_str_vaddf(&rp->message, fmt, ap);
	va_end(ap);
}

static void selected_name(const struct ab_replay *rp, bool leaf_only, struct ab_str *out)
{
	uint32_t n = rp->selected;
	if (n != AB_NONE && (!leaf_only || ab_is_leaf(rp->tree, n)))
		ab_tree_name(rp->tree, n, out);
}

/* ---- Edits, undo and reset ------------------------------------------------ */

/* Applies an edit to the tree: the old trace goes first (it points into
 * the tree), then the tree changes, then a new trace is recorded at the
 * same step.  A done edit is kept for undo; an undone one dropped. */
static bool apply(struct ab_replay *rp, const struct ab_edit *e, bool undo)
{
	if (e->swap)
		return ab_tree_swap_kids(rp->tree, e->node, e->i, e->j);
	return ab_tree_set_value(rp->tree, e->node, undo ? e->old : e->new_);
}

static unsigned edit_and_record(struct ab_replay *rp, const struct ab_edit *e, bool undo)
{
	size_t step = rp->trace->step;
	ab_trace_free(rp->trace);
	rp->trace = NULL;
	bool changed = apply(rp, e, undo);
	if (changed && !undo) {
		if (rp->nedits == rp->edits_cap) {
			rp->edits_cap = rp->edits_cap ? rp->edits_cap * 2 : 8;
			rp->edits = ab_xreallocarray(rp->edits, rp->edits_cap, sizeof *rp->edits);
		}
		rp->edits[rp->nedits++] = *e;
	}
	if (!record(rp, step)) {
		say(rp, _("the search is too long to record"));
		return AB_REDRAW_QUIT;
	}
	return changed ? AB_REDRAW_FRAME | AB_REDRAW_LAYOUT : AB_REDRAW_FRAME;
}

static unsigned undo(struct ab_replay *rp, bool all)
{
	if (!rp->nedits) {
		say(rp, all ? _("the tree is as it was loaded") : _("nothing to undo"));
		return AB_REDRAW_FRAME;
	}
	unsigned redraw = AB_REDRAW_FRAME;
	size_t undone = 0;
	do {
		struct ab_edit e = rp->edits[--rp->nedits];
		redraw |= edit_and_record(rp, &e, true);
		undone++;
	} while (all && rp->nedits && !(redraw & AB_REDRAW_QUIT));
	if (!(redraw & AB_REDRAW_QUIT)) {
		if (all)
			say(rp, P_("%zu edit undone: the tree is as it was loaded; alpha-beta looks at %u of %u leaves",
				   "%zu edits undone: the tree is as it was loaded; alpha-beta looks at %u of %u leaves",
				   undone),
			    undone, rp->alphabeta_leaves, rp->minimax_leaves);
		else
			say(rp, _("undone: alpha-beta looks at %u of %u leaves"),
			    rp->alphabeta_leaves, rp->minimax_leaves);
	}
	return redraw;
}

static unsigned edit_leaf(struct ab_replay *rp)
{
	struct ab_str def = AB_STR_INIT;
	selected_name(rp, true, &def);
	ab_prompt_open(&rp->prompt, AB_PROMPT_EDIT_LEAF, AB_NONE,
		       _("Edit which leaf (name or path)?"), ab_str_cstr(&def));
	ab_str_free(&def);
	return AB_REDRAW_FRAME;
}

static unsigned edit_leaf_value(struct ab_replay *rp, uint32_t leaf, const char *text);

static unsigned edit_leaf_named(struct ab_replay *rp, char *text)
{
	const char *word;
	char *value;
	uint32_t leaf = ab_prompt_read_leaf(rp->tree, text, &word, &value);
	if (leaf == AB_NONE) {
		say(rp, _("'%s' is not a leaf of this tree"), word);
		return AB_REDRAW_FRAME;
	}
	/* "C1 5": the leaf and its new value in one line. */
	if (value)
		return edit_leaf_value(rp, leaf, value);
	struct ab_str name = AB_STR_INIT, now = AB_STR_INIT, question = AB_STR_INIT;
	ab_tree_name(rp->tree, leaf, &name);
	ab_format_value(rp->tree->nodes[leaf].value, rp->tree->scale, rp->g, &now);
	ab_str_addf(&question, _("New value of %s (now %s)?"), ab_str_cstr(&name),
		    ab_str_cstr(&now));
	ab_prompt_open(&rp->prompt, AB_PROMPT_EDIT_VALUE, leaf, ab_str_cstr(&question), NULL);
	ab_str_free(&name);
	ab_str_free(&now);
	ab_str_free(&question);
	return AB_REDRAW_FRAME;
}

static unsigned edit_leaf_value(struct ab_replay *rp, uint32_t leaf, const char *text)
{
	struct ab_edit e = { .swap = false, .node = leaf };
	/* The same checks as the tree file's, so an edit never makes a tree
	 * that abtrace would refuse to load (or `w` a file it cannot read). */
	switch (ab_prompt_read_value(rp->tree, leaf, text, &e.new_)) {
	case AB_PROMPT_VALUE_OK:
		break;
	case AB_PROMPT_VALUE_OUT_OF_BOUNDS: {
		struct ab_str lo = AB_STR_INIT, hi = AB_STR_INIT;
		ab_format_value(rp->tree->bound_lo, rp->tree->scale, rp->g, &lo);
		ab_format_value(rp->tree->bound_hi, rp->tree->scale, rp->g, &hi);
		say(rp, _("'%s' is outside this tree's bounds %s..%s"), text,
		    ab_str_cstr(&lo), ab_str_cstr(&hi));
		ab_str_free(&lo);
		ab_str_free(&hi);
		return AB_REDRAW_FRAME;
	}
	case AB_PROMPT_VALUE_INFINITE_CHANCE:
		say(rp, _("'%s': a tree with chance nodes holds finite values only"), text);
		return AB_REDRAW_FRAME;
	case AB_PROMPT_VALUE_NOT_NUMBER:
	case AB_PROMPT_VALUE_TOO_LARGE:
	case AB_PROMPT_VALUE_NOT_LEAF:
		say(rp, _("'%s' is not a number this tree can hold (at most %d digits, and no more decimals than its values have)"),
		    text, AB_VALUE_DIGITS);
		return AB_REDRAW_FRAME;
	}
	e.old = rp->tree->nodes[leaf].value;
	unsigned redraw = edit_and_record(rp, &e, false);
	if (!(redraw & AB_REDRAW_QUIT)) {
		struct ab_str name = AB_STR_INIT, value = AB_STR_INIT;
		ab_tree_name(rp->tree, leaf, &name);
		ab_format_value(e.new_, rp->tree->scale, rp->g, &value);
		say(rp, _("%s = %s now (u undoes): alpha-beta looks at %u of %u leaves"),
		    ab_str_cstr(&name), ab_str_cstr(&value), rp->alphabeta_leaves,
		    rp->minimax_leaves);
		ab_str_free(&name);
		ab_str_free(&value);
	}
	return redraw;
}

static unsigned swap_kids(struct ab_replay *rp)
{
	const char *q = rp->selected != AB_NONE && !ab_is_leaf(rp->tree, rp->selected)
		? _("Swap which two children (ranks like '1 3', or two sibling names)?")
		: _("Swap which two siblings (e.g. 'B C', or 'C 1 3')?");
	ab_prompt_open(&rp->prompt, AB_PROMPT_SWAP, AB_NONE, q, NULL);
	return AB_REDRAW_FRAME;
}

static unsigned swap_answer(struct ab_replay *rp, char *text)
{
	struct ab_str shown = AB_STR_INIT;
	ab_str_add(&shown, text);
	struct ab_prompt_swap read;
	unsigned redraw = AB_REDRAW_FRAME;
	if (!ab_prompt_read_swap(rp->tree, rp->selected, text, &read)) {
		say(rp, _("cannot swap '%s': name two different siblings, or a node and two of its ranks"),
		    ab_str_cstr(&shown));
	} else {
		struct ab_edit sw = { .swap = true, .node = read.node, .i = read.i, .j = read.j };
		redraw = edit_and_record(rp, &sw, false);
		if (!(redraw & AB_REDRAW_QUIT))
			say(rp, _("swapped (u undoes): alpha-beta looks at %u of %u leaves"),
			    rp->alphabeta_leaves, rp->minimax_leaves);
	}
	ab_str_free(&shown);
	return redraw;
}

static unsigned select_answer(struct ab_replay *rp, char *text)
{
	const char *word;
	uint32_t n = ab_prompt_read_node(rp->tree, text, &word);
	if (n == AB_NONE)
		say(rp, _("no node is called '%s'"), word);
	else
		rp->selected = n;
	rp->follow = rp->follow_selected = n != AB_NONE;
	return AB_REDRAW_FRAME;
}

/* ---- Saving the tree and exporting the step -------------------------------- */

/* The replay's terminal, which w and E never write to: standard output
 * and where the keys come from (set while the replay runs). */
static int terminal_fds[2];
static size_t nterminal_fds;

/* Writes a file named at a prompt with the replay's own signal handling in
 * force: a signal stops the write (the loop then ends the replay and puts
 * the terminal back), nothing waits on a FIFO nobody reads or on a reader
 * that does not read, and the terminal the replay draws on is refused.
 * False (and the message said) when nothing was written. */
static bool write_named(struct ab_replay *rp, const char *path, const struct ab_str *text)
{
	const struct ab_write_watch watch = { &stop_requested, terminal_fds, nterminal_fds };
	int err;
	switch (ab_write_file_watched(path, ab_str_cstr(text), text->len, &watch, &err)) {
	case AB_WRITE_OK:
		return true;
	case AB_WRITE_FAILED:
		say(rp, _("cannot write '%s': %s"), path, strerror(err));
		break;
	case AB_WRITE_STOPPED:
		say(rp, _("not written to '%s': stopped"), path);
		break;
	case AB_WRITE_NO_READER:
		say(rp, _("cannot write '%s': it is a named pipe (FIFO) and nobody is reading it"),
		    path);
		break;
	case AB_WRITE_TERMINAL:
		say(rp, _("cannot write '%s': it is the terminal the replay is drawing on"), path);
		break;
	}
	return false;
}

static unsigned save_answer(struct ab_replay *rp, char *text)
{
	char *path = ab_prompt_rest(text);
	if (!path) {
		say(rp, _("not saved: no file named"));
		return AB_REDRAW_FRAME;
	}
	struct ab_str out = AB_STR_INIT;
	ab_tree_write(rp->tree, &out);
	if (write_named(rp, path, &out))
		say(rp, P_("saved to %s (%zu edit since loading)", "saved to %s (%zu edits since loading)",
			   rp->nedits),
		    path, rp->nedits);
	ab_str_free(&out);
	return AB_REDRAW_FRAME;
}

/* E: every format export writes (views/export.h's table), each as a whole
 * document (TikZ standalone), of the step on screen. */
static unsigned export_step(struct ab_replay *rp)
{
	struct ab_str names = AB_STR_INIT, question = AB_STR_INIT;
	for (size_t i = 0; i < ab_nexporters; i++)
		ab_str_addf(&names, "%s%s", i ? ", " : "", ab_exporters[i].name);
	ab_str_addf(&question, _("Export step %zu as FORMAT FILE (%s)?"), rp->trace->step,
		    ab_str_cstr(&names));
	ab_prompt_open(&rp->prompt, AB_PROMPT_EXPORT, AB_NONE, ab_str_cstr(&question), NULL);
	ab_str_free(&names);
	ab_str_free(&question);
	return AB_REDRAW_FRAME;
}

static unsigned export_answer(struct ab_replay *rp, char *text)
{
	const struct ab_exporter *ex;
	const char *format;
	char *path;
	switch (ab_prompt_read_export(text, &ex, &format, &path)) {
	case AB_PROMPT_EXPORT_OK:
		break;
	case AB_PROMPT_EXPORT_UNKNOWN:
		say(rp, _("'%s' is not a format here: type a format and a file, such as 'dot step.dot'"),
		    format);
		return AB_REDRAW_FRAME;
	case AB_PROMPT_EXPORT_NO_FILE:
		say(rp, _("not exported: type a format and a file, such as 'dot step.dot'"));
		return AB_REDRAW_FRAME;
	}
	struct ab_export_options opt = {
		.format = ex->format,
		/* The text picture follows the screen's glyphs; the other
		 * files are UTF-8 whatever the terminal. */
		.ascii = ex->screen_glyphs && rp->g->ascii,
		.standalone = ex->standalone,
	};
	struct ab_str out = AB_STR_INIT;
	ab_export(rp->trace, &opt, &out);
	if (write_named(rp, path, &out))
		say(rp, _("step %zu exported to %s"), rp->trace->step, path);
	ab_str_free(&out);
	return AB_REDRAW_FRAME;
}

/* ---- Stepping ----------------------------------------------------------- */

/* Moves to the next (dir > 0) or previous step whose event is kind, as
 * the recorded events say; stays put when there is none. */
static bool seek_kind(struct ab_replay *rp, enum ab_event_kind kind, int dir)
{
	struct ab_trace *tr = rp->trace;
	if (dir > 0) {
		for (size_t s = tr->step + 1; s <= tr->length; s++)
			if (tr->records[s - 1].kind == kind) {
				ab_trace_seek(tr, s);
				return true;
			}
	} else {
		for (size_t s = tr->step; s-- > 1;)
			if (tr->records[s - 1].kind == kind) {
				ab_trace_seek(tr, s);
				return true;
			}
	}
	return false;
}

static unsigned reconfigure(struct ab_replay *rp)
{
	size_t step = rp->trace->step;
	ab_trace_free(rp->trace);
	rp->trace = NULL;
	if (!record(rp, step)) {
		say(rp, _("the search is too long to record"));
		return AB_REDRAW_QUIT;
	}
	return AB_REDRAW_FRAME;
}

static void scroll_by(struct ab_replay *rp, int dx, int dy)
{
	if (rp->outline) {
		int64_t top = (int64_t)rp->outline_top + dy * (rp->tree_area.rows / 2 + 1);
		if (top > (int64_t)rp->tree->count - 1)
			top = (int64_t)rp->tree->count - 1;
		rp->outline_top = top < 0 ? 0 : (uint32_t)top;
		return;
	}
	int64_t x = (int64_t)rp->scroll.x + dx * (rp->tree_area.cols / 4 + 1);
	int64_t y = (int64_t)rp->scroll.y + dy * (int64_t)rp->layout.level_rows;
	int64_t maxx = (int64_t)rp->layout.width - 1, maxy = (int64_t)rp->layout.height - 1;
	rp->scroll.x = (uint32_t)(x < 0 ? 0 : x > maxx ? maxx : x);
	rp->scroll.y = (uint32_t)(y < 0 ? 0 : y > maxy ? maxy : y);
}

/* ---- Lessons ------------------------------------------------------------ */

/* A hint for a second try, by the kind of question. */
static void add_hint(const struct ab_replay *rp, const struct ab_lesson_question *q,
		     struct ab_str *out)
{
	const struct ab_glyphs *g = rp->g;
	switch (q->kind) {
	case AB_ASK_NEXT:
		ab_str_add(out, _("Hint: the search goes depth first and takes the children in order; which node is the first it has not reached yet?"));
		break;
	case AB_ASK_PRUNED:
		ab_str_addf(out, _("Hint: the cutoff fires where %s and %s meet; the children of that node not searched yet are the ones skipped."),
			    g->alpha, g->beta);
		break;
	case AB_ASK_VALUE:
		ab_str_addf(out, _("Hint: a node's value is exact when every child of it is searched; when one is skipped, only a bound is known: %s at MAX, %s at MIN."),
			    g->ge, g->le);
		break;
	case AB_ASK_EVENT:
		ab_str_add(out, _("Hint: read the marked line of the pseudocode: what does it do next?"));
		break;
	case AB_ASK_PROBE:
		ab_str_add(out, _("Hint: look at the table's panel: does the slot hold this position, and from a search deep enough?"));
		break;
	case AB_ASK_FLAG:
		ab_str_addf(out, _("Hint: compare the value the node returns with the window it was entered with: at or below %s, at or above %s, or strictly between?"),
			    g->alpha, g->beta);
		break;
	}
}

/* Asks the current question of the block being asked, or, past the last,
 * lets the replay step on. */
static void ask_question(struct ab_replay *rp)
{
	const struct ab_lesson_block *b = rp->asking;
	if (!b || rp->question >= b->nquestions) {
		rp->asking = NULL;
		say(rp, _("step on to see what happens"));
		return;
	}
	const struct ab_lesson_question *q = &b->questions[rp->question];
	if (!rp->tries) {
		const char *text = ab_lesson_text(&q->prompt, rp->lang);
		if (*text)
			ab_str_addf(&rp->feedback, "%s\n", text);
	}
	ab_prompt_open(&rp->prompt, AB_PROMPT_LESSON, AB_NONE,
		       rp->tries ? _("Try again (Esc shows the answer)?") : _("Your answer (Esc skips)?"),
		       NULL);
}

/* At a block's own step, its questions come before the next step: each is
 * asked in turn (a wrong answer gets a hint and one more try before the
 * answer is shown); the feedback shows beside the lesson's text.  Returns
 * true when questions are asked (the step waits for them). */
static bool ask_lesson_questions(struct ab_replay *rp)
{
	const struct ab_lesson *l = rp->lesson;
	const struct ab_lesson_block *b = l ? ab_lesson_block_at(l, rp->trace->step) : NULL;
	if (!b || b->step != rp->trace->step || !b->nquestions || rp->asked[b - l->blocks])
		return false;
	rp->asked[b - l->blocks] = true;
	rp->autoplay = false;
	if (rp->feedback_block != b) {
		ab_str_clear(&rp->feedback);
		rp->feedback_block = b;
	}
	rp->asking = b;
	rp->question = 0;
	rp->tries = 0;
	ask_question(rp);
	return true;
}

/* The line typed for a lesson's question (ok false: Esc). */
static unsigned lesson_answer(struct ab_replay *rp, bool ok, const char *text)
{
	const struct ab_lesson_block *b = rp->asking;
	if (!b || rp->question >= b->nquestions)
		return AB_REDRAW_FRAME;
	const struct ab_lesson_question *q = &b->questions[rp->question];
	bool done = true;
	if (!ok) {
		ab_str_addf(&rp->feedback, rp->tries ? _("The answer is %s.\n")
						     : _("Skipped: the answer is %s.\n"), q->answer);
	} else {
		rp->lesson_tries++;
		if (ab_lesson_answer_ok(rp->lesson, q, text)) {
			rp->lesson_right++;
			if (rp->tries)
				ab_str_addf(&rp->feedback, _("%s: right, at the second try.\n"), text);
			else
				ab_str_addf(&rp->feedback, _("%s: right.\n"), text);
		} else if (!rp->tries) {
			ab_str_addf(&rp->feedback, _("%s: not quite. "), text);
			add_hint(rp, q, &rp->feedback);
			ab_str_addc(&rp->feedback, '\n');
			done = false;
		} else {
			ab_str_addf(&rp->feedback, _("%s: not quite; the answer is %s.\n"), text,
				    q->answer);
		}
	}
	if (done) {
		rp->lesson_asked++;
		rp->question++;
		rp->tries = 0;
	} else {
		rp->tries++;
	}
	ask_question(rp);
	return AB_REDRAW_FRAME;
}

/* A lesson's text is written for its own tree and search. */
static bool lesson_locked(struct ab_replay *rp)
{
	if (!rp->lesson)
		return false;
	say(rp, _("a lesson keeps its tree and search; open the tree with 'abtrace %s' to try changes"),
	    rp->lesson->tree_name);
	return true;
}

/* i and I: to the first step of the next or previous iteration (from
 * inside one, I goes back to its start first). */
static unsigned jump_iteration(struct ab_replay *rp, int dir)
{
	struct ab_trace *tr = rp->trace;
	if (!tr->iterations) {
		say(rp, _("this search has one depth: iterations come with --iterative"));
		return AB_REDRAW_FRAME;
	}
	uint32_t it = ab_trace_iteration(tr);
	size_t start = it ? ab_trace_iteration_step(tr, it) : 0;
	uint32_t want = dir > 0 ? it + 1 : start && tr->step > start ? it : it - 1;
	if (dir < 0 && it == 0)
		want = 0;
	if (want == 0 || want > tr->iterations) {
		say(rp, dir > 0 ? _("no iteration after this one") : _("no iteration before this one"));
		return AB_REDRAW_FRAME;
	}
	ab_trace_seek(tr, ab_trace_iteration_step(tr, want));
	rp->follow = true;
	return AB_REDRAW_FRAME;
}

/* V: the same search shown as negamax writes it, or as minimax does. */
static unsigned switch_view(struct ab_replay *rp)
{
	if (ab_tree_has_chance(rp->tree)) {
		say(rp, _("the negamax view needs a tree without chance nodes"));
		return AB_REDRAW_FRAME;
	}
	rp->config.view = rp->config.view == AB_VIEW_NEGAMAX ? AB_VIEW_MINIMAX
							     : AB_VIEW_NEGAMAX;
	rp->trace->config.view = rp->config.view; /* presentation only */
	say(rp, rp->config.view == AB_VIEW_NEGAMAX
		? _("negamax view: every value and window from the mover's side")
		: _("minimax view"));
	return AB_REDRAW_FRAME;
}

/* The answer to d's prompt: the file of a program's log, read (its paths
 * from 1, or from 0 if only that agrees) and held to this search, which
 * takes the convention the log agrees with. */
static unsigned log_answer(struct ab_replay *rp, char *text)
{
	char *path = ab_prompt_rest(text);
	if (!path) {
		say(rp, _("no file given"));
		return AB_REDRAW_FRAME;
	}
	struct ab_diag diag;
	size_t len;
	char *bytes = ab_read_file(path, AB_LOG_MAX_BYTES, &len, &diag);
	struct ab_replay_log *l = bytes ? ab_replay_log_guess(rp->tree, bytes, len, &rp->config, &diag)
					: NULL;
	free(bytes);
	if (!l) {
		if (diag.line)
			say(rp, "%s:%u: %s", path, diag.line, diag.message);
		else
			say(rp, "%s: %s", path, diag.message);
		return AB_REDRAW_FRAME;
	}
	rp->log = l;
	rp->log_owned = true;
	rp->config = ab_replay_log_convention(l, rp->tree, &rp->config);
	unsigned redraw = reconfigure(rp);
	if (l->result.agree)
		say(rp, _("the log agrees with this search"));
	else if (l->result.diverged)
		say(rp, _("the log parts from this search at step %zu: d goes there"),
		    l->result.divergence.step);
	return redraw;
}

/* d: to the step where the program's log first parts from the search. */
static unsigned jump_divergence(struct ab_replay *rp)
{
	const struct ab_replay_log *l = rp->log;
	if (!l) {
		ab_prompt_open(&rp->prompt, AB_PROMPT_LOG, AB_NONE,
			       _("Hold which program's log (a file) to this search?"), NULL);
		return AB_REDRAW_FRAME;
	}
	if (!l->result.diverged) {
		say(rp, _("the program's log agrees with this search: it never parts from it"));
		return AB_REDRAW_FRAME;
	}
	ab_trace_seek(rp->trace, l->result.divergence.step);
	if (l->result.divergence.line)
		say(rp, _("the log parts here, at its line %u: %s"), l->result.divergence.line,
		    l->result.divergence.given);
	else
		say(rp, _("the log parts here: it has %s"), l->result.divergence.given);
	rp->follow = true;
	return AB_REDRAW_FRAME;
}

static unsigned act(struct ab_replay *rp, enum ab_action a)
{
	struct ab_trace *tr = rp->trace;
	switch (a) {
	case AB_ACT_FORWARD:
		if (ask_lesson_questions(rp))
			return AB_REDRAW_FRAME;
		if (!ab_trace_forward(tr))
			rp->autoplay = false;
		break;
	case AB_ACT_BACK:
		ab_trace_back(tr);
		break;
	case AB_ACT_FIRST:
		ab_trace_seek(tr, 0);
		break;
	case AB_ACT_LAST:
		ab_trace_seek(tr, tr->length);
		break;
	case AB_ACT_NEXT_CUT:
		if (!seek_kind(rp, AB_EV_CUTOFF, 1))
			say(rp, _("no cutoff after this step"));
		break;
	case AB_ACT_PREV_CUT:
		if (!seek_kind(rp, AB_EV_CUTOFF, -1))
			say(rp, _("no cutoff before this step"));
		break;
	case AB_ACT_NEXT_LEAF:
		if (!seek_kind(rp, AB_EV_LEAF, 1))
			say(rp, _("no leaf is looked at after this step"));
		break;
	case AB_ACT_PREV_LEAF:
		if (!seek_kind(rp, AB_EV_LEAF, -1))
			say(rp, _("no leaf is looked at before this step"));
		break;
	case AB_ACT_AUTOPLAY:
		rp->autoplay = !rp->autoplay;
		return AB_REDRAW_FRAME;
	case AB_ACT_FASTER:
		rp->autoplay_ms = rp->autoplay_ms * 2 / 3;
		if (rp->autoplay_ms < AB_AUTOPLAY_MIN_MS)
			rp->autoplay_ms = AB_AUTOPLAY_MIN_MS;
		say(rp, _("autoplay: a step every %.2f s"), rp->autoplay_ms / 1000.0);
		return AB_REDRAW_FRAME;
	case AB_ACT_SLOWER:
		rp->autoplay_ms = rp->autoplay_ms * 3 / 2;
		if (rp->autoplay_ms > AB_AUTOPLAY_MAX_MS)
			rp->autoplay_ms = AB_AUTOPLAY_MAX_MS;
		say(rp, _("autoplay: a step every %.2f s"), rp->autoplay_ms / 1000.0);
		return AB_REDRAW_FRAME;
	case AB_ACT_FAIL_HARD:
		if (lesson_locked(rp))
			return AB_REDRAW_FRAME;
		rp->config.fail = rp->config.fail == AB_FAIL_SOFT ? AB_FAIL_HARD : AB_FAIL_SOFT;
		return reconfigure(rp);
	case AB_ACT_STRICT:
		if (lesson_locked(rp))
			return AB_REDRAW_FRAME;
		rp->config.strict = !rp->config.strict;
		return reconfigure(rp);
	case AB_ACT_ORDER:
		if (lesson_locked(rp))
			return AB_REDRAW_FRAME;
		rp->config.order = (enum ab_order)((rp->config.order + 1) % (AB_ORDER_RANDOM + 1));
		if (rp->config.order == AB_ORDER_RANDOM && !rp->config.seed)
			rp->config.seed = (uint64_t)time(NULL);
		return reconfigure(rp);
	case AB_ACT_ALGO:
		if (lesson_locked(rp))
			return AB_REDRAW_FRAME;
		rp->config.algo = rp->config.algo == AB_MINIMAX ? AB_ALPHABETA : AB_MINIMAX;
		return reconfigure(rp);
	case AB_ACT_OUTLINE:
		rp->outline = !rp->outline;
		rp->follow = true;
		if (!rp->outline && !rp->laid_out)
			lay_out(rp);
		return AB_REDRAW_FRAME;
	case AB_ACT_EDIT:
		if (lesson_locked(rp))
			return AB_REDRAW_FRAME;
		return edit_leaf(rp);
	case AB_ACT_SWAP:
		if (lesson_locked(rp))
			return AB_REDRAW_FRAME;
		return swap_kids(rp);
	case AB_ACT_SELECT_NEXT:
	case AB_ACT_SELECT_PREV: {
		/* Through the nodes in the order the outline lists them. */
		uint32_t count = rp->tree->count;
		uint32_t line = rp->selected == AB_NONE ? (a == AB_ACT_SELECT_NEXT ? count - 1 : 0)
							: rp->outline_line[rp->selected];
		line = a == AB_ACT_SELECT_NEXT ? (line + 1) % count : (line + count - 1) % count;
		rp->selected = rp->outline_order[line];
		rp->follow = rp->follow_selected = true;
		return AB_REDRAW_FRAME;
	}
	case AB_ACT_SELECT_NAME:
		ab_prompt_open(&rp->prompt, AB_PROMPT_SELECT, AB_NONE,
			       _("Select which node (name or path)?"), NULL);
		return AB_REDRAW_FRAME;
	case AB_ACT_UNDO:
	case AB_ACT_RESET:
		if (lesson_locked(rp))
			return AB_REDRAW_FRAME;
		return undo(rp, a == AB_ACT_RESET);
	case AB_ACT_SAVE:
		ab_prompt_open(&rp->prompt, AB_PROMPT_SAVE, AB_NONE,
			       _("Save the tree (tree-file syntax) to which file?"), NULL);
		return AB_REDRAW_FRAME;
	case AB_ACT_EXPORT:
		return export_step(rp);
	case AB_ACT_PRESENTER:
		rp->presenter = !rp->presenter;
		rp->follow = true;
		say(rp, rp->presenter ? _("presenter layout: the tree alone, spread out; z again for the panels")
				      : _("the usual layout"));
		return AB_REDRAW_LAYOUT | AB_REDRAW_FRAME;
	case AB_ACT_UNSELECT:
		rp->selected = AB_NONE;
		return AB_REDRAW_FRAME;
	case AB_ACT_SCROLL_UP:
		scroll_by(rp, 0, -1);
		return AB_REDRAW_FRAME;
	case AB_ACT_SCROLL_DOWN:
		scroll_by(rp, 0, 1);
		return AB_REDRAW_FRAME;
	case AB_ACT_SCROLL_LEFT:
		scroll_by(rp, -1, 0);
		return AB_REDRAW_FRAME;
	case AB_ACT_SCROLL_RIGHT:
		scroll_by(rp, 1, 0);
		return AB_REDRAW_FRAME;
	case AB_ACT_REDRAW:
		return AB_REDRAW_CLEAR | AB_REDRAW_FRAME;
	case AB_ACT_HELP:
		rp->help = true;
		rp->help_top = 0;
		return AB_REDRAW_FRAME;
	case AB_ACT_QUIT:
		return AB_REDRAW_QUIT;
	case AB_ACT_PRACTICE:
		return ab_practice_toggle(rp);
	case AB_ACT_PREDICT:
		return ab_predict_toggle(rp);
	case AB_ACT_PRACTICE_MARK:
	case AB_ACT_PRACTICE_VALUE:
	case AB_ACT_PRACTICE_CHECK:
		/* Practice mode takes these keys itself (practice.c). */
		say(rp, _("p starts practice on this tree"));
		return AB_REDRAW_FRAME;
	case AB_ACT_NEXT_ITERATION:
	case AB_ACT_PREV_ITERATION:
		return jump_iteration(rp, a == AB_ACT_NEXT_ITERATION ? 1 : -1);
	case AB_ACT_VIEW:
		return switch_view(rp);
	case AB_ACT_DIVERGENCE:
		return jump_divergence(rp);
	case AB_ACT_NONE:
	default:
		return AB_REDRAW_NONE;
	}
	/* Every step lands here: bring the current node into view. */
	rp->follow = true;
	return AB_REDRAW_FRAME;
}

/* Hands the line typed at the prompt to whoever asked for it (ok false:
 * cancelled).  The prompt is closed first, so the handler may open the
 * next one (the new value after the leaf, a lesson's second try). */
static unsigned answered(struct ab_replay *rp, bool ok)
{
	enum ab_prompt_kind kind = rp->prompt.kind;
	uint32_t node = rp->prompt.node;
	struct ab_str line = AB_STR_INIT;
	ab_str_add(&line, ab_str_cstr(&rp->prompt.answer));
	rp->prompt.kind = AB_PROMPT_NONE;
	char *text = line.s ? line.s : (char *)"";
	unsigned redraw = AB_REDRAW_FRAME;
	if (kind == AB_PROMPT_LESSON)
		redraw = lesson_answer(rp, ok, text);
	else if (ok)
		switch (kind) {
		case AB_PROMPT_EDIT_LEAF: redraw = edit_leaf_named(rp, text); break;
		case AB_PROMPT_EDIT_VALUE: redraw = edit_leaf_value(rp, node, text); break;
		case AB_PROMPT_SWAP: redraw = swap_answer(rp, text); break;
		case AB_PROMPT_SELECT: redraw = select_answer(rp, text); break;
		case AB_PROMPT_CLAIM: redraw = ab_practice_answer(rp, node, text); break;
		case AB_PROMPT_SAVE: redraw = save_answer(rp, text); break;
		case AB_PROMPT_EXPORT: redraw = export_answer(rp, text); break;
		case AB_PROMPT_LOG: redraw = log_answer(rp, text); break;
		case AB_PROMPT_LESSON: case AB_PROMPT_NONE: break;
		}
	ab_str_free(&line);
	return redraw;
}

/* A key while a prompt is open: line editing, Enter answers, Esc (or
 * ctrl-G) cancels. */
static unsigned prompt_key(struct ab_replay *rp, int ch)
{
	struct ab_str *answer = &rp->prompt.answer;
	if (ch == KEY_RESIZE || ch == KEY_MOUSE)
		return AB_REDRAW_FRAME;
	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
		return answered(rp, true);
	if (ch == 27 || ch == 7)
		return answered(rp, false);
	if (ch == KEY_BACKSPACE || ch == 127 || ch == 8)
		ab_prompt_erase(answer);
	else
		ab_prompt_type(answer, ch);
	return AB_REDRAW_FRAME;
}

/* A click selects the node under the mouse. */
static unsigned click(struct ab_replay *rp)
{
	MEVENT me;
	if (getmouse(&me) != OK || !(me.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
		return AB_REDRAW_NONE;
	const struct ab_rect *a = &rp->tree_area;
	if (me.y < a->top || me.y >= a->top + a->rows || me.x < a->left ||
	    me.x >= a->left + a->cols)
		return AB_REDRAW_NONE;
	uint32_t n;
	if (rp->outline) {
		uint64_t line = (uint64_t)rp->outline_top + (uint64_t)(me.y - a->top);
		n = line < rp->tree->count ? rp->outline_order[line] : AB_NONE;
	} else {
		n = ab_layout_hit(&rp->layout, rp->tree, rp->scroll.x + (uint32_t)(me.x - a->left),
				  rp->scroll.y + (uint32_t)(me.y - a->top));
	}
	rp->selected = n;
	return AB_REDRAW_FRAME;
}

/* ---- Set-up ------------------------------------------------------------- */

bool ab_replay_init(struct ab_replay *rp, struct ab_tree *tree,
		    const struct ab_config *config, const struct ab_replay_options *opts)
{
	*rp = (struct ab_replay){
		.tree = tree, .config = *config,
		.g = ab_glyphs_for_locale(opts->ascii),
		.name = opts->name ? opts->name : "",
		.selected = AB_NONE,
		.autoplay_ms = AB_AUTOPLAY_DEFAULT_MS,
		.message = AB_STR_INIT,
		.prompt = { .kind = AB_PROMPT_NONE, .node = AB_NONE,
			    .question = AB_STR_INIT, .answer = AB_STR_INIT },
		.lesson = opts->lesson, .lang = opts->lang, .feedback = AB_STR_INIT,
	};
	rp->is_game = ab_game_of_tree(tree, &rp->game);
	if (rp->lesson)
		rp->asked = ab_xcalloc(rp->lesson->nblocks ? rp->lesson->nblocks : 1,
				       sizeof *rp->asked);
	if (opts->log) {
		rp->log = opts->log;
		rp->config = ab_replay_log_convention(rp->log, tree, config);
	}
	if (!record(rp, 0))
		return false;
	rp->outline = tree->leaves > AB_TREE_VIEW_MAX_LEAVES;
	if (opts->practice)
		ab_practice_toggle(rp);
	relayout(rp);
	return true;
}

void ab_replay_fini(struct ab_replay *rp)
{
	if (rp->laid_out)
		ab_layout_free(&rp->layout);
	ab_practice_free(rp);
	ab_trace_free(rp->trace);
	if (rp->log_owned)
		ab_replay_log_free(rp->log);
	rp->log = NULL;
	rp->log_owned = false;
	free(rp->outline_order);
	free(rp->outline_line);
	rp->outline_order = rp->outline_line = NULL;
	ab_str_free(&rp->message);
	ab_str_free(&rp->prompt.question);
	ab_str_free(&rp->prompt.answer);
	free(rp->edits);
	rp->edits = NULL;
	rp->nedits = rp->edits_cap = 0;
	ab_str_free(&rp->feedback);
	free(rp->asked);
	rp->asked = NULL;
	rp->trace = NULL;
	rp->laid_out = false;
}

/* ---- The terminal ------------------------------------------------------- */

/* Checks that the terminal can be driven before curses takes it over:
 * stdout and stdin are terminals and TERM is known and addresses the
 * cursor. */
static bool terminal_usable(struct ab_diag *err)
{
	if (!isatty(STDOUT_FILENO)) {
		ab_diag_set(err, _("standard output is not a terminal: the replay needs one; use 'abtrace trace' to print the steps"));
		return false;
	}
	const char *term = getenv("TERM");
	int status = 0;
	if (!term || !*term) {
		ab_diag_set(err, _("TERM is not set: the replay cannot drive this terminal; use 'abtrace trace' to print the steps"));
		return false;
	}
	if (setupterm(term, STDOUT_FILENO, &status) != OK) {
		ab_diag_set(err, _("the terminal type '%.64s' is unknown here: the replay cannot drive it; use 'abtrace trace' to print the steps"),
			    term);
		return false;
	}
	const char *cup = tigetstr("cup");
	bool ok = cup && cup != (char *)-1 && !tigetflag("hc");
	del_curterm(cur_term);
	if (!ok) {
		ab_diag_set(err, _("the terminal type '%.64s' cannot move the cursor: use 'abtrace trace' to print the steps"),
			    term);
		return false;
	}
	return true;
}

static int wait_ms(const struct ab_replay *rp, const struct timespec *last_step)
{
	if (!rp->autoplay)
		return AB_TICK_MS;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	long elapsed = (now.tv_sec - last_step->tv_sec) * 1000 +
		       (now.tv_nsec - last_step->tv_nsec) / 1000000;
	long left = rp->autoplay_ms - elapsed;
	return left <= 0 ? 0 : left < AB_TICK_MS ? (int)left : AB_TICK_MS;
}

static void loop(struct ab_replay *rp)
{
	struct timespec last_step;
	clock_gettime(CLOCK_MONOTONIC, &last_step);
	unsigned redraw = AB_REDRAW_FRAME;
	while (!stop_requested) {
		if (redraw & AB_REDRAW_LAYOUT)
			relayout(rp);
		if (redraw & AB_REDRAW_CLEAR)
			clearok(curscr, TRUE);
		if (redraw) {
			curs_set(rp->prompt.kind != AB_PROMPT_NONE); /* the cursor marks a prompt */
			ab_draw_frame(stdscr, rp);
		}
		redraw = AB_REDRAW_NONE;
		timeout(wait_ms(rp, &last_step));
		int ch = getch();
		if (stop_requested)
			break;
		if (ch == ERR) {
			/* Autoplay waits while a line is being typed. */
			if (rp->autoplay && rp->prompt.kind == AB_PROMPT_NONE &&
			    wait_ms(rp, &last_step) == 0) {
				redraw = act(rp, AB_ACT_FORWARD);
				clock_gettime(CLOCK_MONOTONIC, &last_step);
			}
			continue;
		}
		if (rp->prompt.kind != AB_PROMPT_NONE) {
			/* The message stays while a prompt is open: it may say
			 * why the prompt came back (a hint, a refusal). */
			redraw = prompt_key(rp, ch) | AB_REDRAW_FRAME;
			if (redraw & AB_REDRAW_QUIT)
				break;
			continue;
		}
		ab_str_clear(&rp->message);
		if (ch == KEY_RESIZE) {
			rp->follow = true;
			redraw = AB_REDRAW_FRAME | (rp->presenter ? AB_REDRAW_LAYOUT : 0);
			continue;
		}
		if (rp->help) {
			enum ab_action a = ab_key_action(ch);
			if (a == AB_ACT_FORWARD || a == AB_ACT_SCROLL_DOWN)
				rp->help_top += a == AB_ACT_FORWARD ? LINES / 2 : 1;
			else if (a == AB_ACT_BACK || a == AB_ACT_SCROLL_UP)
				rp->help_top -= a == AB_ACT_BACK ? LINES / 2 : 1;
			else
				rp->help = false;
			redraw = AB_REDRAW_FRAME;
			continue;
		}
		if (rp->too_small) {
			if (ch == 'q')
				break;
			redraw = AB_REDRAW_FRAME;
			continue;
		}
		/* Practice and predict modes get the key first. */
		if (ch == KEY_MOUSE)
			redraw = click(rp);
		else if (!ab_practice_key(rp, ch, &redraw))
			redraw = act(rp, ab_key_action(ch));
		if (redraw & AB_REDRAW_QUIT)
			break;
		if (rp->prompt.kind != AB_PROMPT_NONE)
			redraw |= AB_REDRAW_FRAME;
		if (redraw == AB_REDRAW_NONE)
			redraw = AB_REDRAW_FRAME; /* at least clear the message */
		clock_gettime(CLOCK_MONOTONIC, &last_step);
	}
}

enum ab_replay_status ab_replay_run(struct ab_tree *tree, const struct ab_config *config,
				    const struct ab_replay_options *opts,
				    struct ab_diag *err)
{
	memset(err, 0, sizeof *err);
	if (!terminal_usable(err))
		return AB_REPLAY_NO_TERMINAL;
	struct ab_replay rp;
	if (!ab_replay_init(&rp, tree, config, opts)) {
		ab_diag_set(err, _("the search has more than %u steps; try a smaller tree"),
			    (unsigned)AB_MAX_EVENTS);
		return AB_REPLAY_TOO_LARGE;
	}

	/* Our handlers go in before newterm, so ncurses leaves them be. */
	struct sigaction sa, old_int, old_term, old_hup, old_quit;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	stop_requested = 0;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	sigaction(SIGQUIT, &sa, &old_quit);

	enum ab_replay_status status = AB_REPLAY_OK;
	/* Keys come from the terminal even when the tree came on standard
	 * input (abtrace - < file). */
	FILE *keys_in = stdin, *tty = NULL;
	SCREEN *screen = NULL;
	if (!isatty(STDIN_FILENO)) {
		tty = fopen("/dev/tty", "r");
		if (!tty) {
			ab_diag_set(err, _("standard input is not a terminal and /dev/tty cannot be opened: use 'abtrace trace' to print the steps"));
			status = AB_REPLAY_NO_TERMINAL;
			goto out;
		}
		keys_in = tty;
	}
	terminal_fds[0] = STDOUT_FILENO;
	terminal_fds[1] = fileno(keys_in);
	nterminal_fds = 2;
	screen = newterm(NULL, stdout, keys_in);
	if (!screen) {
		ab_diag_set(err, _("cannot start the terminal (TERM=%.64s); use 'abtrace trace' to print the steps"),
			    getenv("TERM") ? getenv("TERM") : "");
		status = AB_REPLAY_NO_TERMINAL;
		goto out;
	}
	set_term(screen);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
	mouseinterval(0);
	ab_draw_setup(&rp);

	loop(&rp);

	endwin();
	delscreen(screen);
out:
	nterminal_fds = 0;
	if (tty)
		fclose(tty);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	ab_replay_fini(&rp);
	if (status == AB_REPLAY_OK && stop_requested)
		status = AB_REPLAY_SIGNALLED;
	return status;
}
