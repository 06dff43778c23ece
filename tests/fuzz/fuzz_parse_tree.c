/* fuzz_parse_tree.c - the tree parser on arbitrary bytes.
 *
 * Besides "no crash, no leak, no sanitizer report", two properties are
 * checked on every input: an error always has a message, and its position
 * (when it has one) lies inside the text; a tree that parses is written
 * back with ab_tree_write and parses again to the same shape, values and
 * labels.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "core/parse.h"
#include "core/tree.h"

static void check_error(const struct ab_diag *diag, const uint8_t *data,
			size_t size)
{
	if (!diag->message[0])
		fuzz_fail("an error without a message");
	/* Lines are 1-based and cannot outnumber the newlines plus one. */
	size_t lines = 1;
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (diag->line > lines)
		fuzz_fail("error on line %u of a %zu-line text", diag->line, lines);
	if (diag->line && !diag->column)
		fuzz_fail("error with a line but no column");
	struct ab_str text = AB_STR_INIT;
	ab_diag_format(diag, "fuzz", &text);
	ab_str_free(&text);
}

static void check_same(const struct ab_tree *a, const struct ab_tree *b)
{
	if (a->count != b->count || a->leaves != b->leaves ||
	    a->height != b->height || a->root_player != b->root_player)
		fuzz_fail("written tree reads back with another shape");
	for (uint32_t n = 0; n < a->count; n++) {
		const struct ab_node *x = &a->nodes[n], *y = &b->nodes[n];
		if (x->nkids != y->nkids || x->parent != y->parent ||
		    x->value != y->value || ab_end(a, n) != ab_end(b, n))
			fuzz_fail("node %u differs after writing back", n);
		const char *lx = ab_tree_label(a, n), *ly = ab_tree_label(b, n);
		if ((lx == NULL) != (ly == NULL) || (lx && strcmp(lx, ly) != 0))
			fuzz_fail("label of node %u differs after writing back", n);
	}
	if ((a->title == NULL) != (b->title == NULL) ||
	    (a->title && strcmp(a->title, b->title) != 0))
		fuzz_fail("title differs after writing back");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ab_diag diag;
	memset(&diag, 0, sizeof diag);
	struct ab_tree *tree = ab_parse_tree((const char *)data, size, &diag);
	if (!tree) {
		check_error(&diag, data, size);
		return 0;
	}
	struct ab_str text = AB_STR_INIT;
	ab_tree_write(tree, &text);
	struct ab_tree *again = ab_parse_tree(text.s, text.len, &diag);
	if (!again)
		fuzz_fail("written tree does not parse: %s\n%s", diag.message,
			  text.s);
	check_same(tree, again);
	/* Every node's name resolves back to that node. */
	struct ab_str name = AB_STR_INIT;
	for (uint32_t n = 0; n < tree->count && n < 256; n++) {
		ab_str_clear(&name);
		ab_tree_name(tree, n, &name);
		if (ab_tree_find(tree, ab_str_cstr(&name)) != n)
			fuzz_fail("name '%s' does not find node %u",
				  ab_str_cstr(&name), n);
	}
	ab_str_free(&name);
	ab_tree_free(again);
	ab_str_free(&text);
	ab_tree_free(tree);
	return 0;
}
