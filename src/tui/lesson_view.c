/* lesson_view.c - the lesson panel and the lesson's questions.
 *
 * The panel is drawn line by line from text wrapped here by display width
 * (ab_utf8_width), so Chinese, which has no spaces to break at and takes
 * two columns a character, stays inside the panel and the panel's rule
 * stays in one column.
 */
#include "tui/lesson_view.h"

#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "i18n.h"
#include "trace.h"
#include "tui/keys.h"
#include "utf8.h"

enum verdict { V_OPEN, V_RIGHT, V_WRONG, V_SKIPPED };

struct ab_lesson_view {
	struct ab_lesson *lesson;   /* not owned */
	enum ab_lang lang;
	size_t *first;              /* per block: its first question's index */
	uint8_t *verdicts;          /* per question (enum verdict) */
};

void ab_lesson_view_start(struct ab_replay *rp, struct ab_lesson *lesson,
			  enum ab_lang lang)
{
	struct ab_lesson_view *v = ab_xcalloc(1, sizeof *v);
	v->lesson = lesson;
	v->lang = lang;
	v->first = ab_xcalloc(lesson->nblocks + 1, sizeof *v->first);
	size_t total = 0;
	for (size_t b = 0; b < lesson->nblocks; b++) {
		v->first[b] = total;
		total += lesson->blocks[b].nquestions;
	}
	v->first[lesson->nblocks] = total;
	v->verdicts = ab_xcalloc(total ? total : 1, sizeof *v->verdicts);
	rp->lesson = v;
}

void ab_lesson_view_free(struct ab_replay *rp)
{
	if (!rp->lesson)
		return;
	free(rp->lesson->first);
	free(rp->lesson->verdicts);
	free(rp->lesson);
	rp->lesson = NULL;
}

/* ---- Wrapping by display width ----------------------------------------------- */

size_t ab_wrap_text(const char *text, unsigned cols, struct ab_str *out)
{
	size_t lines = 0;
	if (cols == 0)
		cols = 1;
	while (*text) {
		while (*text == ' ')
			text++;
		if (*text == '\n') {
			/* A paragraph break: one empty line. */
			ab_str_addc(out, '\n');
			lines++;
			text++;
			continue;
		}
		if (!*text)
			break;
		size_t n = strlen(text), i = 0, brk = 0;
		unsigned width = 0;
		bool hard = false;
		while (i < n) {
			uint32_t cp;
			size_t len = ab_utf8_decode(text + i, n - i, &cp);
			if (!len)
				len = 1, cp = '?';
			if (cp == '\n') {
				brk = i;
				hard = true;
				break;
			}
			unsigned cw = (unsigned)ab_utf8_width(cp);
			if (width + cw > cols) {
				if (cp == ' ')
					brk = i;  /* the line is full just before a space */
				break;
			}
			if (cp == ' ' || (cw == 2 && i > 0))
				brk = i;        /* a line may end before a space or a wide character */
			width += cw;
			i += len;
			if (cw == 2)
				brk = i;        /* ... or after a wide character */
		}
		if (i == n && !hard)
			brk = n;
		if (brk == 0)
			brk = i ? i : 1;        /* one word wider than the line */
		size_t end = brk;
		while (end > 0 && text[end - 1] == ' ')
			end--;
		ab_str_addn(out, text, end);
		ab_str_addc(out, '\n');
		lines++;
		text += brk;
		if (hard && *text == '\n') {
			text++;
			if (*text && *text != '\n') {
				ab_str_addc(out, '\n'); /* paragraphs apart */
				lines++;
			}
		}
	}
	return lines;
}

/* ---- Questions -------------------------------------------------------------- */

/* The block whose own step this is, or NULL. */
static const struct ab_lesson_block *block_here(const struct ab_replay *rp, size_t *index)
{
	const struct ab_lesson *l = rp->lesson->lesson;
	const struct ab_lesson_block *b = ab_lesson_block_at(l, rp->trace->step);
	if (!b || b->step != rp->trace->step)
		return NULL;
	*index = (size_t)(b - l->blocks);
	return b;
}

/* The first question of this step not yet answered, or NULL. */
static const struct ab_lesson_question *open_question(const struct ab_replay *rp, size_t *slot)
{
	size_t bi;
	const struct ab_lesson_block *b = block_here(rp, &bi);
	if (!b)
		return NULL;
	for (size_t q = 0; q < b->nquestions; q++)
		if (rp->lesson->verdicts[rp->lesson->first[bi] + q] == V_OPEN) {
			*slot = rp->lesson->first[bi] + q;
			return &b->questions[q];
		}
	return NULL;
}

static unsigned ask_question(struct ab_replay *rp, const struct ab_lesson_question *q,
			     size_t slot)
{
	struct ab_lesson_view *v = rp->lesson;
	if (!ab_replay_ask(rp, _("Your answer (Enter checks, Esc skips):"), NULL)) {
		v->verdicts[slot] = V_SKIPPED;
		return AB_REDRAW_FRAME;
	}
	const char *given = ab_str_cstr(&rp->answer);
	bool ok = ab_lesson_answer_ok(v->lesson, q, given);
	if (!ok && q->kind == AB_ASK_VALUE) {
		/* "D = 2", as the panel writes answers, as well as "= 2". */
		const char *space = strchr(given, ' ');
		struct ab_str name = AB_STR_INIT;
		ab_str_addn(&name, given, space ? (size_t)(space - given) : 0);
		ok = space && ab_tree_find(v->lesson->tree, ab_str_cstr(&name)) == q->subject.node &&
		     ab_lesson_answer_ok(v->lesson, q, space + 1);
		ab_str_free(&name);
	}
	v->verdicts[slot] = ok ? V_RIGHT : V_WRONG;
	return AB_REDRAW_FRAME;
}

bool ab_lesson_view_key(struct ab_replay *rp, int ch, unsigned *redraw)
{
	if (!rp->lesson)
		return false;
	enum ab_action a = ab_key_action(ch);
	switch (a) {
	case AB_ACT_FORWARD: {
		size_t slot;
		const struct ab_lesson_question *q = open_question(rp, &slot);
		if (!q)
			return false;
		*redraw = ask_question(rp, q, slot);
		return true;
	}
	case AB_ACT_EDIT: case AB_ACT_SWAP: case AB_ACT_FAIL_HARD: case AB_ACT_STRICT:
	case AB_ACT_ORDER: case AB_ACT_ALGO: case AB_ACT_AUTOPLAY: case AB_ACT_PRACTICE:
		ab_str_clear(&rp->message);
		ab_str_add(&rp->message, _("not during a lesson: its text follows this one search"));
		*redraw = AB_REDRAW_FRAME;
		return true;
	default:
		return false;
	}
}

/* ---- The panel ---------------------------------------------------------------- */

int ab_lesson_view_width(const struct ab_replay *rp, int cols)
{
	if (!rp->lesson)
		return 0;
	int w = cols * 45 / 100;
	return w < 24 ? 24 : w;
}

/* Writes lines (each ending in '\n') from row, at most max rows; the last
 * row shown ends in "…" when some are left out.  Returns the rows used. */
static int put_lines(WINDOW *w, int row, int left, int cols, int max, const char *lines,
		     attr_t a, const struct ab_glyphs *g)
{
	int used = 0;
	wattrset(w, a);
	for (const char *p = lines; *p && used < max; used++) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		const char *next = nl ? nl + 1 : p + len;
		if (used == max - 1 && *next) {
			mvwaddstr(w, row + used, left, g->ascii ? "..." : "…");
			used++;
			break;
		}
		mvwaddnstr(w, row + used, left, p, (int)len);
		p = next;
	}
	(void)cols;
	wattrset(w, A_NORMAL);
	return used;
}

void ab_lesson_view_draw(const struct ab_replay *rp, WINDOW *w, const struct ab_rect *r)
{
	const struct ab_lesson_view *v = rp->lesson;
	const struct ab_lesson *l = v->lesson;
	const struct ab_glyphs *g = rp->g;
	if (r->cols < 4 || r->rows < 2)
		return;
	wattrset(w, A_DIM);
	for (int i = 0; i < r->rows; i++)
		mvwaddstr(w, r->top + i, r->left, g->ascii ? "|" : "│");
	wattrset(w, A_NORMAL);
	int left = r->left + 2;
	unsigned cols = (unsigned)(r->cols - 2);
	int row = r->top, end = r->top + r->rows;

	struct ab_str text = AB_STR_INIT, lines = AB_STR_INIT;
	ab_str_addf(&text, _("Lesson: %s"), ab_lesson_text(&l->title, v->lang));
	ab_wrap_text(ab_str_cstr(&text), cols, &lines);
	row += put_lines(w, row, left, (int)cols, 2, ab_str_cstr(&lines), A_BOLD, g);
	row++;

	/* This step's questions first, at the bottom, so they always show. */
	struct ab_str asked = AB_STR_INIT;
	size_t bi;
	const struct ab_lesson_block *here = block_here(rp, &bi);
	for (size_t q = 0; here && q < here->nquestions; q++) {
		const struct ab_lesson_question *qu = &here->questions[q];
		uint8_t verdict = v->verdicts[v->first[bi] + q];
		ab_str_clear(&text);
		ab_str_addf(&text, _("Question: %s"), ab_lesson_text(&qu->prompt, v->lang));
		ab_wrap_text(ab_str_cstr(&text), cols, &asked);
		ab_str_clear(&text);
		if (verdict == V_OPEN)
			ab_str_add(&text, _("Press space to answer."));
		else if (verdict == V_RIGHT)
			ab_str_addf(&text, _("%s Right: %s"), g->ascii ? "ok" : "✓", qu->answer);
		else if (verdict == V_WRONG)
			ab_str_addf(&text, _("%s Not quite: the answer is %s"), g->ascii ? "no" : "✗",
				    qu->answer);
		else
			ab_str_addf(&text, _("Skipped: the answer is %s"), qu->answer);
		ab_wrap_text(ab_str_cstr(&text), cols, &asked);
	}
	int asked_rows = 0;
	for (const char *p = ab_str_cstr(&asked); (p = strchr(p, '\n')); p++)
		asked_rows++;
	if (asked_rows > end - row)
		asked_rows = end - row;

	const struct ab_lesson_block *b = ab_lesson_block_at(l, rp->trace->step);
	ab_str_clear(&lines);
	if (b)
		ab_wrap_text(ab_lesson_text(&b->text, v->lang), cols, &lines);
	if (rp->trace->step == rp->trace->length) {
		ab_str_clear(&text);
		ab_str_addf(&text, "\n%s", _("End of the lesson: q quits, Home starts again."));
		ab_wrap_text(ab_str_cstr(&text), cols, &lines);
	}
	int room = end - row - asked_rows - (asked_rows ? 1 : 0);
	if (room > 0)
		row += put_lines(w, row, left, (int)cols, room, ab_str_cstr(&lines), A_NORMAL, g);
	if (asked_rows)
		put_lines(w, end - asked_rows, left, (int)cols, asked_rows, ab_str_cstr(&asked),
			  A_BOLD, g);
	ab_str_free(&text);
	ab_str_free(&lines);
	ab_str_free(&asked);
}
