/* tt.h - the transposition table: what a search remembers of a position.
 *
 * N slots; a position's slot is its number modulo N, and a store always
 * replaces what the slot held (the simplest scheme, the one the lecture
 * notes describe).  An entry holds the position, the depth searched below
 * it, the value, whether that value is exact or only a bound (from the
 * window the node was searched with), and the child that gave it.  The
 * search (core/search.c) probes on entering a node and stores on
 * returning; the table only keeps entries and answers questions, so it
 * can be tested on its own.
 */
#ifndef AB_TT_H
#define AB_TT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/value.h"

/* What an entry's value says about the position's value. */
enum ab_tt_flag {
	AB_TT_EXACT, /* the value itself */
	AB_TT_LOWER, /* at least the value: the search failed high (>= beta) */
	AB_TT_UPPER, /* at most the value: it failed low (<= alpha) */
};

struct ab_tt_entry {
	uint32_t position; /* the position (its canonical node); AB_NONE:
			      an empty slot */
	uint32_t depth;    /* plies searched below it */
	ab_value value;
	enum ab_tt_flag flag;
	uint32_t best;     /* the child (node) that gave the value, or
			      AB_NONE */
};

struct ab_tt {
	struct ab_tt_entry *slots;
	uint32_t nslots;
	/* Counts, for stats. */
	uint64_t probes, hits, stores, replaced;
};

/* A table of n slots (at least 1), every slot empty. */
void ab_tt_init(struct ab_tt *tt, uint32_t n);
void ab_tt_free(struct ab_tt *tt);
void ab_tt_clear(struct ab_tt *tt);

static inline uint32_t ab_tt_slot(const struct ab_tt *tt, uint32_t position)
{
	return position % tt->nslots;
}

/* The entry for position, or NULL when its slot is empty or holds
 * another position.  Counts a probe (and a hit). */
const struct ab_tt_entry *ab_tt_probe(struct ab_tt *tt, uint32_t position);

/* The flag a value earns from the window [alpha, beta] its node was
 * searched with: at or below alpha an upper bound, at or above beta a
 * lower bound, strictly inside exact.  (Under --strict a cut needs
 * alpha > beta, but a value equal to a bound is still only a bound: the
 * search may have stopped at it.)  A value at an infinite bound is that
 * infinity, exact. */
enum ab_tt_flag ab_tt_flag_for(ab_value value, ab_value alpha, ab_value beta);
/* Whether the value says anything at all: not when it meets both bounds
 * of a window that holds no value strictly inside (alpha >= beta, which
 * --strict enters with alpha = beta): it may have failed either way, as
 * a fail-hard node returning its unmoved bound does.  Nothing is stored
 * then. */
bool ab_tt_proves(ab_value value, ab_value alpha, ab_value beta);

/* Stores an entry (depth at least 1) in its position's slot, always
 * replacing; *old gets what the slot held (position AB_NONE: it was
 * empty). */
void ab_tt_store(struct ab_tt *tt, const struct ab_tt_entry *entry,
		 struct ab_tt_entry *old);

/* What a probed entry does to a node searched with [*alpha, *beta] that
 * needs depth plies (any_depth: whatever its depth, the classic bug).
 * Returns the use: */
enum ab_tt_use {
	AB_TT_UNUSED,   /* a bound that moves nothing */
	AB_TT_VALUE,    /* exact: the node returns the value */
	AB_TT_RAISE,    /* lower bound: alpha rises to the value */
	AB_TT_LOWER_BETA, /* upper bound: beta falls to the value */
	AB_TT_SHALLOW,  /* searched less deep than the node needs */
	AB_TT_MISS,     /* (for probe events) the slot held another
			   position, or nothing */
};
enum ab_tt_use ab_tt_use(const struct ab_tt_entry *entry, uint32_t depth,
			 bool any_depth, ab_value *alpha, ab_value *beta);

const char *ab_tt_flag_word(enum ab_tt_flag flag);
/* The use as probe events name it in JSON: "none", "value", "alpha",
 * "beta", "shallow", "miss". */
const char *ab_tt_use_word(enum ab_tt_use use);

/* An empty slot's entry. */
#define AB_TT_EMPTY ((struct ab_tt_entry){ .position = UINT32_MAX, \
					   .best = UINT32_MAX })

#endif
