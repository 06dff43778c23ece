/* trace.c - recording events and moving the state through them.
 *
 * The recorder is just another sink: it turns each event into a record that
 * also keeps what applying it overwrites, then applies it.  Stepping
 * forwards and backwards uses the same two functions, apply and undo, so a
 * state reached by stepping is the state the recorder saw.
 */
#include "core/trace.h"

#include <stdlib.h>
#include <string.h>

static ab_value max_value(ab_value a, ab_value b) { return a > b ? a : b; }
static ab_value min_value(ab_value a, ab_value b) { return a < b ? a : b; }

static bool is_max(const struct ab_trace *trace, uint32_t n)
{
	return ab_player_at(trace->tree, n, trace->root_player) == AB_MAX;
}

static bool is_chance(const struct ab_trace *trace, uint32_t n)
{
	return trace->tree->nchance &&
	       ab_player_at(trace->tree, n, trace->root_player) == AB_CHANCE;
}

static void add_extra(struct ab_trace *trace, ab_value a, ab_value b)
{
	if (trace->nextras == trace->extras_cap) {
		trace->extras_cap = trace->extras_cap ? trace->extras_cap * 2 : 16;
		trace->extras = ab_xreallocarray(trace->extras, trace->extras_cap,
						 sizeof *trace->extras);
	}
	trace->extras[trace->nextras++] = (struct ab_trace_extra){
		(uint32_t)trace->length + 1, a, b };
}

static const struct ab_trace_extra *find_extra(const struct ab_trace *trace,
					       size_t step)
{
	size_t lo = 0, hi = trace->nextras;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (trace->extras[mid].step < step)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < trace->nextras && trace->extras[lo].step == step
		       ? &trace->extras[lo] : NULL;
}

/* The bound a node's proved interval gives its parent while the parent is
 * still searching: lo for a MAX parent, hi for a MIN one. */
static ab_value *parent_bound(struct ab_trace *trace, uint32_t child)
{
	uint32_t p = trace->tree->nodes[child].parent;
	if (p == AB_NONE || is_chance(trace, p))
		return NULL; /* a chance node proves its interval at the end */
	struct ab_node_state *ps = &trace->state[p];
	return is_max(trace, p) ? &ps->lo : &ps->hi;
}

static void fold_into_parent(struct ab_trace *trace, uint32_t child,
			     ab_value lo, ab_value hi)
{
	ab_value *bound = parent_bound(trace, child);
	if (!bound)
		return;
	uint32_t p = trace->tree->nodes[child].parent;
	*bound = is_max(trace, p) ? max_value(*bound, lo) : min_value(*bound, hi);
}

static ab_value *update_field(struct ab_node_state *st, enum ab_what what)
{
	switch (what) {
	case AB_WHAT_ALPHA: return &st->alpha;
	case AB_WHAT_BETA: return &st->beta;
	case AB_WHAT_VALUE: break;
	}
	return &st->value;
}

/* An iteration begins: the state the last one left is kept (once), then
 * every node starts afresh, as at step 0. */
static void begin_iteration(struct ab_trace *trace, uint32_t depth)
{
	uint32_t count = trace->tree->count;
	if (depth >= 2 && trace->saved && depth - 2 < trace->iterations) {
		struct ab_trace_saved *sv = &trace->saved[depth - 2];
		if (!sv->taken) {
			uint32_t touched = 0;
			for (uint32_t n = 0; n < count; n++)
				touched += ab_trace_reached(trace, n);
			sv->nodes = ab_xcalloc(touched ? touched : 1, sizeof *sv->nodes);
			sv->states = ab_xcalloc(touched ? touched : 1, sizeof *sv->states);
			for (uint32_t n = 0; n < count; n++)
				if (ab_trace_reached(trace, n)) {
					sv->nodes[sv->count] = n;
					sv->states[sv->count++] = trace->state[n];
				}
			sv->taken = true;
		}
	}
	memset(trace->state, 0, (size_t)count * sizeof *trace->state);
	trace->horizon = depth;
}

/* Stepping back over an iteration's start: the last iteration's state. */
static void end_iteration(struct ab_trace *trace, uint32_t depth)
{
	memset(trace->state, 0, (size_t)trace->tree->count * sizeof *trace->state);
	trace->horizon = depth - 1;
	if (depth < 2 || !trace->saved)
		return;
	const struct ab_trace_saved *sv = &trace->saved[depth - 2];
	for (uint32_t i = 0; i < sv->count; i++)
		trace->state[sv->nodes[i]] = sv->states[i];
}

/* A probe moves the node's window, its running value and its own side
 * of the proved interval (lo at MAX, hi at MIN: the other side is shown
 * only when it returns). */
static void apply_probe(struct ab_trace *trace, const struct ab_record *r)
{
	struct ab_node_state *st = &trace->state[r->node];
	const struct ab_trace_tt *x = &trace->tt_events[r->a];
	st->alpha = x->alpha;
	st->beta = x->beta;
	st->value = x->value;
	if (is_max(trace, r->node))
		st->lo = max_value(st->lo, x->lo);
	else
		st->hi = min_value(st->hi, x->hi);
}

/* Back to the state the node's enter left: the event just before. */
static void undo_probe(struct ab_trace *trace, const struct ab_record *r)
{
	struct ab_node_state *st = &trace->state[r->node];
	const struct ab_record *enter = r - 1;
	st->alpha = enter->a;
	st->beta = enter->b;
	st->value = is_max(trace, r->node) ? AB_NEG_INF : AB_POS_INF;
	st->lo = AB_NEG_INF;
	st->hi = AB_POS_INF;
}

/* ---- Re-searches -------------------------------------------------------- */

/* The research event's snapshot of its subtree, the first time through. */
static void take_snapshot(struct ab_trace *trace, struct ab_trace_research *x)
{
	if (x->taken)
		return;
	uint32_t end = ab_end(trace->tree, x->node), count = 0;
	for (uint32_t n = x->node; n < end; n++)
		count += trace->state[n].status != AB_UNVISITED;
	x->nodes = ab_xcalloc(count ? count : 1, sizeof *x->nodes);
	x->states = ab_xcalloc(count ? count : 1, sizeof *x->states);
	for (uint32_t n = x->node; n < end; n++)
		if (trace->state[n].status != AB_UNVISITED) {
			x->nodes[x->count] = n;
			x->states[x->count++] = trace->state[n];
		}
	x->taken = true;
}

/* A research event: the subtree's reached nodes start again, each
 * keeping only that it was looked at. */
static void clear_for_research(struct ab_trace *trace, const struct ab_trace_research *x)
{
	for (uint32_t i = 0; i < x->count; i++)
		trace->state[x->nodes[i]] = (struct ab_node_state){ .earlier = 1 };
}

static void restore_research(struct ab_trace *trace, const struct ab_trace_research *x)
{
	for (uint32_t i = 0; i < x->count; i++)
		trace->state[x->nodes[i]] = x->states[i];
}

/* The state node n had before it was entered or looked at: step 0's,
 * all zero, but for `earlier` (a research event cleared it). */
static void state_before(struct ab_trace *trace, uint32_t n)
{
	struct ab_node_state *st = &trace->state[n];
	uint8_t earlier = st->earlier;
	*st = (struct ab_node_state){ .earlier = earlier };
}

static void apply(struct ab_trace *trace, const struct ab_record *r)
{
	struct ab_node_state *st = &trace->state[r->node];
	switch ((enum ab_event_kind)r->kind) {
	case AB_EV_ENTER:
		st->status = AB_ACTIVE;
		st->alpha = r->a;
		st->beta = r->b;
		st->value = is_chance(trace, r->node) ? 0
			    : is_max(trace, r->node) ? AB_NEG_INF : AB_POS_INF;
		st->lo = AB_NEG_INF;
		st->hi = AB_POS_INF;
		st->cut = 0;
		st->type = AB_TYPE_NONE;
		trace->nodes_now++;
		break;
	case AB_EV_LEAF:
		st->status = AB_DONE;
		st->value = st->lo = st->hi = r->a;
		fold_into_parent(trace, r->node, r->a, r->a);
		trace->leaves_now++;
		break;
	case AB_EV_UPDATE:
		*update_field(st, (enum ab_what)r->what) = r->b;
		break;
	case AB_EV_CUTOFF:
		st->cut = 1;
		break;
	case AB_EV_RETURN:
		st->status = AB_DONE;
		st->lo = r->a;
		st->hi = r->b;
		st->type = r->what;
		fold_into_parent(trace, r->node, r->a, r->b);
		break;
	case AB_EV_RESEARCH:
		take_snapshot(trace, &trace->researches[r->a]);
		clear_for_research(trace, &trace->researches[r->a]);
		break;
	case AB_EV_ORDER:
		break;
	case AB_EV_PROBE:
		apply_probe(trace, r);
		break;
	case AB_EV_STORE: {
		const struct ab_trace_tt *x = &trace->tt_events[r->a];
		trace->tt_slots[x->slot] = x->entry;
		break;
	}
	case AB_EV_ITERATION:
		begin_iteration(trace, (uint32_t)r->a);
		break;
	case AB_EV_RESULT:
	case AB_EV_DONE:
	case AB_EV_COUNT:
		break;
	}
}

static void undo(struct ab_trace *trace, const struct ab_record *r)
{
	struct ab_node_state *st = &trace->state[r->node];
	ab_value *bound;
	switch ((enum ab_event_kind)r->kind) {
	case AB_EV_ENTER:
		/* A node is entered from the all-zero state of step 0
		 * (restoring that exactly lets a trace reset by clearing), or
		 * again after a research event, from the state it had then. */
		state_before(trace, r->node);
		trace->nodes_now--;
		break;
	case AB_EV_LEAF:
		state_before(trace, r->node);
		if ((bound = parent_bound(trace, r->node)))
			*bound = r->c;
		trace->leaves_now--;
		break;
	case AB_EV_UPDATE:
		*update_field(st, (enum ab_what)r->what) = r->a;
		break;
	case AB_EV_CUTOFF:
		st->cut = 0;
		break;
	case AB_EV_RETURN:
		/* Active again: its own bound is the side the interval kept
		 * (a chance node proves nothing until it returns). */
		st->status = AB_ACTIVE;
		if (is_chance(trace, r->node)) {
			st->lo = AB_NEG_INF;
			st->hi = AB_POS_INF;
		} else if (is_max(trace, r->node)) {
			st->hi = AB_POS_INF;
		} else {
			st->lo = AB_NEG_INF;
		}
		st->type = AB_TYPE_NONE;
		if ((bound = parent_bound(trace, r->node)))
			*bound = r->c;
		break;
	case AB_EV_RESEARCH:
		restore_research(trace, &trace->researches[r->a]);
		break;
	case AB_EV_ORDER:
		break;
	case AB_EV_PROBE:
		undo_probe(trace, r);
		break;
	case AB_EV_STORE: {
		const struct ab_trace_tt *x = &trace->tt_events[r->a];
		trace->tt_slots[x->slot] = x->replaced;
		break;
	}
	case AB_EV_ITERATION:
		end_iteration(trace, (uint32_t)r->a);
		break;
	case AB_EV_RESULT:
	case AB_EV_DONE:
	case AB_EV_COUNT:
		break;
	}
}

/* ---- Recording ---------------------------------------------------------- */

static size_t add_tt_event(struct ab_trace *trace, const struct ab_event *ev)
{
	if (trace->ntt_events == trace->tt_events_cap) {
		trace->tt_events_cap = trace->tt_events_cap ? trace->tt_events_cap * 2 : 64;
		trace->tt_events = ab_xreallocarray(trace->tt_events, trace->tt_events_cap,
						    sizeof *trace->tt_events);
	}
	trace->tt_events[trace->ntt_events] = (struct ab_trace_tt){
		.slot = ev->slot, .depth = ev->depth, .use = (uint8_t)ev->use,
		.what = (uint8_t)ev->what, .entry = ev->entry,
		.replaced = ev->replaced, .old = ev->old, .new_ = ev->new_,
		.alpha = ev->alpha, .beta = ev->beta, .value = ev->value,
		.lo = ev->lo, .hi = ev->hi,
	};
	return trace->ntt_events++;
}

/* The recorder's sink context: the trace, and the widest node that cut
 * off (its pruned list is the longest ab_trace_event hands out). */
struct recorder {
	struct ab_trace *trace;
	uint32_t widest_cut;
	/* The bound each node on the current path has proved so far, by
	 * depth: all the recorder needs to know of the state, so recording
	 * leaves the per-node state untouched (still step 0) and a search
	 * that only wants counts never pays for it. */
	ab_value *bound_at;
	uint8_t *player_at; /* the player of the node on the path, by depth */
	ab_value before;   /* the last folded bound's old value */
	/* By depth on the path: the window each node was entered with and
	 * whether it cut off, for its node type. */
	ab_value *alpha_at, *beta_at;
	uint8_t *cut_at;
};

/* The node type a return earns (see enum ab_node_type). */
static uint8_t node_type(const struct recorder *rec, uint32_t depth,
			 const struct ab_event *ev)
{
	enum ab_player p = (enum ab_player)rec->player_at[depth];
	if (p == AB_CHANCE)
		return AB_TYPE_NONE;
	bool strict = rec->trace->config.strict;
	ab_value a = rec->alpha_at[depth], b = rec->beta_at[depth], v = ev->value;
	bool high = b != AB_POS_INF && (strict ? v > b : v >= b);
	bool low = a != AB_NEG_INF && (strict ? v < a : v <= a);
	if (p == AB_MAX ? rec->cut_at[depth] || high : rec->cut_at[depth] || low)
		return AB_TYPE_CUT;
	if (p == AB_MAX ? low : high)
		return AB_TYPE_ALL;
	return AB_TYPE_PV;
}

static size_t add_order(struct ab_trace *trace, const struct ab_event *ev)
{
	if (trace->norders == trace->orders_cap) {
		trace->orders_cap = trace->orders_cap ? trace->orders_cap * 2 : 64;
		trace->orders = ab_xreallocarray(trace->orders, trace->orders_cap,
						 sizeof *trace->orders);
	}
	while (trace->order_len + ev->norder > trace->order_list_cap) {
		size_t cap = trace->order_list_cap ? trace->order_list_cap * 2 : 256;
		trace->order_nodes = ab_xreallocarray(trace->order_nodes, cap,
						      sizeof *trace->order_nodes);
		trace->order_why = ab_xreallocarray(trace->order_why, cap, 1);
		trace->order_scores = ab_xreallocarray(trace->order_scores, cap,
						       sizeof *trace->order_scores);
		trace->order_list_cap = cap;
	}
	size_t first = trace->order_len;
	for (uint32_t i = 0; i < ev->norder; i++) {
		trace->order_nodes[first + i] = ev->order[i];
		trace->order_why[first + i] = ev->why[i];
		trace->order_scores[first + i] = ev->scores ? ev->scores[i] : 0;
	}
	trace->order_len += ev->norder;
	trace->orders[trace->norders] = (struct ab_trace_order){
		first, ev->norder, ev->scores != NULL };
	return trace->norders++;
}

static size_t add_research(struct ab_trace *trace, const struct ab_event *ev)
{
	if (trace->nresearches == trace->researches_cap) {
		trace->researches_cap = trace->researches_cap ? trace->researches_cap * 2 : 16;
		trace->researches = ab_xreallocarray(trace->researches, trace->researches_cap,
						     sizeof *trace->researches);
	}
	trace->researches[trace->nresearches] = (struct ab_trace_research){
		.node = ev->node, .value = ev->value, .alpha = ev->alpha, .beta = ev->beta,
		.was_alpha = ev->lo, .was_beta = ev->hi,
	};
	return trace->nresearches++;
}

/* Folds a finished child's interval into its parent's bound on the path
 * stack.  Returns a copy of the parent's bound from before, the value undo
 * restores (NULL for the root, which has no parent). */
static ab_value *recorder_fold(struct recorder *rec, uint32_t child,
			       ab_value lo, ab_value hi)
{
	const struct ab_tree *tree = rec->trace->tree;
	uint32_t depth = tree->nodes[child].depth;
	if (depth == 0)
		return NULL;
	enum ab_player parent = (enum ab_player)rec->player_at[depth - 1];
	if (parent == AB_CHANCE)
		return NULL;
	ab_value *bound = &rec->bound_at[depth - 1];
	rec->before = *bound;
	if (parent == AB_MAX)
		*bound = *bound > lo ? *bound : lo;
	else
		*bound = *bound < hi ? *bound : hi;
	return &rec->before;
}

static int record_event(void *ctx, const struct ab_event *ev)
{
	struct recorder *rec = ctx;
	struct ab_trace *trace = rec->trace;
	if (trace->length == trace->cap) {
		if (trace->cap >= AB_MAX_EVENTS)
			return 1;
		size_t cap = trace->cap ? trace->cap * 2 : 1024;
		if (cap > AB_MAX_EVENTS)
			cap = AB_MAX_EVENTS;
		trace->records = ab_xreallocarray(trace->records, cap,
						  sizeof *trace->records);
		trace->cap = cap;
	}
	/* Filled in place: a record built on the stack and then copied cost
	 * a store-forwarding stall per event, a fifth of a whole search. */
	struct ab_record *r = &trace->records[trace->length];
	r->node = ev->node;
	r->kind = (uint8_t)ev->kind;
	r->what = r->deep = r->spare = 0;
	r->a = r->b = r->c = 0;
	ab_value *bound;
	switch (ev->kind) {
	case AB_EV_ENTER: {
		r->a = ev->alpha;
		r->b = ev->beta;
		uint32_t depth = trace->tree->nodes[ev->node].depth;
		enum ab_player player = ab_player_at(trace->tree, ev->node,
						     trace->root_player);
		rec->player_at[depth] = (uint8_t)player;
		rec->bound_at[depth] = player == AB_MAX ? AB_NEG_INF : AB_POS_INF;
		rec->alpha_at[depth] = ev->alpha;
		rec->beta_at[depth] = ev->beta;
		rec->cut_at[depth] = 0;
		break;
	}
	case AB_EV_LEAF:
		r->a = ev->value;
		r->spare = ev->is_static;
		bound = recorder_fold(rec, ev->node, ev->value, ev->value);
		r->c = bound ? *bound : 0;
		trace->leaves_visited++;
		break;
	case AB_EV_UPDATE:
		r->what = (uint8_t)ev->what;
		r->a = ev->old;
		r->b = ev->new_;
		break;
	case AB_EV_CUTOFF:
		if (trace->tree->nodes[ev->node].nkids > rec->widest_cut)
			rec->widest_cut = trace->tree->nodes[ev->node].nkids;
		r->deep = ev->deep;
		r->a = ev->alpha;
		r->b = ev->beta;
		r->c = ev->by;
		rec->cut_at[trace->tree->nodes[ev->node].depth] = 1;
		if (is_chance(trace, ev->node))
			add_extra(trace, ev->lo, ev->hi);
		break;
	case AB_EV_RETURN:
		r->a = ev->lo;
		r->b = ev->hi;
		/* What a chance node returns, or any node under the table
		 * (which may answer a node from an entry), is not the state's
		 * to tell: it is kept as sent. */
		if (trace->tt_slots || is_chance(trace, ev->node))
			add_extra(trace, ev->value, 0);
		bound = recorder_fold(rec, ev->node, ev->lo, ev->hi);
		r->c = bound ? *bound : 0;
		r->what = node_type(rec, trace->tree->nodes[ev->node].depth, ev);
		break;
	case AB_EV_RESEARCH:
		r->a = (ab_value)add_research(trace, ev);
		break;
	case AB_EV_ORDER:
		r->a = (ab_value)add_order(trace, ev);
		break;
	case AB_EV_PROBE:
	case AB_EV_STORE:
		r->a = (ab_value)add_tt_event(trace, ev);
		if (ev->kind == AB_EV_PROBE) {
			/* The entry's word is the node's own bound so far. */
			uint32_t depth = trace->tree->nodes[ev->node].depth;
			ab_value *b = &rec->bound_at[depth];
			*b = rec->player_at[depth] == AB_MAX ? max_value(*b, ev->lo)
							     : min_value(*b, ev->hi);
		}
		break;
	case AB_EV_ITERATION:
		r->a = ev->depth;
		trace->iterations++;
		break;
	case AB_EV_RESULT:
	case AB_EV_DONE:
		r->a = ev->value;
		r->b = (ab_value)((uint64_t)ev->leaves_visited << 32 | ev->nodes_visited);
		r->c = ev->best;
		break;
	case AB_EV_COUNT:
		return 1;
	}
	trace->length++;
	trace->step = trace->length;
	if (ev->kind == AB_EV_ENTER)
		trace->nodes_visited++;
	return 0;
}

struct ab_trace *ab_trace_record(const struct ab_tree *tree,
				 const struct ab_config *config)
{
	struct ab_trace *trace = ab_xcalloc(1, sizeof *trace);
	trace->tree = tree;
	trace->config = *config;
	trace->root_player = ab_config_root(config, tree);
	trace->state = ab_xcalloc(tree->count, sizeof *trace->state);
	/* Room for about three events per node at once: a minimax trace has
	 * fewer, and a fresh block gets huge pages (see str.c); a pruned
	 * search never touches most of it, and the slack is given back. */
	size_t guess = (size_t)tree->count * 3 + 16;
	trace->cap = guess < AB_MAX_EVENTS ? guess : AB_MAX_EVENTS;
	trace->records = ab_xreallocarray(NULL, trace->cap,
					  sizeof *trace->records);
	if (ab_config_table(config)) {
		trace->tt_nslots = ab_config_tt_slots(config, tree);
		trace->tt_slots = ab_xmalloc((size_t)trace->tt_nslots * sizeof *trace->tt_slots);
		for (uint32_t i = 0; i < trace->tt_nslots; i++)
			trace->tt_slots[i] = AB_TT_EMPTY;
	}
	struct recorder rec = { .trace = trace, .widest_cut = 1 };
	size_t levels = (size_t)tree->height + 1;
	rec.bound_at = ab_xcalloc(levels, sizeof *rec.bound_at);
	rec.player_at = ab_xcalloc(levels, sizeof *rec.player_at);
	rec.alpha_at = ab_xcalloc(levels, sizeof *rec.alpha_at);
	rec.beta_at = ab_xcalloc(levels, sizeof *rec.beta_at);
	rec.cut_at = ab_xcalloc(levels, sizeof *rec.cut_at);
	if (config->pvs || config->aspiration.num)
		ab_tree_need_spans(tree); /* a research's subtree: ab_end */
	struct ab_sink sink = { record_event, &rec, AB_EVENT_ALL };
	int stopped = ab_search(tree, config, &sink);
	free(rec.bound_at);
	free(rec.player_at);
	free(rec.alpha_at);
	free(rec.beta_at);
	free(rec.cut_at);
	if (stopped != 0) {
		ab_trace_free(trace);
		return NULL;
	}
	trace->scratch = ab_xcalloc(rec.widest_cut, sizeof *trace->scratch);
	/* Give back the doubling slack: a big trace is kept for a while. */
	if (trace->length && trace->length < trace->cap) {
		trace->records = ab_xreallocarray(trace->records, trace->length,
						  sizeof *trace->records);
		trace->cap = trace->length;
	}
	/* The state was never touched: it is step 0's, all zero (see undo). */
	trace->step = 0;
	trace->horizon = config->iterative ? 0 : config->depth;
	if (trace->iterations > 1)
		trace->saved = ab_xcalloc(trace->iterations - 1, sizeof *trace->saved);
	trace->leaves_now = trace->nodes_now = 0;
	return trace;
}

void ab_trace_free(struct ab_trace *trace)
{
	if (!trace)
		return;
	free(trace->records);
	free(trace->state);
	free(trace->visit_step);
	free(trace->cut_step);
	free(trace->scratch);
	free(trace->extras);
	for (uint32_t i = 0; trace->saved && i + 1 < trace->iterations; i++) {
		free(trace->saved[i].nodes);
		free(trace->saved[i].states);
	}
	free(trace->saved);
	free(trace->order);
	free(trace->tt_events);
	free(trace->tt_slots);
	for (size_t i = 0; i < trace->nresearches; i++) {
		free(trace->researches[i].nodes);
		free(trace->researches[i].states);
	}
	free(trace->researches);
	free(trace->orders);
	free(trace->order_nodes);
	free(trace->order_why);
	free(trace->order_scores);
	free(trace);
}

/* ---- Stepping ----------------------------------------------------------- */

bool ab_trace_forward(struct ab_trace *trace)
{
	if (trace->step >= trace->length)
		return false;
	apply(trace, &trace->records[trace->step++]);
	return true;
}

bool ab_trace_back(struct ab_trace *trace)
{
	if (trace->step == 0)
		return false;
	undo(trace, &trace->records[--trace->step]);
	return true;
}

void ab_trace_seek(struct ab_trace *trace, size_t step)
{
	if (step > trace->length)
		step = trace->length;
	while (trace->step < step)
		ab_trace_forward(trace);
	while (trace->step > step)
		ab_trace_back(trace);
}

static void decode_done(const struct ab_record *r, struct ab_event *ev)
{
	ev->value = r->a;
	ev->best = (uint32_t)r->c;
	ev->leaves_visited = (uint32_t)((uint64_t)r->b >> 32);
	ev->nodes_visited = (uint32_t)r->b;
}

void ab_trace_event(struct ab_trace *trace, struct ab_event *ev)
{
	memset(ev, 0, sizeof *ev);
	if (trace->step == 0) {
		ev->kind = AB_EV_COUNT;
		return;
	}
	const struct ab_record *r = &trace->records[trace->step - 1];
	const struct ab_tree *tree = trace->tree;
	const struct ab_node_state *st = &trace->state[r->node];
	ev->kind = (enum ab_event_kind)r->kind;
	ev->node = r->node;
	ev->best = AB_NONE;
	switch (ev->kind) {
	case AB_EV_ENTER:
		ev->alpha = r->a;
		ev->beta = r->b;
		break;
	case AB_EV_LEAF:
		ev->value = r->a;
		ev->is_static = r->spare;
		break;
	case AB_EV_UPDATE:
		ev->what = (enum ab_what)r->what;
		ev->old = r->a;
		ev->new_ = r->b;
		break;
	case AB_EV_CUTOFF: {
		uint32_t count = 0;
		for (uint32_t i = 0; i < tree->nodes[r->node].nkids; i++) {
			uint32_t kid = ab_kid(tree, r->node, i);
			if (trace->state[kid].status == AB_UNVISITED)
				trace->scratch[count++] = kid;
		}
		ev->alpha = r->a;
		ev->beta = r->b;
		ev->by = (uint32_t)r->c;
		ev->deep = r->deep;
		ev->pruned = trace->scratch;
		ev->npruned = count;
		const struct ab_trace_extra *x = find_extra(trace, trace->step);
		if (x) {
			ev->lo = x->a;
			ev->hi = x->b;
		}
		break;
	}
	case AB_EV_RETURN:
		ev->lo = r->a;
		ev->hi = r->b;
		const struct ab_trace_extra *x = find_extra(trace, trace->step);
		if (x)
			ev->value = x->a;
		else if (ab_config_fail(&trace->config) == AB_FAIL_CLAMP)
			ev->value = is_max(trace, r->node)
				? (st->alpha < st->beta ? st->alpha : st->beta)
				: (st->beta > st->alpha ? st->beta : st->alpha);
		else if (ab_config_returns_bound(&trace->config))
			ev->value = is_max(trace, r->node) ? st->alpha : st->beta;
		else
			ev->value = st->value;
		break;
	case AB_EV_PROBE:
	case AB_EV_STORE: {
		const struct ab_trace_tt *t = &trace->tt_events[r->a];
		ev->slot = t->slot;
		ev->depth = t->depth;
		ev->entry = t->entry;
		ev->replaced = t->replaced;
		ev->alpha = t->alpha;
		ev->beta = t->beta;
		if (ev->kind == AB_EV_PROBE) {
			ev->use = (enum ab_tt_use)t->use;
			ev->what = (enum ab_what)t->what;
			ev->old = t->old;
			ev->new_ = t->new_;
			ev->alpha = t->alpha;
			ev->beta = t->beta;
			ev->value = t->value;
			ev->lo = t->lo;
			ev->hi = t->hi;
		}
		break;
	}
	case AB_EV_RESEARCH: {
		const struct ab_trace_research *rs = &trace->researches[r->a];
		ev->value = rs->value;
		ev->alpha = rs->alpha;
		ev->beta = rs->beta;
		ev->lo = rs->was_alpha;
		ev->hi = rs->was_beta;
		break;
	}
	case AB_EV_ORDER: {
		const struct ab_trace_order *o = &trace->orders[r->a];
		ev->order = trace->order_nodes + o->first;
		ev->why = trace->order_why + o->first;
		ev->scores = o->scores ? trace->order_scores + o->first : NULL;
		ev->norder = o->count;
		break;
	}
	case AB_EV_ITERATION:
		ev->depth = (uint32_t)r->a;
		break;
	case AB_EV_RESULT:
		decode_done(r, ev);
		ev->depth = trace->horizon;
		break;
	case AB_EV_DONE:
		decode_done(r, ev);
		break;
	case AB_EV_COUNT:
		break;
	}
}

void ab_trace_done(const struct ab_trace *trace, struct ab_event *ev)
{
	memset(ev, 0, sizeof *ev);
	ev->kind = AB_EV_COUNT;
	if (trace->length == 0)
		return;
	const struct ab_record *r = &trace->records[trace->length - 1];
	if (r->kind != AB_EV_DONE)
		return;
	ev->kind = AB_EV_DONE;
	decode_done(r, ev);
}

bool ab_trace_pruned(const struct ab_trace *trace, uint32_t n)
{
	if (trace->state[n].status != AB_UNVISITED || trace->state[n].earlier)
		return false;
	const struct ab_node *nodes = trace->tree->nodes;
	uint32_t p = nodes[n].parent;
	while (p != AB_NONE && trace->state[p].status == AB_UNVISITED)
		p = nodes[p].parent;
	return p != AB_NONE && trace->state[p].cut;
}

bool ab_trace_chance_range(const struct ab_trace *trace, size_t step,
			   ab_value *lo, ab_value *hi)
{
	if (step == 0 || step > trace->length ||
	    trace->records[step - 1].kind != AB_EV_CUTOFF)
		return false;
	const struct ab_trace_extra *x = find_extra(trace, step);
	if (!x)
		return false;
	*lo = x->a;
	*hi = x->b;
	return true;
}

bool ab_trace_below_horizon(const struct ab_trace *trace, uint32_t n)
{
	return trace->horizon && trace->tree->nodes[n].depth > trace->horizon;
}

size_t ab_trace_iteration_step(const struct ab_trace *trace, uint32_t depth)
{
	if (!trace->iterations)
		return 0;
	for (size_t i = 0; i < trace->length; i++)
		if (trace->records[i].kind == AB_EV_ITERATION &&
		    trace->records[i].a == (ab_value)depth)
			return i + 1;
	return 0;
}

uint32_t ab_trace_iteration(const struct ab_trace *trace)
{
	return trace->iterations ? trace->horizon : 0;
}

/* The first step of kind (enter or leaf for visits, cutoff) about n in
 * the current iteration. */
static uint32_t step_in_iteration(const struct ab_trace *t, uint32_t n, bool cut)
{
	uint32_t it = ab_trace_iteration(t);
	if (!it)
		it = 1;
	size_t from = ab_trace_iteration_step(t, it);
	size_t to = it < t->iterations ? ab_trace_iteration_step(t, it + 1) : t->length;
	for (size_t i = from; i < to; i++) {
		const struct ab_record *r = &t->records[i];
		if (r->node != n)
			continue;
		if (cut ? r->kind == AB_EV_CUTOFF : r->kind == AB_EV_ENTER || r->kind == AB_EV_LEAF)
			return (uint32_t)(i + 1);
	}
	return 0;
}

uint32_t ab_trace_visit_step_now(const struct ab_trace *trace, uint32_t n)
{
	return trace->iterations ? step_in_iteration(trace, n, false)
				 : ab_trace_visit_step(trace, n);
}

uint32_t ab_trace_cut_step_now(const struct ab_trace *trace, uint32_t n)
{
	return trace->iterations ? step_in_iteration(trace, n, true)
				 : ab_trace_cut_step(trace, n);
}

const uint32_t *ab_trace_iteration_order(struct ab_trace *trace, uint32_t depth)
{
	if (!trace->order)
		trace->order = ab_xcalloc(trace->tree->count, sizeof *trace->order);
	if (trace->order_of != depth) {
		ab_search_iteration_order(trace->tree, &trace->config, depth, trace->order);
		trace->order_of = depth;
	}
	return trace->order;
}

const char *ab_node_type_name(enum ab_node_type type)
{
	switch (type) {
	case AB_TYPE_PV: return "PV";
	case AB_TYPE_CUT: return "CUT";
	case AB_TYPE_ALL: return "ALL";
	case AB_TYPE_NONE: break;
	}
	return "";
}

const struct ab_tt_entry *ab_trace_table(const struct ab_trace *trace,
					 uint32_t *n)
{
	*n = trace->tt_nslots;
	return trace->tt_slots;
}

const struct ab_trace_tt *ab_trace_tt_at(const struct ab_trace *trace,
					 size_t step)
{
	if (step == 0 || step > trace->length)
		return NULL;
	const struct ab_record *r = &trace->records[step - 1];
	if (r->kind != AB_EV_PROBE && r->kind != AB_EV_STORE)
		return NULL;
	return &trace->tt_events[r->a];
}

const struct ab_trace_order *ab_trace_order_at(const struct ab_trace *trace,
					       size_t step)
{
	if (step == 0 || step > trace->length || trace->records[step - 1].kind != AB_EV_ORDER)
		return NULL;
	return &trace->orders[trace->records[step - 1].a];
}

uint32_t ab_trace_current(const struct ab_trace *trace)
{
	return trace->step ? trace->records[trace->step - 1].node : 0;
}

/* The step index (which step reached each node, which step cut it off) is
 * built the first time someone asks, from the records: counting searches
 * never need it, and it is 8 bytes a node.  Building it changes nothing a
 * caller can see, so the accessors take a const trace. */
static void build_step_index(struct ab_trace *trace)
{
	uint32_t count = trace->tree->count;
	trace->visit_step = ab_xcalloc(count, sizeof *trace->visit_step);
	trace->cut_step = ab_xcalloc(count, sizeof *trace->cut_step);
	for (size_t i = 0; i < trace->length; i++) {
		const struct ab_record *r = &trace->records[i];
		if (r->kind == AB_EV_ENTER || r->kind == AB_EV_LEAF)
			trace->visit_step[r->node] = (uint32_t)(i + 1);
		else if (r->kind == AB_EV_CUTOFF)
			trace->cut_step[r->node] = (uint32_t)(i + 1);
	}
}

uint32_t ab_trace_visit_step(const struct ab_trace *trace, uint32_t n)
{
	if (!trace->visit_step)
		build_step_index((struct ab_trace *)trace);
	return trace->visit_step[n];
}

uint32_t ab_trace_cut_step(const struct ab_trace *trace, uint32_t n)
{
	if (!trace->cut_step)
		build_step_index((struct ab_trace *)trace);
	return trace->cut_step[n];
}
