/* game.c - what every game shares: reading "GAME[:POSITION]", building the
 * tree of a position (labels, scores, static values, transpositions, the
 * node limit), and finding the position at a node again.
 *
 * The tree is built depth first in preorder (the order ab_tree_add wants)
 * with an explicit stack of positions, never by recursion.  A first walk
 * only counts (no labels, no table, no memory): a tree over the node limit
 * is never built, further counting walks find the deepest --depth that
 * fits for the message, and a tree that fits is built into arrays of its
 * exact size (growing them as it went cost more than the count).
 */
#include "sources/game.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"

/* A game tree's source line: the command that remakes it. */
#define SOURCE_PREFIX "abtrace -g "

const struct ab_game *const ab_games[] = {
	&ab_game_tictactoe,
	&ab_game_nim,
	&ab_game_connect4,
	NULL,
};

bool ab_game_fail(const struct ab_game_text *in, size_t at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ab_diag_vat(in->diag, in->text, in->len, at, _(fmt), ap);
	va_end(ap);
	return false;
}

/* ---- Reading GAME[:POSITION] ------------------------------------------ */

static const struct ab_game *find_game(const char *name, size_t len)
{
	for (size_t i = 0; ab_games[i]; i++)
		if (strlen(ab_games[i]->name) == len &&
		    memcmp(ab_games[i]->name, name, len) == 0)
			return ab_games[i];
	return NULL;
}

bool ab_game_parse(const char *text, struct ab_game_state *out,
		   struct ab_diag *diag)
{
	size_t len = strlen(text);
	const char *colon = memchr(text, ':', len);
	size_t name_len = colon ? (size_t)(colon - text) : len;
	const struct ab_game *game = find_game(text, name_len);
	if (!game) {
		struct ab_str names = AB_STR_INIT;
		for (size_t i = 0; ab_games[i]; i++)
			ab_str_addf(&names, "%s%s", i ? ", " : "", ab_games[i]->name);
		if (name_len == 0)
			ab_diag_at(diag, text, len, 0,
				   _("name a game before the position, e.g. tictactoe:x.o.x.... (games: %s)"),
				   names.s);
		else
			ab_diag_at(diag, text, len, 0, _("no game is called '%.*s' (games: %s)"),
				   (int)(name_len < 40 ? name_len : 40), text, names.s);
		ab_str_free(&names);
		return false;
	}
	memset(out, 0, sizeof *out);
	out->game = game;
	if (colon) {
		struct ab_game_text in = { text, len, name_len + 1, diag };
		return game->parse(&in, &out->pos);
	}
	/* No position: the game's start, read as if it had been written. */
	struct ab_str whole = AB_STR_INIT;
	ab_str_addf(&whole, "%s:%s", game->name, game->start);
	struct ab_game_text in = { whole.s, whole.len, name_len + 1, diag };
	bool ok = game->parse(&in, &out->pos);
	ab_str_free(&whole);
	return ok;
}

void ab_game_write(const struct ab_game_state *state, struct ab_str *out)
{
	ab_str_addf(out, "%s:", state->game->name);
	state->game->write(&state->pos, out);
}

void ab_game_board(const struct ab_game_state *state, struct ab_str *out)
{
	state->game->board(&state->pos, out);
}

/* ---- Positions seen: the transpositions -------------------------------- */

/* An open-addressing set of (position, ply), each with the node of its
 * first visit; the positions in one array beside it, as 8-byte words. */
struct seen {
	size_t words;             /* 8-byte words of a position */
	uint32_t *slots;          /* entry index + 1, or 0 */
	uint32_t nslots;          /* a power of two, at most half full */
	uint32_t count;
	struct seen_entry {
		uint32_t hash, ply, node;
	} *entries;
	uint64_t *keys;           /* count * words */
	uint32_t cap;
};

/* A position's first n words (its unused bytes are zero, and there are
 * AB_GAME_POS_BYTES of them, a multiple of 8). */
static void pos_words(const struct ab_game_pos *pos, size_t n, uint64_t *w)
{
	memcpy(w, pos->b, n * sizeof *w);
}

static uint32_t hash_words(const uint64_t *w, size_t n, uint32_t ply)
{
	uint64_t h = UINT64_C(0x9e3779b97f4a7c15) * (ply + 1);
	for (size_t i = 0; i < n; i++) {
		h = (h ^ w[i]) * UINT64_C(0xbf58476d1ce4e5b9);
		h ^= h >> 31;
	}
	return (uint32_t)(h >> 32);
}

static void seen_grow(struct seen *s)
{
	uint32_t n = s->nslots ? s->nslots * 2 : 1024;
	uint32_t *slots = ab_xcalloc(n, sizeof *slots);
	for (uint32_t e = 0; e < s->count; e++) {
		uint32_t i = s->entries[e].hash & (n - 1);
		while (slots[i])
			i = (i + 1) & (n - 1);
		slots[i] = e + 1;
	}
	free(s->slots);
	s->slots = slots;
	s->nslots = n;
}

/* The node of the first visit of (pos, ply); node itself (recorded as the
 * first) when there was none. */
static uint32_t seen_visit(struct seen *s, const struct ab_game_pos *pos,
			   uint32_t ply, uint32_t node)
{
	if ((uint64_t)(s->count + 1) * 2 > s->nslots)
		seen_grow(s);
	uint64_t w[AB_GAME_POS_BYTES / 8];
	size_t n = s->words;
	pos_words(pos, n, w);
	uint32_t h = hash_words(w, n, ply);
	uint32_t mask = s->nslots - 1;
	uint32_t i = h & mask;
	for (; s->slots[i]; i = (i + 1) & mask) {
		uint32_t e = s->slots[i] - 1;
		if (s->entries[e].hash != h || s->entries[e].ply != ply)
			continue;
		const uint64_t *key = s->keys + (size_t)e * n;
		size_t k = 0;
		while (k < n && key[k] == w[k])
			k++;
		if (k == n)
			return s->entries[e].node;
	}
	if (s->count == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 1024;
		s->entries = ab_xreallocarray(s->entries, s->cap, sizeof *s->entries);
		s->keys = ab_xreallocarray(s->keys, (size_t)s->cap * n, sizeof *s->keys);
	}
	s->entries[s->count] = (struct seen_entry){ h, ply, node };
	memcpy(s->keys + (size_t)s->count * n, w, n * sizeof *w);
	s->slots[i] = ++s->count;
	return node;
}

static void seen_free(struct seen *s)
{
	free(s->slots);
	free(s->entries);
	free(s->keys);
}

/* ---- The walk: building, or only counting ------------------------------ */

/* One open position on the path from the root. */
struct frame {
	struct ab_game_pos pos;
	uint32_t node;            /* its node (building) */
	uint32_t first, count;    /* its moves: moves[first, first + count) */
	uint32_t next;            /* the next of them to play */
	uint32_t label_len;       /* bytes of its path label, or NO_LABEL */
};

#define NO_LABEL UINT32_MAX

struct walk {
	const struct ab_game *game;
	uint32_t limit;           /* plies below the root to build */
	uint32_t max_nodes;
	bool evaluate;
	struct ab_tree *tree;     /* NULL: count only */
	uint32_t count;           /* nodes so far */
	struct frame *frames;
	uint32_t nframes, frames_cap;
	ab_move *moves;           /* the open positions' moves, stacked */
	uint32_t moves_cap;
	struct seen seen;
	char path[AB_MAX_LABEL + AB_GAME_MOVE_NAME]; /* the current path label */
};

/* A value from the side to move's view at depth d, from MAX's. */
static ab_value max_side(int v, uint32_t d)
{
	return d % 2 == 0 ? (ab_value)v : -(ab_value)v;
}

/* Pushes the frame of an inner node at depth d (its moves listed). */
static void push(struct walk *w, const struct ab_game_pos *pos, uint32_t node,
		 uint32_t label_len)
{
	if (w->nframes == w->frames_cap) {
		w->frames_cap = w->frames_cap ? w->frames_cap * 2 : 32;
		w->frames = ab_xreallocarray(w->frames, w->frames_cap, sizeof *w->frames);
	}
	uint32_t first = 0;
	if (w->nframes) {
		const struct frame *top = &w->frames[w->nframes - 1];
		first = top->first + top->count;
	}
	if (first + AB_GAME_MAX_MOVES > w->moves_cap) {
		w->moves_cap = (first + AB_GAME_MAX_MOVES) * 2;
		w->moves = ab_xreallocarray(w->moves, w->moves_cap, sizeof *w->moves);
	}
	struct frame *f = &w->frames[w->nframes++];
	f->pos = *pos;
	f->node = node;
	f->first = first;
	f->count = w->game->moves(pos, w->moves + first);
	f->next = 0;
	f->label_len = label_len;
}

/* Adds a node (building) and counts it. */
static uint32_t add_node(struct walk *w, uint32_t parent, uint32_t label_len,
			 ab_value value)
{
	w->count++;
	if (!w->tree)
		return AB_NONE;
	uint32_t node = AB_NONE;
	bool labelled = label_len != NO_LABEL && label_len > 0;
	/* The limits are the game's (below AB_MAX_NODES and AB_MAX_DEPTH)
	 * and every path of moves is a new label: nothing to refuse, and
	 * nothing to look up. */
	ab_tree_add_new_label(w->tree, parent, labelled ? w->path : NULL,
			      labelled ? label_len : 0, value, &node);
	return node;
}

/* Walks the tree of root to w->limit plies: true when it has at most
 * w->max_nodes nodes (then, building, w->tree holds them). */
static bool walk(struct walk *w, const struct ab_game_pos *root)
{
	const struct ab_game *game = w->game;
	w->seen.words = (game->pos_size + 7) / 8;
	uint32_t node = add_node(w, AB_NONE, 0, 0);
	if (w->tree) {
		seen_visit(&w->seen, root, 0, node);
		if (w->evaluate)
			ab_tree_set_static(w->tree, node, game->evaluate(root));
	}
	push(w, root, node, 0);
	while (w->nframes) {
		struct frame *f = &w->frames[w->nframes - 1];
		if (f->next == f->count) {
			w->nframes--;
			continue;
		}
		if (w->count >= w->max_nodes)
			return false;
		ab_move move = w->moves[f->first + f->next++];
		uint32_t d = w->nframes; /* the child's depth */
		struct ab_game_pos pos = f->pos;
		uint32_t parent = f->node;
		uint32_t label_len = NO_LABEL;
		if (w->tree && f->label_len != NO_LABEL) {
			char name[AB_GAME_MOVE_NAME];
			size_t n = game->move_name(&f->pos, move, name);
			if (f->label_len + n <= AB_MAX_LABEL) {
				memcpy(w->path + f->label_len, name, n);
				label_len = f->label_len + (uint32_t)n;
			}
		}
		enum ab_game_end end = game->play(&pos, move);
		bool inner = end == AB_GAME_ON && d < w->limit;
		ab_value value = 0;
		if (end == AB_GAME_WON) /* the side to move here has lost */
			value = max_side(-(AB_GAME_WIN - (int)d), d);
		else if (end == AB_GAME_ON && !inner)
			value = max_side(game->evaluate(&pos), d);
		node = add_node(w, parent, label_len, value);
		if (!w->tree) {
			if (inner)
				push(w, &pos, AB_NONE, NO_LABEL);
			continue;
		}
		uint32_t first = seen_visit(&w->seen, &pos, d, node);
		if (first != node)
			ab_tree_set_position(w->tree, node, first);
		if (inner) {
			if (w->evaluate)
				ab_tree_set_static(w->tree, node,
						   max_side(game->evaluate(&pos), d));
			push(w, &pos, node, label_len);
		}
	}
	return true;
}

static void walk_free(struct walk *w)
{
	free(w->frames);
	free(w->moves);
	seen_free(&w->seen);
}

/* The nodes of the tree to limit plies, or max_nodes + 1 when more. */
static uint32_t count_nodes(const struct ab_game_state *state, uint32_t limit,
			    uint32_t max_nodes)
{
	struct walk w = { .game = state->game, .limit = limit,
			  .max_nodes = max_nodes };
	bool fits = walk(&w, &state->pos);
	walk_free(&w);
	return fits ? w.count : max_nodes + 1;
}

/* The deepest --depth below `below` whose tree (built to depth + 1) has at
 * most max_nodes nodes; 0 when not even --depth 1 fits. */
static uint32_t depth_that_fits(const struct ab_game_state *state,
				uint32_t below, uint32_t max_nodes)
{
	uint32_t best = 0;
	for (uint32_t d = 1; d < below; d++) {
		if (count_nodes(state, d + 1, max_nodes) > max_nodes)
			break;
		best = d;
	}
	return best;
}

/* The message for a tree over the limit; text is the -g text. */
static void too_big(const char *text, const struct ab_game_state *state,
		    const struct ab_game_options *opt, uint32_t max_nodes,
		    struct ab_diag *diag)
{
	size_t len = strlen(text);
	size_t at = strchr(text, ':') ? (size_t)(strchr(text, ':') - text) + 1 : 0;
	uint32_t fits = depth_that_fits(state, opt->depth ? opt->depth : UINT32_MAX,
					max_nodes);
	if (opt->depth && fits)
		ab_diag_at(diag, text, len, at,
			   _("with --depth %u this position's tree has more than %u nodes (the limit for a game): --depth %u fits"),
			   opt->depth, max_nodes, fits);
	else if (fits)
		ab_diag_at(diag, text, len, at,
			   _("this position's tree has more than %u nodes (the limit for a game): add --depth %u or less, or give a position nearer the end"),
			   max_nodes, fits);
	else
		ab_diag_at(diag, text, len, at,
			   _("this position has so many moves that even --depth 1 gives a tree of more than %u nodes (the limit for a game): give a smaller one"),
			   max_nodes);
}

/* The tree of state; text is how the user wrote it (NULL: as the game
 * writes it), for a message to point into. */
static struct ab_tree *build(const struct ab_game_state *state, const char *text,
			     const struct ab_game_options *opt, struct ab_diag *diag)
{
	uint32_t max_nodes = opt->max_nodes ? opt->max_nodes : AB_GAME_MAX_NODES;
	if (max_nodes > AB_MAX_NODES)
		max_nodes = AB_MAX_NODES;
	uint32_t limit = opt->depth && opt->depth < UINT32_MAX - 1 ? opt->depth + 1
							   : UINT32_MAX;
	uint32_t count = count_nodes(state, limit, max_nodes);
	if (count > max_nodes) {
		if (diag && text) {
			too_big(text, state, opt, max_nodes, diag);
		} else if (diag) {
			struct ab_str written = AB_STR_INIT;
			ab_game_write(state, &written);
			too_big(ab_str_cstr(&written), state, opt, max_nodes, diag);
			ab_str_free(&written);
		}
		return NULL;
	}
	struct walk w = {
		.game = state->game,
		.limit = limit,
		.max_nodes = max_nodes,
		.evaluate = opt->evaluate,
		.tree = ab_tree_new(),
	};
	ab_tree_reserve(w.tree, count);
	walk(&w, &state->pos); /* fits: it was counted */
	walk_free(&w);
	struct ab_tree *tree = w.tree;
	ab_tree_finish(tree);
	uint32_t bad;
	enum ab_settle_error why;
	ab_tree_settle(tree, &bad, &why); /* whole numbers: scale 1 */
	struct ab_str s = AB_STR_INIT;
	ab_str_addf(&s, "%s ", _(state->game->title));
	state->game->write(&state->pos, &s);
	const char *mover = state->game->to_move ? state->game->to_move(&state->pos) : NULL;
	if (mover)
		ab_str_addf(&s, _(" (%s to move)"), mover);
	ab_tree_set_title(tree, s.s);
	ab_str_clear(&s);
	ab_str_add(&s, SOURCE_PREFIX);
	ab_game_write(state, &s);
	if (opt->depth)
		ab_str_addf(&s, " --depth %u", opt->depth);
	ab_tree_set_source(tree, s.s);
	ab_str_free(&s);
	return tree;
}

struct ab_tree *ab_game_tree(const char *text, const struct ab_game_options *opt,
			     struct ab_diag *diag)
{
	struct ab_game_state state;
	if (!ab_game_parse(text, &state, diag))
		return NULL;
	return build(&state, text, opt, diag);
}

uint32_t ab_game_count(const struct ab_game_state *state, uint32_t max_nodes)
{
	return count_nodes(state, UINT32_MAX, max_nodes ? max_nodes : AB_GAME_MAX_NODES);
}

struct ab_tree *ab_game_state_tree(const struct ab_game_state *state,
				   const struct ab_game_options *opt, struct ab_diag *diag)
{
	return build(state, NULL, opt, diag);
}

/* ---- The position at a node ------------------------------------------- */

bool ab_game_of_tree(const struct ab_tree *tree, struct ab_game_state *root)
{
	const char *s = tree->source;
	if (!s || strncmp(s, SOURCE_PREFIX, strlen(SOURCE_PREFIX)) != 0)
		return false;
	s += strlen(SOURCE_PREFIX);
	size_t n = strcspn(s, " ");
	char *text = ab_xmalloc(n + 1);
	memcpy(text, s, n);
	text[n] = '\0';
	struct ab_diag diag;
	bool ok = ab_game_parse(text, root, &diag);
	free(text);
	return ok;
}

bool ab_game_node_at(const struct ab_game_state *root, const struct ab_tree *tree,
		     uint32_t n, struct ab_game_node *out)
{
	memset(out, 0, sizeof *out);
	out->at = *root;
	out->end = AB_GAME_ON;
	const struct ab_game *game = root->game;
	out->to_move = game->to_move ? game->to_move(&root->pos) : NULL;
	if (n >= tree->count)
		return false;
	uint32_t depth = tree->nodes[n].depth;
	uint32_t *path = ab_xreallocarray(NULL, depth + 1, sizeof *path);
	for (uint32_t m = n, i = depth; m != 0; m = tree->nodes[m].parent)
		path[--i] = m;
	bool ok = true;
	ab_move *moves = ab_xreallocarray(NULL, AB_GAME_MAX_MOVES, sizeof *moves);
	struct ab_game_pos before = root->pos;
	for (uint32_t i = 0; ok && i < depth; i++) {
		uint32_t node = path[i];
		uint32_t parent = tree->nodes[node].parent;
		unsigned count = game->moves(&out->at.pos, moves);
		if (out->end != AB_GAME_ON || count != tree->nodes[parent].nkids) {
			ok = false;
			break;
		}
		/* The move is the label's last part when the node and its
		 * parent are labelled (an edit may have swapped children),
		 * else the node's rank. */
		const char *label = ab_tree_label(tree, node);
		const char *plabel = parent ? ab_tree_label(tree, parent) : "";
		unsigned pick = ab_rank(tree, node);
		if (label && plabel && strncmp(label, plabel, strlen(plabel)) == 0) {
			const char *name = label + strlen(plabel);
			for (unsigned k = 0; k < count; k++) {
				char buf[AB_GAME_MOVE_NAME];
				game->move_name(&out->at.pos, moves[k], buf);
				if (strcmp(buf, name) == 0)
					pick = k;
			}
		}
		before = out->at.pos;
		out->moved = true;
		out->plies = i + 1;
		out->move = moves[pick];
		out->end = game->play(&out->at.pos, out->move);
	}
	free(moves);
	free(path);
	if (!ok) {
		memset(out, 0, sizeof *out);
		out->at = *root;
		out->to_move = game->to_move ? game->to_move(&root->pos) : NULL;
		return false;
	}
	if (out->moved) {
		game->move_name(&before, out->move, out->move_name);
		out->mover = game->to_move ? game->to_move(&before) : NULL;
		out->to_move = game->to_move ? game->to_move(&out->at.pos) : NULL;
		out->nmarks = game->marks(&out->at.pos, out->move, out->end == AB_GAME_WON,
					  out->marks);
	}
	return true;
}

bool ab_game_at(const struct ab_game_state *root, const struct ab_tree *tree,
		uint32_t n, struct ab_game_state *out)
{
	struct ab_game_node node;
	bool ok = ab_game_node_at(root, tree, n, &node);
	*out = node.at;
	return ok;
}

void ab_game_move_text(const struct ab_game_node *node, struct ab_str *out)
{
	if (!node->moved)
		return;
	if (node->mover)
		ab_str_addf(out, "%s ", node->mover);
	ab_str_add(out, node->move_name);
}

void ab_game_status(const struct ab_game_node *node, struct ab_str *out)
{
	/* MAX moves at the root, so at an even ply. */
	const char *side = node->plies % 2 ? "MIN" : "MAX";
	const char *other = node->plies % 2 ? "MAX" : "MIN";
	switch (node->end) {
	case AB_GAME_ON:
		ab_str_addf(out, _("%s to move"), node->to_move ? node->to_move : side);
		break;
	case AB_GAME_WON:
		ab_str_addf(out, _("%s has won"), node->mover ? node->mover : other);
		break;
	case AB_GAME_DRAWN:
		ab_str_add(out, _("drawn"));
		break;
	}
}
