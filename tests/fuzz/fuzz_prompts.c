/* fuzz_prompts.c - the replay's prompt readers (src/tui/prompts.c) on
 * arbitrary typing.
 *
 * The first byte picks one of a few trees (labelled, unlabelled, bounded
 * with chance nodes, chance without bounds, transpositions, decimals,
 * infinities, MIN at the root), the second the selected node (or none),
 * the third the prompt: the leaf to edit, its new value, a swap, a node to
 * select, an export, a file name.  The rest is typed key by key as the
 * replay's line editor takes it (DEL and backspace erase), and the same
 * bytes are also read raw, as a C string.  Properties, besides no crash
 * and no sanitizer report:
 *
 * - the typed line holds no control byte and at most AB_PROMPT_MAX bytes,
 *   and erasing only ever shortens it to a prefix of itself;
 * - words are non-empty, hold no separator and appear in order; the rest
 *   of a line is trimmed, and NULL only when the line was blank;
 * - a node read is a node of the tree, a leaf read a leaf;
 * - a value read passes ab_tree_check_value; set on a copy of the tree,
 *   the tree is written and reads back the same, node for node, so `w`
 *   never saves a file abtrace refuses or one that means another tree;
 *   and a decimal value written out is read back to itself;
 * - a swap read names an inner node and two different ranks below its
 *   children; done on a copy, the tree written reads back the same, and
 *   done again it writes exactly what it wrote before;
 * - an export read names the table's format of its first word and a
 *   trimmed, non-empty file; refused, it is because that word names no
 *   format or no file follows.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse.h"
#include "core/tree.h"
#include "fuzz.h"
#include "tui/prompts.h"
#include "views/format.h"

static const char *const trees[] = {
	"A[ B[3 12 8] C[2 4 6] D[14 5 2] ]",
	"[[3,12,8],[2,4,6],[14,5,2]]",
	("bounds: 0..10\nplayers: max chance min\n"
	 "A[ B[ 0.7: D[9 10]  0.3: E[9 7] ]  C[ 0.7: F[6 8]   0.3: G[2 10] ] ]"),
	"players: max chance\nA[ Die[1 2 7]  Coin[3.3 3.4] ]",
	"A[ B[ D[1 2] E[3 4] ]  C[ &E &D ] ]",
	"root: min\n[[1 2] x=3 [4 [5 6]]]",
	"A[ X[1.5 -2.25] Y[0.125 3] ]",
	"A[ B[+inf 3] C[-inf 2] D[0] ]",
	("A[ L[ X[ X1[0 5] X2[-3 7] ] Y[ Y1[3] Y2[4 2] Y3[6] Y4[1 9] ] ]\n"
	 "   R[ Z[ Z1[5 4 1] Z2[-3 2] ] W[ W1[6 8] W2[0 3] ] ] ]"),
};
enum { NTREES = sizeof trees / sizeof trees[0] };

static struct ab_tree *tree_cache[NTREES];

static struct ab_tree *parse(const char *text, size_t len, const char *what)
{
	struct ab_diag diag;
	struct ab_tree *t = ab_parse_tree(text, len, &diag);
	if (!t)
		fuzz_fail("%s does not parse: %s\n%.*s", what, diag.message, (int)len, text);
	return t;
}

static const struct ab_tree *tree_for(uint8_t pick)
{
	unsigned i = pick % NTREES;
	if (!tree_cache[i])
		tree_cache[i] = parse(trees[i], strlen(trees[i]), "a built-in tree");
	return tree_cache[i];
}

/* ---- Trees compared ------------------------------------------------------- */

/* The same number, each in its tree's unit (a written tree may read back
 * with a coarser one). */
static bool same_value(const struct ab_tree *a, ab_value x, const struct ab_tree *b, ab_value y)
{
	bool xinf = x == AB_POS_INF || x == AB_NEG_INF, yinf = y == AB_POS_INF || y == AB_NEG_INF;
	if (xinf || yinf)
		return x == y;
	struct ab_exact p = ab_value_exact(x, a->scale), q = ab_value_exact(y, b->scale);
	return p.num == q.num && p.den == q.den;
}

/* a and b are the same tree, walked from the root by their children (the
 * node numbers may differ once children are swapped): shape, players,
 * values, labels.  No recursion: a stack of pairs. */
static void check_same(const struct ab_tree *a, const struct ab_tree *b, const char *after)
{
	if (a->count != b->count || a->leaves != b->leaves)
		fuzz_fail("after %s the tree reads back with another shape", after);
	uint32_t *stack = ab_xreallocarray(NULL, 2 * (size_t)a->count, sizeof *stack);
	size_t top = 0;
	stack[top++] = 0;
	stack[top++] = 0;
	while (top) {
		uint32_t m = stack[--top], n = stack[--top];
		const struct ab_node *x = &a->nodes[n], *y = &b->nodes[m];
		if (x->nkids != y->nkids || (x->flags & AB_KIND_MASK) != (y->flags & AB_KIND_MASK))
			fuzz_fail("after %s node %u reads back as another node", after, n);
		if ((x->nkids == 0 || (x->flags & AB_HAS_STATIC)) && !same_value(a, x->value, b, y->value))
			fuzz_fail("after %s node %u reads back with another value", after, n);
		const char *la = ab_tree_label(a, n), *lb = ab_tree_label(b, m);
		if ((la == NULL) != (lb == NULL) || (la && strcmp(la, lb) != 0))
			fuzz_fail("after %s node %u reads back with another label", after, n);
		for (uint32_t k = 0; k < x->nkids; k++) {
			stack[top++] = ab_kid(a, n, k);
			stack[top++] = ab_kid(b, m, k);
		}
	}
	free(stack);
}

/* The tree written and read back is the tree. */
static void check_written(const struct ab_tree *t, const char *after, struct ab_str *text)
{
	ab_str_clear(text);
	ab_tree_write(t, text);
	struct ab_tree *back = parse(ab_str_cstr(text), text->len, "a written tree");
	check_same(t, back, after);
	ab_tree_free(back);
}

/* ---- The readers, one a prompt ---------------------------------------------- */

static bool separator(char c)
{
	return c == ' ' || c == '\t' || c == ',';
}

static void check_words(const char *line)
{
	char *copy = ab_xstrdup(line), *p = copy, *w;
	const char *at = line;
	while ((w = ab_prompt_next_word(&p))) {
		if (!*w)
			fuzz_fail("an empty word");
		for (const char *c = w; *c; c++)
			if (separator(*c))
				fuzz_fail("a word holds a separator");
		const char *found = strstr(at, w);
		if (!found)
			fuzz_fail("a word that is not in the line, in order");
		at = found + strlen(w);
	}
	free(copy);
	copy = ab_xstrdup(line);
	char *rest = ab_prompt_rest(copy);
	bool blank = strspn(line, " \t") == strlen(line);
	if ((rest == NULL) != blank)
		fuzz_fail("the rest of a line is %s", rest ? "there in a blank line" : "missing");
	if (rest) {
		size_t n = strlen(rest);
		if (rest[0] == ' ' || rest[0] == '\t' || rest[n - 1] == ' ' || rest[n - 1] == '\t')
			fuzz_fail("the rest of a line is not trimmed");
	}
	free(copy);
}

static void check_value(const struct ab_tree *tree, uint32_t leaf, const char *text,
			struct ab_str *written)
{
	ab_value v = 12345;
	enum ab_prompt_value got = ab_prompt_read_value(tree, leaf, text, &v);
	if (got != AB_PROMPT_VALUE_OK) {
		if (v != 12345)
			fuzz_fail("a refused value was set");
		if (got == AB_PROMPT_VALUE_NOT_LEAF && ab_is_leaf(tree, leaf))
			fuzz_fail("a leaf said to be no leaf");
		return;
	}
	if (ab_tree_check_value(tree, leaf, v) != AB_VALUE_OK)
		fuzz_fail("a value read that the tree may not hold");
	struct ab_tree *copy = ab_tree_clone(tree);
	if (!ab_tree_set_value(copy, leaf, v))
		fuzz_fail("a value read that cannot be set");
	check_written(copy, "an edit", written);
	ab_tree_free(copy);
	/* Written as the tree writes values, it reads back to itself. */
	if (v == AB_POS_INF || v == AB_NEG_INF || ab_value_is_decimal(v, tree->scale)) {
		struct ab_str shown = AB_STR_INIT;
		ab_format_value(v, tree->scale, &ab_glyphs_ascii, &shown);
		ab_value again;
		if (ab_prompt_read_value(tree, leaf, ab_str_cstr(&shown), &again) !=
		    AB_PROMPT_VALUE_OK || again != v)
			fuzz_fail("'%s' does not read back to itself", ab_str_cstr(&shown));
		ab_str_free(&shown);
	}
}

static void check_swap(const struct ab_tree *tree, uint32_t selected, char *text,
		       struct ab_str *written)
{
	struct ab_prompt_swap sw;
	if (!ab_prompt_read_swap(tree, selected, text, &sw))
		return;
	if (sw.node >= tree->count || ab_is_leaf(tree, sw.node) || sw.i == sw.j ||
	    sw.i >= tree->nodes[sw.node].nkids || sw.j >= tree->nodes[sw.node].nkids)
		fuzz_fail("a swap of ranks %u and %u of node %u (%u children)", sw.i, sw.j,
			  sw.node, sw.node < tree->count ? tree->nodes[sw.node].nkids : 0);
	struct ab_tree *copy = ab_tree_clone(tree);
	struct ab_str before = AB_STR_INIT;
	ab_tree_write(copy, &before);
	if (!ab_tree_swap_kids(copy, sw.node, sw.i, sw.j))
		fuzz_fail("a swap read that cannot be done");
	check_written(copy, "a swap", written);
	ab_tree_swap_kids(copy, sw.node, sw.i, sw.j);
	ab_str_clear(written);
	ab_tree_write(copy, written);
	if (strcmp(ab_str_cstr(&before), ab_str_cstr(written)) != 0)
		fuzz_fail("a swap undone writes another tree");
	ab_str_free(&before);
	ab_tree_free(copy);
}

static void check_export(char *text)
{
	const struct ab_exporter *ex;
	const char *format;
	char *path;
	enum ab_prompt_export got = ab_prompt_read_export(text, &ex, &format, &path);
	if ((ab_exporter_named(format) != NULL) != (got != AB_PROMPT_EXPORT_UNKNOWN))
		fuzz_fail("the format '%s' is read wrong", format);
	if (got == AB_PROMPT_EXPORT_UNKNOWN)
		return;
	if (ex != ab_exporter_named(format) || strcmp(ex->name, format) != 0)
		fuzz_fail("'%s' read as another format", format);
	if ((got == AB_PROMPT_EXPORT_OK) != (path != NULL))
		fuzz_fail("an export without its file");
	if (path && (!*path || path[0] == ' ' || path[0] == '\t' ||
		     path[strlen(path) - 1] == ' ' || path[strlen(path) - 1] == '\t'))
		fuzz_fail("an export's file is not trimmed");
}

/* One line read by the prompt kind asks for. */
static void read_line(const struct ab_tree *tree, uint32_t selected, unsigned kind,
		      const char *line)
{
	struct ab_str written = AB_STR_INIT;
	char *text = ab_xstrdup(line);
	const char *word;
	char *value;
	switch (kind) {
	case 0: {
		uint32_t leaf = ab_prompt_read_leaf(tree, text, &word, &value);
		if (leaf != AB_NONE && (leaf >= tree->count || !ab_is_leaf(tree, leaf)))
			fuzz_fail("a leaf read that is no leaf");
		if (leaf == AB_NONE && value)
			fuzz_fail("a value without a leaf");
		if (leaf != AB_NONE && value) {
			if (!*value || separator(*value))
				fuzz_fail("a leaf's value starts with a blank");
			check_value(tree, leaf, value, &written);
		}
		break;
	}
	case 1: {
		/* The selected node, or the first leaf. */
		uint32_t leaf = selected;
		if (leaf == AB_NONE)
			for (leaf = 0; !ab_is_leaf(tree, leaf); leaf++)
				;
		check_value(tree, leaf, text, &written);
		break;
	}
	case 2:
		check_swap(tree, selected, text, &written);
		break;
	case 3: {
		uint32_t n = ab_prompt_read_node(tree, text, &word);
		if (n != AB_NONE) {
			if (n >= tree->count)
				fuzz_fail("a node read that is not in the tree");
			struct ab_str name = AB_STR_INIT;
			ab_tree_name(tree, n, &name);
			if (ab_tree_find(tree, ab_str_cstr(&name)) != n)
				fuzz_fail("the name of the node read leads elsewhere");
			ab_str_free(&name);
		}
		break;
	}
	case 4:
		check_export(text);
		break;
	default:
		check_words(line);
		break;
	}
	free(text);
	ab_str_free(&written);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3)
		return 0;
	const struct ab_tree *tree = tree_for(data[0]);
	uint32_t selected = data[1] % (tree->count + 1);
	if (selected == tree->count)
		selected = AB_NONE;
	unsigned kind = data[2] % 6;
	data += 3;
	size -= 3;

	/* Typed key by key, as the replay's line editor takes it. */
	struct ab_str line = AB_STR_INIT;
	for (size_t i = 0; i < size; i++) {
		if (data[i] == 0x7F || data[i] == 0x08) {
			size_t before = line.len;
			char *was = ab_xstrdup(ab_str_cstr(&line));
			ab_prompt_erase(&line);
			if (before && (line.len >= before || strncmp(was, ab_str_cstr(&line), line.len)))
				fuzz_fail("erasing did not shorten the line to a prefix");
			free(was);
		} else {
			size_t before = line.len;
			bool taken = ab_prompt_type(&line, data[i]);
			if (taken != (line.len == before + 1))
				fuzz_fail("typing said %s", taken ? "taken" : "refused");
			if (taken && (data[i] < 0x20 || line.len > AB_PROMPT_MAX))
				fuzz_fail("a control byte or a byte too many was typed");
		}
	}
	read_line(tree, selected, kind, ab_str_cstr(&line));
	ab_str_free(&line);

	/* The same bytes as a C string, control bytes and all. */
	char *raw = ab_xmalloc(size + 1);
	memcpy(raw, data, size);
	raw[size] = '\0';
	read_line(tree, selected, kind, raw);
	free(raw);
	return 0;
}
