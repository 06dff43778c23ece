/* draw.c - the replay's screen, region by region.
 *
 *   title line
 *   tree (or outline)             | pseudocode, current line marked
 *   what just happened: the narration of this step
 *   leaf counts: minimax, alpha-beta, Knuth-Moore, as numbers and bars
 *   details of the selected node
 *   status line: step, conventions, keys (or a prompt, or a message)
 *
 * Colours are a table of roles with a monochrome column: without colour
 * (NO_COLOR, or a terminal that has none) attributes alone tell pruned,
 * visited, current and on-path nodes apart, and pruned nodes carry a mark
 * as well as the dim attribute.
 */
#include "tui/draw.h"

#include <stdlib.h>
#include <string.h>

#include "homework/grade.h"
#include "base/i18n.h"
#include "tui/board.h"
#include "views/narrate.h"
#include "views/stats.h"
#include "tui/keys.h"
#include "tui/logview.h"
#include "tui/pseudocode.h"
#include "tui/ttpanel.h"
#include "base/utf8.h"

enum role {
	R_NORMAL, R_TITLE, R_VISITED, R_PRUNED, R_CURRENT, R_PATH, R_CUT,
	R_CODE, R_CODE_HI, R_STATUS, R_BAR, R_BAR_REST, R_FAINT, R_SELECTED,
	R_SIDE_X, R_SIDE_O, R_MOVE, R_WIN,
	R_COUNT
};

static const struct {
	attr_t mono;   /* attributes on any terminal */
	short fg;      /* colour when colours are on; -1 the default */
} scheme[R_COUNT] = {
	[R_NORMAL] = { A_NORMAL, -1 },
	[R_TITLE] = { A_BOLD, -1 },
	[R_VISITED] = { A_BOLD, COLOR_GREEN },
	[R_PRUNED] = { A_DIM, 8 },            /* grey where there is one */
	[R_CURRENT] = { A_REVERSE | A_BOLD, COLOR_YELLOW },
	[R_PATH] = { A_NORMAL, COLOR_CYAN },
	[R_CUT] = { A_BOLD, COLOR_RED },
	[R_CODE] = { A_NORMAL, -1 },
	[R_CODE_HI] = { A_REVERSE, -1 },
	[R_STATUS] = { A_REVERSE, -1 },
	[R_BAR] = { A_BOLD, COLOR_BLUE },
	[R_BAR_REST] = { A_NORMAL, -1 },
	[R_FAINT] = { A_NORMAL, -1 },
	[R_SELECTED] = { A_UNDERLINE | A_BOLD, COLOR_MAGENTA },
	/* A game's boards: the sides' pieces, the last move, a winning row. */
	[R_SIDE_X] = { A_BOLD, COLOR_RED },
	[R_SIDE_O] = { A_BOLD, COLOR_BLUE },
	[R_MOVE] = { A_REVERSE | A_BOLD, -1 },
	[R_WIN] = { A_REVERSE | A_BOLD, COLOR_GREEN },
};

static bool use_color;

void ab_draw_setup(struct ab_replay *rp)
{
	const char *no_color = getenv("NO_COLOR");
	rp->color = false;
	if ((no_color && *no_color) || !has_colors() || start_color() == ERR)
		return;
	use_default_colors();
	for (int r = 1; r < R_COUNT; r++) {
		short fg = scheme[r].fg;
		if (fg >= COLORS)
			fg = -1;
		init_pair((short)r, fg, -1);
	}
	rp->color = true;
}

static attr_t attr(enum role r)
{
	attr_t a = scheme[r].mono;
	if (use_color && r != R_NORMAL && scheme[r].fg != -1)
		a |= COLOR_PAIR(r);
	return a;
}

/* ---- Text primitives ---------------------------------------------------- */

/* Writes text at (row, col) of the window, clipped to the columns
 * [left, right) of the window; col may lie left of left (scrolled off).
 * Returns the column after the text. */
static long put(WINDOW *w, int row, long col, int left, int right,
		const char *text, attr_t a)
{
	size_t n = strlen(text);
	wattrset(w, a);
	while (n) {
		uint32_t cp;
		size_t len = ab_utf8_decode(text, n, &cp);
		int cw = 1;
		if (len == 0) {
			len = 1;
			cp = '?';
		} else {
			cw = ab_utf8_width(cp);
		}
		if (col >= right)
			break;
		if (col >= left && col + cw <= right) {
			if (len == 1 && (cp < 0x20 || cp == 0x7f))
				mvwaddch(w, row, (int)col, '?');
			else
				mvwaddnstr(w, row, (int)col, text, (int)len);
		}
		col += cw;
		text += len;
		n -= len;
	}
	wattrset(w, A_NORMAL);
	return col;
}

/* Whether the character at s is punctuation a line must not start with:
 * the Chinese comma, full stop, colon, closing quote and the like. */
static bool closes_line(const char *s, size_t n)
{
	uint32_t cp;
	if (!n || !ab_utf8_decode(s, n, &cp))
		return false;
	switch (cp) {
	case 0x3001: case 0x3002: case 0x300D: case 0x300F: case 0x3011: case 0x201D:
	case 0xFF01: case 0xFF09: case 0xFF0C: case 0xFF1A: case 0xFF1B: case 0xFF1F:
		return true;
	default:
		return false;
	}
}

/* Whether cp is a relation sign of a formula ("C ≤ 2", "α = 3"). */
static bool relation(uint32_t cp)
{
	return cp == '=' || cp == '<' || cp == '>' || cp == 0x2264 || cp == 0x2265 ||
	       cp == 0x2260;
}

/* Whether a line may break at the space at text[i] (of n bytes): not next
 * to a relation sign, so a formula never splits ("C ≤" / "2"). */
static bool breaks_at_space(const char *text, size_t i, size_t n)
{
	uint32_t cp;
	size_t j = i;
	while (j < n && text[j] == ' ')
		j++;
	if (j < n && ab_utf8_decode(text + j, n - j, &cp) && relation(cp))
		return false;
	size_t k = i; /* the character before the space: back over UTF-8 */
	while (k > 0 && ((unsigned char)text[k - 1] & 0xC0) == 0x80)
		k--;
	if (k > 0)
		k--;
	return !(k < i && ab_utf8_decode(text + k, i - k, &cp) && relation(cp));
}

/* The longest prefix of text (bytes) of whole words that fits in cols
 * columns: all of it when it fits, one word cut when the first is longer
 * than the line. */
static size_t fit_words(const char *text, int cols)
{
	size_t n = strlen(text), fit = 0, i = 0;
	unsigned width = 0;
	while (i < n) {
		uint32_t cp;
		size_t len = ab_utf8_decode(text + i, n - i, &cp);
		if (!len)
			len = 1, cp = '?';
		unsigned cw = (unsigned)ab_utf8_width(cp);
		if (width + cw > (unsigned)cols)
			break;
		width += cw;
		i += len;
		/* Wide (CJK) text has no spaces: a line may also end after a
		 * wide character, unless punctuation follows. */
		if (i == n || (text[i] == ' ' && breaks_at_space(text, i, n)) ||
		    (cw == 2 && !closes_line(text + i, n - i)))
			fit = i;
	}
	if (i == n)
		return n;
	return fit ? fit : i;
}

/* Word-wraps text into at most max_rows rows of cols columns from (row,
 * left).  Returns the rows used. */
static int put_wrapped(WINDOW *w, int row, int left, int cols, int max_rows,
		       const char *text, attr_t a)
{
	int used = 0;
	while (*text && used < max_rows) {
		size_t fit = fit_words(text, cols);
		char *line = ab_xmalloc(fit + 1);
		memcpy(line, text, fit);
		line[fit] = '\0';
		put(w, row + used, left, left, left + cols, line, a);
		free(line);
		used++;
		text += fit;
		while (*text == ' ')
			text++;
	}
	return used;
}

/* How many rows put_wrapped takes for the whole of text. */
static int wrapped_rows(const char *text, int cols)
{
	int rows = 0;
	while (*text) {
		size_t fit = fit_words(text, cols);
		if (!fit)
			break;
		rows++;
		text += fit;
		while (*text == ' ')
			text++;
	}
	return rows;
}

static void fill_row(WINDOW *w, int row, int left, int cols, attr_t a)
{
	wattrset(w, a);
	mvwhline(w, row, left, ' ', cols);
	wattrset(w, A_NORMAL);
}

/* ---- Practice and predict modes, read from their data -------------------- */

enum verdict { VERDICT_NONE, VERDICT_RIGHT, VERDICT_WRONG };

static bool practice_marked(const struct ab_replay *rp, uint32_t n)
{
	return ab_practice_on(rp) && n < rp->practice->count && rp->practice->marked[n];
}

/* Appends what the student wrote into inner node n ("≤ 2"), if anything. */
static void practice_claim(const struct ab_replay *rp, uint32_t n, struct ab_str *out)
{
	if (!ab_practice_on(rp) || n >= rp->practice->count || !rp->practice->claims[n].set)
		return;
	const struct ab_practice_claim *c = &rp->practice->claims[n];
	ab_str_add(out, c->bound == AB_BOUND_LE ? rp->g->le : c->bound == AB_BOUND_GE ? rp->g->ge : "=");
	ab_str_addc(out, ' ');
	ab_format_value(c->value, rp->tree->scale, rp->g, out);
}

/* After a check: whether the item about node n was right. */
static enum verdict practice_verdict(const struct ab_replay *rp, uint32_t n)
{
	if (!ab_practice_on(rp) || !rp->practice->graded)
		return VERDICT_NONE;
	const struct ab_grade_item *item = ab_grade_item_for(&rp->practice->grade, rp->tree, n);
	if (!item)
		return VERDICT_NONE;
	return item->right ? VERDICT_RIGHT : VERDICT_WRONG;
}

/* The mark for a verdict: "✓"/"✗", or "ok"/"no" in ASCII. */
static const char *verdict_mark(enum verdict v, bool ascii)
{
	if (v == VERDICT_RIGHT)
		return ascii ? "ok" : "✓";
	if (v == VERDICT_WRONG)
		return ascii ? "no" : "✗";
	return "";
}

/* What the narration area says in practice mode: how to work, or after a
 * check the score and the selected node's explanation. */
static void practice_narration(const struct ab_replay *rp, struct ab_str *out)
{
	const struct ab_practice *p = rp->practice;
	if (!p->graded) {
		ab_str_add(out, _("Practice: work the search by hand. Move with the arrows, Tab or a click; x marks a leaf pruned; Enter (or a digit, <, >) types a value or bound such as 3, <= 2 or >= 5 into an inner node; c checks."));
		return;
	}
	const struct ab_grade *gr = &p->grade;
	ab_str_addf(out, _("Score %zu/%zu. "), gr->right, gr->count);
	const struct ab_grade_item *item = rp->selected != AB_NONE
		? ab_grade_item_for(gr, rp->tree, rp->selected) : NULL;
	if (!item && rp->selected != AB_NONE) {
		/* Nothing was claimed about this node: say so, then the
		 * first mistake, if any. */
		struct ab_str name = AB_STR_INIT;
		ab_tree_name(rp->tree, rp->selected, &name);
		ab_str_addf(out, _("%s: nothing to check here. "), ab_str_cstr(&name));
		ab_str_free(&name);
		item = ab_grade_first_mistake(gr);
		if (item)
			ab_str_add(out, _("First mistake: "));
	} else if (!item) {
		item = ab_grade_first_mistake(gr);
	}
	if (item) {
		ab_str_addf(out, "%s %s: ", verdict_mark(item->right ? VERDICT_RIGHT : VERDICT_WRONG,
							 rp->g->ascii),
			    item->name);
		if (item->right)
			ab_str_addf(out, _("%s, right."), item->expected);
		else
			ab_str_addf(out, _("you said %s. %s"), item->given, item->why ? item->why : "");
	} else if (gr->right == gr->count) {
		ab_str_add(out, _("Everything is right."));
	}
	if (gr->diagnosis) {
		ab_str_addc(out, ' ');
		ab_str_add(out, gr->diagnosis);
	}
}

/* The modes' part of the status line (" | practice ..." or " | predict
 * 3/4 ..."), nothing when neither is on. */
static void practice_status(const struct ab_replay *rp, struct ab_str *out)
{
	const struct ab_practice *p = rp->practice;
	if (!p)
		return;
	if (p->on) {
		if (p->graded)
			ab_str_addf(out, _(": score %zu/%zu"), p->grade.right, p->grade.count);
		if (!rp->message.len) /* the keys, before the conventions */
			ab_str_add(out, _(" | x prune  Enter value  c check  p leave  ? help"));
		return;
	}
	if (!p->predict)
		return;
	ab_str_addf(out, _(" | predict %u/%u"), p->right, p->asked);
	if (p->pending != AB_NONE) {
		struct ab_str name = AB_STR_INIT;
		ab_tree_name(rp->tree, p->pending, &name);
		ab_str_addf(out, _(": next, is leaf %s looked at (v) or pruned (x)?"),
			    ab_str_cstr(&name));
		ab_str_free(&name);
	}
}

/* ---- Node text ---------------------------------------------------------- */

static const char *player_glyph(const struct ab_replay *rp, uint32_t n)
{
	enum ab_player p = ab_player_at(rp->tree, n, rp->trace->root_player);
	if (rp->g->ascii)
		return p == AB_MAX ? "^" : p == AB_MIN ? "v" : "o";
	return p == AB_MAX ? "▲" : p == AB_MIN ? "▼" : "○";
}

/* A chance node on the current path: the range its expectation can still
 * take, S + R·[L, U], with the bounds; else nothing yet. */
static void chance_range(const struct ab_replay *rp, uint32_t n, struct ab_str *out)
{
	const struct ab_tree *t = rp->tree;
	if (!t->has_bounds)
		return;
	const struct ab_node_state *s = ab_trace_node(rp->trace, n);
	ab_wide rest = t->prob_scale;
	for (uint32_t i = 0; i < t->nodes[n].nkids; i++) {
		uint32_t kid = ab_kid(t, n, i);
		if (ab_trace_node(rp->trace, kid)->status == AB_DONE)
			rest -= ab_prob_weight(t, kid);
	}
	ab_wide lo = (ab_wide)s->value * t->prob_scale + rest * t->bound_lo;
	ab_wide hi = (ab_wide)s->value * t->prob_scale + rest * t->bound_hi;
	ab_format_interval((ab_value)(lo / t->prob_scale), (ab_value)(hi / t->prob_scale),
			   t->scale, rp->g, out);
}

/* ---- Depth limits, iterations and the negamax view ----------------------- */

/* The negamax view: numbers at MIN nodes from MIN's side. */
static bool negated(const struct ab_replay *rp, uint32_t n)
{
	return rp->config.view == AB_VIEW_NEGAMAX && !rp->tree->nchance &&
	       ab_player_at(rp->tree, n, rp->trace->root_player) == AB_MIN;
}

static void put_value(const struct ab_replay *rp, uint32_t n, ab_value v,
		      struct ab_str *out)
{
	ab_format_value(negated(rp, n) ? -v : v, rp->tree->scale, rp->g, out);
}

/* A node's window, [alpha, beta] or in the negamax view [-beta, -alpha]
 * at MIN. */
static void put_window(const struct ab_replay *rp, uint32_t n, ab_value alpha,
		       ab_value beta, struct ab_str *out)
{
	if (negated(rp, n))
		ab_format_window(-beta, -alpha, rp->tree->scale, rp->g, out);
	else
		ab_format_window(alpha, beta, rp->tree->scale, rp->g, out);
}

static void put_interval(const struct ab_replay *rp, uint32_t n, ab_value lo,
			 ab_value hi, struct ab_str *out)
{
	if (negated(rp, n))
		ab_format_interval(-hi, -lo, rp->tree->scale, rp->g, out);
	else
		ab_format_interval(lo, hi, rp->tree->scale, rp->g, out);
}

/* Below the depth limit in force and not reached: not searched at this
 * depth (dimmed, unlike a pruned node it has no cut mark). */
static bool below_horizon(const struct ab_replay *rp, uint32_t n)
{
	return ab_trace_node(rp->trace, n)->status == AB_UNVISITED &&
	       ab_trace_below_horizon(rp->trace, n) && !ab_trace_pruned(rp->trace, n);
}

/* "h=5" under an inner node with a static value. */
static bool static_text(const struct ab_replay *rp, uint32_t n, struct ab_str *out)
{
	const struct ab_tree *t = rp->tree;
	if (ab_is_leaf(t, n) || !(t->nodes[n].flags & AB_HAS_STATIC))
		return false;
	ab_str_add(out, "h=");
	put_value(rp, n, t->nodes[n].value, out);
	return true;
}

/* " | iteration 2 of 3, root order C B D": which iteration is on screen
 * and the order it searches the root's children in. */
static void iteration_text(const struct ab_replay *rp, struct ab_str *out)
{
	const struct ab_trace *tr = rp->trace;
	uint32_t it = ab_trace_iteration(tr);
	if (!tr->iterations)
		return;
	if (!it) {
		ab_str_addf(out, _(" | %u iterations"), tr->iterations);
		return;
	}
	ab_str_addf(out, _(" | iteration %u of %u"), it, tr->iterations);
	const struct ab_tree *t = rp->tree;
	const uint32_t *order = ab_trace_iteration_order(rp->trace, it);
	ab_str_add(out, _(", root order"));
	for (uint32_t i = 0; i < t->nodes[0].nkids; i++) {
		ab_str_addc(out, ' ');
		ab_tree_name(t, order[t->nodes[0].first_kid + i], out);
	}
}

/* What is known of an inner node now: its proved interval once done, the
 * bound proved so far while active ("≥ 3" at MAX, "≤ 2" at MIN). */
static void node_bound(const struct ab_replay *rp, uint32_t n, struct ab_str *out)
{
	const struct ab_node_state *s = ab_trace_node(rp->trace, n);
	if (rp->config.view == AB_VIEW_NEGAMAX && s->status == AB_DONE) {
		put_interval(rp, n, s->lo, s->hi, out);
	} else if (rp->config.view == AB_VIEW_NEGAMAX && s->status == AB_ACTIVE) {
		bool max = ab_player_at(rp->tree, n, rp->trace->root_player) == AB_MAX;
		if (max ? s->lo != AB_NEG_INF : s->hi != AB_POS_INF)
			put_interval(rp, n, max ? s->lo : AB_NEG_INF, max ? AB_POS_INF : s->hi, out);
	} else if (s->status == AB_DONE) {
		ab_format_interval(s->lo, s->hi, rp->tree->scale, rp->g, out);
	} else if (s->status == AB_ACTIVE) {
		if (ab_player_at(rp->tree, n, rp->trace->root_player) == AB_CHANCE) {
			chance_range(rp, n, out);
			return;
		}
		bool max = ab_player_at(rp->tree, n, rp->trace->root_player) == AB_MAX;
		if (max && s->lo != AB_NEG_INF)
			ab_format_interval(s->lo, AB_POS_INF, rp->tree->scale, rp->g, out);
		else if (!max && s->hi != AB_POS_INF)
			ab_format_interval(AB_NEG_INF, s->hi, rp->tree->scale, rp->g, out);
	}
}

static enum role node_role(const struct ab_replay *rp, uint32_t n, bool *pruned)
{
	const struct ab_node_state *s = ab_trace_node(rp->trace, n);
	*pruned = s->status == AB_UNVISITED && ab_trace_pruned(rp->trace, n);
	if (rp->trace->step && n == ab_trace_current(rp->trace))
		return R_CURRENT;
	if (n == rp->selected)
		return R_SELECTED;
	if (*pruned)
		return R_PRUNED;
	if (s->status == AB_DONE || s->status == AB_ACTIVE)
		return R_VISITED;
	return R_NORMAL;
}

/* ---- The tree view ------------------------------------------------------ */

struct view {
	WINDOW *w;
	struct ab_rect area;
	struct ab_scroll s;
};

static long view_col(const struct view *v, uint32_t x)
{
	return (long)v->area.left + (long)x - (long)v->s.x;
}

static bool view_row(const struct view *v, uint32_t y, int *row)
{
	if (y < v->s.y || y >= v->s.y + (uint32_t)v->area.rows)
		return false;
	*row = v->area.top + (int)(y - v->s.y);
	return true;
}

/* Writes text centred in node n's box on drawing row y. */
static void put_in_box(const struct view *v, const struct ab_layout *l,
		       uint32_t n, uint32_t y, const char *text, attr_t a)
{
	int row;
	if (!view_row(v, y, &row))
		return;
	unsigned tw = ab_text_width(text);
	long col = view_col(v, l->x[n]);
	if (tw < l->w[n])
		col += (long)(l->w[n] - tw) / 2;
	put(v->w, row, col, v->area.left, v->area.left + v->area.cols, text, a);
}

static void draw_connector(const struct ab_replay *rp, const struct view *v,
			   uint32_t n)
{
	const struct ab_tree *t = rp->tree;
	const struct ab_layout *l = &rp->layout;
	uint32_t k = t->nodes[n].nkids;
	uint32_t p = ab_layout_centre(l, n);
	uint32_t first = ab_layout_centre(l, ab_kid(t, n, 0));
	uint32_t last = ab_layout_centre(l, ab_kid(t, n, k - 1));
	uint32_t lo = first < p ? first : p, hi = last > p ? last : p;
	bool ascii = rp->g->ascii;
	int left = v->area.left, right = v->area.left + v->area.cols;
	/* Levels further apart (presenter): the line across the children
	 * half way down, stems from the node and to each child. */
	uint32_t below = ab_layout_row(l, t, n) + AB_LAYOUT_BOX_ROWS;
	uint32_t across = below + (l->level_rows - AB_LAYOUT_BOX_ROWS - 1) / 2;
	uint32_t next = ab_layout_row(l, t, n) + l->level_rows;
	int row;
	for (uint32_t y = below; y < next; y++) {
		if (y == across || !view_row(v, y, &row))
			continue;
		if (y < across)
			put(v->w, row, view_col(v, p), left, right, ascii ? "|" : "│", attr(R_NORMAL));
		else
			for (uint32_t i = 0; i < k; i++) {
				uint32_t kid = ab_kid(t, n, i);
				bool pruned = ab_trace_node(rp->trace, kid)->status == AB_UNVISITED &&
					      ab_trace_pruned(rp->trace, kid);
				put(v->w, row, view_col(v, ab_layout_centre(l, kid)), left, right,
				    ascii ? "|" : "│", attr(pruned ? R_PRUNED : R_NORMAL));
			}
	}
	if (!view_row(v, across, &row))
		return;
	/* Only the visible stretch of a long line is drawn. */
	uint32_t from = lo > v->s.x ? lo : v->s.x;
	uint32_t to = hi < v->s.x + (uint32_t)v->area.cols ? hi : v->s.x + (uint32_t)v->area.cols;
	for (uint32_t x = from; x <= to && x >= from; x++)
		put(v->w, row, view_col(v, x), left, right, ascii ? "-" : "─", attr(R_NORMAL));
	for (uint32_t i = 0; i < k; i++) {
		uint32_t kid = ab_kid(t, n, i), c = ab_layout_centre(l, kid);
		const char *j = ascii ? "+" : c == lo && c != p ? "┌" : c == hi && c != p ? "┐" : "┬";
		if (c == p)
			j = ascii ? "+" : lo == hi ? "│" : "┼";
		bool pruned = ab_trace_node(rp->trace, kid)->status == AB_UNVISITED &&
			      ab_trace_pruned(rp->trace, kid);
		put(v->w, row, view_col(v, c), left, right, j, attr(pruned ? R_PRUNED : R_NORMAL));
	}
	bool on_kid = false;
	for (uint32_t i = 0; i < k; i++)
		on_kid |= ab_layout_centre(l, ab_kid(t, n, i)) == p;
	if (!on_kid)
		put(v->w, row, view_col(v, p), left, right,
		    ascii ? "+" : p == lo ? "└" : p == hi ? "┘" : "┴", attr(R_NORMAL));
}

/* Practice mode: the trace stands at step 0, so the node shows nothing
 * of the search; on it go the student's marks (a pruned mark on a leaf's
 * value, a typed bound beside an inner node's name) and, after a check,
 * the verdict below (a mark, so it reads without colour too). */
static void draw_practice_node(const struct ab_replay *rp, const struct view *v,
			       uint32_t n, struct ab_str *buf)
{
	const struct ab_tree *t = rp->tree;
	const struct ab_layout *l = &rp->layout;
	uint32_t y = ab_layout_row(l, t, n);
	bool leaf = ab_is_leaf(t, n), marked = practice_marked(rp, n);
	attr_t a = n == rp->selected ? attr(R_SELECTED) : marked ? attr(R_PRUNED) | A_DIM
								 : attr(R_NORMAL);
	ab_str_clear(buf);
	if (leaf) {
		if (marked)
			ab_str_add(buf, rp->g->cut_mark);
		ab_format_value(t->nodes[n].value, t->scale, rp->g, buf);
	} else {
		ab_str_add(buf, player_glyph(rp, n));
		ab_tree_name(t, n, buf);
		size_t before = buf->len;
		ab_str_addc(buf, ' ');
		practice_claim(rp, n, buf);
		if (buf->len == before + 1)
			ab_str_truncate(buf, before);
	}
	put_in_box(v, l, n, y, ab_str_cstr(buf), a);
	if (leaf) {
		ab_str_clear(buf);
		ab_tree_name(t, n, buf);
		put_in_box(v, l, n, y + 1, ab_str_cstr(buf), marked ? attr(R_PRUNED) | A_DIM
								     : attr(R_NORMAL));
	}
	enum verdict verdict = practice_verdict(rp, n);
	if (verdict != VERDICT_NONE)
		put_in_box(v, l, n, y + (leaf ? 2 : 1), verdict_mark(verdict, rp->g->ascii),
			   attr(verdict == VERDICT_RIGHT ? R_VISITED : R_CUT));
}

static void draw_node(const struct ab_replay *rp, const struct view *v, uint32_t n,
		      struct ab_str *buf)
{
	if (ab_practice_on(rp)) {
		draw_practice_node(rp, v, n, buf);
		return;
	}
	const struct ab_tree *t = rp->tree;
	const struct ab_layout *l = &rp->layout;
	uint32_t y = ab_layout_row(l, t, n);
	bool pruned;
	enum role role = node_role(rp, n, &pruned);
	attr_t a = attr(role) | (pruned ? A_DIM : 0);
	const struct ab_node_state *st = ab_trace_node(rp->trace, n);
	/* Reached by a search a research event started again: faint until
	 * the new search reaches it, then marked as searched again. */
	bool again = st->earlier && st->status != AB_UNVISITED;
	if (role == R_NORMAL && (below_horizon(rp, n) || st->earlier))
		a = attr(R_FAINT) | A_DIM;
	ab_str_clear(buf);
	ab_layout_prob_text(t, n, buf);
	if (again)
		ab_str_add(buf, rp->g->ascii ? "~" : "↻");
	if (ab_is_leaf(t, n)) {
		if (pruned)
			ab_str_add(buf, rp->g->cut_mark);
		put_value(rp, n, t->nodes[n].value, buf);
		put_in_box(v, l, n, y, ab_str_cstr(buf), a);
		ab_str_clear(buf);
		ab_tree_name(t, n, buf);
		/* The compact layout names a leaf where its name fits. */
		if (!l->compact || ab_text_width(ab_str_cstr(buf)) <= l->w[n])
			put_in_box(v, l, n, y + 1, ab_str_cstr(buf),
				   pruned ? attr(R_PRUNED) | A_DIM : attr(R_NORMAL));
		return;
	}
	if (pruned)
		ab_str_add(buf, rp->g->cut_mark);
	ab_str_add(buf, player_glyph(rp, n));
	ab_tree_name(t, n, buf);
	size_t before = buf->len;
	ab_str_addc(buf, ' ');
	node_bound(rp, n, buf);
	if (buf->len == before + 1)
		ab_str_truncate(buf, before);
	put_in_box(v, l, n, y, ab_str_cstr(buf), a);
	if (rp->config.algo != AB_MINIMAX && ab_trace_on_path(rp->trace, n)) {
		const struct ab_node_state *s = ab_trace_node(rp->trace, n);
		ab_str_clear(buf);
		put_window(rp, n, s->alpha, s->beta, buf);
		/* A null window (PVS) is drawn as what it is: one unit wide. */
		if (s->alpha != AB_NEG_INF && s->beta != AB_POS_INF && s->beta - s->alpha == 1)
			ab_str_add(buf, _(" null"));
		put_in_box(v, l, n, y + 1, ab_str_cstr(buf), attr(R_PATH));
	} else {
		ab_str_clear(buf);
		if (static_text(rp, n, buf))
			put_in_box(v, l, n, y + 1, ab_str_cstr(buf), attr(R_FAINT) | (a & A_DIM));
	}
}

static void draw_tree(struct ab_replay *rp, const struct view *v)
{
	const struct ab_tree *t = rp->tree;
	struct ab_str buf = AB_STR_INIT;
	uint32_t n = 0;
	while (n < t->count) {
		if (!ab_layout_subtree_visible(&rp->layout, t, n, &v->s,
					       (uint32_t)v->area.cols, (uint32_t)v->area.rows)) {
			n = ab_end(t, n);
			continue;
		}
		draw_node(rp, v, n, &buf);
		if (!ab_is_leaf(t, n))
			draw_connector(rp, v, n);
		n++;
	}
	ab_str_free(&buf);
}

/* Marks the edges of the view beyond which part of the tree lies: an
 * arrow at the middle of the left or right edge, and "…" at the top or
 * bottom, so a scrolled tree never looks whole. */
static void draw_edges(const struct ab_replay *rp, const struct view *v)
{
	const struct ab_layout *l = &rp->layout;
	bool ascii = rp->g->ascii;
	int left = v->area.left, right = v->area.left + v->area.cols;
	int mid = v->area.top + v->area.rows / 2;
	attr_t a = attr(R_TITLE);
	if (v->s.x > 0)
		put(v->w, mid, left, left, right, ascii ? "<" : "◀", a);
	if (v->s.x + (uint32_t)v->area.cols < l->width)
		put(v->w, mid, right - 1, left, right, ascii ? ">" : "▶", a);
	int centre = left + v->area.cols / 2;
	if (v->s.y > 0)
		put(v->w, v->area.top, centre, left, right, ascii ? "..." : "…", a);
	if (v->s.y + (uint32_t)v->area.rows < l->height)
		put(v->w, v->area.top + v->area.rows - 1, centre, left, right,
		    ascii ? "..." : "…", a);
}

/* ---- The outline view --------------------------------------------------- */

/* A node's name on its outline line: in a game's tree the move that
 * reaches it, as the game writes it ("x b3"), since the indent already
 * shows the moves before it; else its name. */
static void outline_name(const struct ab_replay *rp, uint32_t n, struct ab_str *out)
{
	struct ab_game_node node;
	if (rp->is_game && n && ab_game_node_at(&rp->game, rp->tree, n, &node)) {
		ab_game_move_text(&node, out);
		return;
	}
	ab_tree_name(rp->tree, n, out);
}

static void draw_outline(struct ab_replay *rp, const struct view *v)
{
	const struct ab_tree *t = rp->tree;
	struct ab_str buf = AB_STR_INIT;
	int right = v->area.left + v->area.cols;
	for (int i = 0; i < v->area.rows; i++) {
		uint64_t line = (uint64_t)rp->outline_top + (uint64_t)i;
		if (line >= t->count)
			break;
		uint32_t n = rp->outline_order[line];
		bool pruned;
		enum role role = node_role(rp, n, &pruned);
		attr_t a = attr(role) | (pruned ? A_DIM : 0);
		bool below = role == R_NORMAL && below_horizon(rp, n);
		if (below)
			a = attr(R_FAINT) | A_DIM;
		int row = v->area.top + i;
		ab_str_clear(&buf);
		uint32_t indent = ab_outline_indent(t, n);
		for (uint32_t j = 0; j < indent; j++)
			ab_str_addc(&buf, ' ');
		if (pruned)
			ab_str_add(&buf, rp->g->cut_mark);
		if (ab_is_leaf(t, n)) {
			outline_name(rp, n, &buf);
			ab_str_add(&buf, " ");
			put_value(rp, n, t->nodes[n].value, &buf);
		} else {
			ab_str_add(&buf, player_glyph(rp, n));
			outline_name(rp, n, &buf);
			size_t before = buf.len;
			ab_str_add(&buf, " ");
			node_bound(rp, n, &buf);
			if (buf.len == before + 1)
				ab_str_truncate(&buf, before);
			before = buf.len;
			ab_str_add(&buf, "  ");
			if (!static_text(rp, n, &buf))
				ab_str_truncate(&buf, before);
		}
		if (below && !below_horizon(rp, t->nodes[n].parent))
			ab_str_addf(&buf, "  %s", _("(not searched at this depth)"));
		long col = put(v->w, row, v->area.left, v->area.left, right, ab_str_cstr(&buf), a);
		if (!ab_is_leaf(t, n) && rp->config.algo != AB_MINIMAX &&
		    ab_trace_on_path(rp->trace, n)) {
			const struct ab_node_state *s = ab_trace_node(rp->trace, n);
			ab_str_clear(&buf);
			ab_str_add(&buf, "  ");
			put_window(rp, n, s->alpha, s->beta, &buf);
			put(v->w, row, col, v->area.left, right, ab_str_cstr(&buf), attr(R_PATH));
		}
	}
	ab_str_free(&buf);
}

/* ---- Side panels -------------------------------------------------------- */

/* A game's boards (tui/board.c) at the top of the side panel r, which
 * shrinks to what is left below them; nothing when they do not fit with
 * a few rows to spare. */
static void draw_boards(const struct ab_replay *rp, WINDOW *w, struct ab_rect *r,
			uint32_t current)
{
	static const enum role roles[] = {
		[AB_INK_PLAIN] = R_NORMAL, [AB_INK_TITLE] = R_TITLE, [AB_INK_X] = R_SIDE_X,
		[AB_INK_O] = R_SIDE_O, [AB_INK_MOVE] = R_MOVE, [AB_INK_WIN] = R_WIN,
		[AB_INK_FAINT] = R_FAINT,
	};
	const int spare = 4; /* rows kept for what the panel shows below */
	if (r->rows <= spare + 1 || r->cols <= 3)
		return;
	struct ab_board_panel panel = AB_BOARD_PANEL_INIT;
	ab_board_panel_make(&rp->game, rp->tree, current, rp->selected, r->cols - 2,
			    r->rows - spare - 1, &panel);
	if (panel.rows) {
		for (int i = 0; i <= panel.rows; i++)
			put(w, r->top + i, r->left, r->left, r->left + 1,
			    rp->g->ascii ? "|" : "│", attr(R_FAINT));
		struct ab_str run = AB_STR_INIT;
		for (size_t i = 0; i < panel.count; i++) {
			const struct ab_board_span *sp = &panel.spans[i];
			ab_str_clear(&run);
			ab_str_addn(&run, panel.text.s + sp->start, sp->len);
			put(w, r->top + sp->row, r->left + 2 + sp->col, r->left, r->left + r->cols,
			    ab_str_cstr(&run), attr(roles[sp->ink]));
		}
		ab_str_free(&run);
		r->top += panel.rows + 1;
		r->rows -= panel.rows + 1;
	}
	ab_board_panel_free(&panel);
}

static int pseudo_width(const struct ab_replay *rp, enum ab_pseudo_kind kind)
{
	struct ab_str line = AB_STR_INIT;
	unsigned widest = ab_text_width(ab_pseudo_title(kind)) + 2;
	for (unsigned i = 0; i < ab_pseudo_lines(kind); i++) {
		ab_str_clear(&line);
		ab_pseudo_line(kind, i, rp->config.strict, rp->g, &line);
		unsigned w = ab_text_width(ab_str_cstr(&line));
		if (w > widest)
			widest = w;
	}
	ab_str_free(&line);
	return (int)widest + 1;
}

static void draw_pseudocode(const struct ab_replay *rp, WINDOW *w,
			    const struct ab_rect *r, enum ab_pseudo_kind kind,
			    const struct ab_event *ev)
{
	struct ab_str line = AB_STR_INIT;
	int hi = -1;
	if (rp->trace->step) {
		uint32_t n = ev->kind == AB_EV_DONE ? 0 : ev->node;
		hi = ab_pseudo_line_of(kind, ev, ab_player_at(rp->tree, n, rp->trace->root_player));
	}
	/* A vertical rule on the left, the listing's title, then the lines,
	 * scrolled when the area is short so the marked line shows. */
	for (int i = 0; i < r->rows; i++)
		put(w, r->top + i, r->left, r->left, r->left + 1, rp->g->ascii ? "|" : "│",
		    attr(R_FAINT));
	put(w, r->top, r->left + 2, r->left, r->left + r->cols, ab_pseudo_title(kind),
	    attr(R_TITLE));
	int rows = r->rows - 1, count = (int)ab_pseudo_lines(kind), first = 0;
	if (count > rows && hi >= rows)
		first = hi - rows + 1;
	for (int i = 0; i < rows && first + i < count; i++) {
		ab_str_clear(&line);
		ab_pseudo_line(kind, (unsigned)(first + i), rp->config.strict, rp->g, &line);
		int row = r->top + 1 + i;
		bool marked = first + i == hi;
		if (marked)
			fill_row(w, row, r->left + 1, r->cols - 1, attr(R_CODE_HI));
		put(w, row, r->left + 2, r->left, r->left + r->cols, ab_str_cstr(&line),
		    attr(marked ? R_CODE_HI : R_CODE));
	}
	ab_str_free(&line);
}

/* The transposition table's panel (--tt): its lines from ttpanel.c, the
 * slot the current probe or store touches marked as the code's line is. */
static void draw_ttpanel(const struct ab_replay *rp, WINDOW *w, const struct ab_rect *r)
{
	struct ab_ttpanel panel = { .count = 0 };
	for (int i = 0; i < AB_TTPANEL_LINES; i++)
		panel.lines[i] = (struct ab_str)AB_STR_INIT;
	ab_ttpanel_make(rp->trace, rp->g, r->rows, r->cols - 2, &panel);
	for (int i = 0; i < r->rows; i++)
		put(w, r->top + i, r->left, r->left, r->left + 1, rp->g->ascii ? "|" : "│",
		    attr(R_FAINT));
	for (int i = 0; i < panel.count; i++) {
		int row = r->top + i;
		bool marked = i == panel.marked;
		if (marked)
			fill_row(w, row, r->left + 1, r->cols - 1, attr(R_CODE_HI));
		put(w, row, r->left + 2, r->left, r->left + r->cols, ab_str_cstr(&panel.lines[i]),
		    attr(marked ? R_CODE_HI : i == 0 ? R_TITLE : i == 1 && panel.header ? R_FAINT
			 : R_CODE));
	}
	ab_ttpanel_free(&panel);
}

/* Writes text's paragraphs ("\n"-separated) wrapped from row on; returns
 * the next free row. */
static int put_paragraphs(WINDOW *w, int row, int left, int cols, int last_row,
			  const char *text, attr_t a)
{
	while (*text && row < last_row) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		char *para = ab_xmalloc(len + 1);
		memcpy(para, text, len);
		para[len] = '\0';
		row += len ? put_wrapped(w, row, left, cols, last_row - row, para, a) : 1;
		free(para);
		text += len + (nl ? 1 : 0);
	}
	return row;
}

/* The program's log (--log): its lines, each at the step it agrees with;
 * those this step reached in the marked colour, the first that parts from
 * the search in the cut colour once the replay gets there, and below
 * them where and why it parts. */
static void draw_log(const struct ab_replay *rp, WINDOW *w, const struct ab_rect *r)
{
	const struct ab_replay_log *l = rp->log;
	const struct ab_diff_result *res = &l->result;
	const struct ab_diff_divergence *d = &res->divergence;
	size_t step = rp->trace->step;
	int left = r->left + 2, cols = r->cols - 2, last = r->top + r->rows;
	for (int i = 0; i < r->rows; i++)
		put(w, r->top + i, r->left, r->left, r->left + 1, rp->g->ascii ? "|" : "│",
		    attr(R_FAINT));
	struct ab_str text = AB_STR_INIT;
	if (res->agree)
		ab_str_add(&text, _("The log: agrees"));
	else if (res->diverged)
		ab_str_addf(&text, _("The log: parts at step %zu (d)"), d->step);
	else
		ab_str_add(&text, _("The log: does not agree"));
	put(w, r->top, left, r->left, r->left + r->cols, ab_str_cstr(&text), attr(R_TITLE));
	/* Below the lines, once the replay is there: where and why. */
	bool reached = res->diverged && step >= d->step;
	int bottom = 0;
	ab_str_clear(&text);
	if (reached) {
		if (d->line)
			ab_str_addf(&text, _("Step %zu: the log's line %u is '%s'; the search has '%s'."),
				    d->step, d->line, d->given, d->expected);
		else
			ab_str_addf(&text, _("Step %zu: the log has %s; the search has '%s'."),
				    d->step, d->given, d->expected);
		ab_str_addf(&text, " %s", d->why);
		bottom = r->rows / 2;
	}
	int top = r->top + 1, rows = last - top - bottom;
	long cur = ab_replay_log_current(rp);
	long count = (long)l->log->count, first = cur - rows / 2;
	if (first > count - rows)
		first = count - rows;
	if (first < 0)
		first = 0;
	struct ab_str line = AB_STR_INIT;
	bool marked_div = false;
	for (long i = first; i < count && top + (int)(i - first) < last - bottom; i++) {
		const struct ab_log_entry *e = &l->log->entries[i];
		size_t len;
		const char *s = ab_log_line(l->log, e->start, &len);
		uint32_t at = l->steps[i];
		bool is_div = reached && !marked_div && d->line && e->line == d->line;
		marked_div |= is_div;
		enum role role = is_div ? R_CUT : at && at == step ? R_CODE_HI
			       : at && at < step ? R_NORMAL : R_FAINT;
		const char *mark = is_div ? (rp->g->ascii ? "x" : "✗")
				 : at && at == step ? (rp->g->ascii ? ">" : "▶") : " ";
		ab_str_clear(&line);
		ab_str_addf(&line, "%s%5u  ", mark, e->line);
		ab_utf8_add_safe(&line, s, len);
		int row = top + (int)(i - first);
		if (role == R_CODE_HI)
			fill_row(w, row, r->left + 1, r->cols - 1, attr(R_CODE_HI));
		put(w, row, left - 1, r->left, r->left + r->cols, ab_str_cstr(&line), attr(role));
	}
	if (bottom)
		put_wrapped(w, last - bottom, left, cols, bottom, ab_str_cstr(&text), attr(R_CUT));
	ab_str_free(&line);
	ab_str_free(&text);
}

/* A lesson's panel: its title, the text of the block that speaks for this
 * step, its questions, and how the student's answers went. */
static void draw_lesson(const struct ab_replay *rp, WINDOW *w, const struct ab_rect *r)
{
	const struct ab_lesson *l = rp->lesson;
	int left = r->left + 2, cols = r->cols - 2, last = r->top + r->rows;
	for (int i = 0; i < r->rows; i++)
		put(w, r->top + i, r->left, r->left, r->left + 1, rp->g->ascii ? "|" : "│",
		    attr(R_FAINT));
	int row = put_wrapped(w, r->top, left, cols, 2, ab_lesson_text(&l->title, rp->lang),
			      attr(R_TITLE)) + r->top + 1;
	const struct ab_lesson_block *b = ab_lesson_block_at(l, rp->trace->step);
	if (!b) {
		put_wrapped(w, row, left, cols, last - row,
			    _("Step forward (space or →) to begin."), attr(R_FAINT));
		return;
	}
	row = put_paragraphs(w, row, left, cols, last, ab_lesson_text(&b->text, rp->lang),
			     attr(R_NORMAL));
	if (rp->feedback_block == b && rp->feedback.len) {
		row = put_paragraphs(w, row + 1, left, cols, last, ab_str_cstr(&rp->feedback),
				     attr(R_SELECTED));
	} else if (b->nquestions && b->step == rp->trace->step &&
		   !rp->asked[b - l->blocks]) {
		for (size_t i = 0; i < b->nquestions && row < last; i++)
			row = put_paragraphs(w, row + 1, left, cols, last,
					     ab_lesson_text(&b->questions[i].prompt, rp->lang),
					     attr(R_SELECTED));
		put_wrapped(w, row, left, cols, last - row, _("(step forward to answer)"),
			    attr(R_FAINT));
	}
}

static void draw_bar(WINDOW *w, int row, int left, int cols, uint32_t done,
		     uint32_t total, uint32_t scale, const struct ab_glyphs *g)
{
	if (cols <= 0 || !scale)
		return;
	int full = (int)((uint64_t)done * (uint64_t)cols / scale);
	int whole = (int)((uint64_t)total * (uint64_t)cols / scale);
	if (done && !full)
		full = 1;
	if (total && !whole)
		whole = 1;
	for (int i = 0; i < whole && i < cols; i++)
		put(w, row, left + i, left, left + cols, i < full ? (g->ascii ? "#" : "█")
								  : (g->ascii ? "." : "░"),
		    attr(i < full ? R_BAR : R_BAR_REST));
}

static int draw_counts(const struct ab_replay *rp, WINDOW *w, int row, int cols)
{
	struct ab_str text = AB_STR_INIT;
	bool mm = rp->config.algo == AB_MINIMAX;
	uint32_t now = rp->trace->leaves_now;
	/* The labels' column is as wide as the longest label can get. */
	ab_str_addf(&text, _("alpha-beta %u of %u"), rp->tree->leaves, rp->tree->leaves);
	int label = (int)text.len + 2;
	if (label < 24)
		label = 24;
	int bar = cols - label - 16;
	if (bar > 40)
		bar = 40;
	uint32_t scale = rp->tree->leaves;
	/* Predict mode: how many leaves alpha-beta will look at is the
	 * answer being asked for, so only the count so far shows. */
	bool predict = ab_predict_on(rp) && !mm;
	ab_str_clear(&text);
	bool chance = rp->tree->nchance != 0;
	if (mm)
		ab_str_addf(&text, chance ? _("expectimax %u of %u") : _("minimax %u of %u"),
			    now, rp->minimax_leaves);
	else
		ab_str_addf(&text, chance ? _("expectimax %u") : _("minimax %u"),
			    rp->minimax_leaves);
	put(w, row, 0, 0, cols, ab_str_cstr(&text), attr(R_NORMAL));
	draw_bar(w, row, label, bar, mm ? now : rp->minimax_leaves, rp->minimax_leaves,
		 scale, rp->g);
	ab_str_clear(&text);
	if (mm)
		ab_str_addf(&text, _("alpha-beta %u"), rp->alphabeta_leaves);
	else if (predict)
		ab_str_addf(&text, _("alpha-beta %u so far"), now);
	else
		ab_str_addf(&text, _("alpha-beta %u of %u"), now, rp->alphabeta_leaves);
	put(w, row + 1, 0, 0, cols, ab_str_cstr(&text), attr(R_NORMAL));
	draw_bar(w, row + 1, label, bar, mm ? rp->alphabeta_leaves : now,
		 predict ? now : rp->alphabeta_leaves, scale, rp->g);
	int used = 2;
	if (rp->uniform && rp->knuth_moore != UINT64_MAX) {
		ab_str_clear(&text);
		ab_str_addf(&text, _("best order %llu"), (unsigned long long)rp->knuth_moore);
		put(w, row + 2, 0, 0, cols, ab_str_cstr(&text), attr(R_NORMAL));
		draw_bar(w, row + 2, label, bar, (uint32_t)rp->knuth_moore,
			 (uint32_t)rp->knuth_moore, scale, rp->g);
		ab_str_clear(&text);
		ab_str_add(&text, _(" (Knuth-Moore)"));
		put(w, row + 2, label + bar + 1, 0, cols, ab_str_cstr(&text), attr(R_FAINT));
		used = 3;
	}
	ab_str_free(&text);
	return used;
}

/* Why a node is as it is: interval, window when entered, and its cutoff or
 * the cutoff that pruned it, all read from the recorded events.  Each part
 * is one translatable message. */
static void node_details(const struct ab_replay *rp, uint32_t n, struct ab_str *out)
{
	const struct ab_trace *tr = rp->trace;
	const struct ab_tree *t = rp->tree;
	const struct ab_glyphs *g = rp->g;
	const struct ab_node_state *s = ab_trace_node(tr, n);
	struct ab_str name = AB_STR_INIT, what = AB_STR_INIT, path = AB_STR_INIT;
	struct ab_str a = AB_STR_INIT, b = AB_STR_INIT;
	ab_narrate_name(t, n, &name);
	ab_tree_path(t, n, &path);
	bool leaf = ab_is_leaf(t, n);
	enum ab_player player = ab_player_at(t, n, tr->root_player);
	if (leaf)
		ab_format_value(t->nodes[n].value, t->scale, g, &what);
	else
		ab_str_add(&what, ab_player_name(player));
	if (leaf)
		ab_str_addf(out, n ? _("%s (leaf %s, path %s): ") : _("%s (leaf %s): "),
			    ab_str_cstr(&name), ab_str_cstr(&what), ab_str_cstr(&path));
	else
		ab_str_addf(out, n ? _("%s (%s, path %s): ") : _("%s (%s): "), ab_str_cstr(&name),
			    ab_str_cstr(&what), ab_str_cstr(&path));
	if (ab_trace_pruned(tr, n)) {
		/* The nearest ancestor the search reached is the one that cut. */
		uint32_t p = t->nodes[n].parent;
		while (ab_trace_node(tr, p)->status == AB_UNVISITED)
			p = t->nodes[p].parent;
		const struct ab_record *cut = &tr->records[ab_trace_cut_step_now(tr, p) - 1];
		bool max = ab_player_at(t, p, tr->root_player) == AB_MAX;
		const char *rel = rp->config.strict ? (max ? ">" : "<") : (max ? g->ge : g->le);
		ab_str_addf(&a, "%s = ", max ? g->alpha : g->beta);
		ab_format_value(max ? cut->a : cut->b, t->scale, g, &a);
		ab_str_addf(&a, " %s %s = ", rel, max ? g->beta : g->alpha);
		ab_format_value(max ? cut->b : cut->a, t->scale, g, &a);
		ab_str_clear(&b);
		ab_tree_name(t, p, &b);
		ab_str_addf(out, _("pruned by the cutoff at %s in step %u: %s; it is never looked at."),
			    ab_str_cstr(&b), ab_trace_cut_step_now(tr, p), ab_str_cstr(&a));
	} else if (below_horizon(rp, n)) {
		ab_str_addf(out, _("below the depth limit %u: not searched at this depth."),
			    tr->horizon);
	} else if (s->status == AB_UNVISITED) {
		if (ab_trace_visit_step_now(tr, n))
			ab_str_addf(out, _("not reached yet (reached in step %u)."),
				    ab_trace_visit_step_now(tr, n));
		else
			ab_str_add(out, _("not reached yet, and never reached in this search."));
	} else if (leaf) {
		ab_str_addf(out, _("looked at in step %u."), ab_trace_visit_step_now(tr, n));
	} else {
		struct ab_str bound = AB_STR_INIT, known = AB_STR_INIT;
		node_bound(rp, n, &bound);
		if (!bound.len)
			ab_str_add(&known, _("nothing proved yet"));
		else if (s->status == AB_DONE)
			ab_str_add(&known, ab_str_cstr(&bound));
		else
			ab_str_addf(&known, _("%s so far"), ab_str_cstr(&bound));
		const struct ab_record *enter = &tr->records[ab_trace_visit_step_now(tr, n) - 1];
		put_window(rp, n, enter->a, enter->b, &a);
		uint32_t cut_step = ab_trace_cut_step_now(tr, n);
		if (cut_step && cut_step <= tr->step) {
			const struct ab_record *cut = &tr->records[cut_step - 1];
			put_window(rp, n, cut->a, cut->b, &b);
			ab_str_addf(out, _("%s; entered in step %u with window %s; cut off in step %u with window %s."),
				    ab_str_cstr(&known), ab_trace_visit_step_now(tr, n), ab_str_cstr(&a),
				    cut_step, ab_str_cstr(&b));
		} else {
			ab_str_addf(out, _("%s; entered in step %u with window %s."), ab_str_cstr(&known),
				    ab_trace_visit_step_now(tr, n), ab_str_cstr(&a));
		}
		if (ab_trace_iteration(tr)) {
			const uint32_t *order = ab_trace_iteration_order(rp->trace, ab_trace_iteration(tr));
			struct ab_str kids = AB_STR_INIT;
			for (uint32_t i = 0; i < t->nodes[n].nkids; i++) {
				if (i)
					ab_str_addc(&kids, ' ');
				ab_tree_name(t, order[t->nodes[n].first_kid + i], &kids);
			}
			ab_str_addf(out, _(" Iteration %u searches its children in the order %s."),
				    ab_trace_iteration(tr), ab_str_cstr(&kids));
			ab_str_free(&kids);
		}
		enum ab_node_type type = ab_trace_node_type(tr, n);
		if (type != AB_TYPE_NONE)
			ab_str_addf(out, _(" Knuth and Moore's type: %s."), ab_node_type_name(type));
		if (s->earlier)
			ab_str_add(out, _(" This is its second search: a research event started it again."));
		ab_str_free(&bound);
		ab_str_free(&known);
	}
	ab_str_free(&name);
	ab_str_free(&what);
	ab_str_free(&path);
	ab_str_free(&a);
	ab_str_free(&b);
}

/* ---- The frame ---------------------------------------------------------- */

static void draw_status(const struct ab_replay *rp, WINDOW *w, int row, int cols)
{
	struct ab_str text = AB_STR_INIT;
	fill_row(w, row, 0, cols, attr(R_STATUS));
	if (rp->prompt.kind != AB_PROMPT_NONE) {
		ab_str_addf(&text, "%s %s", ab_str_cstr(&rp->prompt.question),
			    ab_str_cstr(&rp->prompt.answer));
		long end = put(w, row, 0, 0, cols, ab_str_cstr(&text), attr(R_STATUS));
		wmove(w, row, end < cols ? (int)end : cols - 1);
		ab_str_free(&text);
		return;
	}
	/* Practice hides the search, and predict its length: the number of
	 * steps would give the answer away. */
	if (ab_predict_on(rp))
		ab_str_addf(&text, _("step %zu"), rp->trace->step);
	else if (!ab_practice_on(rp))
		ab_str_addf(&text, _("step %zu/%zu"), rp->trace->step, rp->trace->length);
	else
		ab_str_add(&text, _("practice"));
	iteration_text(rp, &text);
	if (rp->nedits)
		ab_str_addf(&text, P_(" | %zu edit", " | %zu edits", rp->nedits), rp->nedits);
	practice_status(rp, &text);
	if (rp->lesson && rp->lesson_asked) {
		ab_str_add(&text, " | ");
		ab_str_addf(&text, P_("lesson %u/%u right in %u try", "lesson %u/%u right in %u tries",
				      rp->lesson_tries),
			    rp->lesson_right, rp->lesson_asked, rp->lesson_tries);
	}
	if (rp->message.len) /* a message first, so a narrow screen shows it */
		ab_str_addf(&text, " | %s", ab_str_cstr(&rp->message));
	if (rp->log && rp->log->result.agree)
		ab_str_add(&text, _(" | log agrees"));
	else if (rp->log && rp->log->result.diverged)
		ab_str_addf(&text, _(" | log parts at step %zu (d)"), rp->log->result.divergence.step);
	ab_str_add(&text, " | ");
	ab_config_describe_for(&rp->config, rp->tree, rp->g->ascii, &text);
	if (rp->autoplay)
		ab_str_addf(&text, _(" | autoplay %.1fs"), rp->autoplay_ms / 1000.0);
	/* The keys that work here: practice gives its own, a lesson keeps
	 * its tree, minimax has no cutoffs. */
	if (!rp->message.len && !ab_practice_on(rp)) {
		if (rp->lesson)
			ab_str_add(&text, _(" | ? help  q quit  space step  n cutoff"));
		else if (rp->config.algo == AB_MINIMAX)
			ab_str_add(&text, _(" | ? help  q quit  space step  e edit  s swap  u undo"));
		else
			ab_str_add(&text, _(" | ? help  q quit  space step  n cutoff  e edit  s swap  u undo"));
	}
	/* Too long: cut after the last whole word that fits, and never
	 * after a separator. */
	size_t fit = fit_words(ab_str_cstr(&text), cols);
	ab_str_truncate(&text, fit);
	while (text.len && (text.s[text.len - 1] == ' ' || text.s[text.len - 1] == '|'))
		ab_str_truncate(&text, text.len - 1);
	put(w, row, 0, 0, cols, ab_str_cstr(&text), attr(R_STATUS));
	ab_str_free(&text);
}

/* The narration's rows on a screen of lines rows. */
static int narration_rows(int lines)
{
	return lines >= 30 ? 4 : 3;
}

int ab_draw_presenter_rows(int lines)
{
	int rows = lines - 1 /* title */ - 1 /* status */ - narration_rows(lines);
	return rows > 0 ? rows : 0;
}

/* Scrolls across to show node 0's children, from the first's box to the
 * last's, centred where they fit (a wide tree's first view). */
static void follow_children(const struct ab_layout *l, const struct ab_tree *t,
			    uint32_t cols, struct ab_scroll *s)
{
	uint32_t k = t->count ? t->nodes[0].nkids : 0;
	if (!k || l->width <= cols)
		return;
	uint32_t first = ab_kid(t, 0, 0), last = ab_kid(t, 0, k - 1);
	uint32_t lo = l->x[first], hi = l->x[last] + l->w[last];
	if (hi - lo > cols)
		return; /* the root stays in view, as followed */
	uint32_t x = (lo + hi) / 2 > cols / 2 ? (lo + hi) / 2 - cols / 2 : 0;
	s->x = x + cols > l->width ? l->width - cols : x;
}

/* The help screen, made from the key table; when it is longer than the
 * screen, PgDn/PgUp (and the other scrolling keys) page through it. */
static void draw_help(WINDOW *w, struct ab_replay *rp, int lines, int cols)
{
	struct ab_str help = AB_STR_INIT;
	ab_keys_help(rp->g->ascii, &help);
	int total = 0;
	for (const char *p = ab_str_cstr(&help); (p = strchr(p, '\n')); p++)
		total++;
	int room = lines - 3;
	if (rp->help_top > total - room)
		rp->help_top = total - room;
	if (rp->help_top < 0)
		rp->help_top = 0;
	werase(w);
	put(w, 0, 0, 0, cols, _("abtrace replay: keys (any other key closes this)"), attr(R_TITLE));
	if (total > room)
		put(w, lines - 1, 0, 0, cols, rp->help_top + room < total
			? _("more: PgDn or space") : _("back: PgUp"), attr(R_STATUS));
	int row = 2, skip = rp->help_top;
	for (const char *p = ab_str_cstr(&help); *p && row < 2 + room;) {
		const char *nl0 = strchr(p, '\n');
		if (skip > 0) {
			skip--;
			p = nl0 ? nl0 + 1 : p + strlen(p);
			continue;
		}
		row++;
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *line = ab_xmalloc(len + 1);
		memcpy(line, p, len);
		line[len] = '\0';
		put(w, row - 1, 1, 0, cols, line, attr(R_NORMAL));
		free(line);
		p += len + (nl ? 1 : 0);
	}
	ab_str_free(&help);
}

void ab_draw_frame(WINDOW *w, struct ab_replay *rp)
{
	int lines = getmaxy(w), cols = getmaxx(w);
	use_color = rp->color;
	werase(w);
	rp->too_small = lines < AB_MIN_LINES || cols < AB_MIN_COLS;
	if (rp->too_small) {
		struct ab_str msg = AB_STR_INIT;
		ab_str_addf(&msg, _("The terminal is too small (%dx%d): the replay needs at least %dx%d. Make it larger, or press q to quit."),
			    cols, lines, AB_MIN_COLS, AB_MIN_LINES);
		put_wrapped(w, 0, 0, cols, lines, ab_str_cstr(&msg), attr(R_NORMAL));
		ab_str_free(&msg);
		wnoutrefresh(w);
		doupdate();
		return;
	}
	if (rp->help) {
		draw_help(w, rp, lines, cols);
		wnoutrefresh(w);
		doupdate();
		return;
	}
	struct ab_trace *tr = rp->trace;
	struct ab_event ev = { .kind = AB_EV_DONE };
	if (tr->step)
		ab_trace_event(tr, &ev);
	enum ab_pseudo_kind kind = ab_pseudo_kind_for(&rp->config, rp->tree);

	/* Title. */
	struct ab_str text = AB_STR_INIT;
	ab_str_add(&text, "abtrace: ");
	ab_str_add(&text, ab_tree_title(rp->tree) ? ab_tree_title(rp->tree) : rp->name);
	long title_end = put(w, 0, 0, 0, cols, ab_str_cstr(&text), attr(R_TITLE));
	/* A legend at the right, when it fits: shapes and the pruned mark. */
	ab_str_clear(&text);
	if (rp->tree->nchance)
		ab_str_addf(&text, _("%s MAX  %s MIN  %s chance  %s pruned"), rp->g->ascii ? "^" : "▲",
			    rp->g->ascii ? "v" : "▼", rp->g->ascii ? "o" : "○", rp->g->cut_mark);
	else
		ab_str_addf(&text, _("%s MAX  %s MIN  %s pruned"), rp->g->ascii ? "^" : "▲",
			    rp->g->ascii ? "v" : "▼", rp->g->cut_mark);
	long legend = cols - (long)ab_text_width(ab_str_cstr(&text)) - 1;
	if (legend > title_end + 2)
		put(w, 0, (int)legend, 0, cols, ab_str_cstr(&text), attr(R_FAINT));

	/* What just happened: worked out first, so that a long sentence
	 * gets the rows it needs (from the tree's) before the tree is laid
	 * out. */
	struct ab_str said = AB_STR_INIT;
	if (ab_practice_on(rp)) {
		practice_narration(rp, &said);
	} else if (tr->step) {
		ab_str_addf(&said, _("Step %zu: "), tr->step);
		ab_narrate(tr, &ev, rp->g, &said);
	} else {
		ab_str_add(&said, _("Step 0: nothing searched yet. Press space or → to step, ? for every key."));
	}

	/* The bottom regions, from the status line up. */
	int status_row = lines - 1;
	/* Practice explains the selected node in the narration instead. */
	int details_rows = rp->selected != AB_NONE && !ab_practice_on(rp) && !rp->presenter ? 2 : 0;
	/* The presenter layout keeps the tree and the narration only. */
	int counts_rows = rp->presenter ? 0 : rp->uniform ? 3 : 2;
	int narr_rows = narration_rows(lines);
	if (!rp->presenter) {
		/* Up to a third of the screen for a sentence that needs it. */
		int need = wrapped_rows(ab_str_cstr(&said), cols), most = lines / 3;
		if (need > narr_rows)
			narr_rows = need < most ? need : most > narr_rows ? most : narr_rows;
	}
	int details_top = status_row - details_rows;
	int counts_top = details_top - counts_rows;
	int narr_top = counts_top - narr_rows;
	int mid_top = 1, mid_rows = narr_top - mid_top;

	/* The middle: tree or outline, and the pseudocode beside it. */
	int pw = pseudo_width(rp, kind) + 1;
	if ((rp->lesson || rp->log) && pw < cols * 2 / 5)
		pw = cols * 2 / 5; /* prose wants more room than code */
	if (cols - pw < 30 || ab_practice_on(rp) || rp->presenter)
		pw = 0; /* practice, presenter: all the room for the tree */
	/* A tree wider than the room beside the code takes the whole width
	 * (the code gives way) before it scrolls; a lesson, a log, the table
	 * and a game's boards stay. */
	if (pw && !rp->outline && !rp->lesson && !rp->log && !tr->tt_slots && !rp->is_game &&
	    rp->layout.width > (uint32_t)(cols - pw))
		pw = 0;
	struct view v = { w, { mid_top, 0, mid_rows, cols - pw }, rp->scroll };
	rp->tree_area = v.area;
	uint32_t cur = (rp->follow_selected || ab_practice_on(rp)) && rp->selected != AB_NONE
		? rp->selected : ab_trace_current(tr);
	if (rp->outline) {
		if (rp->follow)
			ab_outline_follow(rp->tree->count, rp->outline_line[cur], (uint32_t)mid_rows,
					  &rp->outline_top);
		draw_outline(rp, &v);
	} else {
		/* A tree narrower than its area sits in the middle of it. */
		if (rp->layout.width < (uint32_t)v.area.cols) {
			v.area.left += (v.area.cols - (int)rp->layout.width) / 2;
			v.area.cols = (int)rp->layout.width;
			rp->tree_area = v.area;
		}
		if (rp->follow)
			ab_layout_follow(&rp->layout, rp->tree, cur, (uint32_t)v.area.cols,
					 (uint32_t)v.area.rows, &rp->scroll);
		/* Before the search starts: the root and its children. */
		if (rp->follow && cur == 0 && !tr->step && !ab_practice_on(rp))
			follow_children(&rp->layout, rp->tree, (uint32_t)v.area.cols, &rp->scroll);
		ab_layout_clamp(&rp->layout, (uint32_t)v.area.cols, (uint32_t)v.area.rows,
				&rp->scroll);
		v.s = rp->scroll;
		draw_tree(rp, &v);
		draw_edges(rp, &v);
	}
	rp->follow = rp->follow_selected = false;
	struct ab_rect side = { mid_top, cols - pw, mid_rows, pw };
	if (pw && rp->is_game)
		draw_boards(rp, w, &side, ab_trace_current(tr));
	if (pw && tr->tt_slots && side.rows > 0) {
		/* The table's panel above the code (or the lesson), under
		 * a game's boards: as many lines as its slots in use, up to
		 * half the side, or all of it when the rest would be too
		 * short to read. */
		int want = ab_ttpanel_rows(tr), half = side.rows / 2 > 5 ? side.rows / 2 : 5;
		int rows = want < half ? want : half;
		if (rows > side.rows || side.rows - rows < 6)
			rows = side.rows;
		struct ab_rect panel = { side.top, side.left, rows, pw };
		draw_ttpanel(rp, w, &panel);
		side.top += rows;
		side.rows -= rows;
	}
	if (pw && side.rows > 0 && rp->lesson)
		draw_lesson(rp, w, &side);
	else if (pw && side.rows > 0 && rp->log)
		draw_log(rp, w, &side);
	else if (pw && side.rows > 0)
		draw_pseudocode(rp, w, &side, kind, &ev);

	/* What just happened. */
	fill_row(w, narr_top, 0, cols, A_NORMAL);
	put_wrapped(w, narr_top, 0, cols, narr_rows, ab_str_cstr(&said),
		    attr(ev.kind == AB_EV_CUTOFF && tr->step ? R_CUT : R_NORMAL));
	ab_str_free(&said);

	if (!ab_practice_on(rp) && counts_rows) /* in practice they would give the answer away */
		draw_counts(rp, w, counts_top, cols);

	if (details_rows) {
		ab_str_clear(&text);
		node_details(rp, rp->selected, &text);
		put_wrapped(w, details_top, 0, cols, details_rows, ab_str_cstr(&text),
			    attr(R_SELECTED));
	}
	ab_str_free(&text);
	draw_status(rp, w, status_row, cols);
	wnoutrefresh(w);
	doupdate();
}
