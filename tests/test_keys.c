/* test_keys.c - the key table: the keys the issue names do what it says,
 * no key is bound twice, every action has a key and a help line, and the
 * help screen is made from the table. */
#include <check.h>
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "sources/load.h"
#include "testutil.h"
#include "tui/keys.h"

static const struct {
	int key;
	enum ab_action action;
} expected[] = {
	{ KEY_RIGHT, AB_ACT_FORWARD }, { 'l', AB_ACT_FORWARD }, { ' ', AB_ACT_FORWARD },
	{ KEY_NPAGE, AB_ACT_FORWARD }, { KEY_LEFT, AB_ACT_BACK }, { 'h', AB_ACT_BACK },
	{ KEY_PPAGE, AB_ACT_BACK }, { KEY_HOME, AB_ACT_FIRST }, { 'g', AB_ACT_FIRST },
	{ KEY_END, AB_ACT_LAST }, { 'G', AB_ACT_LAST }, { 'n', AB_ACT_NEXT_CUT },
	{ 'N', AB_ACT_PREV_CUT }, { 'q', AB_ACT_QUIT }, { '?', AB_ACT_HELP },
	{ 'e', AB_ACT_EDIT }, { 's', AB_ACT_SWAP }, { 'v', AB_ACT_OUTLINE },
	{ 'm', AB_ACT_ALGO }, { 'f', AB_ACT_FAIL_HARD }, { 't', AB_ACT_STRICT },
	{ 'o', AB_ACT_ORDER }, { 'a', AB_ACT_AUTOPLAY }, { KEY_UP, AB_ACT_SCROLL_UP },
	{ 'p', AB_ACT_PRACTICE }, { 'P', AB_ACT_PREDICT }, { 'x', AB_ACT_PRACTICE_MARK },
	{ 'c', AB_ACT_PRACTICE_CHECK }, { '\r', AB_ACT_PRACTICE_VALUE },
	{ 'Z', AB_ACT_NONE },
};

START_TEST(test_key_actions)
{
	ck_assert_int_eq(ab_key_action(expected[_i].key), expected[_i].action);
}
END_TEST

START_TEST(test_table_sound)
{
	for (size_t i = 0; i < ab_nbindings; i++) {
		ck_assert_int_lt(ab_bindings[i].action, AB_ACT_COUNT);
		ck_assert(ab_bindings[i].label && *ab_bindings[i].label);
		for (size_t j = i + 1; j < ab_nbindings; j++)
			ck_assert_msg(ab_bindings[i].key != ab_bindings[j].key,
				      "key %s is bound twice", ab_bindings[i].label);
	}
	struct ab_str keys = AB_STR_INIT;
	for (int a = 0; a < AB_ACT_COUNT; a++) {
		ab_str_clear(&keys);
		ab_action_keys((enum ab_action)a, false, &keys);
		ck_assert_msg(keys.len > 0, "action '%s' has no key",
			      ab_action_help((enum ab_action)a));
		ck_assert(*ab_action_help((enum ab_action)a));
	}
	ab_str_clear(&keys);
	ab_action_keys(AB_ACT_FORWARD, false, &keys);
	ck_assert_str_eq(ab_str_cstr(&keys), "→, l, space, PgDn");
	ab_str_clear(&keys);
	ab_action_keys(AB_ACT_FORWARD, true, &keys);
	ck_assert_str_eq(ab_str_cstr(&keys), "Right, l, space, PgDn");
	ab_str_free(&keys);
}
END_TEST

/* One help line per action, holding its keys and its text. */
START_TEST(test_help_from_table)
{
	struct ab_str help = AB_STR_INIT, keys = AB_STR_INIT;
	ab_keys_help(false, &help);
	size_t lines = 0;
	for (const char *p = ab_str_cstr(&help); (p = strchr(p, '\n')); p++)
		lines++;
	ck_assert_uint_eq(lines, AB_ACT_COUNT);
	for (int a = 0; a < AB_ACT_COUNT; a++) {
		ab_str_clear(&keys);
		ab_action_keys((enum ab_action)a, false, &keys);
		ck_assert_ptr_nonnull(strstr(ab_str_cstr(&help), ab_str_cstr(&keys)));
		ck_assert_ptr_nonnull(strstr(ab_str_cstr(&help), ab_action_help((enum ab_action)a)));
	}
	ab_str_free(&help);
	ab_str_free(&keys);
}
END_TEST

/* The manual page's key list is written from the table at build time
 * (src/tui/manpage.c): rendered by groff, its REPLAY KEYS section names
 * every key of the table, each beside its action's help text. */
START_TEST(test_man_page_lists_every_key)
{
	const char *abtrace = getenv("ABTRACE");
	ck_assert_ptr_nonnull(abtrace);
	if (system("groff -v >/dev/null 2>&1") != 0) {
		fprintf(stderr, "note: groff is not installed; the man page is not rendered\n");
		return;
	}
	struct ab_str cmd = AB_STR_INIT, page = AB_STR_INIT;
	ab_str_addf(&cmd, "groff -man -Tutf8 -P-cbou '%.*s/abtrace.1' 2>/dev/null",
		    (int)(strrchr(abtrace, '/') - abtrace), abtrace);
	FILE *p = popen(ab_str_cstr(&cmd), "r");
	ck_assert_ptr_nonnull(p);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, p)) > 0)
		ab_str_addn(&page, buf, n);
	ck_assert_int_eq(pclose(p), 0);
	/* groff writes a minus sign and a hyphen for '-': read both as '-'. */
	struct ab_str text = AB_STR_INIT;
	const char *from = strstr(ab_str_cstr(&page), "REPLAY KEYS");
	const char *to = from ? strstr(from, "PRACTICE MODE") : NULL;
	ck_assert_msg(from && to, "no REPLAY KEYS section in:\n%s", ab_str_cstr(&page));
	/* White space runs (line ends, justification) read as one space. */
	for (const char *q = from; q < to; q++) {
		if (strncmp(q, "\u2212", 3) == 0 || strncmp(q, "\u2010", 3) == 0) {
			ab_str_addc(&text, '-');
			q += 2;
		} else if (*q == ' ' || *q == '\n') {
			if (text.len && text.s[text.len - 1] != ' ')
				ab_str_addc(&text, ' ');
		} else {
			ab_str_addc(&text, *q);
		}
	}
	/* Each action: a line of its keys, "K1, K2", and its help under it. */
	for (int a = 0; a < AB_ACT_COUNT; a++) {
		struct ab_str keys = AB_STR_INIT, help = AB_STR_INIT;
		ab_action_keys((enum ab_action)a, false, &keys);
		ck_assert_msg(strstr(ab_str_cstr(&text), ab_str_cstr(&keys)),
			      "the man page lacks the keys '%s'", ab_str_cstr(&keys));
		/* Then the help text, capitalised, as a sentence. */
		const char *h = ab_action_help((enum ab_action)a);
		ab_str_addf(&help, " %s %c%s.", ab_str_cstr(&keys),
			    h[0] >= 'a' && h[0] <= 'z' ? h[0] - 'a' + 'A' : h[0], h + 1);
		ck_assert_msg(strstr(ab_str_cstr(&text), ab_str_cstr(&help)),
			      "the man page lacks '%s' in:\n%s", ab_str_cstr(&help),
			      ab_str_cstr(&text));
		ab_str_free(&keys);
		ab_str_free(&help);
	}
	for (size_t i = 0; i < ab_nbindings; i++) {
		struct ab_str token = AB_STR_INIT;
		ab_str_addf(&token, "%s", ab_bindings[i].label);
		ck_assert_msg(strstr(ab_str_cstr(&text), ab_str_cstr(&token)),
			      "the man page lacks '%s'", ab_bindings[i].label);
		ab_str_free(&token);
	}
	ab_str_free(&text);
	ab_str_free(&page);
	ab_str_free(&cmd);
}
END_TEST

static Suite *keys_suite(void)
{
	Suite *s = suite_create("keys");
	TCase *tc = tcase_create("keys");
	tcase_add_loop_test(tc, test_key_actions, 0, sizeof expected / sizeof expected[0]);
	tcase_add_test(tc, test_table_sound);
	tcase_add_test(tc, test_help_from_table);
	tcase_add_test(tc, test_man_page_lists_every_key);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(keys_suite());
}
