/* stats.c - leaf and node counts per algorithm and order, Knuth-Moore. */
#include "views/stats.h"

#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "base/utf8.h"
#include "views/json.h"
#include "views/narrate.h"

static uint64_t power(uint32_t base, uint32_t exp)
{
	uint64_t r = 1;
	while (exp--) {
		if (base && r > UINT64_MAX / base)
			return UINT64_MAX;
		r *= base;
	}
	return r;
}

uint64_t ab_knuth_moore(uint32_t branching, uint32_t depth)
{
	uint64_t a = power(branching, (depth + 1) / 2);
	uint64_t b = power(branching, depth / 2);
	if (a == UINT64_MAX || b == UINT64_MAX || a > UINT64_MAX - b)
		return UINT64_MAX;
	return a + b - 1;
}

/* The counting sink: statistics need counts, not a recording.  It reads
 * the live event stream and keeps nothing (no trace: no records, no state,
 * memory of the tree's own size), and of that stream only the done event,
 * which carries the leaves and nodes the search counted: the search then
 * builds no other event, and costs what a bare search costs. */
static int count_done(void *ctx, const struct ab_event *ev)
{
	struct ab_counts *c = ctx;
	*c = (struct ab_counts){
		.known = true,
		.leaves = ev->leaves_visited,
		.nodes = ev->nodes_visited,
		.value = ev->value,
		.best = ev->best,
		.probes = ev->probes,
		.hits = ev->hits,
		.stores = ev->stores,
	};
	return 0;
}

bool ab_count(const struct ab_tree *tree, const struct ab_config *config,
	      struct ab_counts *out)
{
	*out = (struct ab_counts){ .known = false, .best = AB_NONE };
	struct ab_counts c = { .known = false, .best = AB_NONE };
	struct ab_sink sink = { count_done, &c, AB_EVENT_BIT(AB_EV_DONE) };
	if (ab_search(tree, config, &sink) != 0 || !c.known)
		return false;
	*out = c;
	return true;
}

/* The iterative rows' sink: each result event is an iteration's row, the
 * done event the total; nothing else is read, and nothing recorded. */
static int count_iteration(void *ctx, const struct ab_event *ev)
{
	struct ab_stats *out = ctx;
	struct ab_counts c = {
		.known = true, .leaves = ev->leaves_visited,
		.nodes = ev->nodes_visited, .value = ev->value, .best = ev->best,
	};
	if (ev->kind == AB_EV_DONE)
		out->iterative_total = c;
	else if (out->niterations < AB_STATS_MAX_ROWS)
		out->iterations[out->niterations++] = c;
	return 0;
}

/* One row per iteration, from the live result events. */
static bool iterative_rows(const struct ab_tree *tree,
			   const struct ab_config *config, struct ab_stats *out)
{
	out->last_depth = ab_config_last_depth(config, tree);
	struct ab_sink sink = { count_iteration, out,
				AB_EVENT_BIT(AB_EV_RESULT) | AB_EVENT_BIT(AB_EV_DONE) };
	return ab_search(tree, config, &sink) == 0 && out->iterative_total.known;
}

/* The searches a full report compares, one row each, in the order shown:
 * each is the search asked for, changed by configure.  A new technique to
 * compare is one more entry.  The engine's techniques (the table, PVS)
 * are stripped from every row but those that use them, which run only
 * when the search asked for uses them too, and take them as asked. */
enum { USES_TABLE = 1, USES_PVS = 2 };

static unsigned techniques(const struct ab_config *c)
{
	return (ab_config_table(c) ? USES_TABLE : 0) |
	       (c->pvs && ab_config_prunes(c) ? USES_PVS : 0);
}

/* The row's config: straight without the techniques, then with those
 * the row uses, as asked. */
static struct ab_config with_techniques(const struct ab_config *asked, unsigned uses)
{
	struct ab_config c = *asked;
	c.tt = false;
	c.tt_slots = 0;
	if (ab_bug_is_table(c.bug))
		c.bug = AB_BUG_NONE;
	c.pvs = false;
	if (uses & USES_TABLE) {
		c.tt = true;
		c.tt_slots = asked->tt_slots;
		if (ab_bug_is_table(asked->bug))
			c.bug = asked->bug;
	}
	if (uses & USES_PVS)
		c.pvs = true;
	return c;
}

static void as_minimax(struct ab_config *c)
{
	c->algo = AB_MINIMAX;
	c->order = AB_ORDER_GIVEN;
}

static void as_asked(struct ab_config *c)
{
	c->algo = AB_ALPHABETA;
}

static void best_first(struct ab_config *c)
{
	c->algo = AB_ALPHABETA;
	c->order = AB_ORDER_BEST;
}

static void worst_first(struct ab_config *c)
{
	c->algo = AB_ALPHABETA;
	c->order = AB_ORDER_WORST;
}

static const struct {
	const char *key;
	void (*configure)(struct ab_config *c);
	unsigned uses;              /* USES_*: the techniques it shows */
} searches[] = {
	{ "minimax", as_minimax, 0 },
	{ "alphabeta", as_asked, 0 },
	{ "best_order", best_first, 0 },
	{ "worst_order", worst_first, 0 },
	{ "minimax_tt", as_minimax, USES_TABLE },
	{ "alphabeta_tt", as_asked, USES_TABLE },
	{ "pvs", as_asked, USES_PVS },
	{ "pvs_tt", as_asked, USES_PVS | USES_TABLE },
};
_Static_assert(sizeof searches / sizeof searches[0] <= AB_STATS_MAX_SEARCHES,
	       "more searches than a report has rows");

bool ab_stats_compute(const struct ab_tree *tree, const struct ab_config *config,
		      bool only_asked, struct ab_stats *out)
{
	*out = (struct ab_stats){ .config = *config };
	out->leaves_total = tree->leaves;
	out->positions = tree->leaves;
	if (config->depth && !config->iterative && config->depth < tree->height) {
		/* A search to depth d evaluates the leaves above it and the
		 * nodes at it: the share is of those. */
		out->positions = 0;
		for (uint32_t n = 0; n < tree->count; n++) {
			const struct ab_node *node = &tree->nodes[n];
			out->positions += node->depth == config->depth ||
					  (node->depth < config->depth && !node->nkids);
		}
	}
	out->inner_total = tree->count - tree->leaves;
	out->uniform = ab_tree_uniform(tree, &out->branching, &out->depth);
	out->minimal_leaves = UINT64_MAX;
	if (out->uniform) {
		/* A depth-limited search is a uniform tree of that depth. */
		out->searched_depth = config->depth && config->depth < out->depth
				      ? config->depth : out->depth;
		/* Knuth and Moore counted MAX and MIN taking turns. */
		if (ab_tree_alternates(tree))
			out->minimal_leaves = ab_knuth_moore(out->branching,
							     out->searched_depth);
	}
	if (config->iterative && !iterative_rows(tree, config, out))
		return false;
	struct ab_config straight = *config;
	if (config->iterative) {
		/* The other rows: one search straight to the last depth. */
		straight.iterative = false;
		straight.depth = out->last_depth;
	}
	unsigned asked = techniques(config);
	if (asked & USES_TABLE)
		out->tt_slots = ab_config_tt_slots(config, tree);
	for (size_t i = 0; i < sizeof searches / sizeof searches[0]; i++) {
		unsigned uses = searches[i].uses;
		if ((uses & asked) != uses)
			continue;
		struct ab_config c = with_techniques(&straight, uses);
		if (only_asked) {
			/* The asked search alone, as it was asked (its order
			 * too), without its techniques and with them. */
			bool minimax = straight.algo == AB_MINIMAX;
			if (minimax != (searches[i].configure == as_minimax) ||
			    (searches[i].configure != as_minimax &&
			     searches[i].configure != as_asked))
				continue;
		} else {
			searches[i].configure(&c);
		}
		struct ab_stats_row *row = &out->rows[out->nrows++];
		*row = (struct ab_stats_row){ searches[i].key, c, { .known = false } };
		if (!ab_count(tree, &row->config, &row->counts))
			return false;
	}
	return true;
}

static void row_label(const struct ab_tree *tree, const struct ab_config *c,
		      struct ab_str *out);

/* ---- stats --compare ---------------------------------------------------- */

static void compare_iterative(struct ab_config *c)
{
	c->algo = AB_ALPHABETA;
	c->iterative = true;
}

static void compare_tt(struct ab_config *c)
{
	c->algo = AB_ALPHABETA;
	c->tt = true;
}

static void compare_killer(struct ab_config *c)
{
	c->algo = AB_ALPHABETA;
	c->order = AB_ORDER_KILLER;
}

static void compare_history(struct ab_config *c)
{
	c->algo = AB_ALPHABETA;
	c->order = AB_ORDER_HISTORY;
}

static void compare_pvs(struct ab_config *c)
{
	c->algo = AB_ALPHABETA;
	c->pvs = true;
}

/* The rows of --compare, in the order shown: each technique alone on the
 * conventions asked for. */
static const struct {
	const char *key;
	void (*configure)(struct ab_config *c);
} compared[] = {
	{ "minimax", as_minimax },
	{ "alphabeta", as_asked },
	{ "best_order", best_first },
	{ "iterative", compare_iterative },
	{ "tt", compare_tt },
	{ "killer", compare_killer },
	{ "history", compare_history },
	{ "pvs", compare_pvs },
};
_Static_assert(sizeof compared / sizeof compared[0] <= AB_STATS_MAX_SEARCHES,
	       "more searches than a report has rows");

bool ab_stats_compare(const struct ab_tree *tree, const struct ab_config *config,
		      struct ab_stats *out)
{
	struct ab_config base = with_techniques(config, 0);
	base.order = AB_ORDER_GIVEN;
	base.seed = 0;
	base.iterative = false;
	base.aspiration = (struct ab_exact){ 0, 1 };
	if (!ab_stats_compute(tree, &base, true, out))
		return false;
	out->config = *config;
	out->nrows = 0;
	for (size_t i = 0; i < sizeof compared / sizeof compared[0]; i++) {
		struct ab_config c = base;
		compared[i].configure(&c);
		if (ab_config_table(&c)) {
			/* The table as asked: its slots, and its mistake. */
			c.tt_slots = config->tt_slots;
			if (ab_bug_is_table(config->bug))
				c.bug = config->bug;
		}
		if (c.iterative && (ab_config_last_depth(&c, tree) > AB_MAX_ITERATIONS ||
				    ab_search_missing_static(tree, &c) != AB_NONE)) {
			/* Deeper than --iterative goes, or an iteration would
			 * stop where the tree has no static value. */
			out->no_iterative = true;
			continue;
		}
		struct ab_stats_row *row = &out->rows[out->nrows++];
		*row = (struct ab_stats_row){ compared[i].key, c, { .known = false } };
		if (ab_config_table(&c))
			out->tt_slots = ab_config_tt_slots(&c, tree);
		if (!ab_count(tree, &row->config, &row->counts))
			return false;
	}
	return true;
}

char *ab_stats_disagree(const struct ab_tree *tree, const struct ab_stats *stats)
{
	bool differ = false;
	for (uint32_t i = 1; i < stats->nrows; i++)
		differ |= stats->rows[i].counts.value != stats->rows[0].counts.value;
	if (!differ)
		return NULL;
	struct ab_str msg = AB_STR_INIT, label = AB_STR_INIT, value = AB_STR_INIT;
	ab_str_add(&msg, _("the searches disagree on the root's value:"));
	for (uint32_t i = 0; i < stats->nrows; i++) {
		ab_str_clear(&label);
		ab_str_clear(&value);
		row_label(tree, &stats->rows[i].config, &label);
		ab_format_value(stats->rows[i].counts.value, tree->scale, &ab_glyphs_ascii, &value);
		ab_str_addf(&msg, "%s %s %s", i ? "," : "", ab_str_cstr(&label), ab_str_cstr(&value));
	}
	ab_str_free(&label);
	ab_str_free(&value);
	return msg.s;
}

const struct ab_counts *ab_stats_find(const struct ab_stats *stats, const char *key)
{
	for (uint32_t i = 0; i < stats->nrows; i++)
		if (strcmp(stats->rows[i].key, key) == 0)
			return &stats->rows[i].counts;
	return NULL;
}

static void json_counts(const struct ab_tree *tree, const char *key,
			const struct ab_counts *c, const char *order,
			struct ab_str *out)
{
	if (!c->known)
		return;
	ab_str_addf(out, ",\"%s\":{\"leaves\":%u,\"nodes\":%u,\"value\":",
		    key, c->leaves, c->nodes);
	ab_format_json_value(c->value, tree->scale, out);
	/* As in trace's done event: null when chance moves at the root. */
	ab_str_add(out, ",\"best\":");
	if (c->best == AB_NONE) {
		ab_str_add(out, "null");
	} else {
		struct ab_str path = AB_STR_INIT;
		ab_tree_path(tree, c->best, &path);
		ab_json_string(ab_str_cstr(&path), out);
		ab_str_free(&path);
	}
	if (order) {
		ab_str_add(out, ",\"order\":");
		ab_json_string(order, out);
	}
	if (c->probes || c->stores)
		ab_str_addf(out, ",\"probes\":%u,\"hits\":%u,\"stores\":%u",
			    c->probes, c->hits, c->stores);
	ab_str_add(out, "}");
}

void ab_stats_json(const struct ab_tree *tree, const struct ab_stats *stats,
		   struct ab_str *out)
{
	ab_str_addf(out, "{\"leaves_total\":%u,\"inner_total\":%u", stats->leaves_total,
		    stats->inner_total);
	for (uint32_t i = 0; i < stats->nrows; i++) {
		/* A pruning search says its order; minimax's changes nothing. */
		const struct ab_stats_row *row = &stats->rows[i];
		struct ab_str order = AB_STR_INIT;
		if (ab_config_prunes(&row->config))
			ab_order_describe(&row->config, &order);
		json_counts(tree, row->key, &row->counts,
			    order.len ? ab_str_cstr(&order) : NULL, out);
		ab_str_free(&order);
	}
	if (stats->last_depth) {
		ab_str_addf(out, ",\"iterative\":{\"last_depth\":%u,\"iterations\":[",
			    stats->last_depth);
		for (uint32_t i = 0; i < stats->niterations; i++) {
			struct ab_str row = AB_STR_INIT;
			char key[32];
			snprintf(key, sizeof key, "%u", i + 1);
			json_counts(tree, key, &stats->iterations[i], NULL, &row);
			/* json_counts writes ,"KEY":{...}: keep the object. */
			const char *obj = strchr(ab_str_cstr(&row), '{');
			ab_str_addf(out, "%s{\"depth\":%u,%s", i ? "," : "", i + 1, obj + 1);
			ab_str_free(&row);
		}
		ab_str_add(out, "]");
		json_counts(tree, "total", &stats->iterative_total, NULL, out);
		ab_str_add(out, "}");
	}
	if (stats->tt_slots)
		ab_str_addf(out, ",\"table\":{\"slots\":%u,\"entry_bytes\":%zu}",
			    stats->tt_slots, sizeof(struct ab_tt_entry));
	if (stats->uniform)
		ab_str_addf(out, ",\"branching\":%u,\"depth\":%u", stats->branching,
			    stats->depth);
	if (stats->uniform && stats->minimal_leaves != UINT64_MAX)
		ab_str_addf(out, ",\"minimal_leaves\":%llu",
			    (unsigned long long)stats->minimal_leaves);
	else
		ab_str_add(out, ",\"minimal_leaves\":null");
	ab_str_add(out, "}\n");
}

static void text_row(const struct ab_tree *tree, const char *label, size_t width,
		     const struct ab_counts *c, const struct ab_stats *stats,
		     const struct ab_glyphs *g, struct ab_str *out)
{
	if (!c->known)
		return;
	struct ab_str value = AB_STR_INIT, best = AB_STR_INIT;
	ab_format_value(c->value, tree->scale, g, &value);
	if (c->best != AB_NONE)
		ab_narrate_move(tree, c->best, &best);
	ab_str_add(out, "  ");
	ab_format_pad(label, width, false, out);
	ab_str_addf(out, " %9u %9u   %5.1f%%   %s", c->leaves, c->nodes,
		    stats->positions ? 100.0 * c->leaves / stats->positions : 0.0,
		    ab_str_cstr(&value));
	if (c->best != AB_NONE)
		ab_str_addf(out, _(" (best move: %s)"), ab_str_cstr(&best));
	ab_str_add(out, "\n");
	ab_str_free(&value);
	ab_str_free(&best);
}

/* A search's name in the table: the algorithm, and a pruning search's
 * order ("alpha-beta (best)"; a random order's seed would break the
 * table, so it goes below it). */
static void row_label(const struct ab_tree *tree, const struct ab_config *c,
		      struct ab_str *out)
{
	if (c->iterative)
		ab_str_add(out, _("iterative, "));
	if (!ab_config_prunes(c)) {
		ab_str_add(out, tree->nchance ? _("expectimax") : _("minimax"));
	} else {
		/* Each a whole label, in the language of messages. */
		switch (c->order) {
		case AB_ORDER_GIVEN: ab_str_add(out, _("alpha-beta (given)")); break;
		case AB_ORDER_REVERSE: ab_str_add(out, _("alpha-beta (reverse)")); break;
		case AB_ORDER_BEST: ab_str_add(out, _("alpha-beta (best)")); break;
		case AB_ORDER_WORST: ab_str_add(out, _("alpha-beta (worst)")); break;
		case AB_ORDER_RANDOM: ab_str_add(out, _("alpha-beta (random)")); break;
		case AB_ORDER_KILLER: ab_str_add(out, _("alpha-beta (killer)")); break;
		case AB_ORDER_HISTORY: ab_str_add(out, _("alpha-beta (history)")); break;
		}
	}
	if (c->pvs && ab_config_prunes(c))
		ab_str_add(out, _(" + PVS"));
	if (ab_config_table(c))
		ab_str_add(out, _(" + table"));
	if (ab_bug_is_table(c->bug)) /* only the table's rows have it */
		ab_str_addf(out, ", %s", ab_bug_id(c->bug));
}

void ab_stats_text(const struct ab_tree *tree, const struct ab_stats *stats,
		   const struct ab_glyphs *g, struct ab_str *out)
{
	struct ab_str order = AB_STR_INIT, label = AB_STR_INIT;
	/* The names' column: 22 wide, or as wide as the longest name. */
	size_t width = 22;
	for (uint32_t i = 0; i < stats->nrows; i++) {
		ab_str_clear(&label);
		row_label(tree, &stats->rows[i].config, &label);
		size_t w = ab_utf8_text_width(ab_str_cstr(&label));
		if (w > width)
			width = w;
	}
	ab_order_describe(&stats->config, &order);
	struct ab_str inner = AB_STR_INIT;
	ab_str_addf(&inner, P_("%u inner node", "%u inner nodes", stats->inner_total),
		    stats->inner_total);
	ab_str_addf(out, P_("%u leaf, %s", "%u leaves, %s", stats->leaves_total),
		    stats->leaves_total, ab_str_cstr(&inner));
	ab_str_free(&inner);
	if (stats->uniform)
		ab_str_addf(out, _(", uniform: branching %u, depth %u"),
			    stats->branching, stats->depth);
	ab_str_add(out, "\n\n");
	ab_str_addf(out, "  %*s ", (int)width, "");
	ab_format_pad(_("leaves"), 9, true, out);
	ab_str_add(out, " ");
	ab_format_pad(_("nodes"), 9, true, out);
	ab_str_add(out, "   ");
	ab_format_pad(_("share"), 6, true, out);
	ab_str_addf(out, "   %s\n", _("root value"));
	for (uint32_t i = 0; i < stats->niterations; i++) {
		ab_str_clear(&label);
		ab_str_addf(&label, _("iteration %u (depth %u)"), i + 1, i + 1);
		text_row(tree, ab_str_cstr(&label), width, &stats->iterations[i], stats, g, out);
	}
	if (stats->last_depth) {
		text_row(tree, _("iterative, in all"), width, &stats->iterative_total, stats, g, out);
		ab_str_addf(out, _("  Straight to depth %u:\n"), stats->last_depth);
	}
	for (uint32_t i = 0; i < stats->nrows; i++) {
		ab_str_clear(&label);
		row_label(tree, &stats->rows[i].config, &label);
		text_row(tree, ab_str_cstr(&label), width, &stats->rows[i].counts, stats, g, out);
	}
	if (stats->uniform && stats->minimal_leaves != UINT64_MAX) {
		ab_str_add(out, "  ");
		ab_format_pad(_("Knuth-Moore minimum"), width, false, out);
		ab_str_addf(out, " %9llu", (unsigned long long)stats->minimal_leaves);
		ab_str_addf(out, "             %u^%u + %u^%u - 1\n", stats->branching,
			    (stats->searched_depth + 1) / 2, stats->branching,
			    stats->searched_depth / 2);
	}
	ab_str_add(out, _("\n  \"nodes\" counts inner nodes entered.\n"));
	if (stats->config.depth || stats->last_depth)
		ab_str_add(out, _("  \"leaves\" counts positions evaluated: leaves, and nodes at the depth limit by their static value.\n"));
	if (stats->positions != stats->leaves_total)
		ab_str_addf(out, P_("  \"share\" is of the %u position a search to depth %u evaluates.\n",
				    "  \"share\" is of the %u positions a search to depth %u evaluates.\n",
				    stats->positions),
			    stats->positions, stats->config.depth);
	const struct ab_counts *asked = ab_stats_find(stats, "alphabeta");
	const struct ab_counts *best = ab_stats_find(stats, "best_order");
	if (stats->last_depth && asked && best) {
		const struct ab_counts *t = &stats->iterative_total;
		ab_str_addf(out, _("  Iterative deepening looked at %u leaves in all, against %u straight to depth %u in the given order and %u in the best order.\n"),
			    t->leaves, asked->leaves, stats->last_depth, best->leaves);
	}
	for (uint32_t i = 0; i < stats->nrows; i++) {
		const struct ab_stats_row *row = &stats->rows[i];
		if (!ab_config_table(&row->config) || !row->counts.known)
			continue;
		ab_str_clear(&label);
		row_label(tree, &row->config, &label);
		ab_str_addf(out, _("  %s: %u probes, %u of them hits, %u entries stored, in a table of %u slots of %zu bytes.\n"),
			    ab_str_cstr(&label), row->counts.probes, row->counts.hits,
			    row->counts.stores, stats->tt_slots, sizeof(struct ab_tt_entry));
	}
	if (stats->no_iterative)
		ab_str_add(out, _("  Iterative deepening is left out: its iterations stop at depths where this tree has no static values.\n"));
	if (stats->config.order == AB_ORDER_RANDOM && asked)
		ab_str_addf(out, _("  The random order is --order %s.\n"), ab_str_cstr(&order));
	ab_str_free(&order);
	ab_str_free(&label);
}
