/* prompts.h - reading the lines typed at the replay's prompts: which leaf
 * and what value (e), which two children (s), which node (/), which file
 * (w, d), which format and file (E); and the line being typed.
 *
 * No drawing and no curses: the replay (tui/replay.c) says what each
 * result means, and the unit tests (tests/test_prompts.c) and the fuzz
 * target (tests/fuzz/fuzz_prompts.c) call these as the replay does.  A
 * typed line holds at most AB_PROMPT_MAX bytes, none below 0x20; the
 * readers take any NUL-terminated text and may write NULs into it (they
 * split it into words in place).
 */
#ifndef AB_TUI_PROMPTS_H
#define AB_TUI_PROMPTS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/str.h"
#include "core/tree.h"
#include "views/export.h"

#define AB_PROMPT_MAX 256

/* ---- The line being typed ------------------------------------------------- */

/* Appends a typed byte (0x20 to 0xFF: pieces of UTF-8 come a byte at a
 * time) while the line has room; false (nothing added) otherwise. */
bool ab_prompt_type(struct ab_str *line, int ch);
/* Drops the last whole UTF-8 character (its lead byte and what follows). */
void ab_prompt_erase(struct ab_str *line);

/* ---- Words ------------------------------------------------------------------ */

/* Skips blanks (spaces, tabs, commas); returns the next word of *p,
 * NUL-terminated in place, and moves *p past it; NULL at the end. */
char *ab_prompt_next_word(char **p);
/* The rest of a line, blanks (spaces, tabs) trimmed at both ends: a file
 * name, which may hold spaces and commas; NULL when nothing is left. */
char *ab_prompt_rest(char *text);

/* ---- Nodes and values ------------------------------------------------------- */

/* The node named by the first word of text (a label, a path, "root",
 * "@N"), or AB_NONE; *word is that word ("" when there is none). */
uint32_t ab_prompt_read_node(const struct ab_tree *tree, char *text, const char **word);

/* e: "C1" (the leaf alone; the value is asked next) or "C1 5" (*value is
 * then the rest of the line, else NULL).  The leaf, or AB_NONE when the
 * first word names no leaf. */
uint32_t ab_prompt_read_leaf(const struct ab_tree *tree, char *text, const char **word,
			     char **value);

/* Why a typed value is refused, or AB_PROMPT_VALUE_OK. */
enum ab_prompt_value {
	AB_PROMPT_VALUE_OK,
	AB_PROMPT_VALUE_NOT_NUMBER,      /* not a number of this tree's unit:
					    a word, too many digits, more
					    decimals than its values have */
	AB_PROMPT_VALUE_TOO_LARGE,       /* more whole digits than a file holds */
	AB_PROMPT_VALUE_OUT_OF_BOUNDS,   /* outside the tree's bounds: */
	AB_PROMPT_VALUE_INFINITE_CHANCE, /* an infinity, with chance nodes */
	AB_PROMPT_VALUE_NOT_LEAF,        /* the node is no leaf */
};

/* The new value of leaf: a number as the tree file writes one (7, -2.5),
 * or inf, +inf, -inf, blanks around it allowed, held to the same checks
 * as the tree file's (ab_tree_check_value), so an edit never makes a tree
 * abtrace would refuse to load.  *v is set only when it is OK. */
enum ab_prompt_value ab_prompt_read_value(const struct ab_tree *tree, uint32_t leaf,
					  const char *text, ab_value *v);

/* s: "C1 C3" (two siblings), "C 1 3" (a node and two of its 1-based
 * ranks), or "1 3" (ranks of selected's children; selected may be
 * AB_NONE).  True when it names two different children of one node:
 * then node is that node and i, j (0-based) are below its nkids. */
struct ab_prompt_swap {
	uint32_t node, i, j;
};
bool ab_prompt_read_swap(const struct ab_tree *tree, uint32_t selected, char *text,
			 struct ab_prompt_swap *sw);

/* ---- Files ------------------------------------------------------------------ */

enum ab_prompt_export {
	AB_PROMPT_EXPORT_OK,
	AB_PROMPT_EXPORT_UNKNOWN,  /* the first word names no format (*format) */
	AB_PROMPT_EXPORT_NO_FILE,  /* a format and no file */
};

/* E: "FORMAT FILE", FORMAT a name of views/export.h's table (*ex), FILE
 * the rest of the line (*path); *format is the first word as typed. */
enum ab_prompt_export ab_prompt_read_export(char *text, const struct ab_exporter **ex,
					    const char **format, char **path);

#endif
