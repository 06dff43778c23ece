/* practice.c - practice mode (the hidden tree, marked by hand and graded)
 * and predict mode (say "looked at" or "pruned" before each leaf).
 *
 * Practice shows the trace at step 0, where nothing is visited, bounded or
 * pruned yet, so the ordinary drawer shows the bare tree; this file adds
 * the student's marks and, after a check, the verdicts.  The marks become
 * a struct ab_answer graded by ab_grade_answer, exactly as `abtrace check`
 * grades a file; a typed bound is read by the answer-file parser itself
 * (as the line "NAME: TEXT"), so the syntax is the same everywhere.
 */
#include "tui/practice.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "homework/answer.h"
#include "homework/grade.h"
#include "base/i18n.h"
#include "lessons/lesson.h"
#include "tui/keys.h"

static struct ab_practice *state(struct ab_replay *rp)
{
	if (!rp->practice) {
		rp->practice = ab_xcalloc(1, sizeof *rp->practice);
		rp->practice->pending = AB_NONE;
	}
	return rp->practice;
}

static void say(struct ab_replay *rp, const char *text)
{
	ab_str_clear(&rp->message);
	ab_str_add(&rp->message, text);
}

static void drop_grade(struct ab_practice *p)
{
	if (p->graded)
		ab_grade_free(&p->grade);
	p->graded = false;
}

static void drop_marks(struct ab_practice *p)
{
	drop_grade(p);
	free(p->marked);
	free(p->claims);
	p->marked = NULL;
	p->claims = NULL;
	p->count = 0;
}

/* ---- Turning the modes on and off ----------------------------------------- */

unsigned ab_practice_toggle(struct ab_replay *rp)
{
	struct ab_practice *p = state(rp);
	if (p->on) {
		p->on = false;
		drop_marks(p);
		ab_trace_seek(rp->trace, p->saved_step);
		rp->follow = true;
		say(rp, _("practice over: back to the replay"));
		return AB_REDRAW_FRAME;
	}
	if (rp->tree->leaves > AB_TREE_VIEW_MAX_LEAVES) {
		say(rp, _("this tree is too big to practice on; try 'abtrace practice'"));
		return AB_REDRAW_FRAME;
	}
	p->predict = false;
	p->pending = AB_NONE;
	p->on = true;
	p->count = rp->tree->count;
	p->marked = ab_xcalloc(p->count, sizeof *p->marked);
	p->claims = ab_xcalloc(p->count, sizeof *p->claims);
	p->saved_step = rp->trace->step;
	ab_trace_seek(rp->trace, 0);
	rp->autoplay = false;
	rp->selected = 0;
	rp->follow = true;
	if (rp->outline) {
		rp->outline = false;
		return AB_REDRAW_LAYOUT | AB_REDRAW_FRAME;
	}
	return AB_REDRAW_FRAME;
}

unsigned ab_predict_toggle(struct ab_replay *rp)
{
	struct ab_practice *p = state(rp);
	if (p->on) {
		say(rp, _("predict mode is for the replay: p leaves practice first"));
		return AB_REDRAW_FRAME;
	}
	p->predict = !p->predict;
	p->pending = AB_NONE;
	p->asked = p->right = 0;
	say(rp, p->predict ? _("predict: before each leaf is decided, say v (looked at) or x (pruned)")
			   : _("predict mode off"));
	return AB_REDRAW_FRAME;
}

void ab_practice_free(struct ab_replay *rp)
{
	if (!rp->practice)
		return;
	drop_marks(rp->practice);
	free(rp->practice);
	rp->practice = NULL;
}

/* ---- Practice: moving, marking, typing, checking ----------------------------- */

/* The node beside n on its row of the drawing (dir -1 left, +1 right): the
 * nearest box of the same depth in that direction, by screen column, so it
 * follows the drawing whatever order the children are kept in. */
static uint32_t beside(const struct ab_replay *rp, uint32_t n, int dir)
{
	const struct ab_tree *t = rp->tree;
	uint32_t best = AB_NONE;
	for (uint32_t m = 0; m < t->count; m++) {
		if (m == n || t->nodes[m].depth != t->nodes[n].depth)
			continue;
		uint32_t x = rp->layout.x[m], xn = rp->layout.x[n];
		if (dir > 0 ? x <= xn : x >= xn)
			continue;
		if (best == AB_NONE || (dir > 0 ? x < rp->layout.x[best] : x > rp->layout.x[best]))
			best = m;
	}
	return best;
}

/* The leftmost child on screen. */
static uint32_t first_kid(const struct ab_replay *rp, uint32_t n)
{
	const struct ab_tree *t = rp->tree;
	uint32_t best = AB_NONE;
	for (uint32_t i = 0; i < t->nodes[n].nkids; i++) {
		uint32_t k = ab_kid(t, n, i);
		if (best == AB_NONE || rp->layout.x[k] < rp->layout.x[best])
			best = k;
	}
	return best;
}

static unsigned move_selection(struct ab_replay *rp, int key)
{
	const struct ab_tree *t = rp->tree;
	uint32_t n = rp->selected == AB_NONE ? 0 : rp->selected, to = AB_NONE;
	if (key == KEY_LEFT || key == 'h')
		to = beside(rp, n, -1);
	else if (key == KEY_RIGHT || key == 'l')
		to = beside(rp, n, 1);
	else if (key == KEY_UP || key == 'k')
		to = t->nodes[n].parent;
	else if (!ab_is_leaf(t, n))
		to = first_kid(rp, n);
	if (to != AB_NONE)
		rp->selected = to;
	rp->follow = true;
	return AB_REDRAW_FRAME;
}

/* x on a leaf flips its mark; on an inner node it marks every leaf below
 * (or clears them when all are marked already). */
static unsigned toggle_mark(struct ab_replay *rp)
{
	struct ab_practice *p = rp->practice;
	const struct ab_tree *t = rp->tree;
	uint32_t n = rp->selected;
	if (n == AB_NONE) {
		say(rp, _("select a leaf first (arrows, Tab or a click)"));
		return AB_REDRAW_FRAME;
	}
	if (n == 0 && !ab_is_leaf(t, n)) {
		say(rp, _("the root is always searched: mark leaves below it"));
		return AB_REDRAW_FRAME;
	}
	bool all = true;
	for (uint32_t m = n; m < ab_end(t, n); m++)
		if (ab_is_leaf(t, m))
			all = all && p->marked[m];
	for (uint32_t m = n; m < ab_end(t, n); m++)
		if (ab_is_leaf(t, m))
			p->marked[m] = !all;
	drop_grade(p);
	return AB_REDRAW_FRAME;
}

/* Asks for the value or bound of the selected inner node: the loop reads
 * the line and hands it to ab_practice_answer. */
static unsigned type_claim(struct ab_replay *rp, const char *initial)
{
	const struct ab_tree *t = rp->tree;
	uint32_t n = rp->selected;
	if (n == AB_NONE || ab_is_leaf(t, n)) {
		say(rp, n == AB_NONE ? _("select an inner node first (arrows, Tab or a click)")
				     : _("a leaf's value is given: x marks it pruned"));
		return AB_REDRAW_FRAME;
	}
	struct ab_str name = AB_STR_INIT, question = AB_STR_INIT;
	ab_tree_name(t, n, &name);
	ab_str_addf(&question, _("%s is (3, <= 2, >= 5; empty clears):"), ab_str_cstr(&name));
	ab_prompt_open(&rp->prompt, AB_PROMPT_CLAIM, n, ab_str_cstr(&question), initial);
	ab_str_free(&name);
	ab_str_free(&question);
	return AB_REDRAW_FRAME;
}

/* Reads "3", "<= 2", ">= 5", "= 3" (or ≤, ≥) for inner node n with the
 * answer-file parser, as the line "NAME: TEXT". */
unsigned ab_practice_answer(struct ab_replay *rp, uint32_t n, const char *text)
{
	struct ab_practice *p = rp->practice;
	const struct ab_tree *t = rp->tree;
	if (!ab_practice_on(rp) || n >= p->count)
		return AB_REDRAW_FRAME;
	while (*text == ' ')
		text++;
	if (!*text) {
		p->claims[n].set = false;
		drop_grade(p);
		return AB_REDRAW_FRAME;
	}
	struct ab_str name = AB_STR_INIT, line = AB_STR_INIT;
	ab_tree_name(t, n, &name);
	ab_str_addf(&line, "%s: %s\n", ab_str_cstr(&name), text);
	struct ab_diag diag;
	struct ab_answer *a = ab_answer_parse_strict(t, line.s, line.len, &diag);
	if (!a) {
		say(rp, diag.message);
	} else if (a->count != 1 || a->items[0].kind != AB_ITEM_BOUND || a->items[0].node != n) {
		say(rp, _("type a value or a bound: 3, <= 2, >= 5 or = 3"));
	} else {
		p->claims[n] = (struct ab_practice_claim){ true, a->items[0].bound,
							   a->items[0].value };
	}
	ab_answer_free(a);
	drop_grade(p);
	ab_str_free(&name);
	ab_str_free(&line);
	return AB_REDRAW_FRAME;
}

static unsigned clear_node(struct ab_replay *rp)
{
	struct ab_practice *p = rp->practice;
	uint32_t n = rp->selected;
	if (n == AB_NONE)
		return AB_REDRAW_FRAME;
	p->claims[n].set = false;
	for (uint32_t m = n; m < ab_end(rp->tree, n); m++)
		p->marked[m] = false;
	drop_grade(p);
	return AB_REDRAW_FRAME;
}

static unsigned check(struct ab_replay *rp)
{
	struct ab_practice *p = rp->practice;
	const struct ab_tree *t = rp->tree;
	struct ab_answer *a = ab_answer_new();
	uint32_t *pruned = ab_xcalloc(t->count, sizeof *pruned), np = 0;
	for (uint32_t n = 0; n < t->count; n++)
		if (ab_is_leaf(t, n) && p->marked[n])
			pruned[np++] = n;
	/* Always a pruned: item, so marking nothing claims that nothing is
	 * pruned, and a missed cut is caught. */
	ab_answer_add_pruned(a, pruned, np);
	for (uint32_t n = 0; n < t->count; n++)
		if (p->claims[n].set)
			ab_answer_add_bound(a, n, p->claims[n].bound, p->claims[n].value);
	drop_grade(p);
	p->graded = ab_grade_answer(t, &rp->config, a, rp->g, &p->grade);
	if (!p->graded)
		say(rp, _("the search is too long to record"));
	ab_answer_free(a);
	free(pruned);
	return AB_REDRAW_FRAME;
}

static void practice_hint(struct ab_replay *rp)
{
	say(rp, _("practice: arrows move, x prunes, Enter types a value, c checks, p leaves"));
}

static bool practice_key(struct ab_replay *rp, int ch, unsigned *redraw)
{
	switch (ch) {
	case KEY_LEFT: case KEY_RIGHT: case KEY_UP: case KEY_DOWN:
	case 'h': case 'l': case 'k': case 'j':
		*redraw = move_selection(rp, ch);
		return true;
	case 'x': case ' ':
		*redraw = toggle_mark(rp);
		return true;
	case '\n': case '\r': case KEY_ENTER:
		*redraw = type_claim(rp, NULL);
		return true;
	case KEY_BACKSPACE: case KEY_DC: case 127: case 8:
		*redraw = clear_node(rp);
		return true;
	case 'c':
		*redraw = check(rp);
		return true;
	default:
		break;
	}
	if ((ch >= '0' && ch <= '9') || ch == '<' || ch == '>' || ch == '=' || ch == '-') {
		char initial[2] = { (char)ch, '\0' };
		*redraw = type_claim(rp, initial);
		return true;
	}
	/* The rest of the table: what keeps the tree hidden passes. */
	switch (ab_key_action(ch)) {
	case AB_ACT_FAIL_HARD: case AB_ACT_STRICT: case AB_ACT_ORDER:
		drop_grade(rp->practice);
		return false; /* re-recorded at step 0: still hidden */
	case AB_ACT_SELECT_NEXT: case AB_ACT_SELECT_PREV: case AB_ACT_SELECT_NAME:
		rp->follow = true; /* the view follows the selection in practice */
		return false;
	case AB_ACT_UNSELECT: case AB_ACT_SCROLL_UP: case AB_ACT_SCROLL_DOWN:
	case AB_ACT_SCROLL_LEFT: case AB_ACT_SCROLL_RIGHT: case AB_ACT_REDRAW:
	case AB_ACT_HELP: case AB_ACT_QUIT: case AB_ACT_PRACTICE: case AB_ACT_PRESENTER:
		return false;
	default:
		practice_hint(rp);
		*redraw = AB_REDRAW_FRAME;
		return true;
	}
}

/* ---- Predict ------------------------------------------------------------ */

/* The leaf the next step decides: the leaf it looks at, or for a cutoff
 * the first leaf (in tree order) of those it prunes; AB_NONE when the
 * next step decides no leaf. */
static uint32_t next_decided(const struct ab_replay *rp, bool *pruned)
{
	const struct ab_trace *tr = rp->trace;
	const struct ab_tree *t = rp->tree;
	if (tr->step >= tr->length)
		return AB_NONE;
	const struct ab_record *r = &tr->records[tr->step];
	if (r->kind == AB_EV_LEAF) {
		*pruned = false;
		return r->node;
	}
	if (r->kind != AB_EV_CUTOFF)
		return AB_NONE;
	/* A cutoff at n prunes every leaf below n not yet looked at. */
	for (uint32_t m = r->node + 1; m < ab_end(t, r->node); m++)
		if (ab_is_leaf(t, m) && ab_trace_node(tr, m)->status == AB_UNVISITED &&
		    !ab_trace_pruned(tr, m)) {
			*pruned = true;
			return m;
		}
	return AB_NONE;
}

static bool predict_key(struct ab_replay *rp, int ch, unsigned *redraw)
{
	struct ab_practice *p = rp->practice;
	enum ab_action a = ab_key_action(ch);
	if (p->pending != AB_NONE) {
		if (ch != 'v' && ch != 'x' && a != AB_ACT_FORWARD) {
			p->pending = AB_NONE; /* any other key lets the question go */
			return false;
		}
		if (a == AB_ACT_FORWARD) {
			*redraw = AB_REDRAW_FRAME; /* still waiting for v or x */
			return true;
		}
		struct ab_str name = AB_STR_INIT, text = AB_STR_INIT;
		ab_tree_name(rp->tree, p->pending, &name);
		bool said_pruned = ch == 'x';
		p->asked++;
		if (said_pruned == p->pending_pruned) {
			p->right++;
			ab_str_addf(&text, p->pending_pruned ? _("right: %s is pruned")
							     : _("right: %s is looked at"),
				    ab_str_cstr(&name));
		} else {
			ab_str_addf(&text, p->pending_pruned ? _("wrong: %s is pruned")
							     : _("wrong: %s is looked at"),
				    ab_str_cstr(&name));
		}
		p->pending = AB_NONE;
		ab_trace_forward(rp->trace);
		rp->follow = true;
		say(rp, ab_str_cstr(&text));
		ab_str_free(&name);
		ab_str_free(&text);
		*redraw = AB_REDRAW_FRAME;
		return true;
	}
	if (ch == 'v' || ch == 'x') {
		say(rp, _("nothing to predict yet: space steps until a leaf is next"));
		*redraw = AB_REDRAW_FRAME;
		return true;
	}
	if (a != AB_ACT_FORWARD)
		return false;
	/* A lesson's own questions at this step come first. */
	const struct ab_lesson_block *lb = rp->lesson ? ab_lesson_block_at(rp->lesson, rp->trace->step)
						      : NULL;
	if (lb && lb->step == rp->trace->step && lb->nquestions && !rp->asked[lb - rp->lesson->blocks])
		return false;
	bool pruned = false;
	uint32_t leaf = next_decided(rp, &pruned);
	if (leaf == AB_NONE)
		return false;
	p->pending = leaf;
	p->pending_pruned = pruned;
	rp->autoplay = false;
	*redraw = AB_REDRAW_FRAME;
	return true;
}

bool ab_practice_key(struct ab_replay *rp, int ch, unsigned *redraw)
{
	if (ab_practice_on(rp))
		return practice_key(rp, ch, redraw);
	if (ab_predict_on(rp))
		return predict_key(rp, ch, redraw);
	return false;
}
