/* keeper.h - a sink that keeps a copy of every event, for the tests that
 * look at a whole search's event stream. */
#ifndef AB_KEEPER_H
#define AB_KEEPER_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/search.h"

struct kept {
	struct ab_event ev;   /* ev.pruned is NULL: the list is below */
	uint32_t *pruned;     /* a cutoff's skipped children, or NULL */
};

struct keeper {
	struct kept *events;
	size_t count, cap;
};

static inline int keep(void *ctx, const struct ab_event *ev)
{
	struct keeper *k = ctx;
	if (k->count == k->cap) {
		k->cap = k->cap ? 2 * k->cap : 64;
		k->events = realloc(k->events, k->cap * sizeof *k->events);
		ck_assert_ptr_nonnull(k->events);
	}
	struct kept *e = &k->events[k->count++];
	e->ev = *ev;
	e->pruned = NULL;
	if (ev->npruned) {
		e->pruned = malloc(ev->npruned * sizeof *e->pruned);
		ck_assert_ptr_nonnull(e->pruned);
		memcpy(e->pruned, ev->pruned, ev->npruned * sizeof *e->pruned);
	}
	e->ev.pruned = NULL;
	return 0;
}

static inline void keeper_free(struct keeper *k)
{
	for (size_t i = 0; i < k->count; i++)
		free(k->events[i].pruned);
	free(k->events);
	*k = (struct keeper){ 0 };
}

/* Every event of one search, which must finish. */
static inline struct keeper run_search(const struct ab_tree *tree,
				       const struct ab_config *c)
{
	struct keeper k = { 0 };
	struct ab_sink sink = { keep, &k, AB_EVENT_ALL };
	ck_assert_int_eq(ab_search(tree, c, &sink), 0);
	return k;
}

#endif
