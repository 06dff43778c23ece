/* random.c - drawing practice trees (see random.h for the guarantees).
 *
 * Three phases, so the random stream has one fixed layout: the number of
 * children of every inner node in preorder, then every leaf's value from
 * left to right, then the tree is built from those two lists.
 */
#include "sources/random.h"

#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "core/rng.h"

/* ---- Option values ------------------------------------------------------ */

/* A decimal integer of at most AB_VALUE_DIGITS digits, optionally signed,
 * filling [s, end) exactly. */
static bool parse_int(const char *s, const char *end, ab_value *out)
{
	bool neg = false;
	if (s < end && (*s == '-' || *s == '+'))
		neg = *s++ == '-';
	if (s == end || end - s > AB_VALUE_DIGITS)
		return false;
	ab_value v = 0;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (*s - '0');
	}
	*out = neg ? -v : v;
	return true;
}

static bool parse_count(const char *s, const char *end, uint32_t max,
			uint32_t *out)
{
	ab_value v;
	if (s < end && (*s == '-' || *s == '+'))
		return false;
	if (!parse_int(s, end, &v) || v > max)
		return false;
	*out = (uint32_t)v;
	return true;
}

const char *ab_random_parse_branching(const char *text,
				      struct ab_random_spec *spec)
{
	const char *end = text + strlen(text);
	const char *dash = strchr(text, '-');
	uint32_t a, b;
	if (dash) {
		if (!parse_count(text, dash, 999, &a) ||
		    !parse_count(dash + 1, end, 999, &b))
			return _("--branching takes a number B or a range B1-B2, e.g. 2-3");
	} else {
		if (!parse_count(text, end, 999, &a))
			return _("--branching takes a number B or a range B1-B2, e.g. 2-3");
		b = a;
	}
	if (a < 1 || b < a)
		return _("--branching B1-B2 needs 1 <= B1 <= B2");
	if (b > AB_RANDOM_MAX_BRANCHING)
		return _("--branching is at most 20 children per node");
	spec->bmin = a;
	spec->bmax = b;
	return NULL;
}

const char *ab_random_parse_depth(const char *text, struct ab_random_spec *spec)
{
	uint32_t d;
	if (!parse_count(text, text + strlen(text), 999, &d))
		return _("--depth takes a whole number of levels, e.g. 3");
	if (d < 1)
		return _("--depth must be at least 1: a tree of depth 0 is a single leaf, with nothing to search");
	if (d > AB_RANDOM_MAX_DEPTH)
		return _("--depth is at most 20 levels");
	spec->depth = d;
	return NULL;
}

const char *ab_random_parse_range(const char *text, struct ab_random_spec *spec)
{
	const char *end = text + strlen(text);
	const char *dots = strstr(text, "..");
	ab_value lo, hi;
	if (!dots || !parse_int(text, dots, &lo) || !parse_int(dots + 2, end, &hi))
		return _("--range takes LO..HI with whole numbers of at most 15 digits, e.g. -9..9");
	if (lo > hi)
		return _("--range LO..HI needs LO <= HI");
	spec->lo = lo;
	spec->hi = hi;
	return NULL;
}

const char *ab_random_parse_seed(const char *text, struct ab_random_spec *spec)
{
	uint64_t v = 0;
	const char *s = text;
	if (!*s)
		return _("--seed takes a whole number from 0 to 18446744073709551615");
	for (; *s; s++) {
		unsigned d = (unsigned)(*s - '0');
		if (*s < '0' || *s > '9' || v > (UINT64_MAX - d) / 10)
			return _("--seed takes a whole number from 0 to 18446744073709551615");
		v = v * 10 + d;
	}
	spec->seed = v;
	return NULL;
}

static bool has_chance(const struct ab_random_spec *spec)
{
	for (uint32_t i = 0; i < spec->nplayers; i++)
		if (spec->players[i] == AB_CHANCE)
			return true;
	return false;
}

static bool exact_range_fits(const struct ab_random_spec *spec);


const char *ab_random_parse_players(const char *text, struct ab_random_spec *spec)
{
	enum ab_player cycle[AB_MAX_PLAYERS];
	uint32_t count = 0;
	const char *s = text;
	for (;;) {
		while (*s == ',' || *s == ' ')
			s++;
		if (!*s)
			break;
		size_t n = strcspn(s, ", ");
		int k = ab_player_of_word(s, n);
		if (k < 0)
			return _("--players takes a list of max, min and chance, e.g. max,min,min");
		if (count == AB_MAX_PLAYERS)
			return _("--players takes at most 16 entries");
		cycle[count++] = (enum ab_player)k;
		s += n;
	}
	if (!count)
		return _("--players takes a list of max, min and chance, e.g. max,min,min");
	memcpy(spec->players, cycle, count * sizeof *cycle);
	spec->nplayers = count;
	return NULL;
}

const char *ab_random_parse_chance(const char *text, struct ab_random_spec *spec)
{
	if (strcmp(text, "equal") == 0)
		spec->chance = AB_RANDOM_EQUAL;
	else if (strcmp(text, "tenths") == 0)
		spec->chance = AB_RANDOM_TENTHS;
	else
		return _("--chance takes equal or tenths");
	bool has = false;
	for (uint32_t i = 0; i < spec->nplayers; i++)
		has |= spec->players[i] == AB_CHANCE;
	if (!has) {
		static const enum ab_player expectimax[] = { AB_MAX, AB_CHANCE, AB_MIN };
		memcpy(spec->players, expectimax, sizeof expectimax);
		spec->nplayers = 3;
	}
	return NULL;
}

const char *ab_random_parse_decimals(const char *text, struct ab_random_spec *spec)
{
	uint32_t d;
	if (!parse_count(text, text + strlen(text), 9, &d) || d > AB_RANDOM_MAX_DECIMALS)
		return _("--decimals takes 0, 1, 2 or 3");
	spec->decimals = d;
	return NULL;
}

/* ---- Limits ------------------------------------------------------------- */

/* The most nodes and leaves the options allow: every node with bmax
 * children.  Saturates at UINT64_MAX. */
static void most(const struct ab_random_spec *spec, uint64_t *nodes,
		 uint64_t *leaves)
{
	uint64_t level = 1, total = 1;
	for (uint32_t d = 0; d < spec->depth; d++) {
		if (level > UINT64_MAX / spec->bmax) {
			*nodes = *leaves = UINT64_MAX;
			return;
		}
		level *= spec->bmax;
		total = total > UINT64_MAX - level ? UINT64_MAX : total + level;
	}
	*nodes = total;
	*leaves = level;
}

bool ab_random_check(const struct ab_random_spec *spec, struct ab_str *why)
{
	if (spec->bmin < 1 || spec->bmax < spec->bmin ||
	    spec->bmax > AB_RANDOM_MAX_BRANCHING) {
		ab_str_add(why, _("--branching B1-B2 needs 1 <= B1 <= B2 <= 20"));
		return false;
	}
	if (spec->depth < 1 || spec->depth > AB_RANDOM_MAX_DEPTH) {
		ab_str_add(why, _("--depth must be from 1 to 20"));
		return false;
	}
	if (spec->lo > spec->hi || spec->lo < -AB_VALUE_MAX || spec->hi > AB_VALUE_MAX) {
		ab_str_add(why, _("--range LO..HI needs LO <= HI, each of at most 15 digits"));
		return false;
	}
	uint64_t nodes, leaves;
	most(spec, &nodes, &leaves);
	if (nodes > AB_RANDOM_MAX_NODES) {
		ab_str_addf(why, _("--branching up to %u with --depth %u could make more than %u nodes; use a smaller depth or branching"),
			    spec->bmax, spec->depth, AB_RANDOM_MAX_NODES);
		return false;
	}
	if (spec->nplayers && spec->root != AB_MAX) {
		ab_str_add(why, _("--root and --players together: write the root's player first in --players"));
		return false;
	}
	if (spec->nplayers && spec->players[0] == AB_CHANCE && spec->depth < 1) {
		ab_str_add(why, _("a chance root needs children"));
		return false;
	}
	if (has_chance(spec) && spec->chance == AB_RANDOM_TENTHS && spec->bmax > 10) {
		ab_str_add(why, _("--chance tenths gives every child at least 0.1, so at most 10 children: use --branching up to 10, or --chance equal"));
		return false;
	}
	if (!exact_range_fits(spec)) {
		ab_str_add(why, _("these chance levels, probabilities and decimals could need a finer exact unit than abtrace keeps: use fewer chance levels (--depth or --players), --chance equal, fewer --decimals or a smaller --range"));
		return false;
	}
	/* With decimals a value of the range is written with more digits, and
	 * a tree file holds at most AB_VALUE_DIGITS of them. */
	ab_wide mag = spec->hi > -spec->lo ? spec->hi : -spec->lo;
	if (mag * (ab_wide)(uint64_t)ab_pow10(spec->decimals) > AB_VALUE_MAX) {
		ab_str_addf(why, _("--range %lld..%lld with --decimals %u would write values of more than %d digits, which a tree file cannot hold: use a smaller --range or fewer --decimals"),
			    (long long)spec->lo, (long long)spec->hi, spec->decimals, AB_VALUE_DIGITS);
		return false;
	}
	uint64_t values = (uint64_t)(spec->hi - spec->lo) * (uint64_t)ab_pow10(spec->decimals) + 1;
	if (spec->distinct && values < leaves) {
		ab_str_addf(why, P_("--distinct needs at least as many values as leaves: --range %lld..%lld has %llu value, but the tree can have up to %llu leaves",
				    "--distinct needs at least as many values as leaves: --range %lld..%lld has %llu values, but the tree can have up to %llu leaves",
				    values),
			    (long long)spec->lo, (long long)spec->hi,
			    (unsigned long long)values, (unsigned long long)leaves);
		return false;
	}
	return true;
}

void ab_random_command(const struct ab_random_spec *spec, struct ab_str *out)
{
	ab_str_add(out, "abtrace random --branching ");
	if (spec->bmin == spec->bmax)
		ab_str_addf(out, "%u", spec->bmin);
	else
		ab_str_addf(out, "%u-%u", spec->bmin, spec->bmax);
	ab_str_addf(out, " --depth %u --range %lld..%lld", spec->depth,
		    (long long)spec->lo, (long long)spec->hi);
	if (spec->distinct)
		ab_str_add(out, " --distinct");
	if (spec->root == AB_MIN)
		ab_str_add(out, " --root min");
	if (spec->nplayers) {
		ab_str_add(out, " --players ");
		for (uint32_t i = 0; i < spec->nplayers; i++)
			ab_str_addf(out, "%s%s", i ? "," : "", ab_player_word(spec->players[i]));
		if (has_chance(spec))
			ab_str_addf(out, " --chance %s",
				    spec->chance == AB_RANDOM_EQUAL ? "equal" : "tenths");
	}
	if (spec->bounds)
		ab_str_add(out, " --bounds");
	if (spec->decimals)
		ab_str_addf(out, " --decimals %u", spec->decimals);
	ab_str_addf(out, " --seed %llu", (unsigned long long)spec->seed);
}

/* Whether every tree these options allow has an exact unit in range (see
 * ab_tree_settle): a chance level multiplies the unit by at most 10 · 2520
 * with tenths (denominators divide 10, numerators 1..9 divide 2520), by
 * the lcm of the child counts when equally likely. */
static bool exact_range_fits(const struct ab_random_spec *spec)
{
	if (!has_chance(spec))
		return true;
	ab_wide level = 1;
	if (spec->chance == AB_RANDOM_TENTHS) {
		level = 10 * 2520;
	} else {
		for (uint32_t k = spec->bmin; k <= spec->bmax; k++)
			level = level / ab_gcd((int64_t)level, k) * k;
	}
	ab_wide mag = spec->hi > -spec->lo ? spec->hi : -spec->lo;
	ab_wide bound = (mag > 1 ? mag : 1) * (ab_wide)(uint64_t)ab_pow10(spec->decimals);
	for (uint32_t d = 0; d < spec->depth; d++) {
		if (spec->players[d % spec->nplayers] != AB_CHANCE)
			continue;
		bound *= level;
		if (bound > AB_VALUE_LIMIT)
			return false;
	}
	return true;
}

/* Phase 4 (after the values, so other trees keep their numbers): each
 * chance node's children get probabilities in tenths, every one positive,
 * summing to 1. */
static void draw_probabilities(struct ab_tree *tree, struct ab_rng *rng)
{
	for (uint32_t n = 0; n < tree->count; n++) {
		uint32_t k = tree->nodes[n].nkids;
		if (!k || ab_player_at(tree, n, tree->root_player) != AB_CHANCE)
			continue;
		int64_t whole = 10; /* ab_random_check: at most 10 children */
		/* Start each child at 1 part, then deal the rest at random. */
		int64_t parts[AB_RANDOM_MAX_BRANCHING];
		for (uint32_t i = 0; i < k; i++)
			parts[i] = 1;
		for (int64_t left = whole - (int64_t)k; left > 0; left--)
			parts[ab_rng_below(rng, k)]++;
		for (uint32_t i = 0; i < k; i++) {
			int64_t g = ab_gcd(parts[i], whole);
			ab_tree_set_prob(tree, ab_kid(tree, n, i),
					 (struct ab_prob){ parts[i] / g, whole / g });
		}
	}
}

/* ---- Drawing ------------------------------------------------------------ */

/* Phase 1: children per node in preorder (0 for a leaf). */
static uint32_t *draw_shape(const struct ab_random_spec *spec, struct ab_rng *rng,
			    uint32_t *count, uint32_t *leaves)
{
	uint32_t cap = 64, n = 0;
	uint32_t *kids = ab_xreallocarray(NULL, cap, sizeof *kids);
	/* left[d]: children still to draw below the open node at depth d. */
	uint32_t left[AB_RANDOM_MAX_DEPTH + 1];
	uint32_t span = spec->bmax - spec->bmin + 1;
	int top = -1;
	*leaves = 0;
	for (;;) {
		uint32_t depth = (uint32_t)(top + 1);
		uint32_t k = 0;
		if (depth < spec->depth)
			k = spec->bmin + (uint32_t)ab_rng_below(rng, span);
		if (n == cap) {
			cap *= 2;
			kids = ab_xreallocarray(kids, cap, sizeof *kids);
		}
		kids[n++] = k;
		if (k) {
			left[++top] = k;
		} else {
			(*leaves)++;
			while (top >= 0 && --left[top] == 0)
				top--;
		}
		if (top < 0)
			break;
	}
	*count = n;
	return kids;
}

/* Phase 2: leaf values, left to right.  Distinct values are drawn again
 * until new, remembered in an open-addressing set (at most half full). */
static ab_value *draw_values(const struct ab_random_spec *spec,
			     struct ab_rng *rng, uint32_t leaves)
{
	ab_value *values = ab_xreallocarray(NULL, leaves ? leaves : 1, sizeof *values);
	/* With decimals, values are drawn in steps of 10^-decimals. */
	ab_value unit = (ab_value)(uint64_t)ab_pow10(spec->decimals);
	uint64_t span = (uint64_t)(spec->hi - spec->lo) * (uint64_t)unit + 1;
	ab_value *set = NULL;
	bool *used = NULL;
	size_t mask = 0;
	if (spec->distinct) {
		size_t size = 16;
		while (size < (size_t)leaves * 2)
			size *= 2;
		set = ab_xcalloc(size, sizeof *set);
		used = ab_xcalloc(size, sizeof *used);
		mask = size - 1;
	}
	for (uint32_t i = 0; i < leaves; i++) {
		for (;;) {
			ab_value v = spec->lo * unit + (ab_value)ab_rng_below(rng, span);
			if (!spec->distinct) {
				values[i] = v;
				break;
			}
			size_t h = (size_t)(((uint64_t)v * UINT64_C(0x9e3779b97f4a7c15)) >> 7) & mask;
			while (used[h] && set[h] != v)
				h = (h + 1) & mask;
			if (used[h])
				continue; /* taken: draw again */
			used[h] = true;
			set[h] = v;
			values[i] = v;
			break;
		}
	}
	free(set);
	free(used);
	return values;
}

struct ab_tree *ab_random_tree(const struct ab_random_spec *spec)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, spec->seed);
	uint32_t count, leaves;
	uint32_t *kids = draw_shape(spec, &rng, &count, &leaves);
	ab_value *values = draw_values(spec, &rng, leaves);

	/* Phase 3: build in preorder, tracking each open node's index. */
	struct ab_tree *tree = ab_tree_new();
	uint32_t open[AB_RANDOM_MAX_DEPTH + 1], left[AB_RANDOM_MAX_DEPTH + 1];
	int top = -1;
	uint32_t leaf = 0;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t parent = top < 0 ? AB_NONE : open[top];
		char label[2] = { 0, 0 };
		if (top < 0)
			label[0] = 'A';
		else if (top == 0)
			label[0] = (char)('A' + 1 + (kids[0] - left[0]));
		ab_value v = kids[i] ? 0 : values[leaf++];
		uint32_t node;
		ab_tree_add(tree, parent, label[0] ? label : NULL,
			    label[0] ? 1 : 0, v, &node);
		if (kids[i]) {
			++top;
			open[top] = node;
			left[top] = kids[i];
		} else {
			while (top >= 0 && --left[top] == 0)
				top--;
		}
	}
	if (spec->nplayers) {
		ab_tree_set_players(tree, spec->players, spec->nplayers);
	} else {
		enum ab_player cycle[2] = { spec->root, spec->root == AB_MAX ? AB_MIN : AB_MAX };
		ab_tree_set_players(tree, cycle, 2);
	}
	for (uint32_t n = 0; spec->decimals && n < tree->count; n++)
		if (ab_is_leaf(tree, n))
			ab_tree_set_decimals(tree, n, spec->decimals);
	if (spec->bounds)
		ab_tree_set_bounds(tree, (struct ab_exact){ spec->lo, 1 },
				   (struct ab_exact){ spec->hi, 1 });
	ab_tree_finish(tree);
	if (has_chance(spec) && spec->chance == AB_RANDOM_TENTHS)
		draw_probabilities(tree, &rng);
	uint32_t bad;
	enum ab_settle_error why;
	/* ab_random_check made sure the exact unit fits. */
	if (!ab_tree_settle(tree, &bad, &why)) {
		free(values);
		free(kids);
		ab_tree_free(tree);
		return NULL;
	}
	struct ab_str text = AB_STR_INIT;
	ab_str_addf(&text, _("Random practice tree (seed %llu)"),
		    (unsigned long long)spec->seed);
	ab_tree_set_title(tree, ab_str_cstr(&text));
	ab_str_clear(&text);
	ab_random_command(spec, &text);
	ab_tree_set_source(tree, ab_str_cstr(&text));
	ab_str_free(&text);
	free(values);
	free(kids);
	return tree;
}
