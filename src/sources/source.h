/* source.h - where trees come from: one table of tree sources.
 *
 * Wherever a command takes a TREE, the tree comes from one of these: a
 * tree file ("file": a path, "-" for standard input, or a bundled name
 * such as "lecture"), a tree written inline ("expr", -e EXPR), or a
 * position of a small game ("game", -g GAME[:POSITION]).  Each source is
 * one entry of ab_sources[]: its name, the name its text goes by in
 * messages, and a function from the text the user gave to a finished tree
 * or a diagnostic.  (Random practice trees are drawn from a set of
 * options, not a text: sources/random.h, for `random` and `practice`.)
 *
 * Adding a source: a file sources/NAME.c whose load function builds the
 * tree, and its entry in source.c; then the option that names it in
 * main.c.  A load function builds with core/tree.h's builder, in this
 * order:
 *
 *   1. tree = ab_tree_new(); and, when the number of nodes is known,
 *      ab_tree_reserve(tree, count), so the arrays are not grown again
 *      and again.
 *   2. ab_tree_add(tree, parent, label, labellen, value, &node) for every
 *      node in preorder: the root first (parent AB_NONE), then each
 *      node's children in order, every child's subtree complete before
 *      its next sibling (ab_tree_add_plain adds unlabelled nodes in
 *      bulk; ab_tree_add_new_label a label the source knows no other
 *      node has, without looking it up, as the games do with their
 *      paths of moves).  A leaf's value is its value, an inner node's
 *      0.  Values are raw: a whole number, or value x 10^-d after
 *      ab_tree_set_decimals(tree, node, d).  ab_tree_add refuses a
 *      duplicate label, the label "root" below the root, and more than
 *      AB_MAX_NODES nodes or AB_MAX_DEPTH levels: the source says so in
 *      its diagnostic.
 *      While building, a node already added may be given more:
 *      ab_tree_set_static (an inner node's static value, used at a
 *      depth limit), ab_tree_set_kind (MAX, MIN or chance of its own),
 *      ab_tree_set_prob (a chance child's probability),
 *      ab_tree_set_position (a later visit of an earlier node's position:
 *      a transposition, whose subtree must be the same);
 *      and the tree: ab_tree_set_players (the players: cycle),
 *      ab_tree_set_bounds (bounds: LO..HI).
 *   3. ab_tree_finish(tree): lays out the last open path and trims the
 *      arrays; nothing is added after it.
 *   4. ab_tree_settle(tree, &bad, &why): chooses the unit that makes
 *      every value, expectation and window exact and converts the raw
 *      values to it; false (the node to blame in bad, AB_NONE for the
 *      bounds) when that would leave the exact range: free the tree and
 *      report.  Whole-number trees without chance nodes always settle.
 *   5. ab_tree_set_title, ab_tree_set_source: what the headers show (a
 *      source that can remake the tree says how in its source).
 *
 * Then the tree is the caller's, to search and free (ab_tree_free).
 */
#ifndef AB_SOURCE_H
#define AB_SOURCE_H

#include "base/diag.h"
#include "base/str.h"
#include "core/config.h"
#include "core/tree.h"

/* The names messages give the texts of -e and -g. */
#define AB_GAME_NAME "<game>"

struct ab_source {
	const char *name;        /* "file", "expr", "game" */
	const char *option;      /* what names it: "TREE", "-e", "-g" */
	/* The tree text names, built for the search config describes (a game
	 * builds only as deep as a depth limit looks, and evaluates where
	 * the search may stop; config may be NULL: no limit).  *shown gets
	 * the name of the text in messages (a file's path as found).  NULL,
	 * with diag set, on failure. */
	struct ab_tree *(*load)(const char *text, const struct ab_config *config,
				struct ab_str *shown, struct ab_diag *diag);
};

/* Every source, ended by an entry whose name is NULL. */
extern const struct ab_source ab_sources[];

/* The source called name, or NULL. */
const struct ab_source *ab_source_find(const char *name);

/* Loads text with the source called name (which must exist). */
struct ab_tree *ab_source_load(const char *name, const char *text,
			       const struct ab_config *config,
			       struct ab_str *shown, struct ab_diag *diag);

#endif
