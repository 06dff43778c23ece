/* test_json.c - the JSON form: string escapes and every event kind's
 * fields exactly as abtrace-events(7), EVENTS, names them. */
#include <check.h>
#include <string.h>

#include "views/json.h"
#include "core/parse.h"
#include "testutil.h"
#include "core/trace.h"

static const struct { const char *in, *out; } strings[] = {
	{ "", "\"\"" },
	{ "C2", "\"C2\"" },
	{ "a\"b\\c", "\"a\\\"b\\\\c\"" },
	{ "tab\there\nnl", "\"tab\\there\\nnl\"" },
	{ "\x01", "\"\\u0001\"" },
	{ "节点", "\"节点\"" },
	/* Not UTF-8 (a file name may be anything): never copied through. */
	{ "bad\xff.ans", "\"bad\\ufffd.ans\"" },
	{ "cut\xe8\x8a", "\"cut\\ufffd\\ufffd\"" },
	{ "\xc0\xaf", "\"\\ufffd\\ufffd\"" },
	{ "del\x7f", "\"del\\u007f\"" },
};

START_TEST(string_escapes)
{
	struct ab_str out = AB_STR_INIT;
	ab_json_string(strings[_i].in, &out);
	ck_assert_str_eq(ab_str_cstr(&out), strings[_i].out);
	ab_str_free(&out);
}
END_TEST

/* One line per kind from a tree with a deep cutoff and a MIN-rooted
 * fail-hard search. */
#define EXPECTIMAX "bounds: 0..10\nplayers: max chance min\n" \
	"A[ B[ 0.7: D[9 10]  0.3: E[9 7] ]   C[ 0.7: F[6 8]  0.3: G[2 10] ] ]"

static const struct { const char *tree; bool hard; enum ab_root_choice root; size_t step; const char *line;
		      enum ab_chance_prune prune; } lines[] = {
	{ "[[5,6],[[[3,9],[8,1]],7]]", false, AB_ROOT_FROM_TREE, 1,
	  "{\"step\":1,\"event\":\"enter\",\"path\":\"\",\"node\":\"root\",\"player\":\"max\",\"depth\":0,\"alpha\":\"-inf\",\"beta\":\"+inf\"}\n", AB_CHANCE_AUTO },
	{ "[[5,6],[[[3,9],[8,1]],7]]", false, AB_ROOT_FROM_TREE, 3,
	  "{\"step\":3,\"event\":\"leaf\",\"path\":\"1.1\",\"node\":\"1.1\",\"value\":5,\"static\":false}\n", AB_CHANCE_AUTO },
	{ "[[5,6],[[[3,9],[8,1]],7]]", false, AB_ROOT_FROM_TREE, 5,
	  "{\"step\":5,\"event\":\"update\",\"path\":\"1\",\"node\":\"1\",\"what\":\"beta\",\"old\":\"+inf\",\"new\":5}\n", AB_CHANCE_AUTO },
	{ "[[5,6],[[[3,9],[8,1]],7]]", false, AB_ROOT_FROM_TREE, 16,
	  "{\"step\":16,\"event\":\"cutoff\",\"path\":\"2.1.1\",\"node\":\"2.1.1\",\"alpha\":5,\"beta\":3,\"by\":\"\",\"deep\":true,\"pruned\":[\"2.1.1.2\"]}\n", AB_CHANCE_AUTO },
	{ "[[5,6],[[[3,9],[8,1]],7]]", false, AB_ROOT_FROM_TREE, 17,
	  "{\"step\":17,\"event\":\"return\",\"path\":\"2.1.1\",\"node\":\"2.1.1\",\"value\":3,\"lo\":\"-inf\",\"hi\":3}\n", AB_CHANCE_AUTO },
	{ "[[1,2],[3,4]]", true, AB_ROOT_IS_MIN, 0,
	  "\"event\":\"done\",\"value\":2,\"best\":\"1\",\"leaves_visited\":3,\"leaves_total\":4,\"nodes_visited\":3}\n", AB_CHANCE_AUTO },
	{ "A[B[1 2] C[3 4]]", false, AB_ROOT_FROM_TREE, 2,
	  "{\"step\":2,\"event\":\"enter\",\"path\":\"1\",\"node\":\"B\",\"player\":\"min\",\"depth\":1,\"alpha\":\"-inf\",\"beta\":\"+inf\"}\n", AB_CHANCE_AUTO },
	/* The widened contract: chance players, exact decimals as numbers,
	 * a chance cutoff's range, Star1's windows as fractions, a chance
	 * root's best as null, fractions as strings. */
	{ EXPECTIMAX, false, AB_ROOT_FROM_TREE, 2,
	  "{\"step\":2,\"event\":\"enter\",\"path\":\"1\",\"node\":\"B\",\"player\":\"chance\",\"depth\":1,\"alpha\":\"-inf\",\"beta\":\"+inf\"}\n", AB_CHANCE_AUTO },
	{ EXPECTIMAX, false, AB_ROOT_FROM_TREE, 9,
	  "{\"step\":9,\"event\":\"update\",\"path\":\"1\",\"node\":\"B\",\"what\":\"value\",\"old\":0,\"new\":6.3}\n", AB_CHANCE_AUTO },
	{ EXPECTIMAX, false, AB_ROOT_FROM_TREE, 30,
	  "{\"step\":30,\"event\":\"cutoff\",\"path\":\"2\",\"node\":\"C\",\"alpha\":8.4,\"beta\":\"+inf\",\"by\":\"\",\"deep\":false,\"pruned\":[\"2.2\"],\"lo\":4.2,\"hi\":7.2}\n", AB_CHANCE_AUTO },
	{ EXPECTIMAX, false, AB_ROOT_FROM_TREE, 31,
	  "{\"step\":31,\"event\":\"return\",\"path\":\"2\",\"node\":\"C\",\"value\":7.2,\"lo\":4.2,\"hi\":7.2}\n", AB_CHANCE_AUTO },
	{ EXPECTIMAX, true, AB_ROOT_FROM_TREE, 26,
	  "{\"step\":26,\"event\":\"return\",\"path\":\"2\",\"node\":\"C\",\"value\":8.4,\"lo\":4.2,\"hi\":7.2}\n", AB_CHANCE_AUTO },
	{ EXPECTIMAX, false, AB_ROOT_FROM_TREE, 23,
	  "{\"step\":23,\"event\":\"enter\",\"path\":\"2.1\",\"node\":\"F\",\"player\":\"min\",\"depth\":2,\"alpha\":\"54/7\",\"beta\":10}\n",
	  AB_CHANCE_STAR1 },
	{ EXPECTIMAX, false, AB_ROOT_FROM_TREE, 27,
	  "{\"step\":27,\"event\":\"cutoff\",\"path\":\"2.1\",\"node\":\"F\",\"alpha\":\"54/7\",\"beta\":6,\"by\":\"2\",\"deep\":false,\"pruned\":[\"2.1.2\"]}\n",
	  AB_CHANCE_STAR1 },
	{ "<chance>[1/3: 1, 1/3: 2, 1/3: 7]", false, AB_ROOT_FROM_TREE, 0,
	  "{\"step\":9,\"event\":\"done\",\"value\":\"10/3\",\"best\":null,\"leaves_visited\":3,\"leaves_total\":3,\"nodes_visited\":1}\n", AB_CHANCE_AUTO },
	{ "players: max min min\n[[[2.5 3]] [[1.25]]]", false, AB_ROOT_FROM_TREE, 3,
	  "{\"step\":3,\"event\":\"enter\",\"path\":\"1.1\",\"node\":\"1.1\",\"player\":\"min\",\"depth\":2,\"alpha\":\"-inf\",\"beta\":\"+inf\"}\n", AB_CHANCE_AUTO },
};

START_TEST(event_lines)
{
	struct ab_diag diag;
	struct ab_tree *tree = ab_parse_tree(lines[_i].tree, strlen(lines[_i].tree), &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.fail = (lines[_i].hard) ? AB_FAIL_HARD : AB_FAIL_SOFT;
	c.root = lines[_i].root;
	c.chance_prune = lines[_i].prune;
	struct ab_trace *trace = ab_trace_record(tree, &c);
	struct ab_str all = AB_STR_INIT;
	while (ab_trace_forward(trace)) {
		if (lines[_i].step && trace->step != lines[_i].step)
			continue;
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		ab_json_event(tree, trace->root_player, trace->step, &ev, &all);
	}
	ck_assert_msg(strstr(ab_str_cstr(&all), lines[_i].line), "case %d: want\n%s\nin\n%s",
		      _i, lines[_i].line, ab_str_cstr(&all));
	ab_str_free(&all);
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

/* The table's events: a probe (a miss, then a hit that raises alpha) and
 * a store (with what it replaced), positions by name. */
START_TEST(table_lines)
{
	struct ab_diag diag;
	const char *text = "A[ B[4 C[5 9]] D[&C 7] ]";
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config c = { .tt = true };
	struct ab_trace *trace = ab_trace_record(tree, &c);
	struct ab_str all = AB_STR_INIT;
	while (ab_trace_forward(trace)) {
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		ab_json_event(tree, trace->root_player, trace->step, &ev, &all);
	}
	static const char *const want[] = {
		"{\"step\":9,\"event\":\"probe\",\"path\":\"1.2\",\"node\":\"C\",\"slot\":3,\"hit\":false,\"entry\":null,\"need\":1,\"use\":\"miss\",\"alpha\":\"-inf\",\"beta\":4}\n",
		"{\"step\":14,\"event\":\"store\",\"path\":\"1.2\",\"node\":\"C\",\"slot\":3,\"entry\":{\"position\":\"C\",\"depth\":1,\"value\":5,\"flag\":\"lower\",\"best\":\"C1\"},\"replaced\":null,\"alpha\":\"-inf\",\"beta\":4}\n",
		"{\"step\":23,\"event\":\"probe\",\"path\":\"2.1\",\"node\":\"C\",\"slot\":3,\"hit\":true,\"entry\":{\"position\":\"C\",\"depth\":1,\"value\":5,\"flag\":\"lower\",\"best\":\"C1\"},\"need\":1,\"use\":\"alpha\",\"alpha\":5,\"beta\":\"+inf\"}\n",
		"\"event\":\"store\",\"path\":\"2.1\",\"node\":\"C\",\"slot\":3,\"entry\":{\"position\":\"C\",\"depth\":1,\"value\":9,\"flag\":\"exact\",\"best\":\"C2\"},\"replaced\":{\"position\":\"C\",\"depth\":1,\"value\":5,\"flag\":\"lower\",\"best\":\"C1\"},\"alpha\":4,\"beta\":\"+inf\"}\n",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strstr(ab_str_cstr(&all), want[i]), "want\n%s\nin\n%s", want[i],
			      ab_str_cstr(&all));
	ab_str_free(&all);
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

/* A research event: the value the null window gave, the window it gave
 * it in, and the window of the search again. */
START_TEST(research_line)
{
	struct ab_diag diag;
	const char *text = "A[B[3 12 8] C[5 9 7] D[2 4 6]]";
	struct ab_tree *tree = ab_parse_tree(text, strlen(text), &diag);
	struct ab_config c = { .pvs = true };
	struct ab_trace *trace = ab_trace_record(tree, &c);
	struct ab_str all = AB_STR_INIT;
	ab_trace_seek(trace, 17);
	struct ab_event ev;
	ab_trace_event(trace, &ev);
	ab_json_event(tree, trace->root_player, trace->step, &ev, &all);
	ck_assert_str_eq(ab_str_cstr(&all),
			 "{\"step\":17,\"event\":\"research\",\"path\":\"2\",\"node\":\"C\",\"value\":5,"
			 "\"old_alpha\":3,\"old_beta\":4,\"alpha\":3,\"beta\":\"+inf\"}\n");
	ab_str_free(&all);
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

static Suite *json_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("json");
	tcase_add_loop_test(tc, string_escapes, 0, (int)(sizeof strings / sizeof strings[0]));
	tcase_add_loop_test(tc, event_lines, 0, (int)(sizeof lines / sizeof lines[0]));
	tcase_add_test(tc, table_lines);
	tcase_add_test(tc, research_line);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(json_suite());
}
