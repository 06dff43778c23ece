/* source.c - the table of tree sources (source.h): a tree file, a tree
 * written inline, a game's position. */
#include "sources/source.h"

#include <string.h>

#include "sources/game.h"
#include "sources/load.h"

static struct ab_tree *load_file(const char *text, const struct ab_config *config,
				 struct ab_str *shown, struct ab_diag *diag)
{
	return ab_load_tree(text, shown, diag);
}

static struct ab_tree *load_expr(const char *text, const struct ab_config *config,
				 struct ab_str *shown, struct ab_diag *diag)
{
	ab_str_clear(shown);
	ab_str_add(shown, AB_EXPR_NAME);
	return ab_load_expr(text, diag);
}

/* A game is built as deep as the search looks: to --depth (plus the
 * level below the horizon), and with static values wherever the search
 * may stop (--depth, or every depth of --iterative). */
static struct ab_tree *load_game(const char *text, const struct ab_config *config,
				 struct ab_str *shown, struct ab_diag *diag)
{
	ab_str_clear(shown);
	ab_str_add(shown, AB_GAME_NAME);
	struct ab_game_options opt = { 0 };
	if (config) {
		opt.depth = config->depth;
		opt.evaluate = config->depth || config->iterative;
	}
	return ab_game_tree(text, &opt, diag);
}

const struct ab_source ab_sources[] = {
	{ "file", "TREE", load_file },
	{ "expr", "-e", load_expr },
	{ "game", "-g", load_game },
	{ NULL, NULL, NULL },
};

const struct ab_source *ab_source_find(const char *name)
{
	for (const struct ab_source *s = ab_sources; s->name; s++)
		if (strcmp(s->name, name) == 0)
			return s;
	return NULL;
}

struct ab_tree *ab_source_load(const char *name, const char *text,
			       const struct ab_config *config,
			       struct ab_str *shown, struct ab_diag *diag)
{
	return ab_source_find(name)->load(text, config, shown, diag);
}
