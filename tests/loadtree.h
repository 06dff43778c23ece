/* loadtree.h - what tests/testutil.h's tree_ok() was before there was one:
 * load(TREE), a bundled name or an inline expression, or the test fails.
 * Kept as a name for tree_ok for tests written against it. */
#ifndef AB_LOADTREE_H
#define AB_LOADTREE_H

#include "testutil.h"

#define load(tree) tree_ok(tree)

#endif
