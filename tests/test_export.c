/* test_export.c - the DOT, TikZ, SVG and text pictures, their shared
 * geometry, the frames of an animation, and `abtrace export`.
 *
 * The text picture of the lecture tree is compared with a drawing made by
 * hand.  The render tests draw four trees (the lecture tree, a deep
 * cutoff, a wide 5 x 5 x 3 tree and one with Greek, accented and Chinese
 * names) in every format to PNG: DOT with Graphviz, TikZ with pdflatex or
 * lualatex and pdftoppm (the PDF page must be cropped to the picture), SVG
 * with rsvg-convert after python3 has parsed it as XML; beamer frames must
 * compile into one page per frame.  A test whose tool is missing says so
 * and passes.  With $ABTRACE_RENDER_DIR set the PNGs are kept there, to be
 * looked at.
 */
#define _GNU_SOURCE /* files.h: unshare() */
#include <check.h>
#include <dirent.h>
#include <sys/resource.h>
#include <sys/sysmacros.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "views/export.h"
#include "sources/game.h"
#include "sources/load.h"
#include "views/scene.h"
#include "views/tex.h"
#include "sources/random.h"
#include "randtree.h"
#include "files.h"
#include "runprog.h"
#include "testutil.h"
#include "core/trace.h"

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* Every bundled tree (testutil.h). */
#define NBUNDLED ab_test_nbundled()

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
	struct ab_tree *tree = tree_ok("lecture");
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
	{ { .algo = AB_MINIMAX }, 0 },
	{ { .algo = AB_ALPHABETA }, 2 },
	{ { .algo = AB_ALPHABETA, .fail = AB_FAIL_HARD }, 2 },
	{ { .algo = AB_ALPHABETA, .strict = true, .order = AB_ORDER_REVERSE }, 0 },
	{ { .algo = AB_ALPHABETA, .order = AB_ORDER_BEST }, 4 },
};

START_TEST(text_conventions)
{
	const struct convention_case *c = &convention_cases[_i];
	struct ab_tree *tree = tree_ok("lecture");
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
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_str out = AB_STR_INIT;
	picture(tree, &config, SIZE_MAX, AB_EXPORT_DOT, false, &out);
	const char *dot = ab_str_cstr(&out);
	ck_assert_ptr_nonnull(strstr(dot, "ordering=out"));
	ck_assert_ptr_nonnull(strstr(dot, "splines=line"));
	ck_assert_ptr_nonnull(strstr(dot, "Noto Sans CJK SC"));
	/* Short labels: name and value; leaves without "= ".  Inner shapes
	 * all one size, their labels tables (the value's cell a port). */
	ck_assert_ptr_nonnull(strstr(dot, "n0 [shape=triangle, fixedsize=shape, width="));
	ck_assert_ptr_nonnull(strstr(dot, "<tr><td>A</td></tr><tr><td port=\"v\">= 3</td></tr>"));
	ck_assert_ptr_nonnull(strstr(dot, "<tr><td>C</td></tr><tr><td port=\"v\">≤ 2</td></tr>"));
	ck_assert_ptr_nonnull(strstr(dot, "n6 [shape=box, label=\"C1\\n2\"]"));
	/* The cut test in C's own label, under the shape on a white ground;
	 * no node of its own; a mark on each pruned edge; the edges from a
	 * MIN node leave from under its shape, not from its point. */
	ck_assert_ptr_nonnull(strstr(dot, "<tr><td bgcolor=\"white\"><font point-size=\"9\" "
					  "color=\"gray30\">✂ β = 2 ≤ α = 3</font></td></tr></table>>"));
	ck_assert_uint_eq(count(dot, "bgcolor=\"white\""), 1);
	ck_assert_ptr_null(strstr(dot, "note"));
	ck_assert_ptr_nonnull(strstr(dot, "n5 -> n7 [tailport=\"v:s\", label=<<font point-size=\"9\" "
					  "color=\"gray35\">✂</font>>, style=dashed"));
	ck_assert_ptr_nonnull(strstr(dot, "n5 -> n8 [tailport=\"v:s\", label=<<font point-size=\"9\" "
					  "color=\"gray35\">✂</font>>, style=dashed"));
	ck_assert_ptr_nonnull(strstr(dot, "n0 -> n5 [color=black]"));
	/* Pruned nodes greyed, filled, not dashed: a shape still. */
	ck_assert_ptr_nonnull(strstr(dot, "n7 [shape=box, label=\"C2\\n4\", style=filled, fillcolor=gray93"));
	ck_assert_uint_eq(count(dot, "style=dashed"), 2); /* the 2 pruned edges */
	/* Edges in child order: C's kids after B's, before D's. */
	ck_assert(strstr(dot, "n0 -> n1 ") < strstr(dot, "n0 -> n5 "));
	ck_assert(strstr(dot, "n0 -> n5 ") < strstr(dot, "n0 -> n9 "));
	ab_str_clear(&out);
	/* Mid-search: the windows in the notes too, a node not reached yet
	 * keeps a second line, so it is the size of the others. */
	picture(tree, &config, 15, AB_EXPORT_DOT, false, &out);
	dot = ab_str_cstr(&out);
	ck_assert_ptr_nonnull(strstr(dot, "color=\"gray30\">[3, +∞]</font></td></tr></table>>"));
	ck_assert_ptr_nonnull(strstr(dot, "color=\"gray30\">[3, 2]</font></td></tr><tr><td bgcolor=\"white\">"
					  "<font point-size=\"9\" color=\"gray30\">✂ β = 2 ≤ α = 3</font>"));
	ck_assert_ptr_nonnull(strstr(dot, "n0 -> n5 [penwidth=2.5]"));
	ck_assert_ptr_nonnull(strstr(dot, "<tr><td>D</td></tr><tr><td port=\"v\"> </td></tr>"));
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
			tree = tree_ok(ab_test_bundled(NULL)[i]);
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
			ck_assert_uint_eq(count(out.s, "\n  % leaf\n") + count(out.s, "\n  % MAX\n") +
					  count(out.s, "\n  % MIN\n") + count(out.s, "\n  % chance\n"),
					  tree->count);
			ck_assert_uint_eq(trace->step, step); /* left where it was */
			ab_str_clear(&out);
			opt.format = AB_EXPORT_SVG;
			ab_export(trace, &opt, &out);
			ck_assert_uint_eq(count(out.s, "<g id=\"n"), tree->count);
			ck_assert_uint_eq(count(out.s, "<g class=\"edge"), tree->count - 1);
			ck_assert_uint_eq(count(out.s, "<g"), count(out.s, "</g>"));
			ck_assert_uint_eq(count(out.s, "<text"), count(out.s, "</text>"));
			ck_assert_ptr_nonnull(strstr(out.s, "a &quot;quoted&quot; \\ title"));
			ck_assert_uint_eq(count(out.s, "class=\"node leaf"), tree->leaves);
			ab_str_free(&out);
		}
		ab_trace_free(trace);
		ab_tree_free(tree);
	}
}
END_TEST

/* The size of node n's shape in a DOT picture: its width and height
 * in inches and whether it is a circle (false: a triangle). */
static void dot_size_of(const char *dot, uint32_t n, double *w, double *h, bool *circle)
{
	char key[32];
	snprintf(key, sizeof key, "\tn%u [shape=", n);
	const char *p = strstr(dot, key);
	ck_assert_ptr_nonnull(p);
	*circle = strncmp(p + strlen(key), "circle", 6) == 0;
	p = strstr(p, "width=");
	ck_assert_ptr_nonnull(p);
	*w = strtod(p + 6, NULL);
	p = strstr(p, "height=");
	ck_assert_ptr_nonnull(p);
	*h = strtod(p + 7, NULL);
}

/* DOT sizes its triangles and its circles apart: a chance node's long
 * value (an interval, "in [4.2, 7.2]") no longer makes every triangle
 * four inches wide, and a circle holds its own name and value without
 * growing past them.  Every shape of a kind is the same size. */
START_TEST(dot_shape_sizes)
{
	static const char *const trees[] = { "expectimax", "dice", "two-ghosts", "lecture" };
	struct ab_config config = AB_CONFIG_DEFAULT;
	for (unsigned t = 0; t < sizeof trees / sizeof trees[0]; t++) {
		struct ab_tree *tree = tree_ok(trees[t]);
		struct ab_trace *trace = ab_trace_record(tree, &config);
		for (size_t step = 0; step <= trace->length; step += trace->length / 4 + 1) {
			ab_trace_seek(trace, step);
			struct ab_str dot = AB_STR_INIT, s = AB_STR_INIT;
			struct ab_export_options opt = { .format = AB_EXPORT_DOT };
			ab_export(trace, &opt, &dot);
			double tri_w = -1.0, circle_d = -1.0, widest_tri = 0.0, widest_chance = 0.0;
			for (uint32_t n = 0; n < tree->count; n++) {
				if (ab_is_leaf(tree, n))
					continue;
				struct ab_node_view v;
				ab_node_view(trace, n, &v);
				ab_str_clear(&s);
				ab_node_value_text(&v, &ab_glyphs_picture, &s);
				double lw = ab_scene_text_width(ab_str_cstr(&s), 11.0);
				ab_str_clear(&s);
				ab_tree_name(tree, n, &s);
				double nw = ab_scene_text_width(ab_str_cstr(&s), 11.0);
				if (lw < nw)
					lw = nw;
				double w, h;
				bool circle;
				dot_size_of(dot.s, n, &w, &h, &circle);
				ck_assert(circle == (v.shape == AB_SHAPE_CHANCE));
				if (circle) {
					ck_assert_double_eq_tol(w, h, 1e-9);
					ck_assert(circle_d < 0.0 || w == circle_d);
					circle_d = w;
					if (lw > widest_chance)
						widest_chance = lw;
				} else {
					ck_assert(tri_w < 0.0 || w == tri_w);
					tri_w = w;
					if (lw > widest_tri)
						widest_tri = lw;
				}
			}
			/* A triangle holds its text at its middle, half its base
			 * wide: three times the widest MAX or MIN line, and no
			 * more (at least 0.8 inches). */
			ck_assert_msg(tri_w * 72.0 <= 3.0 * widest_tri + 12.5 || tri_w <= 0.8,
				      "%s step %zu: triangles %.2f in wide for text %.1f pt",
				      trees[t], step, tri_w, widest_tri);
			ck_assert_msg(tri_w * 72.0 >= 3.0 * widest_tri, "%s: triangles too narrow",
				      trees[t]);
			if (circle_d > 0.0) {
				ck_assert_msg(circle_d * 72.0 >= widest_chance + 8.0 &&
					      (circle_d * 72.0 <= widest_chance + 40.0 || circle_d <= 0.6),
					      "%s step %zu: circles %.2f in across for text %.1f pt",
					      trees[t], step, circle_d, widest_chance);
			}
			ab_str_free(&dot);
			ab_str_free(&s);
		}
		ab_trace_free(trace);
		ab_tree_free(tree);
	}
}
END_TEST

/* Under a MAX triangle or a chance circle with lines under it (the
 * cut test, the window, h=N), a white ground joins the shape to its first
 * line, drawn before the shape: the edges that leave the shape at one
 * point do not show as a knot in the gap.  None under other shapes. */
START_TEST(note_ground)
{
	static const char *const trees[] = { "seed002", "expectimax", "horizon", "lecture" };
	for (unsigned t = 0; t < sizeof trees / sizeof trees[0]; t++) {
		struct ab_tree *tree = tree_ok(trees[t]);
		struct ab_config config = AB_CONFIG_DEFAULT;
		if (strcmp(trees[t], "horizon") == 0)
			ck_assert_ptr_null(ab_config_set("depth", "2", &config, NULL));
		struct ab_trace *trace = ab_trace_record(tree, &config);
		for (size_t step = 0; step <= trace->length; step += trace->length / 5 + 1) {
			ab_trace_seek(trace, step);
			size_t want = 0;
			for (uint32_t n = 0; n < tree->count; n++) {
				struct ab_node_view v;
				ab_node_view(trace, n, &v);
				if ((v.shape == AB_SHAPE_MAX || v.shape == AB_SHAPE_CHANCE) &&
				    (v.window || v.cut || v.has_static))
					want++;
			}
			struct ab_str out = AB_STR_INIT;
			struct ab_export_options opt = { .format = AB_EXPORT_SVG };
			ab_export(trace, &opt, &out);
			ck_assert_uint_eq(count(out.s, "class=\"ground\""), want);
			/* Before the shape, in the node's group. */
			for (const char *g = strstr(out.s, "class=\"ground\""); g;
			     g = strstr(g + 1, "class=\"ground\"")) {
				const char *shape = strstr(g, "class=\"shape\"");
				ck_assert_ptr_nonnull(shape);
				const char *end = strstr(g, "</g>");
				ck_assert(end && shape < end);
			}
			ab_str_clear(&out);
			opt.format = AB_EXPORT_TIKZ;
			ab_export(trace, &opt, &out);
			ck_assert_uint_eq(count(out.s, "\\fill[white]"), want);
			ab_str_free(&out);
		}
		if (strcmp(trees[t], "seed002") == 0) {
			/* Y and W cut at the end: both are MAX. */
			ab_trace_seek(trace, trace->length);
			struct ab_str out = AB_STR_INIT;
			struct ab_export_options opt = { .format = AB_EXPORT_SVG };
			ab_export(trace, &opt, &out);
			ck_assert_uint_ge(count(out.s, "class=\"ground\""), 2);
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
	struct ab_tree *tree = tree_ok(text.s);
	struct ab_config config = AB_CONFIG_DEFAULT;
	for (int f = AB_EXPORT_DOT; f <= AB_EXPORT_SVG; f++) {
		struct ab_str out = AB_STR_INIT;
		picture(tree, &config, SIZE_MAX, (enum ab_export_format)f, false, &out);
		ck_assert_uint_lt(out.len, (f == AB_EXPORT_TEXT ? 200u : 800u) * tree->count);
		if (f == AB_EXPORT_TEXT)
			ck_assert_ptr_nonnull(strstr(out.s, "(+2961) ├─ N2999.1 = 1"));
		ab_str_free(&out);
	}
	ab_tree_free(tree);
	ab_str_free(&text);
}
END_TEST




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
	struct ab_test_each each = { 0 };
	while (ab_test_each(&each)) {
		struct ab_trace *trace = ab_trace_record(each.tree, &each.config);
		size_t steps[] = { 0, trace->length / 2, trace->length };
		for (unsigned s = 0; s < 3; s++) {
			ab_trace_seek(trace, steps[s]);
			struct ab_str out = AB_STR_INIT, path = AB_STR_INIT, cmd = AB_STR_INIT;
			struct ab_export_options opt = { .format = AB_EXPORT_DOT };
			ab_export(trace, &opt, &out);
			ab_str_addf(&path, "%s/%s-%u.dot", dir, each.name, s);
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
	}
	remove_dir(dir);
	free(dir);
}
END_TEST


/* ---- TikZ --------------------------------------------------------------- */

START_TEST(tikz_marks)
{
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_str out = AB_STR_INIT;
	picture(tree, &config, SIZE_MAX, AB_EXPORT_TIKZ, false, &out);
	const char *tex = ab_str_cstr(&out);
	ck_assert_ptr_nonnull(strstr(tex, "\\begin{tikzpicture}[x=1pt, y=-1pt]"));
	ck_assert_ptr_null(strstr(tex, "\\documentclass"));
	ck_assert_ptr_nonnull(strstr(tex, "% abtrace picture: needs \\usepackage{tikz}"));
	/* The value beside the shape, the name on its other side, the cut
	 * test under it, small: all from format.h's words in TeX math. */
	ck_assert_ptr_nonnull(strstr(tex, "{$\\le 2$};"));
	ck_assert_ptr_nonnull(strstr(tex, "\\node[ab value, anchor=base west]"));
	ck_assert_ptr_nonnull(strstr(tex, "\\node[ab name, anchor=base east]"));
	ck_assert_ptr_nonnull(strstr(tex, "\\node[ab note, anchor=base] at "));
	ck_assert_ptr_nonnull(strstr(tex, "{\\abcut\\ $\\beta = 2 \\le \\alpha = 3$};"));
	ck_assert_uint_eq(count(tex, "\\node[ab mark] at "), 2);
	ck_assert_uint_eq(count(tex, "\\draw[ab leaf, ab pruned]"), 2);
	ck_assert_uint_eq(count(tex, "\\draw[ab edge, ab pruned edge]"), 2);
	ck_assert_uint_eq(count(tex, "\\draw[ab min]"), 3);
	ck_assert_uint_eq(count(tex, "\\draw[ab max]"), 1);
	ab_str_clear(&out);

	/* Standalone: the standalone class (cropped), both engines. */
	struct ab_trace *trace = ab_trace_record(tree, &config);
	ab_trace_seek(trace, 15);
	struct ab_export_options opt = { .format = AB_EXPORT_TIKZ, .standalone = true };
	ab_export(trace, &opt, &out);
	tex = ab_str_cstr(&out);
	ck_assert_ptr_nonnull(strstr(tex, "\\documentclass[border=4pt]{standalone}"));
	ck_assert_ptr_nonnull(strstr(tex, "\\ifLuaTeX"));
	ck_assert_ptr_nonnull(strstr(tex, "\\draw[ab min, ab current]"));
	ck_assert_ptr_nonnull(strstr(tex, "{$[3, +\\infty]$};"));
	ck_assert_ptr_null(strstr(tex, "Unicode engine"));
	ck_assert_ptr_nonnull(strstr(tex, "\\end{document}\n"));
	ab_str_free(&out);
	ab_trace_free(trace);
	ab_tree_free(tree);

	/* Names beyond Latin-1 ask for lualatex; TeX's specials escaped. */
	tree = tree_ok("根[ α_1[3 12] é[2 4] ]");
	picture(tree, &config, SIZE_MAX, AB_EXPORT_TIKZ, false, &out);
	ck_assert_ptr_nonnull(strstr(out.s, "compile it with lualatex"));
	ck_assert_ptr_nonnull(strstr(out.s, "{α\\_1};"));
	ck_assert_ptr_nonnull(strstr(out.s, "{é};"));
	ck_assert_ptr_null(strstr(out.s, "larger than TeX can draw"));
	ab_str_free(&out);
	ab_tree_free(tree);

	/* 1296 leaves side by side: wider than TeX's dimensions allow. */
	struct ab_rng rng;
	ab_rng_seed(&rng, 3);
	struct randtree_shape wide = { 6, 6, 4, true, -9, 9, false };
	tree = randtree(&rng, &wide);
	picture(tree, &config, SIZE_MAX, AB_EXPORT_TIKZ, false, &out);
	ck_assert_ptr_nonnull(strstr(out.s, "larger than TeX can draw"));
	ab_str_free(&out);
	ab_tree_free(tree);
}
END_TEST

/* ---- SVG ---------------------------------------------------------------- */

START_TEST(svg_lecture)
{
	struct ab_tree *tree = tree_ok("lecture");
	ab_tree_set_title(tree, "Trees & <pictures> \"quoted\"");
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_str out = AB_STR_INIT;
	picture(tree, &config, SIZE_MAX, AB_EXPORT_SVG, false, &out);
	const char *svg = ab_str_cstr(&out);
	ck_assert(strncmp(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=", 50) == 0);
	ck_assert_ptr_nonnull(strstr(svg, "Noto Sans CJK SC"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>Trees &amp; &lt;pictures&gt; &quot;quoted&quot;</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "<g id=\"n0\" class=\"node max\"><title>A</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "<g id=\"n5\" class=\"node min cut\"><title>C</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "<g id=\"n7\" class=\"node leaf pruned\"><title>C2</title>"));
	ck_assert_ptr_nonnull(strstr(svg, "<g id=\"n8\" class=\"node leaf pruned\"><title>C3</title>"));
	ck_assert_uint_eq(count(svg, "class=\"edge pruned\""), 2);
	ck_assert_uint_eq(count(svg, "stroke-dasharray"), 2); /* edges; shapes greyed */
	ck_assert_uint_eq(count(svg, "fill=\"#eeeeee\""), 2);
	ck_assert_ptr_nonnull(strstr(svg, ">≤ 2</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">✂ β = 2 ≤ α = 3</text>"));
	ck_assert_uint_eq(count(svg, ">✂</text>"), 2);
	ck_assert_ptr_null(strstr(svg, "current"));  /* done: no node is current */
	ab_str_clear(&out);
	/* At the cutoff: C is current, the windows on the path show. */
	picture(tree, &config, 15, AB_EXPORT_SVG, false, &out);
	svg = ab_str_cstr(&out);
	ck_assert_ptr_nonnull(strstr(svg, "<g id=\"n5\" class=\"node min path current cut\">"));
	ck_assert_ptr_nonnull(strstr(svg, "<g id=\"n0\" class=\"node max path\">"));
	ck_assert_ptr_nonnull(strstr(svg, "<g id=\"n9\" class=\"node min unreached\">"));
	ck_assert_ptr_nonnull(strstr(svg, "class=\"note window\""));
	ck_assert_ptr_nonnull(strstr(svg, ">[3, +∞]</text>"));
	ck_assert_ptr_nonnull(strstr(svg, ">[3, 2]</text>"));
	ck_assert_ptr_nonnull(strstr(svg, "fill=\"#ffe680\""));
	ab_str_free(&out);
	ab_tree_free(tree);
}
END_TEST

/* The boxes of one level never meet; every leaf sits on the lowest level;
 * children are below their parents; edges into leaves above the lowest
 * level either run straight or drop inside the leaf's own columns. */
START_TEST(scene_geometry)
{
	struct ab_config config = AB_CONFIG_DEFAULT;
	for (unsigned i = 0; i < NBUNDLED + 60; i++) {
		struct ab_tree *tree;
		if (i < NBUNDLED) {
			tree = tree_ok(ab_test_bundled(NULL)[i]);
		} else {
			struct ab_rng rng;
			ab_rng_seed(&rng, 77 + i);
			struct randtree_shape shape = { 1, 1 + i % 4, 1 + i % 5, i % 3 == 0,
							-1000, 1000, false };
			tree = randtree(&rng, &shape);
		}
		struct ab_trace *trace = ab_trace_record(tree, &config);
		/* Sized for every step of the bundled trees, for the cutoffs
		 * of the random ones (every step would be slow). */
		size_t *steps;
		enum ab_frames frames = i < NBUNDLED ? AB_FRAMES_STEPS : AB_FRAMES_CUTOFFS;
		size_t n = ab_export_frame_steps(trace, frames, &steps);
		if (frames == AB_FRAMES_STEPS)
			ck_assert_uint_eq(n, trace->length);
		struct ab_scene scene;
		ab_scene_build(&scene, trace, steps, n, 0);
		ck_assert_uint_eq(trace->step, 0);
		const struct ab_layout *l = &scene.layout;
		for (uint32_t a = 0; a < tree->count; a++) {
			ck_assert(ab_scene_x(&scene, a) > 0 && ab_scene_x(&scene, a) < scene.width);
			ck_assert(ab_scene_top(&scene, a) + AB_SCENE_LEAF_H < scene.height);
			if (ab_is_leaf(tree, a))
				ck_assert(ab_scene_top(&scene, a) == scene.level_top[tree->height]);
			uint32_t p = tree->nodes[a].parent;
			if (p != AB_NONE)
				ck_assert(ab_scene_bottom(&scene, p) < ab_scene_level_top(&scene, a));
			for (uint32_t b = a + 1; b < tree->count; b++) {
				bool same_row = ab_is_leaf(tree, a) && ab_is_leaf(tree, b)
						? true
						: !ab_is_leaf(tree, a) && !ab_is_leaf(tree, b) &&
						  tree->nodes[a].depth == tree->nodes[b].depth;
				if (same_row)
					ck_assert(l->x[a] + l->w[a] <= l->x[b] ||
						  l->x[b] + l->w[b] <= l->x[a]);
			}
		}
		free(steps);
		ab_scene_free(&scene);
		ab_trace_free(trace);
		ab_tree_free(tree);
	}
}
END_TEST

/* ---- Frames ------------------------------------------------------------- */

START_TEST(frames)
{
	struct ab_tree *tree = tree_ok("lecture");
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_trace *trace = ab_trace_record(tree, &config);
	size_t *steps;
	size_t n = ab_export_frame_steps(trace, AB_FRAMES_CUTOFFS, &steps);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(steps[0], 15);
	ck_assert_uint_eq(steps[1], 29);
	free(steps);
	n = ab_export_frame_steps(trace, AB_FRAMES_STEPS, &steps);
	ck_assert_uint_eq(n, 29);
	ab_trace_seek(trace, 4);
	struct ab_export_options opt = { .format = AB_EXPORT_TIKZ, .standalone = true,
					 .frames = steps, .nframes = n };
	struct ab_str out = AB_STR_INIT;
	ab_export(trace, &opt, &out);
	ck_assert_uint_eq(trace->step, 4);
	ck_assert_ptr_nonnull(strstr(out.s, "\\documentclass[aspectratio=169]{beamer}"));
	ck_assert_ptr_nonnull(strstr(out.s, "\\begin{frame}[t]{The lecture tree"));
	/* Under the tree, each step's number and the sentence trace prints
	 * for it, in TeX (its symbols in math). */
	ck_assert_uint_eq(count(out.s, "\\textbf{Step "), 29);
	ck_assert_ptr_nonnull(strstr(out.s, "\\only<15>{\\textbf{Step 15 of 29}\\quad Cutoff at C: "
					    "$\\beta$ = 2 $\\le$ $\\alpha$ = 3."));
	ck_assert_ptr_nonnull(strstr(out.s, "\\only<1>{\\textbf{Step 1 of 29}\\quad Enter A (MAX) with "
					    "window $\\alpha$ = $-\\infty$, $\\beta$ = +$\\infty$."));
	/* Text no smaller than the frame's footnotes, nothing scaled. */
	ck_assert_ptr_null(strstr(out.s, "\\fontsize"));
	ck_assert_ptr_null(strstr(out.s, "\\scalebox"));
	ck_assert_ptr_nonnull(strstr(out.s, "ab name/.style={inner sep=0pt, text=black!65, font=\\footnotesize}"));
	/* Every drawing once, in a box shown by the overlays it is in: far
	 * fewer shapes than a copy of the tree per frame (13 x 29). */
	ck_assert_uint_eq(count(out.s, "use as bounding box"), 1);
	size_t shapes = count(out.s, "\\draw[ab min") + count(out.s, "\\draw[ab max") +
			count(out.s, "\\draw[ab leaf");
	ck_assert_uint_gt(shapes, 13);
	ck_assert_uint_lt(shapes, 13 * 6);
	ck_assert_ptr_nonnull(strstr(out.s, "\\only<15-29>{\\abuse{"));
	/* The cut test by C, on a white ground: the notes' style. */
	ck_assert_ptr_nonnull(strstr(out.s, "{\\abcut\\ $\\beta = 2 \\le \\alpha = 3$};"));
	ab_str_clear(&out);

	/* Without the sentences; and a frame for a deck of one's own. */
	opt.no_sentence = true;
	opt.standalone = false;
	ab_export(trace, &opt, &out);
	ck_assert_ptr_null(strstr(out.s, "Cutoff at C"));
	ck_assert_uint_eq(count(out.s, "\\textbf{Step "), 29);
	ck_assert_ptr_null(strstr(out.s, "\\documentclass"));
	ck_assert(strstr(out.s, "\\begin{frame}") && strstr(out.s, "\\end{frame}\n"));
	ck_assert_ptr_nonnull(strstr(out.s, "\\ifdim\\wd0>\\linewidth\\resizebox{\\linewidth}"));
	ab_str_free(&out);
	free(steps);
	ab_trace_free(trace);
	ab_tree_free(tree);
}
END_TEST

/* Prose in TeX: escaped, its symbols in math (a minus and ∞ in one),
 * CJK text given a break between characters. */
START_TEST(tex_prose)
{
	const struct { const char *in, *out; } cases[] = {
		{ "α = -∞, β = +∞.", "$\\alpha$ = $-\\infty$, $\\beta$ = +$\\infty$." },
		{ "C ≤ 7.2 ≤ α = 8.4", "C $\\le$ 7.2 $\\le$ $\\alpha$ = 8.4" },
		{ "rises from -3 to 4-ply", "rises from $-$3 to 4-ply" },
		{ "0.3 × 10", "0.3 $\\times$ 10" },
		{ "50% & $_#{}", "50\\% \\& \\$\\_\\#\\{\\}" },
		{ "剪枝：β", "剪\\abbreak{}枝\\abbreak{}：\\abbreak{}$\\beta$" },
		{ "−3", "$-$3" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct ab_str out = AB_STR_INIT;
		ab_tex_text(&out, cases[i].in);
		ck_assert_str_eq(ab_str_cstr(&out), cases[i].out);
		ab_str_free(&out);
	}
	/* Widths: digits narrower than capitals, CJK a full em. */
	ck_assert(ab_tex_width("11", 10.0) < ab_tex_width("MM", 10.0));
	ck_assert(ab_tex_width("中", 10.0) >= 10.0);
	ck_assert(ab_tex_width("-3", 10.0) > ab_tex_width("a3", 10.0));
}
END_TEST

/* Practice trees of 15 to 45 leaves, uniform and not, fit a frame at the
 * frame's own text sizes (never scaled down), their pictures no wider than
 * the frame, every step there. */
START_TEST(frames_fit)
{
	const struct { const char *branching, *depth; } shapes[] = {
		{ "2-4", "3" }, { "2-3", "4" }, { "3-5", "3" }, { "3", "3" }, { "2-3", "3" },
		{ "4-6", "2" }, { "2", "5" },
	};
	unsigned tried = 0;
	for (unsigned seed = 1; seed <= 40; seed++) {
		struct ab_random_spec spec = AB_RANDOM_DEFAULT;
		ck_assert_ptr_null(ab_random_parse_branching(shapes[seed % 7].branching, &spec));
		ck_assert_ptr_null(ab_random_parse_depth(shapes[seed % 7].depth, &spec));
		spec.seed = seed;
		struct ab_tree *tree = ab_random_tree(&spec);
		ck_assert_ptr_nonnull(tree);
		if (tree->leaves < 15 || tree->leaves > 45) {
			ab_tree_free(tree);
			continue;
		}
		tried++;
		struct ab_config config = AB_CONFIG_DEFAULT;
		struct ab_trace *trace = ab_trace_record(tree, &config);
		size_t *steps;
		size_t n = ab_export_frame_steps(trace, AB_FRAMES_STEPS, &steps);
		struct ab_export_options opt = { .format = AB_EXPORT_TIKZ, .standalone = true,
						 .frames = steps, .nframes = n };
		struct ab_str out = AB_STR_INIT;
		ab_export(trace, &opt, &out);
		ck_assert_msg(!strstr(out.s, "\\scalebox"), "seed %u, %u leaves: scaled", seed,
			      tree->leaves);
		const char *box = strstr(out.s, "use as bounding box] (0,0) rectangle (");
		ck_assert_ptr_nonnull(box);
		ck_assert(strtod(box + 38, NULL) <= 432.05);
		ck_assert_uint_eq(count(out.s, "\\textbf{Step "), n);
		ab_str_free(&out);
		free(steps);
		ab_trace_free(trace);
		ab_tree_free(tree);
	}
	ck_assert_uint_gt(tried, 10);
}
END_TEST

/* Frames that are files (SVG), drawn one by one from one scene laid out
 * for the whole set, are each the document ab_export draws at that step
 * with the same frames (each laying the scene out again): on every bundled
 * tree, every step, under two conventions. */
START_TEST(frame_files_one_scene)
{
	struct ab_tree *tree = tree_ok(ab_test_bundled(NULL)[_i]);
	for (int c = 0; c < 2; c++) {
		struct ab_config config = AB_CONFIG_DEFAULT;
		if (c)
			config.fail = AB_FAIL_HARD;
		struct ab_trace *trace = ab_trace_record(tree, &config);
		size_t *steps;
		size_t n = ab_export_frame_steps(trace, c ? AB_FRAMES_CUTOFFS : AB_FRAMES_STEPS,
						 &steps);
		struct ab_export_options opt = { .format = AB_EXPORT_SVG, .frames = steps,
						 .nframes = n };
		struct ab_scene scene = { 0 };
		struct ab_str one = AB_STR_INIT, each = AB_STR_INIT;
		for (size_t i = 0; i < n; i++) {
			ab_str_clear(&one);
			ab_export_frame(trace, &opt, i, &scene, &one);
			ck_assert_uint_eq(trace->step, steps[i]);
			ab_str_clear(&each);
			ab_export(trace, &opt, &each);
			ck_assert_msg(strcmp(one.s, each.s) == 0, "%s: frame %zu differs",
				      ab_test_bundled(NULL)[_i], i + 1);
		}
		ab_scene_free(&scene);
		ab_str_free(&one);
		ab_str_free(&each);
		free(steps);
		ab_trace_free(trace);
	}
	ab_tree_free(tree);
}
END_TEST

/* The names of frame files, and which names an earlier set may have. */
START_TEST(frame_names)
{
	const struct ab_exporter *svg = ab_exporter_of(AB_EXPORT_SVG);
	const struct { size_t i, n; const char *name; } made[] = {
		{ 0, 29, "frame-001.svg" }, { 28, 29, "frame-029.svg" },
		{ 998, 999, "frame-999.svg" }, { 0, 1000, "frame-0001.svg" },
		{ 1999, 2000, "frame-2000.svg" },
	};
	struct ab_str s = AB_STR_INIT;
	for (size_t k = 0; k < sizeof made / sizeof made[0]; k++) {
		ab_str_clear(&s);
		ab_export_frame_name(svg, made[k].i, made[k].n, &s);
		ck_assert_str_eq(s.s, made[k].name);
		ck_assert(ab_export_is_frame_name(svg, s.s));
	}
	ab_str_free(&s);
	const char *const not_frames[] = {
		"frame-01.svg", "frame-00001.svg", "frame-001.svg~", "frame-001.tex",
		"frame-001", "Frame-001.svg", "frame--01.svg", "frame-0a1.svg", ".frame-001.svg",
		"frame-001.svg.svg", "",
	};
	for (size_t k = 0; k < sizeof not_frames / sizeof not_frames[0]; k++)
		ck_assert_msg(!ab_export_is_frame_name(svg, not_frames[k]), "%s", not_frames[k]);
}
END_TEST

/* ---- The table of formats ------------------------------------------------ */

/* Whether text lists option as one of its items ("--tikz or --svg"). */
static bool lists(const char *text, const char *option)
{
	size_t len = strlen(option);
	for (const char *p = strstr(text, option); p; p = strstr(p + 1, option))
		if ((p == text || p[-1] == ' ') && !(p[len] >= 'a' && p[len] <= 'z'))
			return true;
	return false;
}

/* Every format has one entry, and the command line does what each entry
 * says: its option draws what ab_export draws; --standalone and --frames
 * are taken where the entry says so and refused elsewhere with a message
 * naming exactly the formats that take them; frames in files want -o. */
START_TEST(exporter_table)
{
	const struct ab_exporter *ex = &ab_exporters[_i];
	ck_assert_ptr_eq(ab_exporter_of(ex->format), ex);
	ck_assert_ptr_eq(ab_exporter_named(ex->name), ex);
	ck_assert(ex->write != NULL);
	ck_assert(ex->option[0] == '-' && ex->option[1] == '-' && ex->suffix[0] == '.');
	for (size_t j = 0; j < ab_nexporters; j++)
		ck_assert(j == (size_t)_i || (strcmp(ab_exporters[j].name, ex->name) != 0 &&
					      ab_exporters[j].format != ex->format));

	struct ab_tree *tree = tree_ok("lecture");
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_str want = AB_STR_INIT;
	picture(tree, &config, 15, ex->format, false, &want);
	struct run_result r = run_abtrace(NULL, ARGS("export", ex->option, "--step", "15",
						     "--lang", "en", "lecture"));
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(ab_str_cstr(&r.out), want.s);
	run_result_free(&r);

	r = run_abtrace(NULL, ARGS("export", ex->option, "--standalone", "lecture"));
	ck_assert_int_eq(r.status, ex->standalone ? 0 : 2);
	if (!ex->standalone)
		for (size_t j = 0; j < ab_nexporters; j++)
			ck_assert(lists(ab_str_cstr(&r.err), ab_exporters[j].option) ==
				  ab_exporters[j].standalone);
	run_result_free(&r);

	r = run_abtrace(NULL, ARGS("export", ex->option, "--frames=cutoffs", "lecture"));
	if (ex->animation == AB_ANIMATION_OVERLAYS) {
		ck_assert_int_eq(r.status, 0);
	} else {
		ck_assert_int_eq(r.status, 2);
		if (ex->animation == AB_ANIMATION_FILES)
			ck_assert(strstr(ab_str_cstr(&r.err), "name a directory with -o"));
		else
			for (size_t j = 0; j < ab_nexporters; j++)
				ck_assert(lists(ab_str_cstr(&r.err), ab_exporters[j].option) ==
					  (ab_exporters[j].animation != AB_ANIMATION_NONE));
	}
	run_result_free(&r);

	r = run_abtrace(NULL, ARGS("export", "lecture"));
	for (size_t j = 0; j < ab_nexporters; j++)
		ck_assert(lists(ab_str_cstr(&r.err), ab_exporters[j].option));
	run_result_free(&r);
	ab_str_free(&want);
	ab_tree_free(tree);
}
END_TEST

/* ---- Rendering ---------------------------------------------------------- */

/* The python3 check of SVG files: for each, the leaves' values, the pruned
 * nodes' names and the number of current nodes, one line each. */
static const char svg_check_py[] =
	"import sys, xml.etree.ElementTree as ET\n"
	"S = '{http://www.w3.org/2000/svg}'\n"
	"def cls(e): return e.get('class', '').split()\n"
	"for path in sys.argv[1:]:\n"
	"    root = ET.parse(path).getroot()\n"
	"    assert root.tag == S + 'svg', root.tag\n"
	"    nodes = [g for g in root.iter(S + 'g') if 'node' in cls(g)]\n"
	"    vals = []\n"
	"    for g in nodes:\n"
	"        if 'leaf' in cls(g):\n"
	"            t = [''.join(x.itertext()) for x in g.iter(S + 'text') if 'value' in cls(x)]\n"
	"            vals.append(t[0] if t else '?')\n"
	"    print(' '.join(vals))\n"
	"    print(' '.join(g.find(S + 'title').text for g in nodes if 'pruned' in cls(g)))\n"
	"    print(len([g for g in nodes if 'current' in cls(g)]))\n";

/* What that check must print for trace at its current step. */
static void svg_expected(const struct ab_trace *trace, struct ab_str *out)
{
	const struct ab_tree *tree = trace->tree;
	const char *sep = "";
	for (uint32_t n = 0; n < tree->count; n++) {
		if (!ab_is_leaf(tree, n))
			continue;
		ab_str_add(out, sep);
		ab_format_value(tree->nodes[n].value, tree->scale, &ab_glyphs_picture, out);
		sep = " ";
	}
	ab_str_addc(out, '\n');
	sep = "";
	for (uint32_t n = 0; n < tree->count; n++) {
		if (!ab_trace_pruned(trace, n))
			continue;
		ab_str_add(out, sep);
		ab_tree_name(tree, n, out);
		sep = " ";
	}
	struct ab_node_view v;
	unsigned current = 0;
	for (uint32_t n = 0; n < tree->count; n++) {
		ab_node_view(trace, n, &v);
		current += v.current;
	}
	ab_str_addf(out, "\n%u\n", current);
}

/* Runs a shell command, its output into a log; true when it succeeded. */
static bool shell(const char *dir, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool shell(const char *dir, const char *fmt, ...)
{
	struct ab_str cmd = AB_STR_INIT;
	ab_str_addf(&cmd, "cd '%s' && (", dir);
	va_list ap;
	va_start(ap, fmt);
	ab_str_vaddf(&cmd, fmt, ap);
	va_end(ap);
	ab_str_add(&cmd, ") >>render.log 2>&1 </dev/null");
	bool ok = system(cmd.s) == 0;
	ab_str_free(&cmd);
	return ok;
}

/* The standard output of a shell command run in dir. */
static void shell_output(const char *dir, const char *command, struct ab_str *out)
{
	struct ab_str cmd = AB_STR_INIT;
	ab_str_addf(&cmd, "cd '%s' && %s", dir, command);
	FILE *p = popen(cmd.s, "r");
	ck_assert_ptr_nonnull(p);
	char buf[4096];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, p)) > 0)
		ab_str_addn(out, buf, got);
	pclose(p);
	ab_str_free(&cmd);
}

/* The first number after key in text (pdfinfo's "Pages:", "Page size:"). */
static double number_after(const char *text, const char *key)
{
	const char *p = strstr(text, key);
	ck_assert_msg(p, "no '%s' in %s", key, text);
	return strtod(p + strlen(key), NULL);
}

/* Where the pictures go: $ABTRACE_RENDER_DIR (kept), or a temporary
 * directory (removed). */
static char *render_dir(bool *keep)
{
	const char *dir = getenv("ABTRACE_RENDER_DIR");
	*keep = dir && *dir;
	if (!*keep)
		return temp_dir();
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	return strdup(dir);
}

static bool have_cjk_font(void)
{
	return have_program("fc-list") &&
	       system("fc-list :lang=zh family | grep -q .") == 0;
}

/* A wide tree, 5 x 5 x 3, values spread over -9..9. */
static void wide_tree_text(struct ab_str *out)
{
	ab_str_add(out, "title: A wide tree, 5 x 5 x 3\n[");
	unsigned v = 0;
	for (int a = 0; a < 5; a++) {
		ab_str_add(out, a ? " [" : "[");
		for (int b = 0; b < 5; b++) {
			ab_str_add(out, b ? " [" : "[");
			for (int c = 0; c < 3; c++, v++)
				ab_str_addf(out, c ? " %d" : "%d", (int)((v * 7 + v / 5) % 19) - 9);
			ab_str_add(out, "]");
		}
		ab_str_add(out, "]");
	}
	ab_str_add(out, "]\n");
}

static const char labelled_tree[] =
	"title: 博弈树：带中文、希腊字母和重音的名字\n"
	"根[ α[3 12 8] é[2 4 6] 丁[14 5 2] ]\n";

static const struct render_case {
	const char *stem;   /* the pictures' file names */
	const char *tree;   /* a bundled tree, or NULL: */
	const char *text;   /*   a tree file's text, or NULL: the wide tree */
	bool unicode;       /* names beyond Latin-1: lualatex, --lang zh */
	long step;          /* -1: the end */
} render_cases[] = {
	{ "lecture", "lecture", NULL, false, -1 },
	{ "lecture-step15", "lecture", NULL, false, 15 },
	{ "deep-cutoff", "deep-cutoff", NULL, false, -1 },
	{ "deep-cutoff-step16", "deep-cutoff", NULL, false, 16 },
	{ "wide", NULL, NULL, false, -1 },
	{ "labelled-zh", NULL, labelled_tree, true, -1 },
	{ "uneven-step7", "uneven", NULL, false, 7 },
	{ "expectimax", "expectimax", NULL, false, -1 },
	{ "horizon", "horizon", NULL, false, -1 },
};

/* Exports c in format (--dot, --tikz, --svg) into dir/stem.ext. */
static void export_case(const struct render_case *c, const char *tree_arg,
			const char *format, const char *path)
{
	char step[32];
	snprintf(step, sizeof step, "%ld", c->step);
	const char *args[16];
	unsigned n = 0;
	args[n++] = "export";
	args[n++] = format;
	if (strcmp(format, "--tikz") == 0)
		args[n++] = "--standalone";
	if (c->unicode) {
		args[n++] = "--lang";
		args[n++] = "zh";
	}
	if (c->step >= 0) {
		args[n++] = "--step";
		args[n++] = step;
	}
	args[n++] = "-o";
	args[n++] = path;
	args[n++] = tree_arg;
	args[n] = NULL;
	struct run_result r = run_abtrace(NULL, args);
	ck_assert_msg(r.status == 0, "export %s %s: %s", format, c->stem, ab_str_cstr(&r.err));
	run_result_free(&r);
}

START_TEST(render)
{
	const struct render_case *c = &render_cases[_i];
	bool keep;
	char *dir = render_dir(&keep);
	struct ab_str path = AB_STR_INIT, tree_arg = AB_STR_INIT, text = AB_STR_INIT;
	if (c->tree) {
		ab_str_add(&tree_arg, c->tree);
	} else {
		if (c->text)
			ab_str_add(&text, c->text);
		else
			wide_tree_text(&text);
		ab_str_addf(&tree_arg, "%s/%s.tree", dir, c->stem);
		write_text(tree_arg.s, &text);
	}
	struct ab_tree *tree = tree_ok(tree_arg.s);
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_trace *trace = ab_trace_record(tree, &config);
	ab_trace_seek(trace, c->step < 0 ? trace->length : (size_t)c->step);
	bool cjk = have_cjk_font();
	if (c->unicode && !cjk)
		printf("render %s: no font with Chinese glyphs (Debian: fonts-noto-cjk); "
		       "the Chinese names will show as boxes\n", c->stem);

	/* SVG: well-formed XML with every leaf's value as text and the pruned
	 * nodes findable by class; then rendered. */
	ab_str_clear(&path);
	ab_str_addf(&path, "%s/%s.svg", dir, c->stem);
	export_case(c, tree_arg.s, "--svg", path.s);
	if (have_program("python3")) {
		ab_str_clear(&text);
		ab_str_addf(&text, "%s/svgcheck.py", dir);
		struct ab_str py = AB_STR_INIT;
		ab_str_add(&py, svg_check_py);
		write_text(text.s, &py);
		ab_str_clear(&py);
		ab_str_clear(&text);
		ab_str_addf(&text, "python3 svgcheck.py '%s.svg'", c->stem);
		shell_output(dir, text.s, &py);
		ab_str_clear(&text);
		svg_expected(trace, &text);
		ck_assert_str_eq(ab_str_cstr(&py), ab_str_cstr(&text));
		ab_str_free(&py);
	} else {
		printf("render %s: SVG not parsed, python3 is not installed\n", c->stem);
	}
	if (have_program("rsvg-convert"))
		ck_assert_msg(shell(dir, "rsvg-convert -d 150 -p 150 -o '%s-svg.png' '%s.svg'",
				    c->stem, c->stem), "rsvg-convert failed on %s", c->stem);
	else
		printf("render %s: SVG not rendered, rsvg-convert (librsvg2-bin) is not installed\n",
		       c->stem);

	/* DOT. */
	ab_str_clear(&path);
	ab_str_addf(&path, "%s/%s.dot", dir, c->stem);
	export_case(c, tree_arg.s, "--dot", path.s);
	if (have_program("dot"))
		ck_assert_msg(shell(dir, "dot -Tpng -Gdpi=150 -o '%s-dot.png' '%s.dot'", c->stem,
				    c->stem), "dot failed on %s", c->stem);
	else
		printf("render %s: DOT not rendered, Graphviz's dot is not installed\n", c->stem);

	/* TikZ: a page cropped to the picture (the standalone class's 4pt
	 * border round the picture abtrace laid out). */
	ab_str_clear(&path);
	ab_str_addf(&path, "%s/%s.tex", dir, c->stem);
	export_case(c, tree_arg.s, "--tikz", path.s);
	const char *engine = c->unicode ? "lualatex" : "pdflatex";
	bool luaotfload = !c->unicode ||
			  system("kpsewhich luaotfload-main.lua >/dev/null 2>&1") == 0;
	if (!have_program(engine) || !have_program("pdfinfo") || !luaotfload) {
		printf("render %s: TikZ not compiled, %s%s is not installed\n", c->stem, engine,
		       c->unicode ? " (texlive-luatex)" : "");
	} else {
		ck_assert_msg(shell(dir, "%s -interaction=nonstopmode -halt-on-error '%s.tex'",
				    engine, c->stem),
			      "%s failed on %s (see %s/%s.log)", engine, c->stem, dir, c->stem);
		ab_str_clear(&text);
		ab_str_addf(&text, "grep -c 'Missing character' '%s.log'", c->stem);
		struct ab_str missing = AB_STR_INIT;
		shell_output(dir, text.s, &missing);
		if (cjk || !c->unicode)
			ck_assert_msg(atoi(ab_str_cstr(&missing)) == 0, "%s: glyphs missing (%s)",
				      c->stem, ab_str_cstr(&missing));
		ab_str_free(&missing);
		struct ab_str info = AB_STR_INIT;
		ab_str_clear(&text);
		ab_str_addf(&text, "pdfinfo '%s.pdf'", c->stem);
		shell_output(dir, text.s, &info);
		ck_assert_int_eq((int)number_after(info.s, "Pages:"), 1);
		const char *size = strstr(info.s, "Page size:");
		ck_assert_ptr_nonnull(size);
		double w = strtod(size + 10, NULL);
		const char *x = strstr(size, " x ");
		ck_assert_ptr_nonnull(x);
		double h = strtod(x + 3, NULL);
		struct ab_scene scene;
		size_t here = trace->step;
		ab_scene_build(&scene, trace, &here, 1, 0);
		/* pdfinfo counts big points (1/72 in), TeX points are 1/72.27 in. */
		w *= 72.27 / 72.0;
		h *= 72.27 / 72.0;
		ck_assert_msg(w > scene.width + 7.0 && w < scene.width + 9.0 &&
			      h > scene.height + 7.0 && h < scene.height + 9.0,
			      "%s: page %.1f x %.1f for a picture of %.1f x %.1f", c->stem,
			      w, h, scene.width, scene.height);
		ab_scene_free(&scene);
		ab_str_free(&info);
		if (have_program("pdftoppm"))
			ck_assert(shell(dir, "pdftoppm -r 150 -png -singlefile '%s.pdf' '%s-tikz'",
					c->stem, c->stem));
	}
	ab_trace_free(trace);
	ab_tree_free(tree);
	ab_str_free(&path);
	ab_str_free(&tree_arg);
	ab_str_free(&text);
	if (!keep)
		remove_dir(dir);
	free(dir);
}
END_TEST

/* Beamer: one overlay per step, or per cutoff and the end, compiled into
 * a page each; SVG: one numbered file per frame, each well-formed. */
START_TEST(render_frames)
{
	bool keep;
	char *dir = render_dir(&keep);
	struct ab_str zh_tree = AB_STR_INIT, zh_text = AB_STR_INIT;
	ab_str_addf(&zh_tree, "%s/frames-zh.tree", dir);
	ab_str_add(&zh_text, labelled_tree);
	write_text(zh_tree.s, &zh_text);
	ab_str_free(&zh_text);
	/* A practice tree of 40 leaves and 134 steps. */
	struct ab_str wide_tree = AB_STR_INIT;
	ab_str_addf(&wide_tree, "%s/frames-40.tree", dir);
	struct run_result made = run_abtrace(NULL, ARGS("random", "--branching", "2-3", "--depth",
							"4", "--seed", "1"));
	ck_assert_int_eq(made.status, 0);
	write_text(wide_tree.s, &made.out);
	run_result_free(&made);
	/* Trees of 9, 19 and 40 leaves, every step, in TeX's usual memory;
	 * the last in Chinese (names, title and sentences): lualatex. */
	const struct { const char *tree, *frames, *engine; } cases[] = {
		{ "lecture", "--frames=steps", "pdflatex" },
		{ "lecture", "--frames=cutoffs", "pdflatex" },
		{ "deep-cutoff", "--frames=cutoffs", "pdflatex" },
		{ "seed002", "--frames=steps", "pdflatex" },
		{ wide_tree.s, "--frames=steps", "pdflatex" },
		{ zh_tree.s, "--frames=steps", "lualatex" },
	};
	bool beamer = have_program("pdfinfo") &&
		      system("kpsewhich beamer.cls >/dev/null 2>&1") == 0;
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bool zh = strcmp(cases[i].engine, "lualatex") == 0;
		bool tex = beamer && have_program(cases[i].engine) &&
			   (!zh || system("kpsewhich luaotfload-main.lua >/dev/null 2>&1") == 0);
		if (!tex)
			printf("render_frames: beamer not compiled with %s, which (or beamer, "
			       "or pdfinfo) is not installed\n", cases[i].engine);
		struct ab_tree *tree = tree_ok(cases[i].tree);
		struct ab_config config = AB_CONFIG_DEFAULT;
		struct ab_trace *trace = ab_trace_record(tree, &config);
		size_t *steps;
		size_t expect = ab_export_frame_steps(trace, strstr(cases[i].frames, "steps")
							     ? AB_FRAMES_STEPS : AB_FRAMES_CUTOFFS,
						      &steps);
		if (i == 0)
			ck_assert_uint_eq(expect, 29);
		if (i == 1)
			ck_assert_uint_eq(expect, 2);
		struct ab_str path = AB_STR_INIT;
		ab_str_addf(&path, "%s/frames%u.tex", dir, i);
		struct run_result r = run_abtrace(NULL, ARGS("export", "--tikz", "--standalone",
							     cases[i].frames, "--lang", zh ? "zh" : "en",
							     "-o", path.s, cases[i].tree));
		ck_assert_msg(r.status == 0, "%s", ab_str_cstr(&r.err));
		run_result_free(&r);
		if (tex) {
			ck_assert_msg(shell(dir, "%s -interaction=nonstopmode -halt-on-error "
					    "frames%u.tex", cases[i].engine, i),
				      "%s failed on frames%u.tex (see %s)", cases[i].engine, i, dir);
			struct ab_str info = AB_STR_INIT, cmd = AB_STR_INIT;
			ab_str_addf(&cmd, "pdfinfo frames%u.pdf", i);
			shell_output(dir, cmd.s, &info);
			ck_assert_msg((size_t)number_after(info.s, "Pages:") == expect,
				      "%s %s: %s", cases[i].tree, cases[i].frames, info.s);
			/* Nothing runs off a frame, no glyph is missing. */
			ab_str_clear(&cmd);
			ab_str_clear(&info);
			ab_str_addf(&cmd, "grep -c 'Overfull \\\\vbox\\|Missing character' frames%u.log", i);
			shell_output(dir, cmd.s, &info);
			ck_assert_msg(atoi(ab_str_cstr(&info)) == 0 || (zh && !have_cjk_font()),
				      "%s %s: %s overfull frames or missing glyphs", cases[i].tree,
				      cases[i].frames, ab_str_cstr(&info));
			ab_str_free(&info);
			ab_str_free(&cmd);
		}
		/* The same frames as SVG files in a directory -o names. */
		ab_str_clear(&path);
		ab_str_addf(&path, "%s/svg-frames%u", dir, i);
		r = run_abtrace(NULL, ARGS("export", "--svg", cases[i].frames, "-o", path.s,
					   cases[i].tree));
		ck_assert_msg(r.status == 0, "%s", ab_str_cstr(&r.err));
		run_result_free(&r);
		ck_assert_uint_eq(entries(path.s), expect);
		if (have_program("python3")) {
			struct ab_str py = AB_STR_INIT, got = AB_STR_INIT, want = AB_STR_INIT;
			ab_str_addf(&py, "%s/svgcheck.py", dir);
			struct ab_str src = AB_STR_INIT;
			ab_str_add(&src, svg_check_py);
			write_text(py.s, &src);
			ab_str_clear(&py);
			ab_str_addf(&py, "python3 svgcheck.py svg-frames%u/frame-*.svg", i);
			shell_output(dir, py.s, &got);
			for (size_t f = 0; f < expect; f++) {
				ab_trace_seek(trace, steps[f]);
				svg_expected(trace, &want);
			}
			ck_assert_str_eq(ab_str_cstr(&got), ab_str_cstr(&want));
			ab_str_free(&py);
			ab_str_free(&got);
			ab_str_free(&want);
			ab_str_free(&src);
		}
		free(steps);
		ab_str_free(&path);
		ab_trace_free(trace);
		ab_tree_free(tree);
	}
	ab_str_free(&zh_tree);
	ab_str_free(&wide_tree);
	if (!keep)
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
	/* Chance nodes: circles, their children's probabilities, the cut
	 * test in the chance node's own numbers. */
	{ ARGS("export", "--text", "expectimax"), 0,
	  "C (chance) in [4.2, 7.2]  ✂ cut: C ≤ 7.2 ≤ α = 8.4", NULL },
	{ ARGS("export", "--text", "expectimax"), 0, "0.3: G (MIN)  ✂ pruned", NULL },
	{ ARGS("export", "--svg", "expectimax"), 0, "class=\"node chance cut\"", NULL },
	{ ARGS("export", "--svg", "expectimax"), 0, "<circle class=\"shape\"", NULL },
	{ ARGS("export", "--svg", "expectimax"), 0, "font-size=\"7.5\" fill=\"#444444\">0.7</text>", NULL },
	{ ARGS("export", "--dot", "expectimax"), 0, "shape=circle, fixedsize=shape", NULL },
	{ ARGS("export", "--dot", "expectimax"), 0, "✂ C ≤ 7.2 ≤ α = 8.4", NULL },
	{ ARGS("export", "--svg", "expectimax"), 0, ">✂ C ≤ 7.2 ≤ α = 8.4</text>", NULL },
	{ ARGS("export", "--tikz", "expectimax"), 0, "{\\abcut\\ C $\\le 7.2 \\le \\alpha = 8.4$}", NULL },
	{ ARGS("export", "--svg", "seed002"), 0, ">−3</text>", NULL },
	{ ARGS("export", "--dot", "seed002"), 0, "label=\"X2.1\\n−3\"", NULL },
	{ ARGS("export", "--dot", "expectimax"), 0, "color=\"gray35\">0.3 ✂</font>", NULL },
	{ ARGS("export", "--tikz", "expectimax"), 0, "circle[radius=", NULL },
	{ ARGS("export", "--tikz", "expectimax"), 0, "\\node[ab prob, anchor=base]", NULL },
	{ ARGS("export", "--tikz", "--chance-prune", "star1", "expectimax"), 0, "54/7", NULL },
	{ ARGS("export", "--text", "--ascii", "lecture"), 0, "C3 = 6  x pruned", NULL },
	{ ARGS("export", "--text", "--step", "0", "-e", "[1,2]"), 0, "step 0 of", NULL },
	{ ARGS("export", "--text", "--algo", "minimax", "--root", "min", "lecture"), 0,
	  "A (MIN) = 6", NULL },
	{ ARGS("export", "--dot", "--fail-hard", "lecture"), 0, "digraph abtrace", NULL },
	{ ARGS("export", "--tikz", "--standalone", "lecture"), 0, "\\documentclass", NULL },
	{ ARGS("export", "--svg", "--step", "15", "lecture"), 0,
	  "class=\"node min path current cut\"", NULL },
	{ ARGS("export", "--tikz", "--frames=cutoffs", "lecture"), 0, "\\only<2>{\\textbf{Step 29 of 29}\\quad Done", NULL },
	{ ARGS("export", "--tikz", "--frames=cutoffs", "--no-sentence", "lecture"), 0, "\\only<2>{\\textbf{Step 29 of 29}}", NULL },
	{ ARGS("export", "--tikz", "--no-sentence", "lecture"), 2, NULL, "--no-sentence goes with --frames and --tikz" },
	{ ARGS("export", "--svg", "--frames=steps", "--no-sentence", "-o", "x", "lecture"), 2, NULL, "--no-sentence goes with" },
	{ ARGS("export", "--lang", "zh", "--svg", "lecture"), 0, "<svg", NULL },
	/* Which formats the messages list is exporter_table's business. */
	{ ARGS("export", "lecture"), 2, NULL, "say which picture: --" },
	{ ARGS("export", "--dot", "--text", "lecture"), 2, NULL, "choose one" },
	{ ARGS("export", "--svg", "--tikz", "lecture"), 2, NULL, "choose one" },
	{ ARGS("export", "--svg", "--frames=steps", "lecture"), 2, NULL, "name a directory with -o" },
	{ ARGS("export", "--dot", "--frames=steps", "lecture"), 2, NULL, "--frames goes with --" },
	{ ARGS("export", "--tikz", "--frames=all", "lecture"), 2, NULL, "--frames takes steps or cutoffs" },
	{ ARGS("export", "--tikz", "--frames=steps", "--step", "3", "lecture"), 2, NULL, "leave out --step" },
	{ ARGS("export", "--svg", "--standalone", "lecture"), 2, NULL, "--standalone goes with --" },
	{ ARGS("export", "--svg", "--frames", "steps", "-o", "/proc/abtrace-frames", "lecture"), 2, NULL,
	  "cannot create the directory" },
	{ ARGS("export", "--svg", "--frames", "steps", "-o", "/dev/null", "lecture"), 2, NULL,
	  "is not a directory" },
	{ ARGS("export", "--dot", "--standalone", "lecture"), 2, NULL, "--standalone goes with --" },
	{ ARGS("export", "--text", "--step", "30", "lecture"), 2, NULL, "has 29 steps" },
	{ ARGS("export", "--text", "--step", "-1", "lecture"), 2, NULL, "--step takes" },
	{ ARGS("export", "--text", "--step", "x", "lecture"), 2, NULL, "--step takes" },
	{ ARGS("export", "--text", "-e", "[1,"), 2, NULL, "error:" },
	{ ARGS("export", "--svg", "--board", "-g", "nim:2,1"), 0, "<g class=\"board\"", NULL },
	{ ARGS("export", "--text", "--board", "lecture"), 2, NULL, "name a position with -g" },
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
	for (int attempt = 0; attempt < 20 && !caught; attempt++) {
		int wstatus = spawn_signal_on_hidden(ARGS("export", "--dot", "-o", out.s, tree.s),
						     dir, sig);
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
	int status = in_private_tmpfs(dir, "64k", devices_child);
	if (status == 77)
		printf("output_devices: skipped, no private mount namespace here "
		       "(needs root: unshare, mount, mknod)\n");
	else
		ck_assert_msg(status == 0, "the device checks failed (above)");
	remove_dir(dir);
	free(dir);
}
END_TEST

/* ---- A game's boards (--board) ------------------------------------------ */

/* The picture of a game's position at the end, with or without boards. */
static void game_picture(const char *text, enum ab_export_format format, bool boards,
			 struct ab_str *out, uint32_t *nodes)
{
	struct ab_diag diag;
	struct ab_game_options gopt = { 0 };
	struct ab_tree *tree = ab_game_tree(text, &gopt, &diag);
	ck_assert_msg(tree, "%s: %s", text, diag.message);
	struct ab_picture_boards b;
	ck_assert(ab_picture_boards_init(&b, tree));
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_trace *trace = ab_trace_record(tree, &config);
	ab_trace_seek(trace, trace->length);
	struct ab_export_options opt = { .format = format, .boards = boards ? &b : NULL };
	ab_export(trace, &opt, out);
	*nodes = tree->count;
	ab_trace_free(trace);
	ab_tree_free(tree);
}

/* Every format draws one board a node, the last move and a winning row
 * marked in its own way; without --board, none. */
START_TEST(boards_in_every_format)
{
	/* xoxoxo...: x wins at once on a3 or c3.  Of the 8 nodes, a3, c3,
	 * b3a3c3 and b3c3a3 are won games (their three squares of x marked
	 * as a win: 12), b3, b3a3 and b3c3 a move's square each (3), the
	 * root none.  Where a format's mark for a move is part of its mark
	 * for a win, the moves counted include the wins. */
	struct ab_str out = AB_STR_INIT;
	uint32_t nodes;
	static const struct {
		enum ab_export_format format;
		const char *board, *move, *win;  /* one a board, a move, a win */
		unsigned per_board;              /* board per node, or lines */
		size_t moves, wins;
	} formats[] = {
		{ AB_EXPORT_TEXT, "  a b c\n", NULL, NULL, 1, 0, 0 },
		{ AB_EXPORT_SVG, "<g class=\"board\"", "<tspan class=\"move\"",
		  "<tspan class=\"win\" font-weight=\"bold\" fill=\"#c0392b\">x<", 1, 3, 12 },
		{ AB_EXPORT_TIKZ, "\\node[ab board", "\\underline{",
		  "\\textcolor{red!70!black}{\\underline{x}}", 4, 3 + 12, 12 },
		{ AB_EXPORT_DOT, "board [shape=plain", "<b>",
		  "<font color=\"#c0392b\"><b>x</b></font>", 1, 3 + 12, 12 },
	};
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		ab_str_clear(&out);
		game_picture("tictactoe:xoxoxo...", formats[i].format, true, &out, &nodes);
		ck_assert_uint_eq(nodes, 8);
		const char *text = ab_str_cstr(&out);
		ck_assert_msg(count(text, formats[i].board) == nodes * formats[i].per_board,
			      "format %zu: %zu boards", i, count(text, formats[i].board));
		if (formats[i].move)
			ck_assert_msg(count(text, formats[i].move) == formats[i].moves,
				      "format %zu: %zu moves", i, count(text, formats[i].move));
		if (formats[i].win)
			ck_assert_msg(count(text, formats[i].win) == formats[i].wins,
				      "format %zu: %zu wins", i, count(text, formats[i].win));
		ab_str_clear(&out);
		game_picture("tictactoe:xoxoxo...", formats[i].format, false, &out, &nodes);
		ck_assert_msg(count(ab_str_cstr(&out), formats[i].board) == 0, "format %zu", i);
	}
	/* Nim's boards, heaps of counters; connect four's, with its frame. */
	ab_str_clear(&out);
	game_picture("nim:2,1", AB_EXPORT_TEXT, true, &out, &nodes);
	/* Heap a holds two at the root and after b1 alone. */
	ck_assert(count(ab_str_cstr(&out), "a  2 ||\n") == 2);
	ck_assert(count(ab_str_cstr(&out), "a  0\n") > 0);
	ab_str_clear(&out);
	game_picture("connect4:4x2:xo/xo/xo/", AB_EXPORT_SVG, true, &out, &nodes);
	ck_assert_uint_eq(count(ab_str_cstr(&out), "<g class=\"board\""), nodes);
	ck_assert(count(ab_str_cstr(&out), "+-------+") == nodes);
	ab_str_free(&out);
}
END_TEST

/* With boards, every node's board lies under its shape (a leaf's under
 * its name), inside the node's own columns, above its children, and
 * inside the picture. */
START_TEST(boards_geometry)
{
	static const char *const texts[] = { "tictactoe:xoxoxo...", "nim:3,1",
					     "connect4:4x2:x/o//" };
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct ab_diag diag;
		struct ab_game_options gopt = { 0 };
		struct ab_tree *tree = ab_game_tree(texts[i], &gopt, &diag);
		ck_assert(tree);
		struct ab_picture_boards b;
		ck_assert(ab_picture_boards_init(&b, tree));
		struct ab_config config = AB_CONFIG_DEFAULT;
		struct ab_trace *trace = ab_trace_record(tree, &config);
		size_t end = trace->length;
		struct ab_scene scene;
		ab_scene_build_boards(&scene, trace, &end, 1, 2, &b);
		double bw = scene.board_w, bh = scene.board_h;
		ck_assert(bw > 0 && bh > 0);
		for (uint32_t n = 0; n < tree->count; n++) {
			double x = ab_scene_x(&scene, n), top = ab_scene_board_top(&scene, n);
			double shape_bottom = ab_scene_top(&scene, n) +
					      (ab_is_leaf(tree, n) ? AB_SCENE_LEAF_H + AB_SCENE_LINE
								   : AB_SCENE_TRI_H);
			ck_assert(top >= shape_bottom);
			ck_assert(top + bh <= scene.height);
			ck_assert(x - bw / 2.0 >= 0 && x + bw / 2.0 <= scene.width);
			/* Within the node's columns: no other board or shape
			 * is there. */
			const struct ab_layout *l = &scene.layout;
			double c0 = AB_SCENE_MARGIN + l->x[n] * 5.0, c1 = c0 + l->w[n] * 5.0;
			ck_assert_msg(x - bw / 2.0 >= c0 - 0.01 && x + bw / 2.0 <= c1 + 0.01,
				      "%s node %u: board %.1f..%.1f, columns %.1f..%.1f", texts[i], n,
				      x - bw / 2.0, x + bw / 2.0, c0, c1);
			if (!ab_is_leaf(tree, n)) {
				ck_assert(top + bh <= ab_scene_bottom(&scene, n));
				for (uint32_t k = 0; k < tree->nodes[n].nkids; k++)
					ck_assert(ab_scene_bottom(&scene, n) <
						  ab_scene_level_top(&scene, ab_kid(tree, n, k)));
			}
		}
		ab_scene_free(&scene);
		ab_trace_free(trace);
		ab_tree_free(tree);
	}
}
END_TEST

/* The pictures with boards render: Graphviz, rsvg-convert, pdflatex. */
START_TEST(boards_render)
{
	bool keep;
	char *dir = render_dir(&keep);
	static const struct {
		const char *option, *file, *command;
	} steps[] = {
		{ "--dot", "boards.dot", "dot -Tpng boards.dot -o boards-dot.png" },
		{ "--svg", "boards.svg", "rsvg-convert boards.svg -o boards-svg.png" },
		{ "--tikz", "boards.tex", "pdflatex -interaction=nonstopmode boards.tex" },
	};
	static const char *const tools[] = { "dot", "rsvg-convert", "pdflatex" };
	for (size_t i = 0; i < 3; i++) {
		struct ab_str path = AB_STR_INIT;
		ab_str_addf(&path, "%s/%s", dir, steps[i].file);
		struct run_result r = run_abtrace(NULL, ARGS("export", steps[i].option, "--standalone",
							     "--board", "-g", "tictactoe:xoxo.....",
							     "-o", path.s));
		if (strcmp(steps[i].option, "--tikz") != 0) {
			/* --standalone is TikZ's alone. */
			run_result_free(&r);
			r = run_abtrace(NULL, ARGS("export", steps[i].option, "--board", "-g",
						   "tictactoe:xoxo.....", "-o", path.s));
		}
		ck_assert_msg(r.status == 0, "%s: %s", steps[i].option, ab_str_cstr(&r.err));
		run_result_free(&r);
		ab_str_free(&path);
		if (!have_program(tools[i])) {
			printf("boards_render: no %s, %s not rendered\n", tools[i], steps[i].option);
			continue;
		}
		ck_assert_msg(shell(dir, "%s", steps[i].command), "%s failed (see %s/render.log)",
			      steps[i].command, dir);
	}
	if (!keep)
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
	tcase_add_test(tc, dot_shape_sizes);
	tcase_add_test(tc, note_ground);
	tcase_add_test(tc, deep_tree);
	tcase_add_test(tc, tikz_marks);
	tcase_add_test(tc, svg_lecture);
	tcase_add_test(tc, scene_geometry);
	tcase_add_test(tc, frames);
	tcase_add_test(tc, tex_prose);
	tcase_add_test(tc, frames_fit);
	tcase_add_loop_test(tc, exporter_table, 0, (int)ab_nexporters);
	tcase_add_test(tc, frame_names);
	tcase_add_loop_test(tc, cli, 0, sizeof cli_cases / sizeof cli_cases[0]);
	tcase_add_test(tc, output_atomic);
	tcase_add_test(tc, output_through_links);
	tcase_add_test(tc, output_fifo);
	tcase_add_test(tc, output_too_large);
	tcase_add_loop_test(tc, output_signal_removes_temp, 0,
			    sizeof write_signals / sizeof write_signals[0]);
	tcase_add_test(tc, output_devices);
	tcase_add_test(tc, boards_in_every_format);
	tcase_add_test(tc, boards_geometry);
	suite_add_tcase(s, tc);
	/* Rendering with the tools installed, and every step of every
	 * bundled tree drawn: minutes under valgrind, and the slow suite
	 * (tests/meson.build). */
	TCase *render_tc = tcase_create("render");
	tcase_set_tags(render_tc, "slow");
	tcase_set_timeout(render_tc, 900);
	tcase_add_loop_test(render_tc, render, 0, sizeof render_cases / sizeof render_cases[0]);
	tcase_add_test(render_tc, render_frames);
	tcase_add_test(render_tc, dot_renders);
	tcase_add_loop_test(render_tc, frame_files_one_scene, 0, NBUNDLED);
	tcase_add_test(render_tc, boards_render);
	suite_add_tcase(s, render_tc);
	return s;
}

int main(void)
{
	return ab_run_suite(export_suite());
}
