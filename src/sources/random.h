/* random.h - random practice trees that the same seed reproduces anywhere.
 *
 * `abtrace random` and practice mode draw trees here.  Every number comes
 * from src/rng.h (splitmix64, specified bit for bit) in a fixed order: the
 * shape in preorder, then the leaf values left to right.  So a seed, with
 * the same options, gives the same tree on every machine and build, and the
 * `source:` header written with the tree is the command that remakes it.
 */
#ifndef AB_RANDOM_H
#define AB_RANDOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/str.h"
#include "core/tree.h"

/* Stated limits. */
#define AB_RANDOM_MAX_BRANCHING 20u      /* children of one node */
#define AB_RANDOM_MAX_DEPTH 20u          /* levels below the root */
#define AB_RANDOM_MAX_NODES 1000000u     /* the largest tree the options allow */

struct ab_random_spec {
	uint32_t bmin, bmax;   /* children of every inner node: bmin..bmax */
	uint32_t depth;        /* every leaf is this deep */
	ab_value lo, hi;       /* leaf values lie in lo..hi */
	bool distinct;         /* no two leaves share a value */
	uint64_t seed;
	enum ab_player root;   /* who moves at the root */
	enum ab_player players[AB_MAX_PLAYERS]; /* --players, when nplayers */
	uint32_t nplayers;     /* 0: MAX and MIN alternate from root */
	enum ab_random_chance { AB_RANDOM_TENTHS, AB_RANDOM_EQUAL } chance;
	bool bounds;           /* declare bounds: LO..HI (the range) */
	unsigned decimals;     /* digits after the point in leaf values */
};

/* The defaults: `--branching 2-3 --depth 3 --range -9..9`, root MAX. */
#define AB_RANDOM_DEFAULT { 2, 3, 3, -9, 9, false, 0, AB_MAX, { AB_MAX }, 0, \
			    AB_RANDOM_TENTHS, false, 0 }
#define AB_RANDOM_MAX_DECIMALS 3u

/* Option values.  Each returns NULL and sets its field(s) of spec, or
 * returns a message saying what is wrong (spec untouched). */
const char *ab_random_parse_branching(const char *text,
				      struct ab_random_spec *spec);
const char *ab_random_parse_depth(const char *text, struct ab_random_spec *spec);
const char *ab_random_parse_range(const char *text, struct ab_random_spec *spec);
const char *ab_random_parse_seed(const char *text, struct ab_random_spec *spec);
/* "max,min,min" or "max chance min": the players: cycle. */
const char *ab_random_parse_players(const char *text, struct ab_random_spec *spec);
/* "equal" or "tenths": how chance children's probabilities are drawn (with
 * no chance level in --players, it adds one: max,chance,min). */
const char *ab_random_parse_chance(const char *text, struct ab_random_spec *spec);
const char *ab_random_parse_decimals(const char *text, struct ab_random_spec *spec);

/* Whether the options together make a tree within the limits; if not,
 * appends the reason to why and returns false. */
bool ab_random_check(const struct ab_random_spec *spec, struct ab_str *why);

/* Appends the command that reproduces the tree, e.g.
 * "abtrace random --branching 2-3 --depth 3 --range -9..9 --seed 7". */
void ab_random_command(const struct ab_random_spec *spec, struct ab_str *out);

/* Draws the tree (spec must pass ab_random_check, or NULL comes back),
 * with a title and the
 * reproducing command as its source.  The root is labelled A and its
 * children B, C, ... so the other nodes get textbook names (C2, B1.2). */
struct ab_tree *ab_random_tree(const struct ab_random_spec *spec);

#endif
