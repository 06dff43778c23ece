/* test_export.c - the DOT, TikZ and text pictures, and `abtrace export`.
 *
 * The text picture of the lecture tree is compared with a drawing made by
 * hand.  DOT is rendered by Graphviz and TikZ compiled by pdflatex when
 * those are installed; without them those tests say so and pass.
 */
#define _GNU_SOURCE /* unshare() */
#include <check.h>
#include <dirent.h>
#include <poll.h>
#include <sched.h>
#include <sys/inotify.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/sysmacros.h>
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

/* The lecture picture as standard output gets it, to compare with. */
static char *lecture_dot(void)
{
	struct run_result r = run_abtrace(NULL, ARGS("export", "--dot", "lecture"));
	ck_assert_int_eq(r.status, 0);
	char *text = ab_xstrdup(ab_str_cstr(&r.out));
	run_result_free(&r);
	return text;
}

static char *slurp(const char *path)
{
	struct ab_diag diag;
	size_t len;
	char *text = ab_read_file(path, 1 << 26, &len, &diag);
	ck_assert_msg(text, "%s: %s", path, diag.message);
	return text;
}

static void put_file(const char *path, const char *text, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	ck_assert_int_eq(chmod(path, mode), 0);
}

/* -o through a symlink replaces the file it points to and keeps the link;
 * a dangling link creates its target; the old file's mode is kept; a
 * hard-linked file is written in place (every name sees the new text, the
 * inode stays); the file standard output goes to is written through it. */
START_TEST(output_through_links)
{
	char *dir = temp_dir();
	char *want = lecture_dot();
	struct ab_str file = AB_STR_INIT, lnk = AB_STR_INIT, other = AB_STR_INIT;
	ab_str_addf(&file, "%s/private.dot", dir);
	ab_str_addf(&lnk, "%s/link.dot", dir);
	put_file(file.s, "old\n", 0600);
	ck_assert_int_eq(symlink("private.dot", lnk.s), 0);
	struct run_result r = run_abtrace(NULL, ARGS("export", "--dot", "-o", lnk.s, "lecture"));
	ck_assert_msg(r.status == 0, "%s", ab_str_cstr(&r.err));
	run_result_free(&r);
	struct stat st;
	ck_assert_int_eq(lstat(lnk.s, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_int_eq(stat(file.s, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0600);
	char *got = slurp(file.s);
	ck_assert_str_eq(got, want);
	free(got);
	ck_assert_uint_eq(entries(dir), 2);

	/* A 0640 file written directly keeps 0640 too. */
	ck_assert_int_eq(chmod(file.s, 0640), 0);
	r = run_abtrace(NULL, ARGS("export", "--text", "-o", file.s, "lecture"));
	ck_assert_int_eq(r.status, 0);
	run_result_free(&r);
	ck_assert_int_eq(stat(file.s, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0640);

	/* A dangling link: its target is created, the link stays. */
	ab_str_addf(&other, "%s/dangling.dot", dir);
	ck_assert_int_eq(symlink("made-by-abtrace.dot", other.s), 0);
	r = run_abtrace(NULL, ARGS("export", "--dot", "-o", other.s, "lecture"));
	ck_assert_msg(r.status == 0, "%s", ab_str_cstr(&r.err));
	run_result_free(&r);
	ck_assert_int_eq(lstat(other.s, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	got = slurp(other.s);
	ck_assert_str_eq(got, want);
	free(got);

	/* A hard link: written in place, both names the same new file. */
	ab_str_clear(&other);
	ab_str_addf(&other, "%s/hard.dot", dir);
	ck_assert_int_eq(link(file.s, other.s), 0);
	struct stat before;
	ck_assert_int_eq(stat(file.s, &before), 0);
	r = run_abtrace(NULL, ARGS("export", "--dot", "-o", other.s, "lecture"));
	ck_assert_msg(r.status == 0, "%s", ab_str_cstr(&r.err));
	run_result_free(&r);
	ck_assert_int_eq(stat(other.s, &st), 0);
	ck_assert_uint_eq(st.st_ino, before.st_ino);
	ck_assert_uint_eq(st.st_nlink, 2);
	got = slurp(file.s);
	ck_assert_str_eq(got, want);
	free(got);

	/* -o /dev/stdout: into standard output (a file here), not over it. */
	r = run_abtrace(NULL, ARGS("export", "--dot", "-o", "/dev/stdout", "lecture"));
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(ab_str_cstr(&r.out), want);
	run_result_free(&r);

	free(want);
	ab_str_free(&file);
	ab_str_free(&lnk);
	ab_str_free(&other);
	remove_dir(dir);
	free(dir);
}
END_TEST

/* A FIFO is written, not replaced by a file. */
START_TEST(output_fifo)
{
	char *dir = temp_dir();
	char *want = lecture_dot();
	struct ab_str fifo = AB_STR_INIT, copy = AB_STR_INIT;
	ab_str_addf(&fifo, "%s/pipe", dir);
	ab_str_addf(&copy, "%s/copy", dir);
	ck_assert_int_eq(mkfifo(fifo.s, 0600), 0);
	fflush(NULL);
	pid_t reader = fork();
	if (reader == 0) {
		/* cat pipe > copy (an exec: under valgrind a bare child would
		 * report the test's own memory at its exit) */
		execlp("sh", "sh", "-c", "exec cat \"$1\" > \"$2\"", "sh", fifo.s, copy.s,
		       (char *)NULL);
		_exit(127);
	}
	struct run_result r = run_abtrace(NULL, ARGS("export", "--dot", "-o", fifo.s, "lecture"));
	ck_assert_msg(r.status == 0, "%s", ab_str_cstr(&r.err));
	run_result_free(&r);
	int wstatus;
	ck_assert_int_eq(waitpid(reader, &wstatus, 0), reader);
	ck_assert(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0);
	struct stat st;
	ck_assert_int_eq(lstat(fifo.s, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	char *got = slurp(copy.s);
	ck_assert_str_eq(got, want);
	free(got);
	ck_assert_uint_eq(entries(dir), 2);
	free(want);
	ab_str_free(&fifo);
	ab_str_free(&copy);
	remove_dir(dir);
	free(dir);
}
END_TEST

/* Starts abtrace (never under the wrapper) with standard output and error
 * to errfd (or /dev/null), and a file size limit when fsize > 0. */
static pid_t spawn(const char *const *args, long fsize, int errfd)
{
	char *words;
	char **argv = run_argv(args, true, &words);
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		dup2(null, 0);
		dup2(errfd >= 0 ? errfd : null, 1);
		dup2(errfd >= 0 ? errfd : null, 2);
		struct rlimit none = { 0, 0 };
		setrlimit(RLIMIT_CORE, &none);
		if (fsize > 0) {
			struct rlimit lim = { (rlim_t)fsize, (rlim_t)fsize };
			setrlimit(RLIMIT_FSIZE, &lim);
		}
		signal(SIGPIPE, SIG_DFL);
		execvp(argv[0], argv);
		_exit(127);
	}
	free(argv);
	free(words);
	return pid;
}

/* A file size limit (ulimit -f): EFBIG is reported, exit 2, the old file
 * stays whole and no temporary file is left. */
START_TEST(output_too_large)
{
	char *dir = temp_dir();
	struct ab_str file = AB_STR_INIT, err = AB_STR_INIT;
	ab_str_addf(&file, "%s/out.dot", dir);
	ab_str_addf(&err, "%s/../abtrace-efbig-%d", dir, (int)getpid());
	put_file(file.s, "old\n", 0644);
	int errfd = open(err.s, O_RDWR | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(errfd, 0);
	pid_t pid = spawn(ARGS("export", "--dot", "-o", file.s, "lecture"), 512, errfd);
	int wstatus;
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	ck_assert_msg(WIFEXITED(wstatus), "killed by signal %d", WTERMSIG(wstatus));
	ck_assert_int_eq(WEXITSTATUS(wstatus), 2);
	struct ab_str msg = AB_STR_INIT;
	slurp_fd(errfd, &msg);
	close(errfd);
	unlink(err.s);
	ck_assert_msg(strstr(ab_str_cstr(&msg), "File too large"), "%s", ab_str_cstr(&msg));
	char *got = slurp(file.s);
	ck_assert_str_eq(got, "old\n");
	free(got);
	ck_assert_uint_eq(entries(dir), 1);
	ab_str_free(&msg);
	ab_str_free(&file);
	ab_str_free(&err);
	remove_dir(dir);
	free(dir);
}
END_TEST

/* SIGINT, SIGTERM, SIGHUP or SIGQUIT while the temporary file is being
 * written: it is removed, and the program ends by that signal (128 + n to
 * a shell).  The signal is sent as soon as inotify sees the temporary
 * file appear; an attempt where the write finished first is tried again. */
static const int write_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

START_TEST(output_signal_removes_temp)
{
	int sig = write_signals[_i];
	char *dir = temp_dir();
	struct ab_str tree = AB_STR_INIT, out = AB_STR_INIT, text = AB_STR_INIT;
	ab_str_addf(&tree, "%s/../abtrace-wide-%d-%d.tree", dir, (int)getpid(), _i);
	ab_str_addf(&out, "%s/big.dot", dir);
	ab_str_addc(&text, '[');
	for (int i = 0; i < 1000000; i++)
		ab_str_addf(&text, "%d ", i % 97);
	ab_str_add(&text, "]\n");
	put_file(tree.s, text.s, 0644);
	ab_str_free(&text);
	bool caught = false;
	for (int attempt = 0; attempt < 8 && !caught; attempt++) {
		int in = inotify_init1(IN_CLOEXEC);
		ck_assert_int_ge(in, 0);
		ck_assert_int_ge(inotify_add_watch(in, dir, IN_CREATE), 0);
		pid_t pid = spawn(ARGS("export", "--dot", "-o", out.s, tree.s), 0, -1);
		struct pollfd pfd = { .fd = in, .events = POLLIN };
		bool sent = false;
		while (!sent && poll(&pfd, 1, 60000) > 0) {
			char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
			ssize_t n = read(in, buf, sizeof buf);
			for (ssize_t at = 0; at < n && !sent;) {
				const struct inotify_event *ev = (const void *)(buf + at);
				if (ev->len && ev->name[0] == '.') {
					kill(pid, sig);
					sent = true;
				}
				at += (ssize_t)(sizeof *ev + ev->len);
			}
		}
		close(in);
		int wstatus;
		ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
		if (WIFSIGNALED(wstatus)) {
			ck_assert_int_eq(WTERMSIG(wstatus), sig);
			caught = true;
		} else {
			ck_assert_msg(WEXITSTATUS(wstatus) == 0, "status %d", WEXITSTATUS(wstatus));
		}
		/* Nothing hidden left behind, whichever way it ended. */
		DIR *d = opendir(dir);
		struct dirent *e;
		while ((e = readdir(d)))
			ck_assert_msg(e->d_name[0] != '.' || !strcmp(e->d_name, ".") ||
				      !strcmp(e->d_name, ".."), "left behind: %s", e->d_name);
		closedir(d);
		unlink(out.s);
	}
	ck_assert_msg(caught, "the write always finished before signal %d arrived", sig);
	unlink(tree.s);
	ab_str_free(&tree);
	ab_str_free(&out);
	remove_dir(dir);
	free(dir);
}
END_TEST

/* Devices, only in a private mount namespace on a tmpfs of our own (never
 * the real /dev): /dev/full's ENOSPC is reported with exit 2 and the node
 * stays a device; /dev/null is written and stays a device; a full file
 * system leaves the old file whole and no temporary file.  Needs root
 * (unshare, mount, mknod); skipped with a note otherwise. */
static int devices_child(const char *dir)
{
	if (unshare(CLONE_NEWNS) != 0) {
		fprintf(stderr, "unshare: %s\n", strerror(errno));
		return 77;
	}
	if (mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) != 0 ||
	    mount("abtrace-test", dir, "tmpfs", 0, "size=64k") != 0) {
		fprintf(stderr, "mount: %s\n", strerror(errno));
		return 77;
	}
	char full[512], null[512], keep[512], fill[512];
	snprintf(full, sizeof full, "%s/full", dir);
	snprintf(null, sizeof null, "%s/null", dir);
	snprintf(keep, sizeof keep, "%s/keep", dir);
	snprintf(fill, sizeof fill, "%s/fill", dir);
	if (mknod(full, S_IFCHR | 0666, makedev(1, 7)) != 0 ||
	    mknod(null, S_IFCHR | 0666, makedev(1, 3)) != 0) {
		fprintf(stderr, "mknod: %s\n", strerror(errno));
		return 77;
	}
	struct run_result r = run_abtrace(NULL, ARGS("export", "--dot", "-o", full, "lecture"));
	if (r.status != 2 || !strstr(ab_str_cstr(&r.err), "No space left on device")) {
		fprintf(stderr, "-o full: status %d, %s\n", r.status, ab_str_cstr(&r.err));
		return 1;
	}
	run_result_free(&r);
	r = run_abtrace(NULL, ARGS("export", "--dot", "-o", null, "lecture"));
	if (r.status != 0) {
		fprintf(stderr, "-o null: status %d, %s\n", r.status, ab_str_cstr(&r.err));
		return 1;
	}
	run_result_free(&r);
	struct stat st;
	if (stat(full, &st) != 0 || !S_ISCHR(st.st_mode) || stat(null, &st) != 0 ||
	    !S_ISCHR(st.st_mode)) {
		fprintf(stderr, "a device node was replaced\n");
		return 1;
	}
	int fd = open(keep, O_WRONLY | O_CREAT, 0644);
	if (fd < 0 || write(fd, "old\n", 4) != 4 || close(fd) != 0)
		return 1;
	/* Fill the file system. */
	fd = open(fill, O_WRONLY | O_CREAT, 0644);
	static const char block[4096];
	while (write(fd, block, sizeof block) > 0)
		;
	close(fd);
	r = run_abtrace(NULL, ARGS("export", "--dot", "-o", keep, "lecture"));
	if (r.status != 2 || !strstr(ab_str_cstr(&r.err), "No space left on device")) {
		fprintf(stderr, "-o on a full disk: status %d, %s\n", r.status, ab_str_cstr(&r.err));
		return 1;
	}
	run_result_free(&r);
	char buf[16] = "";
	fd = open(keep, O_RDONLY);
	if (fd < 0 || read(fd, buf, sizeof buf - 1) != 4 || strcmp(buf, "old\n") != 0) {
		fprintf(stderr, "the old file was not kept: '%s'\n", buf);
		return 1;
	}
	close(fd);
	DIR *d = opendir(dir);
	struct dirent *e;
	while ((e = readdir(d)))
		if (e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			fprintf(stderr, "left behind: %s\n", e->d_name);
			return 1;
		}
	closedir(d);
	return 0;
}

START_TEST(output_devices)
{
	char *dir = temp_dir();
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0)
		_exit(devices_child(dir));
	int wstatus;
	ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
	ck_assert(WIFEXITED(wstatus));
	if (WEXITSTATUS(wstatus) == 77)
		printf("output_devices: skipped, no private mount namespace here "
		       "(needs root: unshare, mount, mknod)\n");
	else
		ck_assert_msg(WEXITSTATUS(wstatus) == 0, "the device checks failed (above)");
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
	tcase_add_test(tc, output_through_links);
	tcase_add_test(tc, output_fifo);
	tcase_add_test(tc, output_too_large);
	tcase_add_loop_test(tc, output_signal_removes_temp, 0,
			    sizeof write_signals / sizeof write_signals[0]);
	tcase_add_test(tc, output_devices);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(export_suite());
}
