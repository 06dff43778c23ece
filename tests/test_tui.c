/* test_tui.c - the replay end to end: the real binary inside tmux.
 *
 * Each test starts its own tmux server (-L with a name of its own, no
 * config file), runs abtrace in a pane of a given size with LANG=C.UTF-8,
 * sends keys and polls `capture-pane` until the expected text shows or a
 * deadline passes; there are no fixed sleeps.  remain-on-exit keeps the
 * pane after abtrace exits, so its exit status can be read.  `capture-pane
 * -e` gives the attributes: a dim cell is one under SGR 2.  Without tmux
 * the tests pass with a note.  The tmux helpers are in tmux.h, shared with
 * the practice and lesson tests.
 */
#define _GNU_SOURCE /* files.h: unshare() */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sources/load.h"
#include "core/parse.h"
#include "files.h"
#include "runprog.h"
#include "base/str.h"
#include "testutil.h"
#include "tmux.h"
#include "views/export.h"

/* ---- Reading attributes from capture-pane -e ------------------------------ */

struct cell {
	char ch[5];
	bool dim;
};

struct screen_cells {
	struct cell rows[64][256];
	int widths[64];
	int nrows;
};

/* Applies one SGR parameter list ("2", "0", "1;2", "38;5;8") to dim. */
static void apply_sgr(const char *params, size_t len, bool *dim)
{
	if (len == 0) {
		*dim = false;
		return;
	}
	size_t i = 0;
	while (i <= len) {
		int v = 0;
		size_t start = i;
		while (i < len && params[i] >= '0' && params[i] <= '9')
			v = v * 10 + (params[i++] - '0');
		if (i == start)
			v = 0;
		if (v == 0 || v == 22)
			*dim = false;
		else if (v == 2)
			*dim = true;
		else if (v == 38 || v == 48 || v == 58) {
			/* 38;5;N or 38;2;R;G;B: skip the colour's numbers. */
			int skip = 0;
			if (i < len && params[i] == ';') {
				size_t j = i + 1;
				int kind = atoi(params + j);
				skip = kind == 5 ? 2 : kind == 2 ? 4 : 1;
			}
			while (skip-- > 0 && i < len) {
				i++;
				while (i < len && params[i] != ';')
					i++;
			}
		}
		i++;
	}
}

static void parse_cells(const char *text, struct screen_cells *sc)
{
	memset(sc, 0, sizeof *sc);
	bool dim = false;
	int row = 0, col = 0;
	for (const char *p = text; *p && row < 64;) {
		if (*p == '\n') {
			sc->widths[row] = col;
			row++;
			col = 0;
			p++;
			continue;
		}
		if (*p == 0x1b && p[1] == '[') {
			const char *q = p + 2;
			while (*q && !(*q >= 0x40 && *q <= 0x7e))
				q++;
			if (*q == 'm')
				apply_sgr(p + 2, (size_t)(q - (p + 2)), &dim);
			p = *q ? q + 1 : q;
			continue;
		}
		size_t len = 1;
		unsigned char c = (unsigned char)*p;
		if (c >= 0xf0)
			len = 4;
		else if (c >= 0xe0)
			len = 3;
		else if (c >= 0xc0)
			len = 2;
		if (col < 256) {
			memcpy(sc->rows[row][col].ch, p, len);
			sc->rows[row][col].dim = dim;
			col++;
		}
		p += len;
	}
	sc->nrows = row;
}

/* The row and column where text starts, scanning left of column limit. */
static bool find_text(const struct screen_cells *sc, const char *text, int from_col,
		      int *row, int *col)
{
	for (int r = 0; r < sc->nrows; r++) {
		for (int c = from_col; c < sc->widths[r]; c++) {
			const char *t = text;
			int k = c;
			while (*t && k < sc->widths[r]) {
				size_t l = strlen(sc->rows[r][k].ch);
				if (strncmp(t, sc->rows[r][k].ch, l) != 0)
					break;
				t += l;
				k++;
			}
			if (!*t) {
				*row = r;
				*col = c;
				return true;
			}
		}
	}
	return false;
}

static bool cells_dim(const struct screen_cells *sc, int row, int col, int n)
{
	for (int i = 0; i < n; i++)
		if (!sc->rows[row][col + i].dim)
			return false;
	return true;
}

static bool cells_any_dim(const struct screen_cells *sc, int row, int col, int n)
{
	for (int i = 0; i < n; i++)
		if (sc->rows[row][col + i].dim)
			return true;
	return false;
}

/* The lecture tree's leaf rows: names B1..D3 on one row, values above.
 * Checks that exactly C2 and C3 (4 and 6) are dim and marked when pruned
 * is true, and that nothing is dim or marked when it is false. */
static void check_leaves(const struct ab_str *escaped, bool pruned)
{
	static struct screen_cells sc;
	parse_cells(ab_str_cstr(escaped), &sc);
	static const char *const names[] = { "B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3" };
	int name_row = -1, col;
	ck_assert_msg(find_text(&sc, "B1", 0, &name_row, &col), "no leaf names on screen");
	int marks = 0;
	for (size_t i = 0; i < 9; i++) {
		int r, c;
		ck_assert_msg(find_text(&sc, names[i], 0, &r, &c), "leaf %s not shown", names[i]);
		ck_assert_int_eq(r, name_row);
		bool should = pruned && (i == 4 || i == 5);
		ck_assert_msg(cells_dim(&sc, r, c, 2) == should && cells_any_dim(&sc, r, c, 2) == should,
			      "leaf name %s should %sbe dim", names[i], should ? "" : "not ");
		/* The value sits above the name; look a column either side. */
		int lo = c > 0 ? c - 1 : 0, hi = c + 3;
		bool dim = false, mark = false;
		for (int k = lo; k < hi && k < sc.widths[r - 1]; k++) {
			const struct cell *cell = &sc.rows[r - 1][k];
			if (cell->ch[0] && cell->ch[0] != ' ') {
				dim |= cell->dim;
				mark |= strcmp(cell->ch, "✂") == 0;
			}
		}
		ck_assert_msg(dim == should, "leaf %s's value should %sbe dim", names[i],
			      should ? "" : "not ");
		ck_assert_msg(mark == should, "leaf %s's value should %sbe marked", names[i],
			      should ? "" : "not ");
		marks += mark;
	}
	ck_assert_int_eq(marks, pruned ? 2 : 0);
}

/* The leaf counts abtrace stats gives for a tree. */
static void stats_counts(const char *options, const char *expr, unsigned *minimax,
			 unsigned *alphabeta)
{
	/* options: up to two words, e.g. "--fail-hard --order best". */
	char opts[64], *o2 = NULL;
	snprintf(opts, sizeof opts, "%s", options);
	const char *args[8] = { "stats", "--json" };
	int n = 2;
	for (char *w = strtok_r(opts, " ", &o2); w; w = strtok_r(NULL, " ", &o2))
		args[n++] = w;
	args[n++] = "-e";
	args[n++] = expr;
	args[n] = NULL;
	struct run_result r = run_abtrace(NULL, args);
	ck_assert_int_eq(r.status, 0);
	const char *mm = strstr(ab_str_cstr(&r.out), "\"minimax\":{\"leaves\":");
	const char *ab = strstr(ab_str_cstr(&r.out), "\"alphabeta\":{\"leaves\":");
	ck_assert_ptr_nonnull(ab);
	/* With --order only the asked-for search is counted. */
	*minimax = mm ? (unsigned)atoi(mm + strlen("\"minimax\":{\"leaves\":")) : 0;
	*alphabeta = (unsigned)atoi(ab + strlen("\"alphabeta\":{\"leaves\":"));
	run_result_free(&r);
}

/* ---- Tests ---------------------------------------------------------------- */

static const struct { int cols, rows; } sizes[] = { { 80, 24 }, { 120, 40 } };

/* The lecture tree at the end and back at the start, at both sizes. */
START_TEST(test_lecture_end_and_start)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(sizes[_i].cols, sizes[_i].rows, NULL, "");
	WAIT_FOR(&s, "step 0/29", "minimax 9");
	keys("End");
	WAIT_FOR(&s, "step 29/29", "minimax 9", "alpha-beta 7", "C ≤ 2", "A = 3");
	capture(&s, true);
	check_leaves(&s, true);
	keys("Home");
	WAIT_FOR(&s, "step 0/29");
	capture(&s, true);
	check_leaves(&s, false);
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* Sends n steps forward at once. */
static void step_forward(int n)
{
	struct ab_str k = AB_STR_INIT;
	for (int i = 0; i < n; i++)
		ab_str_add(&k, i ? " Space" : "Space");
	keys(ab_str_cstr(&k));
	ab_str_free(&k);
}

/* The line of the screen (captured with attributes) that holds text, in
 * out; false when none does. */
static bool line_holding(const struct ab_str *screen, const char *text, struct ab_str *out)
{
	const char *at = strstr(ab_str_cstr(screen), text);
	if (!at)
		return false;
	const char *start = at;
	while (start > screen->s && start[-1] != '\n')
		start--;
	const char *end = strchr(at, '\n');
	ab_str_clear(out);
	ab_str_addn(out, start, end ? (size_t)(end - start) : strlen(start));
	return true;
}

static const struct { int cols, rows; } toolkit_sizes[] = { { 80, 24 }, { 160, 50 } };

/* --tt: the table as a panel beside the tree, every slot in use with its
 * position, depth, value, flag and best move, and the slot the current
 * probe reads marked (reverse video), at 80x24 and 160x50. */
START_TEST(test_table_panel)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT, line = AB_STR_INIT;
	start(toolkit_sizes[_i].cols, toolkit_sizes[_i].rows, NULL,
	      "--tt -e 'A[ P[3 4] B[ C[1 2] 9 ] D[ &C 8 ] ]'");
	WAIT_FOR(&s, "step 0/41", "Table: 14 slots, 0 in use", "(nothing stored yet)");
	step_forward(31);
	WAIT_FOR(&s, "step 31/41", "Table: 14 slots, 3 in use", "slot pos", "1 P", "4 B",
		 "5 C        1     2 upper C2", "is in the table from a search of depth 1");
	capture(&s, true);
	ck_assert_msg(line_holding(&s, "5 C ", &line), "%s", ab_str_cstr(&s));
	const char *rev = strstr(ab_str_cstr(&line), "\033[7m");
	ck_assert_msg(rev && rev < strstr(ab_str_cstr(&line), "5 C "), "not marked: %s",
		      ab_str_cstr(&line));
	ck_assert_msg(line_holding(&s, "1 P ", &line), "%s", ab_str_cstr(&s));
	ck_assert_ptr_null(strstr(ab_str_cstr(&line), "\033[7m    1 P"));
	/* A store marks the slot it writes. */
	keys("End");
	WAIT_FOR(&s, "step 41/41", "Table: 14 slots, 5 in use", "0 A ");
	keys("Left Left");
	WAIT_FOR(&s, "step 39/41", "goes into the table at slot 0");
	capture(&s, true);
	ck_assert(line_holding(&s, "0 A ", &line) && strstr(ab_str_cstr(&line), "\033[7m"));
	quit_replay();
	ab_str_free(&s);
	ab_str_free(&line);
}
END_TEST

/* --pvs: a null window drawn as one (one unit wide, and said so), the
 * research that follows, the node searched again marked, and the
 * selected node's Knuth-Moore type. */
START_TEST(test_research_shown)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(toolkit_sizes[_i].cols, toolkit_sizes[_i].rows, NULL,
	      "--pvs -e 'A[B[3 12 8] C[5 9 7] D[2 4 6]]'");
	WAIT_FOR(&s, "step 0/34");
	step_forward(11);
	WAIT_FOR(&s, "step 11/34", "[3, 4] null", "with the null window");
	step_forward(6);
	WAIT_FOR(&s, "step 17/34", "C returned 5 from its null window");
	step_forward(1);
	WAIT_FOR(&s, "step 18/34", "↻▼C", "again, now with the full window");
	keys("End");
	WAIT_FOR(&s, "step 34/34");
	literal("/");
	WAIT_FOR(&s, "Select");
	literal("C");
	keys("Enter");
	WAIT_FOR(&s, "type: PV.", "second search");
	literal("/");
	WAIT_FOR(&s, "Select");
	literal("D");
	keys("Enter");
	WAIT_FOR(&s, "type: CUT.");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* A chance-node tree: the chance glyph, the probabilities on the
 * children, the running range of the chance node on the path, and the
 * subtree its cutoff skipped greyed out and marked. */
START_TEST(test_chance_tree)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	/* 80x24 shows part of the tree (it follows the current node);
	 * 160x50 all of it. */
	bool wide = _i == 1;
	start(wide ? 160 : 80, wide ? 50 : 24, NULL, "expectimax");
	WAIT_FOR(&s, "step 0/33", "0.7: ", "0.3: ", "expectimax 8");
	if (wide)
		WAIT_FOR(&s, "○B", "○C", "○ chance");
	keys("n");
	/* The cut at C: S = 4.2 with 0.3 left, so C lies in [4.2, 7.2]. */
	WAIT_FOR(&s, "step 30/33", "Cutoff at C", "○C in [4.2, 7.2]", "Skip G");
	if (wide) {
		capture(&s, true);
		static struct screen_cells sc;
		parse_cells(ab_str_cstr(&s), &sc);
		static const char *const names[] = { "D1", "D2", "E1", "E2", "F1", "F2", "G1", "G2" };
		for (size_t i = 0; i < 8; i++) {
			int r, c;
			ck_assert_msg(find_text(&sc, names[i], 0, &r, &c), "leaf %s not shown", names[i]);
			bool pruned = i >= 6;
			ck_assert_msg(cells_dim(&sc, r, c, 2) == pruned,
				      "leaf %s should %sbe dim", names[i], pruned ? "" : "not ");
		}
		int r, c;
		ck_assert(find_text(&sc, "✂2", 0, &r, &c));
		ck_assert(find_text(&sc, "✂10", 0, &r, &c));
		ck_assert(cells_dim(&sc, r, c, 3));
	}
	keys("G");
	WAIT_FOR(&s, "step 33/33", "A = 8.4");
	quit_replay();
	/* ASCII and no colour: the chance glyph and the marks still read. */
	start(wide ? 160 : 80, wide ? 50 : 24, "NO_COLOR=1", "--ascii --chance-prune star1 expectimax");
	WAIT_FOR(&s, "step 0/33", "0.7: ");
	keys("G");
	WAIT_FOR(&s, "step 33/33", "alpha-beta 5 of 5");
	if (wide)
		WAIT_FOR(&s, "oB", "oC", "x8", "x2", "x10");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

START_TEST(test_next_cutoff)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(80, 24, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29");
	keys("n");
	WAIT_FOR(&s, "step 15/29", "Cutoff at C", "C2", "C3");
	/* The cut is at step 15 and prunes C2 and C3 there already. */
	capture(&s, true);
	check_leaves(&s, true);
	keys("N");
	WAIT_FOR(&s, "step 15/29 | no cutoff before this step");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* A long sentence gets the rows it needs: at 80x24 the deep cutoff's
 * narration is read to its end ("Skip E2."), not cut after three rows. */
START_TEST(test_long_narration_whole)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(80, 24, NULL, "deep-cutoff");
	WAIT_FOR(&s, "step 0/");
	keys("n");
	WAIT_FOR(&s, "step 16/", "Cutoff at E", "choose E. Skip E2.", "▲A");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* abtrace test on a terminal says which tree it is at, and erases that
 * line before its report. */
START_TEST(test_test_progress)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT, args = AB_STR_INIT;
	ab_str_addf(&args, "test --count 12 --seed 2 -- python3 '%s/tests/engines/alphabeta.py'",
		    getenv("ABTRACE_SOURCE_ROOT"));
	start(80, 24, NULL, ab_str_cstr(&args));
	WAIT_FOR(&s, "abtrace test: tree ", " of 12");
	ck_assert_int_eq(wait_exit(), 0); /* every tree agreed */
	capture(&s, false);
	ck_assert_msg(!strstr(ab_str_cstr(&s), " of 12"), "the progress line stayed:\n%s",
		      ab_str_cstr(&s));
	stop_server();
	ab_str_free(&s);
	ab_str_free(&args);
}
END_TEST

START_TEST(test_edit_leaf)
{
	if (skip_without_tmux())
		return;
	unsigned mm, ab;
	stats_counts("", "[[3,12,8],[5,4,6],[14,5,2]]", &mm, &ab);
	struct ab_str s = AB_STR_INIT, want = AB_STR_INIT;
	start(80, 24, NULL, "");
	WAIT_FOR(&s, "step 0/29");
	keys("e");
	WAIT_FOR(&s, "Edit which leaf");
	literal("2.1");
	keys("Enter");
	WAIT_FOR(&s, "New value of C1 (now 2)?");
	literal("5");
	keys("Enter");
	keys("End");
	ab_str_addf(&want, "alpha-beta %u of %u", ab, ab);
	char mms[32];
	snprintf(mms, sizeof mms, "minimax %u", mm);
	WAIT_FOR(&s, ab_str_cstr(&want), mms, "B1 B2");
	/* Nothing is pruned now: no mark but the legend's, if it shows. */
	for (const char *m = strstr(ab_str_cstr(&s), "✂"); m; m = strstr(m + 1, "✂"))
		ck_assert_msg(strncmp(m, "✂ pruned", strlen("✂ pruned")) == 0,
			      "a pruned mark after the edit:\n%s", ab_str_cstr(&s));
	quit_replay();
	ab_str_free(&s);
	ab_str_free(&want);
}
END_TEST

/* Edits a file could not hold are refused at the prompt with the reason,
 * the tree unchanged; a leaf and its value may come in one line. */
static const struct {
	const char *args;
	char key;
	const char *typed;
	const char *said;
} refused_edits[] = {
	{ "expectimax", 'e', "G1 100", "'100' is outside this tree's bounds 0..10" },
	{ "expectimax", 'e', "G1 -inf", "'-inf' is outside this tree's bounds 0..10" },
	{ "", 'e', "C1 1234567890123456", "is not a number this tree can hold" },
	{ "", 'e', "C1 5", "C1 = 5 now" },
	{ "", 'e', "C1 +inf", "C1 = +∞ now" },
	{ "", 's', "C 4294967297 2", "cannot swap 'C 4294967297 2'" },
	{ "", 's', "C 1 -1", "cannot swap 'C 1 -1'" },
};

START_TEST(test_edits_refused)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(100, 24, NULL, refused_edits[_i].args);
	WAIT_FOR(&s, "step 0/");
	char key[2] = { refused_edits[_i].key, '\0' };
	keys(key);
	WAIT_FOR(&s, refused_edits[_i].key == 'e' ? "Edit which leaf" : "Swap which two");
	literal(refused_edits[_i].typed);
	keys("Enter");
	WAIT_FOR(&s, refused_edits[_i].said);
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* Both ways of naming a swap: two siblings, and a node with two ranks. */
static const struct {
	const char *answer;
	const char *edited;
} swaps[] = {
	{ "B D", "[[14,5,2],[2,4,6],[3,12,8]]" },
	{ "C 1 3", "[[3,12,8],[6,4,2],[14,5,2]]" },
	{ "B2 B1", "[[12,3,8],[2,4,6],[14,5,2]]" },
};

START_TEST(test_swap_children)
{
	if (skip_without_tmux())
		return;
	unsigned mm, ab;
	stats_counts("", swaps[_i].edited, &mm, &ab);
	struct ab_str s = AB_STR_INIT, want = AB_STR_INIT;
	start(80, 24, NULL, "");
	WAIT_FOR(&s, "step 0/29");
	keys("s");
	WAIT_FOR(&s, "Swap which two");
	literal(swaps[_i].answer);
	keys("Enter");
	keys("G");
	ab_str_addf(&want, "alpha-beta %u of %u", ab, ab);
	char mms[32];
	snprintf(mms, sizeof mms, "minimax %u", mm);
	WAIT_FOR(&s, ab_str_cstr(&want), mms);
	quit_replay();
	ab_str_free(&s);
	ab_str_free(&want);
}
END_TEST

/* ---- Edits kept: undo, reset, save; the step exported --------------------- */

/* The lecture tree as its file gives it, written back in tree-file syntax,
 * with leaf C1 set to c1 (or as it is when c1 is 2). */
static void lecture_written(long long c1, struct ab_str *out)
{
	struct ab_tree *tree = tree_ok("lecture");
	ck_assert(ab_tree_set_value(tree, ab_tree_find(tree, "C1"), (ab_value)c1));
	ab_str_clear(out);
	ab_tree_write(tree, out);
	ab_tree_free(tree);
}

static void file_text(const char *path, struct ab_str *out)
{
	struct ab_diag diag;
	size_t len;
	ab_str_clear(out);
	char *text = ab_read_file(path, 1 << 20, &len, &diag);
	ck_assert_msg(text != NULL, "no file %s", path);
	ab_str_addn(out, text, len);
	free(text);
}

START_TEST(test_undo_reset_save)
{
	if (skip_without_tmux())
		return;
	char edited[64], loaded[64];
	/* A file name may hold spaces and commas. */
	snprintf(edited, sizeof edited, "/tmp/abtrace test, edited-%ld.tree", (long)getpid());
	snprintf(loaded, sizeof loaded, "/tmp/abtrace-test-loaded-%ld.tree", (long)getpid());
	struct ab_str s = AB_STR_INIT, want = AB_STR_INIT, got = AB_STR_INIT;
	start(100, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29", "alpha-beta 0 of 7");
	/* An edit (the prompt takes blanks around the number), then a swap. */
	keys("e");
	WAIT_FOR(&s, "Edit which leaf");
	literal("C1");
	keys("Enter");
	WAIT_FOR(&s, "New value of C1 (now 2)?");
	literal(" 5 ");
	keys("Enter");
	WAIT_FOR(&s, "C1 = 5 now (u undoes)", "| 1 edit");
	keys("s");
	WAIT_FOR(&s, "Swap which two siblings");
	literal("B D");
	keys("Enter");
	WAIT_FOR(&s, "swapped (u undoes)", "| 2 edits");
	/* u undoes the swap only: C1 stays 5. */
	keys("u");
	WAIT_FOR(&s, "undone: alpha-beta looks at", "| 1 edit");
	keys("w");
	WAIT_FOR(&s, "Save the tree (tree-file syntax) to which file?");
	literal(edited);
	keys("Enter");
	WAIT_FOR(&s, "saved to", "(1 edit since loading)");
	lecture_written(5, &want);
	file_text(edited, &got);
	ck_assert_str_eq(ab_str_cstr(&got), ab_str_cstr(&want));
	/* U: every edit undone, the tree as loaded; saved, it is the file's. */
	keys("e");
	WAIT_FOR(&s, "Edit which leaf");
	literal("B2");
	keys("Enter");
	literal("1");
	keys("Enter");
	WAIT_FOR(&s, "B2 = 1 now", "| 2 edits");
	keys("U");
	WAIT_FOR(&s, "2 edits undone: the tree is as it was loaded");
	keys("u");
	WAIT_FOR(&s, "nothing to undo");
	keys("w");
	WAIT_FOR(&s, "Save the tree");
	literal(loaded);
	keys("Enter");
	WAIT_FOR(&s, "(0 edits since loading)");
	lecture_written(2, &want);
	file_text(loaded, &got);
	ck_assert_str_eq(ab_str_cstr(&got), ab_str_cstr(&want));
	/* A file that cannot be written is said so, and nothing is left. */
	keys("w");
	WAIT_FOR(&s, "Save the tree");
	literal("/nonexistent-dir/x.tree");
	keys("Enter");
	WAIT_FOR(&s, "cannot write '/nonexistent-dir/x.tree': No such file or directory");
	quit_replay();
	unlink(edited);
	unlink(loaded);
	ab_str_free(&s);
	ab_str_free(&want);
	ab_str_free(&got);
}
END_TEST

/* E writes the step on screen in every format of the exporters' table, as
 * `abtrace export OPTION --step N` would, as a whole document (TikZ with
 * --standalone). */
START_TEST(test_export_step)
{
	if (skip_without_tmux())
		return;
	char path[64];
	snprintf(path, sizeof path, "/tmp/abtrace-test-step-%ld.out", (long)getpid());
	struct ab_str s = AB_STR_INIT, got = AB_STR_INIT, answer = AB_STR_INIT;
	start(100, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29");
	keys("n");
	WAIT_FOR(&s, "step 15/29");
	keys("E");
	/* The prompt lists every format of the table, in its order. */
	struct ab_str prompt = AB_STR_INIT;
	ab_str_add(&prompt, "Export step 15 as FORMAT FILE (");
	for (size_t i = 0; i < ab_nexporters; i++)
		ab_str_addf(&prompt, "%s%s", i ? ", " : "", ab_exporters[i].name);
	ab_str_add(&prompt, ")?");
	WAIT_FOR(&s, prompt.s);
	ab_str_free(&prompt);
	const struct ab_exporter *ex = &ab_exporters[_i];
	ab_str_addf(&answer, "%s %s", ex->name, path);
	literal(ab_str_cstr(&answer));
	keys("Enter");
	WAIT_FOR(&s, "step 15 exported to");
	const char *args[] = { "export", ex->option, "--step", "15", "lecture",
			       ex->standalone ? "--standalone" : NULL, NULL };
	struct run_result r = run_abtrace(NULL, args);
	ck_assert_int_eq(r.status, 0);
	file_text(path, &got);
	ck_assert_str_eq(ab_str_cstr(&got), ab_str_cstr(&r.out));
	run_result_free(&r);
	/* An unknown format is refused, naming it. */
	keys("E");
	WAIT_FOR(&s, "Export step 15");
	literal("png x.png");
	keys("Enter");
	WAIT_FOR(&s, "'png' is not a format here");
	quit_replay();
	unlink(path);
	ab_str_free(&s);
	ab_str_free(&got);
	ab_str_free(&answer);
}
END_TEST

/* ---- Layouts ---------------------------------------------------------------- */

#define WIDE_TREE "'A[B[1 2 3 4] C[5 6 7 8] D[9 10 11 12] E[13 14 15 16] F[17 18 19 20] " \
	"G[21 22 23 24] H[25 26 27 28]]'"

/* A tree wider than an 80-column view scrolls, and an arrow at the edge
 * says so; once the terminal grows to hold it, it shows whole, unscrolled,
 * with no arrow. */
START_TEST(test_grow_unscrolls)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT, line = AB_STR_INIT;
	start(80, 24, NULL, "-e " WIDE_TREE);
	WAIT_FOR(&s, "step 0/");
	keys("Space");
	WAIT_FOR(&s, "step 1/", "▶");  /* the view at the left: more to the right */
	/* A few steps from the end the view follows H, at the right. */
	keys("End h h h h");
	WAIT_FOR(&s, "◀", "H4");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "B1 "));
	tmux(NULL, "resize-window -t 0 -x 140 -y 40");
	WAIT_FOR(&s, "B1 ", "H4");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "◀"));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "▶"));
	/* The tree sits in the middle of its area: no empty right half.  (A
	 * tree wider than the room beside the code takes the whole width.) */
	int row, b1, h4;
	ck_assert(find_on_screen(&s, "B1 ", &row, &b1));
	ck_assert(find_on_screen(&s, "H4", &row, &h4));
	ck_assert_msg(b1 > 0 && abs(b1 - (140 - (h4 + 2))) <= 2, "B1 at %d, H4 at %d:\n%s", b1, h4,
		      ab_str_cstr(&s));
	/* Back to 80 columns: scrolled to F again, and the arrow comes back. */
	tmux(NULL, "resize-window -t 0 -x 80 -y 24");
	WAIT_FOR(&s, "◀", "H4");
	quit_replay();
	ab_str_free(&s);
	ab_str_free(&line);
}
END_TEST

/* A lecture's wider trees: the bundled 27-leaf homework tree at 80x24
 * shows the root and its three children on its first screen (compact
 * leaves, the code giving way), with the status line cut after a whole
 * word; at 160x50 the presenter layout spreads it over at least three
 * quarters of the rows and the columns; a 12-leaf chance tree at 160
 * columns does not scroll. */
START_TEST(test_wide_trees_fill_the_screen)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT, line = AB_STR_INIT;
	int row, col, a_row, b_row, d_row;
	start(80, 24, NULL, "homework");
	WAIT_FOR(&s, "step 0/80", "▲A", "▼B", "▼C", "▼D");
	ck_assert(find_on_screen(&s, "▲A", &a_row, &col));
	ck_assert(find_on_screen(&s, "▼B", &b_row, &col));
	ck_assert(find_on_screen(&s, "▼D", &d_row, &col));
	ck_assert_int_lt(a_row, b_row);
	ck_assert_int_eq(b_row, d_row);
	/* The status line: whole words, no separator left hanging. */
	ck_assert(screen_line(&s, 23, &line));
	ck_assert_msg(strstr(ab_str_cstr(&line), "q quit") && !strstr(ab_str_cstr(&line), " s\n"),
		      "%s", ab_str_cstr(&line));
	const char *end = ab_str_cstr(&line) + line.len;
	while (end > ab_str_cstr(&line) && end[-1] == ' ')
		end--;
	ck_assert_msg(end - ab_str_cstr(&line) >= 2 && strncmp(end - 2, "it", 2) == 0,
		      "the status line ends mid-word: '%s'", ab_str_cstr(&line));
	quit_replay();

	start(160, 50, NULL, "homework");
	WAIT_FOR(&s, "step 0/80", "D3.3");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "◀"));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "▶"));
	keys("z");
	WAIT_FOR(&s, "presenter layout", "D3.3");
	int first, last;
	ck_assert(find_on_screen(&s, "▲A", &a_row, &col));
	ck_assert(find_on_screen(&s, "B1.1", &row, &first));
	ck_assert(find_on_screen(&s, "D3.3", &row, &last));
	ck_assert_msg(row - a_row + 1 >= 50 * 3 / 4, "the tree on rows %d to %d of 50:\n%s", a_row,
		      row, ab_str_cstr(&s));
	ck_assert_msg(last + 4 - first >= 160 * 3 / 4, "the tree on columns %d to %d of 160:\n%s",
		      first, last + 4, ab_str_cstr(&s));
	/* Every level's connector still reaches its children. */
	ck_assert(find_on_screen(&s, "▼B", &b_row, &col));
	ck_assert(screen_line(&s, b_row - 1, &line));
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&line), "│"));
	quit_replay();

	char *dir = temp_dir();
	struct ab_str path = AB_STR_INIT, args = AB_STR_INIT;
	ab_str_addf(&path, "%s/chance.tree", dir);
	put_file(path.s, "players: max chance min\n"
		 "A[ B[0.5: E[9 10] 0.5: F[9 7]] C[0.5: G[6 8] 0.5: H[2 10]]\n"
		 "   D[0.5: I[4 3] 0.5: J[1 10]] ]\n", 0644);
	ab_str_addf(&args, "'%s'", path.s);
	start(160, 50, NULL, args.s);
	WAIT_FOR(&s, "step 0/", "J2");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "◀"));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "▶"));
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&s), "E1"));
	quit_replay();
	remove_dir(dir);
	free(dir);
	ab_str_free(&path);
	ab_str_free(&args);
	ab_str_free(&s);
	ab_str_free(&line);
}
END_TEST

/* z: the presenter layout hides the pseudocode and the counts and spreads
 * the tree; z again brings them back. */
START_TEST(test_presenter_layout)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	int row, b1, b2, b1z, b2z;
	start(120, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29", "minimax 9", "ab(n, α, β):");
	ck_assert(find_on_screen(&s, "B1", &row, &b1));
	ck_assert(find_on_screen(&s, "B2", &row, &b2));
	keys("z");
	WAIT_FOR(&s, "presenter layout");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "minimax 9"));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "ab(n, α, β):"));
	ck_assert(find_on_screen(&s, "B1", &row, &b1z));
	ck_assert(find_on_screen(&s, "B2", &row, &b2z));
	ck_assert_msg(b2z - b1z > b2 - b1, "B1..B2: %d columns, %d in presenter:\n%s", b2 - b1,
		      b2z - b1z, ab_str_cstr(&s));
	keys("n");
	WAIT_FOR(&s, "Cutoff at C", "step 15/29");
	keys("z");
	WAIT_FOR(&s, "the usual layout", "minimax 9", "ab(n, α, β):");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* The status line offers only keys that work: minimax has no cutoffs
 * (and its outline shows no windows), a lesson refuses edits; --ascii
 * writes alpha and beta in the help. */
START_TEST(test_status_keys_fit_the_mode)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(140, 30, NULL, "lecture");
	WAIT_FOR(&s, "step 0/29", "n cutoff  e edit  s swap");
	keys("m");
	WAIT_FOR(&s, "minimax, order given", "space step  e edit");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "n cutoff"));
	keys("Space Space");
	WAIT_FOR(&s, "step 2/");
	keys("v");
	WAIT_FOR(&s, "  ▼B");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "[-∞, +∞]"));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "+∞]"));
	keys("v m");
	WAIT_FOR(&s, "n cutoff", "[-∞, +∞]");
	quit_replay();
	start(140, 30, "LANGUAGE=en", "lesson 03-lecture");
	WAIT_FOR(&s, "step 0/29", "space step  n cutoff");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "e edit"));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "s swap"));
	quit_replay();
	start(80, 40, NULL, "--ascii lecture");
	WAIT_FOR(&s, "step 0/29");
	keys("?");
	WAIT_FOR(&s, "strict cuts (alpha > beta) on/off");
	keys("q");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

START_TEST(test_resize_and_too_small)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT, f = AB_STR_INIT;
	start(80, 24, NULL, "");
	WAIT_FOR(&s, "step 0/29");
	keys("n");
	WAIT_FOR(&s, "step 15/29");
	tmux(NULL, "resize-window -t 0 -x 30 -y 8");
	WAIT_FOR(&s, "too small");
	keys("Right");
	tmux(NULL, "resize-window -t 0 -x 120 -y 40");
	WAIT_FOR(&s, "step 15/29", "minimax 9");
	tmux(NULL, "resize-window -t 0 -x 60 -y 18");
	WAIT_FOR(&s, "step 15/29", "minimax 9");
	ck_assert_msg(access(tmux_status, F_OK) != 0, "abtrace exited");
	quit_replay();
	ab_str_free(&s);
	ab_str_free(&f);
}
END_TEST

START_TEST(test_no_color_keeps_the_mark)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(80, 24, "NO_COLOR=1", "");
	WAIT_FOR(&s, "step 0/29");
	keys("G");
	WAIT_FOR(&s, "step 29/29", "✂4", "✂6");
	capture(&s, true);
	check_leaves(&s, true);
	/* Attributes only: no colour escapes at all. */
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "\x1b[90m"));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "\x1b[32m"));
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "\x1b[33m"));
	quit_replay();
	ab_str_free(&s);
}
END_TEST

START_TEST(test_ascii)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(80, 24, NULL, "--ascii");
	WAIT_FOR(&s, "step 0/29");
	keys("G");
	WAIT_FOR(&s, "step 29/29", "x4", "x6", "C <= 2", "alpha-beta 7 of 7");
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "✂"));
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* A signal that ends the replay restores the terminal first (alternate
 * screen, keypad and mouse modes off), then ends the program by that
 * signal: the shell sees 128 + n.  SIGINT and SIGQUIT come from the
 * keyboard (C-c, C-\\) as a user sends them; SIGTERM and SIGHUP by kill. */
static const struct {
	int sig;
	const char *key; /* NULL: kill(2) */
} stop_signals[] = {
	{ SIGTERM, NULL }, { SIGINT, "C-c" }, { SIGHUP, NULL }, { SIGQUIT, "'C-\\'" },
	{ SIGQUIT, NULL },
};

START_TEST(test_signal_restores_terminal)
{
	if (skip_without_tmux())
		return;
	/* SIGQUIT's default action dumps core: not here. */
	struct rlimit none = { 0, 0 };
	setrlimit(RLIMIT_CORE, &none);
	struct ab_str s = AB_STR_INIT, f = AB_STR_INIT;
	start(80, 24, NULL, "");
	WAIT_FOR(&s, "step 0/29");
	pane_format("#{alternate_on} #{keypad_cursor_flag} #{mouse_any_flag}", &f);
	ck_assert_str_eq(ab_str_cstr(&f), "1 1 1");
	if (stop_signals[_i].key) {
		keys(stop_signals[_i].key);
	} else {
		pid_t pid = abtrace_pid();
		ck_assert_int_gt(pid, 0);
		ck_assert_int_eq(kill(pid, stop_signals[_i].sig), 0);
	}
	int status = wait_exit_raw();
	ck_assert_msg(status == 128 + stop_signals[_i].sig, "exit status %d after signal %d",
		      status, stop_signals[_i].sig);
	wait_format("#{alternate_on} #{keypad_cursor_flag} #{keypad_flag} #{mouse_any_flag}",
		    "0 0 0 0");
	ab_str_clear(&f);
	ck_assert_msg(pane_terminal_sane(&f), "the terminal is left %s", ab_str_cstr(&f));
	capture(&s, false);
	ck_assert_ptr_null(strstr(ab_str_cstr(&s), "minimax 9"));
	stop_server();
	ab_str_free(&s);
	ab_str_free(&f);
}
END_TEST

START_TEST(test_help_and_select)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(80, 24, NULL, "");
	WAIT_FOR(&s, "step 0/29");
	keys("?");
	WAIT_FOR(&s, "next cutoff", "→, l, space, PgDn");
	/* Under UTF-8 the help writes α and β, as the screen does. */
	WAIT_FOR(&s, "strict cuts (α > β) on/off");
	keys("NPage NPage");
	WAIT_FOR(&s, "this help", "quit");
	keys("x");
	WAIT_FOR(&s, "step 0/29");
	keys("G /");
	WAIT_FOR(&s, "Select which node");
	literal("C2");
	keys("Enter");
	WAIT_FOR(&s, "pruned by the cutoff at C in step 15");
	keys("/");
	literal("C");
	keys("Enter");
	WAIT_FOR(&s, "entered in step 11 with window [3, +∞]", "cut off in step 15");
	keys("v");
	WAIT_FOR(&s, "  ▼C ≤ 2", "    ✂C2 4");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* A click on a pruned leaf selects it and says why it was cut. */
START_TEST(test_mouse_select)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(80, 24, NULL, "");
	WAIT_FOR(&s, "step 0/29");
	keys("G");
	WAIT_FOR(&s, "step 29/29", "✂4");
	capture(&s, true);
	static struct screen_cells sc;
	parse_cells(ab_str_cstr(&s), &sc);
	int row, col;
	ck_assert(find_text(&sc, "✂4", 0, &row, &col));
	/* An X10 mouse report: press and release of button 1 at (col, row). */
	/* An X10 mouse report, press then release of button 1: ESC [ M,
	 * then 32 + button, 32 + column + 1, 32 + row + 1. */
	for (int b = 0; b < 2; b++)
		ck_assert_int_eq(tmux(NULL, "send-keys -t 0 -H 1b 5b 4d %x %x %x", 32 + 3 * b,
				      32 + col + 2, 32 + row + 1), 0);
	WAIT_FOR(&s, "C2 (leaf 4, path 2.2): pruned by the cutoff at C in step 15");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* Changing the convention, the order or the algorithm updates the counts
 * and the pseudocode. */
START_TEST(test_conventions)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(80, 24, NULL, "");
	WAIT_FOR(&s, "step 0/29", "alpha-beta, fail-soft");
	char want[64];
	unsigned mm, ab;
	keys("f G");
	WAIT_FOR(&s, "alpha-beta, fail-hard", "return α", "alpha-beta 7 of 7");
	keys("o");
	stats_counts("--fail-hard --order reverse", "[[3,12,8],[2,4,6],[14,5,2]]", &mm, &ab);
	snprintf(want, sizeof want, "alpha-beta %u of %u", ab, ab);
	WAIT_FOR(&s, "order reverse", want);
	keys("o");
	stats_counts("--fail-hard --order best", "[[3,12,8],[2,4,6],[14,5,2]]", &mm, &ab);
	snprintf(want, sizeof want, "alpha-beta %u of %u", ab, ab);
	WAIT_FOR(&s, "order best", want);
	keys("m");
	snprintf(want, sizeof want, "alpha-beta %u", ab);
	WAIT_FOR(&s, "mm(n):", "minimax 9 of 9", want);
	keys("g");
	WAIT_FOR(&s, "minimax 0 of 9");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* Autoplay steps by itself, faster on +, and stops at the end. */
START_TEST(test_autoplay)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(80, 24, NULL, "");
	WAIT_FOR(&s, "step 0/29");
	keys("+ + + + + a");
	WAIT_FOR(&s, "step 29/29", "minimax 9", "alpha-beta 7 of 7");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* A tree on standard input: the keys come from the terminal. */
START_TEST(test_tree_on_stdin)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT, args = AB_STR_INIT;
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	ab_str_addf(&args, "- < '%s/trees/seed003.tree'", root ? root : ".");
	start(80, 24, NULL, ab_str_cstr(&args));
	WAIT_FOR(&s, "step 0/", "minimax 9");
	keys("End");
	WAIT_FOR(&s, "✂2", "root = 7");
	quit_replay();
	ab_str_free(&s);
	ab_str_free(&args);
}
END_TEST

/* A lesson plays in the replay: its text beside the tree, its questions
 * at their steps, its tree and search kept as written. */
START_TEST(test_lesson_replay)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	start(100, 30, NULL, "lesson lecture");
	WAIT_FOR(&s, "step 0/29", "The lecture tree, step by step");
	keys("e");
	WAIT_FOR(&s, "a lesson keeps its tree and search");
	/* Step until the first question is asked. */
	long end = now_ms() + TMUX_DEADLINE_MS;
	for (;;) {
		keys("Space");
		capture(&s, false);
		if (strstr(ab_str_cstr(&s), "Your answer"))
			break;
		ck_assert_msg(now_ms() < end, "no question asked:\n%s", ab_str_cstr(&s));
	}
	literal("C2 C3");
	keys("Enter");
	WAIT_FOR(&s, "C2 C3: right.", "step on to see what happens");
	quit_replay();
	ab_str_free(&s);
}
END_TEST

/* When the terminal cannot be driven: exit 2, pointing at abtrace trace. */
START_TEST(test_no_terminal)
{
	const char *args[] = { "lecture", NULL };
	struct run_result r = run_abtrace(NULL, args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&r.err), "abtrace trace"));
	run_result_free(&r);
	if (skip_without_tmux())
		return;
	static const char *const terms[] = { "TERM=no-such-terminal", "TERM=dumb" };
	struct ab_str s = AB_STR_INIT;
	for (size_t i = 0; i < 2; i++) {
		start(80, 24, terms[i], "");
		ck_assert_int_eq(wait_exit(), 2);
		/* The message may have scrolled into the history. */
		long end = now_ms() + TMUX_DEADLINE_MS;
		for (;;) {
			ab_str_clear(&s);
			tmux(&s, "capture-pane -p -J -S - -t 0");
			if (strstr(ab_str_cstr(&s), "use 'abtrace trace'"))
				break;
			ck_assert_msg(now_ms() < end, "no message in:\n%s", ab_str_cstr(&s));
			pause_briefly();
		}
		stop_server();
	}
	ab_str_free(&s);
}
END_TEST

/* Hostile terminals: a 1x1 start, a storm of resizes down to 1x1 while
 * keys arrive, and no TERM at all.  Nothing may crash or hang. */
START_TEST(test_hostile_terminals)
{
	if (skip_without_tmux())
		return;
	struct ab_str s = AB_STR_INIT;
	/* Born 1x1: it waits, then draws once the window grows.  A resize
	 * that lands while the program is still starting may come before its
	 * SIGWINCH handler and be missed (by ncurses, not by abtrace), so the
	 * window is nudged again until it draws. */
	start(1, 1, NULL, "");
	for (int nudge = 0;; nudge++) {
		tmux(NULL, "resize-window -t 0 -x %d -y 24", 80 + nudge % 2);
		long until = now_ms() + 2000;
		ab_str_clear(&s);
		while (now_ms() < until && !strstr(ab_str_cstr(&s), "step 0/29")) {
			pause_briefly();
			capture(&s, false);
		}
		if (strstr(ab_str_cstr(&s), "step 0/29"))
			break;
		ck_assert_msg(nudge < 5, "never drew after growing from 1x1:\n%s", ab_str_cstr(&s));
	}
	/* A storm: sizes from 1x1 to 200x60, keys in between. */
	static const int storm[][2] = { { 1, 1 }, { 2, 3 }, { 200, 60 }, { 10, 5 },
					{ 80, 24 }, { 1, 40 }, { 150, 1 }, { 33, 9 } };
	for (int i = 0; i < 40; i++) {
		tmux(NULL, "resize-window -t 0 -x %d -y %d", storm[i % 8][0], storm[i % 8][1]);
		keys(i % 3 ? "l" : "h");
	}
	tmux(NULL, "resize-window -t 0 -x 100 -y 30");
	WAIT_FOR(&s, "minimax 9");
	ck_assert_msg(access(tmux_status, F_OK) != 0, "abtrace exited during the storm");
	quit_replay();
	/* No TERM: a message and status 2, never a crash. */
	start(80, 24, "env -u TERM", "");
	ck_assert_int_eq(wait_exit(), 2);
	stop_server();
	ab_str_free(&s);
}
END_TEST

static Suite *tui_suite(void)
{
	Suite *s = suite_create("tui");
	TCase *tc = tcase_create("tmux");
	tcase_set_timeout(tc, 60);
	tmux_teardown(tc);
	tcase_add_loop_test(tc, test_lecture_end_and_start, 0, 2);
	tcase_add_test(tc, test_next_cutoff);
	tcase_add_test(tc, test_long_narration_whole);
	tcase_add_test(tc, test_test_progress);
	tcase_add_loop_test(tc, test_chance_tree, 0, 2);
	tcase_add_test(tc, test_edit_leaf);
	tcase_add_loop_test(tc, test_edits_refused, 0,
			    (int)(sizeof refused_edits / sizeof refused_edits[0]));
	tcase_add_loop_test(tc, test_swap_children, 0, sizeof swaps / sizeof swaps[0]);
	tcase_add_test(tc, test_resize_and_too_small);
	tcase_add_test(tc, test_undo_reset_save);
	tcase_add_loop_test(tc, test_export_step, 0, (int)ab_nexporters);
	tcase_add_test(tc, test_grow_unscrolls);
	tcase_add_test(tc, test_presenter_layout);
	tcase_add_test(tc, test_wide_trees_fill_the_screen);
	tcase_add_test(tc, test_status_keys_fit_the_mode);
	tcase_add_test(tc, test_hostile_terminals);
	tcase_add_test(tc, test_no_color_keeps_the_mark);
	tcase_add_test(tc, test_ascii);
	tcase_add_loop_test(tc, test_signal_restores_terminal, 0,
			    sizeof stop_signals / sizeof stop_signals[0]);
	tcase_add_test(tc, test_help_and_select);
	tcase_add_test(tc, test_mouse_select);
	tcase_add_test(tc, test_conventions);
	tcase_add_test(tc, test_autoplay);
	tcase_add_test(tc, test_tree_on_stdin);
	tcase_add_test(tc, test_lesson_replay);
	tcase_add_test(tc, test_no_terminal);
	tcase_add_loop_test(tc, test_table_panel, 0, 2);
	tcase_add_loop_test(tc, test_research_shown, 0, 2);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	tmux_test_init("tui");
	int status = ab_run_suite(tui_suite());
	tmux_test_done();
	return status;
}
