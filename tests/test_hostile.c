/* test_hostile.c - input nobody should write, and environments nobody
 * should run in: the program must answer each with a result or a clean
 * error (exit 2, a message, with a position where there is one), never a
 * signal or a hang.  Runs the real binary (runprog.h), so under the
 * valgrind setup the program itself is checked.  Also runs every command
 * on every bundled tree, the valgrind setup's leak check. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/parse.h"
#include "runprog.h"
#include "testutil.h"
#include "core/tree.h"

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

#define TMPDIR_TEMPLATE "/tmp/abtrace-hostile-XXXXXX"
static char tmpdir[sizeof TMPDIR_TEMPLATE];

static void make_tmpdir(void)
{
	/* A fresh template each time: with CK_FORK=no (valgrind) the tests
	 * share this process, and mkdtemp overwrites the X's. */
	memcpy(tmpdir, TMPDIR_TEMPLATE, sizeof tmpdir);
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void remove_tmpdir(void)
{
	DIR *d = opendir(tmpdir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		struct ab_str p = AB_STR_INIT;
		ab_str_addf(&p, "%s/%s", tmpdir, e->d_name);
		if (remove(p.s) != 0)
			rmdir(p.s);
		ab_str_free(&p);
	}
	closedir(d);
	rmdir(tmpdir);
}

/* A file in the temporary directory holding len bytes of text. */
static char *temp_file(const char *name, const char *text, size_t len)
{
	struct ab_str p = AB_STR_INIT;
	ab_str_addf(&p, "%s/%s", tmpdir, name);
	FILE *f = fopen(p.s, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
	return p.s;
}

/* What every run must show, whatever else it shows: no signal, no hang,
 * no sanitizer report. */
static void assert_sound(const struct run_result *r, const char *what)
{
	ck_assert_msg(!r->timed_out, "%s: hung (killed after the time limit)",
		      what);
	ck_assert_msg(r->signal == 0, "%s: killed by signal %d", what,
		      r->signal);
	ck_assert_msg(!strstr(ab_str_cstr(&r->err), "runtime error") &&
		      !strstr(ab_str_cstr(&r->err), "Sanitizer"),
		      "%s: sanitizer report:\n%s", what, ab_str_cstr(&r->err));
}

/* The same, and exit 0 or 2. */
static void assert_clean(const struct run_result *r, const char *what)
{
	assert_sound(r, what);
	ck_assert_msg(r->status == 0 || r->status == 2,
		      "%s: exit status %d\n%s", what, r->status,
		      ab_str_cstr(&r->err));
}

/* ---- Generated files ---------------------------------------------------- */

static void repeat_into(struct ab_str *s, const char *piece, size_t times)
{
	size_t n = strlen(piece);
	for (size_t i = 0; i < times; i++)
		ab_str_addn(s, piece, n);
}

static void gen_deep(struct ab_str *s)
{
	repeat_into(s, "[", 100000);
	ab_str_add(s, "1");
	repeat_into(s, "]", 100000);
}

/* A uniform tree of branching b and the given depth, leaves 0..9. */
static void gen_uniform(struct ab_str *s, uint32_t b, int depth)
{
	uint32_t count[32] = { 0 };
	int d = 0;
	uint32_t leaf = 0;
	ab_str_addc(s, '[');
	while (d >= 0) {
		if (count[d] == b) {
			ab_str_addc(s, ']');
			count[d--] = 0;
			continue;
		}
		if (count[d]++)
			ab_str_addc(s, ',');
		if (d == depth - 1) {
			ab_str_addc(s, (char)('0' + (leaf++ * 7u) % 10u));
		} else {
			ab_str_addc(s, '[');
			d++;
		}
	}
	ab_str_addc(s, '\n');
}

/* 10^7 leaves: ten children per inner node, seven levels. */
static void gen_ten_million(struct ab_str *s)
{
	gen_uniform(s, 10, 7);
}

static void gen_long_comment(struct ab_str *s)
{
	ab_str_add(s, "# ");
	repeat_into(s, "0123456789", 5000000);
	ab_str_add(s, "\n[3 [4 5]]\n");
}

static void gen_long_line_error(struct ab_str *s)
{
	ab_str_add(s, "[1,");
	repeat_into(s, "          ", 5000000);
	ab_str_add(s, "%]");
}

static void gen_big_answer(struct ab_str *s)
{
	ab_str_add(s, "value: 3\n# ");
	repeat_into(s, "0123456789", 110000);
	ab_str_add(s, "\n");
}

static void gen_big_trace(struct ab_str *s)
{
	/* 4^6 leaves: a trace of thousands of lines. */
	gen_uniform(s, 4, 6);
}

/* ---- The table ------------------------------------------------------- */

static const struct hostile_case {
	const char *name;
	const char *text;             /* the file's bytes (text_len of them) */
	size_t text_len;
	void (*gen)(struct ab_str *); /* or a generator */
	const char *const *args;      /* "FILE" is replaced by the file */
	int status;
	const char *err;              /* substring of stderr, or NULL */
	const char *out;              /* substring of stdout, or NULL */
	bool big;                     /* too big to run under valgrind */
} cases[] = {
#define TEXT(s) s, sizeof s - 1, NULL
#define GEN(f) NULL, 0, f
	{ "deep", GEN(gen_deep), ARGS("trace", "FILE"), 2,
	  ":1:10001: error: nesting too deep: at most 10000 levels", NULL, false },
	{ "ten-million", GEN(gen_ten_million),
	  ARGS("stats", "--algo", "alphabeta", "--order", "given", "FILE"), 0,
	  NULL, "10000000 leaves, 1111111 inner nodes", true },
	{ "long-comment", GEN(gen_long_comment), ARGS("trace", "FILE"), 0, NULL,
	  "root's value is 4", true },
	{ "long-line-error", GEN(gen_long_line_error), ARGS("trace", "FILE"), 2,
	  ":1:50000004: error: stray character '%'", NULL, true },
	{ "nul", TEXT("[1 2\0 3]"), ARGS("trace", "FILE"), 2,
	  ":1:5: error: NUL byte", NULL, false },
	{ "nul-first", TEXT("\0"), ARGS("trace", "FILE"), 2,
	  ":1:1: error: NUL byte", NULL, false },
	{ "utf8", TEXT("[1 \xff 2]"), ARGS("trace", "FILE"), 2,
	  ":1:4: error: invalid UTF-8 (byte 0xFF)", NULL, false },
	{ "utf8-truncated", TEXT("[1 2]\xe2\x82"), ARGS("trace", "FILE"), 2,
	  ":1:6: error: invalid UTF-8", NULL, false },
	{ "bom", TEXT("\xef\xbb\xbf[1 2]\n"), ARGS("trace", "FILE"), 0, NULL,
	  "root's value is 2", false },
	{ "bom-error", TEXT("\xef\xbb\xbf[1 %]\n"), ARGS("trace", "FILE"), 2,
	  ":1:4: error: stray character '%'", NULL, false },
	{ "crlf", TEXT("title: t\r\n[1,\r\n 2]\r\n"), ARGS("trace", "FILE"), 0,
	  NULL, "root's value is 2", false },
	{ "crlf-error", TEXT("[1,\r\n,2]\r\n"), ARGS("trace", "FILE"), 2,
	  ":2:1: error: empty element", NULL, false },
	{ "tabs", TEXT("\t[1\t%]"), ARGS("trace", "FILE"), 2,
	  ":1:5: error: stray character '%'", NULL, false },
	{ "digits-15", TEXT("[999999999999999,-999999999999999]"),
	  ARGS("trace", "FILE"), 0, NULL, "root's value is 999999999999999",
	  false },
	{ "digits-16", TEXT("[1, 1000000000000000]"), ARGS("trace", "FILE"), 2,
	  ":1:5: error: number too large: values have at most 15 digits", NULL,
	  false },
	{ "digits-16-neg", TEXT("[-9999999999999999]"), ARGS("trace", "FILE"), 2,
	  ":1:2: error: number too large", NULL, false },
	{ "digits-leading-zeros", TEXT("[0000000000000000000001, 2]"),
	  ARGS("trace", "FILE"), 0, NULL, "root's value is 2", false },
	{ "control", TEXT("[1 \x1b[31m 2]"), ARGS("trace", "FILE"), 2,
	  ":1:4: error: stray control or invisible character (U+001B)", NULL,
	  false },
	{ "empty", TEXT(""), ARGS("trace", "FILE"), 2, "empty file", NULL,
	  false },
	{ "dev-null", NULL, 0, NULL, ARGS("trace", "/dev/null"), 2,
	  "/dev/null:1:1: error: empty file", NULL, false },
	{ "missing", NULL, 0, NULL, ARGS("trace", "/no/such/dir/x.tree"), 2,
	  "cannot open '/no/such/dir/x.tree': No such file or directory", NULL,
	  false },
	{ "directory", NULL, 0, NULL, ARGS("trace", "DIR"), 2,
	  "Is a directory", NULL, false },
	/* Answer files (`abtrace check TREE ANSWER`): the same manners. */
	{ "answer-big", GEN(gen_big_answer), ARGS("check", "lecture", "FILE"), 2,
	  "file too large: over 1 MiB", NULL, false },
	{ "answer-nul", TEXT("value: 3\n\0"), ARGS("check", "lecture", "FILE"),
	  2, ":2:1: error: NUL byte", NULL, false },
	{ "answer-utf8", TEXT("value: \xff\n"), ARGS("check", "lecture", "FILE"),
	  2, ":1:8: error: invalid UTF-8 (byte 0xFF)", NULL, false },
	{ "answer-crlf-bom", TEXT("\xef\xbb\xbfvalue: 3\r\nbest: B\r\n"),
	  ARGS("check", "lecture", "FILE"), 0, NULL, "Score: 2/2", false },
	{ "answer-empty", TEXT(""), ARGS("check", "lecture", "FILE"), 2,
	  "the answer has nothing to check", NULL, false },
	{ "answer-dir", NULL, 0, NULL, ARGS("check", "lecture", "DIR"), 1,
	  ": an empty folder\n", NULL, false },
#undef TEXT
#undef GEN
};

/* args with FILE and DIR replaced. */
static const char **fill_args(const char *const *args, const char *file)
{
	size_t n = 0;
	while (args[n])
		n++;
	const char **out = ab_xcalloc(n + 1, sizeof *out);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(args[i], "FILE") == 0)
			out[i] = file;
		else if (strcmp(args[i], "DIR") == 0)
			out[i] = tmpdir;
		else
			out[i] = args[i];
	}
	return out;
}

START_TEST(test_hostile_file)
{
	const struct hostile_case *c = &cases[_i];
	make_tmpdir();
	char *file = NULL;
	if (c->gen) {
		struct ab_str text = AB_STR_INIT;
		c->gen(&text);
		file = temp_file(c->name, text.s, text.len);
		ab_str_free(&text);
	} else if (c->text) {
		file = temp_file(c->name, c->text, c->text_len);
	}
	const char **args = fill_args(c->args, file);
	struct run_options o = { .unwrapped = c->big, .timeout = 120 };
	struct run_result r = run_abtrace_with(&o, args);
	/* 1 is check's status for a row not graded (an empty folder). */
	if (c->status == 1)
		assert_sound(&r, c->name);
	else
		assert_clean(&r, c->name);
	ck_assert_msg(r.status == c->status, "%s: exit %d, expected %d\n%s",
		      c->name, r.status, c->status, ab_str_cstr(&r.err));
	if (c->err)
		ck_assert_msg(strstr(ab_str_cstr(&r.err), c->err),
			      "%s: stderr lacks '%s':\n%.2000s", c->name,
			      c->err, ab_str_cstr(&r.err));
	if (c->out)
		ck_assert_msg(strstr(ab_str_cstr(&r.out), c->out),
			      "%s: stdout lacks '%s':\n%.2000s", c->name,
			      c->out, ab_str_cstr(&r.out));
	/* An error's excerpt is shortened, however long the line. */
	ck_assert_msg(r.err.len < 4096, "%s: %zu bytes of error", c->name,
		      r.err.len);
	if (c->status == 2 && file)
		ck_assert_msg(strncmp(ab_str_cstr(&r.err), file, strlen(file)) == 0,
			      "%s: the message does not start with the file name",
			      c->name);
	run_result_free(&r);
	free(args);
	free(file);
	remove_tmpdir();
}
END_TEST

/* ---- Standard streams ------------------------------------------------- */

START_TEST(test_stdin_closed)
{
	struct run_options o = { .close_stdin = true, .timeout = 60 };
	struct run_result r = run_abtrace_with(&o, ARGS("trace", "-"));
	assert_clean(&r, "trace - <&-");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.err),
				     "cannot read standard input"));
	run_result_free(&r);
	/* A closed stdin does not matter when it is not read; the file
	 * opened gets descriptor 0 and must still be read as a file. */
	r = run_abtrace_with(&o, ARGS("stats", "lecture"));
	assert_clean(&r, "stats lecture <&-");
	ck_assert_int_eq(r.status, 0);
	run_result_free(&r);
}
END_TEST

START_TEST(test_stdin_dev_null)
{
	struct run_options o = { .stdin_path = "/dev/null", .timeout = 60 };
	struct run_result r = run_abtrace_with(&o, ARGS("trace", "-"));
	assert_clean(&r, "trace - </dev/null");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.err), "empty file"));
	run_result_free(&r);
}
END_TEST

START_TEST(test_stdout_closed)
{
	const char *const *const commands[] = {
		ARGS("trace", "lecture"),
		ARGS("trace", "--json", "lecture"),
		ARGS("stats", "lecture"),
		ARGS("--help"),
	};
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
		struct run_options o = { .close_stdout = true, .timeout = 60 };
		struct run_result r = run_abtrace_with(&o, commands[i]);
		assert_clean(&r, commands[i][0]);
		ck_assert_msg(r.status == 2, "%s >&-: exit %d", commands[i][0],
			      r.status);
		ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.err), "cannot write"));
		run_result_free(&r);
	}
}
END_TEST

START_TEST(test_broken_pipe)
{
	make_tmpdir();
	struct ab_str text = AB_STR_INIT;
	gen_big_trace(&text);
	char *file = temp_file("big", text.s, text.len);
	ab_str_free(&text);
	static const char *const modes[] = { "--ascii", "--json" };
	for (size_t i = 0; i < 2; i++) {
		/* abtrace trace big | head -c 100 */
		struct run_options o = { .pipe_bytes = 100, .timeout = 120 };
		struct run_result r = run_abtrace_with(
			&o, (const char *const[]){ "trace", modes[i], file, NULL });
		assert_clean(&r, "trace big | head");
		ck_assert_uint_ge(r.out.len, 100);
		ck_assert_msg(r.err.len == 0, "a broken pipe is not an error "
			      "to report: %s", r.err.s);
		run_result_free(&r);
	}
	free(file);
	remove_tmpdir();
}
END_TEST

/* ---- Files that cannot be read --------------------------------------- */

START_TEST(test_fifo_without_writer)
{
	make_tmpdir();
	struct ab_str path = AB_STR_INIT;
	ab_str_addf(&path, "%s/fifo", tmpdir);
	ck_assert_int_eq(mkfifo(path.s, 0600), 0);
	struct run_options o = { .timeout = 30 };
	struct run_result r = run_abtrace_with(&o, ARGS("trace", path.s));
	assert_clean(&r, "a FIFO with no writer");
	ck_assert_int_eq(r.status, 2);
	run_result_free(&r);
	ab_str_free(&path);
	remove_tmpdir();
}
END_TEST

START_TEST(test_unreadable)
{
	/* root reads a mode-000 file anyway (CI runs as root), so the test
	 * means something only for other users. */
	if (geteuid() == 0)
		return;
	make_tmpdir();
	char *file = temp_file("secret", "[1 2]", 5);
	ck_assert_int_eq(chmod(file, 0), 0);
	struct run_options o = { .timeout = 30 };
	struct run_result r = run_abtrace_with(&o, ARGS("trace", file));
	assert_clean(&r, "an unreadable file");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.err), "Permission denied"));
	run_result_free(&r);
	free(file);
	remove_tmpdir();
}
END_TEST

/* ---- Fuzz findings, kept as library tests ------------------------------ */

/* ab_tree_write turned a tab in the title into a space, so the written
 * tree read back with another title (found by fuzz_parse_tree). */
START_TEST(test_write_keeps_header_tabs)
{
	static const char text[] = "title: a\t\tb\nsource: x\ty\n[1,2]\n";
	struct ab_diag diag;
	struct ab_tree *t = ab_parse_tree(text, sizeof text - 1, &diag);
	ck_assert_ptr_nonnull(t);
	struct ab_str out = AB_STR_INIT;
	ab_tree_write(t, &out);
	ck_assert_str_eq(out.s, text);
	ab_str_free(&out);
	ab_tree_free(t);
}
END_TEST

/* ---- Every command on every bundled tree ------------------------------ */

static const char *const *const bundled_commands[] = {
	ARGS("trace", "TREE"),
	ARGS("trace", "--json", "TREE"),
	ARGS("trace", "--ascii", "--algo", "minimax", "TREE"),
	ARGS("trace", "--fail-hard", "--strict", "--order", "worst", "TREE"),
	ARGS("trace", "--root", "min", "--order", "random:7", "TREE"),
	ARGS("stats", "TREE"),
	ARGS("stats", "--json", "--order", "best", "TREE"),
	ARGS("stats", "--algo", "minimax", "--order", "reverse", "TREE"),
	/* The engine's toolkit: the table, PVS, killer and history, and
	 * --compare, whose rows must all agree on every bundled tree. */
	ARGS("trace", "--tt", "--pvs", "--order", "killer", "TREE"),
	ARGS("trace", "--json", "--tt=2", "--order", "history", "--fail-hard", "TREE"),
	ARGS("stats", "--compare", "TREE"),
	ARGS("stats", "--tt", "--pvs", "--json", "TREE"),
};

/* A 20 KB tree of 10,000 levels: trace printed 600 MB (every line named
 * its node by a path as long as its depth).  Deep unlabelled nodes are
 * "@N" now, so the printout grows with the number of steps only. */
START_TEST(test_deep_trace_bounded)
{
	struct ab_str text = AB_STR_INIT;
	repeat_into(&text, "[", 10000);
	ab_str_add(&text, "1 2");
	repeat_into(&text, "]", 10000);
	ab_str_addc(&text, '\n');
	struct run_options o = { .stdin_text = text.s, .unwrapped = true };
	struct run_result r = run_abtrace_with(&o, ARGS("trace", "-"));
	ck_assert_int_eq(r.status, 0);
	ck_assert_msg(r.out.len < 4000000, "%zu bytes of trace", r.out.len);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.out), "Enter @9999 (MIN)"));
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.out), "Look at leaf @10000 = 1."));
	run_result_free(&r);
	ab_str_free(&text);
}
END_TEST

START_TEST(test_bundled_trees)
{
	struct ab_str dir = AB_STR_INIT;
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	ab_str_addf(&dir, "%s/trees", root ? root : ".");
	DIR *d = opendir(dir.s);
	ck_assert_ptr_nonnull(d);
	unsigned trees = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n <= 5 || strcmp(e->d_name + n - 5, ".tree") != 0)
			continue;
		trees++;
		struct ab_str file = AB_STR_INIT;
		ab_str_addf(&file, "%s/%s", dir.s, e->d_name);
		for (size_t i = 0; i < sizeof bundled_commands /
					   sizeof *bundled_commands; i++) {
			const char *args[16];
			size_t k = 0;
			for (; bundled_commands[i][k]; k++)
				args[k] = strcmp(bundled_commands[i][k], "TREE")
					? bundled_commands[i][k] : file.s;
			args[k] = NULL;
			struct run_options o = { .timeout = 300 };
			struct run_result r = run_abtrace_with(&o, args);
			assert_clean(&r, e->d_name);
			ck_assert_msg(r.status == 0 && r.err.len == 0 && r.out.len,
				      "%s %s on %s: exit %d\n%s", args[0], args[1],
				      e->d_name, r.status, ab_str_cstr(&r.err));
			run_result_free(&r);
		}
		ab_str_free(&file);
	}
	closedir(d);
	ab_str_free(&dir);
	ck_assert_uint_ge(trees, 8);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("hostile");
	TCase *tc = tcase_create("files");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_hostile_file, 0,
			    (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, test_fifo_without_writer);
	tcase_add_test(tc, test_unreadable);
	tcase_add_test(tc, test_write_keeps_header_tabs);
	suite_add_tcase(s, tc);

	tc = tcase_create("streams");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_stdin_closed);
	tcase_add_test(tc, test_stdin_dev_null);
	tcase_add_test(tc, test_stdout_closed);
	tcase_add_test(tc, test_broken_pipe);
	suite_add_tcase(s, tc);

	tc = tcase_create("bundled");
	tcase_set_timeout(tc, 1800);
	tcase_add_test(tc, test_bundled_trees);
	tcase_add_test(tc, test_deep_trace_bounded);
	suite_add_tcase(s, tc);
	return ab_run_suite(s);
}
