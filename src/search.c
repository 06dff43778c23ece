/* search.c - minimax and alpha-beta under every convention, as events.
 *
 * One loop over an explicit stack of frames does both algorithms, so the
 * depth of a tree is limited by memory, not by the C stack.  A frame is a
 * node being searched: its window, where each bound came from (to name the
 * ancestor a cutoff compares with), its running value and the interval its
 * searched children prove.
 */
#include "search.h"

#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "rng.h"

static ab_value max_value(ab_value a, ab_value b) { return a > b ? a : b; }
static ab_value min_value(ab_value a, ab_value b) { return a < b ? a : b; }

enum ab_player ab_config_root(const struct ab_config *config,
			      const struct ab_tree *tree)
{
	switch (config->root) {
	case AB_ROOT_IS_MAX: return AB_MAX;
	case AB_ROOT_IS_MIN: return AB_MIN;
	case AB_ROOT_FROM_TREE: break;
	}
	return tree->root_player;
}

/* ---- Options ------------------------------------------------------------ */

static const struct {
	const char *name;
	enum ab_order order;
} order_names[] = {
	{ "given", AB_ORDER_GIVEN },
	{ "reverse", AB_ORDER_REVERSE },
	{ "best", AB_ORDER_BEST },
	{ "worst", AB_ORDER_WORST },
	{ "random", AB_ORDER_RANDOM },
};

bool ab_parse_order(const char *text, struct ab_config *config)
{
	for (size_t i = 0; i < sizeof order_names / sizeof order_names[0]; i++) {
		size_t n = strlen(order_names[i].name);
		if (strncmp(text, order_names[i].name, n) != 0)
			continue;
		if (text[n] == '\0') {
			config->order = order_names[i].order;
			config->seed = 0;
			return true;
		}
		if (order_names[i].order != AB_ORDER_RANDOM || text[n] != ':')
			return false;
		const char *digits = text + n + 1;
		if (*digits < '0' || *digits > '9')
			return false;
		char *end;
		unsigned long long seed = strtoull(digits, &end, 10);
		if (*end != '\0' || (seed == ~0ULL))
			return false;
		config->order = AB_ORDER_RANDOM;
		config->seed = seed;
		return true;
	}
	return false;
}

void ab_order_describe(const struct ab_config *config, struct ab_str *out)
{
	for (size_t i = 0; i < sizeof order_names / sizeof order_names[0]; i++)
		if (order_names[i].order == config->order)
			ab_str_add(out, order_names[i].name);
	if (config->order == AB_ORDER_RANDOM)
		ab_str_addf(out, ":%llu", (unsigned long long)config->seed);
}

void ab_config_describe(const struct ab_config *config, bool ascii,
			struct ab_str *out)
{
	if (config->algo == AB_MINIMAX) {
		ab_str_add(out, _("minimax"));
	} else {
		ab_str_add(out, config->fail_hard ? _("alpha-beta, fail-hard, cut on ")
						  : _("alpha-beta, fail-soft, cut on "));
		if (ascii)
			ab_str_add(out, config->strict ? "alpha > beta" : "alpha >= beta");
		else
			ab_str_add(out, config->strict ? "α > β" : "α ≥ β");
	}
	/* The order as a course names it (in English, the option's word). */
	switch (config->order) {
	case AB_ORDER_GIVEN: ab_str_add(out, _(", order given")); break;
	case AB_ORDER_REVERSE: ab_str_add(out, _(", order reverse")); break;
	case AB_ORDER_BEST: ab_str_add(out, _(", order best")); break;
	case AB_ORDER_WORST: ab_str_add(out, _(", order worst")); break;
	case AB_ORDER_RANDOM:
		ab_str_addf(out, _(", order random:%llu"), (unsigned long long)config->seed);
		break;
	}
}

/* ---- Child order -------------------------------------------------------- */

struct keyed_kid {
	ab_value key;
	uint32_t rank;
	uint32_t node;
};

static int compare_keyed(const void *pa, const void *pb)
{
	const struct keyed_kid *a = pa, *b = pb;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->rank < b->rank ? -1 : a->rank > b->rank; /* stable */
}

/* Sorts each node's children by true value: best first for the player to
 * move (best), or worst first (worst); ties keep the file's order. */
static void order_by_value(const struct ab_tree *tree, enum ab_player root,
			   bool best, uint32_t *order)
{
	ab_value *values = ab_xcalloc(tree->count, sizeof *values);
	ab_tree_minimax_values(tree, root, values);
	struct keyed_kid *keyed = NULL;
	size_t keyed_cap = 0;
	for (uint32_t n = 0; n < tree->count; n++) {
		const struct ab_node *node = &tree->nodes[n];
		if (node->nkids == 0)
			continue;
		if (node->nkids > keyed_cap) {
			keyed_cap = node->nkids;
			keyed = ab_xreallocarray(keyed, keyed_cap, sizeof *keyed);
		}
		/* Ascending keys: MAX wants high values first when best. */
		bool descending = (ab_player_at(tree, n, root) == AB_MAX) == best;
		for (uint32_t i = 0; i < node->nkids; i++) {
			uint32_t kid = ab_kid(tree, n, i);
			ab_value v = values[kid];
			keyed[i] = (struct keyed_kid){ descending ? -v : v, i, kid };
		}
		qsort(keyed, node->nkids, sizeof *keyed, compare_keyed);
		for (uint32_t i = 0; i < node->nkids; i++)
			order[node->first_kid + i] = keyed[i].node;
	}
	free(keyed);
	free(values);
}

void ab_search_order(const struct ab_tree *tree, const struct ab_config *config,
		     uint32_t *order)
{
	enum ab_player root = ab_config_root(config, tree);
	switch (config->order) {
	case AB_ORDER_GIVEN:
	case AB_ORDER_REVERSE:
	case AB_ORDER_RANDOM:
		memcpy(order, tree->kids, (size_t)tree->count * sizeof *order);
		break;
	case AB_ORDER_BEST:
	case AB_ORDER_WORST:
		order_by_value(tree, root, config->order == AB_ORDER_BEST, order);
		return;
	}
	struct ab_rng rng;
	ab_rng_seed(&rng, config->seed);
	for (uint32_t n = 0; n < tree->count; n++) {
		const struct ab_node *node = &tree->nodes[n];
		uint32_t *kids = order + node->first_kid;
		uint32_t count = node->nkids;
		if (count < 2)
			continue;
		if (config->order == AB_ORDER_REVERSE) {
			for (uint32_t i = 0, j = count - 1; i < j; i++, j--) {
				uint32_t t = kids[i];
				kids[i] = kids[j];
				kids[j] = t;
			}
		} else if (config->order == AB_ORDER_RANDOM) {
			/* Fisher-Yates, nodes in preorder: one fixed stream. */
			for (uint32_t i = count - 1; i > 0; i--) {
				uint32_t j = (uint32_t)ab_rng_below(&rng, (uint64_t)i + 1);
				uint32_t t = kids[i];
				kids[i] = kids[j];
				kids[j] = t;
			}
		}
	}
}

/* ---- The search --------------------------------------------------------- */

struct frame {
	uint32_t node;
	uint32_t next;          /* position in the order of the next child */
	ab_value alpha, beta;
	uint32_t alpha_from;    /* the node that set alpha, AB_NONE if none */
	uint32_t beta_from;
	ab_value value;         /* best returned value so far (fail-soft) */
	ab_value lo, hi;        /* what the searched children prove */
	uint32_t best;          /* the child that set the value */
	bool cut;
};

struct search {
	const struct ab_tree *tree;
	const struct ab_config *config;
	enum ab_player root;
	const uint32_t *order;
	struct ab_sink *sink;
	uint8_t *searched;      /* per node: the search has started it */
	uint32_t *pruned;       /* scratch for a cutoff's list */
	uint32_t pruned_cap;    /* grown on demand: finding the widest node
				   first would be a pass over every node */
	uint32_t leaves, nodes;
};

static int emit(struct search *s, const struct ab_event *ev)
{
	return s->sink->emit(s->sink->ctx, ev);
}

static int emit_update(struct search *s, uint32_t node, enum ab_what what,
		       ab_value old, ab_value new_)
{
	struct ab_event ev = { .kind = AB_EV_UPDATE, .node = node,
			       .what = what, .old = old, .new_ = new_ };
	return emit(s, &ev);
}

static bool cut_test(const struct search *s, const struct frame *f)
{
	return s->config->strict ? f->alpha > f->beta : f->alpha >= f->beta;
}

static int emit_cutoff(struct search *s, struct frame *f, bool max)
{
	const struct ab_tree *t = s->tree;
	uint32_t n = f->node;
	uint32_t count = 0;
	if (t->nodes[n].nkids > s->pruned_cap) {
		s->pruned_cap = t->nodes[n].nkids;
		s->pruned = ab_xreallocarray(s->pruned, s->pruned_cap,
					     sizeof *s->pruned);
	}
	for (uint32_t i = 0; i < t->nodes[n].nkids; i++) {
		uint32_t kid = ab_kid(t, n, i);
		if (!s->searched[kid])
			s->pruned[count++] = kid;
	}
	uint32_t by = max ? f->beta_from : f->alpha_from;
	struct ab_event ev = {
		.kind = AB_EV_CUTOFF, .node = n, .alpha = f->alpha,
		.beta = f->beta, .by = by, .deep = by != t->nodes[n].parent,
		.pruned = s->pruned, .npruned = count,
	};
	f->cut = true;
	return emit(s, &ev);
}

/* Folds a child's result into its parent's frame: the running value, the
 * bound, the proved interval, then the cut test. */
static int take_result(struct search *s, struct frame *f, uint32_t child,
		       ab_value r, ab_value lo, ab_value hi)
{
	const struct ab_config *c = s->config;
	bool max = ab_player_at(s->tree, f->node, s->root) == AB_MAX;
	int stop;
	if (max) {
		f->lo = max_value(f->lo, lo);
		f->hi = max_value(f->hi, hi);
	} else {
		f->lo = min_value(f->lo, lo);
		f->hi = min_value(f->hi, hi);
	}
	bool better = max ? r > f->value : r < f->value;
	if (c->algo == AB_MINIMAX || !c->fail_hard) {
		if (better) {
			if ((stop = emit_update(s, f->node, AB_WHAT_VALUE, f->value, r)))
				return stop;
			f->value = r;
			f->best = child;
		}
		if (c->algo == AB_MINIMAX)
			return 0;
	}
	/* Alpha-beta: the mover's bound takes the child's result (fail-hard)
	 * or the running value (fail-soft), whichever applies. */
	ab_value offer = c->fail_hard ? r : f->value;
	if (max && offer > f->alpha) {
		if ((stop = emit_update(s, f->node, AB_WHAT_ALPHA, f->alpha, offer)))
			return stop;
		f->alpha = offer;
		f->alpha_from = f->node;
		if (c->fail_hard)
			f->best = child;
	} else if (!max && offer < f->beta) {
		if ((stop = emit_update(s, f->node, AB_WHAT_BETA, f->beta, offer)))
			return stop;
		f->beta = offer;
		f->beta_from = f->node;
		if (c->fail_hard)
			f->best = child;
	}
	if (f->next < s->tree->nodes[f->node].nkids && cut_test(s, f))
		return emit_cutoff(s, f, max);
	return 0;
}

static void start_frame(struct search *s, struct frame *f, uint32_t node,
			const struct frame *parent)
{
	bool max = ab_player_at(s->tree, node, s->root) == AB_MAX;
	*f = (struct frame){
		.node = node, .next = 0,
		.alpha = parent ? parent->alpha : AB_NEG_INF,
		.beta = parent ? parent->beta : AB_POS_INF,
		.alpha_from = parent ? parent->alpha_from : AB_NONE,
		.beta_from = parent ? parent->beta_from : AB_NONE,
		.value = max ? AB_NEG_INF : AB_POS_INF,
		.lo = max ? AB_NEG_INF : AB_POS_INF,
		.hi = max ? AB_NEG_INF : AB_POS_INF,
		.best = AB_NONE,
	};
	if (s->config->algo == AB_MINIMAX) {
		f->alpha = AB_NEG_INF;
		f->beta = AB_POS_INF;
	}
}

static int emit_enter(struct search *s, const struct frame *f)
{
	struct ab_event ev = { .kind = AB_EV_ENTER, .node = f->node,
			       .alpha = f->alpha, .beta = f->beta };
	s->searched[f->node] = 1;
	s->nodes++;
	return emit(s, &ev);
}

/* The value a finished node returns under the chosen convention. */
static ab_value returned_value(const struct search *s, const struct frame *f)
{
	if (s->config->algo == AB_ALPHABETA && s->config->fail_hard)
		return ab_player_at(s->tree, f->node, s->root) == AB_MAX ? f->alpha
									    : f->beta;
	return f->value;
}

static int run(struct search *s, struct frame *stack)
{
	const struct ab_tree *t = s->tree;
	int stop;
	size_t top = 0;
	start_frame(s, &stack[0], 0, NULL);
	if ((stop = emit_enter(s, &stack[0])))
		return stop;
	for (;;) {
		struct frame *f = &stack[top];
		const struct ab_node *node = &t->nodes[f->node];
		if (!f->cut && f->next < node->nkids) {
			uint32_t kid = s->order[node->first_kid + f->next++];
			if (ab_is_leaf(t, kid)) {
				ab_value v = t->nodes[kid].value;
				struct ab_event ev = { .kind = AB_EV_LEAF, .node = kid, .value = v };
				s->searched[kid] = 1;
				s->leaves++;
				if ((stop = emit(s, &ev)) || (stop = take_result(s, f, kid, v, v, v)))
					return stop;
			} else {
				start_frame(s, &stack[top + 1], kid, f);
				top++;
				if ((stop = emit_enter(s, &stack[top])))
					return stop;
			}
			continue;
		}
		/* Every child searched or the rest cut off: return. */
		bool max = ab_player_at(t, f->node, s->root) == AB_MAX;
		ab_value lo = f->lo, hi = f->hi;
		if (f->cut) {
			if (max)
				hi = AB_POS_INF;
			else
				lo = AB_NEG_INF;
		}
		ab_value r = returned_value(s, f);
		struct ab_event ev = { .kind = AB_EV_RETURN, .node = f->node,
				       .value = r, .lo = lo, .hi = hi };
		if ((stop = emit(s, &ev)))
			return stop;
		if (top == 0) {
			struct ab_event done = {
				.kind = AB_EV_DONE, .node = 0, .value = r,
				.best = f->best, .leaves_visited = s->leaves,
				.nodes_visited = s->nodes,
			};
			return emit(s, &done);
		}
		uint32_t child = f->node;
		top--;
		if ((stop = take_result(s, &stack[top], child, r, lo, hi)))
			return stop;
	}
}

int ab_search(const struct ab_tree *tree, const struct ab_config *config,
	      struct ab_sink *sink)
{
	struct search s = {
		.tree = tree, .config = config,
		.root = ab_config_root(config, tree), .sink = sink,
	};
	if (tree->count == 0)
		return 0;
	if (ab_is_leaf(tree, 0)) {
		/* A lone leaf: nothing to choose, but still a well-formed trace. */
		ab_value v = tree->nodes[0].value;
		struct ab_event leaf = { .kind = AB_EV_LEAF, .node = 0, .value = v };
		struct ab_event done = { .kind = AB_EV_DONE, .value = v,
					 .best = AB_NONE, .leaves_visited = 1 };
		int stop = emit(&s, &leaf);
		return stop ? stop : emit(&s, &done);
	}
	uint32_t *order = NULL;
	if (config->order == AB_ORDER_GIVEN) {
		s.order = tree->kids;
	} else {
		order = ab_xcalloc(tree->count, sizeof *order);
		ab_search_order(tree, config, order);
		s.order = order;
	}
	s.searched = ab_xcalloc(tree->count, 1);
	struct frame *stack = ab_xcalloc((size_t)tree->height + 1, sizeof *stack);
	int stop = run(&s, stack);
	free(stack);
	free(s.pruned);
	free(s.searched);
	free(order);
	return stop;
}
