/* test_i18n.c - the language of messages: the locale's, or --lang. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/str.h"

#include "runprog.h"
#include "testutil.h"

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static const struct lang_case {
	const char *lang_env, *language_env;
	const char *const *args;
	int status;
	const char *out, *err;
} cases[] = {
	{ "C.UTF-8", "zh_CN", ARGS("trace", "lecture"), 0, "在 C 处发生α剪枝：β = 2 ≤ α = 3。", NULL },
	{ "C.UTF-8", NULL, ARGS("trace", "--lang", "zh", "lecture"), 0, "跳过 C2 和 C3。", NULL },
	{ "C", NULL, ARGS("trace", "--lang=zh", "lecture"), 0, "搜索结束：根节点的值是 3，最佳走法是 B。", NULL },
	{ "C.UTF-8", "zh_CN", ARGS("trace", "--lang", "en", "lecture"), 0, "Cutoff at C", NULL },
	{ "C.UTF-8", "zh_CN", ARGS("stats", "lecture"), 0, "9 个叶子，4 个内部节点", NULL },
	/* Issue 13: no space left between two Chinese words around a name,
	 * fail-hard's return in whole sentences, the root and the order in
	 * Chinese, and the compilers' "error:". */
	{ "C.UTF-8", "zh_CN", ARGS("trace", "--fail-hard", "-e", "[[5],[[1,2]]]"), 0,
	  "节点 2.1 把 5 返回给节点 2。它的子节点证明了节点 2.1 = 2；硬失败（fail-hard）的搜索交给节点 2 的是它的 α，即 5，节点 2 由此只知道节点 2.1 ≤ 5。", NULL },
	{ "C.UTF-8", "zh_CN", ARGS("trace", "-e", "[[5],[[1,2]]]"), 0, "节点 2 把 2 返回给根节点。", NULL },
	{ "C.UTF-8", "zh_CN", ARGS("trace", "--order", "reverse", "lecture"), 0, "，逆序；", NULL },
	{ "C.UTF-8", "zh_CN", ARGS("stats", "-e", "[5]"), 0, "1 个叶子，1 个内部节点", NULL },
	{ "C.UTF-8", "zh_CN", ARGS("trace", "-e", "[[1,,2]]"), 2, NULL, "<expression>:1:5: 错误：" },
	{ "C.UTF-8", NULL, ARGS("trace", "-e", "[[1,,2]]"), 2, NULL, "<expression>:1:5: error: " },
	{ "C.UTF-8", NULL, ARGS("trace", "--lang", "fr", "lecture"), 2, NULL, "--lang takes en or zh" },
	{ "C.UTF-8", "zh_CN", ARGS("trace", "--order", "up"), 2, NULL, "--order 只能是" },
	/* Tree-file errors follow the language too (issue 12). */
	{ "C.UTF-8", NULL, ARGS("trace", "--lang", "zh", "-e", "[1 2"), 2, NULL,
	  "<expression>:1:1: 错误：'[' 不配对：这个列表没有闭合" },
	{ "C.UTF-8", "zh_CN", ARGS("trace", "-e", "[1,,2]"), 2, NULL, "空元素：两个逗号之间应该是一个子节点" },
	/* The chance nodes' tree-file errors too (issue 12). */
	{ "C.UTF-8", "zh_CN", ARGS("trace", "-e", "players: max chance\nA[ B[ 0.5: 1 0.6: 2 ] ]"), 2, NULL,
	  "这个机会节点的子节点的概率之和是 1.1，不是 1" },
	{ "C.UTF-8", "zh_CN", ARGS("trace", "-e", "bounds: 0..1\n[[2]]"), 2, NULL, "值 2 超出了声明的取值范围 0..1" },
	{ "C.UTF-8", "zh_CN", ARGS("trace", "-e", "A[1 A[2 3]]"), 2, NULL, "重复的标签 'A'：第一次用在第 1 行第 1 列" },
	{ "C.UTF-8", NULL, ARGS("trace", "--lang", "en", "-e", "[1 2"), 2, NULL, "unbalanced '['" },
	{ "C.UTF-8", "zh_CN", ARGS("check", "-", "-"), 2, NULL, "标准输入被用了两次" },
	/* --help from the option table, in Chinese, aligned by display width. */
	{ "C.UTF-8", "zh_CN", ARGS("--help"), 0, "用法：abtrace [选项] [树]", NULL },
	{ "C.UTF-8", "zh_CN", ARGS("--help"), 0, "\n  --order 顺序               given、reverse", NULL },
	{ "C.UTF-8", "zh_CN", ARGS("check", "--help"), 0, "批改选项（命令行优先于答案文件自己的 rules: 等设定）：\n", NULL },
	{ "C.UTF-8", "zh_CN", ARGS("trace", "--csv"), 2, NULL, "选项 '--csv' 不能用于 'abtrace trace'" },
	/* A Chinese locale the machine may lack (the test machine has only
	 * C.UTF-8): still Chinese, still UTF-8. */
	{ "zh_CN.UTF-8", NULL, ARGS("trace", "lecture"), 0, "在 C 处发生α剪枝：β = 2 ≤ α = 3。", NULL },
	{ "zh_CN.utf8", NULL, ARGS("stats", "lecture"), 0, "9 个叶子，4 个内部节点", NULL },
	{ "zh_CN.UTF-8", NULL, ARGS("trace", "--lang", "en", "lecture"), 0, "Cutoff at C: β = 2 ≤ α = 3.", NULL },
	{ "en_US.UTF-8", NULL, ARGS("trace", "lecture"), 0, "Cutoff at C: β = 2 ≤ α = 3.", NULL },
	/* Another charset is not guessed at. */
	{ "zh_CN.GB2312", NULL, ARGS("trace", "lecture"), 0, "Cutoff at C: beta = 2 <= alpha = 3.", NULL },
};

START_TEST(languages)
{
	const struct lang_case *t = &cases[_i];
	setenv("LANG", t->lang_env, 1);
	unsetenv("LC_ALL");
	unsetenv("LC_MESSAGES");
	if (t->language_env)
		setenv("LANGUAGE", t->language_env, 1);
	else
		unsetenv("LANGUAGE");
	struct run_result r = run_abtrace(NULL, t->args);
	ck_assert_msg(r.status == t->status, "case %d: exit %d; %s", _i, r.status,
		      ab_str_cstr(&r.err));
	if (t->out)
		ck_assert_msg(strstr(ab_str_cstr(&r.out), t->out), "case %d: no '%s' in\n%s", _i,
			      t->out, ab_str_cstr(&r.out));
	if (t->err)
		ck_assert_msg(strstr(ab_str_cstr(&r.err), t->err), "case %d: no '%s' in\n%s", _i,
			      t->err, ab_str_cstr(&r.err));
	run_result_free(&r);
}
END_TEST

/* No English left in a Chinese sentence: the Chinese reports, narration
 * and tables hold none of the words that only English text uses (a typed
 * key, an option word or a node's label may stay, e.g. value:, --order,
 * fail-soft in brackets after 软失败). */
static const char *const english[] = {
	"in [", " and ", "order given", "order reverse", "chance-prune ", "graded",
	"declares", "not read", "line ", "Score", "Diagnosis", "expected", "visited ",
	"best move", "fail-soft,", "fail-hard,", "alpha-beta", "minimax", "expectimax",
	"values proved", "values returned", "root MAX", "root MIN", "depth ",
	"Cutoff", "returns ", "pruned ", "cut at", "did you mean", "the root",
};

START_TEST(no_english)
{
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	struct ab_str key = AB_STR_INIT, tree = AB_STR_INIT, folder = AB_STR_INIT, one = AB_STR_INIT;
	ab_str_addf(&key, "%s/tests/answers/keys/homework3.key", root ? root : ".");
	ab_str_addf(&tree, "%s/tests/answers/homework3.tree", root ? root : ".");
	ab_str_addf(&folder, "%s/tests/answers/class/homework3", root ? root : ".");
	ab_str_addf(&one, "%s/tests/answers/class/homework3/10-no-tie-cut.ans", root ? root : ".");
	const char *const *runs[] = {
		ARGS("trace", "lecture"), ARGS("trace", "--fail-hard=clamp", "expectimax"),
		ARGS("trace", "--depth", "2", "horizon"), ARGS("stats", "expectimax"),
		ARGS("stats", "--depth", "2", "--iterative", "horizon"),
		ARGS("check", "--key", key.s, tree.s, folder.s),
		ARGS("check", "--summary", "--key", key.s, tree.s, folder.s),
		ARGS("check", "--key", key.s, tree.s, one.s),
		ARGS("check", "--strict", "--order", "reverse", tree.s, one.s),
	};
	setenv("LANG", "C.UTF-8", 1);
	setenv("LANGUAGE", "zh_CN", 1);
	for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
		struct run_result res = run_abtrace(NULL, runs[r]);
		ck_assert_msg(res.status >= 0 && res.status <= 2, "run %zu: exit %d", r, res.status);
		/* Only the lines in Chinese: a file name or a path is the
		 * user's. */
		for (const char *p = res.out.s ? res.out.s : ""; *p;) {
			size_t n = strcspn(p, "\n");
			char *line = strndup(p, n);
			/* Past the file name a table row starts with. */
			const char *text = strstr(line, ".ans") ? strstr(line, ".ans") + 4 : line;
			bool chinese = false;
			for (const unsigned char *c = (const unsigned char *)text; *c; c++)
				chinese |= *c >= 0xe4 && *c <= 0xe9;
			for (size_t w = 0; chinese && w < sizeof english / sizeof english[0]; w++)
				ck_assert_msg(!strstr(text, english[w]), "run %zu: '%s' in a Chinese line:\n%s",
					      r, english[w], line);
			free(line);
			p += n + (p[n] == '\n');
		}
		run_result_free(&res);
	}
	ab_str_free(&key);
	ab_str_free(&tree);
	ab_str_free(&folder);
	ab_str_free(&one);
}
END_TEST

static Suite *i18n_suite(void)
{
	Suite *s = suite_create("i18n");
	TCase *tc = tcase_create("languages");
	tcase_add_loop_test(tc, languages, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, no_english);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(i18n_suite());
}
