/* game.c - what every game shares: reading "GAME[:POSITION]", building the
 * tree of a position (labels, scores, static values, transpositions, the
 * node limit), and finding the position at a node again.
 *
 * The tree is built depth first in preorder (the order ab_tree_add wants)
 * with an explicit stack of positions, never by recursion.  It is counted
 * first (nothing built): a tree over the node limit is never built, more
 * counts find the deepest --depth that fits for the message, and a tree
 * that fits is built into arrays of its exact size.  Both passes lean on
 * the transpositions, which are most of a game's tree (5,478 positions in
 * tic-tac-toe's 549,946 nodes): the count remembers each position's
 * subtree size, so it walks each position once, and the build copies a
 * later visit's subtree from the first visit's, node by node, instead of
 * playing, naming and looking up its moves again.
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
		uint32_t hash, ply;
		uint32_t node;            /* the first visit (counting: the
					     subtree's size) */
		uint32_t end;             /* building: one past the first
					     visit's subtree, once complete */
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

/* The entry of (pos, ply), made with the value fresh when there was none
 * (its index stays; pointers into entries do not). */
static uint32_t seen_entry(struct seen *s, const struct ab_game_pos *pos,
			   uint32_t ply, uint32_t fresh)
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
			return e;
	}
	if (s->count == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 1024;
		s->entries = ab_xreallocarray(s->entries, s->cap, sizeof *s->entries);
		s->keys = ab_xreallocarray(s->keys, (size_t)s->cap * n, sizeof *s->keys);
	}
	s->entries[s->count] = (struct seen_entry){ h, ply, fresh, AB_NONE };
	memcpy(s->keys + (size_t)s->count * n, w, n * sizeof *w);
	s->slots[i] = ++s->count;
	return s->count - 1;
}

static void seen_free(struct seen *s)
{
	free(s->slots);
	free(s->entries);
	free(s->keys);
}

/* ---- Counting ----------------------------------------------------------- */

/* The nodes of the tree of state to limit plies, or max_nodes + 1 when
 * there are more.  A position's subtree depends only on the position and
 * the plies left, so each size is remembered: every distinct position is
 * walked once however many paths reach it. */
static uint32_t count_nodes(const struct ab_game_state *state, uint32_t limit,
			    uint32_t max_nodes)
{
	const struct ab_game *game = state->game;
	struct seen memo = { .words = (game->pos_size + 7) / 8 };
	struct cframe {
		struct ab_game_pos pos;
		uint32_t first, count, next; /* its moves, as the walk's */
		uint32_t entry;              /* its memo entry */
		uint64_t size;               /* its subtree so far */
	} *frames = NULL;
	uint32_t nframes = 0, frames_cap = 0;
	ab_move *moves = NULL;
	uint32_t moves_cap = 0;
	uint64_t total = 1; /* nodes counted so far, the root's included */
	bool over = false;
	struct ab_game_pos pos = state->pos;
	uint32_t entry = seen_entry(&memo, &pos, limit, AB_NONE);
	for (;;) {
		/* Push the frame of pos (limit - nframes plies left). */
		if (nframes == frames_cap) {
			frames_cap = frames_cap ? frames_cap * 2 : 32;
			frames = ab_xreallocarray(frames, frames_cap, sizeof *frames);
		}
		uint32_t first = nframes ? frames[nframes - 1].first + frames[nframes - 1].count : 0;
		if (first + AB_GAME_MAX_MOVES > moves_cap) {
			moves_cap = (first + AB_GAME_MAX_MOVES) * 2;
			moves = ab_xreallocarray(moves, moves_cap, sizeof *moves);
		}
		frames[nframes++] = (struct cframe){ pos, first, game->moves(&pos, moves + first),
						     0, entry, 1 };
		/* Go down to the next position not yet sized; size the
		 * frames whose moves are done on the way up. */
		bool pushed = false;
		while (nframes && !pushed && !over) {
			struct cframe *f = &frames[nframes - 1];
			if (f->next == f->count) {
				memo.entries[f->entry].node = (uint32_t)(f->size > max_nodes
									 ? max_nodes + 1u : f->size);
				uint64_t size = f->size;
				if (--nframes)
					frames[nframes - 1].size += size;
				continue;
			}
			uint32_t left = limit - nframes; /* plies left below a child */
			pos = f->pos;
			enum ab_game_end end = game->play(&pos, moves[f->first + f->next++]);
			if (end != AB_GAME_ON || left == 0) {
				f->size++;
				total++;
			} else {
				entry = seen_entry(&memo, &pos, left, AB_NONE);
				uint32_t known = memo.entries[entry].node;
				if (known == AB_NONE) {
					total++;
					pushed = true;
				} else {
					f->size += known;
					total += known;
				}
			}
			over = total > max_nodes;
		}
		if (!pushed || over)
			break;
	}
	uint64_t count = over ? (uint64_t)max_nodes + 1 : frames[0].size;
	free(frames);
	free(moves);
	seen_free(&memo);
	return count > max_nodes ? max_nodes + 1 : (uint32_t)count;
}

/* ---- Building ----------------------------------------------------------- */

/* One open position on the path from the root. */
struct frame {
	struct ab_game_pos pos;
	uint32_t node;            /* its node */
	uint32_t entry;           /* its entry in the positions seen */
	uint32_t first, count;    /* its moves: moves[first, first + count) */
	uint32_t next;            /* the next of them to play */
	uint32_t label_len;       /* bytes of its path label, or NO_LABEL */
};

#define NO_LABEL UINT32_MAX

struct walk {
	const struct ab_game *game;
	uint32_t limit;           /* plies below the root to build */
	bool evaluate;
	struct ab_tree *tree;
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

/* Pushes the frame of an inner node (its moves listed). */
static void push(struct walk *w, const struct ab_game_pos *pos, uint32_t node,
		 uint32_t entry, uint32_t label_len)
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
	f->entry = entry;
	f->first = first;
	f->count = w->game->moves(pos, w->moves + first);
	f->next = 0;
	f->label_len = label_len;
}

/* Adds a node whose label is the path's first label_len bytes. */
static uint32_t add_node(struct walk *w, uint32_t parent, const char *label,
			 uint32_t label_len, ab_value value)
{
	uint32_t node = AB_NONE;
	bool labelled = label_len != NO_LABEL && label_len > 0;
	/* The limits are the game's (below AB_MAX_NODES and AB_MAX_DEPTH)
	 * and every path of moves is a new label: nothing to refuse, and
	 * nothing to look up. */
	ab_tree_add_new_label(w->tree, parent, labelled ? label : NULL,
			      labelled ? label_len : 0, value, &node);
	return node;
}

/* The subtree of node `to`, a later visit of node from's position at the
 * same ply, copied from from's (complete: [from, end)), as the walk would
 * build it again: the same shape and scores, each node's label the new
 * path (the first label_len bytes of the path, as long as from's) and
 * the rest of the copied node's, and each node a visit of the copied
 * node's position.  Nothing is played, named or looked up. */
static void copy_subtree(struct walk *w, uint32_t from, uint32_t end, uint32_t to,
			 uint32_t label_len)
{
	struct ab_tree *t = w->tree;
	char label[AB_MAX_LABEL + 1];
	bool labelled = label_len != NO_LABEL;
	if (labelled)
		memcpy(label, w->path, label_len);
	size_t name_len = w->game->name_len;
	uint32_t depth = t->nodes[from].depth;
	for (uint32_t m = from + 1; m < end; m++) {
		const struct ab_node *src = &t->nodes[m];
		uint32_t parent = src->parent - from + to;
		bool inner = src->nkids > 0;
		bool has_static = src->flags & AB_HAS_STATIC;
		ab_value value = src->value;
		const char *l = labelled ? ab_tree_label(t, m) : NULL;
		size_t len = 0;
		if (l) {
			/* Where every move's name is as long, so is a path of
			 * so many moves. */
			len = name_len ? label_len + name_len * (src->depth - depth) : strlen(l);
			memcpy(label + label_len, l + label_len, len - label_len);
		}
		uint32_t n = add_node(w, parent, label, l ? (uint32_t)len : NO_LABEL,
				      inner ? 0 : value);
		if (inner && has_static)
			ab_tree_set_static(t, n, value);
		ab_tree_set_position(t, n, ab_position(t, m));
	}
}

/* Builds the tree of root to w->limit plies into w->tree (whose size was
 * counted: every node fits). */
static void walk(struct walk *w, const struct ab_game_pos *root)
{
	const struct ab_game *game = w->game;
	struct ab_tree *t = w->tree;
	w->seen.words = (game->pos_size + 7) / 8;
	uint32_t node = add_node(w, AB_NONE, NULL, 0, 0);
	uint32_t entry = seen_entry(&w->seen, root, 0, node);
	if (w->evaluate)
		ab_tree_set_static(t, node, game->evaluate(root));
	push(w, root, node, entry, 0);
	while (w->nframes) {
		struct frame *f = &w->frames[w->nframes - 1];
		if (f->next == f->count) {
			if (f->entry != AB_NONE)
				w->seen.entries[f->entry].end = t->count;
			w->nframes--;
			continue;
		}
		ab_move move = w->moves[f->first + f->next++];
		uint32_t d = w->nframes; /* the child's depth */
		struct ab_game_pos pos = f->pos;
		uint32_t parent = f->node;
		uint32_t label_len = NO_LABEL;
		if (f->label_len != NO_LABEL) {
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
		node = add_node(w, parent, w->path, label_len, value);
		entry = seen_entry(&w->seen, &pos, d, node);
		uint32_t first = w->seen.entries[entry].node;
		if (first != node)
			ab_tree_set_position(t, node, first);
		if (!inner)
			continue;
		if (w->evaluate)
			ab_tree_set_static(t, node, max_side(game->evaluate(&pos), d));
		/* A transposition whose path is as long as the first visit's
		 * (always, where moves' names have one length): a copy. */
		if (first != node) {
			const char *fl = ab_tree_label(t, first);
			uint32_t first_len = fl ? (uint32_t)strlen(fl) : NO_LABEL;
			if (first_len == label_len) {
				copy_subtree(w, first, w->seen.entries[entry].end, node, label_len);
				continue;
			}
		}
		push(w, &pos, node, first == node ? entry : AB_NONE, label_len);
	}
}

static void walk_free(struct walk *w)
{
	free(w->frames);
	free(w->moves);
	seen_free(&w->seen);
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
