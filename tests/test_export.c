/* test_export.c - the DOT, TikZ and text pictures, and `abtrace export`.
 *
 * The text picture of the lecture tree is compared with a drawing made by
 * hand.  DOT is rendered by Graphviz and TikZ compiled by pdflatex when
 * those are installed; without them those tests say so and pass.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "export.h"
#include "load.h"
#include "randtree.h"
#include "runprog.h"
#include "testutil.h"
#include "trace.h"

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static const char *const bundled[] = {
	"lecture", "seed002", "seed003", "no-pruning", "deep-cutoff",
	"min-root", "uneven", "ordering",
};
#define NBUNDLED (sizeof bundled / sizeof bundled[0])

static struct ab_tree *load(const char *name)
{
	struct ab_str shown = AB_STR_INIT;
	struct ab_diag diag;
	struct ab_tree *tree = ab_load_tree(name, &shown, &diag);
	ck_assert_msg(tree, "%s: %s", name, diag.message);
	ab_str_free(&shown);
	return tree;
}

/* The picture of tree at step (SIZE_MAX: the end) under config. */
static void picture(const struct ab_tree *tree, const struct ab_config *config,
		    size_t step, enum ab_export_format format, bool ascii,
		    struct ab_str *out)
{
	struct ab_trace *trace = ab_trace_record(tree, config);
	ck_assert_ptr_nonnull(trace);
	ab_trace_seek(trace, step);
	struct ab_export_options opt = { .format = format, .ascii = ascii };
	ab_export(trace, &opt, out);
	ab_trace_free(trace);
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

/* ---- Text --------------------------------------------------------------- */

static const char lecture_utf8[] =
	"The lecture tree: MAX at the root, three MIN replies\n"
	"alpha-beta, fail-soft, cut on α ≥ β, order given; step 29 of 29\n"
	"\n"
	"A (MAX) = 3\n"
	"├─ B (MIN) = 3\n"
	"│  ├─ B1 = 3\n"
	"│  ├─ B2 = 12\n"
	"│  └─ B3 = 8\n"
	"├─ C (MIN) ≤ 2  ✂ cut: β = 2 ≤ α = 3\n"
	"│  ├─ C1 = 2\n"
	"│  ├─ C2 = 4  ✂ pruned\n"
	"│  └─ C3 = 6  ✂ pruned\n"
	"└─ D (MIN) = 2\n"
	"   ├─ D1 = 14\n"
	"   ├─ D2 = 5\n"
	"   └─ D3 = 2\n";

/* Mid-search, at the cutoff (step 15), in ASCII. */
static const char lecture_ascii_step15[] =
	"The lecture tree: MAX at the root, three MIN replies\n"
	"alpha-beta, fail-soft, cut on alpha >= beta, order given; step 15 of 29\n"
	"\n"
	"A (MAX) >= 3  [alpha, beta] = [3, +inf]\n"
	"+- B (MIN) = 3\n"
	"|  +- B1 = 3\n"
	"|  +- B2 = 12\n"
	"|  `- B3 = 8\n"
	"+- C (MIN) <= 2  [alpha, beta] = [3, 2]  x cut: beta = 2 <= alpha = 3  <- now\n"
	"|  +- C1 = 2\n"
	"|  +- C2 = 4  x pruned\n"
	"|  `- C3 = 6  x pruned\n"
	"`- D (MIN)  (not reached yet)\n"
	"   +- D1 = 14  (not reached yet)\n"
	"   +- D2 = 5  (not reached yet)\n"
	"   `- D3 = 2  (not reached yet)\n";

START_TEST(text_lecture)
{
	struct ab_tree *tree = load("lecture");
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_str out = AB_STR_INIT;
	picture(tree, &config, SIZE_MAX, AB_EXPORT_TEXT, false, &out);
	ck_assert_str_eq(ab_str_cstr(&out), lecture_utf8);
	ab_str_clear(&out);
	picture(tree, &config, 15, AB_EXPORT_TEXT, true, &out);
	ck_assert_str_eq(ab_str_cstr(&out), lecture_ascii_step15);
	ab_str_free(&out);
	ab_tree_free(tree);
}
END_TEST

/* Minimax prunes nothing; the strict rule keeps C2 and C3 in reverse
 * order; best order prunes more. */
static const struct convention_case {
	struct ab_config config;
	size_t pruned_marks;
} convention_cases[] = {
	{ { AB_MINIMAX, false, false, AB_ORDER_GIVEN, 0, AB_ROOT_FROM_TREE, AB_CHANCE_AUTO, 0, false, AB_VIEW_MINIMAX }, 0 },
	{ { AB_ALPHABETA, false, false, AB_ORDER_GIVEN, 0, AB_ROOT_FROM_TREE, AB_CHANCE_AUTO, 0, false, AB_VIEW_MINIMAX }, 2 },
	{ { AB_ALPHABETA, true, false, AB_ORDER_GIVEN, 0, AB_ROOT_FROM_TREE, AB_CHANCE_AUTO, 0, false, AB_VIEW_MINIMAX }, 2 },
	{ { AB_ALPHABETA, false, true, AB_ORDER_REVERSE, 0, AB_ROOT_FROM_TREE, AB_CHANCE_AUTO, 0, false, AB_VIEW_MINIMAX }, 0 },
	{ { AB_ALPHABETA, false, false, AB_ORDER_BEST, 0, AB_ROOT_FROM_TREE, AB_CHANCE_AUTO, 0, false, AB_VIEW_MINIMAX }, 4 },
};

START_TEST(text_conventions)
{
	const struct convention_case *c = &convention_cases[_i];
	struct ab_tree *tree = load("lecture");
	struct ab_str out = AB_STR_INIT;
	picture(tree, &c->config, SIZE_MAX, AB_EXPORT_TEXT, true, &out);
	ck_assert_uint_eq(count(ab_str_cstr(&out), "x pruned"), c->pruned_marks);
	/* Children stay in the file's order whatever the search order. */
	const char *b = strstr(out.s, "B (MIN)"), *c_ = strstr(out.s, "C (MIN)"),
		   *d = strstr(out.s, "D (MIN)");
	ck_assert(b && c_ && d && b < c_ && c_ < d);
	ab_str_free(&out);
	ab_tree_free(tree);
}
END_TEST

/* ---- DOT ---------------------------------------------------------------- */

START_TEST(dot_lecture)
{
	struct ab_tree *tree = load("lecture");
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_str out = AB_STR_INIT;
	picture(tree, &config, SIZE_MAX, AB_EXPORT_DOT, false, &out);
	const char *dot = ab_str_cstr(&out);
	ck_assert_ptr_nonnull(strstr(dot, "ordering=out"));
	ck_assert_ptr_nonnull(strstr(dot, "n0 [shape=triangle, label=\"A\\n= 3\"]"));
	ck_assert_ptr_nonnull(strstr(dot, "n5 [shape=invtriangle, label=\"C\\n≤ 2\\n✂ β = 2 ≤ α = 3\"]"));
	ck_assert_ptr_nonnull(strstr(dot, "n5 -> n7 [style=dashed, color=gray60, fontcolor=gray40, label=\"✂\"]"));
	ck_assert_ptr_nonnull(strstr(dot, "n5 -> n8 [style=dashed, color=gray60, fontcolor=gray40, label=\"✂\"]"));
	ck_assert_uint_eq(count(dot, "style=dashed"), 4); /* 2 nodes, 2 edges */
	/* Edges in child order: C's kids after B's, before D's. */
	ck_assert(strstr(dot, "n0 -> n1;") < strstr(dot, "n0 -> n5;"));
	ck_assert(strstr(dot, "n0 -> n5;") < strstr(dot, "n0 -> n9;"));
	ab_str_free(&out);
	ab_tree_free(tree);
}
END_TEST

/* Every node once, every edge once, on bundled and random trees, at every
 * tenth step; quotes in a title stay escaped; the text and TikZ pictures
 * have a line per node. */
START_TEST(dot_shape)
{
	struct ab_config config = AB_CONFIG_DEFAULT;
	for (unsigned i = 0; i < NBUNDLED + 40; i++) {
		struct ab_tree *tree;
		if (i < NBUNDLED) {
			tree = load(bundled[i]);
		} else {
			struct ab_rng rng;
			ab_rng_seed(&rng, 1000 + i);
			struct randtree_shape shape = { 1, 4, 4, false, -9, 9, false };
			tree = randtree(&rng, &shape);
		}
		ab_tree_set_title(tree, "a \"quoted\" \\ title");
		struct ab_trace *trace = ab_trace_record(tree, &config);
		for (size_t step = 0; step <= trace->length; step += 10) {
			ab_trace_seek(trace, step);
			struct ab_str out = AB_STR_INIT;
			struct ab_export_options opt = { .format = AB_EXPORT_DOT };
			ab_export(trace, &opt, &out);
			ck_assert_uint_eq(count(out.s, " [shape="), tree->count);
			ck_assert_uint_eq(count(out.s, " -> "), tree->count - 1);
			ck_assert_ptr_nonnull(strstr(out.s, "a \\\"quoted\\\" \\\\ title"));
			ab_str_clear(&out);
			opt.format = AB_EXPORT_TEXT;
			ab_export(trace, &opt, &out);
			ck_assert_uint_eq(count(out.s, "\n"), tree->count + 3);
			ab_str_clear(&out);
			opt.format = AB_EXPORT_TIKZ;
			ab_export(trace, &opt, &out);
			ck_assert_uint_eq(count(out.s, "[{"), tree->count);
			ab_str_free(&out);
		}
		ab_trace_free(trace);
		ab_tree_free(tree);
	}
}
END_TEST

/* A chain 3000 levels deep (labelled, as paths this deep are long
 * names themselves): lines stay short. */
START_TEST(deep_tree)
{
	struct ab_str text = AB_STR_INIT;
	for (int i = 0; i < 3000; i++)
		ab_str_addf(&text, "N%d[1 ", i);
	ab_str_add(&text, "2");
	for (int i = 0; i < 3000; i++)
		ab_str_add(&text, "]");
	struct ab_diag diag;
	struct ab_tree *tree = ab_load_expr(text.s, &diag);
	ck_assert_msg(tree, "%s", diag.message);
	struct ab_config config = AB_CONFIG_DEFAULT;
	for (int f = AB_EXPORT_DOT; f <= AB_EXPORT_TEXT; f++) {
		struct ab_str out = AB_STR_INIT;
		picture(tree, &config, SIZE_MAX, (enum ab_export_format)f, false, &out);
		ck_assert_uint_lt(out.len, 200u * tree->count);
		if (f == AB_EXPORT_TEXT)
			ck_assert_ptr_nonnull(strstr(out.s, "(+2961) ├─ N2999.1 = 1"));
		ab_str_free(&out);
	}
	ab_tree_free(tree);
	ab_str_free(&text);
}
END_TEST

static bool have_program(const char *name)
{
	const char *path = getenv("PATH");
	if (!path)
		return false;
	char *copy = strdup(path), *save = NULL;
	bool found = false;
	for (char *dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		char full[4096];
		snprintf(full, sizeof full, "%s/%s", dir, name);
		found = access(full, X_OK) == 0;
	}
	free(copy);
	return found;
}

static char *temp_dir(void)
{
	char *dir = strdup("/tmp/abtrace-export-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	return dir;
}

static void remove_dir(const char *dir)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static void write_text(const char *path, const struct ab_str *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text->s, 1, text->len, f), text->len);
	ck_assert_int_eq(fclose(f), 0);
}

/* Graphviz renders every bundled tree at the start, mid-search and end. */
START_TEST(dot_renders)
{
	if (!have_program("dot")) {
		printf("dot_renders: skipped, Graphviz's dot is not installed\n");
		return;
	}
	char *dir = temp_dir();
	struct ab_config config = AB_CONFIG_DEFAULT;
	for (unsigned i = 0; i < NBUNDLED; i++) {
		struct ab_tree *tree = load(bundled[i]);
		struct ab_trace *trace = ab_trace_record(tree, &config);
		size_t steps[] = { 0, trace->length / 2, trace->length };
		for (unsigned s = 0; s < 3; s++) {
			ab_trace_seek(trace, steps[s]);
			struct ab_str out = AB_STR_INIT, path = AB_STR_INIT, cmd = AB_STR_INIT;
			struct ab_export_options opt = { .format = AB_EXPORT_DOT };
			ab_export(trace, &opt, &out);
			ab_str_addf(&path, "%s/%s-%u.dot", dir, bundled[i], s);
			write_text(path.s, &out);
			ab_str_addf(&cmd, "dot -Tsvg '%s' -o '%s.svg' 2>&1", path.s, path.s);
			ck_assert_msg(system(cmd.s) == 0, "dot failed on %s", path.s);
			struct stat st;
			ab_str_add(&path, ".svg");
			ck_assert_int_eq(stat(path.s, &st), 0);
			ck_assert_int_gt(st.st_size, 500);
			ab_str_free(&out);
			ab_str_free(&path);
			ab_str_free(&cmd);
		}
		ab_trace_free(trace);
		ab_tree_free(tree);
	}
	remove_dir(dir);
	free(dir);
}
END_TEST

/* ---- TikZ --------------------------------------------------------------- */

START_TEST(tikz_marks)
{
	struct ab_tree *tree = load("lecture");
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_str out = AB_STR_INIT;
	picture(tree, &config, SIZE_MAX, AB_EXPORT_TIKZ, false, &out);
	const char *tex = ab_str_cstr(&out);
	ck_assert_ptr_nonnull(strstr(tex, "\\begin{forest}"));
	ck_assert_ptr_null(strstr(tex, "\\documentclass"));
	ck_assert_ptr_nonnull(strstr(tex, "[{$\\le 2$}, ab min, label={[ab name]left:{C}}"));
	ck_assert_uint_eq(count(tex, "ab pruned, edge label={node[ab mark]{\\abcut}}"), 2);
	ck_assert_ptr_nonnull(strstr(tex, "C: \\abcut\\ $\\beta = 2 \\le \\alpha = 3$"));
	/* One node per tree node, each opened on a line of its own. */
	ck_assert_uint_eq(count(tex, "\n    [{") + count(tex, "\n      [{") +
			  count(tex, "\n  [{"), tree->count);
	ab_str_free(&out);
	ab_tree_free(tree);
}
END_TEST

static bool have_tex_forest(void)
{
	return have_program("pdflatex") && have_program("kpsewhich") &&
	       system("kpsewhich forest.sty >/dev/null 2>&1 && "
		      "kpsewhich environ.sty >/dev/null 2>&1") == 0;
}

START_TEST(tikz_compiles)
{
	if (!have_tex_forest()) {
		printf("tikz_compiles: skipped, pdflatex with the forest package is not installed\n");
		return;
	}
	char *dir = temp_dir();
	static const struct { const char *tree; int step; } pictures[] = {
		{ "lecture", -1 }, { "deep-cutoff", 16 }, { "seed002", -1 }, { "uneven", 7 },
	};
	for (unsigned i = 0; i < sizeof pictures / sizeof pictures[0]; i++) {
		struct ab_tree *tree = load(pictures[i].tree);
		struct ab_config config = AB_CONFIG_DEFAULT;
		struct ab_trace *trace = ab_trace_record(tree, &config);
		ab_trace_seek(trace, pictures[i].step < 0 ? trace->length : (size_t)pictures[i].step);
		struct ab_str out = AB_STR_INIT, path = AB_STR_INIT, cmd = AB_STR_INIT;
		struct ab_export_options opt = { .format = AB_EXPORT_TIKZ, .standalone = true };
		ab_export(trace, &opt, &out);
		ab_str_addf(&path, "%s/pic%u.tex", dir, i);
		write_text(path.s, &out);
		ab_str_addf(&cmd, "cd '%s' && pdflatex -interaction=nonstopmode -halt-on-error "
			    "pic%u.tex >/dev/null 2>&1", dir, i);
		ck_assert_msg(system(cmd.s) == 0, "pdflatex failed on %s (see %s/pic%u.log)",
			      pictures[i].tree, dir, i);
		ab_str_clear(&path);
		ab_str_addf(&path, "%s/pic%u.pdf", dir, i);
		ck_assert_int_eq(access(path.s, R_OK), 0);
		ab_str_free(&out);
		ab_str_free(&path);
		ab_str_free(&cmd);
		ab_trace_free(trace);
		ab_tree_free(tree);
	}
	remove_dir(dir);
	free(dir);
}
END_TEST

/* ---- The command ---------------------------------------------------------- */

static const struct cli_case {
	const char *const *args;
	int status;
	const char *out, *err;
} cli_cases[] = {
	{ ARGS("export", "--text", "lecture"), 0, "C2 = 4  ✂ pruned", NULL },
	{ ARGS("export", "--text", "--ascii", "lecture"), 0, "C3 = 6  x pruned", NULL },
	{ ARGS("export", "--text", "--step", "0", "-e", "[1,2]"), 0, "step 0 of", NULL },
	{ ARGS("export", "--text", "--algo", "minimax", "--root", "min", "lecture"), 0,
	  "A (MIN) = 6", NULL },
	{ ARGS("export", "--dot", "--fail-hard", "lecture"), 0, "digraph abtrace", NULL },
	{ ARGS("export", "--tikz", "--standalone", "lecture"), 0, "\\documentclass", NULL },
	{ ARGS("export", "lecture"), 2, NULL, "--dot, --tikz or --text" },
	{ ARGS("export", "--dot", "--text", "lecture"), 2, NULL, "choose one" },
	{ ARGS("export", "--dot", "--standalone", "lecture"), 2, NULL, "--standalone goes with --tikz" },
	{ ARGS("export", "--text", "--step", "30", "lecture"), 2, NULL, "has 29 steps" },
	{ ARGS("export", "--text", "--step", "-1", "lecture"), 2, NULL, "--step takes" },
	{ ARGS("export", "--text", "--step", "x", "lecture"), 2, NULL, "--step takes" },
	{ ARGS("export", "--text", "-e", "[1,"), 2, NULL, "error:" },
	{ ARGS("trace", "--step", "3", "lecture"), 2, NULL, "option '--step' does not apply" },
	{ ARGS("trace", "-o", "x", "lecture"), 2, NULL, "option '-o' does not apply" },
};

START_TEST(cli)
{
	const struct cli_case *c = &cli_cases[_i];
	struct run_result r = run_abtrace(NULL, c->args);
	ck_assert_int_eq(r.signal, 0);
	ck_assert_msg(r.status == c->status, "%s: status %d, stderr %s", c->args[1],
		      r.status, ab_str_cstr(&r.err));
	if (c->out)
		ck_assert_msg(strstr(ab_str_cstr(&r.out), c->out), "no '%s' in %s", c->out,
			      ab_str_cstr(&r.out));
	if (c->err)
		ck_assert_msg(strstr(ab_str_cstr(&r.err), c->err), "no '%s' in %s", c->err,
			      ab_str_cstr(&r.err));
	run_result_free(&r);
}
END_TEST

static unsigned entries(const char *dir)
{
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	unsigned n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* -o writes what standard output would get, replaces an old file whole,
 * and on failure exits 2 leaving nothing behind. */
START_TEST(output_atomic)
{
	char *dir = temp_dir();
	struct ab_str path = AB_STR_INIT;
	ab_str_addf(&path, "%s/lecture.txt", dir);
	FILE *old = fopen(path.s, "w");
	ck_assert_ptr_nonnull(old);
	fputs("an old file, much longer than nothing at all\n", old);
	fclose(old);

	struct run_result shown = run_abtrace(NULL, ARGS("export", "--text", "lecture"));
	struct run_result r = run_abtrace(NULL, ARGS("export", "--text", "-o", path.s, "lecture"));
	ck_assert_int_eq(r.status, 0);
	ck_assert_uint_eq(r.out.len, 0);
	struct ab_diag diag;
	size_t len;
	char *written = ab_read_file(path.s, 1 << 20, &len, &diag);
	ck_assert_ptr_nonnull(written);
	ck_assert_str_eq(written, ab_str_cstr(&shown.out));
	free(written);
	ck_assert_uint_eq(entries(dir), 1);
	run_result_free(&r);
	run_result_free(&shown);

	/* A target that is a directory: the rename fails after the whole
	 * temporary file was written; it must be gone. */
	struct ab_str sub = AB_STR_INIT;
	ab_str_addf(&sub, "%s/adir", dir);
	ck_assert_int_eq(mkdir(sub.s, 0700), 0);
	r = run_abtrace(NULL, ARGS("export", "--dot", "-o", sub.s, "lecture"));
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.err), "cannot write"));
	ck_assert_uint_eq(entries(dir), 2);
	ck_assert_uint_eq(entries(sub.s), 0);
	run_result_free(&r);

	/* A directory that does not exist, and one that is a file. */
	ab_str_clear(&sub);
	ab_str_addf(&sub, "%s/missing/out.dot", dir);
	r = run_abtrace(NULL, ARGS("export", "--dot", "-o", sub.s, "lecture"));
	ck_assert_int_eq(r.status, 2);
	run_result_free(&r);
	ab_str_clear(&sub);
	ab_str_addf(&sub, "%s/lecture.txt/out.dot", dir);
	r = run_abtrace(NULL, ARGS("export", "--dot", "-o", sub.s, "lecture"));
	ck_assert_int_eq(r.status, 2);
	run_result_free(&r);
	ck_assert_uint_eq(entries(dir), 2);

	/* An unwritable directory (permissions do not stop root). */
	if (geteuid() != 0) {
		ab_str_clear(&sub);
		ab_str_addf(&sub, "%s/adir", dir);
		ck_assert_int_eq(chmod(sub.s, 0500), 0);
		ab_str_add(&sub, "/out.dot");
		r = run_abtrace(NULL, ARGS("export", "--dot", "-o", sub.s, "lecture"));
		ck_assert_int_eq(r.status, 2);
		run_result_free(&r);
		ab_str_clear(&sub);
		ab_str_addf(&sub, "%s/adir", dir);
		ck_assert_uint_eq(entries(sub.s), 0);
		chmod(sub.s, 0700);
	}
	/* A read-only file system answers root too. */
	r = run_abtrace(NULL, ARGS("export", "--dot", "-o", "/proc/abtrace-export.dot", "lecture"));
	ck_assert_int_eq(r.status, 2);
	run_result_free(&r);

	ab_str_free(&sub);
	ab_str_free(&path);
	remove_dir(dir);
	free(dir);
}
END_TEST

static Suite *export_suite(void)
{
	Suite *s = suite_create("export");
	TCase *tc = tcase_create("export");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, text_lecture);
	tcase_add_loop_test(tc, text_conventions, 0,
			    sizeof convention_cases / sizeof convention_cases[0]);
	tcase_add_test(tc, dot_lecture);
	tcase_add_test(tc, dot_shape);
	tcase_add_test(tc, deep_tree);
	tcase_add_test(tc, dot_renders);
	tcase_add_test(tc, tikz_marks);
	tcase_add_test(tc, tikz_compiles);
	tcase_add_loop_test(tc, cli, 0, sizeof cli_cases / sizeof cli_cases[0]);
	tcase_add_test(tc, output_atomic);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(export_suite());
}
