/* fuzz_search_trace.c - parse, search, record, step and narrate.
 *
 * The first two bytes choose two search configurations (algorithm,
 * fail-hard, strict, order, seed, root); the rest is a tree file.  Trees
 * over NODE_CAP nodes are skipped, so each input runs in well under a
 * millisecond and the fuzzer spends its time on shapes, not sizes.  For each
 * configuration the trace is recorded, stepped to the end with every event
 * narrated and written as JSON, then back to the start and to a middle step
 * chosen by the input, and checked against what must hold whatever the
 * tree:
 *   - the root's value is the true minimax value (the full window is never
 *     cut at the root);
 *   - every returned node's proved interval [lo, hi] holds its true value;
 *   - a pruned node was never visited; minimax visits every leaf;
 *   - stepping back restores exactly the state stepping forward left.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "views/format.h"
#include "fuzz.h"
#include "views/json.h"
#include "views/narrate.h"
#include "core/parse.h"
#include "core/search.h"
#include "core/trace.h"

enum { NODE_CAP = 600 };

static struct ab_config config_from(uint8_t b, uint8_t seed)
{
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.algo = (b & 1) ? AB_MINIMAX : AB_ALPHABETA;
	c.fail = ((b >> 1) & 1) ? AB_FAIL_HARD : AB_FAIL_SOFT;
	c.strict = (b >> 2) & 1;
	c.order = (enum ab_order)(((b >> 3) & 7) % 5);
	c.root = (enum ab_root_choice)((b >> 6) % 3);
	c.seed = seed;
	return c;
}

static void walk_forward(struct ab_trace *trace, const struct ab_glyphs *g,
			 struct ab_str *out)
{
	size_t step = trace->step;
	while (ab_trace_forward(trace)) {
		if (trace->step != ++step)
			fuzz_fail("forward moved to step %zu, not %zu",
				  trace->step, step);
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		ab_str_clear(out);
		ab_narrate(trace, &ev, g, out);
		if (!out->len)
			fuzz_fail("step %zu has no sentence", step);
		ab_json_event(trace->tree, trace->root_player, trace->step, &ev,
			      out);
		(void)ab_trace_current(trace);
	}
	if (trace->step != trace->length)
		fuzz_fail("forward stopped at %zu of %zu", trace->step,
			  trace->length);
}

static void check_end(const struct ab_trace *trace, const ab_value *truth)
{
	const struct ab_tree *tree = trace->tree;
	struct ab_event last;
	ab_trace_event((struct ab_trace *)trace, &last);
	if (last.kind != AB_EV_DONE)
		fuzz_fail("the last event is not done");
	if (last.value != truth[0])
		fuzz_fail("root value %lld, minimax says %lld",
			  (long long)last.value, (long long)truth[0]);
	if (trace->config.algo == AB_MINIMAX &&
	    trace->leaves_visited != tree->leaves)
		fuzz_fail("minimax looked at %u of %u leaves",
			  trace->leaves_visited, tree->leaves);
	for (uint32_t n = 0; n < tree->count; n++) {
		const struct ab_node_state *s = ab_trace_node(trace, n);
		if (s->status == AB_ACTIVE)
			fuzz_fail("node %u still active at the end", n);
		if (s->status == AB_DONE && (s->lo > truth[n] || s->hi < truth[n]))
			fuzz_fail("node %u proved [%lld, %lld] but is %lld", n,
				  (long long)s->lo, (long long)s->hi,
				  (long long)truth[n]);
		if (ab_trace_pruned(trace, n) &&
		    (s->status != AB_UNVISITED || ab_trace_visit_step(trace, n)))
			fuzz_fail("node %u is pruned yet was visited", n);
	}
}

static void check_config(const struct ab_tree *tree,
			 const struct ab_config *config, size_t middle)
{
	struct ab_trace *trace = ab_trace_record(tree, config);
	if (!trace)
		fuzz_fail("a small tree's trace was refused");
	size_t bytes = (size_t)tree->count * sizeof *trace->state;
	struct ab_node_state *start = ab_xmalloc(bytes);
	struct ab_node_state *mid = ab_xmalloc(bytes);
	memcpy(start, trace->state, bytes);

	ab_value *truth = ab_xreallocarray(NULL, tree->count, sizeof *truth);
	ab_tree_minimax_values(tree, trace->root_player, truth);

	struct ab_str out = AB_STR_INIT;
	const struct ab_glyphs *g = (middle & 1) ? &ab_glyphs_ascii
						  : &ab_glyphs_utf8;
	walk_forward(trace, g, &out);
	check_end(trace, truth);

	ab_trace_seek(trace, 0);
	if (trace->step || memcmp(start, trace->state, bytes) != 0)
		fuzz_fail("stepping back to 0 does not restore the start");

	middle %= trace->length + 1;
	ab_trace_seek(trace, middle);
	memcpy(mid, trace->state, bytes);
	uint32_t leaves = trace->leaves_now, nodes = trace->nodes_now;
	walk_forward(trace, g, &out);
	ab_trace_seek(trace, middle);
	if (memcmp(mid, trace->state, bytes) != 0 ||
	    leaves != trace->leaves_now || nodes != trace->nodes_now)
		fuzz_fail("step %zu differs after going to the end and back",
			  middle);
	ab_trace_seek(trace, trace->length + 10); /* clamped */
	if (trace->step != trace->length)
		fuzz_fail("seek past the end is not clamped");

	ab_str_free(&out);
	free(truth);
	free(mid);
	free(start);
	ab_trace_free(trace);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3)
		return 0;
	struct ab_diag diag;
	struct ab_tree *tree = ab_parse_tree((const char *)data + 3, size - 3,
					     &diag);
	if (!tree)
		return 0;
	if (tree->count <= NODE_CAP) {
		struct ab_config first = config_from(data[0], data[2]);
		struct ab_config second = config_from(data[1], data[2]);
		check_config(tree, &first, data[2]);
		check_config(tree, &second, (size_t)data[2] * 7u);
	}
	ab_tree_free(tree);
	return 0;
}
