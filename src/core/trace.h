/* trace.h - the recorded search: every event, and the state at any step.
 *
 * Each event is kept as a 32-byte record holding what it changed and what
 * it overwrote, so the state moves one step forwards or backwards in O(1):
 * the replay steps back through a million-event trace without searching or
 * replaying from the start.  Step 0 is before the first event; step i is
 * after event i (1-based, as in `abtrace trace`).
 */
#ifndef AB_TRACE_H
#define AB_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/event.h"
#include "core/search.h"
#include "core/tree.h"

enum ab_status {
	AB_UNVISITED, /* not reached yet (or never: see ab_trace_pruned) */
	AB_ACTIVE,    /* entered, on the current path */
	AB_DONE,      /* a leaf looked at, or an inner node returned */
};

/* One recorded event.  Fields by kind:
 *   enter:  a = alpha, b = beta
 *   leaf:   a = value, c = the parent's proved bound before this leaf
 *   update: what; a = old, b = new
 *   cutoff: deep; a = alpha, b = beta, c = the ancestor whose bound fired
 *   return: a = lo, b = hi, c = the parent's proved bound before it
 *           (the returned value is the node's value, or its alpha/beta
 *           under fail-hard, still in the state)
 *   iteration: a = the depth limit (node: the root)
 *   result: as done, for one iteration (its depth is the iteration's)
 *   done:   a = value, b = leaves visited << 32 | inner nodes entered,
 *           c = the best child (AB_NONE if none)
 *   probe, store: a = the index of its ab_trace_tt (everything else)
 *   research: a = the index of its ab_trace_research
 *   order: a = the index of its ab_trace_order
 * Under --pvs and --aspiration a node can be entered again in one search:
 * a research event clears the node's subtree (each node it had reached
 * keeps only `earlier`), so the new search starts from nothing as the
 * first did, and stepping back over it restores what it cleared.  A
 * return's `what` is the node's enum ab_node_type.
 * A leaf record's spare is 1 for a static value.  What a chance node's
 * cutoff (its range lo, hi) and return (its value) carry besides does not
 * fit: it goes to the few extra records below, by step.
 */
struct ab_record {
	uint32_t node;
	uint8_t kind;  /* enum ab_event_kind */
	uint8_t what;  /* enum ab_what */
	uint8_t deep;
	uint8_t spare;
	ab_value a, b, c;
};

/* What the search has established about one node at the current step. */
struct ab_node_state {
	ab_value alpha, beta; /* its window (meaningful once entered) */
	ab_value value;       /* its running best value (fail-soft, minimax) */
	ab_value lo, hi;      /* proved interval: final once done; while active,
				 lo (at MAX) or hi (at MIN) is the bound its
				 searched children prove so far */
	uint8_t status;       /* enum ab_status */
	uint8_t cut;          /* a cutoff fired here: unvisited kids are pruned */
	uint8_t type;         /* enum ab_node_type, once it has returned */
	uint8_t earlier;      /* reached by a search that a research event
				 then started again (--pvs, --aspiration):
				 looked at, though not (yet) by this one */
};

/* Knuth and Moore's node types, as the search found them (the node's
 * result against the window it was entered with): PV, its value exact,
 * strictly inside the window; CUT, it failed high for its mover (a MAX
 * node's value reached beta, a MIN node's fell to alpha: a cutoff, or the
 * last child's value); ALL, it failed low for its mover (every child
 * searched, none beat the bound).  Chance nodes and leaves have none. */
enum ab_node_type { AB_TYPE_NONE, AB_TYPE_PV, AB_TYPE_CUT, AB_TYPE_ALL };
const char *ab_node_type_name(enum ab_node_type type);

struct ab_trace_extra {
	uint32_t step;    /* 1-based */
	ab_value a, b;    /* cutoff: lo, hi; return: the value */
};

/* A research event: the node searched again with [alpha, beta] after it
 * returned value; and, taken the first time the state passes it, the
 * states its subtree held then (the nodes reached), which it clears and
 * stepping back restores. */
struct ab_trace_research {
	uint32_t node;
	ab_value value, alpha, beta;
	ab_value was_alpha, was_beta; /* the window it returned value from */
	bool taken;
	uint32_t count;
	uint32_t *nodes;
	struct ab_node_state *states;
};

/* An order event: its children, reasons and scores are entries first to
 * first + count - 1 of the trace's order arrays. */
struct ab_trace_order {
	size_t first;
	uint32_t count;
	bool scores;
};

/* A probe's or a store's event, as the search sent it (the fields of
 * struct ab_event that it uses). */
struct ab_trace_tt {
	uint32_t slot;
	uint32_t depth;               /* probe: the depth needed; store: the
					 entry's */
	uint8_t use;                  /* probe: enum ab_tt_use */
	uint8_t what;                 /* probe: the bound it moved */
	struct ab_tt_entry entry;     /* probe: found; store: stored */
	struct ab_tt_entry replaced;  /* store: what the slot held */
	ab_value old, new_;           /* probe: that bound, before and after */
	ab_value alpha, beta, value;  /* probe: the node's, after it (store:
					 the window it was entered with) */
	ab_value lo, hi;              /* probe: what the entry says */
};

struct ab_trace {
	const struct ab_tree *tree;     /* not owned */
	struct ab_config config;
	enum ab_player root_player;
	struct ab_record *records;
	size_t length, cap;
	size_t step;                    /* the current step, 0..length */
	struct ab_node_state *state;    /* one per node */
	uint32_t *visit_step;           /* built on first use: see */
	uint32_t *cut_step;             /*   ab_trace_visit_step */
	uint32_t *scratch;              /* pruned lists handed out in events */
	struct ab_trace_extra *extras;  /* chance nodes' cutoffs and returns */
	size_t nextras, extras_cap;
	uint32_t leaves_visited, nodes_visited; /* over the whole search */
	uint32_t leaves_now, nodes_now;         /* up to the current step */
	/* Iterative deepening: an iteration event clears every node's state;
	 * stepping back over it restores the state the last iteration left,
	 * kept (as the nodes it touched) the first time the replay passes. */
	uint32_t horizon;               /* the depth limit at the current step
					   (0: none, or before iteration 1) */
	uint32_t iterations;            /* iteration events in the trace */
	struct ab_trace_saved *saved;   /* per iteration from the 2nd, or NULL */
	uint32_t *order;                /* ab_trace_iteration_order's, for */
	uint32_t order_of;              /*   this iteration (0: none yet) */
	/* The transposition table (--tt): its probes and stores, and the
	 * slots as they are at the current step (NULL without a table). */
	struct ab_trace_tt *tt_events;
	size_t ntt_events, tt_events_cap;
	struct ab_tt_entry *tt_slots;
	uint32_t tt_nslots;
	/* Re-searches (--pvs, --aspiration). */
	struct ab_trace_research *researches;
	size_t nresearches, researches_cap;
	/* Order events (--order killer|history) and their lists. */
	struct ab_trace_order *orders;
	size_t norders, orders_cap;
	uint32_t *order_nodes;
	uint8_t *order_why;
	uint64_t *order_scores;
	size_t order_len, order_list_cap;
};

/* The state one iteration left, for stepping back into it. */
struct ab_trace_saved {
	bool taken;
	uint32_t count;
	uint32_t *nodes;
	struct ab_node_state *states;
};

/* Searches tree under config and records every event.  The trace keeps a
 * pointer to tree, which must outlive it and stay unedited.  The state is
 * left at step 0.  Returns NULL when the trace would exceed the memory
 * limit of AB_MAX_EVENTS events. */
#define AB_MAX_EVENTS UINT32_MAX
struct ab_trace *ab_trace_record(const struct ab_tree *tree,
				 const struct ab_config *config);
void ab_trace_free(struct ab_trace *trace);

/* Moves the state one step; returns false at either end. */
bool ab_trace_forward(struct ab_trace *trace);
bool ab_trace_back(struct ab_trace *trace);
/* Moves the state to any step (clamped to 0..length), one step at a time. */
void ab_trace_seek(struct ab_trace *trace, size_t step);

/* The event of the current step (step >= 1), as the search sent it.  Its
 * pruned list stays valid until the trace moves. */
void ab_trace_event(struct ab_trace *trace, struct ab_event *ev);

/* The last event, done: what the whole search found (value, best move,
 * counts), wherever the state is; kind AB_EV_COUNT if the trace is empty. */
void ab_trace_done(const struct ab_trace *trace, struct ab_event *ev);

/* The state of one node at the current step. */
static inline const struct ab_node_state *
ab_trace_node(const struct ab_trace *trace, uint32_t n)
{
	return &trace->state[n];
}
/* Whether n is pruned at the current step: it was never reached (nor
 * `earlier`) and the nearest reached ancestor has cut off (a pruned
 * subtree is pruned whole). */
bool ab_trace_pruned(const struct ab_trace *trace, uint32_t n);
/* The step that entered or looked at node n (0: never), and the step of
 * n's own cutoff (0: none).  The index behind them is built on first use. */
uint32_t ab_trace_visit_step(const struct ab_trace *trace, uint32_t n);
uint32_t ab_trace_cut_step(const struct ab_trace *trace, uint32_t n);
/* A chance node's cutoff at step (1-based): the range S + R·[L, U] its
 * expectation could still take.  False when that step is no such cutoff. */
bool ab_trace_chance_range(const struct ab_trace *trace, size_t step,
			   ab_value *lo, ab_value *hi);
/* Whether n lies below the depth limit in force at the current step: the
 * search does not look at it at this depth (pruned is another matter). */
bool ab_trace_below_horizon(const struct ab_trace *trace, uint32_t n);
/* The step of the iteration event that begins iteration `depth` (1-based),
 * or 0 when there is none; and the iteration the current step is in
 * (0 before the first, or without --iterative). */
size_t ab_trace_iteration_step(const struct ab_trace *trace, uint32_t depth);
uint32_t ab_trace_iteration(const struct ab_trace *trace);
/* ab_trace_visit_step and ab_trace_cut_step within the iteration the
 * current step is in (the first before it begins): under --iterative a
 * node is entered once per iteration.  Without iterations, the same. */
uint32_t ab_trace_visit_step_now(const struct ab_trace *trace, uint32_t n);
uint32_t ab_trace_cut_step_now(const struct ab_trace *trace, uint32_t n);
/* The order (indexed like tree->kids) iteration `depth` searched every
 * node's children in; kept for the last iteration asked about, valid
 * until the next call or ab_trace_free. */
const uint32_t *ab_trace_iteration_order(struct ab_trace *trace, uint32_t depth);

/* The table's slots as the search left them at the current step (every
 * position AB_NONE at step 0); NULL without --tt.  *n gets how many. */
const struct ab_tt_entry *ab_trace_table(const struct ab_trace *trace,
					 uint32_t *n);
/* The probe or store of the event at step (1-based), NULL when that
 * step is neither. */
const struct ab_trace_tt *ab_trace_tt_at(const struct ab_trace *trace,
					 size_t step);

/* Node n's type (Knuth and Moore's) once it has returned at the current
 * step, else AB_TYPE_NONE. */
static inline enum ab_node_type ab_trace_node_type(const struct ab_trace *trace,
						   uint32_t n)
{
	return (enum ab_node_type)trace->state[n].type;
}

/* The order event at step (1-based): NULL when that step is none. */
const struct ab_trace_order *ab_trace_order_at(const struct ab_trace *trace,
					       size_t step);

/* The node the current step is about (the root at step 0). */
uint32_t ab_trace_current(const struct ab_trace *trace);
/* Whether n has been looked at by the current step: reached, or reached
 * by a search a research event started again. */
static inline bool ab_trace_reached(const struct ab_trace *trace, uint32_t n)
{
	return trace->state[n].status != AB_UNVISITED || trace->state[n].earlier;
}

/* Whether the node is on the current path (active, from the root down). */
static inline bool ab_trace_on_path(const struct ab_trace *trace, uint32_t n)
{
	return trace->state[n].status == AB_ACTIVE;
}

#endif
