/* tt.c - the transposition table's slots, probes and stores (tt.h). */
#include "core/tt.h"

#include <stdlib.h>
#include <string.h>

#include "base/str.h"
#include "core/tree.h"

/* Inside, a slot is empty when its depth is 0 (no entry has depth 0: a
 * node the search enters is searched at least one ply), so a fresh table
 * is zeroed memory: calloc's pages, which the system hands out as they
 * are first touched, and a search that stores a few entries in a table of
 * a million slots pays for the few.  Outside, an empty slot reads as
 * AB_TT_EMPTY. */
void ab_tt_init(struct ab_tt *tt, uint32_t n)
{
	*tt = (struct ab_tt){ .nslots = n ? n : 1 };
	tt->slots = ab_xcalloc(tt->nslots, sizeof *tt->slots);
}

void ab_tt_free(struct ab_tt *tt)
{
	free(tt->slots);
	tt->slots = NULL;
	tt->nslots = 0;
}

void ab_tt_clear(struct ab_tt *tt)
{
	memset(tt->slots, 0, (size_t)tt->nslots * sizeof *tt->slots);
	tt->probes = tt->hits = tt->stores = tt->replaced = 0;
}

const struct ab_tt_entry *ab_tt_probe(struct ab_tt *tt, uint32_t position)
{
	const struct ab_tt_entry *e = &tt->slots[ab_tt_slot(tt, position)];
	tt->probes++;
	if (e->depth == 0 || e->position != position)
		return NULL;
	tt->hits++;
	return e;
}

enum ab_tt_flag ab_tt_flag_for(ab_value value, ab_value alpha, ab_value beta)
{
	/* At an infinite bound the value is that infinity, and exact: a
	 * lost position searched with (-inf, ...) is no bound. */
	if (value <= alpha && alpha != AB_NEG_INF)
		return AB_TT_UPPER;
	if (value >= beta && beta != AB_POS_INF)
		return AB_TT_LOWER;
	return AB_TT_EXACT;
}

bool ab_tt_proves(ab_value value, ab_value alpha, ab_value beta)
{
	bool below = value <= alpha && alpha != AB_NEG_INF;
	bool above = value >= beta && beta != AB_POS_INF;
	return !(below && above);
}

void ab_tt_store(struct ab_tt *tt, const struct ab_tt_entry *entry,
		 struct ab_tt_entry *old)
{
	struct ab_tt_entry *slot = &tt->slots[ab_tt_slot(tt, entry->position)];
	if (old)
		*old = slot->depth ? *slot : AB_TT_EMPTY;
	if (slot->depth)
		tt->replaced++;
	*slot = *entry;
	tt->stores++;
}

enum ab_tt_use ab_tt_use(const struct ab_tt_entry *entry, uint32_t depth,
			 bool any_depth, ab_value *alpha, ab_value *beta)
{
	if (!any_depth && entry->depth < depth)
		return AB_TT_SHALLOW;
	switch (entry->flag) {
	case AB_TT_EXACT:
		return AB_TT_VALUE;
	case AB_TT_LOWER:
		if (entry->value <= *alpha)
			return AB_TT_UNUSED;
		*alpha = entry->value;
		return AB_TT_RAISE;
	case AB_TT_UPPER:
		if (entry->value >= *beta)
			return AB_TT_UNUSED;
		*beta = entry->value;
		return AB_TT_LOWER_BETA;
	}
	return AB_TT_UNUSED;
}

const char *ab_tt_flag_word(enum ab_tt_flag flag)
{
	switch (flag) {
	case AB_TT_LOWER: return "lower";
	case AB_TT_UPPER: return "upper";
	case AB_TT_EXACT: break;
	}
	return "exact";
}

const char *ab_tt_use_word(enum ab_tt_use use)
{
	switch (use) {
	case AB_TT_VALUE: return "value";
	case AB_TT_RAISE: return "alpha";
	case AB_TT_LOWER_BETA: return "beta";
	case AB_TT_SHALLOW: return "shallow";
	case AB_TT_MISS: return "miss";
	case AB_TT_UNUSED: break;
	}
	return "none";
}
