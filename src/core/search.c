/* search.c - minimax and alpha-beta under every convention, as events.
 *
 * One loop over an explicit stack of frames does both algorithms, so the
 * depth of a tree is limited by memory, not by the C stack.  A frame is a
 * node being searched: its window, where each bound came from (to name the
 * ancestor a cutoff compares with), its running value and the interval its
 * searched children prove.
 */
#include "core/search.h"

#include <stdlib.h>
#include <string.h>

#include "core/rng.h"

static ab_value max_value(ab_value a, ab_value b) { return a > b ? a : b; }
static ab_value min_value(ab_value a, ab_value b) { return a < b ? a : b; }

/* ---- Depth limits ------------------------------------------------------- */

uint32_t ab_search_missing_static(const struct ab_tree *tree,
				  const struct ab_config *config)
{
	if (!config->depth && !config->iterative)
		return AB_NONE;
	uint32_t last = ab_config_last_depth(config, tree);
	uint32_t first = config->iterative ? 1 : config->depth;
	for (uint32_t n = 0; n < tree->count; n++) {
		const struct ab_node *node = &tree->nodes[n];
		if (node->nkids && node->depth >= first && node->depth <= last &&
		    !(node->flags & AB_HAS_STATIC))
			return n;
	}
	return AB_NONE;
}

void ab_depth_values(const struct ab_tree *tree, enum ab_player root,
		     uint32_t depth, ab_value *values)
{
	ab_tree_minimax_values(tree, root, values);
	if (!depth || depth >= tree->height)
		return;
	/* Reverse preorder again: the horizon's static values replace what
	 * lies below, and every ancestor is recomputed from them. */
	for (uint32_t n = tree->count; n-- > 0;) {
		const struct ab_node *node = &tree->nodes[n];
		if (!node->nkids || node->depth > depth)
			continue;
		if (node->depth == depth) {
			values[n] = node->value;
			continue;
		}
		enum ab_player player = ab_player_at(tree, n, root);
		if (player == AB_CHANCE) {
			values[n] = ab_tree_expectation(tree, n, values);
			continue;
		}
		bool max = player == AB_MAX;
		ab_value best = values[ab_kid(tree, n, 0)];
		for (uint32_t i = 1; i < node->nkids; i++) {
			ab_value v = values[ab_kid(tree, n, i)];
			if (max ? v > best : v < best)
				best = v;
		}
		values[n] = best;
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
	if (a->key != b->key) /* keys are finite: negation cannot overflow */
		return a->key < b->key ? -1 : 1;
	return a->rank < b->rank ? -1 : a->rank > b->rank; /* stable */
}

/* Sorts each node's children by true value: best first for the player to
 * move (best), or worst first (worst); ties keep the file's order. */
static void order_by_value(const struct ab_tree *tree, enum ab_player root,
			   uint32_t depth, bool best, uint32_t *order)
{
	ab_value *values = ab_xcalloc(tree->count, sizeof *values);
	ab_depth_values(tree, root, depth, values);
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
		enum ab_player player = ab_player_at(tree, n, root);
		if (player == AB_CHANCE) {
			/* Chance does not choose: its children keep their order. */
			memcpy(order + node->first_kid, tree->kids + node->first_kid,
			       node->nkids * sizeof *order);
			continue;
		}
		/* Ascending keys: MAX wants high values first when best. */
		bool descending = (player == AB_MAX) == best;
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
	case AB_ORDER_KILLER:  /* their order is made node by node, as the */
	case AB_ORDER_HISTORY: /* search goes, from the given one */
		memcpy(order, tree->kids, (size_t)tree->count * sizeof *order);
		break;
	case AB_ORDER_BEST:
	case AB_ORDER_WORST:
		order_by_value(tree, root, config->depth,
			       config->order == AB_ORDER_BEST, order);
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

typedef ab_wide wide;

struct frame {
	uint32_t node;
	uint32_t next;          /* position in the order of the next child */
	uint32_t nkids, first_kid; /* the node's, at hand in the loop */
	const uint32_t *kids;   /* its children in the order searched: the
				   search's order, or the level's own copy
				   (the table's best child first) */
	ab_value alpha, beta;
	uint32_t alpha_from;    /* the node that set alpha, AB_NONE if none */
	uint32_t beta_from;
	ab_value value;         /* best returned value so far (fail-soft); at
				   a chance node the running sum S */
	ab_value lo, hi;        /* what the searched children prove */
	uint32_t best;          /* the child that set the value */
	enum ab_player player;
	bool cut;
	/* Chance nodes, in units of 1/(scale × prob_scale): */
	wide sum;               /* S: Σ p_i × returned value */
	wide lo_sum, hi_sum;    /* Σ p_i × proved lo_i, hi_i */
	bool lo_inf, hi_inf;    /* a child's lo was -inf, hi +inf */
	int64_t rest;           /* R: probability not yet searched (1/B) */
	ab_value cut_value;     /* fail-soft: the bound that cut it */
	bool cut_below;         /* it cut because S + R·U left it below alpha */
	/* The transposition table (--tt), at MAX and MIN nodes: */
	ab_value alpha_in, beta_in; /* the window it was entered with: an
				   entry's flag comes from it */
	ab_value tt_lo, tt_hi;  /* what a usable entry says of its value */
	uint32_t need;          /* the depth it is searched to */
	bool tt_done;           /* the probe answered it: no child searched */
	uint32_t lead;          /* the table's best move, searched first */
	bool tt_window;         /* the probe moved the other side's bound */
	bool null_kid;          /* --pvs: the child being searched has a null
				   window */
	ab_value alpha_was, beta_was; /* --pvs, --aspiration: the window it
				   was entered with */
};

struct search {
	const struct ab_tree *tree;
	const struct ab_config *config;
	enum ab_player root;
	enum ab_chance_prune chance;
	const uint32_t *order;
	struct ab_sink *sink;
	uint32_t kinds;         /* the kinds the sink reads, as bits */
	uint32_t *pruned;       /* scratch for a cutoff's list */
	uint8_t *unsearched;    /* scratch: which ranks a cutoff skips */
	uint32_t pruned_cap;    /* grown on demand: finding the widest node
				   first would be a pass over every node */
	uint32_t leaves, nodes; /* this iteration's */
	bool pruning;           /* alpha-beta, not minimax */
	bool fail_hard, strict; /* the config's, at hand in the loop (either
				   fail-hard: the bound, not the value) */
	bool clamp;             /* fail-hard clamped to the window */
	uint32_t horizon;       /* nodes this deep are evaluated, 0: none */
	/* Iterative deepening: what each node returned, and in which
	 * iteration (0: never), for the next iteration's order. */
	ab_value *returned;
	uint32_t *stamp;
	uint32_t iteration;
	ab_value root_value;    /* the finished search's answer */
	uint32_t root_best;
	/* A named mistake (see "Named mistakes" below); AB_BUG_NONE: none. */
	enum ab_bug bug;
	ab_value inf;           /* small-inf: the program's infinity, scaled */
	uint32_t *root_kids;    /* under a mistake: the root's children in the */
	ab_value *root_values;  /*   order they returned, and what each */
	uint32_t nroot;         /*   returned, for the root's move */
	/* The transposition table (see "The table" below), or NULL. */
	struct ab_tt *tt;
	enum ab_bug tt_bug;     /* a mistake of the table's (s->bug is then
				   none: the window is right) */
	uint16_t *height;       /* per node: its subtree's height */
	uint32_t **level_kids;  /* per level: a node's children reordered */
	uint32_t *level_cap;
	bool pvs;               /* principal variation search */
	ab_value aspiration;    /* --aspiration's W in units, 0: none */
	/* --order killer|history (see "Killer and history" below): */
	enum ab_order dyn;      /* AB_ORDER_KILLER, AB_ORDER_HISTORY, or
				   AB_ORDER_GIVEN: none */
	uint32_t *move_of;      /* per node: its move's number */
	uint32_t nmoves;
	uint32_t *killers;      /* per depth: the two moves that last cut */
	uint64_t *history;      /* per move: its score */
	uint32_t *order_buf;    /* scratch for the order event */
	uint8_t *why_buf;
	uint64_t *score_buf;
	struct keyed_score *keyed;
	uint32_t order_cap;
};

/* Notes what a node returned in this iteration (iterative deepening). */
static void note_returned(struct search *s, uint32_t node, ab_value v)
{
	if (s->stamp) {
		s->returned[node] = v;
		s->stamp[node] = s->iteration;
	}
}

/* Whether the sink reads events of this kind: the others are never built. */
static inline bool wants(const struct search *s, enum ab_event_kind kind)
{
	return (s->kinds & AB_EVENT_BIT(kind)) != 0;
}

static int emit(struct search *s, const struct ab_event *ev)
{
	if (!wants(s, ev->kind))
		return 0;
	return s->sink->emit(s->sink->ctx, ev);
}

static int emit_update(struct search *s, uint32_t node, enum ab_what what,
		       ab_value old, ab_value new_)
{
	if (!wants(s, AB_EV_UPDATE))
		return 0;
	struct ab_event ev = { .kind = AB_EV_UPDATE, .node = node,
			       .what = what, .old = old, .new_ = new_ };
	return s->sink->emit(s->sink->ctx, &ev);
}

static bool cut_test(const struct search *s, const struct frame *f)
{
	return s->strict ? f->alpha > f->beta : f->alpha >= f->beta;
}

/* Lists the children not searched yet, in the tree's order: those at or
 * after position f->next of the frame's order (so no per-node mark is
 * kept for the rare cutoff). */
static uint32_t list_pruned(struct search *s, const struct frame *f)
{
	const struct ab_tree *t = s->tree;
	uint32_t n = f->nkids, first = f->first_kid, count = 0;
	if (n > s->pruned_cap) {
		s->pruned_cap = n;
		s->pruned = ab_xreallocarray(s->pruned, n, sizeof *s->pruned);
		s->unsearched = ab_xreallocarray(s->unsearched, n, 1);
	}
	if (f->kids == t->kids + first) {
		count = n - f->next;
		memcpy(s->pruned, t->kids + first + f->next,
		       (size_t)count * sizeof *s->pruned);
		return count;
	}
	memset(s->unsearched, 0, n);
	ab_tree_need_spans(t); /* ranks for every child, not one by one */
	for (uint32_t j = f->next; j < n; j++)
		s->unsearched[ab_rank(t, f->kids[j])] = 1;
	for (uint32_t i = 0; i < n; i++)
		if (s->unsearched[i])
			s->pruned[count++] = t->kids[first + i];
	return count;
}

static void learn_cut(struct search *s, const struct frame *f);

static int emit_cutoff(struct search *s, struct frame *f, bool max)
{
	f->cut = true;
	if (s->dyn)
		learn_cut(s, f);
	if (!wants(s, AB_EV_CUTOFF))
		return 0;
	const struct ab_tree *t = s->tree;
	uint32_t n = f->node;
	uint32_t count = list_pruned(s, f);
	uint32_t by = max ? f->beta_from : f->alpha_from;
	if (by == n) /* swapped-update: the node moved the other side's
			bound itself, so the test fired on its own side's */
		by = max ? f->alpha_from : f->beta_from;
	struct ab_event ev = {
		.kind = AB_EV_CUTOFF, .node = n, .alpha = f->alpha,
		.beta = f->beta, .by = by,
		/* by is none when the bound is the search's own infinity, which
		 * a lost or won position (-inf, +inf) can meet; the node itself
		 * when its table entry set the bound (--tt: a MIN node's lower
		 * bound, a MAX node's upper). */
		.deep = by != AB_NONE && by != n && by != t->nodes[n].parent,
		.pruned = s->pruned, .npruned = count,
	};
	return s->sink->emit(s->sink->ctx, &ev);
}

/* x / d rounded down (d > 0). */
static wide floor_div(wide x, wide d)
{
	wide q = x / d;
	return (x % d && x < 0) ? q - 1 : q;
}

static wide ceil_div(wide x, wide d)
{
	return -floor_div(-x, d);
}

/* A chance frame's running sum S as a value. */
static ab_value chance_sum(const struct search *s, const struct frame *f)
{
	return (ab_value)floor_div(f->sum, s->tree->prob_scale);
}

/* A child's result at a chance node: the running sum, the proved
 * interval, then (with bounds) the cut test on S + R·[L, U]. */
static int take_chance_result(struct search *s, struct frame *f,
			      uint32_t child, ab_value r, ab_value lo,
			      ab_value hi)
{
	const struct ab_tree *t = s->tree;
	int64_t w = ab_prob_weight(t, child);
	ab_value old = chance_sum(s, f);
	f->sum += (wide)w * r;
	f->rest -= w;
	if (lo == AB_NEG_INF)
		f->lo_inf = true;
	else
		f->lo_sum += (wide)w * lo;
	if (hi == AB_POS_INF)
		f->hi_inf = true;
	else
		f->hi_sum += (wide)w * hi;
	ab_value now = chance_sum(s, f);
	int stop;
	if (now != old &&
	    (stop = emit_update(s, f->node, AB_WHAT_VALUE, old, now)))
		return stop;
	f->value = now;
	if (!s->pruning || s->chance == AB_CHANCE_NONE || f->rest == 0)
		return 0;
	wide b = t->prob_scale;
	wide upper = f->sum + (wide)f->rest * t->bound_hi;
	wide lower = f->sum + (wide)f->rest * t->bound_lo;
	bool strict = s->strict;
	bool below = f->alpha != AB_NEG_INF &&
		     (strict ? upper < (wide)f->alpha * b : upper <= (wide)f->alpha * b);
	bool above = !below && f->beta != AB_POS_INF &&
		     (strict ? lower > (wide)f->beta * b : lower >= (wide)f->beta * b);
	if (!below && !above)
		return 0;
	uint32_t by = below ? f->alpha_from : f->beta_from;
	struct ab_event ev = {
		.kind = AB_EV_CUTOFF, .node = f->node, .alpha = f->alpha,
		.beta = f->beta, .by = by, .deep = by != t->nodes[f->node].parent,
		.lo = (ab_value)floor_div(lower, b),
		.hi = (ab_value)ceil_div(upper, b),
	};
	f->cut = true;
	f->cut_below = below;
	f->cut_value = below ? ev.hi : ev.lo;
	if (!wants(s, AB_EV_CUTOFF))
		return 0;
	ev.npruned = list_pruned(s, f);
	ev.pruned = s->pruned;
	return s->sink->emit(s->sink->ctx, &ev);
}

/* The rest of take_result, for alpha-beta or a sink that reads updates:
 * the running value with its event, the mover's bound, the cut test. */
static int take_bound(struct search *s, struct frame *f, uint32_t child,
		      ab_value r, bool max, bool better)
{
	bool fail_hard = s->fail_hard;
	int stop;
	if (!s->pruning || !fail_hard) {
		if (better) {
			if ((stop = emit_update(s, f->node, AB_WHAT_VALUE, f->value, r)))
				return stop;
			f->value = r;
			f->best = child;
		}
		if (!s->pruning)
			return 0;
	}
	/* Alpha-beta: the mover's bound takes the child's result (fail-hard)
	 * or the running value (fail-soft), whichever applies. */
	ab_value offer = fail_hard ? r : f->value;
	if (max && offer > f->alpha) {
		if ((stop = emit_update(s, f->node, AB_WHAT_ALPHA, f->alpha, offer)))
			return stop;
		f->alpha = offer;
		f->alpha_from = f->node;
		if (fail_hard)
			f->best = child;
	} else if (!max && offer < f->beta) {
		if ((stop = emit_update(s, f->node, AB_WHAT_BETA, f->beta, offer)))
			return stop;
		f->beta = offer;
		f->beta_from = f->node;
		if (fail_hard)
			f->best = child;
	} else if (fail_hard && s->tt && f->best == AB_NONE &&
		   offer == (max ? f->alpha : f->beta)) {
		/* The table's entry set the bound, and no child named by it
		 * came first: the first that meets it gives the value. */
		f->best = child;
	}
	if (f->next < f->nkids && cut_test(s, f))
		return emit_cutoff(s, f, max);
	if (s->dyn && cut_test(s, f))
		learn_cut(s, f); /* the last child failed high: no cutoff event */
	return 0;
}

/* ---- Named mistakes ------------------------------------------------------
 *
 * --bug ID runs the search as a program with that mistake runs, told in
 * the same minimax-form events (a window is always [alpha, beta] as MAX
 * counts, whatever the program wrote), so that a program printing its log
 * with the mistake is reproduced step for step.  What each does here:
 *
 *   swapped-update     a MAX node lowers beta with its child's result and
 *                      a MIN node raises alpha (the update lines swapped);
 *                      the cut test is the right one, on the wrong bounds.
 *   min-updates-alpha  a MIN node raises alpha with its child's result
 *                      instead of lowering beta; MAX is right.  beta never
 *                      leaves +inf, so nothing is cut and (fail-soft) every
 *                      value is right.
 *   parent-only        a node passes down only the bound it has set itself
 *                      (a MAX node its alpha, a MIN node its beta), the
 *                      other side +-inf, and not a bound it only inherited:
 *                      each cut compares with the parent's own bound, so
 *                      none is deep.  A chance node passes its windows as
 *                      without the mistake (they are its own).
 *   no-root-pruning    the root's children are entered with (-inf, +inf);
 *                      the root still keeps its own bound, and below its
 *                      children the search is right.
 *   shared-bounds      one alpha and one beta for the whole search: a child
 *                      is entered with its parent's window as now, and when
 *                      it finishes its parent's window becomes the child's
 *                      (update events at the parent, sent before the
 *                      child's return: the leak).  alpha only rises and beta
 *                      only falls, so the first cut ends the whole search,
 *                      each ancestor stopping in turn (a cutoff event where
 *                      it has children left).  A cut's `by` is the node
 *                      that last set the bound, wherever it is (a
 *                      descendant, or another branch), and null where no
 *                      node set it (an initial infinity, small-inf's I).
 *   full-window        every child is entered with (-inf, +inf): the bounds
 *                      still move, but no test can hold, so nothing is cut
 *                      and every value is right.
 *   late-test          after a child: the running value takes its result,
 *                      then the cut test runs on the bounds as they were,
 *                      and only if it fails does the bound take the result.
 *                      A cut fires one child late and leaves the bound
 *                      without the last child (fail-hard returns it so); a
 *                      child entered with alpha >= beta searches one child.
 *   negamax-window     negamax hands a child (-alpha, -beta) for (-beta,
 *                      -alpha): in minimax form a child of the other player
 *                      is entered with its parent's window swapped, [beta,
 *                      alpha]; a child of the same player (players: max min
 *                      min), where negamax negates nothing, as it should.
 *   negamax-max-view   negamax returns a leaf's value as MAX scores it where
 *                      it needs the mover's: the leaves (and static values)
 *                      at MIN's levels come out negated in minimax form,
 *                      and the leaf event carries the value the search uses.
 *   best-from-bound    the root's move is the LAST root child, in the order
 *                      searched, whose returned number equals the root's
 *                      (a tie replaces the move, as `>=` does), so a cut
 *                      child whose bound only ties can be named.
 *   small-inf          the program's infinity is a number I (bug=small-inf:N,
 *                      N in the tree's numbers, default AB_BUG_INF_DEFAULT):
 *                      the root is entered with (-I, I), and a running value
 *                      starts at -I (MAX) or I (MIN), so a node whose
 *                      children all lie at or beyond it returns I itself
 *                      (an update to I is sent when that happens, not
 *                      before, so the replay shows it where it acts).
 *   tt-no-flag         the table's (and implies one, as --tt): every entry
 *                      is stored as exact, whatever window its node was
 *                      searched with, so a later visit of the position
 *                      takes a bound (a cut node's "<= 2") for its value.
 *                      An empty window's number is stored too.
 *   tt-any-depth       the table's: an entry is used whatever depth it was
 *                      searched to, so under --depth or --iterative a
 *                      shallower search's value answers a deeper one.
 *                      Both act in the table (see "The table" below);
 *                      the search's window is right, so s->bug is none.
 *
 * With every mistake the root's move is abtrace-events(7)'s rule on what the root's
 * children returned: the first (best-from-bound: the last) whose number
 * equals the root's, none if none does (a fail-hard swapped-update MAX root
 * returns the alpha it was given; a small-inf root whose children all lie
 * beyond I returns I).
 *
 * How the mistakes meet the other options:
 * - fail-hard and clamp: a node returns its own bound (MAX alpha, MIN beta,
 *   clamped into the window), as the convention says, whatever the mistake
 *   did to it: so under swapped-update or min-updates-alpha a node whose own
 *   bound never moves hands back the bound it was given, as such a program
 *   does.  small-inf starts no running value there (fail-hard has none).
 * - --strict: the same test on >; the mistakes do not touch it.
 * - --algo minimax keeps no window: the window mistakes change nothing,
 *   negamax-max-view and small-inf still change values, best-from-bound
 *   the move (so stats' minimax row is the minimax of such a program).
 * - chance nodes: every mistake acts at MAX and MIN nodes only (full-window
 *   also hands a chance node's children (-inf, +inf), and no-root-pruning a
 *   chance root's); the negamax mistakes and shared-bounds are refused
 *   (ab_config_bug_refusal).
 * - --depth, --iterative and --order: a static value is a leaf to the
 *   mistakes; each iteration runs with the mistake and orders the next by
 *   what its nodes returned; the orders are abtrace's, as without it.
 *
 * The interval [lo, hi] in return events stays exact bookkeeping of what
 * this search established, by abtrace-events(7)'s rules, over the children it
 * searched and the leaf values it used (negamax-max-view: as it scored
 * them).  Those rules never read a window, so under every window mistake
 * the interval is still true of the node's value: set beside the number
 * the node returns, it shows where the mistake's number goes wrong (a
 * small-inf node returning I outside it, a fail-hard bound the window made
 * up).  Leaving it out would lose that, and the replay's bounds, which the
 * trace folds from the same leaf values, would disagree with it. */

/* The window a node is entered with under the mistake, over the one
 * start_frame gave it (alpha-beta only). */
static void bug_window(const struct search *s, struct frame *f,
		       const struct frame *parent)
{
	switch (s->bug) {
	case AB_BUG_PARENT_ONLY:
		if (!parent || parent->player == AB_CHANCE)
			return;
		if (parent->player == AB_MAX) {
			bool own = parent->alpha_from == parent->node;
			f->alpha = own ? parent->alpha : AB_NEG_INF;
			f->alpha_from = own ? parent->node : AB_NONE;
			f->beta = AB_POS_INF;
			f->beta_from = AB_NONE;
		} else {
			bool own = parent->beta_from == parent->node;
			f->beta = own ? parent->beta : AB_POS_INF;
			f->beta_from = own ? parent->node : AB_NONE;
			f->alpha = AB_NEG_INF;
			f->alpha_from = AB_NONE;
		}
		return;
	case AB_BUG_NO_ROOT_PRUNING:
	case AB_BUG_FULL_WINDOW:
		if (s->bug == AB_BUG_NO_ROOT_PRUNING && (!parent || parent->node != 0))
			return;
		f->alpha = AB_NEG_INF;
		f->beta = AB_POS_INF;
		f->alpha_from = f->beta_from = AB_NONE;
		return;
	case AB_BUG_NEGAMAX_WINDOW:
		if (!parent || parent->player == f->player)
			return;
		f->alpha = parent->beta;
		f->beta = parent->alpha;
		f->alpha_from = parent->beta_from;
		f->beta_from = parent->alpha_from;
		return;
	case AB_BUG_SMALL_INF:
		if (!parent) {
			f->alpha = -s->inf;
			f->beta = s->inf;
		}
		return;
	default:
		return;
	}
}

/* A leaf's (or a static) value as the search uses it. */
static ab_value leaf_value(const struct search *s, uint32_t n)
{
	ab_value v = s->tree->nodes[n].value;
	if (s->bug == AB_BUG_NEGAMAX_MAX_VIEW &&
	    ab_player_at(s->tree, n, s->root) == AB_MIN)
		return -v; /* within the exact range: negation is safe */
	return v;
}

/* take_bound under a mistake: the running value (fail-soft, minimax),
 * then the test and the bound in the mistake's order. */
static int take_bug(struct search *s, struct frame *f, uint32_t child,
		    ab_value r, bool max)
{
	int stop;
	bool hard = s->pruning && s->fail_hard;
	if (f->node == 0 && s->root_kids) {
		s->root_kids[s->nroot] = child;
		s->root_values[s->nroot++] = r;
	}
	if (!hard) {
		ab_value value = f->value;
		if (s->bug == AB_BUG_SMALL_INF &&
		    value == (max ? AB_NEG_INF : AB_POS_INF) &&
		    (max ? r <= -s->inf : r >= s->inf)) {
			/* The program's value started at its infinity, and
			 * this first child is no better: it stays there. */
			ab_value start = max ? -s->inf : s->inf;
			if ((stop = emit_update(s, f->node, AB_WHAT_VALUE, value, start)))
				return stop;
			f->value = value = start;
		}
		if (max ? r > value : r < value) {
			if ((stop = emit_update(s, f->node, AB_WHAT_VALUE, value, r)))
				return stop;
			f->value = r;
			f->best = child;
		}
	}
	if (!s->pruning)
		return 0;
	bool late = s->bug == AB_BUG_LATE_TEST;
	if (late && cut_test(s, f))
		return f->next < f->nkids ? emit_cutoff(s, f, max) : 0;
	ab_value offer = hard ? r : f->value;
	bool raises_alpha = max ? s->bug != AB_BUG_SWAPPED_UPDATE
				: s->bug == AB_BUG_SWAPPED_UPDATE ||
				  s->bug == AB_BUG_MIN_UPDATES_ALPHA;
	if (raises_alpha && offer > f->alpha) {
		if ((stop = emit_update(s, f->node, AB_WHAT_ALPHA, f->alpha, offer)))
			return stop;
		f->alpha = offer;
		f->alpha_from = f->node;
	} else if (!raises_alpha && offer < f->beta) {
		if ((stop = emit_update(s, f->node, AB_WHAT_BETA, f->beta, offer)))
			return stop;
		f->beta = offer;
		f->beta_from = f->node;
	}
	if (!late && f->next < f->nkids && cut_test(s, f))
		return emit_cutoff(s, f, max);
	return 0;
}

/* shared-bounds: a finished child's window is the shared one, and its
 * parent's becomes it, told as updates at the parent. */
static int leak(struct search *s, struct frame *parent, const struct frame *f)
{
	int stop;
	if (f->alpha != parent->alpha &&
	    (stop = emit_update(s, parent->node, AB_WHAT_ALPHA, parent->alpha, f->alpha)))
		return stop;
	if (f->beta != parent->beta &&
	    (stop = emit_update(s, parent->node, AB_WHAT_BETA, parent->beta, f->beta)))
		return stop;
	parent->alpha = f->alpha;
	parent->beta = f->beta;
	parent->alpha_from = f->alpha_from;
	parent->beta_from = f->beta_from;
	return 0;
}

/* Under a mistake, the root's move: the first root child (best-from-bound:
 * the last) that returned the root's number r, AB_NONE if none did. */
static uint32_t bug_best(const struct search *s, ab_value r)
{
	uint32_t best = AB_NONE;
	for (uint32_t i = 0; i < s->nroot; i++)
		if (s->root_values[i] == r) {
			best = s->root_kids[i];
			if (s->bug != AB_BUG_BEST_FROM_BOUND)
				break;
		}
	return best;
}

/* Folds a child's result into its parent's frame: the proved interval,
 * the running value, then (take_bound) the bound and the cut test.
 * Inline, and without a branch on the values where nothing else is
 * needed (minimax read by a counting sink), since it runs for every
 * node. */
static inline int take_result(struct search *s, struct frame *f,
			      uint32_t child, ab_value r, ab_value lo,
			      ab_value hi)
{
	if (f->player == AB_CHANCE)
		return take_chance_result(s, f, child, r, lo, hi);
	bool max = f->player == AB_MAX;
	/* The proved interval only goes into return events. */
	if (wants(s, AB_EV_RETURN)) {
		f->lo = max ? max_value(f->lo, lo) : min_value(f->lo, lo);
		f->hi = max ? max_value(f->hi, hi) : min_value(f->hi, hi);
	}
	if (s->bug)
		return take_bug(s, f, child, r, max);
	ab_value value = f->value;
	bool better = max ? r > value : r < value;
	/* A first child that only ties the starting value (a lost position,
	 * -inf, at MAX) is still the best so far. */
	if (!better && f->best == AB_NONE)
		f->best = child;
	if (s->pruning || wants(s, AB_EV_UPDATE))
		return take_bound(s, f, child, r, max, better);
	uint32_t best = f->best;
	f->value = better ? r : value;
	f->best = better ? child : best;
	return 0;
}

/* The window a chance node hands its next child: (-inf, +inf), or under
 * Star1 the range of the child's value that could still keep the chance
 * node inside its own window:
 *   alpha_i = max(L, (alpha - S - (R - p_i) U) / p_i)
 *   beta_i  = min(U, (beta  - S - (R - p_i) L) / p_i).
 * The tree's scale makes the division exact; rounding outwards is only a
 * guard, and a wider window never changes a value. */
static void chance_window(const struct search *s, const struct frame *f,
			  uint32_t kid, ab_value *alpha, ab_value *beta)
{
	const struct ab_tree *t = s->tree;
	*alpha = AB_NEG_INF;
	*beta = AB_POS_INF;
	if (!s->pruning || s->chance != AB_CHANCE_STAR1)
		return;
	wide w = ab_prob_weight(t, kid), b = t->prob_scale;
	wide others = (wide)f->rest - w;
	*alpha = t->bound_lo;
	if (f->alpha != AB_NEG_INF) {
		wide exact = (wide)f->alpha * b - f->sum - others * t->bound_hi;
		wide a = floor_div(exact, w);
		if (a > *alpha)
			*alpha = a > AB_VALUE_LIMIT ? AB_VALUE_LIMIT : (ab_value)a;
	}
	*beta = t->bound_hi;
	if (f->beta != AB_POS_INF) {
		wide exact = (wide)f->beta * b - f->sum - others * t->bound_lo;
		wide v = ceil_div(exact, w);
		if (v < *beta)
			*beta = v < -AB_VALUE_LIMIT ? -AB_VALUE_LIMIT : (ab_value)v;
	}
}

static void start_frame(struct search *s, struct frame *f, uint32_t node,
			const struct frame *parent)
{
	enum ab_player player = ab_player_at(s->tree, node, s->root);
	bool max = player == AB_MAX;
	/* Field by field: a compound literal would clear the chance node's
	 * wide sums at every frame of every search. */
	f->node = node;
	f->next = 0;
	f->nkids = s->tree->nodes[node].nkids;
	f->first_kid = s->tree->nodes[node].first_kid;
	f->kids = s->order + f->first_kid;
	f->alpha = parent ? parent->alpha : AB_NEG_INF;
	f->beta = parent ? parent->beta : AB_POS_INF;
	f->alpha_from = parent ? parent->alpha_from : AB_NONE;
	f->beta_from = parent ? parent->beta_from : AB_NONE;
	f->value = f->lo = f->hi = max ? AB_NEG_INF : AB_POS_INF;
	f->best = AB_NONE;
	f->player = player;
	f->cut = false;
	f->null_kid = false;
	f->lead = AB_NONE;
	if (player == AB_CHANCE) {
		f->value = 0;
		f->rest = s->tree->prob_scale;
		f->sum = f->lo_sum = f->hi_sum = 0;
		f->lo_inf = f->hi_inf = f->cut_below = false;
		f->cut_value = 0;
	}
	if (!s->pruning) {
		f->alpha = AB_NEG_INF;
		f->beta = AB_POS_INF;
	} else if (parent && parent->player == AB_CHANCE) {
		chance_window(s, parent, node, &f->alpha, &f->beta);
		f->alpha_from = f->beta_from =
			s->chance == AB_CHANCE_STAR1 ? parent->node : AB_NONE;
	}
	if (s->bug) {
		if (s->pruning)
			bug_window(s, f, parent);
		if (!parent)
			s->nroot = 0;
	}
	if (s->tt) {
		f->alpha_in = f->alpha;
		f->beta_in = f->beta;
		f->tt_lo = AB_NEG_INF;
		f->tt_hi = AB_POS_INF;
		f->tt_done = f->tt_window = false;
		f->lead = AB_NONE;
	}
}

static int emit_enter(struct search *s, struct frame *f)
{
	s->nodes++;
	f->alpha_was = f->alpha;
	f->beta_was = f->beta;
	if (!wants(s, AB_EV_ENTER))
		return 0;
	struct ab_event ev = { .kind = AB_EV_ENTER, .node = f->node,
			       .alpha = f->alpha, .beta = f->beta };
	return s->sink->emit(s->sink->ctx, &ev);
}

/* ---- The table ------------------------------------------------------------
 *
 * --tt: a transposition table (core/tt.h) of N slots.  A position's
 * number is its canonical node (ab_position), its slot that modulo N.
 * Only MAX and MIN nodes use it: on entering one the search probes its
 * position's slot, and on returning from one it stores what it found.
 * Chance nodes neither probe nor store: an expectation is one number
 * whatever the window, and the nodes below them do their own.
 *
 * The depth of an entry is the plies searched below the node: to the
 * horizon under --depth or --iterative, else to the leaves (its subtree's
 * height), and never more than the height (a subtree that ends above the
 * horizon is searched whole whatever the limit, so its entry serves any
 * depth).  An entry searched at least as deep as the node needs is used
 * (tt-any-depth: whatever its depth):
 *
 *   exact  the node returns it at once, its children unsearched; fail-soft
 *          as its value, fail-hard as its bound would take it (a MAX node
 *          raises alpha to it and returns alpha, clamped as the
 *          convention clamps);
 *   lower  alpha rises to it, upper: beta falls to it.  The bound on the
 *          mover's side (lower at MAX, upper at MIN) is a value the mover
 *          already has, so fail-soft starts its running value there; the
 *          other side's only narrows the window.  When the window closes
 *          (the cut test on the new bounds) the node is cut at once, all
 *          its children pruned, and returns (fail-soft) the entry's value.
 *
 * Any entry found for the position, used or too shallow, puts its best
 * child first (the child whose position is the entry's best).  What a
 * usable entry says goes into the proved interval with what the children
 * prove ([v, v], [v, +inf], [-inf, v]), since it is as true of the
 * position as what they prove (under the table's mistakes, as the search
 * believes it).
 *
 * On returning, the node's entry replaces whatever its slot held: the
 * position, the depth it was searched to, the value it returns, the flag
 * that value earns from the window it was entered with (ab_tt_flag_for:
 * a value at or beyond a bound is only a bound; tt-no-flag: always
 * exact), and its best child's position.  A node the probe answered
 * stores nothing: it learned nothing new; nor does a node entered with
 * an empty window (alpha = beta, under --strict) that returns that very
 * number, which may have failed either way (ab_tt_proves).
 *
 * The table outlives the iterations of --iterative: each iteration finds
 * the last one's entries, too shallow to use but with their best children
 * to try first, which is what a table does for iterative deepening.
 *
 * Under --depth a position reached at two depths needs a different depth
 * at each: an entry from the shallower visit, searched deeper, is used at
 * the deeper one as engines use it, and may differ from what the depth
 * limit there would give (without --depth every visit of a position
 * needs its whole subtree, so the table never changes the root's value).
 */

/* The per-level copy of a node's children, grown to hold n. */
static uint32_t *level_buffer(struct search *s, uint32_t level, uint32_t n)
{
	if (s->level_cap[level] < n) {
		s->level_cap[level] = n;
		s->level_kids[level] = ab_xreallocarray(s->level_kids[level], n,
							sizeof **s->level_kids);
	}
	return s->level_kids[level];
}

/* Puts child lead first in f's order, the others after it as they were. */
static void search_first(struct search *s, struct frame *f, uint32_t lead)
{
	uint32_t level = s->tree->nodes[f->node].depth;
	uint32_t *buf = level_buffer(s, level, f->nkids);
	if (f->kids != buf)
		memcpy(buf, f->kids, (size_t)f->nkids * sizeof *buf);
	uint32_t j = 0;
	while (j < f->nkids && buf[j] != lead)
		j++;
	if (j == f->nkids)
		return;
	memmove(buf + 1, buf, (size_t)j * sizeof *buf);
	buf[0] = lead;
	f->kids = buf;
}

/* The child of f's node standing for position pos, AB_NONE if none. */
static uint32_t kid_at_position(const struct search *s, const struct frame *f,
				uint32_t pos)
{
	if (pos == AB_NONE)
		return AB_NONE;
	for (uint32_t i = 0; i < f->nkids; i++) {
		uint32_t kid = s->tree->kids[f->first_kid + i];
		if (ab_position(s->tree, kid) == pos)
			return kid;
	}
	return AB_NONE;
}

/* The plies a node's search goes below it (see above). */
static uint32_t needed_depth(const struct search *s, uint32_t n)
{
	/* A uniform tree's heights are its depth less the node's: no pass
	 * over a big tree to find them. */
	uint32_t h = s->height ? s->height[n]
		     : s->tree->uniform_depth - s->tree->nodes[n].depth;
	if (!s->horizon)
		return h;
	uint32_t d = s->horizon - s->tree->nodes[n].depth;
	return d < h ? d : h;
}

/* The probe on entering f (a MAX or MIN node). */
static int probe(struct search *s, struct frame *f)
{
	const struct ab_tree *t = s->tree;
	uint32_t pos = ab_position(t, f->node);
	f->need = needed_depth(s, f->node);
	const struct ab_tt_entry *e = ab_tt_probe(s->tt, pos);
	if (!e && !wants(s, AB_EV_PROBE))
		return 0; /* a miss nobody reads of: nothing to build */
	struct ab_event ev = {
		.kind = AB_EV_PROBE, .node = f->node, .depth = f->need,
		.slot = ab_tt_slot(s->tt, pos), .use = AB_TT_MISS,
		.entry = e ? *e : AB_TT_EMPTY, .replaced = AB_TT_EMPTY,
		.what = AB_WHAT_VALUE, .lo = AB_NEG_INF, .hi = AB_POS_INF,
	};
	bool max = f->player == AB_MAX;
	bool hard = s->pruning && s->fail_hard;
	if (e) {
		uint32_t lead = kid_at_position(s, f, e->best);
		if (lead != AB_NONE)
			search_first(s, f, lead);
		f->lead = lead;
		ab_value a = f->alpha, b = f->beta, v = e->value;
		ev.use = ab_tt_use(e, f->need, s->tt_bug == AB_BUG_TT_ANY_DEPTH, &a, &b);
		if (ev.use != AB_TT_SHALLOW) {
			f->tt_lo = e->flag == AB_TT_UPPER ? AB_NEG_INF : v;
			f->tt_hi = e->flag == AB_TT_LOWER ? AB_POS_INF : v;
		}
		switch (ev.use) {
		case AB_TT_VALUE:
			f->tt_done = true;
			f->best = lead;
			f->next = f->nkids; /* nothing to search */
			if (!hard) {
				ev.old = f->value;
				f->value = ev.new_ = v;
			} else if (max && v > f->alpha) {
				ev.what = AB_WHAT_ALPHA;
				ev.old = f->alpha;
				f->alpha = ev.new_ = v;
				f->alpha_from = f->node;
			} else if (!max && v < f->beta) {
				ev.what = AB_WHAT_BETA;
				ev.old = f->beta;
				f->beta = ev.new_ = v;
				f->beta_from = f->node;
			} else {
				ev.old = ev.new_ = max ? f->alpha : f->beta;
				ev.what = max ? AB_WHAT_ALPHA : AB_WHAT_BETA;
			}
			break;
		case AB_TT_RAISE:
			ev.what = AB_WHAT_ALPHA;
			ev.old = f->alpha;
			f->alpha = ev.new_ = a;
			f->alpha_from = f->node;
			f->tt_window = !max;
			if (max && !hard)
				f->value = v;
			if (max)
				f->best = lead; /* the child the value came from */
			break;
		case AB_TT_LOWER_BETA:
			ev.what = AB_WHAT_BETA;
			ev.old = f->beta;
			f->beta = ev.new_ = b;
			f->beta_from = f->node;
			f->tt_window = max;
			if (!max && !hard)
				f->value = v;
			if (!max)
				f->best = lead;
			break;
		case AB_TT_UNUSED:
		case AB_TT_SHALLOW:
		case AB_TT_MISS:
			break;
		}
	}
	bool closes = (ev.use == AB_TT_RAISE || ev.use == AB_TT_LOWER_BETA) &&
		      s->pruning && f->nkids && cut_test(s, f);
	if (closes) {
		f->tt_done = true;
		if (!hard)
			f->value = e->value;
	}
	ev.alpha = f->alpha;
	ev.beta = f->beta;
	ev.value = f->value;
	ev.lo = f->tt_lo;
	ev.hi = f->tt_hi;
	int stop;
	if (wants(s, AB_EV_PROBE) && (stop = s->sink->emit(s->sink->ctx, &ev)))
		return stop;
	/* The window closed: a cutoff before any child, all of them pruned. */
	return closes ? emit_cutoff(s, f, max) : 0;
}

/* The store on returning from f with r. */
static int store(struct search *s, const struct frame *f, ab_value r)
{
	const struct ab_tree *t = s->tree;
	if (!ab_tt_proves(r, f->alpha_in, f->beta_in) && s->tt_bug != AB_BUG_TT_NO_FLAG)
		return 0;
	struct ab_tt_entry e = {
		.position = ab_position(t, f->node), .depth = f->need, .value = r,
		.flag = s->tt_bug == AB_BUG_TT_NO_FLAG ? AB_TT_EXACT
			: ab_tt_flag_for(r, f->alpha_in, f->beta_in),
		.best = f->best == AB_NONE ? AB_NONE : ab_position(t, f->best),
	};
	if (!wants(s, AB_EV_STORE)) {
		ab_tt_store(s->tt, &e, NULL);
		return 0;
	}
	struct ab_event ev = { .kind = AB_EV_STORE, .node = f->node,
			       .slot = ab_tt_slot(s->tt, e.position),
			       .depth = e.depth, .entry = e,
			       .alpha = f->alpha_in, .beta = f->beta_in };
	ab_tt_store(s->tt, &e, &ev.replaced);
	return s->sink->emit(s->sink->ctx, &ev);
}

/* Each node's subtree height, for the entries' depths. */
static uint16_t *subtree_heights(const struct ab_tree *t)
{
	uint16_t *h = ab_xcalloc(t->count, sizeof *h);
	for (uint32_t n = t->count; n-- > 0;) {
		const struct ab_node *node = &t->nodes[n];
		for (uint32_t i = 0; i < node->nkids; i++) {
			uint16_t k = h[t->kids[node->first_kid + i]];
			if (k + 1 > h[n])
				h[n] = (uint16_t)(k + 1);
		}
	}
	return h;
}

static int order_children(struct search *s, struct frame *f);

/* Enters the node of frame f: its event, then (MAX and MIN) the probe
 * and the killer or history order. */
static int enter(struct search *s, struct frame *f)
{
	int stop = emit_enter(s, f);
	if (stop || f->player == AB_CHANCE)
		return stop;
	if (s->tt && (stop = probe(s, f)))
		return stop;
	if (s->dyn && !(s->tt && f->tt_done))
		return order_children(s, f);
	return 0;
}

/* ---- Killer and history ---------------------------------------------------
 *
 * --order killer and --order history order each MAX and MIN node's
 * children as the search goes, from what cut off before.  A move is a
 * child's rank among its siblings (the second child of any node is move
 * 2), unless the tree names its moves (moves_named in core/tree.h, as a
 * game does): then the move a label ends in, so that the same move from
 * different positions is one move.
 *
 * Whenever a child's result makes its MAX or MIN parent's cut test hold
 * (a cutoff, or the last child failing high), its move is learned: the
 * killer heuristic keeps, per depth of the parent, the two moves that
 * last did so (the newest first); the history heuristic adds d² to the
 * move's score, d the plies searched below the parent (its depth to the
 * horizon or its subtree's height), so a cut high in the tree, which
 * saves more, counts more.  Both outlive the iterations of --iterative.
 *
 * On entering a MAX or MIN node (after the table's probe, whose best move
 * stays first), killer puts the children whose moves are the depth's
 * killers first, newest first, the rest in the base order (the given one,
 * or the last iteration's); history sorts the children by their moves'
 * scores, highest first, ties in the base order.  An order event tells
 * the order and why each child is where it is.  Chance nodes do not
 * choose: they keep their order, and a cut there teaches nothing. */

struct keyed_score {
	uint64_t score;
	uint32_t rank;
	uint32_t node;
};

static int compare_score(const void *pa, const void *pb)
{
	const struct keyed_score *a = pa, *b = pb;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return a->rank < b->rank ? -1 : a->rank > b->rank; /* stable */
}

/* FNV-1a of n bytes. */
static uint32_t hash_bytes(const char *p, size_t n)
{
	uint32_t h = 2166136261u;
	while (n--)
		h = (h ^ (unsigned char)*p++) * 16777619u;
	return h;
}

/* Numbers each node's move: its rank, or its named move, one number per
 * distinct name (the ranks of unnamed children after them). */
static void number_moves(struct search *s)
{
	const struct ab_tree *t = s->tree;
	s->move_of = ab_xcalloc(t->count, sizeof *s->move_of);
	ab_tree_need_spans(t);
	uint32_t widest = 1;
	for (uint32_t n = 0; n < t->count; n++)
		if (t->nodes[n].nkids > widest)
			widest = t->nodes[n].nkids;
	if (!t->moves_named) {
		for (uint32_t n = 0; n < t->count; n++)
			s->move_of[n] = ab_rank(t, n);
		s->nmoves = widest;
		return;
	}
	uint32_t cap = 16;
	while (cap < 2 * t->count)
		cap *= 2;
	uint32_t *slot = ab_xmalloc((size_t)cap * sizeof *slot); /* a node */
	for (uint32_t i = 0; i < cap; i++)
		slot[i] = AB_NONE;
	uint32_t named = 0;
	for (uint32_t n = 0; n < t->count; n++) {
		size_t len;
		const char *m = ab_tree_move(t, n, &len);
		if (!m) {
			s->move_of[n] = AB_NONE; /* numbered below */
			continue;
		}
		uint32_t i = hash_bytes(m, len) & (cap - 1);
		for (;; i = (i + 1) & (cap - 1)) {
			if (slot[i] == AB_NONE) {
				slot[i] = n;
				s->move_of[n] = named++;
				break;
			}
			size_t olen;
			const char *o = ab_tree_move(t, slot[i], &olen);
			if (olen == len && memcmp(o, m, len) == 0) {
				s->move_of[n] = s->move_of[slot[i]];
				break;
			}
		}
	}
	free(slot);
	for (uint32_t n = 0; n < t->count; n++)
		if (s->move_of[n] == AB_NONE)
			s->move_of[n] = named + ab_rank(t, n);
	s->nmoves = named + widest;
}

/* A child of f made its cut test hold: its move is learned. */
static void learn_cut(struct search *s, const struct frame *f)
{
	if (f->next == 0)
		return; /* the table's entry closed the window: no child did */
	uint32_t m = s->move_of[f->kids[f->next - 1]];
	uint32_t level = s->tree->nodes[f->node].depth;
	uint32_t *k = &s->killers[2 * level];
	if (k[0] != m) {
		k[1] = k[0];
		k[0] = m;
	}
	uint64_t d = needed_depth(s, f->node);
	s->history[m] += d * d;
}

static void grow_order(struct search *s, uint32_t n)
{
	if (n <= s->order_cap)
		return;
	s->order_cap = n;
	s->order_buf = ab_xreallocarray(s->order_buf, n, sizeof *s->order_buf);
	s->why_buf = ab_xreallocarray(s->why_buf, n, sizeof *s->why_buf);
	s->score_buf = ab_xreallocarray(s->score_buf, n, sizeof *s->score_buf);
	s->keyed = ab_xreallocarray(s->keyed, n, sizeof *s->keyed);
}

/* Orders f's children (after its probe) and tells it in an order event. */
static int order_children(struct search *s, struct frame *f)
{
	uint32_t n = f->nkids, k = 0;
	grow_order(s, n);
	uint32_t lead = s->tt ? f->lead : AB_NONE;
	uint32_t level = s->tree->nodes[f->node].depth;
	if (lead != AB_NONE) {
		s->order_buf[k] = lead;
		s->why_buf[k++] = AB_WHY_TABLE;
	}
	if (s->dyn == AB_ORDER_KILLER) {
		const uint32_t *killer = &s->killers[2 * level];
		uint32_t first = k;
		for (int j = 0; j < 2; j++)
			for (uint32_t i = 0; killer[j] != AB_NONE && i < n; i++) {
				uint32_t kid = f->kids[i];
				if (kid != lead && s->move_of[kid] == killer[j] &&
				    (k == first || s->order_buf[first] != kid)) {
					s->order_buf[k] = kid;
					s->why_buf[k++] = AB_WHY_KILLER;
					break;
				}
			}
		uint32_t placed = k;
		for (uint32_t i = 0; i < n; i++) {
			uint32_t kid = f->kids[i];
			bool done = false;
			for (uint32_t j = 0; j < placed && !done; j++)
				done = s->order_buf[j] == kid;
			if (!done) {
				s->order_buf[k] = kid;
				s->why_buf[k++] = AB_WHY_GIVEN;
			}
		}
	} else {
		uint32_t rest = 0;
		for (uint32_t i = 0; i < n; i++)
			if (f->kids[i] != lead)
				s->keyed[rest++] = (struct keyed_score){
					s->history[s->move_of[f->kids[i]]], i, f->kids[i] };
		qsort(s->keyed, rest, sizeof *s->keyed, compare_score);
		for (uint32_t i = 0; i < rest; i++) {
			s->order_buf[k] = s->keyed[i].node;
			s->why_buf[k++] = s->keyed[i].score ? AB_WHY_HISTORY : AB_WHY_GIVEN;
		}
	}
	for (uint32_t i = 0; i < n; i++)
		s->score_buf[i] = s->history[s->move_of[s->order_buf[i]]];
	uint32_t *buf = level_buffer(s, level, n);
	memcpy(buf, s->order_buf, (size_t)n * sizeof *buf);
	f->kids = buf;
	if (!wants(s, AB_EV_ORDER))
		return 0;
	struct ab_event ev = {
		.kind = AB_EV_ORDER, .node = f->node, .order = s->order_buf,
		.why = s->why_buf, .norder = n,
		.scores = s->dyn == AB_ORDER_HISTORY ? s->score_buf : NULL,
	};
	return s->sink->emit(s->sink->ctx, &ev);
}

/* What a finished chance node returns and proves. */
static ab_value chance_return(const struct search *s, const struct frame *f,
			      ab_value *lo, ab_value *hi)
{
	const struct ab_tree *t = s->tree;
	wide b = t->prob_scale;
	*lo = f->lo_inf ? AB_NEG_INF
			: (ab_value)floor_div(f->lo_sum + (wide)f->rest * t->bound_lo, b);
	*hi = f->hi_inf ? AB_POS_INF
			: (ab_value)ceil_div(f->hi_sum + (wide)f->rest * t->bound_hi, b);
	ab_value e = chance_sum(s, f);
	if (!s->pruning || s->chance == AB_CHANCE_NONE)
		return e;
	if (f->cut)
		return s->fail_hard ? (f->cut_below ? f->alpha : f->beta)
				    : f->cut_value;
	if (!s->fail_hard)
		return e;
	bool strict = s->strict;
	if (f->alpha != AB_NEG_INF && (strict ? e < f->alpha : e <= f->alpha))
		return f->alpha;
	if (f->beta != AB_POS_INF && (strict ? e > f->beta : e >= f->beta))
		return f->beta;
	return e;
}

/* The value a finished node returns under the chosen convention. */
static ab_value returned_value(const struct search *s, const struct frame *f)
{
	if (!s->pruning || !s->fail_hard)
		return f->value;
	/* Fail-hard keeps the mover's bound, which a cut may have pushed past
	 * the other; clamped, it stays inside the window it was given. */
	if (f->player == AB_MAX)
		return s->clamp ? min_value(f->alpha, s->tt && f->tt_window ? f->beta_in : f->beta)
				: f->alpha;
	return s->clamp ? max_value(f->beta, s->tt && f->tt_window ? f->alpha_in : f->alpha)
			: f->beta;
}

/* A MAX or MIN node's proved interval with what its entry said: the
 * children's, or nothing when none was searched, narrowed by the entry.
 * Only a mistake's entry can disagree with the children; the node's own
 * side (lo at MAX, the bound the replay shows it holding while it
 * searches) then keeps the entry's word and the other side meets it. */
static void table_interval(const struct frame *f, ab_value *lo, ab_value *hi)
{
	if (f->tt_done && !f->cut) {
		*lo = AB_NEG_INF;
		*hi = AB_POS_INF;
	}
	ab_value l = max_value(*lo, f->tt_lo), h = min_value(*hi, f->tt_hi);
	if (l > h) {
		if (f->player == AB_MAX)
			h = l;
		else
			l = h;
	}
	*lo = l;
	*hi = h;
}

/* ---- Principal variation search and aspiration windows -------------------
 *
 * --pvs: a MAX or MIN node searches its first child (in the order
 * searched) with its own window, and each other inner child with a null
 * window one unit of the tree wide (values count 1/scale, so no value
 * lies inside it): [alpha, alpha + 1] at MAX, [beta - 1, beta] at MIN.
 * It only asks whether the child beats the best so far.  When the answer
 * does not settle the child's place in the full window (a MAX node's
 * child returned more than alpha but not enough to cut: alpha < r < beta;
 * under --strict alpha < r <= beta, since there a number at a bound is no
 * cut), a research event says so and the child is searched again, from
 * scratch, with the full window; only that second result is taken.  A
 * node whose bound on that side is still infinite (nothing searched
 * yet, or a lost position) has no null window to give, and a window
 * already one unit wide is its own.  Leaves need no window.  Chance nodes
 * give their children the windows they always do.  Under --algo minimax
 * there are no windows, and --pvs changes nothing.
 *
 * The null window's bound is the node's own making: a cut it fires below
 * names the node in `by`.
 *
 * --aspiration W, with --iterative: each iteration after the first enters
 * the root with [v - W, v + W] around the last iteration's value v (W in
 * the tree's numbers, rounded up to its unit; the bounds are no node's,
 * so a cut they fire has `by` null).  When the root's value falls at or
 * beyond a bound, that bound opens to its infinity, a research event
 * says so, and the root is searched again, until the value lies strictly
 * inside.  A root whose last value was infinite, or a chance root, is
 * searched with the full window. */

/* Gives child a null window below parent (see above). */
static void null_window(struct search *s, struct frame *parent, struct frame *child)
{
	if (!s->pruning)
		return;
	if (parent->player == AB_MAX) {
		if (parent->alpha == AB_NEG_INF || parent->alpha + 1 >= child->beta)
			return;
		child->beta = parent->alpha + 1;
		child->beta_from = parent->node;
	} else {
		if (parent->beta == AB_POS_INF || parent->beta - 1 <= child->alpha)
			return;
		child->alpha = parent->beta - 1;
		child->alpha_from = parent->node;
	}
	if (s->tt) {
		child->alpha_in = child->alpha;
		child->beta_in = child->beta;
	}
	parent->null_kid = true;
}

/* Whether a null-window result r leaves the child's place in parent's
 * full window open. */
static bool unsettled(const struct search *s, const struct frame *p, ab_value r)
{
	if (p->player == AB_MAX)
		return r > p->alpha && (s->strict ? r <= p->beta : r < p->beta);
	return r < p->beta && (s->strict ? r >= p->alpha : r > p->alpha);
}

/* node returned r when searched with [was_lo, was_hi]: it is searched
 * again with [alpha, beta]. */
static int emit_research(struct search *s, uint32_t node, ab_value alpha,
			 ab_value beta, ab_value r, ab_value was_lo, ab_value was_hi)
{
	if (!wants(s, AB_EV_RESEARCH))
		return 0;
	struct ab_event ev = { .kind = AB_EV_RESEARCH, .node = node,
			       .alpha = alpha, .beta = beta, .value = r,
			       .lo = was_lo, .hi = was_hi };
	return s->sink->emit(s->sink->ctx, &ev);
}

/* The root's frame with the aspiration window [lo, hi]. */
static void aspire(struct search *s, struct frame *root, ab_value lo, ab_value hi)
{
	root->alpha = lo;
	root->beta = hi;
	root->alpha_from = root->beta_from = AB_NONE;
	if (s->tt) {
		root->alpha_in = lo;
		root->beta_in = hi;
	}
}

/* Searches from the root, whose frame is stack[0], already entered. */
static int run(struct search *s, struct frame *stack)
{
	const struct ab_tree *t = s->tree;
	int stop;
	size_t top = 0;
	for (;;) {
		struct frame *f = &stack[top];
		if (!f->cut && f->next < f->nkids) {
			uint32_t kid = f->kids[f->next++];
			const struct ab_node *k = &t->nodes[kid];
			if (k->nkids == 0 || (s->horizon && k->depth >= s->horizon)) {
				/* A leaf, or an inner node at the depth limit:
				 * its static value stands in for its subtree. */
				ab_value v = s->bug ? leaf_value(s, kid) : k->value;
				s->leaves++;
				note_returned(s, kid, v);
				if (wants(s, AB_EV_LEAF)) {
					struct ab_event ev = {
						.kind = AB_EV_LEAF, .node = kid,
						.value = v, .is_static = k->nkids != 0 };
					if ((stop = s->sink->emit(s->sink->ctx, &ev)))
						return stop;
				}
				if ((stop = take_result(s, f, kid, v, v, v)))
					return stop;
			} else {
				start_frame(s, &stack[top + 1], kid, f);
				if (s->pvs && f->next > 1 && f->player != AB_CHANCE)
					null_window(s, f, &stack[top + 1]);
				top++;
				if ((stop = enter(s, &stack[top])))
					return stop;
			}
			continue;
		}
		/* Every child searched or the rest cut off: return. */
		ab_value lo = f->lo, hi = f->hi, r;
		if (f->player == AB_CHANCE) {
			r = chance_return(s, f, &lo, &hi);
		} else {
			if (f->cut) {
				if (f->player == AB_MAX)
					hi = AB_POS_INF;
				else
					lo = AB_NEG_INF;
			}
			if (s->tt)
				table_interval(f, &lo, &hi);
			r = returned_value(s, f);
			if (s->tt && !f->tt_done && (stop = store(s, f, r)))
				return stop;
		}
		if (s->bug == AB_BUG_SHARED_BOUNDS && top > 0 && s->pruning &&
		    (stop = leak(s, &stack[top - 1], f)))
			return stop;
		if (wants(s, AB_EV_RETURN)) {
			struct ab_event ev = { .kind = AB_EV_RETURN, .node = f->node,
					       .value = r, .lo = lo, .hi = hi };
			if ((stop = s->sink->emit(s->sink->ctx, &ev)))
				return stop;
		}
		note_returned(s, f->node, r);
		if (top == 0) {
			s->root_value = r;
			s->root_best = f->player == AB_CHANCE ? AB_NONE : f->best;
			if (s->root_kids && f->player != AB_CHANCE)
				s->root_best = bug_best(s, r);
			return 0;
		}
		uint32_t child = f->node;
		top--;
		struct frame *p = &stack[top];
		if (p->null_kid) {
			p->null_kid = false;
			if (unsettled(s, p, r)) {
				/* PVS: the null window did not settle it. */
				if ((stop = emit_research(s, child, p->alpha, p->beta, r,
							  f->alpha_was, f->beta_was)))
					return stop;
				start_frame(s, &stack[top + 1], child, p);
				top++;
				if ((stop = enter(s, &stack[top])))
					return stop;
				continue;
			}
		}
		if ((stop = take_result(s, p, child, r, lo, hi)))
			return stop;
	}
}

/* The order iteration s->iteration + 1 uses: at every MAX and MIN node the
 * children the last iteration searched, best first for the mover by what
 * they returned (ties in the base order), then the others in the base
 * order; a chance node's children in the base order. */
static void reorder_by_returns(const struct search *s, const uint32_t *base,
			       uint32_t *order)
{
	const struct ab_tree *t = s->tree;
	struct keyed_kid *keyed = NULL;
	size_t keyed_cap = 0;
	memcpy(order, base, (size_t)t->count * sizeof *order);
	for (uint32_t n = 0; n < t->count; n++) {
		const struct ab_node *node = &t->nodes[n];
		if (node->nkids < 2 || s->stamp[n] != s->iteration)
			continue; /* not searched last time: nothing learned */
		enum ab_player player = ab_player_at(t, n, s->root);
		if (player == AB_CHANCE)
			continue;
		if (node->nkids > keyed_cap) {
			keyed_cap = node->nkids;
			keyed = ab_xreallocarray(keyed, keyed_cap, sizeof *keyed);
		}
		uint32_t searched = 0, *out = order + node->first_kid;
		for (uint32_t i = 0; i < node->nkids; i++) {
			uint32_t kid = base[node->first_kid + i];
			if (s->stamp[kid] != s->iteration)
				continue;
			ab_value v = s->returned[kid]; /* negation cannot overflow */
			keyed[searched++] = (struct keyed_kid){
				player == AB_MAX ? -v : v, i, kid };
		}
		qsort(keyed, searched, sizeof *keyed, compare_keyed);
		uint32_t k = 0;
		for (uint32_t i = 0; i < searched; i++)
			out[k++] = keyed[i].node;
		for (uint32_t i = 0; i < node->nkids; i++) {
			uint32_t kid = base[node->first_kid + i];
			if (s->stamp[kid] != s->iteration)
				out[k++] = kid;
		}
	}
	free(keyed);
}

/* The shared body of ab_search and ab_search_iteration_order: searches,
 * sending events to sink; with want_order, stops before iteration
 * want_depth and leaves its order there instead. */
static int search_all(const struct ab_tree *tree, const struct ab_config *config,
		      struct ab_sink *sink, uint32_t want_depth,
		      uint32_t *want_order)
{
	struct search s = {
		.tree = tree, .config = config,
		.root = ab_config_root(config, tree), .sink = sink,
		.kinds = sink->kinds ? sink->kinds : ~0u,
		.chance = ab_config_chance(config, tree),
		.pruning = config->algo == AB_ALPHABETA,
		.fail_hard = ab_config_returns_bound(config),
		.clamp = ab_config_fail(config) == AB_FAIL_CLAMP,
		.strict = config->strict,
		.bug = ab_bug_is_table(config->bug) ? AB_BUG_NONE : config->bug,
		.tt_bug = ab_bug_is_table(config->bug) ? config->bug : AB_BUG_NONE,
		.pvs = config->pvs && config->algo == AB_ALPHABETA,
	};
	if (tree->count == 0)
		return 0;
	if (ab_search_missing_static(tree, config) != AB_NONE)
		return AB_SEARCH_NO_STATIC;
	if (s.pruning && s.chance == AB_CHANCE_STAR1 && tree->has_bounds &&
	    !tree->star1_exact)
		return AB_SEARCH_STAR1_INEXACT;
	if (ab_config_bug_refusal(config, tree))
		return AB_SEARCH_REFUSED;
	if (config->aspiration.num > 0 && config->iterative) {
		/* W in units, rounded up (a finer window than the unit is
		 * one unit), at most the exact range. */
		ab_wide w = ((ab_wide)config->aspiration.num * tree->scale +
			     config->aspiration.den - 1) / config->aspiration.den;
		s.aspiration = w < AB_VALUE_LIMIT ? (ab_value)w : AB_VALUE_LIMIT;
	}
	if (s.bug == AB_BUG_SMALL_INF) {
		/* N in the tree's numbers; beyond the exact range it is
		 * beyond every value, as a true infinity is. */
		ab_wide inf = (ab_wide)ab_config_bug_inf(config) * tree->scale;
		s.inf = inf < AB_VALUE_LIMIT ? (ab_value)inf : AB_VALUE_LIMIT;
	}
	/* The base order: the tree's own (not copied: a big tree's kids[] is
	 * large), or the one --order asks for. */
	uint32_t *own = NULL;
	const uint32_t *base = tree->kids;
	if (config->order != AB_ORDER_GIVEN) {
		own = ab_xcalloc(tree->count, sizeof *own);
		ab_search_order(tree, config, own);
		base = own;
	}
	if (want_order && want_depth <= 1) {
		memcpy(want_order, base, (size_t)tree->count * sizeof *base);
		free(own);
		return 0;
	}
	if (ab_is_leaf(tree, 0)) {
		/* A lone leaf: nothing to choose, but still a well-formed trace. */
		ab_value v = leaf_value(&s, 0);
		struct ab_event leaf = { .kind = AB_EV_LEAF, .node = 0, .value = v };
		struct ab_event done = { .kind = AB_EV_DONE, .value = v,
					 .best = AB_NONE, .leaves_visited = 1 };
		free(own);
		int stop = emit(&s, &leaf);
		return stop ? stop : emit(&s, &done);
	}
	struct frame *stack = ab_xcalloc((size_t)tree->height + 1, sizeof *stack);
	struct ab_tt table;
	if (config->order == AB_ORDER_KILLER || config->order == AB_ORDER_HISTORY) {
		s.dyn = config->order;
		number_moves(&s);
		s.killers = ab_xmalloc(((size_t)tree->height + 1) * 2 * sizeof *s.killers);
		for (uint32_t i = 0; i < (tree->height + 1) * 2; i++)
			s.killers[i] = AB_NONE;
		s.history = ab_xcalloc(s.nmoves, sizeof *s.history);
	}
	if (ab_config_table(config)) {
		ab_tt_init(&table, ab_config_tt_slots(config, tree));
		s.tt = &table;
	}
	if (s.tt || s.dyn) {
		if (!tree->uniform)
			s.height = subtree_heights(tree);
		s.level_kids = ab_xcalloc((size_t)tree->height + 1, sizeof *s.level_kids);
		s.level_cap = ab_xcalloc((size_t)tree->height + 1, sizeof *s.level_cap);
	}
	if (s.bug) {
		s.root_kids = ab_xcalloc(tree->nodes[0].nkids, sizeof *s.root_kids);
		s.root_values = ab_xcalloc(tree->nodes[0].nkids, sizeof *s.root_values);
	}
	uint32_t *order = NULL;
	uint32_t first = 1, last = 1;
	if (config->iterative) {
		last = ab_config_last_depth(config, tree);
		if (want_order && want_depth - 1 < last)
			last = want_depth - 1;
		s.returned = ab_xcalloc(tree->count, sizeof *s.returned);
		s.stamp = ab_xcalloc(tree->count, sizeof *s.stamp);
		order = ab_xcalloc(tree->count, sizeof *order);
	} else {
		s.horizon = config->depth;
	}
	s.order = base;
	uint32_t leaves = 0, nodes = 0;
	int stop = 0;
	for (uint32_t d = first; d <= last && !stop; d++) {
		if (config->iterative) {
			if (d > 1) {
				reorder_by_returns(&s, base, order);
				s.order = order;
			}
			s.horizon = d;
			s.iteration = d;
			s.leaves = s.nodes = 0;
			if (!want_order) {
				struct ab_event it = { .kind = AB_EV_ITERATION, .depth = d };
				if ((stop = emit(&s, &it)))
					break;
			}
		}
		start_frame(&s, &stack[0], 0, NULL);
		/* Aspiration: a window around the last value, opened on the
		 * side the value falls on until the value lies inside it. */
		bool aspire_now = s.aspiration && d > 1 && stack[0].player != AB_CHANCE &&
				  s.root_value != AB_NEG_INF && s.root_value != AB_POS_INF &&
				  s.pruning;
		ab_value lo = aspire_now ? s.root_value - s.aspiration : AB_NEG_INF;
		ab_value hi = aspire_now ? s.root_value + s.aspiration : AB_POS_INF;
		if (aspire_now)
			aspire(&s, &stack[0], lo, hi);
		if ((stop = enter(&s, &stack[0])) || (stop = run(&s, stack)))
			break;
		while (aspire_now) {
			ab_value r = s.root_value;
			if (r <= lo && lo != AB_NEG_INF)
				lo = AB_NEG_INF;
			else if (r >= hi && hi != AB_POS_INF)
				hi = AB_POS_INF;
			else
				break;
			if (!want_order &&
			    (stop = emit_research(&s, 0, lo, hi, r, stack[0].alpha_was,
						  stack[0].beta_was)))
				break;
			start_frame(&s, &stack[0], 0, NULL);
			aspire(&s, &stack[0], lo, hi);
			if ((stop = enter(&s, &stack[0])) || (stop = run(&s, stack)))
				break;
		}
		if (stop)
			break;
		leaves += s.leaves;
		nodes += s.nodes;
		if (config->iterative && !want_order) {
			struct ab_event res = {
				.kind = AB_EV_RESULT, .depth = d, .value = s.root_value,
				.best = s.root_best, .leaves_visited = s.leaves,
				.nodes_visited = s.nodes,
			};
			stop = emit(&s, &res);
		}
	}
	if (!stop && want_order) {
		reorder_by_returns(&s, base, want_order);
	} else if (!stop) {
		struct ab_event done = {
			.kind = AB_EV_DONE, .node = 0, .value = s.root_value,
			.best = s.root_best, .leaves_visited = leaves,
			.nodes_visited = nodes,
		};
		if (s.tt) {
			done.probes = (uint32_t)s.tt->probes;
			done.hits = (uint32_t)s.tt->hits;
			done.stores = (uint32_t)s.tt->stores;
		}
		stop = emit(&s, &done);
	}
	if (s.tt)
		ab_tt_free(s.tt);
	if (s.level_kids) {
		for (uint32_t i = 0; i <= tree->height; i++)
			free(s.level_kids[i]);
		free(s.level_kids);
		free(s.level_cap);
		free(s.height);
	}
	free(s.move_of);
	free(s.killers);
	free(s.history);
	free(s.order_buf);
	free(s.why_buf);
	free(s.score_buf);
	free(s.keyed);
	free(stack);
	free(s.pruned);
	free(s.unsearched);
	free(s.returned);
	free(s.stamp);
	free(s.root_kids);
	free(s.root_values);
	free(order);
	free(own);
	return stop;
}

static int null_emit(void *ctx, const struct ab_event *ev)
{
	(void)ctx;
	(void)ev;
	return 0;
}

int ab_search(const struct ab_tree *tree, const struct ab_config *config,
	      struct ab_sink *sink)
{
	return search_all(tree, config, sink, 0, NULL);
}

void ab_search_iteration_order(const struct ab_tree *tree,
			       const struct ab_config *config, uint32_t depth,
			       uint32_t *order)
{
	struct ab_sink sink = { null_emit, NULL, AB_EVENT_BIT(AB_EV_DONE) };
	struct ab_config c = *config;
	c.iterative = true;
	if (search_all(tree, &c, &sink, depth ? depth : 1, order) != 0)
		memcpy(order, tree->kids, (size_t)tree->count * sizeof *order);
}
