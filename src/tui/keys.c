/* keys.c - the one key table.
 *
 * Presentation clickers send PgUp/PgDn, so those step too.  ← and → (and
 * h, l) step through the search; the view scrolls with ↑ ↓ (k, j) and
 * shift-← shift-→ (H, L), and follows the current node by itself.
 */
#include "tui/keys.h"

#include <curses.h>
#include <string.h>

#include "base/i18n.h"
#include "views/layout.h"

#define CTRL(c) ((c) & 0x1f)

const struct ab_binding ab_bindings[] = {
	{ KEY_RIGHT, "→", "Right", AB_ACT_FORWARD },
	{ 'l', "l", NULL, AB_ACT_FORWARD },
	{ ' ', "space", NULL, AB_ACT_FORWARD },
	{ KEY_NPAGE, "PgDn", NULL, AB_ACT_FORWARD },
	{ KEY_LEFT, "←", "Left", AB_ACT_BACK },
	{ 'h', "h", NULL, AB_ACT_BACK },
	{ KEY_PPAGE, "PgUp", NULL, AB_ACT_BACK },
	{ KEY_BACKSPACE, "Backspace", NULL, AB_ACT_BACK },
	{ KEY_HOME, "Home", NULL, AB_ACT_FIRST },
	{ 'g', "g", NULL, AB_ACT_FIRST },
	{ KEY_END, "End", NULL, AB_ACT_LAST },
	{ 'G', "G", NULL, AB_ACT_LAST },
	{ 'n', "n", NULL, AB_ACT_NEXT_CUT },
	{ 'N', "N", NULL, AB_ACT_PREV_CUT },
	{ '.', ".", NULL, AB_ACT_NEXT_LEAF },
	{ ',', ",", NULL, AB_ACT_PREV_LEAF },
	{ 'a', "a", NULL, AB_ACT_AUTOPLAY },
	{ '+', "+", NULL, AB_ACT_FASTER },
	{ '=', "=", NULL, AB_ACT_FASTER },
	{ '-', "-", NULL, AB_ACT_SLOWER },
	{ 'f', "f", NULL, AB_ACT_FAIL_HARD },
	{ 't', "t", NULL, AB_ACT_STRICT },
	{ 'o', "o", NULL, AB_ACT_ORDER },
	{ 'm', "m", NULL, AB_ACT_ALGO },
	{ 'v', "v", NULL, AB_ACT_OUTLINE },
	{ 'e', "e", NULL, AB_ACT_EDIT },
	{ 's', "s", NULL, AB_ACT_SWAP },
	{ 'u', "u", NULL, AB_ACT_UNDO },
	{ 'U', "U", NULL, AB_ACT_RESET },
	{ 'w', "w", NULL, AB_ACT_SAVE },
	{ 'E', "E", NULL, AB_ACT_EXPORT },
	{ 'z', "z", NULL, AB_ACT_PRESENTER },
	{ '\t', "Tab", NULL, AB_ACT_SELECT_NEXT },
	{ KEY_BTAB, "shift-Tab", NULL, AB_ACT_SELECT_PREV },
	{ '/', "/", NULL, AB_ACT_SELECT_NAME },
	{ 27, "Esc", NULL, AB_ACT_UNSELECT },
	{ KEY_UP, "↑", "Up", AB_ACT_SCROLL_UP },
	{ 'k', "k", NULL, AB_ACT_SCROLL_UP },
	{ KEY_DOWN, "↓", "Down", AB_ACT_SCROLL_DOWN },
	{ 'j', "j", NULL, AB_ACT_SCROLL_DOWN },
	{ KEY_SLEFT, "shift-←", "shift-Left", AB_ACT_SCROLL_LEFT },
	{ 'H', "H", NULL, AB_ACT_SCROLL_LEFT },
	{ KEY_SRIGHT, "shift-→", "shift-Right", AB_ACT_SCROLL_RIGHT },
	{ 'L', "L", NULL, AB_ACT_SCROLL_RIGHT },
	{ CTRL('l'), "ctrl-L", NULL, AB_ACT_REDRAW },
	{ '?', "?", NULL, AB_ACT_HELP },
	{ 'q', "q", NULL, AB_ACT_QUIT },
	{ 'p', "p", NULL, AB_ACT_PRACTICE },
	{ 'x', "x", NULL, AB_ACT_PRACTICE_MARK },
	{ '\r', "Enter", NULL, AB_ACT_PRACTICE_VALUE },
	{ 'c', "c", NULL, AB_ACT_PRACTICE_CHECK },
	{ 'P', "P", NULL, AB_ACT_PREDICT },
	{ 'i', "i", NULL, AB_ACT_NEXT_ITERATION },
	{ 'I', "I", NULL, AB_ACT_PREV_ITERATION },
	{ 'V', "V", NULL, AB_ACT_VIEW },
	{ 'd', "d", NULL, AB_ACT_DIVERGENCE },
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

void ab_action_keys(enum ab_action action, bool ascii, struct ab_str *out)
{
	bool first = true;
	for (size_t i = 0; i < ab_nbindings; i++) {
		if (ab_bindings[i].action != action)
			continue;
		if (!first)
			ab_str_add(out, ", ");
		ab_str_add(out, ascii && ab_bindings[i].ascii ? ab_bindings[i].ascii
							       : ab_bindings[i].label);
		first = false;
	}
}

/* Appends help text, with α and β spelt out in ASCII. */
static void add_help(struct ab_str *out, const char *text, bool ascii)
{
	for (const char *p = text; *p; p++) {
		if (ascii && strncmp(p, "α", strlen("α")) == 0) {
			ab_str_add(out, "alpha");
			p += strlen("α") - 1;
		} else if (ascii && strncmp(p, "β", strlen("β")) == 0) {
			ab_str_add(out, "beta");
			p += strlen("β") - 1;
		} else {
			ab_str_addc(out, *p);
		}
	}
}

void ab_keys_help(bool ascii, struct ab_str *out)
{
	struct ab_str keys = AB_STR_INIT;
	unsigned widest = 0;
	for (int a = 0; a < AB_ACT_COUNT; a++) {
		ab_str_clear(&keys);
		ab_action_keys((enum ab_action)a, ascii, &keys);
		unsigned w = ab_text_width(ab_str_cstr(&keys));
		if (w > widest)
			widest = w;
	}
	for (int a = 0; a < AB_ACT_COUNT; a++) {
		ab_str_clear(&keys);
		ab_action_keys((enum ab_action)a, ascii, &keys);
		ab_str_add(out, ab_str_cstr(&keys));
		for (unsigned w = ab_text_width(ab_str_cstr(&keys)); w < widest + 2; w++)
			ab_str_addc(out, ' ');
		add_help(out, ab_action_help((enum ab_action)a), ascii);
		ab_str_addc(out, '\n');
	}
	ab_str_free(&keys);
}
