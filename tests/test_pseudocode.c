/* test_pseudocode.c - the listings and which line each event executes:
 * every event of every search on the bundled trees maps to a line that
 * says what the event did (a cutoff to the break, an α update to the line
 * that assigns α, ...). */
#include <check.h>
#include <string.h>

#include "sources/load.h"
#include "testutil.h"
#include "core/trace.h"
#include "tui/pseudocode.h"

/* What the marked line must contain for each kind of event, per listing
 * (ASCII glyphs, so "alpha <-" is plain to match). */
static const struct {
	enum ab_pseudo_kind kind;
	enum ab_event_kind ev;
	enum ab_what what;
	enum ab_player player;
	const char *want; /* NULL: no line */
} cases[] = {
	{ AB_PSEUDO_FAIL_SOFT, AB_EV_ENTER, 0, AB_MAX, "ab(n, alpha, beta):" },
	{ AB_PSEUDO_FAIL_SOFT, AB_EV_LEAF, 0, AB_MIN, "if n is a leaf" },
	{ AB_PSEUDO_FAIL_SOFT, AB_EV_UPDATE, AB_WHAT_VALUE, AB_MAX, "v <- max(v" },
	{ AB_PSEUDO_FAIL_SOFT, AB_EV_UPDATE, AB_WHAT_VALUE, AB_MIN, "v <- min(v" },
	{ AB_PSEUDO_FAIL_SOFT, AB_EV_UPDATE, AB_WHAT_ALPHA, AB_MAX, "alpha <- max(alpha, v)" },
	{ AB_PSEUDO_FAIL_SOFT, AB_EV_UPDATE, AB_WHAT_BETA, AB_MIN, "beta <- min(beta, v)" },
	{ AB_PSEUDO_FAIL_SOFT, AB_EV_CUTOFF, 0, AB_MIN, "break" },
	{ AB_PSEUDO_FAIL_SOFT, AB_EV_RETURN, 0, AB_MAX, "return v" },
	{ AB_PSEUDO_FAIL_SOFT, AB_EV_DONE, 0, AB_MAX, "ab(root" },
	{ AB_PSEUDO_FAIL_HARD, AB_EV_UPDATE, AB_WHAT_ALPHA, AB_MAX, "alpha <- max(alpha, ab(c" },
	{ AB_PSEUDO_FAIL_HARD, AB_EV_UPDATE, AB_WHAT_BETA, AB_MIN, "beta <- min(beta, ab(c" },
	{ AB_PSEUDO_FAIL_HARD, AB_EV_UPDATE, AB_WHAT_VALUE, AB_MAX, NULL },
	{ AB_PSEUDO_FAIL_HARD, AB_EV_RETURN, 0, AB_MAX, "return alpha" },
	{ AB_PSEUDO_FAIL_HARD, AB_EV_RETURN, 0, AB_MIN, "return beta" },
	{ AB_PSEUDO_FAIL_HARD, AB_EV_CUTOFF, 0, AB_MAX, "break" },
	/* --fail-hard=clamp: the bound that passed the other comes back as
	 * the other. */
	{ AB_PSEUDO_FAIL_CLAMP, AB_EV_UPDATE, AB_WHAT_ALPHA, AB_MAX, "alpha <- max(alpha, ab(c" },
	{ AB_PSEUDO_FAIL_CLAMP, AB_EV_RETURN, 0, AB_MAX, "return min(alpha, beta)" },
	{ AB_PSEUDO_FAIL_CLAMP, AB_EV_RETURN, 0, AB_MIN, "return max(alpha, beta)" },
	{ AB_PSEUDO_FAIL_CLAMP, AB_EV_UPDATE, AB_WHAT_VALUE, AB_MAX, NULL },
	{ AB_PSEUDO_NEGAMAX_CLAMP, AB_EV_RETURN, 0, AB_MIN, "return min(alpha, beta)" },
	{ AB_PSEUDO_MINIMAX, AB_EV_ENTER, 0, AB_MIN, "mm(n):" },
	{ AB_PSEUDO_MINIMAX, AB_EV_UPDATE, AB_WHAT_VALUE, AB_MIN, "v <- min(v, mm(c))" },
	{ AB_PSEUDO_MINIMAX, AB_EV_CUTOFF, 0, AB_MIN, NULL },
	{ AB_PSEUDO_MINIMAX, AB_EV_DONE, 0, AB_MAX, "mm(root)" },
	/* --view negamax: MIN's events run the one branch MAX's do. */
	{ AB_PSEUDO_NEGAMAX_SOFT, AB_EV_ENTER, 0, AB_MIN, "nm(n, alpha, beta):" },
	{ AB_PSEUDO_NEGAMAX_SOFT, AB_EV_LEAF, 0, AB_MIN, "return s(n)*value(n)" },
	{ AB_PSEUDO_NEGAMAX_SOFT, AB_EV_UPDATE, AB_WHAT_VALUE, AB_MAX, "v <- max(v, -nm(c, -beta, -alpha))" },
	{ AB_PSEUDO_NEGAMAX_SOFT, AB_EV_UPDATE, AB_WHAT_VALUE, AB_MIN, "v <- max(v, -nm(c, -beta, -alpha))" },
	{ AB_PSEUDO_NEGAMAX_SOFT, AB_EV_UPDATE, AB_WHAT_BETA, AB_MIN, "alpha <- max(alpha, v)" },
	{ AB_PSEUDO_NEGAMAX_SOFT, AB_EV_CUTOFF, 0, AB_MIN, "break" },
	{ AB_PSEUDO_NEGAMAX_SOFT, AB_EV_RETURN, 0, AB_MIN, "return v" },
	{ AB_PSEUDO_NEGAMAX_SOFT, AB_EV_DONE, 0, AB_MAX, "nm(root" },
	{ AB_PSEUDO_NEGAMAX_HARD, AB_EV_UPDATE, AB_WHAT_BETA, AB_MIN, "alpha <- max(alpha, -nm(c" },
	{ AB_PSEUDO_NEGAMAX_HARD, AB_EV_RETURN, 0, AB_MIN, "return alpha" },
	{ AB_PSEUDO_NEGAMAX_HARD, AB_EV_UPDATE, AB_WHAT_VALUE, AB_MIN, NULL },
	{ AB_PSEUDO_NEGAMAX, AB_EV_UPDATE, AB_WHAT_VALUE, AB_MIN, "v <- max(v, -nm(c))" },
	{ AB_PSEUDO_NEGAMAX, AB_EV_CUTOFF, 0, AB_MIN, NULL },
};

START_TEST(test_event_lines)
{
	struct ab_event ev = { .kind = cases[_i].ev, .what = cases[_i].what };
	int line = ab_pseudo_line_of(cases[_i].kind, &ev, cases[_i].player);
	if (!cases[_i].want) {
		ck_assert_int_eq(line, -1);
		return;
	}
	ck_assert_int_ge(line, 0);
	struct ab_str text = AB_STR_INIT;
	ab_pseudo_line(cases[_i].kind, (unsigned)line, false, &ab_glyphs_ascii, &text);
	ck_assert_msg(strstr(ab_str_cstr(&text), cases[_i].want), "line '%s' lacks '%s'",
		      ab_str_cstr(&text), cases[_i].want);
	ab_str_free(&text);
}
END_TEST

/* The cut test reads as the convention says, in both glyph sets. */
START_TEST(test_strict_and_glyphs)
{
	struct ab_event cut = { .kind = AB_EV_CUTOFF };
	int line = ab_pseudo_line_of(AB_PSEUDO_FAIL_SOFT, &cut, AB_MAX);
	struct ab_str text = AB_STR_INIT;
	ab_pseudo_line(AB_PSEUDO_FAIL_SOFT, (unsigned)line, false, &ab_glyphs_utf8, &text);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&text), "if α ≥ β: break"));
	ab_str_clear(&text);
	ab_pseudo_line(AB_PSEUDO_FAIL_SOFT, (unsigned)line, true, &ab_glyphs_utf8, &text);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&text), "if α > β: break"));
	ab_str_clear(&text);
	ab_pseudo_line(AB_PSEUDO_FAIL_SOFT, (unsigned)line, false, &ab_glyphs_ascii, &text);
	ck_assert_ptr_nonnull(strstr(ab_str_cstr(&text), "if alpha >= beta: break"));
	ab_str_clear(&text);
	/* No placeholder survives in any line of any listing. */
	for (int k = 0; k < AB_PSEUDO_COUNT; k++) {
		ck_assert(ab_pseudo_lines((enum ab_pseudo_kind)k) > 0 && *ab_pseudo_title((enum ab_pseudo_kind)k));
		for (unsigned i = 0; i < ab_pseudo_lines((enum ab_pseudo_kind)k); i++) {
			ab_str_clear(&text);
			ab_pseudo_line((enum ab_pseudo_kind)k, i, k == 1, &ab_glyphs_utf8, &text);
			ck_assert_ptr_null(strchr(ab_str_cstr(&text), '{'));
		}
	}
	ab_str_free(&text);
}
END_TEST

static const char *const bundled[] = { "lecture", "seed002", "seed003", "no-pruning",
				       "deep-cutoff", "min-root", "uneven", "ordering" };

/* Every event of every search maps to a line (value updates have none
 * under fail-hard, where they never happen), on every bundled tree. */
START_TEST(test_every_event_has_a_line)
{
	struct ab_str shown = AB_STR_INIT;
	struct ab_diag diag;
	struct ab_tree *t = ab_load_tree(bundled[_i], &shown, &diag);
	ck_assert_ptr_nonnull(t);
	static const struct ab_config configs[] = {
		{ .algo = AB_ALPHABETA },
		{ .algo = AB_ALPHABETA, .fail = AB_FAIL_HARD },
		{ .algo = AB_ALPHABETA, .fail = AB_FAIL_HARD, .strict = true, .order = AB_ORDER_REVERSE },
		{ .algo = AB_MINIMAX },
		{ .algo = AB_ALPHABETA, .view = AB_VIEW_NEGAMAX },
		{ .algo = AB_ALPHABETA, .fail = AB_FAIL_HARD, .strict = true, .order = AB_ORDER_REVERSE, .view = AB_VIEW_NEGAMAX },
		{ .algo = AB_MINIMAX, .view = AB_VIEW_NEGAMAX },
		{ .algo = AB_ALPHABETA, .fail = AB_FAIL_CLAMP },
		{ .algo = AB_ALPHABETA, .fail = AB_FAIL_CLAMP, .view = AB_VIEW_NEGAMAX },
	};
	for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
		struct ab_trace *tr = ab_trace_record(t, &configs[c]);
		enum ab_pseudo_kind kind = ab_pseudo_kind_of(&configs[c]);
		ck_assert((configs[c].fail == AB_FAIL_CLAMP) ==
			  (kind == AB_PSEUDO_FAIL_CLAMP || kind == AB_PSEUDO_NEGAMAX_CLAMP));
		while (ab_trace_forward(tr)) {
			struct ab_event ev;
			ab_trace_event(tr, &ev);
			uint32_t n = ev.kind == AB_EV_DONE ? 0 : ev.node;
			int line = ab_pseudo_line_of(kind, &ev, ab_player_at(t, n, tr->root_player));
			ck_assert_msg(line >= 0 && (unsigned)line < ab_pseudo_lines(kind),
				      "%s: step %zu has no line", bundled[_i], tr->step);
		}
		ab_trace_free(tr);
	}
	ab_tree_free(t);
	ab_str_free(&shown);
}
END_TEST

static Suite *pseudocode_suite(void)
{
	Suite *s = suite_create("pseudocode");
	TCase *tc = tcase_create("pseudocode");
	tcase_add_loop_test(tc, test_event_lines, 0, sizeof cases / sizeof cases[0]);
	tcase_add_test(tc, test_strict_and_glyphs);
	tcase_add_loop_test(tc, test_every_event_has_a_line, 0, sizeof bundled / sizeof bundled[0]);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(pseudocode_suite());
}
