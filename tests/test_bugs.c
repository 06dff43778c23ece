/* test_bugs.c - the named mistakes (--bug): each on trees chosen to show
 * it, as abtrace-log(5)'s table describes it; on thousands of random trees the
 * property that tells it apart; the words that name them; what is
 * refused; and the sentences that say where each acts. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "keeper.h"
#include "core/parse.h"
#include "sources/load.h"
#include "core/trace.h"
#include "randtree.h"
#include "views/narrate.h"
#include "runprog.h"
#include "testutil.h"

#define NI AB_NEG_INF
#define PI AB_POS_INF

static struct ab_tree *parse(const char *text)
{
	struct ab_diag diag;
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	ck_assert_msg(tree != NULL, "%s: %s", text, diag.message);
	return tree;
}

static uint32_t node_at(const struct ab_tree *tree, const char *path)
{
	if (strcmp(path, "root") == 0)
		return 0;
	uint32_t n = ab_tree_find(tree, path);
	ck_assert_msg(n != AB_NONE, "no node %s", path);
	return n;
}

static void add_path(const struct ab_tree *tree, uint32_t n, struct ab_str *out)
{
	if (n == AB_NONE)
		ab_str_add(out, "-");
	else if (n == 0)
		ab_str_add(out, "root");
	else
		ab_tree_path(tree, n, out);
}

/* A config from words, as a lesson or an answer file writes them. */
static struct ab_config config_of(const char *words)
{
	struct ab_config c = AB_CONFIG_DEFAULT;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", words);
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		const char *why = ab_config_apply(w, &c, NULL);
		ck_assert_msg(why == NULL, "%s: %s", w, why);
	}
	return c;
}

static ab_value bound_of(const char *text)
{
	if (strcmp(text, "-inf") == 0)
		return NI;
	if (strcmp(text, "+inf") == 0)
		return PI;
	return strtoll(text, NULL, 10);
}

/* "node>by[D]:pruned,pruned;..." for every cutoff; by "-" when none. */
static void describe_cuts(const struct ab_tree *tree, const struct keeper *k,
			  struct ab_str *out)
{
	for (size_t i = 0; i < k->count; i++) {
		const struct ab_event *ev = &k->events[i].ev;
		if (ev->kind != AB_EV_CUTOFF)
			continue;
		if (out->len)
			ab_str_addc(out, ';');
		add_path(tree, ev->node, out);
		ab_str_addc(out, '>');
		add_path(tree, ev->by, out);
		ab_str_add(out, ev->deep ? "D:" : ":");
		for (uint32_t j = 0; j < ev->npruned; j++) {
			if (j)
				ab_str_addc(out, ',');
			ab_tree_path(tree, k->events[i].pruned[j], out);
		}
	}
}

static const struct ab_event *done_of(const struct keeper *k)
{
	const struct ab_event *done = &k->events[k->count - 1].ev;
	ck_assert_int_eq(done->kind, AB_EV_DONE);
	return done;
}

/* ---- Each mistake on a tree that shows it ---------------------------------- */

static const struct shows_case {
	const char *tree;
	const char *words;
	const char *value;       /* the root's value, "+inf" allowed */
	const char *best;        /* path, "root" never, "-" for none */
	uint32_t leaves;
	const char *cuts;        /* describe_cuts */
	const char *windows;     /* "path:alpha:beta ..." of entered nodes, or NULL */
} shows_cases[] = {
	/* The right search, for comparison: C is cut by the root's alpha. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "", "3", "1", 7, "2>root:2.2,2.3", "2:3:+inf 3:3:+inf" },
	/* swapped-update: B raises alpha, the root lowers beta to 3, so C and
	 * D come in with (-inf, 3); D raises alpha to 14 and cuts on the
	 * root's beta; the root takes D's 14. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=swapped-update", "14", "3", 7, "3>root:3.2,3.3",
	  "2:-inf:3 3:-inf:3" },
	/* MIN root: the root raises alpha to 12 after B; C (MAX) lowers its
	 * beta to 2 and cuts on the root's alpha; C's 2 is the root's. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=swapped-update root=min", "2", "2", 7,
	  "2>root:2.2,2.3", "2:12:+inf 3:12:+inf" },
	/* min-updates-alpha: beta never falls, nothing is cut, the value and
	 * the move stay right; D raises alpha where it should lower beta. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=min-updates-alpha", "3", "1", 9, "",
	  "2:3:+inf 3:3:+inf" },
	/* Fail-hard, a MIN node returns the beta it was given, +inf: the root
	 * takes it and cuts on +inf >= +inf at once. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=min-updates-alpha fail-hard", "+inf", "1", 3,
	  "root>-:2,3", NULL },
	/* parent-only: the deep cutoff at 2.1.1 is gone (2.1 passes only its
	 * own alpha, none yet), 2.1.1.2 is looked at; the cut at 2 stays. */
	{ "[[5,6],[[[3,9],[8,1]],7]]", "", "5", "1", 5, "2.1.1>rootD:2.1.1.2;2>root:2.2", NULL },
	{ "[[5,6],[[[3,9],[8,1]],7]]", "bug=parent-only", "5", "1", 6, "2>root:2.2",
	  "2:5:+inf 2.1:-inf:+inf 2.1.1:-inf:+inf 2.1.2:3:+inf" },
	/* no-root-pruning: the root's alpha 5 never reaches 2, so neither cut
	 * happens; the value is right. */
	{ "[[5,6],[[[3,9],[8,1]],7]]", "bug=no-root-pruning", "5", "1", 7, "",
	  "2:-inf:+inf 2.1.2:3:+inf" },
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=no-root-pruning", "3", "1", 9, "", "2:-inf:+inf" },
	/* shared-bounds: B's beta 3 leaks into the root, whose alpha 3 meets
	 * it: the search ends after B. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=shared-bounds", "3", "1", 3, "root>1D:2,3", NULL },
	/* Cutting on >: C comes in with the shared (3, 3), cuts after C1,
	 * leaks its beta 2 up, and the root cuts on it. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=shared-bounds strict", "3", "1", 4,
	  "2>root:2.2,2.3;root>2D:3", "2:3:3" },
	/* A sibling inherits what its brother set: X raises the one alpha to
	 * 2, and Y comes in with (2, 2), cuts on its first leaf, and leaks
	 * alpha 5 up to the root, which cuts on B's beta. */
	{ "[[[1,2],[5,0]],[3]]", "bug=shared-bounds strict", "2", "1", 3, "1.2>1:1.2.2;root>1D:2",
	  "1.2:2:2" },
	/* full-window: everything with (-inf, +inf), nothing cut. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=full-window", "3", "1", 9, "", "2:-inf:+inf 3:-inf:+inf" },
	{ "[[5,6],[[[3,9],[8,1]],7]]", "bug=full-window fail-hard", "5", "1", 7, "", "2.1.2:-inf:+inf" },
	/* late-test: C cuts after C2, one child late; D's test holds only
	 * after its last child. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=late-test", "3", "1", 8, "2>root:2.3", NULL },
	{ "[[3,5],[2,1,0,7]]", "bug=late-test", "3", "1", 4, "2>root:2.3,2.4", NULL },
	{ "[[3,5],[2,1,0,7]]", "", "3", "1", 3, "2>root:2.2,2.3,2.4", NULL },
	/* negamax-window: each MIN child comes in with the root's window
	 * swapped, alpha = +inf, and cuts after its first leaf. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=negamax-window", "14", "3", 3,
	  "1>-:1.2,1.3;2>-:2.2,2.3;3>-:3.2,3.3", "1:+inf:-inf 2:+inf:3 3:+inf:3" },
	/* One level down the swap swaps back: 1.1 (MAX) gets (-inf, +inf). */
	{ "[[[1,2],[3,4]],[[5,6],[7,8]]]", "bug=negamax-window", "6", "2", 4,
	  "1>-:1.2;2>-:2.2", "1:+inf:-inf 1.1:-inf:+inf 2:+inf:2 2.1:2:+inf" },
	/* negamax-max-view: the leaves under MAX nodes (MIN to move there)
	 * count negated: 1.2's 4 and 6, and 2's 5. */
	{ "[[3,[4,6]],5,[2,7]]", "bug=negamax-max-view", "2", "3", 6, "", NULL },
	{ "[[3,[4,6]],5,[2,7]]", "", "5", "2", 4, "1.2>1:1.2.2;3>root:3.2", NULL },
	/* The lecture tree's leaves are all MAX's to move: nothing changes. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=negamax-max-view", "3", "1", 7, "2>root:2.2,2.3", NULL },
	/* best-from-bound: D is cut on D1 = 3, its bound ties the root's 3,
	 * and D is named though it is worth 2. */
	{ "[[3,12,8],[2,4,6],[3,5,2]]", "bug=best-from-bound", "3", "3", 5,
	  "2>root:2.2,2.3;3>root:3.2,3.3", NULL },
	{ "[[3,12,8],[2,4,6],[3,5,2]]", "", "3", "1", 5, "2>root:2.2,2.3;3>root:3.2,3.3", NULL },
	{ "[[3,12,8],[2,4,6],[3,5,2]]", "bug=best-from-bound strict", "3", "1", 7, "2>root:2.2,2.3", NULL },
	{ "[[3,12,8],[2,4,6],[3,5,2]]", "bug=best-from-bound fail-hard", "3", "3", 5,
	  "2>root:2.2,2.3;3>root:3.2,3.3", NULL },
	/* small-inf:10: 2's children both lie beyond 10, so it keeps 10; the
	 * root's alpha reaches the program's +inf and cuts. */
	{ "[[3,12],[20,30],[15,25]]", "bug=small-inf:10", "10", "2", 4, "root>-:3",
	  "root:-10:10 2:3:10" },
	{ "[[3,12],[20,30],[15,25]]", "", "20", "2", 5, "3>root:3.2", NULL },
	/* Minimax keeps a running value too, which starts at 10. */
	{ "[[3,12],[20,30],[15,25]]", "bug=small-inf:10 minimax", "10", "2", 6, "", NULL },
	/* The default infinity, 1000, lies beyond the lecture tree. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=small-inf", "3", "1", 7, "2>root:2.2,2.3",
	  "root:-1000:1000 2:3:1000" },
	/* Minimax has no window for a window mistake to spoil. */
	{ "[[3,12,8],[2,4,6],[14,5,2]]", "bug=swapped-update minimax", "3", "1", 9, "", NULL },
	/* tt-no-flag (the bundled tt-no-flag tree): C, cut under B, stores
	 * its lower bound 6 as exact; D1 (C again) takes it for C's value. */
	{ "A[ B[5 C[6 9]] D[&C 10] ]", "bug=tt-no-flag", "6", "2", 3, "1.2>1:1.2.2", NULL },
	{ "A[ B[5 C[6 9]] D[&C 10] ]", "tt", "9", "2", 5, "1.2>1:1.2.2", "2.1:5:+inf" },
	/* tt-any-depth (the bundled tt-any-depth tree): iteration 1's entry
	 * for the root answers every later iteration. */
	{ "A[ B=9[ B1=1[1 2] B2=2[2 3] ]  C=4[ C1=7[7 8] C2=6[6 9] ] ]",
	  "iterative bug=tt-any-depth", "9", "1", 2, "", NULL },
	{ "A[ B=9[ B1=1[1 2] B2=2[2 3] ]  C=4[ C1=7[7 8] C2=6[6 9] ] ]",
	  "iterative tt", "8", "2", 12, "1>root:1.2", NULL },
};

/* Every "path:alpha:beta" of want against the first enter of path. */
static void check_windows(const struct ab_tree *tree, const struct keeper *k,
			  const char *want, int i)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", want);
	char *save = NULL;
	for (char *item = strtok_r(buf, " ", &save); item; item = strtok_r(NULL, " ", &save)) {
		char *a = strchr(item, ':');
		char *b = a ? strchr(a + 1, ':') : NULL;
		ck_assert(a && b);
		*a++ = '\0';
		*b++ = '\0';
		uint32_t n = node_at(tree, item);
		bool seen = false;
		for (size_t j = 0; j < k->count && !seen; j++) {
			const struct ab_event *ev = &k->events[j].ev;
			if (ev->kind != AB_EV_ENTER || ev->node != n)
				continue;
			ck_assert_msg(ev->alpha == bound_of(a) && ev->beta == bound_of(b),
				      "case %d: %s entered with (%lld, %lld), want (%s, %s)", i,
				      item, (long long)ev->alpha, (long long)ev->beta, a, b);
			seen = true;
		}
		ck_assert_msg(seen, "case %d: %s never entered", i, item);
	}
}

START_TEST(each_mistake_shows)
{
	const struct shows_case *t = &shows_cases[_i];
	struct ab_tree *tree = parse(t->tree);
	struct ab_config c = config_of(t->words);
	struct keeper k = run_search(tree, &c);
	const struct ab_event *done = done_of(&k);
	ck_assert_msg(done->value == bound_of(t->value), "case %d (%s): value %lld, want %s",
		      _i, t->words, (long long)done->value, t->value);
	struct ab_str s = AB_STR_INIT;
	add_path(tree, done->best, &s);
	ck_assert_msg(strcmp(ab_str_cstr(&s), t->best) == 0, "case %d (%s): best %s, want %s",
		      _i, t->words, ab_str_cstr(&s), t->best);
	ck_assert_msg(done->leaves_visited == t->leaves, "case %d (%s): %u leaves, want %u",
		      _i, t->words, done->leaves_visited, t->leaves);
	ab_str_clear(&s);
	describe_cuts(tree, &k, &s);
	ck_assert_msg(strcmp(ab_str_cstr(&s), t->cuts) == 0, "case %d (%s): cuts '%s', want '%s'",
		      _i, t->words, ab_str_cstr(&s), t->cuts);
	ab_str_free(&s);
	if (t->windows)
		check_windows(tree, &k, t->windows, _i);
	keeper_free(&k);
	ab_tree_free(tree);
}
END_TEST

/* The bundled trees that show the table's mistakes: each changes the
 * root's value, and the stats --compare rows disagree. */
START_TEST(bundled_table_mistakes)
{
	static const struct { const char *tree, *words; } cases[] = {
		{ "tt-no-flag", "bug=tt-no-flag" },
		{ "tt-any-depth", "iterative bug=tt-any-depth" },
		{ "table", "bug=tt-no-flag" },
		{ "table", "iterative bug=tt-any-depth" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct ab_diag diag;
		struct ab_str shown = AB_STR_INIT;
		struct ab_tree *tree = ab_load_tree(cases[i].tree, &shown, &diag);
		ck_assert_msg(tree != NULL, "%s: %s", cases[i].tree, diag.message);
		struct ab_config c = config_of(cases[i].words), right = c;
		right.bug = AB_BUG_NONE;
		right.tt = true;
		struct keeper k = run_search(tree, &c), r = run_search(tree, &right);
		ck_assert_msg(done_of(&k)->value != done_of(&r)->value, "%s under %s: the same value",
			      cases[i].tree, cases[i].words);
		keeper_free(&k);
		keeper_free(&r);
		ab_str_free(&shown);
		ab_tree_free(tree);
	}
}
END_TEST

/* ---- Properties on random trees ------------------------------------------- */

/* The recorded trace tells each event as the search sent it: the mistakes
 * change the events, never the trace's reading of them. */
static void check_trace_agrees(const struct ab_tree *tree, const struct ab_config *c,
			       const struct keeper *k)
{
	struct ab_trace *trace = ab_trace_record(tree, c);
	ck_assert_ptr_nonnull(trace);
	ck_assert_uint_eq(trace->length, k->count);
	bool clamp = ab_config_fail(c) == AB_FAIL_CLAMP;
	for (size_t i = 0; i < k->count; i++) {
		ck_assert(ab_trace_forward(trace));
		struct ab_event got;
		ab_trace_event(trace, &got);
		const struct ab_event *ev = &k->events[i].ev;
		ck_assert_int_eq(got.kind, ev->kind);
		if (ev->kind != AB_EV_DONE)
			ck_assert_uint_eq(got.node, ev->node);
		switch (ev->kind) {
		case AB_EV_ENTER:
			ck_assert(got.alpha == ev->alpha && got.beta == ev->beta);
			break;
		case AB_EV_LEAF:
			ck_assert(got.value == ev->value);
			break;
		case AB_EV_UPDATE:
			ck_assert(got.what == ev->what && got.old == ev->old && got.new_ == ev->new_);
			break;
		case AB_EV_CUTOFF:
			ck_assert(got.alpha == ev->alpha && got.beta == ev->beta);
			ck_assert(got.by == ev->by && got.deep == ev->deep);
			ck_assert_uint_eq(got.npruned, ev->npruned);
			for (uint32_t j = 0; j < ev->npruned; j++)
				ck_assert_uint_eq(got.pruned[j], k->events[i].pruned[j]);
			break;
		case AB_EV_RETURN:
			ck_assert(got.lo == ev->lo && got.hi == ev->hi);
			/* The trace reads a fail-hard return from the node's
			 * bound and does not clamp it (the right search's
			 * clamped returns too): that is the trace's to fix. */
			if (!clamp)
				ck_assert_msg(got.value == ev->value, "step %zu: return %lld, trace %lld",
					      i + 1, (long long)ev->value, (long long)got.value);
			break;
		case AB_EV_DONE:
			ck_assert(got.value == ev->value && got.best == ev->best);
			ck_assert(got.leaves_visited == ev->leaves_visited &&
				  got.nodes_visited == ev->nodes_visited);
			break;
		default:
			break;
		}
	}
	ab_trace_free(trace);
}

/* The root's children in the order they returned, and what each did. */
static uint32_t root_returns(const struct ab_tree *tree, const struct keeper *k,
			     uint32_t *kids, ab_value *values)
{
	uint32_t n = 0;
	for (size_t i = 0; i < k->count; i++) {
		const struct ab_event *ev = &k->events[i].ev;
		if ((ev->kind == AB_EV_RETURN || ev->kind == AB_EV_LEAF) && ev->node != 0 &&
		    tree->nodes[ev->node].parent == 0) {
			kids[n] = ev->node;
			values[n++] = ev->value;
		}
	}
	return n;
}

/* Whether two searches sent the same events (done's move aside when
 * asked). */
static bool same_events(const struct keeper *a, const struct keeper *b, bool but_best)
{
	if (a->count != b->count)
		return false;
	for (size_t i = 0; i < a->count; i++) {
		const struct ab_event *x = &a->events[i].ev, *y = &b->events[i].ev;
		if (x->kind != y->kind || x->node != y->node)
			return false;
		switch (x->kind) {
		case AB_EV_ENTER:
		case AB_EV_CUTOFF:
			if (x->alpha != y->alpha || x->beta != y->beta)
				return false;
			if (x->kind == AB_EV_CUTOFF &&
			    (x->by != y->by || x->npruned != y->npruned))
				return false;
			break;
		case AB_EV_LEAF:
			if (x->value != y->value)
				return false;
			break;
		case AB_EV_UPDATE:
			if (x->what != y->what || x->old != y->old || x->new_ != y->new_)
				return false;
			break;
		case AB_EV_RETURN:
			if (x->value != y->value || x->lo != y->lo || x->hi != y->hi)
				return false;
			break;
		case AB_EV_DONE:
			if (x->value != y->value || (!but_best && x->best != y->best) ||
			    x->leaves_visited != y->leaves_visited)
				return false;
			break;
		default:
			break;
		}
	}
	return true;
}

static bool is_max_node(const struct ab_tree *tree, uint32_t n)
{
	return ab_player_at(tree, n, tree->root_player) == AB_MAX;
}

/* Negates the leaves at MIN's levels (negamax-max-view's tree). */
static void negate_min_leaves(struct ab_tree *tree)
{
	for (uint32_t n = 0; n < tree->count; n++)
		if (!tree->nodes[n].nkids && !is_max_node(tree, n))
			tree->nodes[n].value = -tree->nodes[n].value;
}

/* The leaves a search looked at, as a set. */
static uint8_t *leaf_set(const struct ab_tree *tree, const struct keeper *k)
{
	uint8_t *seen = calloc(tree->count, 1);
	for (size_t i = 0; i < k->count; i++)
		if (k->events[i].ev.kind == AB_EV_LEAF)
			seen[k->events[i].ev.node] = 1;
	return seen;
}

static bool holds(bool strict, ab_value a, ab_value b)
{
	return strict ? a > b : a >= b;
}

/* The trace's state of node n just before step `step` (1-based) ran. */
static struct ab_node_state state_before(struct ab_trace *trace, size_t step, uint32_t n)
{
	ab_trace_seek(trace, step - 1);
	return *ab_trace_node(trace, n);
}

/* One random tree, one mistake, one convention: the properties every
 * mistake keeps and the one that tells this mistake apart. */
static void check_one(struct ab_tree *tree, enum ab_bug bug, enum ab_fail fail,
		      bool strict, int seed)
{
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.bug = bug;
	c.fail = fail;
	c.strict = strict;
	if (bug == AB_BUG_SMALL_INF)
		c.bug_inf = 3;
	struct ab_config right = c;
	right.bug = AB_BUG_NONE;
	right.tt = ab_config_table(&c); /* a table's mistake: the table without it */
	struct keeper k = run_search(tree, &c), r = run_search(tree, &right);
	check_trace_agrees(tree, &c, &k);
	bool soft = fail == AB_FAIL_SOFT;
	/* The truth the bookkeeping speaks of: the tree as the search
	 * scored it. */
	ab_value *truth = calloc(tree->count, sizeof *truth);
	if (bug == AB_BUG_NEGAMAX_MAX_VIEW)
		negate_min_leaves(tree);
	ab_tree_minimax_values(tree, tree->root_player, truth);
	if (bug == AB_BUG_NEGAMAX_MAX_VIEW) {
		struct keeper neg = run_search(tree, &right);
		ck_assert_msg(same_events(&k, &neg, false),
			      "tree %d: negamax-max-view is not the right search of the negated tree", seed);
		keeper_free(&neg);
		negate_min_leaves(tree);
	}
	const struct ab_event *done = done_of(&k);
	/* The proved interval holds the true value, under every mistake. */
	for (size_t i = 0; i < k.count; i++) {
		const struct ab_event *ev = &k.events[i].ev;
		if (ev->kind != AB_EV_RETURN)
			continue;
		ck_assert_msg(ev->lo <= truth[ev->node] && truth[ev->node] <= ev->hi,
			      "tree %d, %s: interval misses the true value", seed, ab_bug_id(bug));
		if (soft && bug != AB_BUG_SMALL_INF)
			ck_assert(ev->value >= ev->lo && ev->value <= ev->hi);
	}
	/* The move: abtrace-events(7)'s rule on what the root's children returned. */
	uint32_t nk = tree->nodes[0].nkids;
	uint32_t *kids = calloc(nk, sizeof *kids);
	ab_value *values = calloc(nk, sizeof *values);
	uint32_t nr = root_returns(tree, &k, kids, values), want = AB_NONE;
	for (uint32_t i = 0; i < nr; i++)
		if (values[i] == done->value && (want == AB_NONE || bug == AB_BUG_BEST_FROM_BOUND))
			want = kids[i];
	ck_assert_uint_eq(done->best, want);
	free(kids);
	free(values);

	uint8_t *mine = leaf_set(tree, &k), *theirs = leaf_set(tree, &r);
	bool superset = true;
	for (uint32_t n = 0; n < tree->count; n++)
		superset &= !theirs[n] || mine[n];
	size_t first_cut = k.count;
	ab_value ga = NI, gb = PI; /* shared-bounds' one alpha and beta */
	struct ab_trace *trace = NULL;
	if (bug == AB_BUG_LATE_TEST || bug == AB_BUG_NEGAMAX_WINDOW)
		trace = ab_trace_record(tree, &c);
	for (size_t i = 0; i < k.count; i++) {
		const struct ab_event *ev = &k.events[i].ev;
		uint32_t n = ev->node;
		uint32_t parent = ev->kind == AB_EV_DONE ? AB_NONE : tree->nodes[n].parent;
		if (ev->kind == AB_EV_CUTOFF && first_cut == k.count)
			first_cut = i;
		switch (bug) {
		case AB_BUG_SWAPPED_UPDATE:
			/* MAX moves only beta, MIN only alpha. */
			if (ev->kind == AB_EV_UPDATE && ev->what != AB_WHAT_VALUE)
				ck_assert((ev->what == AB_WHAT_BETA) == is_max_node(tree, n));
			break;
		case AB_BUG_MIN_UPDATES_ALPHA:
			/* beta never falls; fail-soft cuts nothing and returns
			 * every node's true value (fail-hard returns the +inf
			 * a MIN node was given, which cuts). */
			ck_assert(!(ev->kind == AB_EV_UPDATE && ev->what == AB_WHAT_BETA));
			if (soft)
				ck_assert(ev->kind != AB_EV_CUTOFF);
			if (ev->kind == AB_EV_RETURN && soft)
				ck_assert(ev->value == truth[n]);
			break;
		case AB_BUG_PARENT_ONLY:
			/* Every cut is the parent's. */
			if (ev->kind == AB_EV_CUTOFF)
				ck_assert(ev->by == parent && !ev->deep);
			break;
		case AB_BUG_NO_ROOT_PRUNING:
			if (ev->kind == AB_EV_ENTER && parent == 0)
				ck_assert(ev->alpha == NI && ev->beta == PI);
			if (ev->kind == AB_EV_CUTOFF)
				ck_assert(ev->by != 0);
			break;
		case AB_BUG_SHARED_BOUNDS:
			/* Every node comes in with the one window; alpha only
			 * rises, beta only falls; the first cut ends the search. */
			if (ev->kind == AB_EV_ENTER)
				ck_assert(ev->alpha == ga && ev->beta == gb);
			if (ev->kind == AB_EV_UPDATE && ev->what == AB_WHAT_ALPHA) {
				ck_assert(ev->new_ >= ga);
				ga = ev->new_;
			}
			if (ev->kind == AB_EV_UPDATE && ev->what == AB_WHAT_BETA) {
				ck_assert(ev->new_ <= gb);
				gb = ev->new_;
			}
			if (i > first_cut)
				ck_assert(ev->kind != AB_EV_ENTER && ev->kind != AB_EV_LEAF);
			break;
		case AB_BUG_FULL_WINDOW:
			ck_assert(ev->kind != AB_EV_CUTOFF);
			if (ev->kind == AB_EV_ENTER)
				ck_assert(ev->alpha == NI && ev->beta == PI);
			if (ev->kind == AB_EV_RETURN)
				ck_assert(ev->value == truth[n]);
			break;
		case AB_BUG_LATE_TEST:
			/* A cut fires one child late: its test held already
			 * before the last child searched was reached. */
			if (ev->kind == AB_EV_CUTOFF) {
				size_t last = 0;
				for (size_t j = 0; j < i; j++) {
					const struct ab_event *e = &k.events[j].ev;
					if ((e->kind == AB_EV_ENTER || e->kind == AB_EV_LEAF) &&
					    e->node != 0 && tree->nodes[e->node].parent == n)
						last = j + 1;
				}
				ck_assert(last > 0);
				struct ab_node_state st = state_before(trace, last, n);
				ck_assert_msg(holds(strict, st.alpha, st.beta),
					      "tree %d: late-test cut at %u did not hold a child before", seed, n);
			}
			break;
		case AB_BUG_NEGAMAX_WINDOW:
			/* A child of the other player gets the window swapped. */
			if (ev->kind == AB_EV_ENTER && parent != AB_NONE) {
				struct ab_node_state ps = state_before(trace, i + 1, parent);
				bool other = is_max_node(tree, n) != is_max_node(tree, parent);
				ck_assert(ev->alpha == (other ? ps.beta : ps.alpha));
				ck_assert(ev->beta == (other ? ps.alpha : ps.beta));
			}
			break;
		case AB_BUG_SMALL_INF:
			/* A running value starts at the program's infinity, 3. */
			if (ev->kind == AB_EV_ENTER && n == 0)
				ck_assert(ev->alpha == -3 && ev->beta == 3);
			if (ev->kind == AB_EV_RETURN && soft) {
				bool max = is_max_node(tree, n);
				ab_value v = max ? -3 : 3;
				for (size_t j = 0; j < i; j++) {
					const struct ab_event *e = &k.events[j].ev;
					if ((e->kind == AB_EV_RETURN || e->kind == AB_EV_LEAF) &&
					    e->node != 0 && tree->nodes[e->node].parent == n &&
					    (max ? e->value > v : e->value < v))
						v = e->value;
				}
				ck_assert_msg(ev->value == v, "tree %d: small-inf returns %lld, want %lld",
					      seed, (long long)ev->value, (long long)v);
			}
			break;
		default:
			break;
		}
	}
	ab_trace_free(trace);
	/* The mistakes that only lose pruning look at every leaf the right
	 * search does, and still find the root's value. */
	switch (bug) {
	case AB_BUG_MIN_UPDATES_ALPHA:
	case AB_BUG_FULL_WINDOW:
		if (bug == AB_BUG_MIN_UPDATES_ALPHA && !soft)
			break;
		ck_assert_uint_eq(done->leaves_visited, tree->leaves);
		/* fall through */
	case AB_BUG_PARENT_ONLY:
	case AB_BUG_NO_ROOT_PRUNING:
	case AB_BUG_LATE_TEST:
		/* (Cutting on >, a fail-hard bound can hide a value beyond
		 * it: a wider window may then cut where the right one did
		 * not, as fail-hard and fail-soft differ; see test_search.) */
		if (soft || !strict)
			ck_assert_msg(superset, "tree %d, %s, fail %d: skipped a leaf the right search looks at",
				      seed, ab_bug_id(bug), fail);
		ck_assert(done->value == truth[0]);
		if (soft && bug != AB_BUG_MIN_UPDATES_ALPHA)
			ck_assert_uint_eq(done->best, done_of(&r)->best);
		break;
	case AB_BUG_BEST_FROM_BOUND:
		/* Only the move can differ. */
		ck_assert(same_events(&k, &r, true));
		break;
	default:
		break;
	}
	free(mine);
	free(theirs);
	free(truth);
	keeper_free(&k);
	keeper_free(&r);
}

static struct ab_tree *random_tree(int i)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, (uint64_t)i * 6151 + 17);
	struct randtree_shape shape = {
		.min_kids = 1, .max_kids = 1 + (uint32_t)ab_rng_below(&rng, 4),
		.depth = 1 + (uint32_t)ab_rng_below(&rng, 5),
		.uniform = false, .lo = -5, .hi = 5, .distinct = false,
	};
	struct ab_tree *tree = randtree(&rng, &shape);
	tree->root_player = (i & 1) ? AB_MIN : AB_MAX;
	return tree;
}

START_TEST(random_trees_each_mistake)
{
	enum ab_bug bug = (enum ab_bug)_i;
	int rounds = ab_test_rounds(1500);
	for (int i = 0; i < rounds; i++) {
		struct ab_tree *tree = random_tree(i);
		for (int fail = 0; fail < 3; fail++)
			for (int strict = 0; strict < 2; strict++)
				check_one(tree, bug, (enum ab_fail)fail, strict, i);
		ab_tree_free(tree);
	}
}
END_TEST

/* Under minimax the window mistakes change nothing; the others still act. */
START_TEST(minimax_keeps_no_window)
{
	int rounds = ab_test_rounds(500);
	for (int i = 0; i < rounds; i++) {
		struct ab_tree *tree = random_tree(i);
		struct ab_config right = { .algo = AB_MINIMAX };
		struct keeper r = run_search(tree, &right);
		for (unsigned b = 1; b < AB_BUG_COUNT; b++) {
			struct ab_config c = right;
			c.bug = (enum ab_bug)b;
			struct keeper k = run_search(tree, &c);
			check_trace_agrees(tree, &c, &k);
			if (ab_bug_is_table((enum ab_bug)b)) {
				/* Minimax stores only exact entries, and on a
				 * tree without transpositions finds none: as
				 * the right search with the table. */
				struct ab_config rt = right;
				rt.tt = true;
				struct keeper t = run_search(tree, &rt);
				ck_assert(same_events(&k, &t, false));
				keeper_free(&t);
			} else if (b != AB_BUG_NEGAMAX_MAX_VIEW && b != AB_BUG_SMALL_INF)
				ck_assert(same_events(&k, &r, b == AB_BUG_BEST_FROM_BOUND));
			ck_assert_uint_eq(done_of(&k)->leaves_visited, tree->leaves);
			keeper_free(&k);
		}
		keeper_free(&r);
		ab_tree_free(tree);
	}
}
END_TEST

/* An infinity beyond every value changes no leaf, cut, return or answer. */
START_TEST(small_inf_beyond_the_tree_changes_nothing)
{
	int rounds = ab_test_rounds(1000);
	for (int i = 0; i < rounds; i++) {
		struct ab_tree *tree = random_tree(i);
		for (int fail = 0; fail < 2; fail++) {
			struct ab_config right = { .fail = (enum ab_fail)fail };
			struct ab_config c = right;
			c.bug = AB_BUG_SMALL_INF;
			c.bug_inf = 6;
			struct keeper k = run_search(tree, &c), r = run_search(tree, &right);
			size_t x = 0, y = 0;
			for (;;) {
				while (x < k.count && (k.events[x].ev.kind == AB_EV_ENTER ||
						       k.events[x].ev.kind == AB_EV_UPDATE))
					x++;
				while (y < r.count && (r.events[y].ev.kind == AB_EV_ENTER ||
						       r.events[y].ev.kind == AB_EV_UPDATE))
					y++;
				if (x == k.count || y == r.count)
					break;
				const struct ab_event *a = &k.events[x++].ev, *b = &r.events[y++].ev;
				ck_assert(a->kind == b->kind && a->node == b->node);
				if (a->kind == AB_EV_LEAF || a->kind == AB_EV_RETURN || a->kind == AB_EV_DONE)
					ck_assert(a->value == b->value);
				if (a->kind == AB_EV_DONE)
					ck_assert(a->best == b->best);
			}
			ck_assert(x == k.count && y == r.count);
			keeper_free(&k);
			keeper_free(&r);
		}
		ab_tree_free(tree);
	}
}
END_TEST

/* What a program's log can show of a search: entered windows, leaves,
 * cuts, returns, the value and the move. */
static void log_of(const struct ab_tree *tree, const struct keeper *k, struct ab_str *out)
{
	for (size_t i = 0; i < k->count; i++) {
		const struct ab_event *ev = &k->events[i].ev;
		switch (ev->kind) {
		case AB_EV_ENTER:
			ab_str_addf(out, "e%u %lld %lld|", ev->node, (long long)ev->alpha,
				    (long long)ev->beta);
			break;
		case AB_EV_LEAF:
			ab_str_addf(out, "l%u %lld|", ev->node, (long long)ev->value);
			break;
		case AB_EV_CUTOFF:
			ab_str_addf(out, "c%u|", ev->node);
			break;
		case AB_EV_RETURN:
			ab_str_addf(out, "r%u %lld|", ev->node, (long long)ev->value);
			break;
		case AB_EV_DONE:
			ab_str_addf(out, "v%lld b", (long long)ev->value);
			add_path(tree, ev->best, out);
			break;
		default:
			break;
		}
	}
}

/* Each mistake leaves a log no other does, on some tree: so diff can name
 * it.  The table's show only where a position recurs (a DAG) or an
 * iteration finds the last one's entries: as many rounds again are
 * those. */
START_TEST(every_mistake_tells_itself_apart)
{
	bool apart[AB_BUG_COUNT][AB_BUG_COUNT] = { { false } };
	int rounds = ab_test_rounds(400);
	for (int i = 0; i < 2 * rounds; i++) {
		bool dag = i >= rounds;
		struct ab_tree *tree = random_tree(i);
		if (dag) {
			ab_tree_free(tree);
			struct ab_rng rng;
			ab_rng_seed(&rng, (uint64_t)i);
			struct randtree_shape shape = { .min_kids = 1, .max_kids = 3,
							.depth = 4, .lo = -5, .hi = 5 };
			tree = randdag(&rng, &shape, 60, true, true);
		}
		struct ab_str logs[AB_BUG_COUNT];
		for (unsigned b = 0; b < AB_BUG_COUNT; b++) {
			struct ab_config c = { .bug = (enum ab_bug)b, .bug_inf = 3,
					       .tt = dag, .iterative = dag };
			struct keeper k = run_search(tree, &c);
			logs[b] = (struct ab_str)AB_STR_INIT;
			log_of(tree, &k, &logs[b]);
			keeper_free(&k);
		}
		for (unsigned a = 0; a < AB_BUG_COUNT; a++)
			for (unsigned b = 0; b < AB_BUG_COUNT; b++)
				apart[a][b] |= strcmp(ab_str_cstr(&logs[a]), ab_str_cstr(&logs[b])) != 0;
		for (unsigned b = 0; b < AB_BUG_COUNT; b++)
			ab_str_free(&logs[b]);
		ab_tree_free(tree);
	}
	for (unsigned a = 0; a < AB_BUG_COUNT; a++)
		for (unsigned b = a + 1; b < AB_BUG_COUNT; b++)
			ck_assert_msg(apart[a][b], "%s and %s print the same log on every tree",
				      ab_bug_id(a), ab_bug_id(b));
}
END_TEST

/* ---- The word, what is refused, chance nodes --------------------------- */

START_TEST(words)
{
	static const struct { const char *word; enum ab_bug bug; int64_t inf; const char *back; } good[] = {
		{ "bug=none", AB_BUG_NONE, 0, "bug=none" },
		{ "bug=swapped-update", AB_BUG_SWAPPED_UPDATE, 0, "bug=swapped-update" },
		{ "bug=min-updates-alpha", AB_BUG_MIN_UPDATES_ALPHA, 0, "bug=min-updates-alpha" },
		{ "bug=parent-only", AB_BUG_PARENT_ONLY, 0, "bug=parent-only" },
		{ "bug=no-root-pruning", AB_BUG_NO_ROOT_PRUNING, 0, "bug=no-root-pruning" },
		{ "bug=shared-bounds", AB_BUG_SHARED_BOUNDS, 0, "bug=shared-bounds" },
		{ "bug=full-window", AB_BUG_FULL_WINDOW, 0, "bug=full-window" },
		{ "bug=late-test", AB_BUG_LATE_TEST, 0, "bug=late-test" },
		{ "bug=negamax-window", AB_BUG_NEGAMAX_WINDOW, 0, "bug=negamax-window" },
		{ "bug=negamax-max-view", AB_BUG_NEGAMAX_MAX_VIEW, 0, "bug=negamax-max-view" },
		{ "bug=best-from-bound", AB_BUG_BEST_FROM_BOUND, 0, "bug=best-from-bound" },
		{ "bug=small-inf", AB_BUG_SMALL_INF, AB_BUG_INF_DEFAULT, "bug=small-inf:1000" },
		{ "bug=small-inf:50", AB_BUG_SMALL_INF, 50, "bug=small-inf:50" },
		{ "bug=small-inf:999999999999999", AB_BUG_SMALL_INF, 999999999999999, "bug=small-inf:999999999999999" },
		{ "bug=tt-no-flag", AB_BUG_TT_NO_FLAG, 0, "bug=tt-no-flag" },
		{ "bug=tt-any-depth", AB_BUG_TT_ANY_DEPTH, 0, "bug=tt-any-depth" },
	};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		struct ab_config c = AB_CONFIG_DEFAULT;
		unsigned parts = 0;
		ck_assert_ptr_null(ab_config_apply(good[i].word, &c, &parts));
		ck_assert_int_eq(c.bug, good[i].bug);
		ck_assert(c.bug_inf == good[i].inf);
		ck_assert_uint_eq(parts, AB_PART_BUG);
		struct ab_str s = AB_STR_INIT;
		ab_config_words_of(&c, AB_PART_BUG, &s);
		ck_assert_str_eq(ab_str_cstr(&s), good[i].back);
		/* and it reads back to the same config */
		struct ab_config again = AB_CONFIG_DEFAULT;
		ck_assert_ptr_null(ab_config_apply(ab_str_cstr(&s), &again, NULL));
		ck_assert_uint_eq(ab_config_differ(&c, &again), 0);
		ab_str_free(&s);
	}
	static const char *const bad[] = {
		"bug", "bug=", "bug=swapped", "bug=Swapped-update", "bug=late-test:3",
		"bug=small-inf:", "bug=small-inf:0", "bug=small-inf:-5", "bug=small-inf:1.5",
		"bug=small-inf:1000000000000000", "bug=small-inf:x", "bug=small-inf:10:2",
		"bug=none:1", "bug=a-very-long-name-that-is-no-mistake-at-all",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct ab_config c = AB_CONFIG_DEFAULT;
		const char *why = ab_config_apply(bad[i], &c, NULL);
		ck_assert_msg(why != NULL, "accepted '%s'", bad[i]);
		ck_assert_int_eq(c.bug, AB_BUG_NONE);
	}
	/* Two infinities are two configs. */
	struct ab_config a = config_of("bug=small-inf:5"), b = config_of("bug=small-inf:6");
	ck_assert_uint_eq(ab_config_differ(&a, &b), AB_PART_BUG);
	struct ab_config m = AB_CONFIG_DEFAULT;
	ab_config_merge(&m, &a, AB_PART_BUG);
	ck_assert(m.bug == AB_BUG_SMALL_INF && m.bug_inf == 5);
	struct ab_str d = AB_STR_INIT;
	ab_config_describe(&a, false, &d);
	ck_assert_msg(strstr(ab_str_cstr(&d), "with the mistake small-inf:5"), "%s", ab_str_cstr(&d));
	ab_str_free(&d);
}
END_TEST

static const char *const chance_tree =
	"bounds: 0..10\nplayers: max chance min\n"
	"A[ B[ 0.7: D[9 10]  0.3: E[9 7] ]  C[ 0.7: F[6 8]  0.3: G[2 10] ] ]";

/* The negamax mistakes and shared-bounds make no sense with chance nodes:
 * refused, with a reason; the others act at MAX and MIN nodes. */
START_TEST(chance_trees)
{
	struct ab_tree *tree = parse(chance_tree);
	struct ab_tree *plain = parse("[[1,2],[3,4]]");
	for (unsigned b = 0; b < AB_BUG_COUNT; b++) {
		bool refused = b == AB_BUG_NEGAMAX_WINDOW || b == AB_BUG_NEGAMAX_MAX_VIEW ||
			       b == AB_BUG_SHARED_BOUNDS;
		for (int prune = AB_CHANCE_NONE; prune <= AB_CHANCE_STAR1; prune++) {
			struct ab_config c = { .bug = (enum ab_bug)b,
					       .chance_prune = (enum ab_chance_prune)prune };
			ck_assert_ptr_null(ab_config_bug_refusal(&c, plain));
			const char *why = ab_config_bug_refusal(&c, tree);
			ck_assert((why != NULL) == refused);
			struct keeper k = { 0 };
			struct ab_sink sink = { keep, &k, AB_EVENT_ALL };
			int rc = ab_search(tree, &c, &sink);
			if (refused) {
				ck_assert_int_eq(rc, AB_SEARCH_REFUSED);
				ck_assert_uint_eq(k.count, 0);
				ck_assert_ptr_null(ab_trace_record(tree, &c));
			} else {
				ck_assert_int_eq(rc, 0);
				check_trace_agrees(tree, &c, &k);
			}
			keeper_free(&k);
		}
	}
	/* full-window hands a chance node's children the full window too,
	 * where Star1 would narrow it. */
	struct ab_config c = config_of("bug=full-window chance-prune=star1");
	struct keeper k = run_search(tree, &c);
	for (size_t i = 0; i < k.count; i++) {
		ck_assert(k.events[i].ev.kind != AB_EV_CUTOFF);
		if (k.events[i].ev.kind == AB_EV_ENTER)
			ck_assert(k.events[i].ev.alpha == NI && k.events[i].ev.beta == PI);
	}
	keeper_free(&k);
	ab_tree_free(plain);
	ab_tree_free(tree);
}
END_TEST

/* Depth limits and iterative deepening: a static value is a leaf to the
 * mistakes, and every iteration runs with it. */
START_TEST(depth_and_iterations)
{
	struct ab_tree *tree = parse("[=4[3,=0[9,1]],=-2[5,6],=7[=8[8],2]]");
	for (unsigned b = 0; b < AB_BUG_COUNT; b++) {
		struct ab_config c = { .bug = (enum ab_bug)b, .depth = 1 };
		struct keeper k = run_search(tree, &c);
		check_trace_agrees(tree, &c, &k);
		bool negated = false;
		for (size_t i = 0; i < k.count; i++)
			if (k.events[i].ev.kind == AB_EV_LEAF) {
				ck_assert(k.events[i].ev.is_static);
				negated |= k.events[i].ev.value != tree->nodes[k.events[i].ev.node].value;
			}
		/* The statics sit at MIN's level: negamax-max-view negates them. */
		ck_assert(negated == (b == AB_BUG_NEGAMAX_MAX_VIEW));
		keeper_free(&k);
		c.iterative = true;
		c.depth = 0;
		k = run_search(tree, &c);
		check_trace_agrees(tree, &c, &k);
		uint32_t iterations = 0;
		for (size_t i = 0; i < k.count; i++)
			iterations += k.events[i].ev.kind == AB_EV_RESULT;
		ck_assert_uint_eq(iterations, tree->height);
		keeper_free(&k);
	}
	ab_tree_free(tree);
}
END_TEST

/* ---- The sentences ----------------------------------------------------------- */

static const struct say_case {
	const char *tree;
	const char *words;
	bool negamax;       /* --view negamax */
	size_t step;        /* 0: any step */
	const char *want;
} say_cases[] = {
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=swapped-update", false, 5,
	  "At B, α rises from -∞ to 3. Here is the mistake: MIN raises α, MAX's bound, where it should lower β, its own." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=swapped-update", false, 10,
	  "At A, β falls from +∞ to 3. Here is the mistake: MAX lowers β, MIN's bound, where it should raise α, its own." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=swapped-update", false, 22,
	  "Cutoff at D: β = 3 ≤ α = 14. β = 3 was set at A. The program skips D2 and D3. Here is the mistake at work" },
	/* No gloss where the window is the mistake's. */
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=swapped-update", false, 11,
	  "Enter C (MIN) with window α = -∞, β = 3.\n" },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=swapped-update", false, 26,
	  "Without the mistake the search finds the value 3 and the best move B, looking at 7 leaves." },
	/* The negamax view tells a MIN node's alpha as its own beta. */
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=swapped-update", true, 5,
	  "At B, β falls from +∞ to -3. Here is the mistake: MIN raises α" },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=min-updates-alpha", false, 0,
	  "β never falls, so nothing will be cut, and since the values stay right, nobody notices." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=min-updates-alpha", false, 0,
	  "Without the mistake the search finds the same value and move, looking at 7 leaves." },
	{ "[[5,6],[[[3,9],[8,1]],7]]", "bug=parent-only", false, 11,
	  "Here is the mistake: node 2 passes down only the bound it set itself, not its whole window α = 5, β = +∞, so no cut below can come from further up." },
	{ "[[5,6],[[[3,9],[8,1]],7]]", "bug=no-root-pruning", false, 10,
	  "Here is the mistake: the root searches every child with the full window and never passes down its own, α = 5, β = +∞." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=full-window", false, 11,
	  "Here is the mistake: every child is searched with the full window, and A's own, α = 3, β = +∞, is not passed down." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=shared-bounds", false, 8,
	  "At A, β falls from +∞ to 3. Here is the mistake: α and β are shared by the whole search, not passed by value, so what was set below B leaks up into A as B returns." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=shared-bounds", false, 12,
	  "β = 3 was set at B. The program skips C and D. Here is the mistake at work: α and β are shared by the whole search, so the root's window holds" },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=shared-bounds strict", false, 0,
	  "and since the test now holds for the one shared window, every node above C stops searching in turn." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=late-test", false, 14,
	  "Now α ≥ β, but the program made its cut test before this update. Here is the mistake: it goes on to the next child, one too many." },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=late-test", false, 16,
	  "Skip C3. Here is the mistake at work: the test used the bounds from before the last child's value" },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=negamax-window", false, 2,
	  "Enter B (MIN) with window α = +∞, β = -∞. Here is the mistake: negamax hands the child (−α, −β) where it should hand (−β, −α)" },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=negamax-window", true, 2,
	  "Here is the mistake: negamax hands the child (−α, −β)" },
	{ "[[3,[4,6]],5,[2,7]]", "bug=negamax-max-view", false, 7,
	  "Look at leaf node 1.2.1 = -4. Here is the mistake: the tree says 4, but the program scores it as MAX sees it" },
	{ "[[3,[4,6]],5,[2,7]]", "bug=negamax-max-view", true, 7,
	  "4 from MIN's side. Here is the mistake: that is the tree's number, as MAX sees it" },
	{ "[[3,12,8],[2,4,6],[3,5,2]]", "bug=best-from-bound", false, 22,
	  "Here is the mistake: node 3's 3 ties the root's best so far, and the program takes that number for node 3's value, though it is only a bound (node 3 ≤ 3), so it names node 3 its move." },
	{ "[[3,12,8],[2,4,6],[3,5,2]]", "bug=best-from-bound", false, 0,
	  "Without the mistake the search finds the value 3 and the best move the first child, 1, looking at 5 leaves." },
	{ "[[3,12],[20,30],[15,25]]", "bug=small-inf:10", false, 1,
	  "Enter root (MAX) with window α = -10, β = 10. Here is the mistake: the program's infinity is only 10, and a value in this tree reaches it." },
	{ "[[3,12],[20,30],[15,25]]", "bug=small-inf:10", false, 12,
	  "Node 2's best so far starts at the program's +∞, which is only 10, and its child's value is no smaller, so node 2 keeps 10" },
	{ "[[3,12],[20,30],[15,25]]", "bug=small-inf:10", false, 14,
	  "Its children prove node 2 = 20, but the number it returns lies outside that. Here is the mistake: 10 is the program's infinity" },
	{ "[[3,12],[20,30],[15,25]]", "bug=small-inf:10", false, 17,
	  "Here is the mistake at work: β = 10 is the program's infinity, not a bound any node set" },
	{ "A[ B[3 12 8] C[2 4 6] D[14 5 2] ]", "bug=small-inf", false, 1,
	  "no value in this tree reaches it, so here the mistake changes nothing." },
};

START_TEST(sentences)
{
	const struct say_case *t = &say_cases[_i];
	struct ab_tree *tree = parse(t->tree);
	struct ab_config c = config_of(t->words);
	if (t->negamax)
		c.view = AB_VIEW_NEGAMAX;
	struct ab_trace *trace = ab_trace_record(tree, &c);
	ck_assert_ptr_nonnull(trace);
	struct ab_str all = AB_STR_INIT;
	while (ab_trace_forward(trace)) {
		if (t->step && trace->step != t->step)
			continue;
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		ab_narrate(trace, &ev, &ab_glyphs_utf8, &all);
		ab_str_addc(&all, '\n');
	}
	ck_assert_msg(strstr(ab_str_cstr(&all), t->want), "case %d: want '%s' in:\n%s", _i,
		      t->want, ab_str_cstr(&all));
	ab_str_free(&all);
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

/* Without a mistake nothing speaks of one, on any tree or convention. */
START_TEST(no_mistake_no_word_of_one)
{
	int rounds = ab_test_rounds(200);
	for (int i = 0; i < rounds; i++) {
		struct ab_tree *tree = random_tree(i);
		for (int v = 0; v < 4; v++) {
			struct ab_config c = { .fail = (enum ab_fail)(v % 3), .strict = v == 3,
					       .view = v == 1 ? AB_VIEW_NEGAMAX : AB_VIEW_MINIMAX };
			struct ab_trace *trace = ab_trace_record(tree, &c);
			struct ab_str all = AB_STR_INIT;
			while (ab_trace_forward(trace)) {
				struct ab_event ev;
				ab_trace_event(trace, &ev);
				ab_narrate(trace, &ev, &ab_glyphs_utf8, &all);
			}
			ck_assert_ptr_null(strstr(ab_str_cstr(&all), "mistake"));
			ck_assert_ptr_null(strstr(ab_str_cstr(&all), "The program"));
			ab_str_free(&all);
			ab_trace_free(trace);
		}
		ab_tree_free(tree);
	}
}
END_TEST

/* The command line: --bug on the commands that search, in both languages. */
static const struct cli_case {
	const char *const *args;
	int status;
	const char *out, *err;
} cli_cases[] = {
#define ARGS(...) (const char *const[]){ __VA_ARGS__, NULL }
	{ ARGS("trace", "--bug", "swapped-update", "lecture"), 0,
	  "MIN raises α, MAX's bound, where it should lower β, its own.", NULL },
	{ ARGS("trace", "--bug=late-test", "--json", "lecture"), 0,
	  "\"event\":\"cutoff\",\"path\":\"2\",\"node\":\"C\",\"alpha\":3,\"beta\":2,\"by\":\"\"", NULL },
	{ ARGS("trace", "--lang", "zh", "--bug", "swapped-update", "lecture"), 0, "错误就在这里：MIN 提高了 α", NULL },
	{ ARGS("trace", "--bug", "small-inf:10", "-e", "[[3,12],[20,30],[15,25]]"), 0,
	  "with the mistake small-inf:10", NULL },
	{ ARGS("stats", "--bug", "shared-bounds", "lecture"), 0, "alpha-beta (given)             3", NULL },
	{ ARGS("export", "--text", "--bug", "negamax-window", "lecture"), 0, "with the mistake negamax-window", NULL },
	{ ARGS("trace", "--bug", "swapped", "lecture"), 2, NULL,
	  "--bug takes a named mistake: none, swapped-update" },
	{ ARGS("trace", "--bug", "small-inf:0", "lecture"), 2, NULL, "small-inf, small-inf:N, tt-no-flag or tt-any-depth, not 'small-inf:0'" },
#undef ARGS
};

START_TEST(command_line)
{
	const struct cli_case *t = &cli_cases[_i];
	setenv("LANG", "C.UTF-8", 1);
	unsetenv("LANGUAGE");
	unsetenv("LC_ALL");
	struct run_result r = run_abtrace(NULL, t->args);
	ck_assert_msg(r.status == t->status, "case %d: exit %d; %s", _i, r.status,
		      ab_str_cstr(&r.err));
	if (t->out)
		ck_assert_msg(strstr(ab_str_cstr(&r.out), t->out), "case %d: no '%s' in\n%s", _i,
			      t->out, ab_str_cstr(&r.out));
	if (t->err)
		ck_assert_msg(strstr(ab_str_cstr(&r.err), t->err), "case %d: no '%s' in\n%s", _i,
			      t->err, ab_str_cstr(&r.err));
	run_result_free(&r);
}
END_TEST

static Suite *bugs_suite(void)
{
	Suite *s = suite_create("bugs");
	TCase *tc = tcase_create("shown");
	tcase_add_loop_test(tc, each_mistake_shows, 0,
			    (int)(sizeof shows_cases / sizeof shows_cases[0]));
	tcase_add_test(tc, words);
	tcase_add_test(tc, bundled_table_mistakes);
	tcase_add_test(tc, chance_trees);
	tcase_add_test(tc, depth_and_iterations);
	tcase_add_loop_test(tc, sentences, 0, (int)(sizeof say_cases / sizeof say_cases[0]));
	tcase_add_loop_test(tc, command_line, 0, (int)(sizeof cli_cases / sizeof cli_cases[0]));
	suite_add_tcase(s, tc);
	TCase *props = tcase_create("random trees");
	tcase_set_timeout(props, 240);
	tcase_add_loop_test(props, random_trees_each_mistake, 0, AB_BUG_COUNT);
	tcase_add_test(props, minimax_keeps_no_window);
	tcase_add_test(props, small_inf_beyond_the_tree_changes_nothing);
	tcase_add_test(props, every_mistake_tells_itself_apart);
	tcase_add_test(props, no_mistake_no_word_of_one);
	suite_add_tcase(s, props);
	return s;
}

int main(void)
{
	return ab_run_suite(bugs_suite());
}
