/* config.h - which search runs: one struct, and one table of its words.
 *
 * Every command, answer file and lesson says which search it means with
 * the same words ("fail-hard", "strict", "order=best", "depth=2", ...):
 * the command line as options (--fail-hard, --order best), an answer as
 * rules:/order:/root: lines, a lesson after "under".  All of them read the
 * words through ab_config_word here, so a new variant is one entry in
 * config.c's table, and its consumers ask the questions below
 * (ab_config_prunes, ab_config_fail ...) instead of combining fields.
 */
#ifndef AB_CONFIG_H
#define AB_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "base/str.h"
#include "core/tree.h"

enum ab_algo { AB_ALPHABETA, AB_MINIMAX };

/* What a node whose value falls outside its window returns. */
enum ab_fail {
	AB_FAIL_SOFT,  /* its best value (the default) */
	AB_FAIL_HARD,  /* its bound as the lecture pseudocode keeps it: a MAX
			  node its alpha, which may pass beta */
	AB_FAIL_CLAMP, /* clamped to the window it was given, as engines
			  write it (if v >= beta return beta) */
};

enum ab_order {
	AB_ORDER_GIVEN,   /* as the file lists them */
	AB_ORDER_REVERSE, /* last child first */
	AB_ORDER_BEST,    /* by true minimax value, best for the mover first */
	AB_ORDER_WORST,   /* the opposite of best */
	AB_ORDER_RANDOM,  /* a shuffle that depends only on the seed */
	AB_ORDER_KILLER,  /* the given order, with the moves that last cut
			     off at the node's depth first (killer moves) */
	AB_ORDER_HISTORY, /* by how often each move cut off, weighted by the
			     depth searched below (the history heuristic) */
};

enum ab_root_choice { AB_ROOT_FROM_TREE, AB_ROOT_IS_MAX, AB_ROOT_IS_MIN };

/* Pruning at chance nodes (abtrace-events(7), "Search variants"). */
enum ab_chance_prune {
	AB_CHANCE_AUTO,  /* node when the tree declares bounds, else none */
	AB_CHANCE_NONE,  /* every child, window (-inf, +inf), no cut */
	AB_CHANCE_NODE,  /* cut when S + R·U <= alpha or S + R·L >= beta */
	AB_CHANCE_STAR1, /* node's test, and Star1's window for each child */
};

/* How the screens and the narration show the search (never the search or
 * its JSON): as minimax writes it, or from the mover's side as negamax
 * does. */
enum ab_view { AB_VIEW_MINIMAX, AB_VIEW_NEGAMAX };

/* The named mistakes (--bug ID): abtrace's own search with the mistake
 * people make, so a lecturer can show it and `diff` can name it.  One
 * list, so the ids and their sentences are written once. */
#define AB_BUGS(X) \
	X(NONE, "none") \
	X(SWAPPED_UPDATE, "swapped-update") \
	X(MIN_UPDATES_ALPHA, "min-updates-alpha") \
	X(PARENT_ONLY, "parent-only") \
	X(NO_ROOT_PRUNING, "no-root-pruning") \
	X(SHARED_BOUNDS, "shared-bounds") \
	X(FULL_WINDOW, "full-window") \
	X(LATE_TEST, "late-test") \
	X(NEGAMAX_WINDOW, "negamax-window") \
	X(NEGAMAX_MAX_VIEW, "negamax-max-view") \
	X(BEST_FROM_BOUND, "best-from-bound") \
	X(SMALL_INF, "small-inf") \
	X(TT_NO_FLAG, "tt-no-flag") \
	X(TT_ANY_DEPTH, "tt-any-depth")

enum ab_bug {
#define AB_BUG_ENUM(name, id) AB_BUG_##name,
	AB_BUGS(AB_BUG_ENUM)
#undef AB_BUG_ENUM
	AB_BUG_COUNT
};

struct ab_config {
	enum ab_algo algo;
	enum ab_fail fail;
	bool strict;      /* cut on alpha > beta instead of alpha >= beta */
	enum ab_order order;
	uint64_t seed;    /* for AB_ORDER_RANDOM */
	enum ab_root_choice root;
	enum ab_chance_prune chance_prune;
	uint32_t depth;   /* --depth: nodes this deep are evaluated by their
			     static value; 0: no limit */
	bool iterative;   /* --iterative: depths 1, 2, ... up to depth (or the
			     tree's height), each ordered by the last */
	enum ab_view view; /* presentation only */
	enum ab_bug bug;  /* a named mistake, AB_BUG_NONE: the right search */
	int64_t bug_inf;  /* bug=small-inf:N, the program's infinity N in the
			     tree's numbers; 0: AB_BUG_INF_DEFAULT */
	bool tt;          /* --tt: a transposition table (ab_config_table) */
	uint32_t tt_slots; /* its slots (--tt=N); 0: one per node, so no two
			     positions share one */
	bool pvs;         /* --pvs: principal variation search (alpha-beta
			     only): every child but the first searched with
			     a null window, and again where it falls inside */
	struct ab_exact aspiration; /* --aspiration W (with --iterative): each
			     iteration after the first searches the root
			     with [v - W, v + W]; num 0: none */
};

/* The infinity small-inf gives a program that names none: the 1000 a
 * course's programs most often write for "infinity", far above the
 * lecture trees' numbers and within reach of a test's. */
#define AB_BUG_INF_DEFAULT 1000

/* The defaults (alpha-beta, fail-soft, cut on >=, given order, the tree's
 * root, no depth limit) are all zero, so a config names only what differs:
 * (struct ab_config){ .fail = AB_FAIL_HARD }. */
#define AB_CONFIG_DEFAULT ((struct ab_config){ .algo = AB_ALPHABETA })

/* ---- Questions a consumer asks ------------------------------------------ */

/* Whether the search prunes (alpha-beta) or looks at everything. */
static inline bool ab_config_prunes(const struct ab_config *c)
{
	return c->algo == AB_ALPHABETA;
}
/* The convention for what a cut node returns, as it applies: fail-soft
 * under minimax (nothing is cut). */
static inline enum ab_fail ab_config_fail(const struct ab_config *c)
{
	return ab_config_prunes(c) ? c->fail : AB_FAIL_SOFT;
}
/* Whether a node may return its bound rather than its value (either
 * fail-hard). */
static inline bool ab_config_returns_bound(const struct ab_config *c)
{
	return ab_config_fail(c) != AB_FAIL_SOFT;
}
/* small-inf's infinity N, the default when none was given. */
static inline int64_t ab_config_bug_inf(const struct ab_config *c)
{
	return c->bug_inf ? c->bug_inf : AB_BUG_INF_DEFAULT;
}
/* Whether the search keeps a transposition table: --tt, or a mistake of
 * the table's (tt-no-flag, tt-any-depth), which implies one. */
static inline bool ab_config_table(const struct ab_config *c)
{
	return c->tt || c->bug == AB_BUG_TT_NO_FLAG || c->bug == AB_BUG_TT_ANY_DEPTH;
}
/* The table's slots on tree: --tt=N's N, or one per node. */
static inline uint32_t ab_config_tt_slots(const struct ab_config *c,
					  const struct ab_tree *tree)
{
	return c->tt_slots ? c->tt_slots : (tree->count ? tree->count : 1);
}
/* Whether the named mistake is one of the table's. */
static inline bool ab_bug_is_table(enum ab_bug bug)
{
	return bug == AB_BUG_TT_NO_FLAG || bug == AB_BUG_TT_ANY_DEPTH;
}
/* NULL when the named mistake can run on tree, else why not (the
 * negamax mistakes and shared-bounds need a tree without chance nodes):
 * ab_search refuses it with AB_SEARCH_REFUSED, and a command prints
 * this before it searches. */
const char *ab_config_bug_refusal(const struct ab_config *config,
				  const struct ab_tree *tree);
/* The root's player under this configuration. */
enum ab_player ab_config_root(const struct ab_config *config,
			      const struct ab_tree *tree);
/* The chance pruning in force on this tree: never AB_CHANCE_AUTO. */
enum ab_chance_prune ab_config_chance(const struct ab_config *config,
				      const struct ab_tree *tree);
/* The most iterations --iterative runs: each repeats the shallower
 * searches, so a deep tree's iterations would add up without bound. */
#define AB_MAX_ITERATIONS 64u
/* The deepest iteration --iterative runs: config->depth capped at the
 * tree's height (deeper searches repeat the last), or the height. */
uint32_t ab_config_last_depth(const struct ab_config *config,
			      const struct ab_tree *tree);

/* ---- Words ----------------------------------------------------------------- */

/* The parts of a configuration, as bits: a word sets one part, and where
 * several sources state a convention (the command line, a key, an answer
 * file) they are merged part by part. */
enum ab_config_part {
	AB_PART_ALGO = 1u << 0,
	AB_PART_FAIL = 1u << 1,
	AB_PART_STRICT = 1u << 2,
	AB_PART_ORDER = 1u << 3,
	AB_PART_ROOT = 1u << 4,
	AB_PART_CHANCE = 1u << 5,
	AB_PART_DEPTH = 1u << 6,
	AB_PART_ITERATIVE = 1u << 7,
	AB_PART_VIEW = 1u << 8,
	AB_PART_BUG = 1u << 9,
	AB_PART_TT = 1u << 10,
	AB_PART_PVS = 1u << 11,
	AB_PART_ASPIRATION = 1u << 12,
};

/* One entry of the table of words. */
struct ab_config_word {
	const char *word;    /* "fail-hard", or "order" for order=VALUE */
	const char *value;   /* what =VALUE may be, for messages and --help
				("given, reverse, ..."); NULL: takes none */
	unsigned part;       /* the AB_PART_* it sets */
};

/* The table, ended by an entry whose word is NULL. */
extern const struct ab_config_word ab_config_words[];

/* Applies one word ("strict", "fail-hard=clamp", "order=random:7",
 * "depth=2") to *config and adds its part to *parts (may be NULL).
 * value may also come apart: ab_config_set("order", "best", ...).
 * Returns NULL, or a message saying what the word or value should be
 * (config untouched). */
const char *ab_config_apply(const char *word, struct ab_config *config,
			    unsigned *parts);
const char *ab_config_set(const char *word, const char *value,
			  struct ab_config *config, unsigned *parts);
/* The entry for a word ("order" or "order=best"), NULL if none. */
const struct ab_config_word *ab_config_find_word(const char *word);

/* Copies the parts of from named in parts into *to. */
void ab_config_merge(struct ab_config *to, const struct ab_config *from,
		     unsigned parts);
/* The parts in which a and b differ. */
unsigned ab_config_differ(const struct ab_config *a, const struct ab_config *b);
/* Appends the parts of config named in parts as words, as ab_config_apply
 * reads them: "strict fail-hard order=reverse". */
void ab_config_words_of(const struct ab_config *config, unsigned parts,
			struct ab_str *out);

/* ---- Single values ---------------------------------------------------------- */

/* Parses "none", "node" or "star1". */
bool ab_parse_chance_prune(const char *text, enum ab_chance_prune *out);
const char *ab_chance_prune_name(enum ab_chance_prune prune);
/* Parses "given", "reverse", "best", "worst", "random" or "random:SEED".
 * Returns false (config untouched) on anything else. */
bool ab_parse_order(const char *text, struct ab_config *config);
/* Appends the order as the option spells it, e.g. "random:42". */
void ab_order_describe(const struct ab_config *config, struct ab_str *out);
/* Parses --view: "minimax" or "negamax". */
bool ab_parse_view(const char *text, enum ab_view *out);
/* The fail convention's word: "fail-soft", "fail-hard", "fail-hard=clamp". */
const char *ab_fail_word(enum ab_fail fail);
/* The same as people read it, in the language of messages (the word, or
 * in Chinese 软失败 / 硬失败 with the word beside it). */
const char *ab_fail_name(enum ab_fail fail);
/* A named mistake's id ("swapped-update"), and the mistake as a sentence
 * ("MIN nodes raise α and MAX nodes lower β"). */
const char *ab_bug_id(enum ab_bug bug);
const char *ab_bug_sentence(enum ab_bug bug);
/* Parses an id alone ("late-test"). */
bool ab_parse_bug(const char *text, enum ab_bug *out);
/* Appends the mistake as the word bug= takes it: its id, and for
 * small-inf its infinity ("small-inf:1000"). */
void ab_bug_describe(const struct ab_config *config, struct ab_str *out);

/* ---- Descriptions -------------------------------------------------------------- */

/* Appends e.g. "alpha-beta, fail-soft, cut on α ≥ β, order given".  ascii
 * chooses ">=" over "≥". */
void ab_config_describe(const struct ab_config *config, bool ascii,
			struct ab_str *out);
/* The same for a search of tree: "expectimax" for minimax over chance
 * nodes, and alpha-beta's chance pruning ("..., chance-prune node"). */
void ab_config_describe_for(const struct ab_config *config,
			    const struct ab_tree *tree, bool ascii,
			    struct ab_str *out);
/* Appends only the parts of config named in parts (AB_PART_*), as a list
 * in the language of messages, for notes that say what a grader used
 * instead of what a file declared: "α ≥ β, fail-hard, order given". */
void ab_config_describe_parts(const struct ab_config *config, unsigned parts,
			      bool ascii, struct ab_str *out);

#endif
