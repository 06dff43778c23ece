/* transpose.h - a tree file's transpositions (&NAME) made into visits.
 *
 * The parser reads each &NAME as a placeholder leaf and collects the
 * references; ab_transpose_expand lays the tree out again with every
 * reference replaced by a copy of the named subtree, each copied node
 * recording its position (ab_position in core/tree.h). */
#ifndef AB_TRANSPOSE_H
#define AB_TRANSPOSE_H

#include <stddef.h>
#include <stdint.h>

#include "core/tree.h"

/* One &NAME in the file. */
struct ab_ref {
	uint32_t node;    /* the placeholder leaf */
	uint32_t target;  /* the node labelled NAME, AB_NONE if none */
	size_t at;        /* offset of the '&' in the text */
};

enum ab_transpose_status {
	AB_TRANSPOSE_OK,
	AB_TRANSPOSE_DANGLING,  /* no node is labelled NAME */
	AB_TRANSPOSE_CYCLE,     /* NAME contains the reference, directly or
				   through other references */
	AB_TRANSPOSE_PLAYER,    /* NAME's player is not the level's */
	AB_TRANSPOSE_TOO_MANY,  /* the copies pass AB_MAX_NODES */
	AB_TRANSPOSE_TOO_DEEP,  /* the copies pass AB_MAX_DEPTH */
};

struct ab_transpose_error {
	enum ab_transpose_status kind;
	size_t ref;               /* the reference to blame (index) */
	enum ab_player want, have; /* AB_TRANSPOSE_PLAYER: the level's, NAME's */
};

/* The tree t0 (finished, not settled) with its references, sorted by
 * node, expanded: a new finished tree to settle, or NULL with *err set. */
struct ab_tree *ab_transpose_expand(const struct ab_tree *t0,
				    const struct ab_ref *refs, size_t nrefs,
				    struct ab_transpose_error *err);

#endif
