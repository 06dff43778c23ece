/* loadtree.h - a tree for a test: a bundled name or an inline expression
 * (anything with a '['), failing the test when it does not load. */
#ifndef AB_LOADTREE_H
#define AB_LOADTREE_H

#include <check.h>
#include <string.h>

#include "sources/load.h"

static inline struct ab_tree *load(const char *tree)
{
	struct ab_diag diag;
	struct ab_tree *t;
	if (strchr(tree, '[')) {
		t = ab_load_expr(tree, &diag);
	} else {
		struct ab_str shown = AB_STR_INIT;
		t = ab_load_tree(tree, &shown, &diag);
		ab_str_free(&shown);
	}
	ck_assert_msg(t != NULL, "tree %s: %s", tree, diag.message);
	return t;
}

#endif
