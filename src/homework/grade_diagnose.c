/* grade_diagnose.c - what explains a wrong answer, when something does.
 *
 * The answer is graded again under each single change of convention (plain
 * minimax first, then ties, fail-hard or soft, values returned or proved,
 * the order, the root's player, chance pruning); the first under which
 * every item it writes is right explains it.  Each regrading is the
 * grader's own (ab_grade_plain): one recorded trace, never a search of
 * ours.
 *
 * The exception is clearly fenced below: a model of a student's mistake
 * (raising a bound from a child that is still being searched).  It is run
 * only to recognise that slip in a wrong answer, never to mark one.
 */
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "core/search.h"
#include "homework/grade_private.h"
#include "views/narrate.h"

/* ---- Diagnosis: another convention ----------------------------------------- */

/* Whether every item the answer writes is right under config and values. */
static bool all_right_under(const struct ab_tree *tree, const struct ab_config *config,
			    bool values_returned, const struct ab_answer *answer,
			    const struct ab_glyphs *g)
{
	struct ab_grade alt;
	struct facts f;
	struct ab_grade_options opt = { .values_returned = values_returned };
	bool ok = ab_grade_plain(tree, config, &opt, answer, g, &alt, &f);
	for (size_t i = 0; ok && i < alt.count; i++)
		ok = alt.items[i].right || alt.items[i].kind == AB_GRADE_UNREAD;
	ab_grade_facts_free(&f);
	ab_grade_free(&alt);
	return ok;
}

/* Whether the answer says nothing is pruned where alpha-beta prunes. */
static bool prunes_nothing(const struct ab_tree *tree, const struct ab_answer *answer,
			   const struct facts *f)
{
	uint8_t *claimed = ab_grade_claimed_pruned(tree, answer);
	if (!claimed)
		return false;
	bool none = true, cuts = false;
	for (uint32_t n = 0; n < tree->count; n++) {
		if (!ab_is_leaf(tree, n))
			continue;
		none &= !claimed[n];
		cuts |= pruned(f, n);
	}
	free(claimed);
	return none && cuts;
}

static bool diagnose_other(const struct ab_tree *tree, const struct ab_config *asked,
			   bool values_returned, const struct ab_answer *answer,
			   const struct ab_glyphs *g, struct ab_str *out, struct ab_str *clause);
static bool diagnose_change(const struct ab_tree *tree, const struct ab_config *asked,
			    bool values_returned, const struct ab_answer *answer,
			    const struct ab_glyphs *g, struct ab_str *out, struct ab_str *clause);

/* Tries plain minimax first (the likeliest reason for a wrong answer),
 * then each single change of convention; appends the sentence (and the
 * summary clause to *clause) for the first that explains the answer. */
static bool diagnose_convention(const struct ab_tree *tree, const struct ab_config *asked,
				bool values_returned, const struct ab_answer *answer,
				const struct facts *f, const struct ab_glyphs *g,
				struct ab_str *out, struct ab_str *clause)
{
	/* Conventions differ in their cuts: without a pruned: or visited: list
	 * and something more, "right under another convention" is too weak a
	 * hint to give. */
	bool has_list = false;
	for (size_t i = 0; i < answer->count; i++)
		has_list |= answer->items[i].kind == AB_ITEM_PRUNED ||
			    answer->items[i].kind == AB_ITEM_VISITED;
	if (asked->algo != AB_ALPHABETA || !has_list)
		return false;
	struct ab_config alt = *asked;
	alt.algo = AB_MINIMAX;
	bool minimax = prunes_nothing(tree, answer, f) ||
		       (answer->count >= 2 && all_right_under(tree, &alt, values_returned, answer, g));
	if (minimax) {
		struct ab_str skipped = AB_STR_INIT;
		uint32_t *cut = ab_xreallocarray(NULL, tree->count, sizeof *cut), ncut = 0;
		for (uint32_t n = 1; n < tree->count; n++)
			if (pruned(f, n) && visited(f, tree->nodes[n].parent))
				cut[ncut++] = n;
		ab_narrate_names(tree, cut, ncut, 8, &skipped);
		free(cut);
		if (tree->nchance) {
			ab_str_addf(out, _("Your answer matches plain expectimax, with no pruning at all; alpha-beta never looks at %s here."),
				    ab_str_cstr(&skipped));
			ab_str_add(clause, _("answered as plain expectimax does, with no pruning at all"));
		} else {
			ab_str_addf(out, _("Your answer matches plain minimax, with no pruning at all; alpha-beta never looks at %s here."),
				    ab_str_cstr(&skipped));
			ab_str_add(clause, _("answered as plain minimax does, with no pruning at all"));
		}
		ab_str_free(&skipped);
	}
	if (answer->count < 2)
		return minimax;
	/* A convention that also explains it follows, as a sentence of its own. */
	size_t more = out->len;
	if (minimax) {
		ab_str_addc(out, ' ');
		more = out->len;
	}
	if (!diagnose_other(tree, asked, values_returned, answer, g, out, minimax ? NULL : clause)) {
		if (minimax)
			ab_str_truncate(out, more - 1); /* the space */
		return minimax;
	}
	return true;
}

/* The single changes of convention, in turn; clause may be NULL. */
static bool diagnose_other(const struct ab_tree *tree, const struct ab_config *asked,
			   bool values_returned, const struct ab_answer *answer,
			   const struct ab_glyphs *g, struct ab_str *out, struct ab_str *clause)
{
	struct ab_str ignored = AB_STR_INIT;
	bool found = diagnose_change(tree, asked, values_returned, answer, g, out,
				     clause ? clause : &ignored);
	ab_str_free(&ignored);
	return found;
}

/* A fail convention and what it means, for a diagnosis. */
static const char *fail_meaning(enum ab_fail fail)
{
	switch (fail) {
	case AB_FAIL_HARD:
		return _("fail-hard as the lecture pseudocode writes it (a cut node returns its own bound: a MAX node its α, which may pass β)");
	case AB_FAIL_CLAMP:
		return _("fail-hard=clamp (every return clamped to the window the node was given: if v ≥ β return β)");
	case AB_FAIL_SOFT:
		break;
	}
	return _("fail-soft (a node returns its best value, even outside its window)");
}

static bool diagnose_change(const struct ab_tree *tree, const struct ab_config *asked,
			    bool values_returned, const struct ab_answer *answer,
			    const struct ab_glyphs *g, struct ab_str *out, struct ab_str *clause)
{
	struct ab_config alt = *asked;
	enum ab_chance_prune prune = ab_config_chance(asked, tree);
	if (tree->nchance && tree->has_bounds) {
		/* Chance nodes pruned another way: none, node or Star1. */
		static const enum ab_chance_prune others[] = { AB_CHANCE_NONE, AB_CHANCE_NODE,
							       AB_CHANCE_STAR1 };
		for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
			if (others[i] == prune)
				continue;
			alt.chance_prune = others[i];
			if (!all_right_under(tree, &alt, values_returned, answer, g))
				continue;
			ab_str_addf(out, _("Your answer is right with --chance-prune %s; this assignment prunes chance nodes with --chance-prune %s."),
				    ab_chance_prune_name(others[i]), ab_chance_prune_name(prune));
			ab_str_add(clause, others[i] == AB_CHANCE_NONE
				   ? _("did not prune below chance nodes")
				   : _("pruned chance nodes another way"));
			return true;
		}
		alt = *asked;
	}
	alt.strict = !asked->strict;
	if (all_right_under(tree, &alt, values_returned, answer, g)) {
		if (alt.strict) {
			ab_str_addf(out, _("Your answer is right if ties are not pruned (cut only on %s > %s); this assignment prunes on %s %s %s."),
				    g->alpha, g->beta, g->alpha, g->ge, g->beta);
			ab_str_add(clause, _("did not prune on a tie"));
		} else {
			ab_str_addf(out, _("Your answer is right if ties are pruned (cut on %s %s %s); this assignment cuts only on %s > %s."),
				    g->alpha, g->ge, g->beta, g->alpha, g->beta);
			ab_str_add(clause, _("pruned on a tie"));
		}
		return true;
	}
	/* The other conventions for what a cut node returns: fail-soft,
	 * fail-hard as the lecture writes it, and the clamped fail-hard of
	 * many engines and textbooks. */
	static const enum ab_fail fails[] = { AB_FAIL_SOFT, AB_FAIL_HARD, AB_FAIL_CLAMP };
	for (size_t i = 0; ab_config_prunes(asked) && i < sizeof fails / sizeof fails[0]; i++) {
		alt = *asked;
		alt.fail = fails[i];
		if (alt.fail == asked->fail || !all_right_under(tree, &alt, values_returned, answer, g))
			continue;
		ab_str_addf(out, _("Your answer is right under %s; this assignment is %s."),
			    fail_meaning(alt.fail), fail_meaning(asked->fail));
		switch (alt.fail) {
		case AB_FAIL_SOFT: ab_str_add(clause, _("answered under fail-soft")); break;
		case AB_FAIL_HARD: ab_str_add(clause, _("answered under fail-hard")); break;
		case AB_FAIL_CLAMP: ab_str_add(clause, _("answered under fail-hard=clamp")); break;
		}
		return true;
	}
	if (all_right_under(tree, asked, !values_returned, answer, g)) {
		ab_str_add(out, values_returned
			? _("Your answer is right if a node's number is what the search proves about its value (values: proved); this assignment reads it as what the node returns.")
			: _("Your answer is right if a node's number is what the node returns (values: returned, as many textbooks write it); this assignment reads it as what the search proves."));
		ab_str_add(clause, values_returned ? _("wrote proved values where returned numbers are asked")
						   : _("wrote returned numbers where proved values are asked"));
		return true;
	}
	alt = *asked;
	alt.order = asked->order == AB_ORDER_GIVEN ? AB_ORDER_REVERSE : AB_ORDER_GIVEN;
	alt.seed = 0;
	if (all_right_under(tree, &alt, values_returned, answer, g)) {
		struct ab_str order = AB_STR_INIT;
		ab_order_describe(asked, &order);
		if (alt.order == AB_ORDER_REVERSE)
			ab_str_add(out, _("Your answer is right if the children are searched last to first (order: reverse); this assignment searches them in the order given."));
		else
			ab_str_addf(out, _("Your answer is right if the children are searched in the order given; this assignment uses order %s."),
				    ab_str_cstr(&order));
		ab_str_add(clause, _("searched the children in another order"));
		ab_str_free(&order);
		return true;
	}
	alt = *asked;
	enum ab_player root = ab_config_root(asked, tree);
	alt.root = root == AB_MAX ? AB_ROOT_IS_MIN : AB_ROOT_IS_MAX;
	if (all_right_under(tree, &alt, values_returned, answer, g)) {
		ab_str_add(out, root == AB_MAX
			? _("Your answer is right if MIN moves at the root; here MAX moves at the root.")
			: _("Your answer is right if MAX moves at the root; here MIN moves at the root."));
		ab_str_add(clause, _("put the other player at the root"));
		return true;
	}
	return false;
}

/* ---- Diagnosis: the leaves below the depth limit --------------------------- */

/* Whether each of the answer's wrong values (the root's, the best move, a
 * node's value or bound, a returned number) is what the search without a
 * depth limit gives, and at least one is wrong. */
static bool values_from_below(const struct ab_tree *tree, const struct ab_config *full,
			      bool values_returned, const struct ab_answer *answer,
			      const struct ab_grade *graded, const struct ab_glyphs *g)
{
	struct ab_grade alt;
	struct facts f;
	struct ab_grade_options opt = { .values_returned = values_returned };
	bool ok = ab_grade_plain(tree, full, &opt, answer, g, &alt, &f);
	size_t wrong = 0;
	for (size_t i = 0; ok && i < graded->count; i++) {
		const struct ab_grade_item *it = &graded->items[i];
		if (it->right || (it->kind != AB_GRADE_VALUE && it->kind != AB_GRADE_BEST &&
				  it->kind != AB_GRADE_BOUND && it->kind != AB_GRADE_RETURNS))
			continue;
		wrong++;
		bool found = false;
		for (size_t j = 0; j < alt.count && !found; j++)
			found = alt.items[j].kind == it->kind && alt.items[j].line == it->line &&
				alt.items[j].node == it->node && alt.items[j].right;
		ok = found;
	}
	ab_grade_facts_free(&f);
	ab_grade_free(&alt);
	return ok && wrong > 0;
}

/* The classic depth-limit slip: the answer backs up the real leaves below
 * the horizon instead of the static values that stand in for them there.
 * Names the horizon nodes whose static value differs from what lies
 * below them. */
static bool diagnose_horizon(const struct ab_tree *tree, const struct ab_config *asked,
			     bool values_returned, const struct ab_answer *answer,
			     const struct facts *f, const struct ab_grade *graded,
			     const struct ab_glyphs *g, struct ab_str *out, struct ab_str *clause)
{
	if (!asked->depth || asked->iterative)
		return false;
	struct ab_config full = *asked;
	full.depth = 0;
	if (!values_from_below(tree, &full, values_returned, answer, graded, g))
		return false;
	/* The horizon nodes the wrong items are about: above a node the
	 * answer names, or below it (the root for value: and best:). */
	uint8_t *about = ab_xcalloc(tree->count, 1);
	for (size_t i = 0; i < graded->count; i++) {
		const struct ab_grade_item *it = &graded->items[i];
		if (it->right || (it->kind != AB_GRADE_VALUE && it->kind != AB_GRADE_BEST &&
				  it->kind != AB_GRADE_BOUND && it->kind != AB_GRADE_RETURNS))
			continue;
		uint32_t n = it->kind == AB_GRADE_VALUE || it->kind == AB_GRADE_BEST ? 0 : it->node;
		if (n == AB_NONE)
			continue;
		if (below_horizon(f, n))
			n = cutter(f, n);
		memset(about + n, 1, ab_end(tree, n) - n);
	}
	ab_value *below = ab_xcalloc(tree->count, sizeof *below);
	ab_depth_values(tree, f->trace->root_player, 0, below);
	uint32_t nodes[4], count = 0, more = 0;
	for (uint32_t n = 0; n < tree->count; n++) {
		if (!about[n] || !f->node[n].by_static || f->node[n].returned == below[n])
			continue;
		if (count < 4)
			nodes[count++] = n;
		else
			more++;
	}
	free(below);
	free(about);
	if (!count)
		return false;
	struct ab_str names = AB_STR_INIT, stands = AB_STR_INIT;
	ab_narrate_names(tree, nodes, count + more, 4, &names);
	for (uint32_t i = 0; i < count; i++) {
		if (i)
			ab_str_add(&stands, _(", "));
		ab_tree_name(tree, nodes[i], &stands);
		ab_str_add(&stands, " = ");
		ab_format_value(f->node[nodes[i]].returned, tree->scale, g, &stands);
	}
	if (count == 1) {
		struct ab_str value = AB_STR_INIT;
		ab_format_value(f->node[nodes[0]].returned, tree->scale, g, &value);
		ab_str_addf(out, _("You backed up the leaves below %s; at depth %u the search stops at %s, and its static value %s stands in for them."),
			    names.s, asked->depth, names.s, value.s);
		ab_str_free(&value);
	} else {
		ab_str_addf(out, _("You backed up the leaves below %s; at depth %u the search stops there, and their static values stand in for them (%s)."),
			    names.s, asked->depth, stands.s);
	}
	ab_str_add(clause, _("backed up the leaves below the depth limit, not the static values"));
	ab_str_free(&names);
	ab_str_free(&stands);
	return true;
}

/* ---- A model of a mistake, not a search for the product -------------------
 *
 * The classic slip: while a child is still being searched, its running
 * value is already used as the parent's bound (MAX's α raised from a MIN
 * child's best so far, or MIN's β lowered from a MAX child's), and that
 * premature bound flows back into the child's window, so a leaf is cut too
 * early.  slip_model plays alpha-beta with that wrong rule (everywhere, or
 * only while the root's first child is searched) and reports which leaves
 * it would look at and where the rule first bit.  Its only use is to
 * compare with a wrong answer's cuts.
 */

struct slip_frame {
	uint32_t node, next;
	ab_value alpha, beta, value;
	uint32_t last;  /* the child that set value */
	bool cut;
};

struct slip {
	bool found;
	uint32_t ancestor, child, from; /* the bound raised at ancestor from child,
					   whose value came from from */
	ab_value value;
};

static uint8_t *slip_model(const struct ab_tree *tree, const struct ab_config *config,
			   bool first_child_only, struct slip *first)
{
	enum ab_player root = ab_config_root(config, tree);
	uint32_t *order = ab_xcalloc(tree->count, sizeof *order);
	ab_search_order(tree, config, order);
	uint8_t *looked = ab_xcalloc(tree->count, 1);
	struct slip_frame *stack = ab_xcalloc((size_t)tree->height + 1, sizeof *stack);
	memset(first, 0, sizeof *first);
	size_t top = 0;
	stack[0] = (struct slip_frame){ 0, 0, AB_NEG_INF, AB_POS_INF,
					root == AB_MAX ? AB_NEG_INF : AB_POS_INF, AB_NONE, false };
	uint32_t first_child = order[tree->nodes[0].first_kid];
	for (;;) {
		struct slip_frame *f = &stack[top];
		const struct ab_node *node = &tree->nodes[f->node];
		bool max = ab_player_at(tree, f->node, root) == AB_MAX;
		uint32_t child = AB_NONE;
		ab_value r = 0;
		if (!f->cut && f->next < node->nkids) {
			uint32_t kid = order[node->first_kid + f->next++];
			if (!ab_is_leaf(tree, kid)) {
				bool kmax = !max;
				stack[++top] = (struct slip_frame){ kid, 0, f->alpha, f->beta,
					kmax ? AB_NEG_INF : AB_POS_INF, AB_NONE, false };
				continue;
			}
			looked[kid] = 1;
			child = kid;
			r = tree->nodes[kid].value;
		} else {
			if (top == 0)
				break;
			child = f->node;
			r = f->value;
			f = &stack[--top];
			node = &tree->nodes[f->node];
			max = !max;
		}
		/* The correct part: the running value and the node's own bound. */
		if (max ? r > f->value : r < f->value) {
			f->value = r;
			f->last = child;
		}
		if (max && f->value > f->alpha)
			f->alpha = f->value;
		if (!max && f->value < f->beta)
			f->beta = f->value;
		/* The slip: the unfinished node's running value goes up to its
		 * parent's bound at once, and back down into its own window. */
		if (top > 0 && (!first_child_only || (top == 1 && f->node == first_child))) {
			struct slip_frame *up = &stack[top - 1];
			bool raised = false;
			if (max && f->value < up->beta) {   /* up is MIN */
				up->beta = f->value;
				raised = true;
			} else if (!max && f->value > up->alpha) { /* up is MAX */
				up->alpha = f->value;
				raised = true;
			}
			if (raised && !first->found) {
				*first = (struct slip){ true, up->node, f->node, f->last, f->value };
			}
			if (f->alpha < up->alpha)
				f->alpha = up->alpha;
			if (f->beta > up->beta)
				f->beta = up->beta;
		}
		bool cut = config->strict ? f->alpha > f->beta : f->alpha >= f->beta;
		if (f->next < node->nkids && cut)
			f->cut = true;
	}
	free(stack);
	free(order);
	return looked;
}

/* Whether the answer's cuts are exactly those of the slip; if so, appends
 * the explanation. */
static bool diagnose_slip(const struct ab_tree *tree, const struct ab_config *asked,
			  const struct ab_answer *answer, const struct facts *f,
			  const struct ab_glyphs *g, struct ab_str *out)
{
	if (asked->algo != AB_ALPHABETA || ab_is_leaf(tree, 0))
		return false;
	uint8_t *claimed = ab_grade_claimed_pruned(tree, answer);
	if (!claimed)
		return false;
	bool found = false;
	for (int scope = 0; scope < 2 && !found; scope++) {
		struct slip first;
		uint8_t *looked = slip_model(tree, asked, scope == 0, &first);
		bool same = first.found, differs = false;
		for (uint32_t n = 0; n < tree->count && same; n++) {
			if (!ab_is_leaf(tree, n))
				continue;
			same = !claimed[n] == !!looked[n];
			if (!looked[n] != !visited(f, n))
				differs = true;
		}
		if (same && differs) {
			found = true;
			bool max_up = ab_player_at(tree, first.ancestor, f->trace->root_player) == AB_MAX;
			uint32_t *early = ab_xreallocarray(NULL, tree->leaves, sizeof *early);
			uint32_t count = 0;
			for (uint32_t n = 0; n < tree->count; n++)
				if (ab_is_leaf(tree, n) && !looked[n] && visited(f, n))
					early[count++] = n;
			struct ab_str up = AB_STR_INIT, child = AB_STR_INIT, from = AB_STR_INIT,
				      value = AB_STR_INIT, skipped = AB_STR_INIT;
			ab_tree_name(tree, first.ancestor, &up);
			ab_tree_name(tree, first.child, &child);
			ab_tree_name(tree, first.from, &from);
			ab_format_value(first.value, tree->scale, g, &value);
			ab_narrate_names(tree, early, count, 8, &skipped);
			/* One sentence, so a translation can order its parts. */
			ab_str_addf(out, max_up
				    ? _("Your cuts match a classic slip: raising %s's %s to %s from %s's running value (after %s) while %s is still being searched. %s's value is not known until it returns (step %u), and only then may %s take it, so %s must still be looked at.")
				    : _("Your cuts match a classic slip: lowering %s's %s to %s from %s's running value (after %s) while %s is still being searched. %s's value is not known until it returns (step %u), and only then may %s take it, so %s must still be looked at."),
				    ab_str_cstr(&up), max_up ? g->alpha : g->beta, ab_str_cstr(&value),
				    ab_str_cstr(&child), ab_str_cstr(&from), ab_str_cstr(&child),
				    ab_str_cstr(&child), f->node[first.child].ret_step,
				    max_up ? g->alpha : g->beta, ab_str_cstr(&skipped));
			ab_str_free(&up);
			ab_str_free(&child);
			ab_str_free(&from);
			ab_str_free(&value);
			ab_str_free(&skipped);
			free(early);
		}
		free(looked);
	}
	free(claimed);
	return found;
}

/* ---- The entry -------------------------------------------------------------- */

void ab_grade_diagnose(const struct ab_tree *tree, const struct ab_config *config,
		       bool values_returned, const struct ab_answer *answer,
		       const struct facts *f, const struct ab_glyphs *g,
		       struct ab_grade *out)
{
	struct ab_str note = AB_STR_INIT, clause = AB_STR_INIT;
	/* Sentences joined with a space: none is left where Chinese wants
	 * none (ab_narrate_tidy, below). */
	if (diagnose_horizon(tree, config, values_returned, answer, f, out, g, &note, &clause) ||
	    diagnose_convention(tree, config, values_returned, answer, f, g, &note, &clause)) {
		ab_narrate_tidy(&note, 0);
		ab_narrate_tidy(&clause, 0);
		out->diagnosis = ab_xstrdup(ab_str_cstr(&note));
		out->diagnosis_mistake = ab_xstrdup(ab_str_cstr(&clause));
	} else if (diagnose_slip(tree, config, answer, f, g, &note)) {
		ab_narrate_tidy(&note, 0);
		out->diagnosis = ab_xstrdup(ab_str_cstr(&note));
		out->diagnosis_mistake = ab_xstrdup(_("raised a bound from a child that was still being searched"));
	}
	ab_str_free(&note);
	ab_str_free(&clause);
}
