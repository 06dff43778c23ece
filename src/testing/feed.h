/* feed.h - a tree as `abtrace test` gives it to a program on its standard
 * input (abtrace-log(5), "Running a program").
 *
 *   list  JSON nested arrays, one line: [[3,12,8],[2,4,6],[14,5,2]]; MAX
 *         at the root and the players alternating, nothing else
 *   json  one line: {"root":"max","tree":NODE}, NODE a number or
 *         {"player":...,"children":[...]} with "p", "label" and "static"
 *         where they apply
 *   tree  abtrace's own tree-file text, then a line "end"
 *   game  not a tree: a position of a game, its string on one line
 *         (testing/gamefeed.h feeds it)
 *
 * Values are written exactly, as the JSON output writes them (views/json.c):
 * decimals as numbers, never through binary floating point.
 */
#ifndef AB_FEED_H
#define AB_FEED_H

#include <stdbool.h>

#include "base/str.h"
#include "core/tree.h"

enum ab_feed { AB_FEED_LIST, AB_FEED_JSON, AB_FEED_TREE, AB_FEED_GAME };

/* "list", "json", "tree" or "game". */
bool ab_parse_feed(const char *text, enum ab_feed *out);
const char *ab_feed_name(enum ab_feed feed);

/* Why the feed cannot give this tree (a translated sentence), or NULL. */
const char *ab_feed_refuses(enum ab_feed feed, const struct ab_tree *tree);

/* Appends the tree as the feed gives it, its last line ended by '\n'.
 * The tree must not be one ab_feed_refuses refuses (the game feed
 * refuses every tree: it feeds positions). */
void ab_feed_write(enum ab_feed feed, const struct ab_tree *tree,
		   struct ab_str *out);

#endif
