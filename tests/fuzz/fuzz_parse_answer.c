/* fuzz_parse_answer.c - the answer parser and the grader on arbitrary bytes.
 *
 * The first byte chooses the tree the answer is about (a few bundled-style
 * trees: labelled, unlabelled, deep, MIN at the root); the rest is the
 * answer file.  An error must have a message and a position inside the
 * text; an answer that parses has its rules applied and described, and is
 * graded, with the report written as text and as JSON, and graded again
 * against a key (reports as CSV, results.json and a class summary).  The
 * same bytes are also read as a key.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "homework/answer.h"
#include "views/format.h"
#include "fuzz.h"
#include "homework/grade.h"
#include "core/parse.h"

static const char *const trees[] = {
	"A[ B[3 12 8] C[2 4 6] D[14 5 2] ]",
	"[[3,12,8],[2,4,6],[14,5,2]]",
	("A[ L[ X[ X1[0 5] X2[-3 7] ] Y[ Y1[3] Y2[4 2] Y3[6] Y4[1 9] ] ]\n"
	 "   R[ Z[ Z1[5 4 1] Z2[-3 2] ] W[ W1[6 8] W2[0 3] ] ] ]"),
	"[ A[3 17 8] B[9 7 12] C[14 5 2] ]",
	"A[ B[5 6] C[ D[ E[3 9] F[8 1] ] 7 ] ]",
	"root: min\n[[1 2] x=3 [4 [5 6]]]",
};
enum { NTREES = sizeof trees / sizeof trees[0] };

static struct ab_tree *tree_cache[NTREES];

static const struct ab_tree *tree_for(uint8_t pick)
{
	unsigned i = pick % NTREES;
	if (!tree_cache[i]) {
		struct ab_diag diag;
		tree_cache[i] = ab_parse_tree(trees[i], strlen(trees[i]), &diag);
		if (!tree_cache[i])
			fuzz_fail("built-in tree %u does not parse: %s", i,
				  diag.message);
	}
	return tree_cache[i];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const struct ab_tree *tree = tree_for(data[0]);
	const char *text = (const char *)data + 1;
	size_t len = size - 1;
	struct ab_diag diag;
	memset(&diag, 0, sizeof diag);
	struct ab_answer *as_key = ab_answer_parse_key(tree, text, len, &diag);
	if (!as_key && !diag.message[0])
		fuzz_fail("a key error without a message");
	ab_answer_free(as_key);
	memset(&diag, 0, sizeof diag);
	struct ab_answer *answer = ab_answer_parse(tree, text, len, &diag);
	if (!answer) {
		if (!diag.message[0])
			fuzz_fail("an answer error without a message");
		size_t lines = 1;
		for (size_t i = 0; i < len; i++)
			lines += text[i] == '\n';
		if (diag.line > lines)
			fuzz_fail("error on line %u of a %zu-line answer",
				  diag.line, lines);
		struct ab_str report = AB_STR_INIT;
		ab_diag_format(&diag, "fuzz", &report);
		ab_str_free(&report);
		return 0;
	}
	struct ab_config config = AB_CONFIG_DEFAULT;
	ab_answer_apply_rules(answer, 0, &config);
	struct ab_str out = AB_STR_INIT;
	ab_answer_describe_rules(answer, &out);
	struct ab_grade grade;
	const struct ab_glyphs *g = (data[0] & 0x80) ? &ab_glyphs_ascii
						    : &ab_glyphs_utf8;
	if (ab_grade_answer(tree, &config, answer, g, &grade)) {
		ab_grade_text(&grade, g, &out);
		ab_grade_json(&grade, "fuzz", &out);
		(void)ab_grade_first_mistake(&grade);
		for (uint32_t n = 0; n < tree->count; n++)
			(void)ab_grade_item_for(&grade, tree, n);
		ab_grade_free(&grade);
	}
	static const char key_text[] = "value: ? | 2\nbest: ?\npruned: ? | 3\n";
	struct ab_answer *key = ab_answer_parse_key(tree, key_text, strlen(key_text), &diag);
	if (!key)
		fuzz_fail("the built-in key does not parse: %s", diag.message);
	struct ab_grade_options opt = { .values_returned = (data[0] & 0x40) != 0, .key = key };
	if (ab_grade_answer_with(tree, &config, &opt, answer, g, &grade)) {
		const struct ab_grade *all[1] = { &grade };
		ab_grade_text(&grade, g, &out);
		ab_grade_csv_row(&grade, "fuzz", &out);
		ab_grade_gradescope(&grade, &out);
		ab_grade_summary(all, 1, NULL, NULL, 0, &out);
		if (grade.points > grade.out_of + 1e-9 || grade.points < 0)
			fuzz_fail("%g of %g points", grade.points, grade.out_of);
		ab_grade_free(&grade);
	}
	ab_answer_free(key);
	ab_str_free(&out);
	ab_answer_free(answer);
	return 0;
}
