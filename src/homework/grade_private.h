/* grade_private.h - what the grader's three files share, and no one else.
 *
 * grade.c makes one pass through the recorded trace and keeps the facts
 * below; it grades every item from them (ab_grade_plain).  The diagnoses
 * in grade_diagnose.c grade the same answer again under other conventions
 * and read the same facts to name the slip.  The reports (grade_report.c)
 * need only grade.h.
 */
#ifndef AB_GRADE_PRIVATE_H
#define AB_GRADE_PRIVATE_H

#include "homework/grade.h"
#include "core/trace.h"

/* ---- Facts from one pass through the trace ------------------------------ */

struct node_facts {
	uint32_t ret_step;          /* a leaf's look, an inner node's return */
	uint32_t cut_by;            /* the ancestor whose bound fired its cut */
	ab_value seen_alpha, seen_beta; /* the parent's window when reached */
	ab_value cut_alpha, cut_beta;   /* the numbers of its cut test */
	ab_value returned;          /* what it returns (a leaf: its value) */
	bool by_static;             /* an inner node evaluated at the depth
				       limit, never entered */
	struct ab_node_state last;  /* its state when it last returned (or a
				       leaf was looked at): a research event
				       may clear it since (--pvs) */
	/* The transposition table (--tt), the node's last probe and store in
	 * the search (the last iteration's): */
	int8_t probe_use;           /* enum ab_tt_use, -1: never probed */
	uint32_t probe_step, store_step; /* 0: none */
	struct ab_tt_entry stored;  /* what it stored */
	ab_value store_alpha, store_beta; /* the window the flag came from */
};

struct facts {
	const struct ab_tree *tree;
	struct ab_trace *trace;       /* left at its last step */
	struct node_facts *node;
	size_t value_step;            /* the root's choice last changed */
	ab_value root_value;
	uint32_t best;
};

void ab_grade_facts_free(struct facts *f);

static inline bool visited(const struct facts *f, uint32_t n)
{
	return ab_trace_reached(f->trace, n);
}

/* The node whose cutoff prunes n: its nearest reached ancestor. */
static inline uint32_t cutter(const struct facts *f, uint32_t n)
{
	uint32_t p = f->tree->nodes[n].parent;
	while (p != AB_NONE && !visited(f, p))
		p = f->tree->nodes[p].parent;
	return p;
}

/* Whether n lies below a node the search evaluated by its static value at
 * the depth limit: not searched at this depth, so neither looked at nor
 * pruned.  (Every other node never reached lies below a cutoff.) */
static inline bool below_horizon(const struct facts *f, uint32_t n)
{
	return !visited(f, n) && cutter(f, n) != AB_NONE &&
	       !ab_trace_pruned(f->trace, n);
}

/* Whether the search prunes n: never reached, below a cutoff. */
static inline bool pruned(const struct facts *f, uint32_t n)
{
	return !visited(f, n) && !below_horizon(f, n);
}

/* ---- Between the items and the diagnoses -------------------------------- */

/* Which leaves the answer's list says are pruned (0/1 per node), or NULL
 * when it has no list. */
uint8_t *ab_grade_claimed_pruned(const struct ab_tree *tree,
				 const struct ab_answer *answer);
/* Grades without diagnosis, leaving the facts in *f (free them with
 * ab_grade_facts_free either way).  False when the trace is too long. */
bool ab_grade_plain(const struct ab_tree *tree, const struct ab_config *config,
		    const struct ab_grade_options *opt,
		    const struct ab_answer *answer, const struct ab_glyphs *g,
		    struct ab_grade *out, struct facts *f);
/* For a wrong answer: sets out's diagnosis and its summary clause when
 * another convention or a classic slip explains it (grade_diagnose.c). */
void ab_grade_diagnose(const struct ab_tree *tree, const struct ab_config *config,
		       bool values_returned, const struct ab_answer *answer,
		       const struct facts *f, const struct ab_glyphs *g,
		       struct ab_grade *out);

#endif
