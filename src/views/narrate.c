/* narrate.c - the sentence a student reads for each step.
 *
 * Each sentence is one translatable format string with the numbers and
 * names filled in, so a translation can reorder them freely.
 */
#include "views/narrate.h"

#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/utf8.h"
#include "views/stats.h"

/* Small fixed buffers for names and numbers inside one sentence. */
struct words {
	struct ab_str parts[16];
	int used;
	int64_t scale; /* the tree's unit of values */
};

static const char *word(struct words *w, struct ab_str *text)
{
	(void)w;
	return ab_str_cstr(text);
}

static struct ab_str *fresh(struct words *w)
{
	struct ab_str *s = &w->parts[w->used++];
	ab_str_clear(s);
	return s;
}

/* A node as the subject of a sentence: its name, or "node 2.1" when its
 * name is a bare path ("Cutoff at 2" would read as a number). */
/* Whether cp is a CJK character or CJK punctuation. */
static bool cjk(uint32_t cp)
{
	return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
	       (cp >= 0xFF00 && cp <= 0xFF60);
}

/* Full-width punctuation that ends a clause or sentence: 。，；：！？、）
 * and the closing quotes, after which Chinese leaves no space. */
static bool fullwidth_stop(uint32_t cp)
{
	return cp == 0x3002 || cp == 0x3001 || cp == 0xFF0C || cp == 0xFF1B ||
	       cp == 0xFF1A || cp == 0xFF01 || cp == 0xFF1F || cp == 0xFF09 ||
	       cp == 0x201D || cp == 0x300D;
}

void ab_narrate_tidy(struct ab_str *text, size_t from)
{
	if (strcmp(ab_i18n_language(), "en") == 0 || text->len <= from)
		return;
	char *s = text->s;
	size_t out = from;
	uint32_t prev = 0;
	for (size_t i = from; i < text->len;) {
		uint32_t cp;
		size_t len = ab_utf8_decode(s + i, text->len - i, &cp);
		if (!len)
			len = 1, cp = (unsigned char)s[i];
		if (s[i] == ' ' && cjk(prev)) {
			uint32_t next;
			size_t nl = i + 1 < text->len ? ab_utf8_decode(s + i + 1, text->len - i - 1, &next) : 0;
			/* The space between two CJK characters goes, and so
			 * does one after full-width punctuation, where
			 * sentences were joined ("。 MAX"). */
			if ((nl && cjk(next)) || fullwidth_stop(prev)) {
				i++;
				continue;
			}
		}
		memmove(s + out, s + i, len);
		out += len;
		i += len;
		prev = cp;
	}
	ab_str_truncate(text, out);
}

void ab_narrate_name(const struct ab_tree *tree, uint32_t n, struct ab_str *out)
{
	if (tree->nodes[n].parent == AB_NONE && !ab_tree_label(tree, n))
		ab_str_add(out, _("root"));
	else
		ab_tree_name(tree, n, out);
	uint32_t pos = ab_position(tree, n);
	if (pos != n) {
		/* A transposition: the visit's own name, and its position's. */
		struct ab_str name = AB_STR_INIT;
		ab_tree_name(tree, pos, &name);
		ab_str_addf(out, _(" (%s again)"), ab_str_cstr(&name));
		ab_str_free(&name);
	}
}

static const char *name_of(struct words *w, const struct ab_tree *tree, uint32_t n)
{
	struct ab_str *s = fresh(w);
	ab_narrate_name(tree, n, s);
	if (s->len && s->s[0] >= '0' && s->s[0] <= '9') {
		struct ab_str path = AB_STR_INIT;
		ab_str_addf(&path, _("node %s"), s->s);
		ab_str_clear(s);
		ab_str_add(s, ab_str_cstr(&path));
		ab_str_free(&path);
	}
	return word(w, s);
}

static const char *value_of(struct words *w, ab_value v, const struct ab_glyphs *g)
{
	struct ab_str *s = fresh(w);
	ab_format_value(v, w->scale, g, s);
	return word(w, s);
}

static enum ab_bug bug_of(const struct ab_trace *trace)
{
	return trace->config.bug;
}

/* Whether the bounds keep their meaning under the mistake, so the right
 * search's glosses and its explanation of a cut still hold: the window
 * mistakes that only lose information (a cut is late or missing, never
 * wrong) and those that act elsewhere. */
static bool bounds_mean_it(const struct ab_trace *trace)
{
	switch (bug_of(trace)) {
	case AB_BUG_SWAPPED_UPDATE:
	case AB_BUG_MIN_UPDATES_ALPHA:
	case AB_BUG_SHARED_BOUNDS:
	case AB_BUG_NEGAMAX_WINDOW:
		return false;
	default:
		return true;
	}
}

/* small-inf's infinity in the tree's units (as the search uses it). */
static ab_value bug_inf(const struct ab_trace *trace)
{
	ab_wide inf = (ab_wide)ab_config_bug_inf(&trace->config) * trace->tree->scale;
	return inf < AB_VALUE_LIMIT ? (ab_value)inf : AB_VALUE_LIMIT;
}

/* Whether v is small-inf's infinity, either sign. */
static bool is_bug_inf(const struct ab_trace *trace, ab_value v)
{
	return bug_of(trace) == AB_BUG_SMALL_INF &&
	       (v == bug_inf(trace) || v == -bug_inf(trace));
}

static void words_free(struct words *w)
{
	for (size_t i = 0; i < sizeof w->parts / sizeof w->parts[0]; i++)
		ab_str_free(&w->parts[i]);
}

const char *ab_player_name(enum ab_player p)
{
	return p == AB_MAX ? "MAX" : p == AB_MIN ? "MIN" : _("chance");
}

/* The probability of the children listed, exact. */
static struct ab_exact probability_of(const struct ab_tree *tree,
				      const uint32_t *kids, uint32_t count)
{
	int64_t w = 0;
	for (uint32_t i = 0; i < count; i++)
		w += ab_prob_weight(tree, kids[i]);
	int64_t d = ab_gcd(w, tree->prob_scale);
	return (struct ab_exact){ w / d, tree->prob_scale / d };
}

static const char *exact_of(struct words *w, struct ab_exact x)
{
	struct ab_str *s = fresh(w);
	ab_exact_format(x, s);
	return word(w, s);
}

static void narrate_chance_enter(const struct ab_trace *trace,
				 const struct ab_event *ev,
				 const struct ab_glyphs *g, struct words *w,
				 struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const char *name = name_of(w, tree, ev->node);
	ab_str_addf(out, _("Enter chance node %s: its value is the expectation of its %u children, each weighted by its probability."),
		    name, tree->nodes[ev->node].nkids);
	enum ab_chance_prune prune = ab_config_chance(&trace->config, tree);
	if (trace->config.algo == AB_MINIMAX || prune == AB_CHANCE_NONE)
		return;
	ab_str_addf(out, _(" Its window is %s = %s, %s = %s; every value lies in [%s, %s], so after each child it knows a range for its expectation."),
		    g->alpha, value_of(w, ev->alpha, g), g->beta,
		    value_of(w, ev->beta, g), value_of(w, tree->bound_lo, g),
		    value_of(w, tree->bound_hi, g));
}

static void narrate_chance_cutoff(const struct ab_trace *trace,
				  const struct ab_event *ev,
				  const struct ab_glyphs *g, struct words *w,
				  struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const char *name = name_of(w, tree, ev->node);
	const char *rest = exact_of(w, probability_of(tree, ev->pruned, ev->npruned));
	const char *a = value_of(w, ev->alpha, g), *b = value_of(w, ev->beta, g);
	struct ab_str *skipped = fresh(w);
	ab_narrate_names(tree, ev->pruned, ev->npruned, 8, skipped);
	const char *by = ev->by == AB_NONE ? "?" : name_of(w, tree, ev->by);
	if (ab_chance_cut_below(ev->hi, ev->alpha, trace->config.strict))
		ab_str_addf(out, _("Cutoff at %s: its children not yet searched (probability %s) can add at most %s × %s more, so %s %s %s, and %s = %s was set at %s. Whatever they hold, %s cannot matter there. Skip %s."),
			    name, rest, rest, value_of(w, tree->bound_hi, g), name,
			    g->le, value_of(w, ev->hi, g), g->alpha, a, by, name,
			    ab_str_cstr(skipped));
	else
		ab_str_addf(out, _("Cutoff at %s: its children not yet searched (probability %s) add at least %s × %s, so %s %s %s, and %s = %s was set at %s. Whatever they hold, %s cannot matter there. Skip %s."),
			    name, rest, rest, value_of(w, tree->bound_lo, g), name,
			    g->ge, value_of(w, ev->lo, g), g->beta, b, by, name,
			    ab_str_cstr(skipped));
}

void ab_narrate_names(const struct ab_tree *tree, const uint32_t *nodes,
		      uint32_t count, uint32_t max, struct ab_str *out)
{
	uint32_t shown = count > max ? max : count;
	for (uint32_t i = 0; i < shown; i++) {
		if (i > 0)
			ab_str_add(out, i + 1 == count ? _(" and ") : _(", "));
		ab_tree_name(tree, nodes[i], out);
	}
	if (shown < count)
		ab_str_addf(out, _(", ... (%u in all)"), count);
}

void ab_narrate_move(const struct ab_tree *tree, uint32_t n, struct ab_str *out)
{
	struct ab_str name = AB_STR_INIT;
	ab_tree_name(tree, n, &name);
	const char *s = ab_str_cstr(&name);
	bool path = *s >= '0' && *s <= '9';
	uint32_t rank = ab_rank(tree, n);
	if (!path || tree->nodes[n].parent != 0)
		ab_str_add(out, s);
	else
		switch (rank) { /* each a whole phrase: ordinals differ by language */
		case 0: ab_str_addf(out, _("the first child, %s"), s); break;
		case 1: ab_str_addf(out, _("the second child, %s"), s); break;
		case 2: ab_str_addf(out, _("the third child, %s"), s); break;
		case 3: ab_str_addf(out, _("the fourth child, %s"), s); break;
		case 4: ab_str_addf(out, _("the fifth child, %s"), s); break;
		case 5: ab_str_addf(out, _("the sixth child, %s"), s); break;
		case 6: ab_str_addf(out, _("the seventh child, %s"), s); break;
		case 7: ab_str_addf(out, _("the eighth child, %s"), s); break;
		case 8: ab_str_addf(out, _("the ninth child, %s"), s); break;
		case 9: ab_str_addf(out, _("the tenth child, %s"), s); break;
		default: ab_str_addf(out, _("child number %u, %s"), rank + 1, s); break;
		}
	ab_str_free(&name);
}

static bool cut_holds(const struct ab_trace *trace, const struct ab_node_state *st)
{
	return trace->config.strict ? st->alpha > st->beta : st->alpha >= st->beta;
}

static bool has_unvisited_kid(const struct ab_trace *trace, uint32_t n)
{
	const struct ab_tree *tree = trace->tree;
	for (uint32_t i = 0; i < tree->nodes[n].nkids; i++)
		if (trace->state[ab_kid(tree, n, i)].status == AB_UNVISITED)
			return true;
	return false;
}

static void narrate_enter(const struct ab_trace *trace, const struct ab_event *ev,
			  const struct ab_glyphs *g, struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	enum ab_player p = ab_player_at(tree, ev->node, trace->root_player);
	if (p == AB_CHANCE) {
		narrate_chance_enter(trace, ev, g, w, out);
		return;
	}
	const char *name = name_of(w, tree, ev->node);
	uint32_t parent = tree->nodes[ev->node].parent;
	if (parent != AB_NONE && trace->config.algo == AB_ALPHABETA &&
	    ab_player_at(tree, parent, trace->root_player) == AB_CHANCE) {
		if (ab_config_chance(&trace->config, tree) == AB_CHANCE_STAR1)
			ab_str_addf(out, _("Enter %s (%s) with Star1's window %s = %s, %s = %s from chance node %s: only a value inside it can still move %s's expectation within its own window."),
				    name, ab_player_name(p), g->alpha, value_of(w, ev->alpha, g),
				    g->beta, value_of(w, ev->beta, g), name_of(w, tree, parent),
				    name_of(w, tree, parent));
		else
			ab_str_addf(out, _("Enter %s (%s) with window %s = %s, %s = %s: below a chance node every child is searched with the full window."),
				    name, ab_player_name(p), g->alpha, value_of(w, ev->alpha, g),
				    g->beta, value_of(w, ev->beta, g));
		return;
	}
	if (trace->config.algo == AB_MINIMAX) {
		ab_str_addf(out, _("Enter %s (%s): minimax will look at all %u of its children."),
			    name, ab_player_name(p), tree->nodes[ev->node].nkids);
		return;
	}
	ab_str_addf(out, _("Enter %s (%s) with window %s = %s, %s = %s."), name,
		    ab_player_name(p), g->alpha, value_of(w, ev->alpha, g), g->beta,
		    value_of(w, ev->beta, g));
	/* Under a mistake the window may be its making: no gloss then. */
	bool gloss = bounds_mean_it(trace);
	if (ev->alpha != AB_NEG_INF && gloss && !is_bug_inf(trace, ev->alpha))
		ab_str_addf(out, _(" MAX is already sure of %s elsewhere."),
			    value_of(w, ev->alpha, g));
	if (ev->beta != AB_POS_INF && gloss && !is_bug_inf(trace, ev->beta))
		ab_str_addf(out, _(" MIN can already hold MAX to %s elsewhere."),
			    value_of(w, ev->beta, g));
	if (ev->alpha == AB_NEG_INF && ev->beta == AB_POS_INF && ev->node == 0)
		ab_str_add(out, _(" Nothing is known yet."));
}

static void narrate_update(const struct ab_trace *trace, const struct ab_event *ev,
			   const struct ab_glyphs *g, struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const char *name = name_of(w, tree, ev->node);
	const char *old = value_of(w, ev->old, g), *new_ = value_of(w, ev->new_, g);
	switch (ev->what) {
	case AB_WHAT_VALUE:
		if (ab_player_at(tree, ev->node, trace->root_player) == AB_CHANCE)
			ab_str_addf(out, _("At %s, the probability-weighted sum of the children searched so far goes from %s to %s."),
				    name, old, new_);
		else if (ab_player_at(tree, ev->node, trace->root_player) == AB_MAX)
			ab_str_addf(out, _("%s's best so far rises from %s to %s (MAX keeps the largest)."),
				    name, old, new_);
		else
			ab_str_addf(out, _("%s's best so far falls from %s to %s (MIN keeps the smallest)."),
				    name, old, new_);
		return;
	case AB_WHAT_ALPHA:
		ab_str_addf(out, _("At %s, %s rises from %s to %s: MAX is now sure of at least %s."),
			    name, g->alpha, old, new_, new_);
		break;
	case AB_WHAT_BETA:
		ab_str_addf(out, _("At %s, %s falls from %s to %s: MIN can now hold MAX to at most %s."),
			    name, g->beta, old, new_, new_);
		break;
	}
	const struct ab_node_state *st = ab_trace_node(trace, ev->node);
	if (cut_holds(trace, st) && !has_unvisited_kid(trace, ev->node))
		ab_str_addf(out, _(" The cut test %s %s %s holds, but no children are left to skip."),
			    g->alpha, trace->config.strict ? ">" : g->ge, g->beta);
}

/* Whether a cut's bound (at a MAX node β, else α) that the root set is
 * a side of the root's aspiration window: the window the root was last
 * entered with (a bound the root's children raised or lowered differs). */
static bool aspiration_bound(const struct ab_trace *trace, bool max, ab_value bound)
{
	for (size_t s = trace->step; s-- > 0;) {
		const struct ab_record *r = &trace->records[s];
		if (r->kind == AB_EV_ENTER && trace->tree->nodes[r->node].parent == AB_NONE)
			return (max ? r->b : r->a) == bound;
	}
	return false;
}

static void narrate_cutoff(const struct ab_trace *trace, const struct ab_event *ev,
			   const struct ab_glyphs *g, struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	enum ab_player player = ab_player_at(tree, ev->node, trace->root_player);
	if (player == AB_CHANCE) {
		narrate_chance_cutoff(trace, ev, g, w, out);
		return;
	}
	bool max = player == AB_MAX;
	bool strict = trace->config.strict;
	const char *name = name_of(w, tree, ev->node);
	const char *a = value_of(w, ev->alpha, g), *b = value_of(w, ev->beta, g);
	const char *by = ev->by == AB_NONE ? "?" : name_of(w, tree, ev->by);
	if (trace->step >= 2 && trace->records[trace->step - 2].kind == AB_EV_PROBE &&
	    trace->records[trace->step - 2].node == ev->node) {
		/* The table's entry closed the window before any child. */
		struct ab_str *skip = fresh(w);
		ab_narrate_names(tree, ev->pruned, ev->npruned, 8, skip);
		ab_str_addf(out, _("Cutoff at %s before any child: with the table's bound the window is empty (%s = %s %s %s = %s), so %s cannot matter. Skip %s."),
			    name, g->alpha, a, strict ? ">" : g->ge, g->beta, b, name,
			    ab_str_cstr(skip));
		return;
	}
	/* A cut at a MAX node is a beta cutoff (its α passed an ancestor's
	 * β), one at a MIN node an alpha cutoff: the course's β剪枝, α剪枝. */
	if (max)
		ab_str_addf(out, C_("beta cutoff", "Cutoff at %s: %s = %s %s %s = %s. "), name, g->alpha, a,
			    strict ? ">" : g->ge, g->beta, b);
	else
		ab_str_addf(out, C_("alpha cutoff", "Cutoff at %s: %s = %s %s %s = %s. "), name, g->beta, b,
			    strict ? "<" : g->le, g->alpha, a);
	if (ev->by != AB_NONE &&
	    ab_player_at(tree, ev->by, trace->root_player) == AB_CHANCE) {
		struct ab_str *skip = fresh(w);
		ab_narrate_names(tree, ev->pruned, ev->npruned, 8, skip);
		ab_str_addf(out, _("This window is Star1's, from chance node %s: a value beyond it would take %s's expectation out of %s's own window, whatever its other children hold. Skip %s."),
			    by, by, by, ab_str_cstr(skip));
		return;
	}
	bool aspiring = trace->config.aspiration.num && trace->config.iterative &&
			ev->by != AB_NONE && tree->nodes[ev->by].parent == AB_NONE &&
			aspiration_bound(trace, max, max ? ev->beta : ev->alpha);
	if (aspiring && tree->nodes[ev->node].parent == AB_NONE) {
		struct ab_str *skip = fresh(w);
		ab_narrate_names(tree, ev->pruned, ev->npruned, 8, skip);
		ab_str_addf(out, _("%s = %s is the aspiration window's bound: %s's value already lies outside the window, and its other children cannot bring it back inside. Skip %s."),
			    max ? g->beta : g->alpha, max ? b : a, name, ab_str_cstr(skip));
		return;
	}
	if (aspiring) {
		ab_str_addf(out, _("%s = %s is the root's aspiration window's. "),
			    max ? g->beta : g->alpha, max ? b : a);
	} else if (ev->by == ev->node) {
		ab_str_addf(out, _("%s = %s is the table's bound for %s, from its entry. "),
			    max ? g->beta : g->alpha, max ? b : a, name);
	} else if (ev->by != AB_NONE) {
		unsigned up = tree->nodes[ev->node].depth - tree->nodes[ev->by].depth;
		if (ev->deep)
			ab_str_addf(out, _("%s = %s was set at %s, %u levels up (a deep cutoff: the test compares with every ancestor, not just the parent). "),
				    max ? g->beta : g->alpha, max ? b : a, by, up);
		else
			ab_str_addf(out, _("%s = %s was set at the parent, %s. "),
				    max ? g->beta : g->alpha, max ? b : a, by);
	}
	struct ab_str *skipped = fresh(w);
	ab_narrate_names(tree, ev->pruned, ev->npruned, 8, skipped);
	if (max)
		ab_str_addf(out, _("MIN already holds MAX to %s there, and %s is worth at least %s to MAX, so MIN will never let play reach %s. Skip %s."),
			    b, name, a, name, ab_str_cstr(skipped));
	else
		ab_str_addf(out, _("MAX is already sure of %s there, and %s is worth at most %s to MAX, so MAX will never choose %s. Skip %s."),
			    a, name, b, name, ab_str_cstr(skipped));
}

static void narrate_return(const struct ab_trace *trace, const struct ab_event *ev,
			   const struct ab_glyphs *g, struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const char *name = name_of(w, tree, ev->node);
	const char *value = value_of(w, ev->value, g);
	uint32_t parent = tree->nodes[ev->node].parent;
	struct ab_str *proved = fresh(w);
	ab_format_interval_said(ev->lo, ev->hi, w->scale, g, proved);
	if (parent == AB_NONE)
		ab_str_addf(out, _("%s returns %s."), name, value);
	else
		ab_str_addf(out, _("%s returns %s to %s."), name, value,
			    name_of(w, tree, parent));
	/* Fail-hard hands back the node's own bound (α at MAX, β at MIN)
	 * when its children's values fall outside the window: say what they
	 * proved, and how little the number handed on tells the parent. */
	bool hard = ab_config_returns_bound(&trace->config);
	if (hard && (ev->value < ev->lo || ev->value > ev->hi)) {
		/* Fail-hard: a MAX node hands back its α, a MIN node its β; a
		 * chance node α when it fell below the window, β above it.
		 * Clamped, every node hands back the end of the window it was
		 * given that its value passed: α below it, β above. */
		enum ab_player player = ab_player_at(tree, ev->node, trace->root_player);
		bool clamp = ab_config_fail(&trace->config) == AB_FAIL_CLAMP;
		bool alpha = player == AB_CHANCE || clamp ? ev->value > ev->hi : player == AB_MAX;
		const char *bound = alpha ? g->alpha : g->beta;
		const char *rel = ev->value > ev->hi ? g->le : g->ge;
		if (clamp && parent == AB_NONE)
			ab_str_addf(out, _(" Its children prove %s %s, and fail-hard=clamp returns the end of its window that it passed, %s = %s, which says only that %s %s %s."),
				    name, ab_str_cstr(proved), bound, value,
				    name, rel, value);
		else if (clamp)
			ab_str_addf(out, _(" Its children prove %s %s, and fail-hard=clamp hands %s the end of its window that it passed, %s = %s, which tells %s only that %s %s %s."),
				    name, ab_str_cstr(proved), name_of(w, tree, parent),
				    bound, value, name_of(w, tree, parent),
				    name, rel, value);
		else if (parent == AB_NONE)
			ab_str_addf(out, _(" Its children prove %s %s, and fail-hard returns its %s, %s, which says only that %s %s %s."),
				    name, ab_str_cstr(proved), bound, value,
				    name, rel, value);
		else
			ab_str_addf(out, _(" Its children prove %s %s, and fail-hard hands %s its %s, %s, which tells %s only that %s %s %s."),
				    name, ab_str_cstr(proved), name_of(w, tree, parent),
				    bound, value, name_of(w, tree, parent),
				    name, rel, value);
		return;
	}
	if (ev->value < ev->lo || ev->value > ev->hi)
		/* Only a mistake returns, fail-soft, outside what it proved. */
		ab_str_addf(out, _(" Its children prove %s %s, but the number it returns lies outside that."),
			    name, ab_str_cstr(proved));
	else if (ev->lo == ev->hi)
		ab_str_addf(out, _(" Its value is exact: %s %s."), name, ab_str_cstr(proved));
	else if (ev->lo == AB_NEG_INF && ev->hi == AB_POS_INF)
		ab_str_add(out, _(" The search proved nothing about its true value."));
	else
		ab_str_addf(out, _(" That is a bound, not its exact value: the search proved only %s %s."),
			    name, ab_str_cstr(proved));
}

static void narrate_result(const struct ab_trace *trace, const struct ab_event *ev,
			   const struct ab_glyphs *g, struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	if (ev->best == AB_NONE)
		ab_str_addf(out, _("The search to depth %u is over: the root's value is %s; it looked at %u leaves and entered %u inner nodes."),
			    ev->depth, value_of(w, ev->value, g), ev->leaves_visited,
			    ev->nodes_visited);
	else
		ab_str_addf(out, _("The search to depth %u is over: the root's value is %s, the best move %s; it looked at %u leaves and entered %u inner nodes."),
			    ev->depth, value_of(w, ev->value, g), name_of(w, tree, ev->best),
			    ev->leaves_visited, ev->nodes_visited);
}

static void narrate_done(const struct ab_trace *trace, const struct ab_event *ev,
			 const struct ab_glyphs *g, struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	if (ev->best == AB_NONE) {
		ab_str_addf(out, _("Done: the root's value is %s."), value_of(w, ev->value, g));
	} else {
		struct ab_str *move = fresh(w);
		ab_narrate_move(tree, ev->best, move);
		ab_str_addf(out, _("Done: the root's value is %s and the best move is %s."),
			    value_of(w, ev->value, g), ab_str_cstr(move));
	}
	/* Two counts, two plurals: the inner nodes are a phrase of their own. */
	struct ab_str *nodes = fresh(w);
	ab_str_addf(nodes, P_("%u inner node", "%u inner nodes", ev->nodes_visited),
		    ev->nodes_visited);
	if (trace->iterations)
		ab_str_addf(out, P_(" Over its %u iterations the search evaluated %u position (static values included) and entered %s.",
				    " Over its %u iterations the search evaluated %u positions (static values included) and entered %s.",
				    ev->leaves_visited),
			    trace->iterations, ev->leaves_visited, ab_str_cstr(nodes));
	else if (trace->config.depth && trace->config.depth < tree->height)
		ab_str_addf(out, P_(" The search to depth %u evaluated %u position (static values included) and entered %s.",
				    " The search to depth %u evaluated %u positions (static values included) and entered %s.",
				    ev->leaves_visited),
			    trace->config.depth, ev->leaves_visited, ab_str_cstr(nodes));
	else if (trace->nresearches)
		ab_str_addf(out, P_(" With its re-searches it looked at leaves %u time (a leaf searched again counts again; the tree has %u) and entered %s.",
				    " With its re-searches it looked at leaves %u times (a leaf searched again counts again; the tree has %u) and entered %s.",
				    ev->leaves_visited),
			    ev->leaves_visited, tree->leaves, ab_str_cstr(nodes));
	else if (trace->config.algo == AB_MINIMAX)
		ab_str_addf(out, P_(" Minimax looked at %u of %u leaf and entered %s.",
				    " Minimax looked at %u of %u leaves and entered %s.", tree->leaves),
			    ev->leaves_visited, tree->leaves, ab_str_cstr(nodes));
	else
		ab_str_addf(out, P_(" Alpha-beta looked at %u of %u leaf and entered %s.",
				    " Alpha-beta looked at %u of %u leaves and entered %s.", tree->leaves),
			    ev->leaves_visited, tree->leaves, ab_str_cstr(nodes));
}

/* ---- The transposition table --------------------------------------------- */

/* What an entry says: "value ≥ 5, a lower bound". */
static const char *entry_words(struct words *w, const struct ab_tt_entry *e,
			       const struct ab_glyphs *g)
{
	struct ab_str *s = fresh(w);
	struct ab_str v = AB_STR_INIT;
	ab_format_value(e->value, w->scale, g, &v);
	switch (e->flag) {
	case AB_TT_EXACT:
		ab_str_addf(s, _("value %s, exact"), ab_str_cstr(&v));
		break;
	case AB_TT_LOWER:
		ab_str_addf(s, _("value %s %s, a lower bound"), g->ge, ab_str_cstr(&v));
		break;
	case AB_TT_UPPER:
		ab_str_addf(s, _("value %s %s, an upper bound"), g->le, ab_str_cstr(&v));
		break;
	}
	ab_str_free(&v);
	return word(w, s);
}

/* The child of n standing for position pos, AB_NONE if none. */
static uint32_t kid_of_position(const struct ab_tree *tree, uint32_t n, uint32_t pos)
{
	for (uint32_t i = 0; pos != AB_NONE && i < tree->nodes[n].nkids; i++)
		if (ab_position(tree, ab_kid(tree, n, i)) == pos)
			return ab_kid(tree, n, i);
	return AB_NONE;
}

static void narrate_probe(const struct ab_trace *trace, const struct ab_event *ev,
			  const struct ab_glyphs *g, struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const char *name = name_of(w, tree, ev->node);
	if (ev->use == AB_TT_MISS) {
		uint32_t n;
		const struct ab_tt_entry *slots = ab_trace_table(trace, &n);
		uint32_t held = slots && ev->slot < n ? slots[ev->slot].position : AB_NONE;
		if (held == AB_NONE)
			ab_str_addf(out, _("%s is not in the table (slot %u is empty): it must be searched."),
				    name, ev->slot);
		else
			ab_str_addf(out, _("%s is not in the table (slot %u holds %s): it must be searched."),
				    name, ev->slot, name_of(w, tree, held));
		return;
	}
	ab_str_addf(out, _("%s is in the table from a search of depth %u: %s"), name,
		    ev->entry.depth, entry_words(w, &ev->entry, g));
	const char *old = value_of(w, ev->old, g), *new_ = value_of(w, ev->new_, g);
	switch (ev->use) {
	case AB_TT_SHALLOW:
		ab_str_addf(out, _("; but %s needs a search of depth %u, so the entry is too shallow to use."),
			    name, ev->depth);
		break;
	case AB_TT_VALUE:
		ab_str_addf(out, _("; %s returns it without searching its children."), name);
		break;
	case AB_TT_RAISE:
		ab_str_addf(out, _("; %s rises from %s to %s."), g->alpha, old, new_);
		break;
	case AB_TT_LOWER_BETA:
		ab_str_addf(out, _("; %s falls from %s to %s."), g->beta, old, new_);
		break;
	case AB_TT_UNUSED:
		ab_str_addf(out, _("; the window %s = %s, %s = %s already says as much."),
			    g->alpha, value_of(w, ev->alpha, g), g->beta,
			    value_of(w, ev->beta, g));
		break;
	case AB_TT_MISS:
		break;
	}
	const struct ab_node_state *st = ab_trace_node(trace, ev->node);
	bool moved = ev->use == AB_TT_RAISE || ev->use == AB_TT_LOWER_BETA;
	bool closes = moved && trace->config.algo == AB_ALPHABETA && cut_holds(trace, st);
	if (closes)
		ab_str_addf(out, _(" The window closes: %s = %s %s %s = %s."), g->alpha,
			    value_of(w, st->alpha, g), trace->config.strict ? ">" : g->ge,
			    g->beta, value_of(w, st->beta, g));
	uint32_t lead = kid_of_position(tree, ev->node, ev->entry.best);
	if (lead != AB_NONE && ev->use != AB_TT_VALUE && !closes)
		ab_str_addf(out, _(" Its best move then, %s, is searched first."),
			    name_of(w, tree, lead));
	if (bug_of(trace) == AB_BUG_TT_ANY_DEPTH && ev->entry.depth < ev->depth)
		ab_str_addf(out, _(" Here is the mistake: the entry is from a search of depth %u, shallower than the %u that %s needs, and it is used all the same."),
			    ev->entry.depth, ev->depth, name);
}

static void narrate_store(const struct ab_trace *trace, const struct ab_event *ev,
			  const struct ab_glyphs *g, struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const char *name = name_of(w, tree, ev->node);
	const struct ab_tt_entry *e = &ev->entry;
	struct ab_str *more = fresh(w), *was = fresh(w);
	uint32_t best = kid_of_position(tree, ev->node, e->best);
	if (best != AB_NONE)
		ab_str_addf(more, _(", best move %s"), name_of(w, tree, best));
	if (ev->replaced.position != AB_NONE && ev->replaced.position != e->position)
		ab_str_addf(was, _(", replacing %s's entry"),
			    name_of(w, tree, ev->replaced.position));
	else if (ev->replaced.position != AB_NONE)
		ab_str_add(was, _(", replacing its own older entry"));
	ab_str_addf(out, _("%s goes into the table at slot %u: %s, from a search of depth %u%s%s."),
		    name, ev->slot, entry_words(w, e, g), e->depth, ab_str_cstr(more),
		    ab_str_cstr(was));
	enum ab_tt_flag right = ab_tt_flag_for(e->value, ev->alpha, ev->beta);
	if (e->flag == AB_TT_LOWER)
		ab_str_addf(out, _(" Only a lower bound: %s returned %s, at or above %s = %s, and a search that fails high proves only that the value is no lower."),
			    name, value_of(w, e->value, g), g->beta, value_of(w, ev->beta, g));
	else if (e->flag == AB_TT_UPPER)
		ab_str_addf(out, _(" Only an upper bound: %s returned %s, at or below %s = %s, and a search that fails low proves only that the value is no higher."),
			    name, value_of(w, e->value, g), g->alpha, value_of(w, ev->alpha, g));
	else if (right != AB_TT_EXACT && bug_of(trace) == AB_BUG_TT_NO_FLAG)
		ab_str_addf(out, _(" Here is the mistake: %s lies outside the window %s = %s, %s = %s, so the search proved only %s %s %s, yet it is stored as exact."),
			    value_of(w, e->value, g), g->alpha, value_of(w, ev->alpha, g),
			    g->beta, value_of(w, ev->beta, g), name,
			    right == AB_TT_LOWER ? g->ge : g->le, value_of(w, e->value, g));
}

/* ---- Principal variation search and aspiration windows ------------------ */

/* Whether the event just before the current step is a research of n. */
static bool after_research(const struct ab_trace *trace, uint32_t n)
{
	return trace->step >= 2 && trace->records[trace->step - 2].kind == AB_EV_RESEARCH &&
	       trace->records[trace->step - 2].node == n;
}

/* The enter sentences PVS and aspiration windows have their own words
 * for; false when this enter is an ordinary one. */
static bool narrate_pvs_enter(const struct ab_trace *trace, const struct ab_event *ev,
			      const struct ab_glyphs *g, struct words *w,
			      struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const struct ab_config *c = &trace->config;
	if (c->algo != AB_ALPHABETA || (!c->pvs && !c->aspiration.num))
		return false;
	enum ab_player p = ab_player_at(tree, ev->node, trace->root_player);
	const char *name = name_of(w, tree, ev->node);
	const char *a = value_of(w, ev->alpha, g), *b = value_of(w, ev->beta, g);
	uint32_t parent = tree->nodes[ev->node].parent;
	if (after_research(trace, ev->node)) {
		if (parent == AB_NONE)
			ab_str_addf(out, _("Enter %s (%s) again, with the window opened on that side: %s = %s, %s = %s."),
				    name, ab_player_name(p), g->alpha, a, g->beta, b);
		else
			ab_str_addf(out, _("Enter %s (%s) again, now with the full window %s = %s, %s = %s."),
				    name, ab_player_name(p), g->alpha, a, g->beta, b);
		return true;
	}
	if (parent == AB_NONE) {
		if (!c->aspiration.num || !c->iterative || ev->alpha == AB_NEG_INF ||
		    ev->beta == AB_POS_INF)
			return false;
		ab_str_addf(out, _("Enter %s (%s) with the aspiration window %s = %s, %s = %s: the last iteration's value, give or take %s, on the guess that this one lands near it."),
			    name, ab_player_name(p), g->alpha, a, g->beta, b,
			    exact_of(w, c->aspiration));
		return true;
	}
	if (!c->pvs)
		return false;
	enum ab_player pp = ab_player_at(tree, parent, trace->root_player);
	const struct ab_node_state *ps = ab_trace_node(trace, parent);
	if (pp == AB_MAX && ps->alpha != AB_NEG_INF && ev->alpha == ps->alpha &&
	    ev->beta == ps->alpha + 1)
		ab_str_addf(out, _("Enter %s (%s) with the null window %s = %s, %s = %s, one unit wide: PVS asks only whether %s is worth more than %s to MAX, not how much more."),
			    name, ab_player_name(p), g->alpha, a, g->beta, b, name, a);
	else if (pp == AB_MIN && ps->beta != AB_POS_INF && ev->beta == ps->beta &&
		 ev->alpha == ps->beta - 1)
		ab_str_addf(out, _("Enter %s (%s) with the null window %s = %s, %s = %s, one unit wide: PVS asks only whether %s is worth less than %s to MAX, not how much less."),
			    name, ab_player_name(p), g->alpha, a, g->beta, b, name, b);
	else
		return false;
	return true;
}

static void narrate_research(const struct ab_trace *trace, const struct ab_event *ev,
			     const struct ab_glyphs *g, struct words *w,
			     struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const char *name = name_of(w, tree, ev->node);
	const char *v = value_of(w, ev->value, g);
	const char *a = value_of(w, ev->alpha, g), *b = value_of(w, ev->beta, g);
	const char *oa = value_of(w, ev->lo, g), *ob = value_of(w, ev->hi, g);
	uint32_t parent = tree->nodes[ev->node].parent;
	if (parent == AB_NONE) {
		/* Aspiration: the side the value fell on opened. */
		if (ev->value <= ev->lo)
			ab_str_addf(out, _("%s's value %s is at or below %s = %s of its aspiration window, so it says only %s %s %s: the window failed low. %s opens to %s and %s is searched again with %s = %s, %s = %s."),
				    name, v, g->alpha, oa, name, g->le, v, g->alpha, a, name,
				    g->alpha, a, g->beta, b);
		else
			ab_str_addf(out, _("%s's value %s is at or above %s = %s of its aspiration window, so it says only %s %s %s: the window failed high. %s opens to %s and %s is searched again with %s = %s, %s = %s."),
				    name, v, g->beta, ob, name, g->ge, v, g->beta, b, name,
				    g->alpha, a, g->beta, b);
		return;
	}
	const char *pname = name_of(w, tree, parent);
	if (ab_player_at(tree, parent, trace->root_player) == AB_MAX)
		ab_str_addf(out, _("%s returned %s from its null window [%s, %s]: it beats %s's %s = %s, but by how much the null window cannot say, and %s is below %s = %s, so it does not cut. %s is searched again with %s's full window %s = %s, %s = %s."),
			    name, v, oa, ob, pname, g->alpha, oa, v, g->beta, b, name,
			    pname, g->alpha, a, g->beta, b);
	else
		ab_str_addf(out, _("%s returned %s from its null window [%s, %s]: it is below %s's %s = %s, but by how much the null window cannot say, and %s is above %s = %s, so it does not cut. %s is searched again with %s's full window %s = %s, %s = %s."),
			    name, v, oa, ob, pname, g->beta, ob, v, g->alpha, a, name,
			    pname, g->alpha, a, g->beta, b);
}

/* ---- Killer and history --------------------------------------------------- */

static void narrate_order(const struct ab_trace *trace, const struct ab_event *ev,
			  struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const char *name = name_of(w, tree, ev->node);
	struct ab_str *list = fresh(w);
	bool moved = false;
	uint32_t shown = ev->norder > 8 ? 8 : ev->norder;
	for (uint32_t i = 0; i < shown; i++) {
		if (i)
			ab_str_add(list, ", ");
		ab_tree_name(tree, ev->order[i], list);
		switch ((enum ab_order_why)ev->why[i]) {
		case AB_WHY_TABLE:
			ab_str_add(list, _(" (the table's best move)"));
			break;
		case AB_WHY_KILLER:
			ab_str_add(list, _(" (a killer at this depth)"));
			break;
		case AB_WHY_HISTORY:
			ab_str_addf(list, _(" (history %llu)"),
				    (unsigned long long)(ev->scores ? ev->scores[i] : 0));
			break;
		case AB_WHY_GIVEN:
			break;
		}
		moved |= ev->why[i] != AB_WHY_GIVEN;
	}
	if (shown < ev->norder)
		ab_str_addf(list, _(", ... (%u in all)"), ev->norder);
	bool killer = trace->config.order == AB_ORDER_KILLER;
	if (moved)
		ab_str_addf(out, killer ? _("At %s the killer moves go first: %s.")
					: _("At %s the history heuristic orders the children: %s."),
			    name, ab_str_cstr(list));
	else
		ab_str_addf(out, killer ? _("At %s no child's move is a killer at this depth yet: the children keep their order, %s.")
					: _("At %s no child's move has cut off yet: the children keep their order, %s."),
			    name, ab_str_cstr(list));
}

/* ---- The negamax view ----------------------------------------------------
 *
 * The same events told as negamax writes the search: every value and window
 * from the side of the player to move at the node, so a MIN node's numbers
 * are negated and its window [alpha, beta] reads [-beta, -alpha]. */

static bool is_min(const struct ab_trace *trace, uint32_t n)
{
	return ab_player_at(trace->tree, n, trace->root_player) == AB_MIN;
}

/* v at node n from n's mover's side. */
static ab_value side(const struct ab_trace *trace, uint32_t n, ab_value v)
{
	return is_min(trace, n) ? -v : v; /* the infinities negate exactly */
}

static void negamax_window(const struct ab_trace *trace, uint32_t n,
			   ab_value alpha, ab_value beta, ab_value *a, ab_value *b)
{
	*a = is_min(trace, n) ? -beta : alpha;
	*b = is_min(trace, n) ? -alpha : beta;
}

static bool narrate_negamax(const struct ab_trace *trace, const struct ab_event *ev,
			    const struct ab_glyphs *g, struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	uint32_t n = ev->node;
	ab_value a, b;
	switch (ev->kind) {
	case AB_EV_ENTER: {
		const char *name = name_of(w, tree, n);
		const char *who = ab_player_name(ab_player_at(tree, n, trace->root_player));
		if (trace->config.algo == AB_MINIMAX) {
			ab_str_addf(out, _("Enter %s (%s): negamax will take the largest of its %u children's values, each seen from %s's side."),
				    name, who, tree->nodes[n].nkids, who);
			return true;
		}
		negamax_window(trace, n, ev->alpha, ev->beta, &a, &b);
		uint32_t parent = tree->nodes[n].parent;
		if (parent != AB_NONE && is_min(trace, parent) != is_min(trace, n))
			ab_str_addf(out, _("Enter %s (%s) with window %s = %s, %s = %s from %s's side: the parent's window negated and swapped."),
				    name, who, g->alpha, value_of(w, a, g), g->beta,
				    value_of(w, b, g), who);
		else
			ab_str_addf(out, _("Enter %s (%s) with window %s = %s, %s = %s from %s's side."),
				    name, who, g->alpha, value_of(w, a, g), g->beta,
				    value_of(w, b, g), who);
		return true;
	}
	case AB_EV_LEAF: {
		const char *name = name_of(w, tree, n);
		const char *who = ab_player_name(ab_player_at(tree, n, trace->root_player));
		const char *v = value_of(w, side(trace, n, ev->value), g);
		if (ev->is_static)
			ab_str_addf(out, _("%s is not expanded at the depth limit: its static value stands in, %s from %s's side."),
				    name, v, who);
		else
			ab_str_addf(out, _("Look at leaf %s: %s from %s's side."), name, v, who);
		return true;
	}
	case AB_EV_UPDATE: {
		const char *name = name_of(w, tree, n);
		if (ev->what == AB_WHAT_VALUE) {
			ab_str_addf(out, _("%s's best so far rises from %s to %s (negamax keeps the largest negated child value)."),
				    name, value_of(w, side(trace, n, ev->old), g),
				    value_of(w, side(trace, n, ev->new_), g));
			return true;
		}
		/* MAX raises alpha; at MIN, a falling beta is negamax's rising alpha. */
		ab_str_addf(out, _("At %s, %s rises from %s to %s: the player to move is now sure of at least %s."),
			    name, g->alpha, value_of(w, side(trace, n, ev->old), g),
			    value_of(w, side(trace, n, ev->new_), g),
			    value_of(w, side(trace, n, ev->new_), g));
		return true;
	}
	case AB_EV_CUTOFF: {
		const char *name = name_of(w, tree, n);
		negamax_window(trace, n, ev->alpha, ev->beta, &a, &b);
		struct ab_str *skipped = fresh(w);
		ab_narrate_names(tree, ev->pruned, ev->npruned, 8, skipped);
		ab_str_addf(out, _("Cutoff at %s: %s = %s %s %s = %s from the mover's side: the opponent will never let play reach %s. Skip %s."),
			    name, g->alpha, value_of(w, a, g),
			    trace->config.strict ? ">" : g->ge, g->beta, value_of(w, b, g),
			    name, ab_str_cstr(skipped));
		return true;
	}
	case AB_EV_RETURN: {
		const char *name = name_of(w, tree, n);
		const char *v = value_of(w, side(trace, n, ev->value), g);
		uint32_t parent = tree->nodes[n].parent;
		if (parent == AB_NONE)
			ab_str_addf(out, _("%s returns %s."), name, v);
		else if (is_min(trace, parent) != is_min(trace, n))
			ab_str_addf(out, _("%s returns %s; %s negates it and reads %s."), name, v,
				    name_of(w, tree, parent),
				    value_of(w, side(trace, parent, ev->value), g));
		else
			ab_str_addf(out, _("%s returns %s to %s."), name, v,
				    name_of(w, tree, parent));
		return true;
	}
	default:
		return false;
	}
}

/* ---- Named mistakes --------------------------------------------------------
 *
 * Under --bug the events are those of a program with the mistake
 * (core/search.c, "Named mistakes").  Each sentence says what happened, as
 * ever; where the mistake acts (a window it made, a bound moved the wrong
 * way or leaked, a leaf scored from the wrong side, a late test, a move
 * named on a tie, the program's own infinity) it also says so, and the
 * glosses that hold only for the right search ("MAX is already sure of 5
 * elsewhere") are left out where the mistake makes them false. */

/* The child of n on the current path, AB_NONE if none: under
 * shared-bounds an update at a node with an active child is the leak. */
static uint32_t active_kid(const struct ab_trace *trace, uint32_t n)
{
	const struct ab_tree *tree = trace->tree;
	for (uint32_t i = 0; i < tree->nodes[n].nkids; i++) {
		uint32_t kid = ab_kid(tree, n, i);
		if (trace->state[kid].status == AB_ACTIVE)
			return kid;
	}
	return AB_NONE;
}

/* An update of alpha or beta that the mistake made, not the node's own
 * move of its own bound: a leak, or a bound moved by the wrong player. */
static bool bug_made_update(const struct ab_trace *trace, const struct ab_event *ev)
{
	if (ev->what == AB_WHAT_VALUE)
		return false;
	if (bug_of(trace) == AB_BUG_SHARED_BOUNDS)
		return active_kid(trace, ev->node) != AB_NONE;
	enum ab_player p = ab_player_at(trace->tree, ev->node, trace->root_player);
	return (ev->what == AB_WHAT_ALPHA) != (p == AB_MAX);
}

/* "At N, alpha rises from 3 to 5." with the numbers from the side the
 * view shows (negamax: the mover's, so a MIN node's alpha is -beta). */
static void bound_moves(const struct ab_trace *trace, const struct ab_event *ev,
			bool negamax, const struct ab_glyphs *g, struct words *w,
			struct ab_str *out)
{
	bool alpha = ev->what == AB_WHAT_ALPHA;
	ab_value old = ev->old, new_ = ev->new_;
	if (negamax && is_min(trace, ev->node)) {
		alpha = !alpha;
		old = -old;
		new_ = -new_;
	}
	const char *name = name_of(w, trace->tree, ev->node);
	const char *a = value_of(w, old, g), *b = value_of(w, new_, g);
	if (new_ > old)
		ab_str_addf(out, _("At %s, %s rises from %s to %s."), name,
			    alpha ? g->alpha : g->beta, a, b);
	else
		ab_str_addf(out, _("At %s, %s falls from %s to %s."), name,
			    alpha ? g->alpha : g->beta, a, b);
}

/* An update the mistake made: the move, then the mistake. */
static void narrate_bug_update(const struct ab_trace *trace, const struct ab_event *ev,
			       bool negamax, const struct ab_glyphs *g,
			       struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	bound_moves(trace, ev, negamax, g, w, out);
	bool max = ab_player_at(tree, ev->node, trace->root_player) == AB_MAX;
	switch (bug_of(trace)) {
	case AB_BUG_SHARED_BOUNDS:
		ab_str_addf(out, _(" Here is the mistake: α and β are shared by the whole search, not passed by value, so what was set below %s leaks up into %s as %s returns."),
			    name_of(w, tree, active_kid(trace, ev->node)),
			    name_of(w, tree, ev->node),
			    name_of(w, tree, active_kid(trace, ev->node)));
		break;
	case AB_BUG_MIN_UPDATES_ALPHA:
		if (ab_config_returns_bound(&trace->config))
			ab_str_add(out, _(" Here is the mistake: MIN raises α, MAX's bound, where it should lower β, its own; β never falls, so nothing will be cut."));
		else
			ab_str_add(out, _(" Here is the mistake: MIN raises α, MAX's bound, where it should lower β, its own; β never falls, so nothing will be cut, and since the values stay right, nobody notices."));
		break;
	default:
		if (max)
			ab_str_add(out, _(" Here is the mistake: MAX lowers β, MIN's bound, where it should raise α, its own."));
		else
			ab_str_add(out, _(" Here is the mistake: MIN raises α, MAX's bound, where it should lower β, its own."));
		break;
	}
}

/* small-inf: a running value left at the program's infinity. */
static bool narrate_inf_start(const struct ab_trace *trace, const struct ab_event *ev,
			      const struct ab_glyphs *g, struct words *w,
			      struct ab_str *out)
{
	if (ev->what != AB_WHAT_VALUE || !is_bug_inf(trace, ev->new_) ||
	    (ev->old != AB_NEG_INF && ev->old != AB_POS_INF))
		return false;
	const char *name = name_of(w, trace->tree, ev->node);
	const char *v = value_of(w, ev->new_, g);
	if (ev->old == AB_NEG_INF)
		ab_str_addf(out, _("%s's best so far starts at the program's −∞, which is only %s, and its child's value is no larger, so %s keeps %s and the child's value is lost. Here is the mistake: the program's infinity is too small."),
			    name, v, name, v);
	else
		ab_str_addf(out, _("%s's best so far starts at the program's +∞, which is only %s, and its child's value is no smaller, so %s keeps %s and the child's value is lost. Here is the mistake: the program's infinity is too small."),
			    name, v, name, v);
	return true;
}

/* A cut whose explanation the mistake changes: the test, who set the
 * bound it fired on, what is skipped, and the mistake at work. */
static bool narrate_bug_cutoff(const struct ab_trace *trace, const struct ab_event *ev,
			       bool negamax, const struct ab_glyphs *g,
			       struct words *w, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	enum ab_player player = ab_player_at(tree, ev->node, trace->root_player);
	if (player == AB_CHANCE)
		return false;
	bool max = player == AB_MAX;
	bool inf_fired = ev->by == AB_NONE &&
			 (is_bug_inf(trace, ev->alpha) || is_bug_inf(trace, ev->beta));
	if (bounds_mean_it(trace) && !inf_fired)
		return false;
	bool strict = trace->config.strict;
	const char *name = name_of(w, tree, ev->node);
	if (negamax) {
		ab_value a, b;
		negamax_window(trace, ev->node, ev->alpha, ev->beta, &a, &b);
		ab_str_addf(out, _("Cutoff at %s: %s = %s %s %s = %s from the mover's side. "),
			    name, g->alpha, value_of(w, a, g), strict ? ">" : g->ge,
			    g->beta, value_of(w, b, g));
	} else {
		const char *a = value_of(w, ev->alpha, g), *b = value_of(w, ev->beta, g);
		if (max)
			ab_str_addf(out, _("Cutoff at %s: %s = %s %s %s = %s. "), name,
				    g->alpha, a, strict ? ">" : g->ge, g->beta, b);
		else
			ab_str_addf(out, _("Cutoff at %s: %s = %s %s %s = %s. "), name,
				    g->beta, b, strict ? "<" : g->le, g->alpha, a);
		/* The side whose setter fired it: the other player's bound,
		 * or under swapped-update the node's own player's. */
		bool beta = max != (bug_of(trace) == AB_BUG_SWAPPED_UPDATE);
		if (ev->by != AB_NONE)
			ab_str_addf(out, _("%s = %s was set at %s. "),
				    beta ? g->beta : g->alpha, beta ? b : a,
				    name_of(w, tree, ev->by));
	}
	struct ab_str *skipped = fresh(w);
	ab_narrate_names(tree, ev->pruned, ev->npruned, 8, skipped);
	ab_str_addf(out, _("The program skips %s."), ab_str_cstr(skipped));
	if (inf_fired) {
		bool beta = is_bug_inf(trace, ev->beta) && ev->beta > 0;
		ab_str_addf(out, _(" Here is the mistake at work: %s = %s is the program's infinity, not a bound any node set, and a value in the tree lies beyond it."),
			    beta ? g->beta : g->alpha,
			    value_of(w, beta ? ev->beta : ev->alpha, g));
		return true;
	}
	switch (bug_of(trace)) {
	case AB_BUG_SHARED_BOUNDS:
		if (ev->node == 0)
			ab_str_add(out, _(" Here is the mistake at work: α and β are shared by the whole search, so the root's window holds what was set deep inside its children's subtrees, and the search ends here."));
		else
			ab_str_addf(out, _(" Here is the mistake at work: α and β are shared by the whole search, so the bound that fired need not come from %s's ancestors, and since the test now holds for the one shared window, every node above %s stops searching in turn."),
				    name, name);
		break;
	case AB_BUG_NEGAMAX_WINDOW:
		ab_str_add(out, _(" Here is the mistake at work: the window came down with α and β exchanged, so this test says nothing about what the node is worth."));
		break;
	default:
		ab_str_add(out, _(" Here is the mistake at work: with MAX lowering β and MIN raising α, the test compares bounds that moved the wrong way, and what it skips may matter."));
		break;
	}
	return true;
}

/* The events the mistake tells in its own sentence, in either view: true
 * when it did. */
static bool narrate_bug_event(const struct ab_trace *trace, const struct ab_event *ev,
			      bool negamax, const struct ab_glyphs *g,
			      struct words *w, struct ab_str *out)
{
	switch (ev->kind) {
	case AB_EV_UPDATE:
		if (narrate_inf_start(trace, ev, g, w, out))
			return true;
		if (bug_made_update(trace, ev)) {
			narrate_bug_update(trace, ev, negamax, g, w, out);
			return true;
		}
		if (ev->what == AB_WHAT_VALUE || bounds_mean_it(trace))
			return false;
		/* The node's own bound, but the window it moves in is the
		 * mistake's: the move without the right search's gloss. */
		bound_moves(trace, ev, negamax, g, w, out);
		return true;
	case AB_EV_CUTOFF:
		return narrate_bug_cutoff(trace, ev, negamax, g, w, out);
	default:
		return false;
	}
}

/* Whether any value the search may look at lies at or beyond small-inf's
 * infinity. */
static bool tree_reaches_inf(const struct ab_trace *trace)
{
	const struct ab_tree *tree = trace->tree;
	ab_value inf = bug_inf(trace);
	for (uint32_t n = 0; n < tree->count; n++) {
		const struct ab_node *node = &tree->nodes[n];
		if ((!node->nkids || (node->flags & AB_HAS_STATIC)) &&
		    (node->value >= inf || node->value <= -inf))
			return true;
	}
	return false;
}

static void bug_enter_note(const struct ab_trace *trace, const struct ab_event *ev,
			   const struct ab_glyphs *g, struct words *w,
			   struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	uint32_t p = tree->nodes[ev->node].parent;
	if (p == AB_NONE) {
		if (bug_of(trace) != AB_BUG_SMALL_INF || trace->config.algo == AB_MINIMAX)
			return;
		if (tree_reaches_inf(trace))
			ab_str_addf(out, _(" Here is the mistake: the program's infinity is only %s, and a value in this tree reaches it."),
				    value_of(w, bug_inf(trace), g));
		else
			ab_str_addf(out, _(" The program's infinity is only %s, but no value in this tree reaches it, so here the mistake changes nothing."),
				    value_of(w, bug_inf(trace), g));
		return;
	}
	if (trace->config.algo == AB_MINIMAX)
		return;
	/* The window the right search passes: the parent's, as it stands. */
	const struct ab_node_state *ps = ab_trace_node(trace, p);
	if (ab_player_at(tree, p, trace->root_player) == AB_CHANCE ||
	    (ps->alpha == ev->alpha && ps->beta == ev->beta))
		return;
	const char *name = name_of(w, tree, p);
	const char *a = value_of(w, ps->alpha, g), *b = value_of(w, ps->beta, g);
	switch (bug_of(trace)) {
	case AB_BUG_PARENT_ONLY:
		ab_str_addf(out, _(" Here is the mistake: %s passes down only the bound it set itself, not its whole window %s = %s, %s = %s, so no cut below can come from further up."),
			    name, g->alpha, a, g->beta, b);
		break;
	case AB_BUG_NO_ROOT_PRUNING:
		ab_str_addf(out, _(" Here is the mistake: the root searches every child with the full window and never passes down its own, %s = %s, %s = %s."),
			    g->alpha, a, g->beta, b);
		break;
	case AB_BUG_FULL_WINDOW:
		ab_str_addf(out, _(" Here is the mistake: every child is searched with the full window, and %s's own, %s = %s, %s = %s, is not passed down."),
			    name, g->alpha, a, g->beta, b);
		break;
	case AB_BUG_NEGAMAX_WINDOW:
		ab_str_add(out, _(" Here is the mistake: negamax hands the child (−α, −β) where it should hand (−β, −α), so α and β have changed places."));
		break;
	default:
		break;
	}
}

static void bug_leaf_note(const struct ab_trace *trace, const struct ab_event *ev,
			  bool negamax, const struct ab_glyphs *g, struct words *w,
			  struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	ab_value v = tree->nodes[ev->node].value;
	if (bug_of(trace) != AB_BUG_NEGAMAX_MAX_VIEW || v == 0 || ev->value == v)
		return;
	if (negamax)
		ab_str_addf(out, _(" Here is the mistake: that is the tree's number, as MAX sees it, where negamax needs it as the player to move there, MIN, sees it: %s."),
			    value_of(w, -v, g));
	else
		ab_str_addf(out, _(" Here is the mistake: the tree says %s, but the program scores it as MAX sees it where negamax needs it as the player to move there, MIN, sees it; in MAX's terms the search takes %s."),
			    value_of(w, v, g), value_of(w, ev->value, g));
}

static void bug_update_note(const struct ab_trace *trace, const struct ab_event *ev,
			    const struct ab_glyphs *g, struct ab_str *out)
{
	if (bug_of(trace) != AB_BUG_LATE_TEST || ev->what == AB_WHAT_VALUE)
		return;
	const struct ab_node_state *st = ab_trace_node(trace, ev->node);
	if (cut_holds(trace, st) && has_unvisited_kid(trace, ev->node))
		ab_str_addf(out, _(" Now %s %s %s, but the program made its cut test before this update. Here is the mistake: it goes on to the next child, one too many."),
			    g->alpha, trace->config.strict ? ">" : g->ge, g->beta);
}

static void bug_cutoff_note(const struct ab_trace *trace, struct ab_str *out)
{
	if (bug_of(trace) == AB_BUG_LATE_TEST)
		ab_str_add(out, _(" Here is the mistake at work: the test used the bounds from before the last child's value; they held already, so that child was searched for nothing."));
}

static void bug_return_note(const struct ab_trace *trace, const struct ab_event *ev,
			    const struct ab_glyphs *g, struct words *w,
			    struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const char *name = name_of(w, tree, ev->node);
	if (is_bug_inf(trace, ev->value) && (ev->value < ev->lo || ev->value > ev->hi)) {
		ab_str_addf(out, _(" Here is the mistake: %s is the program's infinity, not a value, standing where a value beyond it should be."),
			    value_of(w, ev->value, g));
		return;
	}
	uint32_t p = tree->nodes[ev->node].parent;
	if (bug_of(trace) != AB_BUG_BEST_FROM_BOUND || p != 0)
		return;
	enum ab_player rp = trace->root_player;
	if (rp == AB_CHANCE)
		return;
	const struct ab_node_state *root = ab_trace_node(trace, 0);
	ab_value best = !ab_config_returns_bound(&trace->config) ? root->value
			: rp == AB_MAX ? root->alpha : root->beta;
	if (ev->value != best || best == AB_NEG_INF || best == AB_POS_INF)
		return;
	const char *v = value_of(w, ev->value, g);
	if (ev->lo == ev->hi) {
		ab_str_addf(out, _(" Here is the mistake: %s ties the root's best so far, %s, and the program takes a tie for a new best, so it names %s its move; here the tie is true, and no harm is done."),
			    name, v, name);
	} else {
		struct ab_str *proved = fresh(w);
		ab_format_interval(ev->lo, ev->hi, w->scale, g, proved);
		ab_str_addf(out, _(" Here is the mistake: %s's %s ties the root's best so far, and the program takes that number for %s's value, though it is only a bound (%s %s), so it names %s its move."),
			    name, v, name, name, ab_str_cstr(proved), name);
	}
}

/* Under a mistake, what the right search finds, to set beside it. */
static void bug_done_note(const struct ab_trace *trace, const struct ab_event *ev,
			  const struct ab_glyphs *g, struct words *w,
			  struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	struct ab_config right = trace->config;
	right.tt = ab_config_table(&right); /* a table's mistake: the table without it */
	right.bug = AB_BUG_NONE;
	right.bug_inf = 0;
	struct ab_counts c;
	if (!ab_count(tree, &right, &c))
		return;
	if (c.value == ev->value && c.best == ev->best)
		ab_str_addf(out, P_(" Without the mistake the search finds the same value and move, looking at %u leaf.",
				    " Without the mistake the search finds the same value and move, looking at %u leaves.",
				    c.leaves),
			    c.leaves);
	else if (c.best == AB_NONE)
		ab_str_addf(out, P_(" Without the mistake the search finds the value %s, looking at %u leaf.",
				    " Without the mistake the search finds the value %s, looking at %u leaves.",
				    c.leaves),
			    value_of(w, c.value, g), c.leaves);
	else {
		struct ab_str *move = fresh(w);
		ab_narrate_move(tree, c.best, move);
		ab_str_addf(out, P_(" Without the mistake the search finds the value %s and the best move %s, looking at %u leaf.",
				    " Without the mistake the search finds the value %s and the best move %s, looking at %u leaves.",
				    c.leaves),
			    value_of(w, c.value, g), ab_str_cstr(move), c.leaves);
	}
}

/* The notes the mistake adds after an event's own sentence. */
static void bug_note(const struct ab_trace *trace, const struct ab_event *ev,
		     bool negamax, const struct ab_glyphs *g, struct words *w,
		     struct ab_str *out)
{
	switch (ev->kind) {
	case AB_EV_ENTER:
		bug_enter_note(trace, ev, g, w, out);
		break;
	case AB_EV_LEAF:
		bug_leaf_note(trace, ev, negamax, g, w, out);
		break;
	case AB_EV_UPDATE:
		bug_update_note(trace, ev, g, out);
		break;
	case AB_EV_CUTOFF:
		bug_cutoff_note(trace, out);
		break;
	case AB_EV_RETURN:
		bug_return_note(trace, ev, g, w, out);
		break;
	case AB_EV_DONE:
		bug_done_note(trace, ev, g, w, out);
		break;
	default:
		break;
	}
}

/* Whether the text from start opens with a label of the tree (up to a
 * space, an apostrophe or a bracket); "root" is no label. */
static bool opens_with_label(const struct ab_tree *tree, const struct ab_str *out,
			     size_t start)
{
	size_t end = start;
	while (end < out->len && out->s[end] != ' ' && out->s[end] != '\'' &&
	       out->s[end] != '(' && end - start < AB_MAX_LABEL)
		end++;
	char word[AB_MAX_LABEL + 1];
	memcpy(word, out->s + start, end - start);
	word[end - start] = '\0';
	if (strcmp(word, "root") == 0)
		return false;
	uint32_t n = ab_tree_find(tree, word);
	return n != AB_NONE && ab_tree_label(tree, n) && strcmp(ab_tree_label(tree, n), word) == 0;
}

void ab_narrate(const struct ab_trace *trace, const struct ab_event *ev,
		const struct ab_glyphs *g, struct ab_str *out)
{
	struct words w = { .used = 0, .scale = trace->tree->scale };
	size_t start = out->len;
	bool negamax = trace->config.view == AB_VIEW_NEGAMAX && !trace->tree->nchance;
	bool bug = bug_of(trace) != AB_BUG_NONE;
	if (bug && narrate_bug_event(trace, ev, negamax, g, &w, out))
		goto done;
	if (negamax && narrate_negamax(trace, ev, g, &w, out))
		goto notes;
	switch (ev->kind) {
	case AB_EV_ENTER:
		if (!narrate_pvs_enter(trace, ev, g, &w, out))
			narrate_enter(trace, ev, g, &w, out);
		break;
	case AB_EV_LEAF: {
		const char *name = name_of(&w, trace->tree, ev->node);
		if (ev->is_static)
			ab_str_addf(out, _("%s is not expanded at the depth limit: its static value %s stands in."),
				    name, value_of(&w, ev->value, g));
		else
			ab_str_addf(out, _("Look at leaf %s = %s."), name, value_of(&w, ev->value, g));
		break;
	}
	case AB_EV_UPDATE:
		narrate_update(trace, ev, g, &w, out);
		break;
	case AB_EV_CUTOFF:
		narrate_cutoff(trace, ev, g, &w, out);
		break;
	case AB_EV_RETURN:
		narrate_return(trace, ev, g, &w, out);
		break;
	case AB_EV_PROBE:
		narrate_probe(trace, ev, g, &w, out);
		break;
	case AB_EV_RESEARCH:
		narrate_research(trace, ev, g, &w, out);
		break;
	case AB_EV_ORDER:
		narrate_order(trace, ev, &w, out);
		break;
	case AB_EV_STORE:
		narrate_store(trace, ev, g, &w, out);
		break;
	case AB_EV_ITERATION:
		if (ev->depth == 1)
			ab_str_add(out, _("Iteration 1: a search to depth 1 begins, in the given order."));
		else
			ab_str_addf(out, _("Iteration %u: a new search to depth %u begins, each node's children ordered by what they returned in the last one."),
				    ev->depth, ev->depth);
		break;
	case AB_EV_RESULT:
		narrate_result(trace, ev, g, &w, out);
		break;
	case AB_EV_DONE:
		narrate_done(trace, ev, g, &w, out);
		break;
	case AB_EV_COUNT:
		ab_str_add(out, _("Before the first step."));
		break;
	}
notes:
	if (bug)
		bug_note(trace, ev, negamax, g, &w, out);
done:
	/* An English sentence may open with a name like "node 2": capitalise
	 * it (other languages have no capitals, or their own rules), unless
	 * the name is a label, which capitals would make another ("a1b1" in a
	 * game's tree, "b" where "B" is a node too). */
	if (out->len > start && out->s[start] >= 'a' && out->s[start] <= 'z' &&
	    strcmp(ab_i18n_language(), "en") == 0 && !opens_with_label(trace->tree, out, start))
		out->s[start] = (char)(out->s[start] - 'a' + 'A');
	ab_narrate_tidy(out, start);
	words_free(&w);
}
