/* prompts.c - the replay's typed lines read into nodes, values, swaps and
 * files (see prompts.h).  A file of its own, free of curses, so that what
 * a user can type is tested and fuzzed without a terminal; the replay only
 * says what the results mean.
 */
#include "tui/prompts.h"

#include <string.h>

#include "core/value.h"

/* ---- The line being typed ------------------------------------------------- */

bool ab_prompt_type(struct ab_str *line, int ch)
{
	if (ch < 0x20 || ch > 0xFF || ch == 0x7F || line->len >= AB_PROMPT_MAX)
		return false;
	ab_str_addc(line, (char)ch);
	return true;
}

void ab_prompt_erase(struct ab_str *line)
{
	size_t len = line->len;
	while (len && ((unsigned char)line->s[len - 1] & 0xC0) == 0x80)
		len--;
	if (len)
		len--;
	ab_str_truncate(line, len);
}

/* ---- Words ------------------------------------------------------------------ */

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

static bool separator(char c)
{
	return blank(c) || c == ',';
}

char *ab_prompt_next_word(char **p)
{
	char *s = *p;
	while (separator(*s))
		s++;
	if (!*s) {
		*p = s;
		return NULL;
	}
	char *start = s;
	while (*s && !separator(*s))
		s++;
	if (*s)
		*s++ = '\0';
	*p = s;
	return start;
}

char *ab_prompt_rest(char *text)
{
	while (blank(*text))
		text++;
	size_t len = strlen(text);
	while (len && blank(text[len - 1]))
		text[--len] = '\0';
	return len ? text : NULL;
}

/* ---- Nodes and values ------------------------------------------------------- */

uint32_t ab_prompt_read_node(const struct ab_tree *tree, char *text, const char **word)
{
	char *w = ab_prompt_next_word(&text);
	*word = w ? w : "";
	return w ? ab_tree_find(tree, w) : AB_NONE;
}

uint32_t ab_prompt_read_leaf(const struct ab_tree *tree, char *text, const char **word,
			     char **value)
{
	char *w = ab_prompt_next_word(&text);
	*word = w ? w : "";
	*value = NULL;
	uint32_t leaf = w ? ab_tree_find(tree, w) : AB_NONE;
	if (leaf == AB_NONE || !ab_is_leaf(tree, leaf))
		return AB_NONE;
	while (separator(*text))
		text++;
	if (*text)
		*value = text;
	return leaf;
}

enum ab_prompt_value ab_prompt_read_value(const struct ab_tree *tree, uint32_t leaf,
					  const char *text, ab_value *v)
{
	while (blank(*text))
		text++;
	size_t n = strlen(text);
	while (n && blank(text[n - 1]))
		n--;
	static const struct { const char *word; ab_value v; } infinities[] = {
		{ "inf", AB_POS_INF }, { "+inf", AB_POS_INF }, { "-inf", AB_NEG_INF },
	};
	ab_value value = 0;
	bool read = false;
	for (size_t i = 0; i < sizeof infinities / sizeof infinities[0] && !read; i++)
		if (strlen(infinities[i].word) == n && strncmp(text, infinities[i].word, n) == 0) {
			value = infinities[i].v;
			read = true;
		}
	if (!read) {
		struct ab_exact x;
		size_t end;
		if (!n || ab_number_parse(text, n, false, &x, &end, NULL) != AB_NUMBER_OK ||
		    end != n || !ab_exact_to_value(x, tree->scale, &value))
			return AB_PROMPT_VALUE_NOT_NUMBER;
	}
	switch (ab_tree_check_value(tree, leaf, value)) {
	case AB_VALUE_OK:
		*v = value;
		return AB_PROMPT_VALUE_OK;
	case AB_VALUE_NOT_LEAF:
		return AB_PROMPT_VALUE_NOT_LEAF;
	case AB_VALUE_TOO_LARGE:
		return AB_PROMPT_VALUE_TOO_LARGE;
	case AB_VALUE_OUT_OF_BOUNDS:
		return AB_PROMPT_VALUE_OUT_OF_BOUNDS;
	case AB_VALUE_INFINITE_CHANCE:
		return AB_PROMPT_VALUE_INFINITE_CHANCE;
	}
	return AB_PROMPT_VALUE_NOT_NUMBER;
}

/* A 1-based rank of one of node's children, digits only: 0-based in *rank.
 * A rank past the children is refused before it is narrowed (4294967297
 * is not 1). */
static bool read_rank(const struct ab_tree *tree, uint32_t node, const char *word,
		      uint32_t *rank)
{
	if (node == AB_NONE || !*word)
		return false;
	uint64_t r = 0;
	for (const char *p = word; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		r = r * 10 + (uint64_t)(*p - '0');
		if (r > tree->nodes[node].nkids)
			return false;
	}
	if (r == 0)
		return false;
	*rank = (uint32_t)(r - 1);
	return true;
}

static bool swap_ranks(const struct ab_tree *tree, uint32_t node, const char *a,
		       const char *b, struct ab_prompt_swap *sw)
{
	uint32_t i, j;
	if (!read_rank(tree, node, a, &i) || !read_rank(tree, node, b, &j))
		return false;
	*sw = (struct ab_prompt_swap){ node, i, j };
	return true;
}

bool ab_prompt_read_swap(const struct ab_tree *tree, uint32_t selected, char *text,
			 struct ab_prompt_swap *sw)
{
	char *words[3];
	int n = 0;
	char *w;
	while (n < 3 && (w = ab_prompt_next_word(&text)))
		words[n++] = w;
	if (ab_prompt_next_word(&text))
		return false;
	struct ab_prompt_swap found;
	bool ok = false;
	if (n == 2) {
		/* Ranks of the selected node's children, or two siblings. */
		if (selected < tree->count &&
		    swap_ranks(tree, selected, words[0], words[1], &found)) {
			ok = true;
		} else {
			uint32_t a = ab_tree_find(tree, words[0]), b = ab_tree_find(tree, words[1]);
			if (a != AB_NONE && b != AB_NONE && a != 0 &&
			    tree->nodes[a].parent == tree->nodes[b].parent) {
				found = (struct ab_prompt_swap){ tree->nodes[a].parent,
								 ab_rank(tree, a), ab_rank(tree, b) };
				ok = true;
			}
		}
	} else if (n == 3) {
		ok = swap_ranks(tree, ab_tree_find(tree, words[0]), words[1], words[2], &found);
	}
	if (!ok || found.node >= tree->count || found.i == found.j ||
	    found.i >= tree->nodes[found.node].nkids || found.j >= tree->nodes[found.node].nkids)
		return false;
	*sw = found;
	return true;
}

/* ---- Files ------------------------------------------------------------------ */

enum ab_prompt_export ab_prompt_read_export(char *text, const struct ab_exporter **ex,
					    const char **format, char **path)
{
	while (blank(*text))
		text++;
	*format = text;
	while (*text && !blank(*text))
		text++;
	if (*text)
		*text++ = '\0';
	*path = ab_prompt_rest(text);
	*ex = ab_exporter_named(*format);
	if (!*ex)
		return AB_PROMPT_EXPORT_UNKNOWN;
	return *path ? AB_PROMPT_EXPORT_OK : AB_PROMPT_EXPORT_NO_FILE;
}
