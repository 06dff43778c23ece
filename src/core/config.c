/* config.c - the search's configuration: its words, and what it says.
 *
 * One table below holds every word a command line, answer file or lesson
 * may use to choose a search; each entry parses its value and sets one
 * part of the config.  Describing a config (for headers and notes) is
 * here too, so that the words and their descriptions cannot drift apart.
 */
#include "core/config.h"

#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"

/* ---- Questions ------------------------------------------------------------- */

enum ab_player ab_config_root(const struct ab_config *config,
			      const struct ab_tree *tree)
{
	if (tree->root_player == AB_CHANCE)
		return AB_CHANCE; /* no other side to move first */
	switch (config->root) {
	case AB_ROOT_IS_MAX: return AB_MAX;
	case AB_ROOT_IS_MIN: return AB_MIN;
	case AB_ROOT_FROM_TREE: break;
	}
	return tree->root_player;
}

enum ab_chance_prune ab_config_chance(const struct ab_config *config,
				      const struct ab_tree *tree)
{
	if (config->chance_prune != AB_CHANCE_AUTO)
		return config->chance_prune;
	return tree->has_bounds ? AB_CHANCE_NODE : AB_CHANCE_NONE;
}

/* What makes no sense, and so is refused rather than given a meaning:
 * negamax has no sign for an expectation, so its two mistakes need a tree
 * without chance nodes (as --view negamax does); and a chance node gives
 * each child a window of its own ((-inf, +inf), or Star1's), which one
 * shared alpha and beta cannot hold.  Every other mistake acts at the
 * MAX and MIN nodes only, and a chance node is searched as without it. */
const char *ab_config_bug_refusal(const struct ab_config *config,
				  const struct ab_tree *tree)
{
	if (!ab_tree_has_chance(tree))
		return NULL;
	switch (config->bug) {
	case AB_BUG_NEGAMAX_WINDOW:
	case AB_BUG_NEGAMAX_MAX_VIEW:
		return _("this mistake is negamax's, and negamax has no sign for an expectation: it needs a tree without chance nodes");
	case AB_BUG_SHARED_BOUNDS:
		return _("one shared α and β cannot hold the window a chance node gives each child: this mistake needs a tree without chance nodes");
	default:
		return NULL;
	}
}

uint32_t ab_config_last_depth(const struct ab_config *config,
			      const struct ab_tree *tree)
{
	if (config->depth && config->depth < tree->height)
		return config->depth;
	return tree->height;
}

/* ---- Single values ---------------------------------------------------------- */

static const char *const prune_names[] = { "auto", "none", "node", "star1" };

bool ab_parse_chance_prune(const char *text, enum ab_chance_prune *out)
{
	for (int i = 1; i < 4; i++)
		if (strcmp(text, prune_names[i]) == 0) {
			*out = (enum ab_chance_prune)i;
			return true;
		}
	return false;
}

const char *ab_chance_prune_name(enum ab_chance_prune prune)
{
	return prune_names[prune];
}

static const struct {
	const char *name;
	enum ab_order order;
} order_names[] = {
	{ "given", AB_ORDER_GIVEN },
	{ "reverse", AB_ORDER_REVERSE },
	{ "best", AB_ORDER_BEST },
	{ "worst", AB_ORDER_WORST },
	{ "random", AB_ORDER_RANDOM },
	{ "killer", AB_ORDER_KILLER },
	{ "history", AB_ORDER_HISTORY },
};

bool ab_parse_order(const char *text, struct ab_config *config)
{
	for (size_t i = 0; i < sizeof order_names / sizeof order_names[0]; i++) {
		size_t n = strlen(order_names[i].name);
		if (strncmp(text, order_names[i].name, n) != 0)
			continue;
		if (text[n] == '\0') {
			config->order = order_names[i].order;
			config->seed = 0;
			return true;
		}
		if (order_names[i].order != AB_ORDER_RANDOM || text[n] != ':')
			return false;
		/* Every seed --seed takes: decimal digits, 0 to 2^64 - 1. */
		const char *digits = text + n + 1;
		uint64_t seed = 0;
		if (!*digits)
			return false;
		for (const char *d = digits; *d; d++) {
			unsigned digit = (unsigned)(*d - '0');
			if (*d < '0' || *d > '9' || seed > (UINT64_MAX - digit) / 10)
				return false;
			seed = seed * 10 + digit;
		}
		config->order = AB_ORDER_RANDOM;
		config->seed = seed;
		return true;
	}
	return false;
}

void ab_order_describe(const struct ab_config *config, struct ab_str *out)
{
	for (size_t i = 0; i < sizeof order_names / sizeof order_names[0]; i++)
		if (order_names[i].order == config->order)
			ab_str_add(out, order_names[i].name);
	if (config->order == AB_ORDER_RANDOM)
		ab_str_addf(out, ":%llu", (unsigned long long)config->seed);
}

bool ab_parse_view(const char *text, enum ab_view *out)
{
	if (strcmp(text, "minimax") == 0)
		*out = AB_VIEW_MINIMAX;
	else if (strcmp(text, "negamax") == 0)
		*out = AB_VIEW_NEGAMAX;
	else
		return false;
	return true;
}

const char *ab_fail_word(enum ab_fail fail)
{
	switch (fail) {
	case AB_FAIL_HARD: return "fail-hard";
	case AB_FAIL_CLAMP: return "fail-hard=clamp";
	case AB_FAIL_SOFT: break;
	}
	return "fail-soft";
}

static const char *const bug_ids[] = {
#define AB_BUG_ID(name, id) id,
	AB_BUGS(AB_BUG_ID)
#undef AB_BUG_ID
};

/* One sentence for each named mistake above, in our words. */
static const char *const bug_sentences[] = {
	N_("the search as it should be"),
	N_("MIN nodes raise α and MAX nodes lower β: the window moves the wrong way"),
	N_("MIN nodes update α instead of β: β never falls, so nothing is pruned (the values stay right under fail-soft, not under fail-hard)"),
	N_("the cut test compares with the parent's bound only: no deep cutoffs"),
	N_("the root searches every child with the full window: it never passes its α down"),
	N_("α and β are shared by the whole search instead of passed by value: a child's updates leak to its siblings and ancestors"),
	N_("every child is searched with (−∞, +∞): right values, no pruning at all"),
	N_("the cut test runs before the bound takes the child's value: every cut comes one child late"),
	N_("negamax passes (−α, −β) instead of (−β, −α)"),
	N_("negamax scores leaves from MAX's side at every level, not the mover's"),
	N_("the root's move is taken from a child's returned bound, so a cut child that only ties the root's value can be named best"),
	N_("the program's infinity is smaller than some value in the tree"),
	N_("every table entry is stored as an exact value, even where the search proved only a bound"),
	N_("table entries are used whatever depth they were searched to, even shallower than the node needs"),
};

const char *ab_bug_id(enum ab_bug bug)
{
	return (unsigned)bug < AB_BUG_COUNT ? bug_ids[bug] : "?";
}

const char *ab_bug_sentence(enum ab_bug bug)
{
	return (unsigned)bug < AB_BUG_COUNT ? _(bug_sentences[bug]) : "?";
}

bool ab_parse_bug(const char *text, enum ab_bug *out)
{
	for (unsigned i = 0; i < AB_BUG_COUNT; i++)
		if (strcmp(text, bug_ids[i]) == 0) {
			*out = (enum ab_bug)i;
			return true;
		}
	return false;
}

void ab_bug_describe(const struct ab_config *config, struct ab_str *out)
{
	ab_str_add(out, ab_bug_id(config->bug));
	if (config->bug == AB_BUG_SMALL_INF)
		ab_str_addf(out, ":%lld", (long long)ab_config_bug_inf(config));
}

/* ---- The table of words ----------------------------------------------------- */

/* Each setter reads value (NULL when the word came without one) and
 * returns false when it is not one the word takes. */
static bool set_algo(struct ab_config *c, const char *v)
{
	if (!v)
		return false;
	if (strcmp(v, "minimax") == 0)
		c->algo = AB_MINIMAX;
	else if (strcmp(v, "alphabeta") == 0 || strcmp(v, "alpha-beta") == 0)
		c->algo = AB_ALPHABETA;
	else
		return false;
	return true;
}

static bool set_minimax(struct ab_config *c, const char *v)
{
	c->algo = AB_MINIMAX;
	return !v;
}

static bool set_alphabeta(struct ab_config *c, const char *v)
{
	c->algo = AB_ALPHABETA;
	return !v;
}

static bool set_fail_soft(struct ab_config *c, const char *v)
{
	c->fail = AB_FAIL_SOFT;
	return !v;
}

static bool set_fail_hard(struct ab_config *c, const char *v)
{
	if (v && strcmp(v, "clamp") != 0)
		return false;
	c->fail = v ? AB_FAIL_CLAMP : AB_FAIL_HARD;
	return true;
}

static bool set_strict(struct ab_config *c, const char *v)
{
	c->strict = true;
	return !v;
}

static bool set_non_strict(struct ab_config *c, const char *v)
{
	c->strict = false;
	return !v;
}

static bool set_order(struct ab_config *c, const char *v)
{
	return v && ab_parse_order(v, c);
}

static bool set_root(struct ab_config *c, const char *v)
{
	if (v && strcmp(v, "max") == 0)
		c->root = AB_ROOT_IS_MAX;
	else if (v && strcmp(v, "min") == 0)
		c->root = AB_ROOT_IS_MIN;
	else
		return false;
	return true;
}

static bool set_chance_prune(struct ab_config *c, const char *v)
{
	return v && ab_parse_chance_prune(v, &c->chance_prune);
}

static bool set_depth(struct ab_config *c, const char *v)
{
	if (!v)
		return false;
	if (strcmp(v, "none") == 0) {
		c->depth = 0;
		return true;
	}
	if (*v < '1' || *v > '9')
		return false;
	char *end;
	unsigned long d = strtoul(v, &end, 10);
	if (*end || d > AB_MAX_DEPTH)
		return false;
	c->depth = (uint32_t)d;
	return true;
}

static bool set_iterative(struct ab_config *c, const char *v)
{
	if (v && strcmp(v, "off") != 0)
		return false;
	c->iterative = !v;
	return true;
}

static bool set_view(struct ab_config *c, const char *v)
{
	return v && ab_parse_view(v, &c->view);
}

/* bug=ID, or bug=small-inf:N with N a whole number 1 to AB_VALUE_MAX
 * (small-inf alone: AB_BUG_INF_DEFAULT, kept, so the words read back). */
static bool set_bug(struct ab_config *c, const char *v)
{
	if (!v)
		return false;
	const char *colon = strchr(v, ':');
	size_t n = colon ? (size_t)(colon - v) : strlen(v);
	char id[32];
	enum ab_bug bug;
	if (n >= sizeof id)
		return false;
	memcpy(id, v, n);
	id[n] = '\0';
	if (!ab_parse_bug(id, &bug))
		return false;
	int64_t inf = bug == AB_BUG_SMALL_INF ? AB_BUG_INF_DEFAULT : 0;
	if (colon) {
		const char *d = colon + 1;
		if (bug != AB_BUG_SMALL_INF || *d < '1' || *d > '9')
			return false;
		for (inf = 0; *d; d++) {
			if (*d < '0' || *d > '9' || inf > (AB_VALUE_MAX - (*d - '0')) / 10)
				return false;
			inf = inf * 10 + (*d - '0');
		}
	}
	c->bug = bug;
	c->bug_inf = inf;
	return true;
}

/* tt (one slot per node), tt=off, or tt=N slots, 1 to AB_MAX_NODES. */
static bool set_tt(struct ab_config *c, const char *v)
{
	if (!v) {
		c->tt = true;
		c->tt_slots = 0;
		return true;
	}
	if (strcmp(v, "off") == 0) {
		c->tt = false;
		c->tt_slots = 0;
		return true;
	}
	if (*v < '1' || *v > '9')
		return false;
	char *end;
	unsigned long n = strtoul(v, &end, 10);
	if (*end || n > AB_MAX_NODES)
		return false;
	c->tt = true;
	c->tt_slots = (uint32_t)n;
	return true;
}

static bool set_pvs(struct ab_config *c, const char *v)
{
	if (v && strcmp(v, "off") != 0)
		return false;
	c->pvs = !v;
	return true;
}

/* aspiration=W, W a number greater than 0 as a tree file writes it
 * (aspiration=off: none). */
static bool set_aspiration(struct ab_config *c, const char *v)
{
	if (!v)
		return false;
	if (strcmp(v, "off") == 0) {
		c->aspiration = (struct ab_exact){ 0, 1 };
		return true;
	}
	struct ab_exact w;
	size_t end;
	size_t n = strlen(v);
	if (ab_number_parse(v, n, true, &w, &end, NULL) != AB_NUMBER_OK || end != n ||
	    w.num <= 0)
		return false;
	c->aspiration = w;
	return true;
}

/* The setters, beside the public table (same order). */
static bool (*const setters[])(struct ab_config *, const char *) = {
	set_algo, set_minimax, set_alphabeta, set_alphabeta, set_fail_soft,
	set_fail_hard, set_strict, set_non_strict, set_order, set_root,
	set_chance_prune, set_depth, set_iterative, set_view, set_bug, set_tt,
	set_pvs, set_aspiration,
};

const struct ab_config_word ab_config_words[] = {
	{ "algo", N_("minimax or alphabeta"), AB_PART_ALGO },
	{ "minimax", NULL, AB_PART_ALGO },
	{ "alphabeta", NULL, AB_PART_ALGO },
	{ "alpha-beta", NULL, AB_PART_ALGO },
	{ "fail-soft", NULL, AB_PART_FAIL },
	{ "fail-hard", N_("nothing or clamp"), AB_PART_FAIL },
	{ "strict", NULL, AB_PART_STRICT },
	{ "non-strict", NULL, AB_PART_STRICT },
	{ "order", N_("given, reverse, best, worst, random, random:SEED, killer or history"), AB_PART_ORDER },
	{ "root", N_("max or min"), AB_PART_ROOT },
	{ "chance-prune", N_("none, node or star1"), AB_PART_CHANCE },
	{ "depth", N_("a number of levels below the root, 1 to 10000"), AB_PART_DEPTH },
	{ "iterative", N_("nothing or off"), AB_PART_ITERATIVE },
	{ "view", N_("minimax or negamax"), AB_PART_VIEW },
	{ "bug", N_("a named mistake: none, swapped-update, min-updates-alpha, parent-only, no-root-pruning, shared-bounds, full-window, late-test, negamax-window, negamax-max-view, best-from-bound, small-inf, small-inf:N, tt-no-flag or tt-any-depth"), AB_PART_BUG },
	{ "tt", N_("nothing, off, or a number of slots, 1 to 20000000"), AB_PART_TT },
	{ "pvs", N_("nothing or off"), AB_PART_PVS },
	{ "aspiration", N_("a window's half width greater than 0, in the tree's numbers, or off"), AB_PART_ASPIRATION },
	{ NULL, NULL, 0 },
};

_Static_assert(sizeof setters / sizeof setters[0] ==
	       sizeof ab_config_words / sizeof ab_config_words[0] - 1,
	       "one setter per word");

static size_t find_word(const char *word, size_t len)
{
	for (size_t i = 0; ab_config_words[i].word; i++)
		if (strlen(ab_config_words[i].word) == len &&
		    strncmp(ab_config_words[i].word, word, len) == 0)
			return i;
	return (size_t)-1;
}

const struct ab_config_word *ab_config_find_word(const char *word)
{
	const char *eq = strchr(word, '=');
	size_t i = find_word(word, eq ? (size_t)(eq - word) : strlen(word));
	return i == (size_t)-1 ? NULL : &ab_config_words[i];
}

const char *ab_config_set(const char *word, const char *value,
			  struct ab_config *config, unsigned *parts)
{
	size_t i = find_word(word, strlen(word));
	if (i == (size_t)-1)
		return _("not a word of a search");
	struct ab_config c = *config;
	if (!setters[i](&c, value)) {
		const char *takes = ab_config_words[i].value;
		return takes ? _(takes) : _("no value");
	}
	*config = c;
	if (parts)
		*parts |= ab_config_words[i].part;
	return NULL;
}

const char *ab_config_apply(const char *word, struct ab_config *config,
			    unsigned *parts)
{
	const char *eq = strchr(word, '=');
	if (!eq)
		return ab_config_set(word, NULL, config, parts);
	char name[32];
	size_t n = (size_t)(eq - word);
	if (n >= sizeof name)
		return _("not a word of a search");
	memcpy(name, word, n);
	name[n] = '\0';
	return ab_config_set(name, eq + 1, config, parts);
}

void ab_config_merge(struct ab_config *to, const struct ab_config *from,
		     unsigned parts)
{
	if (parts & AB_PART_ALGO)
		to->algo = from->algo;
	if (parts & AB_PART_FAIL)
		to->fail = from->fail;
	if (parts & AB_PART_STRICT)
		to->strict = from->strict;
	if (parts & AB_PART_ORDER) {
		to->order = from->order;
		to->seed = from->seed;
	}
	if (parts & AB_PART_ROOT)
		to->root = from->root;
	if (parts & AB_PART_CHANCE)
		to->chance_prune = from->chance_prune;
	if (parts & AB_PART_DEPTH)
		to->depth = from->depth;
	if (parts & AB_PART_ITERATIVE)
		to->iterative = from->iterative;
	if (parts & AB_PART_VIEW)
		to->view = from->view;
	if (parts & AB_PART_BUG) {
		to->bug = from->bug;
		to->bug_inf = from->bug_inf;
	}
	if (parts & AB_PART_TT) {
		to->tt = from->tt;
		to->tt_slots = from->tt_slots;
	}
	if (parts & AB_PART_PVS)
		to->pvs = from->pvs;
	if (parts & AB_PART_ASPIRATION)
		to->aspiration = from->aspiration;
}

unsigned ab_config_differ(const struct ab_config *a, const struct ab_config *b)
{
	unsigned d = 0;
	d |= a->algo != b->algo ? AB_PART_ALGO : 0;
	d |= a->fail != b->fail ? AB_PART_FAIL : 0;
	d |= a->strict != b->strict ? AB_PART_STRICT : 0;
	d |= a->order != b->order || a->seed != b->seed ? AB_PART_ORDER : 0;
	d |= a->root != b->root ? AB_PART_ROOT : 0;
	d |= a->chance_prune != b->chance_prune ? AB_PART_CHANCE : 0;
	d |= a->depth != b->depth ? AB_PART_DEPTH : 0;
	d |= a->iterative != b->iterative ? AB_PART_ITERATIVE : 0;
	d |= a->view != b->view ? AB_PART_VIEW : 0;
	d |= a->bug != b->bug || (a->bug == AB_BUG_SMALL_INF &&
				  ab_config_bug_inf(a) != ab_config_bug_inf(b))
		     ? AB_PART_BUG : 0;
	d |= a->tt != b->tt || (a->tt && a->tt_slots != b->tt_slots) ? AB_PART_TT : 0;
	d |= a->pvs != b->pvs ? AB_PART_PVS : 0;
	d |= a->aspiration.num != b->aspiration.num ||
	     (a->aspiration.num && a->aspiration.den != b->aspiration.den) ? AB_PART_ASPIRATION : 0;
	return d;
}

void ab_config_words_of(const struct ab_config *c, unsigned parts,
			struct ab_str *out)
{
	size_t start = out->len;
#define SEP() (out->len > start ? ab_str_add(out, " ") : (void)0)
	if (parts & AB_PART_ALGO) {
		SEP();
		ab_str_add(out, c->algo == AB_MINIMAX ? "minimax" : "alphabeta");
	}
	if (parts & AB_PART_FAIL) {
		SEP();
		ab_str_add(out, ab_fail_word(c->fail));
	}
	if (parts & AB_PART_STRICT) {
		SEP();
		ab_str_add(out, c->strict ? "strict" : "non-strict");
	}
	if (parts & AB_PART_ORDER) {
		SEP();
		ab_str_add(out, "order=");
		ab_order_describe(c, out);
	}
	if (parts & AB_PART_ROOT) {
		SEP();
		ab_str_add(out, c->root == AB_ROOT_IS_MIN ? "root=min" : "root=max");
	}
	if (parts & AB_PART_CHANCE) {
		SEP();
		ab_str_addf(out, "chance-prune=%s", ab_chance_prune_name(c->chance_prune));
	}
	if (parts & AB_PART_DEPTH) {
		SEP();
		if (c->depth)
			ab_str_addf(out, "depth=%u", c->depth);
		else
			ab_str_add(out, "depth=none");
	}
	if (parts & AB_PART_ITERATIVE) {
		SEP();
		ab_str_add(out, c->iterative ? "iterative" : "iterative=off");
	}
	if (parts & AB_PART_VIEW) {
		SEP();
		ab_str_add(out, c->view == AB_VIEW_NEGAMAX ? "view=negamax" : "view=minimax");
	}
	if (parts & AB_PART_BUG) {
		SEP();
		ab_str_add(out, "bug=");
		ab_bug_describe(c, out);
	}
	if (parts & AB_PART_TT) {
		SEP();
		if (!c->tt)
			ab_str_add(out, "tt=off");
		else if (c->tt_slots)
			ab_str_addf(out, "tt=%u", c->tt_slots);
		else
			ab_str_add(out, "tt");
	}
	if (parts & AB_PART_PVS) {
		SEP();
		ab_str_add(out, c->pvs ? "pvs" : "pvs=off");
	}
	if (parts & AB_PART_ASPIRATION) {
		SEP();
		ab_str_add(out, "aspiration=");
		if (c->aspiration.num)
			ab_exact_format(c->aspiration, out);
		else
			ab_str_add(out, "off");
	}
#undef SEP
}

/* ---- Descriptions -------------------------------------------------------------- */

static void describe(const struct ab_config *config, bool ascii, bool chance,
		     struct ab_str *out)
{
	if (config->algo == AB_MINIMAX) {
		ab_str_add(out, chance ? _("expectimax") : _("minimax"));
	} else {
		switch (config->fail) {
		case AB_FAIL_SOFT: ab_str_add(out, _("alpha-beta, fail-soft, cut on ")); break;
		case AB_FAIL_HARD: ab_str_add(out, _("alpha-beta, fail-hard, cut on ")); break;
		case AB_FAIL_CLAMP: ab_str_add(out, _("alpha-beta, fail-hard clamped to the window, cut on ")); break;
		}
		if (ascii)
			ab_str_add(out, config->strict ? "alpha > beta" : "alpha >= beta");
		else
			ab_str_add(out, config->strict ? "α > β" : "α ≥ β");
	}
	/* The order as a course names it (in English, the option's word). */
	switch (config->order) {
	case AB_ORDER_GIVEN: ab_str_add(out, _(", order given")); break;
	case AB_ORDER_REVERSE: ab_str_add(out, _(", order reverse")); break;
	case AB_ORDER_BEST: ab_str_add(out, _(", order best")); break;
	case AB_ORDER_WORST: ab_str_add(out, _(", order worst")); break;
	case AB_ORDER_RANDOM:
		ab_str_addf(out, _(", order random:%llu"), (unsigned long long)config->seed);
		break;
	case AB_ORDER_KILLER: ab_str_add(out, _(", killer moves first")); break;
	case AB_ORDER_HISTORY: ab_str_add(out, _(", ordered by history")); break;
	}
	if (config->iterative && config->depth)
		ab_str_addf(out, _(", iterative deepening to depth %u"), config->depth);
	else if (config->iterative)
		ab_str_add(out, _(", iterative deepening"));
	else if (config->depth)
		ab_str_addf(out, _(", depth %u"), config->depth);
	if (config->tt && config->tt_slots)
		ab_str_addf(out, _(", transposition table of %u slots"), config->tt_slots);
	else if (config->tt)
		ab_str_add(out, _(", transposition table"));
	if (config->pvs && config->algo == AB_ALPHABETA)
		ab_str_add(out, _(", principal variation search"));
	if (config->aspiration.num && config->iterative) {
		struct ab_str w = AB_STR_INIT;
		ab_exact_format(config->aspiration, &w);
		ab_str_addf(out, _(", aspiration windows of ±%s"), ab_str_cstr(&w));
		ab_str_free(&w);
	}
	if (config->view == AB_VIEW_NEGAMAX)
		ab_str_add(out, _(", negamax view"));
	if (config->bug != AB_BUG_NONE) {
		struct ab_str id = AB_STR_INIT;
		ab_bug_describe(config, &id);
		ab_str_addf(out, _(", with the mistake %s"), ab_str_cstr(&id));
		ab_str_free(&id);
	}
}

void ab_config_describe(const struct ab_config *config, bool ascii,
			struct ab_str *out)
{
	describe(config, ascii, false, out);
}

void ab_config_describe_for(const struct ab_config *config,
			    const struct ab_tree *tree, bool ascii,
			    struct ab_str *out)
{
	describe(config, ascii, tree->nchance != 0, out);
	if (tree->nchance && config->algo == AB_ALPHABETA) {
		switch (ab_config_chance(config, tree)) {
		case AB_CHANCE_NONE: ab_str_add(out, _(", chance-prune none")); break;
		case AB_CHANCE_NODE: ab_str_add(out, _(", chance-prune node")); break;
		case AB_CHANCE_STAR1: ab_str_add(out, _(", chance-prune star1")); break;
		case AB_CHANCE_AUTO: break;
		}
	}
}

const char *ab_fail_name(enum ab_fail fail)
{
	switch (fail) {
	case AB_FAIL_HARD: return _("fail-hard");
	case AB_FAIL_CLAMP: return _("fail-hard=clamp");
	case AB_FAIL_SOFT: break;
	}
	return _("fail-soft");
}

void ab_config_describe_parts(const struct ab_config *config, unsigned parts,
			      bool ascii, struct ab_str *out)
{
	size_t start = out->len;
#define NEXT() (out->len > start ? ab_str_add(out, _(", ")) : (void)0)
	if (parts & AB_PART_ALGO) {
		NEXT();
		ab_str_add(out, config->algo == AB_MINIMAX ? _("minimax") : _("alpha-beta"));
	}
	if (parts & AB_PART_STRICT) {
		NEXT();
		if (ascii)
			ab_str_add(out, config->strict ? "alpha > beta" : "alpha >= beta");
		else
			ab_str_add(out, config->strict ? "α > β" : "α ≥ β");
	}
	if (parts & AB_PART_FAIL) {
		NEXT();
		ab_str_add(out, ab_fail_name(config->fail));
	}
	if (parts & AB_PART_ORDER) {
		NEXT();
		switch (config->order) {
		case AB_ORDER_GIVEN: ab_str_add(out, _("order given")); break;
		case AB_ORDER_REVERSE: ab_str_add(out, _("order reverse")); break;
		case AB_ORDER_BEST: ab_str_add(out, _("order best")); break;
		case AB_ORDER_WORST: ab_str_add(out, _("order worst")); break;
		case AB_ORDER_RANDOM:
			ab_str_addf(out, _("order random:%llu"), (unsigned long long)config->seed);
			break;
		case AB_ORDER_KILLER: ab_str_add(out, _("order killer")); break;
		case AB_ORDER_HISTORY: ab_str_add(out, _("order history")); break;
		}
	}
	if (parts & AB_PART_ROOT) {
		NEXT();
		ab_str_add(out, config->root == AB_ROOT_IS_MIN ? _("root MIN") : _("root MAX"));
	}
	if (parts & AB_PART_DEPTH) {
		NEXT();
		if (config->depth)
			ab_str_addf(out, _("depth %u"), config->depth);
		else
			ab_str_add(out, _("no depth limit"));
	}
	if (parts & AB_PART_CHANCE) {
		NEXT();
		switch (config->chance_prune) {
		case AB_CHANCE_NONE: ab_str_add(out, _("chance-prune none")); break;
		case AB_CHANCE_NODE: ab_str_add(out, _("chance-prune node")); break;
		case AB_CHANCE_STAR1: ab_str_add(out, _("chance-prune star1")); break;
		case AB_CHANCE_AUTO: ab_str_add(out, _("chance-prune as the tree's bounds say")); break;
		}
	}
	if (parts & AB_PART_TT) {
		NEXT();
		if (config->tt && config->tt_slots)
			ab_str_addf(out, _("transposition table of %u slots"), config->tt_slots);
		else
			ab_str_add(out, config->tt ? _("transposition table") : _("no transposition table"));
	}
	if (parts & AB_PART_PVS) {
		NEXT();
		ab_str_add(out, config->pvs ? _("principal variation search") : _("no principal variation search"));
	}
#undef NEXT
}
