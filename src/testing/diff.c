/* diff.c - a program's log against the reference search (diff.h).
 *
 * The comparison is a sink of the search: as each event of the reference
 * arrives, the next line of the same kind in the log is held to it, so the
 * first difference found is the earliest step at which any kind differs,
 * and a search that has diverged can stop at once (what makes trying every
 * convention and every named mistake cheap).  The sink keeps, per node,
 * what the reference did (its window, when it was reached, cut, returned)
 * for the sentence that says why.
 */
#include "testing/diff.h"

#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/utf8.h"
#include "core/search.h"
#include "views/json.h"
#include "views/narrate.h"

/* ---- What the reference did, per node ---------------------------------- */

struct track {
	ab_value alpha, beta;           /* its window as it stands */
	ab_value enter_alpha, enter_beta;
	ab_value cut_alpha, cut_beta;   /* the window its cut test fired on */
	ab_value returned;
	uint32_t seen;     /* the step it was entered or looked at (the last
			      time, under --iterative) */
	uint32_t cut;      /* its cutoff's step, in this visit */
	uint32_t late;     /* the step its cut test held after an update */
	uint32_t ret;      /* the step it returned */
	uint32_t pruned;   /* the step of the cutoff that skipped it */
	uint32_t by;       /* its cutoff: the node whose bound fired */
	uint32_t alpha_from, beta_from; /* the node that set each bound, */
	uint32_t alpha_at, beta_at;     /*   and when (AB_NONE, 0: never) */
	uint32_t in_alpha_from, in_beta_from; /* the same for the window */
	uint32_t in_alpha_at, in_beta_at;     /*   it was entered with */
};

/* Why the log and the search part. */
enum reason {
	R_OTHER,      /* the search's next line of the kind is about another node */
	R_MISSING,    /* the log has no more lines of the kind */
	R_WINDOW,     /* the same node entered with another window */
	R_VALUE,      /* the same node with another number */
	R_PRUNED,     /* the log's next line is about a node just pruned */
	R_CUT_MISSED, /* the search cuts where the log's next cut is not */
	R_CUT_EXTRA,  /* the log cuts where the search returns without */
	R_EXTRA,      /* the log goes on after the search's lines end */
};

struct found {
	enum reason why;
	enum ab_log_kind kind;
	size_t step;
	uint32_t node;     /* the reference's node (AB_NONE past its end) */
	uint32_t entry;    /* the log's entry, UINT32_MAX when it has none */
	ab_value a, b;     /* the reference's numbers */
};

#define NO_ENTRY UINT32_MAX

struct cmp {
	const struct ab_tree *tree;
	const struct ab_log *log;
	const struct ab_diff_options *opt;
	const struct ab_config *config;
	enum ab_player root;
	bool negamax, strict, iterative;
	struct track *t;
	size_t step;
	size_t at[AB_LOG_KIND_COUNT];  /* the next entry of each kind */
	bool stop;                     /* stop the search at a divergence */
	uint32_t *step_of_entry;       /* or NULL */
	bool diverged;
	struct found d;
	ab_value done_value;
	uint32_t done_best;
	/* A cutoff after which the log's next line of a kind is inside what
	 * it skipped.  A search that visits nodes again (a re-search, the
	 * next iteration) may yet take that line; until it does, the first
	 * divergence is that line's. */
	struct pending_cut {
		bool set;
		enum ab_log_kind kind;
		uint32_t entry;
		uint32_t node;
		size_t step;
		ab_value alpha, beta;
	} cut;
};

static bool is_min(const struct cmp *c, uint32_t n)
{
	return ab_player_at(c->tree, n, c->root) == AB_MIN;
}

/* A number the log wrote at node n, as minimax reads it. */
static ab_value minimax_of(const struct cmp *c, uint32_t n, ab_value v)
{
	return c->negamax && is_min(c, n) ? -v : v; /* ±∞ negate exactly */
}

static const struct ab_log_entry *next(const struct cmp *c, enum ab_log_kind k)
{
	if (c->at[k] >= c->log->nkind[k])
		return NULL;
	return &c->log->entries[c->log->of_kind[k][c->at[k]]];
}

static bool has(const struct cmp *c, enum ab_log_kind k)
{
	return c->log->nkind[k] > 0;
}

static void consume(struct cmp *c, enum ab_log_kind k)
{
	if (c->step_of_entry)
		c->step_of_entry[c->log->of_kind[k][c->at[k]]] = (uint32_t)c->step;
	if (c->cut.set && c->cut.entry == c->log->of_kind[k][c->at[k]])
		c->cut.set = false;
	c->at[k]++;
}

static void diverge(struct cmp *c, enum reason why, enum ab_log_kind kind,
		    uint32_t node, ab_value a, ab_value b)
{
	if (c->diverged)
		return;
	c->diverged = true;
	size_t step = c->step;
	if (c->cut.set) { /* the log went on inside what a cutoff skipped */
		why = R_PRUNED;
		kind = c->cut.kind;
		node = c->cut.node;
		step = c->cut.step;
		a = c->cut.alpha;
		b = c->cut.beta;
	}
	c->d = (struct found){
		.why = why, .kind = kind, .step = step, .node = node,
		.entry = c->at[kind] < c->log->nkind[kind] ? c->log->of_kind[kind][c->at[kind]]
							   : NO_ENTRY,
		.a = a, .b = b,
	};
}

/* Whether a number the log wrote at node n is ref, as minimax reads it.
 * A sentinel (--inf N's ±N, read as ±∞) is also the tree's own ±N: a
 * leaf worth N is no infinity. */
static bool logged_is(const struct cmp *c, uint32_t n, ab_value logged, bool sentinel,
		      ab_value ref)
{
	ab_value v = minimax_of(c, n, logged);
	if (v == ref)
		return true;
	ab_value finite;
	if (!sentinel || ref == AB_POS_INF || ref == AB_NEG_INF ||
	    !ab_exact_to_value(c->opt->log.inf, c->tree->scale, &finite))
		return false;
	return (v == AB_POS_INF ? finite : -finite) == ref;
}

static bool same_value(const struct cmp *c, uint32_t n, const struct ab_log_entry *e,
		       ab_value ref)
{
	return !(e->flags & AB_LOG_A_OFF) &&
	       logged_is(c, n, e->a, e->flags & AB_LOG_A_SENTINEL, ref);
}

static bool same_window(const struct cmp *c, uint32_t n, const struct ab_log_entry *e,
			ab_value alpha, ab_value beta)
{
	if (!(e->flags & AB_LOG_HAS_WINDOW))
		return true;
	if (e->flags & (AB_LOG_A_OFF | AB_LOG_B_OFF))
		return false;
	bool a_sent = e->flags & AB_LOG_A_SENTINEL, b_sent = e->flags & AB_LOG_B_SENTINEL;
	if (c->negamax && is_min(c, n)) /* the window written [-β, -α] */
		return logged_is(c, n, e->b, b_sent, alpha) && logged_is(c, n, e->a, a_sent, beta);
	return logged_is(c, n, e->a, a_sent, alpha) && logged_is(c, n, e->b, b_sent, beta);
}

static bool cut_test(const struct cmp *c, ab_value alpha, ab_value beta)
{
	return c->strict ? alpha > beta : alpha >= beta;
}

/* Whether node y lies in a subtree the cutoff at n (at step) skipped. */
static bool in_pruned(const struct cmp *c, uint32_t n, size_t step, uint32_t y)
{
	const struct ab_tree *t = c->tree;
	if (y == AB_NONE || y >= t->count || t->nodes[y].depth <= t->nodes[n].depth)
		return false;
	while (t->nodes[y].depth > t->nodes[n].depth + 1)
		y = t->nodes[y].parent;
	return t->nodes[y].parent == n && c->t[y].pruned == step;
}

/* ---- The events ---------------------------------------------------------- */

/* Node n is reached (entered, or a leaf looked at) with the window alpha,
 * beta: from its parent, whose bounds' origins it takes over. */
static void reached(struct cmp *c, uint32_t n, ab_value alpha, ab_value beta)
{
	struct track *tr = &c->t[n];
	tr->alpha = tr->enter_alpha = alpha;
	tr->beta = tr->enter_beta = beta;
	tr->seen = (uint32_t)c->step;
	tr->cut = tr->late = 0;
	uint32_t p = c->tree->nodes[n].parent;
	if (p == AB_NONE || ab_player_at(c->tree, p, c->root) == AB_CHANCE) {
		tr->alpha_from = tr->beta_from = p;
		tr->alpha_at = tr->beta_at = (uint32_t)c->step;
	} else {
		tr->alpha_from = c->t[p].alpha_from;
		tr->beta_from = c->t[p].beta_from;
		tr->alpha_at = c->t[p].alpha_at;
		tr->beta_at = c->t[p].beta_at;
	}
	tr->in_alpha_from = tr->alpha_from;
	tr->in_beta_from = tr->beta_from;
	tr->in_alpha_at = tr->alpha_at;
	tr->in_beta_at = tr->beta_at;
}

static void on_enter(struct cmp *c, const struct ab_event *ev)
{
	uint32_t n = ev->node;
	reached(c, n, ev->alpha, ev->beta);
	if (c->diverged || !has(c, AB_LOG_ENTER))
		return;
	const struct ab_log_entry *e = next(c, AB_LOG_ENTER);
	if (n == 0 && (!e || e->node != 0))
		return; /* the root's own enter may be left out */
	if (!e)
		diverge(c, R_MISSING, AB_LOG_ENTER, n, ev->alpha, ev->beta);
	else if (e->node != n)
		diverge(c, R_OTHER, AB_LOG_ENTER, n, ev->alpha, ev->beta);
	else if (!same_window(c, n, e, ev->alpha, ev->beta))
		diverge(c, R_WINDOW, AB_LOG_ENTER, n, ev->alpha, ev->beta);
	else
		consume(c, AB_LOG_ENTER);
}

static void on_leaf(struct cmp *c, const struct ab_event *ev)
{
	uint32_t n = ev->node;
	/* The window a program hands the leaf: its parent's as it stands
	 * (a chance parent's Star1 window is not known here). */
	uint32_t p = c->tree->nodes[n].parent;
	bool known = p == AB_NONE || ab_player_at(c->tree, p, c->root) != AB_CHANCE;
	reached(c, n, p == AB_NONE ? AB_NEG_INF : c->t[p].alpha,
		p == AB_NONE ? AB_POS_INF : c->t[p].beta);
	c->t[n].returned = ev->value;
	if (c->diverged)
		return;
	const struct ab_log_entry *e = next(c, AB_LOG_ENTER);
	if (e && e->node == n) {
		/* A leaf's enter may be printed; its window is held to the
		 * right search's (a mistake's search may hand leaves another
		 * one, which its events do not say). */
		if (known && c->config->bug == AB_BUG_NONE &&
		    !same_window(c, n, e, c->t[n].enter_alpha, c->t[n].enter_beta)) {
			diverge(c, R_WINDOW, AB_LOG_ENTER, n, c->t[n].enter_alpha, c->t[n].enter_beta);
			return;
		}
		consume(c, AB_LOG_ENTER);
	}
	if (has(c, AB_LOG_LEAF)) {
		e = next(c, AB_LOG_LEAF);
		if (!e) {
			diverge(c, R_MISSING, AB_LOG_LEAF, n, ev->value, 0);
			return;
		}
		if ((e->flags & AB_LOG_HAS_NODE) && e->node != n) {
			diverge(c, R_OTHER, AB_LOG_LEAF, n, ev->value, 0);
			return;
		}
		if (!same_value(c, n, e, ev->value)) {
			diverge(c, R_VALUE, AB_LOG_LEAF, n, ev->value, 0);
			return;
		}
		consume(c, AB_LOG_LEAF);
	}
	e = next(c, AB_LOG_RETURN);
	if (e && e->node == n) {
		/* and its return */
		if (!same_value(c, n, e, ev->value))
			diverge(c, R_VALUE, AB_LOG_RETURN, n, ev->value, 0);
		else
			consume(c, AB_LOG_RETURN);
	}
}

static void on_update(struct cmp *c, const struct ab_event *ev)
{
	struct track *tr = &c->t[ev->node];
	if (ev->what == AB_WHAT_ALPHA) {
		tr->alpha = ev->new_;
		tr->alpha_from = ev->node;
		tr->alpha_at = (uint32_t)c->step;
	} else if (ev->what == AB_WHAT_BETA) {
		tr->beta = ev->new_;
		tr->beta_from = ev->node;
		tr->beta_at = (uint32_t)c->step;
	} else {
		return;
	}
	if (cut_test(c, tr->alpha, tr->beta) &&
	    ab_player_at(c->tree, ev->node, c->root) != AB_CHANCE) {
		tr->late = (uint32_t)c->step;
		tr->cut_alpha = tr->alpha;
		tr->cut_beta = tr->beta;
	}
}

static void on_cutoff(struct cmp *c, const struct ab_event *ev)
{
	uint32_t n = ev->node;
	struct track *tr = &c->t[n];
	tr->cut = (uint32_t)c->step;
	tr->cut_alpha = ev->alpha;
	tr->cut_beta = ev->beta;
	tr->by = ev->by;
	for (uint32_t i = 0; i < ev->npruned; i++)
		c->t[ev->pruned[i]].pruned = (uint32_t)c->step;
	if (c->diverged)
		return;
	if (has(c, AB_LOG_CUT)) {
		const struct ab_log_entry *e = next(c, AB_LOG_CUT);
		if (!e || e->node != n) {
			diverge(c, e ? R_CUT_MISSED : R_MISSING, AB_LOG_CUT, n, ev->alpha, ev->beta);
			return;
		}
		consume(c, AB_LOG_CUT);
	}
	/* The log's next line of any kind inside what was just skipped. */
	static const enum ab_log_kind kinds[] = { AB_LOG_ENTER, AB_LOG_LEAF,
						  AB_LOG_CUT, AB_LOG_RETURN };
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0] && !c->cut.set; i++) {
		const struct ab_log_entry *e = next(c, kinds[i]);
		if (e && in_pruned(c, n, c->step, e->node))
			c->cut = (struct pending_cut){
				.set = true, .kind = kinds[i],
				.entry = c->log->of_kind[kinds[i]][c->at[kinds[i]]],
				.node = n, .step = c->step, .alpha = ev->alpha, .beta = ev->beta,
			};
	}
}

/* Whether the log's next cut, about n as it returns, is this visit's.  A
 * node searched again (PVS's re-search, the next iteration, an aspiration
 * window opened) may cut in one visit and not another, so the log's next
 * cut about n can be a later visit's: printed after a line of another kind
 * that the search has not reached yet (every enter and leaf line so far is
 * taken; n's own return comes after its cut, the next return after it). */
static bool cut_is_this_visit(const struct cmp *c, uint32_t n,
			      const struct ab_log_entry *cut)
{
	static const enum ab_log_kind later[] = { AB_LOG_ENTER, AB_LOG_LEAF };
	for (size_t i = 0; i < sizeof later / sizeof later[0]; i++) {
		const struct ab_log_entry *e = next(c, later[i]);
		if (e && e->line < cut->line)
			return false;
	}
	size_t r = c->at[AB_LOG_RETURN];
	const uint32_t *of = c->log->of_kind[AB_LOG_RETURN];
	if (r < c->log->nkind[AB_LOG_RETURN] && c->log->entries[of[r]].node == n)
		r++;
	return r >= c->log->nkind[AB_LOG_RETURN] || c->log->entries[of[r]].line > cut->line;
}

static void on_return(struct cmp *c, const struct ab_event *ev)
{
	uint32_t n = ev->node;
	struct track *tr = &c->t[n];
	tr->ret = (uint32_t)c->step;
	tr->returned = ev->value;
	if (c->diverged)
		return;
	const struct ab_log_entry *e = next(c, AB_LOG_CUT);
	/* The test fired with no child left: after an update, or on the
	 * window the node was handed (a mistake's, α ≥ β from the start). */
	if (e && e->node == n && !tr->cut && cut_is_this_visit(c, n, e) &&
	    (tr->late || (c->tree->nodes[n].nkids && cut_test(c, tr->alpha, tr->beta) &&
			  ab_player_at(c->tree, n, c->root) != AB_CHANCE)))
		consume(c, AB_LOG_CUT);
	e = next(c, AB_LOG_CUT);
	if (e && e->node == n && cut_is_this_visit(c, n, e)) {
		diverge(c, R_CUT_EXTRA, AB_LOG_CUT, n, tr->alpha, tr->beta);
		return;
	}
	if (!has(c, AB_LOG_RETURN))
		return;
	e = next(c, AB_LOG_RETURN);
	if (n == 0 && (!e || e->node != 0))
		return; /* the root's own return may be left out */
	if (!e)
		diverge(c, R_MISSING, AB_LOG_RETURN, n, ev->value, 0);
	else if (e->node != n)
		diverge(c, R_OTHER, AB_LOG_RETURN, n, ev->value, 0);
	else if (!same_value(c, n, e, ev->value))
		diverge(c, R_VALUE, AB_LOG_RETURN, n, ev->value, 0);
	else
		consume(c, AB_LOG_RETURN);
}

static void on_done(struct cmp *c, const struct ab_event *ev)
{
	c->done_value = ev->value;
	c->done_best = ev->best;
	if (c->diverged)
		return;
	/* Lines of the search's trajectory the search never printed: the one
	 * earliest in the log. */
	static const enum ab_log_kind order[] = { AB_LOG_ENTER, AB_LOG_LEAF,
						  AB_LOG_CUT, AB_LOG_RETURN };
	int extra = -1;
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
		const struct ab_log_entry *e = next(c, order[i]);
		if (e && (extra < 0 || e->line < next(c, (enum ab_log_kind)extra)->line))
			extra = (int)order[i];
	}
	if (extra >= 0) {
		const struct ab_log_entry *e = next(c, (enum ab_log_kind)extra);
		diverge(c, R_EXTRA, (enum ab_log_kind)extra, e->node, 0, 0);
		return;
	}
	/* The root's value and move: under --iterative only the last of each
	 * (an iteration's may differ), else every one. */
	static const enum ab_log_kind ends[] = { AB_LOG_VALUE, AB_LOG_BEST };
	for (size_t i = 0; i < 2; i++) {
		enum ab_log_kind k = ends[i];
		for (const struct ab_log_entry *e; (e = next(c, k));) {
			bool last = c->at[k] + 1 == c->log->nkind[k];
			bool right = k == AB_LOG_VALUE ? same_value(c, 0, e, ev->value)
						       : e->node != AB_NONE && e->node == ev->best;
			if (!right && (last || !c->iterative)) {
				diverge(c, R_VALUE, k, k == AB_LOG_VALUE ? 0 : ev->best,
					ev->value, 0);
				return;
			}
			consume(c, k);
		}
	}
}

static int compare_event(void *ctx, const struct ab_event *ev)
{
	struct cmp *c = ctx;
	c->step++;
	switch (ev->kind) {
	case AB_EV_ENTER: on_enter(c, ev); break;
	case AB_EV_LEAF: on_leaf(c, ev); break;
	case AB_EV_UPDATE: on_update(c, ev); break;
	case AB_EV_CUTOFF: on_cutoff(c, ev); break;
	case AB_EV_RETURN: on_return(c, ev); break;
	case AB_EV_DONE: on_done(c, ev); break;
	default: break;
	}
	return c->stop && c->diverged ? 1 : 0;
}

/* Runs the search of config against the log.  With stop, the search ends
 * at the divergence; otherwise it runs to its end and c->t holds what it
 * did.  Returns false when the search cannot run. */
static bool compare(struct cmp *c, const struct ab_tree *tree,
		    const struct ab_config *config, const struct ab_log *log,
		    const struct ab_diff_options *opt, bool stop, uint32_t *step_of_entry)
{
	*c = (struct cmp){
		.tree = tree, .log = log, .opt = opt, .config = config,
		.root = ab_config_root(config, tree),
		.negamax = config->view == AB_VIEW_NEGAMAX,
		.strict = config->strict, .iterative = config->iterative,
		.stop = stop, .step_of_entry = step_of_entry,
		.done_best = AB_NONE,
	};
	c->t = ab_xcalloc(tree->count ? tree->count : 1, sizeof *c->t);
	struct ab_sink sink = { compare_event, c, AB_EVENT_ALL };
	int st = ab_search(tree, config, &sink);
	return st == 0 || st == 1;
}

/* ---- Writing lines as the log writes them -------------------------------- */

struct words {
	const struct cmp *c;
	const struct ab_glyphs *g;
};

/* A number of node n in the log's view. */
static ab_value view_of(const struct cmp *c, uint32_t n, ab_value v)
{
	return c->negamax && n != AB_NONE && is_min(c, n) ? -v : v;
}

static void add_path(const struct cmp *c, uint32_t n, struct ab_str *out)
{
	ab_log_format_path(c->tree, c->log, &c->opt->log, n, out);
}

static void add_number(const struct cmp *c, uint32_t n, ab_value v, struct ab_str *out)
{
	ab_log_format_value(view_of(c, n, v), c->tree->scale, &c->opt->log, out);
}

/* Whether any of the log's lines of kind k has the part flag. */
static bool log_prints(const struct ab_log *log, enum ab_log_kind k, unsigned flag)
{
	for (size_t i = 0; i < log->nkind[k]; i++)
		if (log->entries[log->of_kind[k][i]].flags & flag)
			return true;
	return false;
}

/* The line the reference prints for node n as kind k, with numbers a, b. */
static void add_line(const struct cmp *c, enum ab_log_kind k, uint32_t n,
		     ab_value a, ab_value b, struct ab_str *out)
{
	ab_str_add(out, ab_log_kind_word(k));
	if (k != AB_LOG_VALUE && (k != AB_LOG_LEAF ||
				  log_prints(c->log, k, AB_LOG_HAS_NODE))) {
		ab_str_addc(out, ' ');
		add_path(c, n, out);
	}
	switch (k) {
	case AB_LOG_ENTER:
		if (log_prints(c->log, k, AB_LOG_HAS_WINDOW)) {
			ab_value lo = a, hi = b;
			if (c->negamax && is_min(c, n)) {
				lo = -b;
				hi = -a;
			}
			ab_str_addc(out, ' ');
			ab_log_format_value(lo, c->tree->scale, &c->opt->log, out);
			ab_str_addc(out, ' ');
			ab_log_format_value(hi, c->tree->scale, &c->opt->log, out);
		}
		break;
	case AB_LOG_LEAF:
	case AB_LOG_RETURN:
	case AB_LOG_VALUE:
		ab_str_addc(out, ' ');
		add_number(c, k == AB_LOG_VALUE ? 0 : n, a, out);
		break;
	default:
		break;
	}
}

/* ---- The sentences --------------------------------------------------------- */

static void add_name(const struct cmp *c, uint32_t n, struct ab_str *out)
{
	ab_narrate_name(c->tree, n, out);
}

/* Before a sentence that follows another: a space after English text,
 * nothing after a Chinese full stop. */
static void gap(struct ab_str *out)
{
	if (out->len && (unsigned char)out->s[out->len - 1] < 0x80 && out->s[out->len - 1] != ' ')
		ab_str_addc(out, ' ');
}

/* A number in a sentence, in the log's view at node n. */
static void add_value(const struct cmp *c, const struct ab_glyphs *g, uint32_t n,
		      ab_value v, struct ab_str *out)
{
	ab_format_value(view_of(c, n, v), c->tree->scale, g, out);
}

/* The cut test at n with its numbers, as the log's view writes it:
 * "β = 2 ≤ α = 3" at MIN, "α = 5 ≥ β = 3" at MAX and in negamax; when it
 * does not fire, the opposite relation. */
static void add_test(const struct cmp *c, const struct ab_glyphs *g, uint32_t n,
		     ab_value alpha, ab_value beta, bool fires, struct ab_str *out)
{
	bool max = !is_min(c, n) || c->negamax;
	ab_value a = alpha, b = beta;
	if (c->negamax && is_min(c, n)) {
		a = -beta;
		b = -alpha;
	}
	const char *op;
	if (max)
		op = fires ? (c->strict ? ">" : g->ge) : (c->strict ? g->le : "<");
	else
		op = fires ? (c->strict ? "<" : g->le) : (c->strict ? g->ge : ">");
	ab_str_addf(out, "%s = ", max ? g->alpha : g->beta);
	ab_format_value(max ? a : b, c->tree->scale, g, out);
	ab_str_addf(out, " %s %s = ", op, max ? g->beta : g->alpha);
	ab_format_value(max ? b : a, c->tree->scale, g, out);
}

/* The cutoff that pruned n (the nearest pruned ancestor-or-self), or
 * AB_NONE; *step gets its step. */
static uint32_t pruned_by(const struct cmp *c, uint32_t n, uint32_t *step)
{
	for (uint32_t m = n; m != AB_NONE; m = c->tree->nodes[m].parent)
		if (c->t[m].pruned && !c->t[m].seen) {
			*step = c->t[m].pruned;
			return c->tree->nodes[m].parent;
		}
	return AB_NONE;
}

static bool looked_at(const struct cmp *c, uint32_t n)
{
	return ab_is_leaf(c->tree, n) ||
	       (c->config->depth && c->tree->nodes[n].depth >= c->config->depth);
}

/* What the search does with y, the node of the log's line of that kind,
 * told against step s: it reaches (returns, cuts at) y later or earlier,
 * never (pruned, below the depth limit), or y is no node of the tree. */
static void add_about(const struct cmp *c, const struct ab_glyphs *g, enum ab_log_kind kind,
		      const struct ab_log_entry *e, size_t s, struct ab_str *out)
{
	uint32_t y = e->node;
	struct ab_str name = AB_STR_INIT, other = AB_STR_INIT;
	if (y == AB_NONE) {
		size_t len;
		const char *line = ab_log_line(c->log, e->start, &len);
		ab_utf8_add_safe(&name, line + e->path_at, e->path_len);
		ab_str_addf(out, _("This tree has no node called '%s'."), name.s);
		if (!(e->flags & AB_LOG_NAMED)) {
			gap(out);
			ab_str_add(out, c->opt->log.zero_based
				   ? _("Paths are read from 0, as --zero-based asks.")
				   : _("Paths count children from 1; --zero-based reads them from 0."));
		}
		ab_str_free(&name);
		return;
	}
	add_name(c, y, &name);
	const struct track *ty = &c->t[y];
	uint32_t step;
	uint32_t cutter = pruned_by(c, y, &step);
	if (ty->seen && kind == AB_LOG_CUT && ty->cut)
		ab_str_addf(out, _("The search cuts at %s once, at step %u."), name.s, ty->cut);
	else if (ty->seen && kind == AB_LOG_CUT && !ab_config_prunes(c->config))
		ab_str_addf(out, _("Minimax prunes nothing: the search never cuts at %s."), name.s);
	else if (ty->seen && kind == AB_LOG_CUT && ty->ret && !ab_is_leaf(c->tree, y)) {
		add_test(c, g, y, ty->alpha, ty->beta, false, &other);
		ab_str_addf(out, _("The search never cuts at %s: when it returns (step %zu), %s."),
			    name.s, (size_t)ty->ret, other.s);
	} else if (ty->seen && kind == AB_LOG_RETURN && ty->ret)
		ab_str_addf(out, ty->ret > s ? _("%s returns later, at step %u.")
					     : _("%s returns once, at step %u."),
			    name.s, ty->ret);
	else if (ty->seen && ty->seen > s)
		ab_str_addf(out, looked_at(c, y) ? _("The search looks at %s later, at step %u.")
						 : _("The search enters %s later, at step %u."),
			    name.s, ty->seen);
	else if (ty->seen)
		ab_str_addf(out, looked_at(c, y) ? _("The search looks at %s once, at step %u.")
						 : _("The search enters %s once, at step %u."),
			    name.s, ty->seen);
	else if (cutter != AB_NONE) {
		add_name(c, cutter, &other);
		ab_str_addf(out, _("%s is pruned (the cutoff at %s, step %u), so the search never reaches it."),
			    name.s, other.s, step);
	} else if (c->config->depth && c->tree->nodes[y].depth > c->config->depth)
		ab_str_addf(out, _("%s lies below the depth limit: the search never reaches it."),
			    name.s);
	else
		ab_str_addf(out, _("The search never reaches %s."), name.s);
	ab_str_free(&name);
	ab_str_free(&other);
}

/* The children of n never searched, in the tree's order. */
static uint32_t skipped_kids(const struct cmp *c, uint32_t n, uint32_t **out)
{
	const struct ab_node *node = &c->tree->nodes[n];
	uint32_t count = 0;
	*out = ab_xcalloc(node->nkids ? node->nkids : 1, sizeof **out);
	for (uint32_t i = 0; i < node->nkids; i++) {
		uint32_t k = ab_kid(c->tree, n, i);
		if (c->t[k].pruned == c->t[n].cut && !c->t[k].seen)
			(*out)[count++] = k;
	}
	return count;
}

/* "At step s the cut test fires at X: TEST, so the search skips K" */
static void add_cut(const struct cmp *c, const struct ab_glyphs *g, uint32_t n,
		    struct ab_str *out)
{
	const struct track *tr = &c->t[n];
	struct ab_str name = AB_STR_INIT, test = AB_STR_INIT, skip = AB_STR_INIT,
		by = AB_STR_INIT;
	add_name(c, n, &name);
	add_test(c, g, n, tr->cut_alpha, tr->cut_beta, true, &test);
	uint32_t *kids;
	uint32_t count = skipped_kids(c, n, &kids);
	ab_narrate_names(c->tree, kids, count, 8, &skip);
	free(kids);
	uint32_t up = tr->by == AB_NONE ? 0
		: c->tree->nodes[n].depth - c->tree->nodes[tr->by].depth;
	if (up > 1) {
		add_name(c, tr->by, &by);
		ab_str_addf(out, _("At step %u the cut test fires at %s: %s, with the bound set at %s, %u levels up (a deep cutoff), so the search skips %s."),
			    tr->cut, name.s, test.s, by.s, up, skip.s);
	} else {
		ab_str_addf(out, _("At step %u the cut test fires at %s: %s, so the search skips %s."),
			    tr->cut, name.s, test.s, skip.s);
	}
	ab_str_free(&name);
	ab_str_free(&test);
	ab_str_free(&skip);
	ab_str_free(&by);
}

/* A sentinel the log wrote for an infinity: "The log's -1000 looks like a
 * program's infinity: --inf 1000 reads ±1000 as ±∞." */
static void add_sentinel_hint(const struct cmp *c, const struct ab_glyphs *g,
			      const struct ab_log_entry *e, uint32_t n, ab_value alpha,
			      ab_value beta, struct ab_str *out)
{
	if (c->opt->log.has_inf || (e->flags & (AB_LOG_A_OFF | AB_LOG_B_OFF)))
		return;
	ab_value a = e->a, b = e->b;
	if (c->negamax && is_min(c, n)) {
		a = -e->b;
		b = -e->a;
	}
	ab_value big = 0;
	if (alpha == AB_NEG_INF && a != AB_NEG_INF && a < 0)
		big = -a;
	else if (beta == AB_POS_INF && b != AB_POS_INF && b > 0)
		big = b;
	if (!big)
		return;
	/* Beyond every leaf: a stand-in, not a value. */
	for (uint32_t i = 0; i < c->tree->count; i++)
		if (c->tree->nodes[i].value >= big || c->tree->nodes[i].value <= -big)
			return;
	struct ab_str num = AB_STR_INIT;
	ab_value_format(big, c->tree->scale, "", "", &num);
	gap(out);
	ab_str_addf(out, _("The log's %s stands in for infinity: --inf %s reads ±%s as ±%s."),
		    num.s, num.s, num.s, g->pos_inf[0] == '+' ? g->pos_inf + 1 : g->pos_inf);
	ab_str_free(&num);
}

/* What a node returns under the convention, when it was cut. */
static const char *fail_sentence(const struct ab_config *config)
{
	switch (ab_config_fail(config)) {
	case AB_FAIL_HARD:
		return _("Under fail-hard a cut node returns the bound that cut it.");
	case AB_FAIL_CLAMP:
		return _("Under fail-hard clamped to the window a node returns a number inside the window it was given.");
	case AB_FAIL_SOFT:
		break;
	}
	return _("Under fail-soft a cut node returns the best value it found before the cut.");
}

static const char *kind_phrase(enum ab_log_kind k)
{
	switch (k) {
	case AB_LOG_ENTER: return _("no more enter lines");
	case AB_LOG_LEAF: return _("no more leaf lines");
	case AB_LOG_CUT: return _("no more cut lines");
	case AB_LOG_RETURN: return _("no more return lines");
	case AB_LOG_VALUE: return _("no value line");
	default: break;
	}
	return _("no best line");
}

/* The reference's next line of kind k after step s, in the finished run
 * c (its per-node record): found by the search's own order. */
struct next_line {
	bool found;
	uint32_t node;
	uint32_t step;
	ab_value a, b;
};

static int find_next(void *ctx, const struct ab_event *ev);

struct finder {
	size_t step, after;
	enum ab_log_kind kind;
	struct next_line *out;
};

static int find_next(void *ctx, const struct ab_event *ev)
{
	struct finder *f = ctx;
	f->step++;
	if (f->step <= f->after)
		return 0;
	bool match = (f->kind == AB_LOG_ENTER && ev->kind == AB_EV_ENTER) ||
		     (f->kind == AB_LOG_LEAF && ev->kind == AB_EV_LEAF) ||
		     (f->kind == AB_LOG_CUT && ev->kind == AB_EV_CUTOFF) ||
		     (f->kind == AB_LOG_RETURN && ev->kind == AB_EV_RETURN);
	if (!match)
		return 0;
	*f->out = (struct next_line){
		.found = true, .node = ev->node, .step = (uint32_t)f->step,
		.a = ev->kind == AB_EV_ENTER ? ev->alpha : ev->value,
		.b = ev->beta,
	};
	return 1;
}

static struct next_line next_after(const struct cmp *c, enum ab_log_kind k, size_t s)
{
	struct next_line found = { 0 };
	struct finder f = { 0, s, k, &found };
	struct ab_sink sink = { find_next, &f, AB_EVENT_ALL };
	ab_search(c->tree, c->config, &sink);
	return found;
}

/* Where each bound of n's window that the log has otherwise comes from:
 * " α = 3 was set at A (step 10)." or " β is still +∞: no node above has
 * lowered it yet." (minimax's view). */
static void add_origins(const struct cmp *c, const struct ab_glyphs *g,
			const struct ab_log_entry *e, uint32_t n, struct ab_str *out)
{
	const struct track *tr = &c->t[n];
	for (int b = 0; b < 2; b++) {
		ab_value ref = b ? tr->enter_beta : tr->enter_alpha;
		ab_value got = b ? e->b : e->a;
		if (!(e->flags & (b ? AB_LOG_B_OFF : AB_LOG_A_OFF)) && got == ref)
			continue;
		uint32_t from = b ? tr->in_beta_from : tr->in_alpha_from;
		uint32_t at = b ? tr->in_beta_at : tr->in_alpha_at;
		const char *bound = b ? g->beta : g->alpha;
		struct ab_str v = AB_STR_INIT, who = AB_STR_INIT;
		ab_format_value(ref, c->tree->scale, g, &v);
		gap(out);
		if (ref == AB_NEG_INF || ref == AB_POS_INF) {
			ab_str_addf(out, b ? _("%s is still %s: no node above has lowered it yet.")
					   : _("%s is still %s: no node above has raised it yet."),
				    bound, v.s);
		} else if (from != AB_NONE) {
			add_name(c, from, &who);
			ab_str_addf(out, _("%s = %s was set at %s (step %u)."), bound, v.s, who.s, at);
		}
		ab_str_free(&v);
		ab_str_free(&who);
	}
}

static char *take(struct ab_str *s)
{
	char *text = ab_xstrdup(ab_str_cstr(s));
	ab_str_free(s);
	return text;
}

/* Fills the divergence's lines and sentence from the finished run c. */
static void describe(const struct cmp *c, const struct ab_glyphs *g,
		     struct ab_diff_divergence *out)
{
	const struct found *d = &c->d;
	const struct ab_log_entry *e = d->entry == NO_ENTRY ? NULL : &c->log->entries[d->entry];
	struct ab_str exp = AB_STR_INIT, giv = AB_STR_INIT, why = AB_STR_INIT,
		name = AB_STR_INIT, tmp = AB_STR_INIT, tmp2 = AB_STR_INIT;
	out->step = d->step;
	out->node = d->node;
	out->kind = d->kind;
	out->line = e ? e->line : 0;
	if (e) {
		size_t len;
		const char *line = ab_log_line(c->log, e->start, &len);
		ab_utf8_add_safe(&giv, line, len);
	} else {
		ab_str_addf(&giv, "(%s)", kind_phrase(d->kind));
	}
	if (d->node != AB_NONE)
		add_name(c, d->node, &name);
	uint32_t n = d->node;
	switch (d->why) {
	case R_OTHER:
	case R_MISSING:
		if (d->kind == AB_LOG_VALUE || d->kind == AB_LOG_BEST)
			break;
		add_line(c, d->kind, n, d->a, d->b, &exp);
		switch (d->kind) {
		case AB_LOG_ENTER:
			ab_str_addf(&why, _("At step %zu the search enters %s."), d->step, name.s);
			break;
		case AB_LOG_LEAF:
			ab_str_addf(&why, _("At step %zu the search looks at %s."), d->step, name.s);
			break;
		case AB_LOG_CUT:
			add_cut(c, g, n, &why);
			break;
		default:
			ab_str_addf(&why, _("At step %zu %s returns."), d->step, name.s);
			break;
		}
		if (e) {
			gap(&why);
			add_about(c, g, d->kind, e, d->step, &why);
		} else {
			gap(&why);
			ab_str_addf(&why, _("The log has %s."), kind_phrase(d->kind));
		}
		break;
	case R_WINDOW:
		add_line(c, d->kind, n, d->a, d->b, &exp);
		ab_format_window(view_of(c, n, c->negamax && is_min(c, n) ? d->b : d->a),
				 view_of(c, n, c->negamax && is_min(c, n) ? d->a : d->b),
				 c->tree->scale, g, &tmp);
		if (n == 0)
			ab_str_addf(&why, _("When the search enters %s (step %zu) its window is %s."),
				    name.s, d->step, tmp.s);
		else if (looked_at(c, n))
			ab_str_addf(&why, _("When the search looks at %s (step %zu) its window is %s: a child starts with the window its parent has then."),
				    name.s, d->step, tmp.s);
		else
			ab_str_addf(&why, _("When the search enters %s (step %zu) its window is %s: a child starts with the window its parent has then."),
				    name.s, d->step, tmp.s);
		if (!c->negamax)
			add_origins(c, g, e, n, &why);
		add_sentinel_hint(c, g, e, n, d->a, d->b, &why);
		break;
	case R_VALUE:
		if (d->kind == AB_LOG_VALUE) {
			ab_str_addf(&exp, "value ");
			add_number(c, 0, c->done_value, &exp);
			add_value(c, g, 0, c->done_value, &tmp);
			add_name(c, 0, &tmp2);
			ab_str_addf(&why, _("The root's value is %s: %s returns it at step %u, once every move is weighed."),
				    tmp.s, tmp2.s, c->t[0].ret);
			break;
		}
		if (d->kind == AB_LOG_BEST) {
			if (c->done_best == AB_NONE) {
				ab_str_add(&exp, _("(no best line: chance moves at the root)"));
				ab_str_add(&why, _("The root is a chance node: chance, not a player, picks its child, so there is no best move."));
				break;
			}
			ab_str_add(&exp, "best ");
			add_path(c, c->done_best, &exp);
			add_name(c, c->done_best, &tmp);
			add_value(c, g, 0, c->done_value, &tmp2);
			ab_str_addf(&why, _("The best move is %s: the root's value %s comes from it."),
				    tmp.s, tmp2.s);
			if (e && e->node != AB_NONE && c->tree->nodes[e->node].parent == 0 &&
			    c->t[e->node].seen) {
				const struct track *ty = &c->t[e->node];
				struct ab_str y = AB_STR_INIT, v = AB_STR_INIT;
				add_name(c, e->node, &y);
				add_value(c, g, e->node, ty->returned, &v);
				gap(&why);
				ab_str_addf(&why, _("The log names %s, which returns %s (step %u)."),
					    y.s, v.s, ty->ret ? ty->ret : ty->seen);
				ab_str_free(&y);
				ab_str_free(&v);
			}
			break;
		}
		add_line(c, d->kind, n, d->a, d->b, &exp);
		add_value(c, g, n, d->a, &tmp);
		if (d->kind == AB_LOG_LEAF) {
			ab_str_addf(&why, _("At step %zu the search looks at %s, which is %s."),
				    d->step, name.s, tmp.s);
		} else {
			ab_str_addf(&why, _("%s returns %s (step %zu)."), name.s, tmp.s, d->step);
			if (!ab_is_leaf(c->tree, n) && c->t[n].cut && ab_config_prunes(c->config)) {
				gap(&why);
				ab_str_add(&why, fail_sentence(c->config));
			}
		}
		if (c->negamax && n != AB_NONE) {
			gap(&why);
			ab_str_addf(&why, _("Negamax writes it from the side of %s, who moves there."),
				    ab_player_name(ab_player_at(c->tree, n, c->root)));
		}
		break;
	case R_PRUNED: {
		struct next_line nx = next_after(c, d->kind, d->step);
		if (nx.found)
			add_line(c, d->kind, nx.node, nx.a, nx.b, &exp);
		else
			ab_str_addf(&exp, "(%s)", kind_phrase(d->kind));
		add_cut(c, g, n, &why);
		if (e) {
			struct ab_str y = AB_STR_INIT;
			add_name(c, e->node, &y);
			gap(&why);
			ab_str_addf(&why, looked_at(c, e->node)
				    ? _("It never looks at %s, where the log goes on (line %u).")
				    : _("It never enters %s, where the log goes on (line %u)."),
				    y.s, e->line);
			ab_str_free(&y);
		}
		break;
	}
	case R_CUT_MISSED:
		add_line(c, d->kind, n, 0, 0, &exp);
		add_cut(c, g, n, &why);
		if (e && e->node == AB_NONE) {
			gap(&why);
			add_about(c, g, d->kind, e, d->step, &why);
		} else if (e) {
			struct ab_str y = AB_STR_INIT;
			add_name(c, e->node, &y);
			gap(&why);
			ab_str_addf(&why, _("The log's next cut is at %s (line %u)."), y.s, e->line);
			ab_str_free(&y);
		}
		break;
	case R_CUT_EXTRA: {
		struct next_line nx = next_after(c, AB_LOG_CUT, d->step);
		if (nx.found)
			add_line(c, AB_LOG_CUT, nx.node, 0, 0, &exp);
		else
			ab_str_addf(&exp, "(%s)", kind_phrase(AB_LOG_CUT));
		if (!ab_config_prunes(c->config)) {
			ab_str_addf(&why, _("Minimax prunes nothing: the search never cuts at %s."),
				    name.s);
		} else {
			add_test(c, g, n, c->t[n].alpha, c->t[n].beta, false, &tmp);
			ab_str_addf(&why, _("The search never cuts at %s: when it returns (step %zu), %s."),
				    name.s, d->step, tmp.s);
		}
		break;
	}
	case R_EXTRA:
		ab_str_addf(&exp, "(%s)", kind_phrase(d->kind));
		ab_str_addf(&why, _("The search's %s lines end before the log's do."),
			    ab_log_kind_word(d->kind));
		if (e) {
			gap(&why);
			add_about(c, g, d->kind, e, d->step, &why);
		}
		break;
	}
	ab_narrate_tidy(&why, 0);
	out->expected = take(&exp);
	out->given = take(&giv);
	out->why = take(&why);
	ab_str_free(&name);
	ab_str_free(&tmp);
	ab_str_free(&tmp2);
}

/* ---- Conventions, mistakes, the result -------------------------------------- */

void ab_diff_convention_words(const struct ab_config *c, struct ab_str *out)
{
	unsigned parts = AB_PART_ORDER;
	if (ab_config_prunes(c))
		parts |= AB_PART_FAIL | AB_PART_STRICT;
	ab_config_words_of(c, parts, out);
}

/* The conventions to try: config itself first, then every other
 * combination of the parts not given (fail and cut only where the search
 * prunes; the orders that need no seed). */

/* small-inf's infinity as the program wrote it: the root's window when
 * the log gives it as (-I, I) with I a whole number of the tree's, else
 * 0 (the mistake's default). */
/* Whether some value of the tree (a leaf's, a static one) is as large as
 * inf, in the tree's numbers, either way. */
static bool tree_reaches(const struct ab_tree *tree, int64_t inf)
{
	for (uint32_t n = 0; n < tree->count; n++) {
		const struct ab_node *node = &tree->nodes[n];
		if (node->nkids && !(node->flags & AB_HAS_STATIC))
			continue;
		ab_value v = node->value < 0 ? -node->value : node->value;
		if (v == AB_POS_INF || v / tree->scale >= inf ||
		    (v % tree->scale && v / tree->scale + 1 > inf))
			return true;
	}
	return false;
}

static int64_t program_infinity(const struct ab_tree *tree, const struct ab_log *log)
{
	for (size_t i = 0; i < log->nkind[AB_LOG_ENTER]; i++) {
		const struct ab_log_entry *e = &log->entries[log->of_kind[AB_LOG_ENTER][i]];
		if (e->node != 0)
			continue;
		if (!(e->flags & AB_LOG_HAS_WINDOW) || (e->flags & (AB_LOG_A_OFF | AB_LOG_B_OFF)) ||
		    e->b == AB_POS_INF || e->b <= 0 || e->a != -e->b || e->b % tree->scale)
			return 0;
		int64_t inf = e->b / tree->scale;
		return inf <= AB_VALUE_MAX ? inf : 0;
	}
	return 0;
}
static size_t conventions_of(const struct ab_config *config, unsigned given,
			     struct ab_config *out, unsigned *varied)
{
	static const enum ab_fail fails[] = { AB_FAIL_SOFT, AB_FAIL_HARD, AB_FAIL_CLAMP };
	static const enum ab_order orders[] = { AB_ORDER_GIVEN, AB_ORDER_REVERSE,
						AB_ORDER_BEST, AB_ORDER_WORST,
						AB_ORDER_KILLER, AB_ORDER_HISTORY };
	enum { NORDERS = sizeof orders / sizeof orders[0] };
	bool prunes = ab_config_prunes(config);
	bool vary_fail = prunes && !(given & AB_PART_FAIL);
	bool vary_strict = prunes && !(given & AB_PART_STRICT);
	bool vary_order = !(given & AB_PART_ORDER);
	*varied = (vary_fail ? AB_PART_FAIL : 0) | (vary_strict ? AB_PART_STRICT : 0) |
		  (vary_order ? AB_PART_ORDER : 0);
	size_t count = 0;
	out[count++] = *config;
	for (size_t f = 0; f < 3; f++)
		for (int s = 0; s < 2; s++)
			for (size_t o = 0; o < NORDERS; o++) {
				struct ab_config c = *config;
				if (vary_fail)
					c.fail = fails[f];
				else if (f)
					continue;
				if (vary_strict)
					c.strict = s;
				else if (s)
					continue;
				if (vary_order) {
					c.order = orders[o];
					c.seed = 0;
				} else if (o) {
					continue;
				}
				if (ab_config_differ(&c, config))
					out[count++] = c;
			}
	return count;
}

#define MAX_CONVENTIONS (1 + 3 * 2 * 6) /* the config, then fail x cut x order */

void ab_diff_log(const struct ab_tree *tree, const struct ab_config *config,
		 unsigned given, const struct ab_diff_options *opt,
		 const struct ab_log *log, struct ab_diff_result *out,
		 uint32_t *step_of_entry)
{
	*out = (struct ab_diff_result){ .against = *config,
					.zero_based = opt->log.zero_based };
	for (int k = 0; k < AB_LOG_KIND_COUNT; k++)
		if (log->nkind[k])
			out->compared |= 1u << k;
	out->noise = log->noise;
	out->noise_line = log->noise_line;
	if (log->noise) {
		size_t len;
		const char *line = ab_log_line(log, log->noise_start, &len);
		struct ab_str text = AB_STR_INIT;
		ab_utf8_add_safe(&text, line, len > 200 ? 200 : len);
		out->noise_text = take(&text);
	}
	struct ab_config base = *config;
	base.bug = AB_BUG_NONE;
	struct ab_config tries[MAX_CONVENTIONS];
	size_t ntries = conventions_of(&base, given, tries, &out->varied);
	out->conventions = ab_xcalloc(ntries, sizeof *out->conventions);
	/* Disagreeing, the convention compared with is the one that agrees
	 * with the most lines before it parts (ties: the config's own). */
	size_t best = 0, best_lines = 0;
	struct cmp c;
	for (size_t i = 0; i < ntries; i++) {
		bool ran = compare(&c, tree, &tries[i], log, opt, true, NULL);
		free(c.t);
		if (!ran)
			continue;
		if (!c.diverged) {
			out->conventions[out->nconventions++] = tries[i];
			if (opt->quick)
				break;
			continue;
		}
		size_t lines = 0;
		for (int k = 0; k < AB_LOG_KIND_COUNT; k++)
			lines += c.at[k];
		if (lines > best_lines) {
			best_lines = lines;
			best = i;
		}
	}
	out->agree = out->nconventions > 0;
	out->against = out->agree ? out->conventions[0] : tries[best];
	if (opt->quick)
		return;
	/* Once more against the search chosen, to its end: the steps, what
	 * each line matched, and the divergence's sentence. */
	compare(&c, tree, &out->against, log, opt, false, step_of_entry);
	out->steps = c.step;
	if (c.diverged) {
		out->diverged = true;
		describe(&c, opt->glyphs ? opt->glyphs : &ab_glyphs_utf8, &out->divergence);
	}
	free(c.t);
	if (out->agree)
		return;
	/* Read another way (the other view, indices from the other base),
	 * does it agree?  Then the report says so. */
	struct ab_diff_options other = *opt;
	other.quick = true;
	struct ab_diff_result r;
	if (!(given & AB_PART_VIEW) && !ab_tree_has_chance(tree)) {
		struct ab_config flipped = *config;
		flipped.view = config->view == AB_VIEW_NEGAMAX ? AB_VIEW_MINIMAX : AB_VIEW_NEGAMAX;
		ab_diff_log(tree, &flipped, given, &other, log, &r, NULL);
		if (r.agree)
			out->hints |= AB_DIFF_HINT_VIEW;
		ab_diff_result_free(&r);
	}
	other.log.zero_based = !opt->log.zero_based;
	struct ab_log *again = ab_log_read(tree, &other.log, log->text, log->len, NULL, NULL);
	if (again) {
		ab_diff_log(tree, config, given, &other, again, &r, NULL);
		if (r.agree)
			out->hints |= AB_DIFF_HINT_BASE;
		ab_diff_result_free(&r);
		ab_log_free(again);
	}
	/* The named mistakes whose search reproduces the log, under any of
	 * the same conventions. */
	out->pitfalls = ab_xcalloc(AB_BUG_COUNT, sizeof *out->pitfalls);
	int64_t small_inf = program_infinity(tree, log);
	/* With --inf N the log's ±N read as ±∞; small-inf says N is no
	 * infinity at all, so it is held to the log read without --inf. */
	struct ab_log *plain = NULL;
	struct ab_diff_options plain_opt = *opt;
	if (opt->log.has_inf && opt->log.inf.den == 1 && opt->log.inf.num <= AB_VALUE_MAX) {
		plain_opt.log.has_inf = false;
		enum ab_log_status st;
		struct ab_diag ignored;
		plain = ab_log_read(tree, &plain_opt.log, log->text, log->len, &st, &ignored);
		if (plain && !small_inf)
			small_inf = opt->log.inf.num;
	}
	for (unsigned b = 1; b < AB_BUG_COUNT; b++) {
		/* An infinity no value of the tree reaches changes nothing the
		 * search finds: a log that prints it is written in another
		 * notation (--inf says so), not the mistake. */
		if (b == AB_BUG_SMALL_INF &&
		    !tree_reaches(tree, small_inf ? small_inf : AB_BUG_INF_DEFAULT))
			continue;
		for (size_t i = 0; i < ntries; i++) {
			struct ab_config bugged = tries[i];
			bugged.bug = (enum ab_bug)b;
			const struct ab_log *held = log;
			const struct ab_diff_options *held_opt = opt;
			if (b == AB_BUG_SMALL_INF && small_inf)
				bugged.bug_inf = small_inf;
			if (b == AB_BUG_SMALL_INF && plain) {
				held = plain;
				held_opt = &plain_opt;
			}
			bool ran = compare(&c, tree, &bugged, held, held_opt, true, NULL);
			free(c.t);
			if (ran && !c.diverged) {
				out->pitfalls[out->npitfalls++] = (enum ab_bug)b;
				break;
			}
		}
	}
	ab_log_free(plain);
}

enum ab_diff_status ab_diff(const struct ab_tree *tree,
			    const struct ab_config *config, unsigned given,
			    const struct ab_diff_options *opt, const char *text,
			    size_t len, struct ab_diff_result *out,
			    struct ab_diag *diag)
{
	*out = (struct ab_diff_result){ .against = *config };
	if (ab_search_missing_static(tree, config) != AB_NONE) {
		ab_diag_set(diag, _("the search cannot run on this tree: a node at the depth limit has no static value"));
		return AB_DIFF_NO_SEARCH;
	}
	enum ab_log_status st;
	struct ab_log *log = ab_log_read(tree, &opt->log, text, len, &st, diag);
	if (!log) {
		switch (st) {
		case AB_LOG_BINARY: return AB_DIFF_BINARY;
		case AB_LOG_TOO_BIG: return AB_DIFF_TOO_BIG;
		case AB_LOG_LONG_LINE: return AB_DIFF_LONG_LINE;
		default: return AB_DIFF_EMPTY;
		}
	}
	ab_diff_log(tree, config, given, opt, log, out, NULL);
	ab_log_free(log);
	return AB_DIFF_OK;
}

void ab_diff_result_free(struct ab_diff_result *r)
{
	free(r->divergence.expected);
	free(r->divergence.given);
	free(r->divergence.why);
	free(r->conventions);
	free(r->pitfalls);
	free(r->noise_text);
	*r = (struct ab_diff_result){ 0 };
}

/* ---- The report ---------------------------------------------------------------- */

static void add_compared(const struct ab_diff_result *r, bool json, struct ab_str *out)
{
	bool first = true;
	for (int k = 0; k < AB_LOG_KIND_COUNT; k++) {
		if (!(r->compared & (1u << k)))
			continue;
		if (json)
			ab_str_addf(out, "%s\"%s\"", first ? "" : ",", ab_log_kind_word((enum ab_log_kind)k));
		else
			ab_str_addf(out, "%s%s", first ? "" : _(", "), ab_log_kind_word((enum ab_log_kind)k));
		first = false;
	}
}

/* Whether the conventions are every combination of the values they take
 * part by part (then they are told part by part). */
static bool is_product(const struct ab_diff_result *r, unsigned *fails, unsigned *stricts,
		       unsigned *orders)
{
	*fails = *stricts = *orders = 0;
	for (size_t i = 0; i < r->nconventions; i++) {
		*fails |= 1u << r->conventions[i].fail;
		*stricts |= 1u << r->conventions[i].strict;
		*orders |= 1u << r->conventions[i].order;
	}
	size_t product = (size_t)__builtin_popcount(*fails) * (size_t)__builtin_popcount(*stricts) *
			 (size_t)__builtin_popcount(*orders);
	return product == r->nconventions;
}

/* Between the i-th of count alternatives: "", ", ", ..., " or ". */
static const char *alternative(unsigned i, unsigned count)
{
	return i == 0 ? "" : i + 1 == count ? _(" or ") : _(", ");
}

/* "fail-soft or fail-hard; cut on α ≥ β or α > β; order given" */
static void add_conventions(const struct ab_diff_result *r, const struct ab_glyphs *g,
			    struct ab_str *out)
{
	unsigned fails, stricts, orders;
	if (!is_product(r, &fails, &stricts, &orders)) {
		for (size_t i = 0; i < r->nconventions; i++) {
			ab_str_add(out, i ? _("; ") : "");
			ab_diff_convention_words(&r->conventions[i], out);
		}
		return;
	}
	if (ab_config_prunes(&r->against)) {
		unsigned i = 0, count = (unsigned)__builtin_popcount(fails);
		for (int f = 0; f < 3; f++)
			if (fails & (1u << f))
				ab_str_addf(out, "%s%s", alternative(i++, count),
					    ab_fail_word((enum ab_fail)f));
		ab_str_add(out, _("; "));
		ab_str_add(out, _("cut on "));
		i = 0;
		count = (unsigned)__builtin_popcount(stricts);
		for (int s = 0; s < 2; s++)
			if (stricts & (1u << s))
				ab_str_addf(out, "%s%s %s %s", alternative(i++, count), g->alpha,
					    s ? ">" : g->ge, g->beta);
		ab_str_add(out, _("; "));
	}
	ab_str_add(out, _("order "));
	unsigned i = 0, count = (unsigned)__builtin_popcount(orders);
	for (int o = 0; o <= AB_ORDER_HISTORY; o++)
		if (orders & (1u << o)) {
			struct ab_config c = { .order = (enum ab_order)o, .seed = r->against.seed };
			ab_str_add(out, alternative(i++, count));
			ab_order_describe(&c, out);
		}
}

void ab_diff_text(const struct ab_tree *tree, const struct ab_diff_result *r,
		  const struct ab_glyphs *g, struct ab_str *out)
{
	struct ab_str s = AB_STR_INIT;
	ab_config_describe_for(&r->against, tree, g->ascii, &s);
	if (r->agree) {
		ab_str_addf(out, _("The log agrees with the search (%s): %zu steps.\n"), s.s, r->steps);
	} else if (r->diverged) {
		const struct ab_diff_divergence *d = &r->divergence;
		struct ab_str name = AB_STR_INIT;
		if (d->node != AB_NONE)
			ab_narrate_name(tree, d->node, &name);
		ab_str_addf(out, _("The log parts from the search (%s) at step %zu, at %s.\n"),
			    s.s, d->step, d->node != AB_NONE ? name.s : "-");
		/* The two lines one above the other, their labels padded alike. */
		struct ab_str log = AB_STR_INIT, search = AB_STR_INIT;
		if (d->line)
			ab_str_addf(&log, _("the log, line %u:"), d->line);
		else
			ab_str_add(&log, _("the log:"));
		ab_str_add(&search, _("the search:"));
		int width = (int)ab_utf8_text_width(log.s);
		if ((int)ab_utf8_text_width(search.s) > width)
			width = (int)ab_utf8_text_width(search.s);
		ab_str_add(out, "  ");
		ab_format_pad(log.s, width, false, out);
		ab_str_addf(out, "  %s\n  ", d->given);
		ab_format_pad(search.s, width, false, out);
		ab_str_addf(out, "  %s\n", d->expected);
		ab_str_addf(out, _("  why: %s\n"), d->why);
		ab_str_free(&log);
		ab_str_free(&search);
		ab_str_free(&name);
	} else {
		ab_str_addf(out, _("The log does not agree with the search (%s).\n"), s.s);
	}
	ab_str_clear(&s);
	add_compared(r, false, &s);
	ab_str_addf(out, _("Compared: %s.\n"), s.s);
	ab_str_clear(&s);
	if (r->nconventions) {
		add_conventions(r, g, &s);
		ab_str_addf(out, _("Conventions the whole log agrees with: %s.\n"), s.s);
	} else if (r->varied) {
		ab_str_add(out, _("No convention agrees with the whole log.\n"));
	}
	if (r->hints & AB_DIFF_HINT_VIEW)
		ab_str_add(out, r->against.view == AB_VIEW_NEGAMAX
			   ? _("Read with --view minimax (every number from MAX's side), the log agrees.\n")
			   : _("Read with --view negamax (every number from the side of the player to move), the log agrees.\n"));
	if (r->hints & AB_DIFF_HINT_BASE)
		ab_str_add(out, r->zero_based
			   ? _("Read with child indices counted from 1 (without --zero-based), the log agrees.\n")
			   : _("Read with child indices counted from 0 (--zero-based), the log agrees.\n"));
	for (size_t i = 0; i < r->npitfalls; i++)
		ab_str_addf(out, _("The search with the mistake %s reproduces the log: %s.\n"),
			    ab_bug_id(r->pitfalls[i]), ab_bug_sentence(r->pitfalls[i]));
	if (r->noise)
		ab_str_addf(out, _("Lines skipped as noise: %u, the first at line %u: %s\n"),
			    r->noise, r->noise_line, r->noise_text);
	ab_str_free(&s);
}

void ab_diff_json(const struct ab_tree *tree, const struct ab_diff_result *r,
		  struct ab_str *out)
{
	ab_str_addf(out, "{\"agree\":%s,\"compared\":[", r->agree ? "true" : "false");
	add_compared(r, true, out);
	ab_str_add(out, "],\"divergence\":");
	if (r->diverged) {
		const struct ab_diff_divergence *d = &r->divergence;
		ab_str_addf(out, "{\"step\":%zu,\"node\":", d->step);
		struct ab_str s = AB_STR_INIT;
		if (d->node != AB_NONE) {
			ab_tree_name(tree, d->node, &s);
			ab_json_string(s.s, out);
			ab_str_clear(&s);
			ab_tree_path(tree, d->node, &s);
			ab_str_add(out, ",\"path\":");
			ab_json_string(ab_str_cstr(&s), out);
		} else {
			ab_str_add(out, "null,\"path\":null");
		}
		ab_str_free(&s);
		if (d->line)
			ab_str_addf(out, ",\"line\":%u", d->line);
		else
			ab_str_add(out, ",\"line\":null");
		ab_str_addf(out, ",\"kind\":\"%s\",\"expected\":", ab_log_kind_word(d->kind));
		ab_json_string(d->expected, out);
		ab_str_add(out, ",\"given\":");
		ab_json_string(d->given, out);
		ab_str_add(out, ",\"why\":");
		ab_json_string(d->why, out);
		ab_str_addc(out, '}');
	} else {
		ab_str_add(out, "null");
	}
	ab_str_add(out, ",\"against\":");
	struct ab_str words = AB_STR_INIT;
	ab_diff_convention_words(&r->against, &words);
	ab_json_string(ab_str_cstr(&words), out);
	ab_str_add(out, ",\"conventions\":[");
	for (size_t i = 0; i < r->nconventions; i++) {
		ab_str_clear(&words);
		ab_diff_convention_words(&r->conventions[i], &words);
		if (i)
			ab_str_addc(out, ',');
		ab_json_string(ab_str_cstr(&words), out);
	}
	ab_str_free(&words);
	ab_str_add(out, "],\"pitfalls\":[");
	for (size_t i = 0; i < r->npitfalls; i++) {
		ab_str_addf(out, "%s{\"id\":\"%s\",\"why\":", i ? "," : "", ab_bug_id(r->pitfalls[i]));
		ab_json_string(ab_bug_sentence(r->pitfalls[i]), out);
		ab_str_addc(out, '}');
	}
	ab_str_add(out, "],\"hints\":[");
	if (r->hints & AB_DIFF_HINT_VIEW)
		ab_str_add(out, r->against.view == AB_VIEW_NEGAMAX ? "\"--view minimax\""
								   : "\"--view negamax\"");
	if (r->hints & AB_DIFF_HINT_BASE)
		ab_str_addf(out, "%s%s", r->hints & AB_DIFF_HINT_VIEW ? "," : "",
			    r->zero_based ? "\"without --zero-based\"" : "\"--zero-based\"");
	ab_str_addf(out, "],\"noise\":%u,\"first_noise\":", r->noise);
	if (r->noise) {
		ab_str_addf(out, "{\"line\":%u,\"text\":", r->noise_line);
		ab_json_string(r->noise_text, out);
		ab_str_addc(out, '}');
	} else {
		ab_str_add(out, "null");
	}
	ab_str_addf(out, ",\"steps\":%zu}\n", r->steps);
}
