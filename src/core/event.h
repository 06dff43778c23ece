/* event.h - what the search tells its consumers, one step at a time.
 *
 * The searcher sends every step to a sink; the recorded trace, the text
 * narration, JSON, statistics, the replay and the answer checker all consume
 * the same events, so they cannot disagree.  The kinds are one X-macro list
 * so their names (as in the JSON, abtrace-events(7), EVENTS) are written
 * once.
 */
#ifndef AB_EVENT_H
#define AB_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/tree.h"
#include "core/tt.h"

#define AB_EVENT_KINDS(X) \
	X(ENTER, "enter")   \
	X(LEAF, "leaf")     \
	X(UPDATE, "update") \
	X(CUTOFF, "cutoff") \
	X(RETURN, "return") \
	X(PROBE, "probe")   \
	X(STORE, "store")   \
	X(RESEARCH, "research") \
	X(ORDER, "order")   \
	X(ITERATION, "iteration") \
	X(RESULT, "result") \
	X(DONE, "done")

enum ab_event_kind {
#define AB_KIND_ENUM(name, text) AB_EV_##name,
	AB_EVENT_KINDS(AB_KIND_ENUM)
#undef AB_KIND_ENUM
	AB_EV_COUNT
};

/* Why an order event puts a child where it is. */
enum ab_order_why {
	AB_WHY_GIVEN,   /* the base order (given, or the last iteration's) */
	AB_WHY_TABLE,   /* the table's best move for the position */
	AB_WHY_KILLER,  /* a killer move at the node's depth */
	AB_WHY_HISTORY, /* its history score (above the ones after it) */
};
const char *ab_order_why_name(enum ab_order_why why);

/* What an update event changes. */
enum ab_what { AB_WHAT_ALPHA, AB_WHAT_BETA, AB_WHAT_VALUE };

const char *ab_event_kind_name(enum ab_event_kind kind);
const char *ab_what_name(enum ab_what what);

struct ab_event {
	enum ab_event_kind kind;
	uint32_t node;            /* every kind but iteration, result and done
				     (those: the root) */
	ab_value alpha, beta;     /* enter: the window; cutoff: the test */
	ab_value value;           /* leaf, return, done */
	ab_value lo, hi;          /* return: the proved interval; cutoff at a
				     chance node: the range S + R·[L, U] */
	bool is_static;           /* leaf: an inner node's static value */
	enum ab_what what;        /* update */
	ab_value old, new_;       /* update */
	uint32_t by;              /* cutoff: the ancestor whose bound fired */
	bool deep;                /* cutoff: by is not the parent */
	const uint32_t *pruned;   /* cutoff: children skipped, in tree order; */
	uint32_t npruned;         /*   valid only while the event is handled */
	uint32_t best;            /* result, done: the best root child, AB_NONE
				     if none */
	uint32_t leaves_visited;  /* result (that iteration), done (all) */
	uint32_t nodes_visited;   /* result, done: inner nodes entered */
	uint32_t depth;           /* iteration, result: the depth limit;
				     probe: the depth the node needs, store:
				     the entry's */
	/* The transposition table (--tt): a probe on entering a MAX or MIN
	 * node, a store on returning from one.  A probe's alpha and beta are
	 * the window after it, value the node's running value after it, lo
	 * and hi what the entry says of the node's value (-inf, +inf when
	 * nothing: a miss, or an entry too shallow), and what, old, new_ the
	 * bound it moved (value: an exact entry's).  A store's alpha and beta
	 * are the window the node was entered with, which its flag is from. */
	uint32_t slot;            /* probe, store */
	enum ab_tt_use use;       /* probe: what the entry did (AB_TT_MISS:
				     none found) */
	struct ab_tt_entry entry; /* probe: the entry found (position
				     AB_NONE: none); store: the one stored */
	struct ab_tt_entry replaced; /* store: what the slot held (position
				     AB_NONE: it was empty) */
	/* research (--pvs, --aspiration): node is searched again with the
	 * window [alpha, beta], since the value it returned (value) with the
	 * narrower one it was searched with, [lo, hi], did not settle its
	 * place. */
	/* order (--order killer|history): a MAX or MIN node's children in the
	 * order it will search them, each with why and, under history, its
	 * move's score; all valid only while the event is handled. */
	const uint32_t *order;
	const uint8_t *why;       /* enum ab_order_why per child */
	const uint64_t *scores;   /* per child, or NULL (killer) */
	uint32_t norder;
	/* done: the table's counts over the whole search (0 without one) */
	uint32_t probes, hits, stores;
};

/* A consumer of events.  emit returns 0 to go on, nonzero to stop the
 * search (which then returns that value).  kinds says which kinds it reads,
 * as AB_EVENT_BIT()s; 0 reads every kind.  The search never builds an event
 * nobody reads: a sink that only counts reads the done event (and under
 * --iterative the result events), which carry the counts the search keeps
 * itself, so statistics cost no more than a bare search. */
struct ab_sink {
	int (*emit)(void *ctx, const struct ab_event *ev);
	void *ctx;
	uint32_t kinds;
};

#define AB_EVENT_BIT(kind) (1u << (kind))
#define AB_EVENT_ALL 0u

#endif
