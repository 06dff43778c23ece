/* boards.c - the small boards of a game's pictures (see boards.h). */
#include "views/boards.h"

#include <stdlib.h>
#include <string.h>

bool ab_picture_boards_init(struct ab_picture_boards *b, const struct ab_tree *tree)
{
	memset(b, 0, sizeof *b);
	if (!ab_game_of_tree(tree, &b->root))
		return false;
	/* Every node's board, for the largest (a nim heap empties, a
	 * connect four board fills: the sizes stay, but a game may vary). */
	struct ab_str text = AB_STR_INIT;
	for (uint32_t n = 0; n < tree->count; n++) {
		struct ab_game_state at;
		if (!ab_game_at(&b->root, tree, n, &at))
			continue;
		ab_str_clear(&text);
		ab_game_board(&at, &text);
		unsigned lines = 0;
		for (const char *p = ab_str_cstr(&text); *p; lines++) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);
			if (len > b->ncols)
				b->ncols = (unsigned)len;
			p += len + (nl != NULL);
		}
		if (lines > b->nlines)
			b->nlines = lines;
	}
	ab_str_free(&text);
	return true;
}

double ab_picture_board_width(const struct ab_picture_boards *b)
{
	return b->ncols * AB_BOARD_CHAR;
}

double ab_picture_board_height(const struct ab_picture_boards *b)
{
	return b->nlines * AB_BOARD_LINE;
}

bool ab_picture_board(const struct ab_picture_boards *b, const struct ab_tree *tree,
		      uint32_t n, struct ab_str *text, enum ab_board_mark **marks)
{
	struct ab_game_node node;
	ab_str_clear(text);
	bool ok = ab_game_node_at(&b->root, tree, n, &node);
	if (ok)
		ab_game_board(&node.at, text);
	if (!marks)
		return ok;
	*marks = ab_xreallocarray(*marks, text->len ? text->len : 1, sizeof **marks);
	unsigned line = 0, col = 0;
	for (size_t i = 0; i < text->len; i++) {
		(*marks)[i] = AB_BOARD_PLAIN;
		for (unsigned k = 0; k < node.nmarks; k++)
			if (node.marks[k].line == line && node.marks[k].col == col)
				(*marks)[i] = node.end == AB_GAME_WON ? AB_BOARD_WIN
					      : k == 0 ? AB_BOARD_MOVE : AB_BOARD_PLAIN;
		if (text->s[i] == '\n') {
			line++;
			col = 0;
		} else {
			col++;
		}
	}
	return ok;
}
