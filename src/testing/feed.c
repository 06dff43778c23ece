/* feed.c - writing a tree in the three feeds (see feed.h), without
 * recursion: a frame per open node, as ab_tree_write does.
 */
#include "testing/feed.h"

#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "views/format.h"
#include "views/json.h"

static const char *const feed_names[] = { "list", "json", "tree", "game" };

bool ab_parse_feed(const char *text, enum ab_feed *out)
{
	for (unsigned i = 0; i < sizeof feed_names / sizeof feed_names[0]; i++)
		if (strcmp(text, feed_names[i]) == 0) {
			*out = (enum ab_feed)i;
			return true;
		}
	return false;
}

const char *ab_feed_name(enum ab_feed feed)
{
	return feed_names[feed];
}

const char *ab_feed_refuses(enum ab_feed feed, const struct ab_tree *tree)
{
	if (feed == AB_FEED_GAME)
		return _("--feed game gives a program positions of the game -g names, not trees");
	if (feed != AB_FEED_LIST)
		return NULL;
	if (ab_tree_has_chance(tree))
		return _("--feed list has no chance nodes: use --feed json or --feed tree");
	if (!ab_tree_alternates(tree))
		return _("--feed list alternates MAX and MIN by level: use --feed json or --feed tree for other players");
	if (tree->root_player != AB_MAX)
		return _("--feed list puts MAX at the root: use --feed json or --feed tree for a MIN root");
	return NULL;
}

/* The opening of node n in the JSON feed: a leaf's number, or an inner
 * node's object up to its children's '['. */
static void json_open(const struct ab_tree *t, uint32_t n, struct ab_str *out)
{
	const struct ab_node *node = &t->nodes[n];
	if (!node->nkids) {
		ab_format_json_value(node->value, t->scale, out);
		return;
	}
	enum ab_player p = ab_player_at(t, n, t->root_player);
	ab_str_addf(out, "{\"player\":\"%s\"", ab_player_word(p));
	const char *label = ab_tree_label(t, n);
	if (label) {
		ab_str_add(out, ",\"label\":");
		ab_json_string(label, out);
	}
	if (node->flags & AB_HAS_STATIC) {
		ab_str_add(out, ",\"static\":");
		ab_format_json_value(node->value, t->scale, out);
	}
	if (p == AB_CHANCE) {
		ab_str_add(out, ",\"p\":[");
		for (uint32_t i = 0; i < node->nkids; i++) {
			struct ab_prob q = t->probs[ab_kid(t, n, i)];
			if (i)
				ab_str_addc(out, ',');
			ab_format_json_value(q.num, q.den, out);
		}
		ab_str_addc(out, ']');
	}
	ab_str_add(out, ",\"children\":[");
}

/* The list and JSON feeds: one line of nested arrays or objects. */
static void write_nested(const struct ab_tree *t, bool json, struct ab_str *out)
{
	struct frame {
		uint32_t node, next;
	} *stack = ab_xreallocarray(NULL, (size_t)t->height + 1, sizeof *stack);
	size_t sp = 0;
	if (json)
		ab_str_addf(out, "{\"root\":\"%s\",\"tree\":",
			    ab_player_word(t->root_player));
	for (uint32_t n = 0;;) {
		/* Open n, then go down its first children. */
		if (json)
			json_open(t, n, out);
		else if (t->nodes[n].nkids)
			ab_str_addc(out, '[');
		else
			ab_format_json_value(t->nodes[n].value, t->scale, out);
		if (t->nodes[n].nkids) {
			stack[sp++] = (struct frame){ n, 1 };
			n = ab_kid(t, n, 0);
			continue;
		}
		/* Close what is complete, then go on with the next sibling. */
		while (sp && stack[sp - 1].next == t->nodes[stack[sp - 1].node].nkids) {
			ab_str_add(out, json ? "]}" : "]");
			sp--;
		}
		if (!sp)
			break;
		ab_str_addc(out, ',');
		struct frame *top = &stack[sp - 1];
		n = ab_kid(t, top->node, top->next++);
	}
	free(stack);
	ab_str_add(out, json ? "}\n" : "\n");
}

void ab_feed_write(enum ab_feed feed, const struct ab_tree *tree,
		   struct ab_str *out)
{
	switch (feed) {
	case AB_FEED_LIST:
	case AB_FEED_JSON:
		write_nested(tree, feed == AB_FEED_JSON, out);
		break;
	case AB_FEED_TREE:
		ab_tree_write(tree, out);
		ab_str_add(out, "end\n");
		break;
	case AB_FEED_GAME: /* refused: positions are written by gamefeed.c */
		break;
	}
}
