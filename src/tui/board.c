/* board.c - the board panel's text and inks (see board.h).
 *
 * A board's block is its heading ("now x b3", the node's move as the game
 * names it), the game's board lines, and a line saying who moves or who
 * has won.  Pieces take their side's ink, the last move's square the
 * move's, and a winning row the win's, from the game's marks.
 */
#include "tui/board.h"

#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "views/layout.h"

/* One board's block, laid out at (0, 0). */
struct block {
	struct ab_str heading, board, status;
	struct ab_game_node node;
	bool marked_sides;        /* the game's pieces are x and o */
	int rows, cols;
};

static void add_span(struct ab_board_panel *p, int row, int col, const char *text,
		     size_t len, enum ab_ink ink)
{
	if (!len)
		return;
	if (p->count == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 32;
		p->spans = ab_xreallocarray(p->spans, p->cap, sizeof *p->spans);
	}
	p->spans[p->count++] = (struct ab_board_span){ row, col, p->text.len, len, ink };
	ab_str_addn(&p->text, text, len);
}

/* The block of node n; false when the tree does not match the game. */
static bool make_block(const struct ab_game_state *root, const struct ab_tree *tree,
		       uint32_t n, const char *word, struct block *b)
{
	if (!ab_game_node_at(root, tree, n, &b->node))
		return false;
	b->marked_sides = root->game->to_move != NULL;
	ab_str_add(&b->heading, word);
	ab_str_add(&b->heading, " ");
	if (b->node.moved)
		ab_game_move_text(&b->node, &b->heading);
	else
		ab_str_add(&b->heading, _("(start)"));
	ab_game_board(&b->node.at, &b->board);
	ab_game_status(&b->node, &b->status);
	b->cols = (int)ab_text_width(ab_str_cstr(&b->heading));
	int status = (int)ab_text_width(ab_str_cstr(&b->status));
	if (status > b->cols)
		b->cols = status;
	b->rows = 2;
	for (const char *p = ab_str_cstr(&b->board); *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if ((int)len > b->cols)
			b->cols = (int)len;
		b->rows++;
		p += len + (nl ? 1 : 0);
	}
	return true;
}

static void block_free(struct block *b)
{
	ab_str_free(&b->heading);
	ab_str_free(&b->board);
	ab_str_free(&b->status);
}

/* The ink of the board text's character c at (line, col). */
static enum ab_ink ink_at(const struct block *b, unsigned line, unsigned col, char c)
{
	const struct ab_game_node *nd = &b->node;
	for (unsigned i = 0; i < nd->nmarks; i++)
		if (nd->marks[i].line == line && nd->marks[i].col == col)
			return nd->end == AB_GAME_WON ? AB_INK_WIN : i == 0 ? AB_INK_MOVE
								      : AB_INK_PLAIN;
	if (b->marked_sides && c == 'x')
		return AB_INK_X;
	if (b->marked_sides && c == 'o')
		return AB_INK_O;
	return AB_INK_PLAIN;
}

/* Puts block b at (top, left) of the panel, each board line in runs of
 * one ink. */
static void put_block(struct ab_board_panel *p, const struct block *b, int top, int left)
{
	add_span(p, top, left, b->heading.s, b->heading.len, AB_INK_TITLE);
	int row = top + 1;
	unsigned line = 0;
	for (const char *s = ab_str_cstr(&b->board); *s; line++, row++) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);
		size_t from = 0;
		while (from < len) {
			enum ab_ink ink = ink_at(b, line, (unsigned)from, s[from]);
			size_t to = from + 1;
			while (to < len && ink_at(b, line, (unsigned)to, s[to]) == ink)
				to++;
			add_span(p, row, left + (int)from, s + from, to - from, ink);
			from = to;
		}
		s += len + (nl ? 1 : 0);
	}
	add_span(p, row, left, b->status.s, b->status.len, AB_INK_FAINT);
	if (top + b->rows > p->rows)
		p->rows = top + b->rows;
	if (left + b->cols > p->cols)
		p->cols = left + b->cols;
}

#define GAP_COLS 3

void ab_board_panel_make(const struct ab_game_state *root, const struct ab_tree *tree,
			 uint32_t current, uint32_t selected, int cols, int rows,
			 struct ab_board_panel *out)
{
	ab_str_clear(&out->text);
	out->count = 0;
	out->rows = out->cols = 0;
	struct block now, sel;
	memset(&now, 0, sizeof now); /* empty strings (AB_STR_INIT is zeros) */
	memset(&sel, 0, sizeof sel);
	bool have_now = make_block(root, tree, current, _("now"), &now);
	bool have_sel = selected != AB_NONE && selected != current &&
			make_block(root, tree, selected, _("selected"), &sel);
	if (have_now && have_sel && now.cols + GAP_COLS + sel.cols <= cols &&
	    now.rows <= rows && sel.rows <= rows) {
		put_block(out, &now, 0, 0);
		put_block(out, &sel, 0, now.cols + GAP_COLS);
	} else if (have_now && have_sel && now.rows + 1 + sel.rows <= rows &&
		   now.cols <= cols && sel.cols <= cols) {
		put_block(out, &now, 0, 0);
		put_block(out, &sel, now.rows + 1, 0);
	} else if (have_sel && sel.rows <= rows && sel.cols <= cols) {
		put_block(out, &sel, 0, 0);
	} else if (have_now && now.rows <= rows && now.cols <= cols) {
		put_block(out, &now, 0, 0);
	}
	block_free(&now);
	block_free(&sel);
}

void ab_board_panel_free(struct ab_board_panel *panel)
{
	ab_str_free(&panel->text);
	free(panel->spans);
	panel->spans = NULL;
	panel->count = panel->cap = 0;
}
