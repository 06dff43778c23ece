/* test_json.c - the JSON form: string escapes and every event kind's
 * fields exactly as DESIGN.md's table names them. */
#include <check.h>
#include <string.h>

#include "json.h"
#include "parse.h"
#include "testutil.h"
#include "trace.h"

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
static const struct { const char *tree; bool hard; enum ab_root_choice root; size_t step; const char *line; } lines[] = {
	{ "[[5,6],[[[3,9],[8,1]],7]]", false, AB_ROOT_FROM_TREE, 1,
	  "{\"step\":1,\"event\":\"enter\",\"path\":\"\",\"node\":\"root\",\"player\":\"max\",\"depth\":0,\"alpha\":\"-inf\",\"beta\":\"+inf\"}\n" },
	{ "[[5,6],[[[3,9],[8,1]],7]]", false, AB_ROOT_FROM_TREE, 3,
	  "{\"step\":3,\"event\":\"leaf\",\"path\":\"1.1\",\"node\":\"1.1\",\"value\":5}\n" },
	{ "[[5,6],[[[3,9],[8,1]],7]]", false, AB_ROOT_FROM_TREE, 5,
	  "{\"step\":5,\"event\":\"update\",\"path\":\"1\",\"node\":\"1\",\"what\":\"beta\",\"old\":\"+inf\",\"new\":5}\n" },
	{ "[[5,6],[[[3,9],[8,1]],7]]", false, AB_ROOT_FROM_TREE, 16,
	  "{\"step\":16,\"event\":\"cutoff\",\"path\":\"2.1.1\",\"node\":\"2.1.1\",\"alpha\":5,\"beta\":3,\"by\":\"\",\"deep\":true,\"pruned\":[\"2.1.1.2\"]}\n" },
	{ "[[5,6],[[[3,9],[8,1]],7]]", false, AB_ROOT_FROM_TREE, 17,
	  "{\"step\":17,\"event\":\"return\",\"path\":\"2.1.1\",\"node\":\"2.1.1\",\"value\":3,\"lo\":\"-inf\",\"hi\":3}\n" },
	{ "[[1,2],[3,4]]", true, AB_ROOT_IS_MIN, 0,
	  "\"event\":\"done\",\"value\":2,\"best\":\"1\",\"leaves_visited\":3,\"leaves_total\":4,\"nodes_visited\":3}\n" },
	{ "A[B[1 2] C[3 4]]", false, AB_ROOT_FROM_TREE, 2,
	  "{\"step\":2,\"event\":\"enter\",\"path\":\"1\",\"node\":\"B\",\"player\":\"min\",\"depth\":1,\"alpha\":\"-inf\",\"beta\":\"+inf\"}\n" },
};

START_TEST(event_lines)
{
	struct ab_diag diag;
	struct ab_tree *tree = ab_parse_tree(lines[_i].tree, strlen(lines[_i].tree), &diag);
	ck_assert_ptr_nonnull(tree);
	struct ab_config c = AB_CONFIG_DEFAULT;
	c.fail_hard = lines[_i].hard;
	c.root = lines[_i].root;
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

static Suite *json_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("json");
	tcase_add_loop_test(tc, string_escapes, 0, (int)(sizeof strings / sizeof strings[0]));
	tcase_add_loop_test(tc, event_lines, 0, (int)(sizeof lines / sizeof lines[0]));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(json_suite());
}
