/* test_lesson.c - the lesson format, and every bundled lesson: it loads,
 * binds to its tree, and each claim and each question's answer holds
 * against the trace. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "lessons/lesson.h"
#include "runprog.h"
#include "testutil.h"

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static char **names;
static size_t nnames;

static struct ab_lesson *load_bound(const char *name)
{
	struct ab_str path = AB_STR_INIT;
	ck_assert_msg(ab_lesson_find(name, &path), "no lesson %s", name);
	struct ab_diag diag;
	struct ab_lesson *lesson = ab_lesson_load(path.s, &diag);
	ck_assert_msg(lesson, "%s:%u:%u: %s", path.s, diag.line, diag.column, diag.message);
	bool in_tree;
	ck_assert_msg(ab_lesson_bind(lesson, &diag, &in_tree), "%s:%u:%u: %s", path.s,
		      diag.line, diag.column, diag.message);
	ab_str_free(&path);
	return lesson;
}

/* Every bundled lesson: loads, binds, every claim and answer holds, both
 * languages have a title and text in every block, and the text printout
 * covers every step. */
START_TEST(bundled_lesson)
{
	const char *name = names[_i];
	struct ab_lesson *lesson = load_bound(name);
	struct ab_diag *fails;
	size_t nfails = ab_lesson_check(lesson, &fails);
	for (size_t i = 0; i < nfails; i++)
		fprintf(stderr, "%s.lesson:%u:%u: %s\n", name, fails[i].line, fails[i].column,
			fails[i].message);
	free(fails);
	ck_assert_msg(nfails == 0, "%s: %zu claims fail", name, nfails);
	for (int l = 0; l < AB_LANG_COUNT; l++)
		ck_assert_msg(lesson->title.lang[l].len > 0, "%s: a title is missing", name);
	size_t claims = 0;
	for (size_t b = 0; b < lesson->nblocks; b++) {
		const struct ab_lesson_block *block = &lesson->blocks[b];
		claims += block->nclaims;
		bool en = block->text.lang[AB_LANG_EN].len > 0, zh = block->text.lang[AB_LANG_ZH].len > 0;
		ck_assert_msg(en == zh, "%s: block %zu has text in one language only", name, b + 1);
		for (size_t q = 0; q < block->nquestions; q++) {
			const struct ab_lesson_question *qu = &block->questions[q];
			ck_assert_msg(qu->prompt.lang[AB_LANG_EN].len && qu->prompt.lang[AB_LANG_ZH].len,
				      "%s: a question needs both languages", name);
			ck_assert(ab_lesson_answer_ok(lesson, qu, qu->answer) ||
				  qu->kind == AB_ASK_VALUE);
		}
	}
	ck_assert_msg(claims >= 3, "%s: only %zu claims", name, claims);
	for (int l = 0; l < AB_LANG_COUNT; l++) {
		struct ab_str out = AB_STR_INIT;
		ab_lesson_render_text(lesson, (enum ab_lang)l, &ab_glyphs_utf8, &out);
		ck_assert_ptr_nonnull(strstr(out.s, "Done: "));
		ab_str_free(&out);
	}
	ab_lesson_free(lesson);
}
END_TEST

START_TEST(enough_lessons)
{
	ck_assert_uint_ge(nnames, 6);
}
END_TEST

/* ---- The format ---------------------------------------------------------- */

static const char good_header[] = "title: T\ntitle.zh: 题\ntree: lecture\n";

static struct ab_lesson *parse_bound(const char *body, struct ab_diag *diag, bool *ok)
{
	struct ab_str text = AB_STR_INIT;
	ab_str_add(&text, good_header);
	ab_str_add(&text, body);
	struct ab_lesson *lesson = ab_lesson_parse(text.s, text.len, diag);
	ab_str_free(&text);
	bool in_tree = false;
	*ok = lesson && ab_lesson_bind(lesson, diag, &in_tree);
	return lesson;
}

/* Bad lessons: where the error is and what it says. */
static const struct bad_case {
	const char *text;      /* after good_header unless it starts with '!' */
	unsigned line, column;
	const char *message;
} bad_cases[] = {
	{ "!tree: lecture\n@step 0\n", 1, 1, "needs a title" },
	{ "!title: x\n@step 0\n", 1, 1, "needs a tree" },
	{ "!title: x\ntree: lecture\n", 2, 14, "at least one block" },
	{ "!title: x\ncolour: red\n", 2, 1, "unknown header 'colour'" },
	{ "!title: x\ntree: lecture\nsearch: minimax sideways\n", 3, 17, "unknown search word 'sideways'" },
	{ "en> hello\n", 4, 1, "text belongs to a block" },
	{ "@step 0\nplain words\n", 5, 1, "expected en> or zh>" },
	{ "@stop 3\n", 4, 1, "unknown directive '@stop'" },
	{ "@step x\n", 4, 7, "@step N" },
	{ "@step 99\n", 4, 1, "past the end: this search has 29 steps" },
	{ "@step 5\n@step 3\n", 5, 1, "follow the search forwards" },
	{ "@event cutoff B\n", 4, 1, "no cutoff event at B" },
	{ "@event explode\n", 4, 8, "@event KIND" },
	{ "@step 0\n@claim value Q <= 2\n", 5, 14, "no node called 'Q'" },
	{ "@step 0\n@claim value C about 2\n", 5, 16, "a bound is" },
	{ "@step 0\n@claim leaves many\n", 5, 15, "@claim leaves N" },
	{ "@step 0\n@claim guess C\n", 5, 8, "unknown claim 'guess'" },
	{ "@step 0\n@claim leaves 7 under\n", 5, 17, "'under' needs" },
	{ "@step 0\n@claim cutoff C sideways\n", 5, 17, "expected deep, by NODE" },
	{ "@step 0\n@ask maybe C\n", 5, 6, "unknown question 'maybe'" },
	{ "@claim leaves 7\n", 4, 1, "a claim belongs to a block" },
	{ "@step 0\n@ask next\n", 5, 6, "@ask next NODE" },
	{ "@step 0\n@ask probe C maybe\n", 5, 14, "@ask probe NODE USE" },
	{ "@step 0\n@ask flag C loose\n", 5, 13, "@ask flag NODE FLAG" },
	{ "@step 0\n@claim stored C fuzzy\n", 5, 17, "@claim stored NODE FLAG" },
	{ "@step 0\n@claim type C BEST\n", 5, 15, "@claim type NODE PV|CUT|ALL" },
	{ "@step 0\n@claim probe C\n", 5, 8, "@claim probe NODE USE" },
	/* Hostile input (issue 12): bytes that are not UTF-8 text, controls
	 * and invisible characters, a BOM, repeated words. */
	{ "@step 0\nen> aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xe7\n",
	  5, 131, "invalid UTF-8 (byte 0xE7)" },
	{ "@step 0\nen> x\xf0", 5, 6, "invalid UTF-8 (byte 0xF0)" },
	{ "@step 0\nzh> \xe9\xa2\n", 5, 5, "invalid UTF-8 (byte 0xE9)" },
	{ "@step 0\nen> hi \x1b[31mred\n", 5, 8, "control or invisible character (U+001B)" },
	{ "@step 0\nen> a\rb\n", 5, 6, "(U+000D)" },
	{ "@step 0\nen> \x7f\n", 5, 5, "(U+007F)" },
	{ "@step 0\nen> \xc2\x9b" "2J\n", 5, 5, "(U+009B)" },
	{ "@step 0\nen> \xe2\x80\xae evil\n", 5, 5, "(U+202E)" },
	{ "!title: \x01x\n", 1, 8, "(U+0001)" },
	{ "!\xef\xbb\xbf" "colour: red\n", 1, 1, "unknown header 'colour'" },
	{ "!\xef\xbb\xbf" "title: x\n\xef\xbb\xbf", 2, 1, "(U+FEFF)" },
	{ "!title: x\ntitle: y\n", 2, 1, "duplicate header 'title:'" },
	{ "!title: x\ntree: lecture\ntree: ties\n", 3, 1, "duplicate header 'tree:'" },
	/* A game's position instead of a tree (game:). */
	{ "!title: x\ntree: lecture\ngame: nim:1,2\n@step 0\n", 3, 1, "a tree: line or a game: line, not both" },
	{ "!title: x\ngame: nim:1,2\ntree: lecture\n@step 0\n", 3, 1, "a tree: line or a game: line, not both" },
	{ "!title: x\ngame:\n@step 0\n", 2, 6, "game: needs a game and its position" },
	{ "!title: x\ngame: nim:0,0\n@step 0\n", 1, 5, "every heap is empty" },
	{ "!title: x\ngame: nim:1,1\n@step 0\n@claim value a9 = 1\n", 4, 14, "no node called 'a9'" },
	{ "@step 0\n@claim cutoff C by A by A\n", 5, 22, "one 'by NODE': this claim already names A" },
	{ "@step 0\n@claim cutoff C deep deep\n", 5, 22, "'deep' is already given" },
};

START_TEST(bad_lesson)
{
	const struct bad_case *c = &bad_cases[_i];
	struct ab_diag diag;
	bool ok;
	struct ab_lesson *lesson;
	if (c->text[0] == '!') {
		lesson = ab_lesson_parse(c->text + 1, strlen(c->text + 1), &diag);
		bool in_tree;
		ok = lesson && ab_lesson_bind(lesson, &diag, &in_tree);
	} else {
		lesson = parse_bound(c->text, &diag, &ok);
	}
	ck_assert_msg(!ok, "case %d was accepted", _i);
	ck_assert_msg(strstr(diag.message, c->message), "case %d: '%s'", _i, diag.message);
	ck_assert_msg(diag.line == c->line && diag.column == c->column,
		      "case %d: %u:%u, not %u:%u (%s)", _i, diag.line, diag.column, c->line,
		      c->column, diag.message);
	ab_lesson_free(lesson);
}
END_TEST

/* Claims that are false are reported, each at its own line. */
static const struct false_case {
	const char *claim;
	const char *message;
} false_cases[] = {
	{ "@claim leaves 9", "looks at 7 leaves, not 9" },
	{ "@claim leaves 7 under minimax", "looks at 9 leaves, not 7" },
	{ "@claim nodes 3", "enters 4 inner nodes, not 3" },
	{ "@claim value C = 2", "C is proved <= 2, not = 2" },
	/* Numbers no value of the tree can equal, shown as written. */
	{ "@claim value C = 2.5", "C is proved <= 2, not = 2.5" },
	{ "@claim value C <= 1/3", "C is proved <= 2, not <= 1/3" },
	{ "@claim returns D 2.25", "D returns 2, not 2.25" },
	{ "@claim value C2 = 4", "C2 is never reached" },
	{ "@claim returns D 3", "D returns 2, not 3" },
	{ "@claim cutoff D", "no cutoff at D" },
	{ "@claim cutoff C pruned C3", "skips C2 and C3" },
	{ "@claim cutoff C deep", "is not deep" },
	{ "@claim cutoff C by B", "is fired by A" },
	{ "@claim nocut C", "a cutoff fires at C" },
	{ "@claim pruned C2", "never looked at are C2 and C3" },
	{ "@claim pruned", "never looked at are C2 and C3" },
	{ "@claim best C", "the best move is B" },
	{ "@claim window C -inf +inf", "entered with the window [3, +inf]" },
	{ "@claim window C1 1 2", "C1 is a leaf" },
	{ "@claim knuth-moore 9", "Knuth-Moore figure is 5" },
	{ "@claim event leaf", "step 15 is a cutoff event at C" },
	{ "@ask next C2\nen> ?\nzh> ？", "the answer 'C2' is wrong: the next node visited is D" },
	{ "@ask pruned C3", "no cutoff comes after this step" },
	{ "@ask value D >= 2", "D is proved = 2" },
	{ "@ask event cutoff", "the next event is return" },
	/* The engine's toolkit: the table's probes and stores, researches,
	 * node types. */
	{ "@claim hits 1 under tt", "0 probes find an entry, not 1" },
	{ "@claim probe C hit under tt", "is miss" },
	{ "@claim probe C miss", "C never probes the table" },
	{ "@claim stored C exact under tt", "C stores upper 2" },
	{ "@claim stored C upper 3 under tt", "C stores upper 2" },
	{ "@claim research C under pvs", "C is never searched again" },
	{ "@claim type C PV", "C's type is CUT" },
	{ "@claim type C2 CUT", "C2's type is none" },
	{ "@ask flag D exact", "D stores nothing in the table" },
	{ "@ask probe D hit", "D never probes the table" },
};

START_TEST(false_claim)
{
	const struct false_case *c = &false_cases[_i];
	struct ab_str body = AB_STR_INIT;
	ab_str_addf(&body, "@step 0\n@step 15\n%s\n", c->claim);
	struct ab_diag diag;
	bool ok;
	struct ab_lesson *lesson = parse_bound(body.s, &diag, &ok);
	ck_assert_msg(ok, "%s: %s", c->claim, diag.message);
	struct ab_diag *fails;
	size_t n = ab_lesson_check(lesson, &fails);
	ck_assert_msg(n == 1, "%s: %zu failures", c->claim, n);
	ck_assert_msg(strstr(fails[0].message, c->message), "%s: '%s'", c->claim,
		      fails[0].message);
	ck_assert_uint_eq(fails[0].line, 6);
	free(fails);
	ab_lesson_free(lesson);
	ab_str_free(&body);
}
END_TEST

/* True claims hold; "under" changes the search for one claim only. */
START_TEST(true_claims)
{
	static const char body[] =
		"@step 0\n"
		"@claim leaves 7\n@claim leaves 9 under minimax\n@claim leaves 5 under order=best\n"
		"@claim leaves 9 under minimax order=random:18446744073709551615\n"
		"@claim value C <= 2\n@claim value C ≤ 2\n@claim value A = 3\n@claim value B 3\n"
		"@claim cutoff C by A pruned C2 C3\n@claim nocut B\n@claim nocut C under minimax\n"
		"@claim pruned C2, C3\n@claim pruned under minimax\n@claim best B\n"
		"@claim window C 3 +inf\n@claim window A -∞ +∞\n@claim knuth-moore 5\n"
		"@claim returns C 2\n@claim value A = 6 under root=min\n"
		"@ask next A\nen> Which?\nzh> 哪个？\n@ask pruned C2 C3\nen> x\nzh> x\n"
		"@event leaf C1\n@claim event leaf C1\n@ask event update\nen> x\nzh> x\n"
		"@ask value C <= 2\nen> x\nzh> x\n"
		"@claim hits 0 under tt\n@claim probe C miss under tt\n@claim probe C miss under tt=1\n"
		"@claim stored C upper 2 under tt\n@claim stored B exact under tt=2\n"
		"@claim type A PV\n@claim type C CUT\n@claim type D CUT\n"
		"@end\n@claim event done\n";
	struct ab_diag diag;
	bool ok;
	struct ab_lesson *lesson = parse_bound(body, &diag, &ok);
	ck_assert_msg(ok, "%u:%u: %s", diag.line, diag.column, diag.message);
	struct ab_diag *fails;
	size_t n = ab_lesson_check(lesson, &fails);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, "%u:%u: %s\n", fails[i].line, fails[i].column, fails[i].message);
	free(fails);
	ck_assert_uint_eq(n, 0);
	ck_assert_uint_eq(lesson->blocks[1].step, 12);
	ck_assert_uint_eq(lesson->blocks[2].step, 29);
	ab_lesson_free(lesson);
}
END_TEST

/* The replay's side: the block for a step, and checking typed answers. */
START_TEST(replay_api)
{
	static const char body[] =
		"@step 3\nen> three\nzh> 三\n"
		"@step 12\n@ask pruned C2 C3\nen> Which?\nzh> 哪些？\n@ask next C2\nen> x\nzh> x\n"
		"@ask value C <= 2\nen> x\nzh> x\n@ask event update\nen> x\nzh> x\n";
	struct ab_diag diag;
	bool ok;
	struct ab_lesson *lesson = parse_bound(body, &diag, &ok);
	ck_assert_msg(ok, "%s", diag.message);
	ck_assert_ptr_null(ab_lesson_block_at(lesson, 2));
	ck_assert_ptr_eq(ab_lesson_block_at(lesson, 3), &lesson->blocks[0]);
	ck_assert_ptr_eq(ab_lesson_block_at(lesson, 11), &lesson->blocks[0]);
	ck_assert_ptr_eq(ab_lesson_block_at(lesson, 29), &lesson->blocks[1]);
	ck_assert_str_eq(ab_lesson_text(&lesson->blocks[0].text, AB_LANG_ZH), "三");
	const struct ab_lesson_question *q = lesson->blocks[1].questions;
	ck_assert(ab_lesson_answer_ok(lesson, &q[0], "C3, C2"));
	ck_assert(ab_lesson_answer_ok(lesson, &q[0], "2.2 2.3"));
	ck_assert(!ab_lesson_answer_ok(lesson, &q[0], "C2"));
	ck_assert(!ab_lesson_answer_ok(lesson, &q[0], "C2 C3 D1"));
	ck_assert(ab_lesson_answer_ok(lesson, &q[2], "<= 2"));
	ck_assert(ab_lesson_answer_ok(lesson, &q[2], "≤2"));
	ck_assert(!ab_lesson_answer_ok(lesson, &q[2], "2"));
	ck_assert(ab_lesson_answer_ok(lesson, &q[3], "update"));
	ck_assert(!ab_lesson_answer_ok(lesson, &q[3], "cutoff"));
	/* This question's stated answer is wrong: C2 is never visited. */
	struct ab_diag *fails;
	ck_assert_uint_eq(ab_lesson_check(lesson, &fails), 1);
	ck_assert_ptr_nonnull(strstr(fails[0].message, "the next node visited is D"));
	free(fails);
	ab_lesson_free(lesson);
}
END_TEST

/* Paragraphs: lines join, an empty text line breaks. */
START_TEST(text_joining)
{
	static const char text[] =
		"title: T\ntree: lecture\n@step 0\nen> one\nen> two\nen>\nen> three\n"
		"zh> 第一\nzh> 第二 and\nzh> more\r\n";
	struct ab_diag diag;
	struct ab_lesson *lesson = ab_lesson_parse(text, strlen(text), &diag);
	ck_assert_ptr_nonnull(lesson);
	ck_assert_str_eq(ab_lesson_text(&lesson->blocks[0].text, AB_LANG_EN), "one two\nthree");
	ck_assert_str_eq(ab_lesson_text(&lesson->blocks[0].text, AB_LANG_ZH), "第一第二 and more");
	ck_assert_str_eq(ab_lesson_text(&lesson->title, AB_LANG_ZH), "T");
	ab_lesson_free(lesson);
}
END_TEST

START_TEST(language_from_env)
{
	static const struct { const char *language, *lc_all, *lang; enum ab_lang want; } cases[] = {
		{ NULL, NULL, NULL, AB_LANG_EN },
		{ NULL, NULL, "zh_CN.UTF-8", AB_LANG_ZH },
		{ "zh_CN:en", NULL, "C.UTF-8", AB_LANG_ZH },
		{ "en", NULL, "zh_CN.UTF-8", AB_LANG_EN },
		{ NULL, "zh_TW.UTF-8", "en_US.UTF-8", AB_LANG_ZH },
		{ NULL, "C", "zh_CN.UTF-8", AB_LANG_EN },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		unsetenv("LC_MESSAGES");
		if (cases[i].language) setenv("LANGUAGE", cases[i].language, 1); else unsetenv("LANGUAGE");
		if (cases[i].lc_all) setenv("LC_ALL", cases[i].lc_all, 1); else unsetenv("LC_ALL");
		if (cases[i].lang) setenv("LANG", cases[i].lang, 1); else unsetenv("LANG");
		ck_assert_int_eq(ab_lang_from_env(), cases[i].want);
	}
}
END_TEST

/* ---- The command ---------------------------------------------------------- */

static const struct cli_case {
	const char *const *args;
	int status;
	const char *out, *err;
} cli_cases[] = {
	{ ARGS("lesson", "--lang", "en"), 0, "01-minimax             Minimax by hand", NULL },
	{ ARGS("lesson", "--lang", "zh"), 0, "手算极大极小", NULL },
	{ ARGS("lesson", "minimax", "--text", "--lang", "en"), 0, "Answer: B", NULL },
	{ ARGS("lesson", "01-minimax", "--text", "--lang", "zh"), 0, "答案: B", NULL },
	{ ARGS("lesson", "--text", "--ascii", "--lang", "en", "lecture"), 0, "beta = 2 <= alpha = 3", NULL },
	{ ARGS("lesson", "nonesuch", "--text"), 2, NULL, "no lesson called 'nonesuch'" },
	{ ARGS("lesson", "--check", "."), 2, NULL, "'.' is a folder, not a lesson file" },
	{ ARGS("lesson", "a", "b"), 2, NULL, "one lesson at a time" },
	{ ARGS("lesson", "--lang", "fr"), 2, NULL, "--lang takes en or zh" },
	{ ARGS("lesson", "--fail-hard"), 2, NULL, "does not apply" },
};

START_TEST(cli)
{
	const struct cli_case *c = &cli_cases[_i];
	struct run_result r = run_abtrace(NULL, c->args);
	ck_assert_int_eq(r.signal, 0);
	ck_assert_msg(r.status == c->status, "case %d: status %d, stderr %s", _i, r.status,
		      ab_str_cstr(&r.err));
	if (c->out)
		ck_assert_msg(strstr(ab_str_cstr(&r.out), c->out), "case %d: no '%s' in %s", _i,
			      c->out, ab_str_cstr(&r.out));
	if (c->err)
		ck_assert_msg(strstr(ab_str_cstr(&r.err), c->err), "case %d: no '%s' in %s", _i,
			      c->err, ab_str_cstr(&r.err));
	run_result_free(&r);
}
END_TEST

/* A lesson file with a mistake is reported with its place, exit 2. */
START_TEST(cli_bad_file)
{
	char path[] = "/tmp/abtrace-lesson-XXXXXX";
	int fd = mkstemp(path);
	static const char text[] = "title: x\ntree: lecture\n@step 0\n@claim value Z 3\n";
	ck_assert_int_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
	close(fd);
	struct run_result r = run_abtrace(NULL, ARGS("lesson", path, "--text"));
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.err), ":4:14: error: no node called 'Z'"));
	run_result_free(&r);
	unlink(path);
}
END_TEST

/* The interface in Chinese: messages, narration, pictures and lessons
 * follow LANGUAGE (gettext reads it under the C.UTF-8 locale too). */
START_TEST(chinese_interface)
{
#ifdef ENABLE_NLS
	const struct { const char *const *args; const char *want; } cases[] = {
		{ ARGS("--help"), "用法：" },
		{ ARGS("trace", "lecture"), "在 C 处发生α剪枝：β = 2 ≤ α = 3。" },
		{ ARGS("trace", "lecture"), "跳过 C2 和 C3。" },
		{ ARGS("export", "--text", "lecture"), "C2 = 4  ✂ 被剪枝" },
		{ ARGS("lesson", "lecture", "--text"), "课程: 讲义中的例子，一步一步" },
		{ ARGS("lesson", "lecture", "--text"), "C 返回 2，但这个 2 并不是 C 的值。" },
		{ ARGS("lesson", "lecture", "--text", "--lang", "en"), "Look at leaf C1 = 2." },
	};
	setenv("LANG", "C.UTF-8", 1);
	unsetenv("LC_ALL");
	unsetenv("LC_MESSAGES");
	setenv("LANGUAGE", "zh_CN", 1);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct run_result r = run_abtrace(NULL, cases[i].args);
		ck_assert_int_eq(r.status, 0);
		ck_assert_msg(strstr(ab_str_cstr(&r.out), cases[i].want), "no '%s' in %s",
			      cases[i].want, ab_str_cstr(&r.out));
		run_result_free(&r);
	}
	struct run_result r = run_abtrace(NULL, ARGS("trace", "--order", "sideways"));
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.err), "--order 只能是"));
	run_result_free(&r);
	unsetenv("LANGUAGE");
#else
	printf("chinese_interface: skipped, built without NLS\n");
#endif
}
END_TEST

/* A lecturer's own lesson beside its own tree, found from anywhere. */
START_TEST(own_lesson_and_tree)
{
	char dir[] = "/tmp/abtrace-mylesson-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char lesson[256], tree[256];
	snprintf(lesson, sizeof lesson, "%s/mine.lesson", dir);
	snprintf(tree, sizeof tree, "%s/mine.tree", dir);
	FILE *f = fopen(tree, "w");
	fputs("title: Mine\nX[ Y[1 2] Z[0 5] ]\n", f);
	fclose(f);
	f = fopen(lesson, "w");
	fputs("title: My lesson\ntree: mine.tree\n@event cutoff Z\nen> Z is cut.\nzh> Z 被剪掉。\n"
	      "@claim cutoff Z by X pruned Z2\n@end\n@claim leaves 3\n", f);
	fclose(f);
	struct run_result r = run_abtrace(NULL, ARGS("lesson", lesson, "--text", "--lang", "en"));
	ck_assert_msg(r.status == 0, "%s", ab_str_cstr(&r.err));
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.out), "Lesson: My lesson"));
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.out), "    Z is cut."));
	run_result_free(&r);
	struct ab_diag diag;
	bool in_tree;
	struct ab_lesson *l = ab_lesson_load(lesson, &diag);
	ck_assert_ptr_nonnull(l);
	ck_assert(ab_lesson_bind(l, &diag, &in_tree));
	ck_assert_uint_eq(ab_lesson_check(l, NULL), 0);
	ab_lesson_free(l);
	unlink(lesson);
	unlink(tree);
	rmdir(dir);
}
END_TEST

/* A lesson holds every number its tree can: 15 digits, decimals beyond 6
 * places, any fraction; two-sided intervals at chance nodes; and an
 * answer's number no value can equal is wrong, not an error. */
START_TEST(numbers_as_trees_hold_them)
{
	char dir[] = "/tmp/abtrace-numbers-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	static const struct {
		const char *tree, *claims;
		size_t fails;
		const char *message;
	} rows[] = {
		/* 15 digits, a chance node's halves, fractions, an interval. */
		{ "players: max chance max\nA[ B[ D[999999999999998 1] E[-999999999999999 2] ] C[ 1/3: 3 2/3: 7 ] ]\n",
		  "@claim value D = 999999999999998\n@claim returns E 2\n@claim value B = 500000000000000\n"
		  "@claim value C 17/3..17/3\n@claim value A = 500000000000000\n", 0, NULL },
		/* Eight decimals (a lesson once read six at most). */
		{ "A[ B[ 0.12345678 1 ] C[ 2 ] ]\n", "@claim value B = 0.12345678\n@claim value A = 2\n", 0, NULL },
		/* A 15-digit number the tree cannot equal: a false claim. */
		{ "A[ B[ 1 2 ] C[ 3 ] ]\n", "@claim returns B 123456789012345\n", 1, "B returns 1, not 123456789012345" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char lesson[256], tree[256];
		snprintf(lesson, sizeof lesson, "%s/n.lesson", dir);
		snprintf(tree, sizeof tree, "%s/n.tree", dir);
		FILE *f = fopen(tree, "w");
		fputs(rows[i].tree, f);
		fclose(f);
		f = fopen(lesson, "w");
		fprintf(f, "title: Numbers\ntree: n.tree\nsearch: minimax\n@end\n%s", rows[i].claims);
		fclose(f);
		struct ab_diag diag;
		bool in_tree;
		struct ab_lesson *l = ab_lesson_load(lesson, &diag);
		ck_assert_msg(l != NULL, "row %zu: %u:%u: %s", i, diag.line, diag.column, diag.message);
		ck_assert_msg(ab_lesson_bind(l, &diag, &in_tree), "row %zu: %s", i, diag.message);
		struct ab_diag *fails = NULL;
		size_t n = ab_lesson_check(l, &fails);
		for (size_t k = 0; k < n && rows[i].fails == 0; k++)
			fprintf(stderr, "row %zu: %u:%u: %s\n", i, fails[k].line, fails[k].column,
				fails[k].message);
		ck_assert_uint_eq(n, rows[i].fails);
		if (rows[i].message)
			ck_assert_msg(strstr(fails[0].message, rows[i].message), "%s", fails[0].message);
		free(fails);
		ab_lesson_free(l);
		unlink(lesson);
		unlink(tree);
	}
	rmdir(dir);
}
END_TEST

/* A BOM, CRLF line ends and tabs are all fine. */
START_TEST(bom_crlf_tabs)
{
	static const char text[] = "\xef\xbb\xbftitle: T\r\ntree:\tlecture\r\n@step 0\r\n"
				   "en> One\ttab.\r\n@end\r\n@claim leaves 7\r\n";
	struct ab_diag diag;
	struct ab_lesson *lesson = ab_lesson_parse(text, sizeof text - 1, &diag);
	ck_assert_msg(lesson, "%u:%u: %s", diag.line, diag.column, diag.message);
	ck_assert_str_eq(ab_lesson_text(&lesson->title, AB_LANG_EN), "T");
	ck_assert_str_eq(lesson->tree_name, "lecture");
	ck_assert_str_eq(ab_lesson_text(&lesson->blocks[0].text, AB_LANG_EN), "One\ttab.");
	bool in_tree;
	ck_assert(ab_lesson_bind(lesson, &diag, &in_tree));
	ck_assert_uint_eq(ab_lesson_check(lesson, NULL), 0);
	ab_lesson_free(lesson);
}
END_TEST

/* 50,000 blocks (and as many claims) parse in linear time: the arrays grow
 * geometrically (one element at a time took over a minute under the
 * sanitizers).  The test's timeout is the guard. */
START_TEST(many_blocks)
{
	struct ab_str text = AB_STR_INIT;
	ab_str_add(&text, good_header);
	for (int i = 0; i < 50000; i++)
		ab_str_add(&text, "@end\n");
	ab_str_add(&text, "@step 1\n");
	for (int i = 0; i < 50000; i++)
		ab_str_add(&text, "@claim leaves 7\n@ask event leaf\n");
	struct ab_diag diag;
	struct ab_lesson *lesson = ab_lesson_parse(text.s, text.len, &diag);
	ck_assert_msg(lesson, "%u:%u: %s", diag.line, diag.column, diag.message);
	ck_assert_uint_eq(lesson->nblocks, 50001);
	ck_assert_uint_eq(lesson->blocks[50000].nclaims, 50000);
	ck_assert_uint_eq(lesson->blocks[50000].nquestions, 50000);
	bool in_tree;
	ck_assert(!ab_lesson_bind(lesson, &diag, &in_tree));
	ck_assert(!in_tree);
	ck_assert_uint_eq(diag.line, 5);
	ck_assert_ptr_nonnull(strstr(diag.message, "follow the search forwards"));
	ab_lesson_free(lesson);
	ab_str_free(&text);
}
END_TEST

/* The text wrapper on text that never went through the parser's checks:
 * a lone lead byte at a paragraph's end is not read past, and escape
 * sequences come out visible ("\x1b", the house form of utf8.h), never
 * raw. */
START_TEST(wrapper_hostile_text)
{
	static const char *const tails[] = { "\xe7", "\xf0", "\xf0\x9f", "\x1b[2J", "\xc2\x9b" };
	static const char *const shown[] = { "aaaa\\xe7\n", "aaaa\\xf0\n", "aaaa\\xf0\\x9f\n",
					     "aaaa\\x1b[2J\n", "aaaa\\u009b\n" };
	for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
		struct ab_diag diag;
		bool ok;
		struct ab_lesson *lesson = parse_bound("@step 0\nen> x\n", &diag, &ok);
		ck_assert(ok);
		struct ab_str *para = &lesson->blocks[0].text.lang[AB_LANG_EN];
		ab_str_clear(para);
		for (int i = 0; i < 126; i++)
			ab_str_addc(para, 'a');
		ab_str_add(para, tails[t]);
		/* Exactly as long as its text, so a read past it is caught. */
		char *exact = ab_xmalloc(para->len + 1);
		memcpy(exact, para->s, para->len + 1);
		free(para->s);
		para->s = exact;
		para->cap = para->len + 1;
		struct ab_str out = AB_STR_INIT;
		ab_lesson_render_text(lesson, AB_LANG_EN, &ab_glyphs_ascii, &out);
		const char *o = ab_str_cstr(&out);
		ck_assert_ptr_null(strchr(o, '\x1b'));
		ck_assert_ptr_null(strstr(o, "\xc2\x9b"));
		ck_assert_ptr_null(strstr(o, tails[t]));
		ck_assert_msg(strstr(o, shown[t]), "case %zu: %s", t, o);
		ab_str_free(&out);
		ab_lesson_free(lesson);
	}
}
END_TEST

/* A lesson directly under '/': its directory is "/" (this wrote two bytes
 * into a one-byte allocation).  Needs a writable '/', else skipped. */
START_TEST(lesson_in_root_dir)
{
	char path[] = "/abtrace-test-XXXXXX.lesson";
	int fd = mkstemps(path, 7);
	if (fd < 0) {
		printf("lesson_in_root_dir: skipped, '/' is not writable here\n");
		return;
	}
	static const char text[] = "title: x\ntree: lecture\n@step 0\n";
	ck_assert_int_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
	close(fd);
	struct ab_diag diag;
	struct ab_lesson *lesson = ab_lesson_load(path, &diag);
	unlink(path);
	ck_assert_ptr_nonnull(lesson);
	ck_assert_str_eq(lesson->dir, "/");
	bool in_tree;
	ck_assert(ab_lesson_bind(lesson, &diag, &in_tree));
	ab_lesson_free(lesson);
	/* And the other shapes of path. */
	char dir[] = "/tmp/abtrace-dir-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char file[256];
	snprintf(file, sizeof file, "%s/a.lesson", dir);
	FILE *f = fopen(file, "w");
	fputs(text, f);
	fclose(f);
	lesson = ab_lesson_load(file, &diag);
	ck_assert_ptr_nonnull(lesson);
	ck_assert_str_eq(lesson->dir, dir);
	ab_lesson_free(lesson);
	unlink(file);
	rmdir(dir);
}
END_TEST

/* When the lesson's tree does not load, the report points at the lesson's
 * tree: line first, then into the tree file. */
START_TEST(cli_tree_fails)
{
	char dir[] = "/tmp/abtrace-treefail-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char lesson[256], tree[256];
	snprintf(lesson, sizeof lesson, "%s/l.lesson", dir);
	snprintf(tree, sizeof tree, "%s/bad.tree", dir);
	FILE *f = fopen(tree, "w");
	fputs("A[ 1 2\n", f);
	fclose(f);
	f = fopen(lesson, "w");
	fputs("title: x\n# the tree\ntree:   bad.tree\n@step 0\n", f);
	fclose(f);
	struct run_result r = run_abtrace(NULL, ARGS("lesson", lesson, "--text"));
	ck_assert_int_eq(r.status, 2);
	const char *err = ab_str_cstr(&r.err);
	char want[600];
	snprintf(want, sizeof want, "%s:3:9: error: the tree 'bad.tree' of this lesson does not load:",
		 lesson);
	const char *at = strstr(err, want);
	ck_assert_msg(at, "no '%s' in %s", want, err);
	ck_assert_msg(strstr(at, "bad.tree:1:2: error: unbalanced '['"), "%s", err);
	run_result_free(&r);
	unlink(lesson);
	unlink(tree);
	rmdir(dir);
}
END_TEST

/* Lesson-file errors follow --lang, as tree-file errors do. */
START_TEST(cli_bad_file_chinese)
{
#ifdef ENABLE_NLS
	char path[] = "/tmp/abtrace-lesson-XXXXXX";
	int fd = mkstemp(path);
	static const char text[] = "title: x\ncolour: red\n";
	ck_assert_int_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
	close(fd);
	setenv("LANG", "C.UTF-8", 1);
	struct run_result r = run_abtrace(NULL, ARGS("--lang", "zh", "lesson", path, "--text"));
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(ab_str_cstr(&r.err), ":2:1: 错误：未知的文件头 'colour'"), "%s",
		      ab_str_cstr(&r.err));
	run_result_free(&r);
	r = run_abtrace(NULL, ARGS("--lang", "en", "lesson", path, "--text"));
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.err), ":2:1: error: unknown header 'colour'"));
	run_result_free(&r);
	unlink(path);
#else
	printf("cli_bad_file_chinese: skipped, built without NLS\n");
#endif
}
END_TEST

/* The lesson list with a hostile lesson among them: its escape sequence
 * never reaches the terminal (the file is refused, and the report shows
 * the ESC as '?'); the good ones are still listed. */
START_TEST(cli_list_hostile)
{
	char dir[] = "/tmp/abtrace-data-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char sub[300], evil[320], good[320];
	snprintf(sub, sizeof sub, "%s/lessons", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	snprintf(evil, sizeof evil, "%s/01-evil.lesson", sub);
	snprintf(good, sizeof good, "%s/02-good.lesson", sub);
	FILE *f = fopen(evil, "w");
	fputs("title: \x1b]0;owned\x07\x1b[2J\ntree: lecture\n@step 0\n", f);
	fclose(f);
	f = fopen(good, "w");
	fputs("title: Good one\ntree: lecture\n@step 0\n", f);
	fclose(f);
	setenv("ABTRACE_DATADIR", dir, 1);
	struct run_result r = run_abtrace(NULL, ARGS("lesson", "--lang", "en"));
	unsetenv("ABTRACE_DATADIR");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.out), "02-good                Good one"));
	ck_assert_msg(strstr(ab_str_cstr(&r.err), "01-evil.lesson:1:8: error: control or invisible "
						  "character (U+001B)"), "%s", ab_str_cstr(&r.err));
	ck_assert_ptr_null(memchr(r.out.s, 0x1b, r.out.len));
	ck_assert_ptr_null(memchr(r.err.s, 0x1b, r.err.len));
	ck_assert_ptr_null(memchr(r.err.s, 0x07, r.err.len));
	run_result_free(&r);
	unlink(evil);
	unlink(good);
	rmdir(sub);
	rmdir(dir);
}
END_TEST

static Suite *lesson_suite(void)
{
	Suite *s = suite_create("lesson");
	TCase *tc = tcase_create("lesson");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, enough_lessons);
	tcase_add_loop_test(tc, bundled_lesson, 0, (int)nnames);
	tcase_add_loop_test(tc, bad_lesson, 0, sizeof bad_cases / sizeof bad_cases[0]);
	tcase_add_loop_test(tc, false_claim, 0, sizeof false_cases / sizeof false_cases[0]);
	tcase_add_test(tc, true_claims);
	tcase_add_test(tc, replay_api);
	tcase_add_test(tc, text_joining);
	tcase_add_test(tc, language_from_env);
	tcase_add_loop_test(tc, cli, 0, sizeof cli_cases / sizeof cli_cases[0]);
	tcase_add_test(tc, cli_bad_file);
	tcase_add_test(tc, chinese_interface);
	tcase_add_test(tc, own_lesson_and_tree);
	tcase_add_test(tc, numbers_as_trees_hold_them);
	tcase_add_test(tc, bom_crlf_tabs);
	tcase_add_test(tc, many_blocks);
	tcase_add_test(tc, wrapper_hostile_text);
	tcase_add_test(tc, lesson_in_root_dir);
	tcase_add_test(tc, cli_tree_fails);
	tcase_add_test(tc, cli_list_hostile);
	tcase_add_test(tc, cli_bad_file_chinese);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	nnames = ab_lesson_names(&names);
	int status = ab_run_suite(lesson_suite());
	for (size_t i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
	return status;
}
