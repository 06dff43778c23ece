/* ttpanel.c - the transposition table's panel as lines of text (see
 * ttpanel.h): the slots in use, the probed or stored one marked. */
#include "tui/ttpanel.h"

#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "sources/game.h"
#include "views/layout.h"

/* The slot the current step probes or stores into, or UINT32_MAX. */
static uint32_t touched_slot(const struct ab_trace *trace)
{
	const struct ab_trace_tt *x = ab_trace_tt_at(trace, trace->step);
	return x ? x->slot : UINT32_MAX;
}

int ab_ttpanel_rows(const struct ab_trace *trace)
{
	uint32_t n, used = 0;
	const struct ab_tt_entry *slots = ab_trace_table(trace, &n);
	if (!slots)
		return 0;
	for (uint32_t i = 0; i < n; i++)
		used += slots[i].position != AB_NONE;
	uint32_t touched = touched_slot(trace);
	if (touched != UINT32_MAX && touched < n && slots[touched].position == AB_NONE)
		used++; /* the empty slot a probe finds */
	return 2 + (int)(used ? used : 1);
}

static const char *flag_word(enum ab_tt_flag f)
{
	switch (f) {
	case AB_TT_LOWER: return _("lower");
	case AB_TT_UPPER: return _("upper");
	case AB_TT_EXACT: break;
	}
	return _("exact");
}

/* A name cut to width columns ("…" at the end when cut). */
static void add_cut(const char *text, int width, const struct ab_glyphs *g,
		    struct ab_str *out)
{
	if ((int)ab_text_width(text) <= width) {
		ab_format_pad(text, width, false, out);
		return;
	}
	struct ab_str s = AB_STR_INIT;
	const char *ell = g->ascii ? "~" : "…";
	for (const char *p = text; *p; p++) {
		ab_str_addc(&s, *p);
		if ((int)ab_text_width(ab_str_cstr(&s)) >= width - 1)
			break;
	}
	/* Drop a cut UTF-8 sequence's lead bytes. */
	while (s.len && ((unsigned char)s.s[s.len - 1] & 0xC0) == 0xC0)
		ab_str_truncate(&s, s.len - 1);
	ab_str_add(&s, ell);
	ab_format_pad(ab_str_cstr(&s), width, false, out);
	ab_str_free(&s);
}

/* One slot's line: slot, position, depth, value, flag, best.  In a
 * game's tree (game not NULL) the best child is named by its move as the
 * outline names it ("x a3"), not by the whole line of moves from the
 * root, which the position's column already shows. */
static void slot_line(const struct ab_trace *trace, const struct ab_glyphs *g,
		      const struct ab_game_state *game, uint32_t slot, int slot_w,
		      struct ab_str *out)
{
	uint32_t n;
	const struct ab_tt_entry *e = &ab_trace_table(trace, &n)[slot];
	const struct ab_tree *t = trace->tree;
	char num[16];
	snprintf(num, sizeof num, "%u", slot);
	ab_format_pad(num, slot_w, true, out);
	ab_str_addc(out, ' ');
	if (e->position == AB_NONE) {
		ab_str_add(out, _("(empty)"));
		return;
	}
	struct ab_str s = AB_STR_INIT;
	ab_tree_name(t, e->position, &s);
	add_cut(ab_str_cstr(&s), 7, g, out);
	ab_str_addc(out, ' ');
	snprintf(num, sizeof num, "%u", e->depth);
	ab_format_pad(num, 2, true, out);
	ab_str_addc(out, ' ');
	ab_str_clear(&s);
	ab_format_value(e->value, t->scale, g, &s);
	ab_format_pad(ab_str_cstr(&s), 5, true, out);
	ab_str_addc(out, ' ');
	ab_format_pad(flag_word(e->flag), 5, false, out);
	ab_str_addc(out, ' ');
	ab_str_clear(&s);
	struct ab_game_node node;
	if (e->best != AB_NONE && game && ab_game_node_at(game, t, e->best, &node) &&
	    node.moved)
		ab_game_move_text(&node, &s);
	else if (e->best != AB_NONE)
		ab_tree_name(t, e->best, &s);
	else
		ab_str_add(&s, "-");
	ab_str_add(out, ab_str_cstr(&s));
	ab_str_free(&s);
}

/* Cuts line to cols columns. */
static void clip(struct ab_str *line, int cols)
{
	while (line->len && (int)ab_text_width(ab_str_cstr(line)) > cols) {
		size_t len = line->len - 1;
		while (len && ((unsigned char)line->s[len] & 0xC0) == 0x80)
			len--;
		ab_str_truncate(line, len);
	}
}

void ab_ttpanel_make(const struct ab_trace *trace, const struct ab_glyphs *g,
		     int rows, int cols, struct ab_ttpanel *panel)
{
	for (int i = 0; i < AB_TTPANEL_LINES; i++)
		ab_str_clear(&panel->lines[i]);
	panel->count = 0;
	panel->marked = -1;
	panel->header = false;
	uint32_t n;
	const struct ab_tt_entry *slots = ab_trace_table(trace, &n);
	if (!slots || rows < 1 || cols < 1)
		return;
	if (rows > AB_TTPANEL_LINES)
		rows = AB_TTPANEL_LINES;
	uint32_t used = 0, touched = touched_slot(trace);
	for (uint32_t i = 0; i < n; i++)
		used += slots[i].position != AB_NONE;
	ab_str_addf(&panel->lines[panel->count++],
		    P_("Table: %u slot, %u in use", "Table: %u slots, %u in use", n), n, used);
	if (rows >= 3) {
		char num[16];
		snprintf(num, sizeof num, "%u", n ? n - 1 : 0);
		int slot_w = (int)strlen(num) > 4 ? (int)strlen(num) : 4;
		struct ab_str *h = &panel->lines[panel->count++];
		/* The column names, one message: "slot|pos|d|value|flag|best". */
		const char *names = _("slot|pos|d|value|flag|best");
		static const int widths[] = { 0, 7, 2, 5, 5, 0 };
		int col = 0;
		for (const char *p = names; col < 6; col++) {
			const char *bar = strchr(p, '|');
			size_t len = bar ? (size_t)(bar - p) : strlen(p);
			char word[64];
			snprintf(word, sizeof word, "%.*s", (int)len, p);
			if (col)
				ab_str_addc(h, ' ');
			int wdt = col == 0 ? slot_w : widths[col];
			if (wdt)
				ab_format_pad(word, wdt, col == 0 || col == 2 || col == 3, h);
			else
				ab_str_add(h, word);
			if (!bar)
				break;
			p = bar + 1;
		}
		panel->header = true;
		/* The slots to list: those in use, and the one touched now;
		 * as many as fit, around the touched one. */
		int room = rows - 2, at = -1, total = 0;
		for (uint32_t i = 0; i < n; i++)
			if (slots[i].position != AB_NONE || i == touched) {
				if (i == touched)
					at = total;
				total++;
			}
		int first = 0;
		if (at >= room)
			first = at - room / 2;
		if (first > total - room)
			first = total - room > 0 ? total - room : 0;
		struct ab_game_state game;
		bool is_game = ab_game_of_tree(trace->tree, &game);
		int k = 0;
		for (uint32_t i = 0; i < n && panel->count < rows; i++) {
			if (slots[i].position == AB_NONE && i != touched)
				continue;
			if (k++ < first)
				continue;
			if (i == touched)
				panel->marked = panel->count;
			slot_line(trace, g, is_game ? &game : NULL, i, slot_w,
				  &panel->lines[panel->count++]);
		}
		if (total == 0 && panel->count < rows)
			ab_str_add(&panel->lines[panel->count++], _("  (nothing stored yet)"));
	}
	for (int i = 0; i < panel->count; i++)
		clip(&panel->lines[i], cols);
}

void ab_ttpanel_free(struct ab_ttpanel *panel)
{
	for (int i = 0; i < AB_TTPANEL_LINES; i++)
		ab_str_free(&panel->lines[i]);
}
