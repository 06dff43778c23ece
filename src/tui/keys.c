/* keys.c - the one key table.
 *
 * Presentation clickers send PgUp/PgDn, so those step too.  ← and → (and
 * h, l) step through the search; the view scrolls with ↑ ↓ (k, j) and
 * shift-← shift-→ (H, L), and follows the current node by itself.
 */
#include "tui/keys.h"

#include <curses.h>
#include <string.h>

#include "i18n.h"
#include "tui/layout.h"

#define CTRL(c) ((c) & 0x1f)

const struct ab_binding ab_bindings[] = {
	{ KEY_RIGHT, "→", AB_ACT_FORWARD },
	{ 'l', "l", AB_ACT_FORWARD },
	{ ' ', "space", AB_ACT_FORWARD },
	{ KEY_NPAGE, "PgDn", AB_ACT_FORWARD },
	{ KEY_LEFT, "←", AB_ACT_BACK },
	{ 'h', "h", AB_ACT_BACK },
	{ KEY_PPAGE, "PgUp", AB_ACT_BACK },
	{ KEY_BACKSPACE, "Backspace", AB_ACT_BACK },
	{ KEY_HOME, "Home", AB_ACT_FIRST },
	{ 'g', "g", AB_ACT_FIRST },
	{ KEY_END, "End", AB_ACT_LAST },
	{ 'G', "G", AB_ACT_LAST },
	{ 'n', "n", AB_ACT_NEXT_CUT },
	{ 'N', "N", AB_ACT_PREV_CUT },
	{ '.', ".", AB_ACT_NEXT_LEAF },
	{ ',', ",", AB_ACT_PREV_LEAF },
	{ 'a', "a", AB_ACT_AUTOPLAY },
	{ '+', "+", AB_ACT_FASTER },
	{ '=', "=", AB_ACT_FASTER },
	{ '-', "-", AB_ACT_SLOWER },
	{ 'f', "f", AB_ACT_FAIL_HARD },
	{ 't', "t", AB_ACT_STRICT },
	{ 'o', "o", AB_ACT_ORDER },
	{ 'm', "m", AB_ACT_ALGO },
	{ 'v', "v", AB_ACT_OUTLINE },
	{ 'e', "e", AB_ACT_EDIT },
	{ 's', "s", AB_ACT_SWAP },
	{ '\t', "Tab", AB_ACT_SELECT_NEXT },
	{ KEY_BTAB, "shift-Tab", AB_ACT_SELECT_PREV },
	{ '/', "/", AB_ACT_SELECT_NAME },
	{ 27, "Esc", AB_ACT_UNSELECT },
	{ KEY_UP, "↑", AB_ACT_SCROLL_UP },
	{ 'k', "k", AB_ACT_SCROLL_UP },
	{ KEY_DOWN, "↓", AB_ACT_SCROLL_DOWN },
	{ 'j', "j", AB_ACT_SCROLL_DOWN },
	{ KEY_SLEFT, "shift-←", AB_ACT_SCROLL_LEFT },
	{ 'H', "H", AB_ACT_SCROLL_LEFT },
	{ KEY_SRIGHT, "shift-→", AB_ACT_SCROLL_RIGHT },
	{ 'L', "L", AB_ACT_SCROLL_RIGHT },
	{ CTRL('l'), "ctrl-L", AB_ACT_REDRAW },
	{ '?', "?", AB_ACT_HELP },
	{ 'q', "q", AB_ACT_QUIT },
};

const size_t ab_nbindings = sizeof ab_bindings / sizeof ab_bindings[0];

static const char *const action_help[] = {
#define AB_ACTION_HELP(name, help) help,
	AB_ACTIONS(AB_ACTION_HELP)
#undef AB_ACTION_HELP
};

enum ab_action ab_key_action(int key)
{
	for (size_t i = 0; i < ab_nbindings; i++)
		if (ab_bindings[i].key == key)
			return ab_bindings[i].action;
	return AB_ACT_NONE;
}

const char *ab_action_help(enum ab_action action)
{
	return action < AB_ACT_COUNT ? _(action_help[action]) : "";
}

void ab_action_keys(enum ab_action action, struct ab_str *out)
{
	bool first = true;
	for (size_t i = 0; i < ab_nbindings; i++) {
		if (ab_bindings[i].action != action)
			continue;
		if (!first)
			ab_str_add(out, ", ");
		ab_str_add(out, ab_bindings[i].label);
		first = false;
	}
}

void ab_keys_help(struct ab_str *out)
{
	struct ab_str keys = AB_STR_INIT;
	unsigned widest = 0;
	for (int a = 0; a < AB_ACT_COUNT; a++) {
		ab_str_clear(&keys);
		ab_action_keys((enum ab_action)a, &keys);
		unsigned w = ab_text_width(ab_str_cstr(&keys));
		if (w > widest)
			widest = w;
	}
	for (int a = 0; a < AB_ACT_COUNT; a++) {
		ab_str_clear(&keys);
		ab_action_keys((enum ab_action)a, &keys);
		ab_str_add(out, ab_str_cstr(&keys));
		for (unsigned w = ab_text_width(ab_str_cstr(&keys)); w < widest + 2; w++)
			ab_str_addc(out, ' ');
		ab_str_add(out, ab_action_help((enum ab_action)a));
		ab_str_addc(out, '\n');
	}
	ab_str_free(&keys);
}
