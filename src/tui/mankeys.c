/* mankeys.c - a build-time tool: writes the manual page with its REPLAY
 * KEYS list made from the replay's key table (keys.c), the table the help
 * screen `?` is made from, so the manual cannot drift from the program.
 *
 *   usage: abtrace-mankeys IN OUT
 *
 * Copies IN (abtrace.1 as configure_file left it) to OUT, replacing the
 * line `.\" REPLAY-KEYS` with one `.TP` entry per action: its keys in bold,
 * then its help text, in English.  Glyphs become roff escapes (→ \(->, α
 * \(*a), and a minus sign is `\-`, so the page renders on any terminal.
 * It is not part of abtrace: it runs once per build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/str.h"
#include "tui/keys.h"

#define MARKER ".\\\" REPLAY-KEYS"

static const struct {
	const char *utf8, *roff;
} glyphs[] = {
	{ "→", "\\(->" }, { "←", "\\(<-" }, { "↑", "\\(ua" }, { "↓", "\\(da" },
	{ "α", "\\(*a" }, { "β", "\\(*b" }, { "≥", "\\(>=" }, { "≤", "\\(<=" },
	{ "-", "\\-" }, { "\\", "\\e" }, { "\"", "\\(dq" },
};

/* Appends text with its glyphs as roff escapes. */
static void add_roff(struct ab_str *out, const char *text)
{
	if (*text == '.' || *text == '\'')
		ab_str_add(out, "\\&");
	while (*text) {
		size_t i = 0, n = sizeof glyphs / sizeof glyphs[0];
		while (i < n && strncmp(text, glyphs[i].utf8, strlen(glyphs[i].utf8)) != 0)
			i++;
		if (i < n) {
			ab_str_add(out, glyphs[i].roff);
			text += strlen(glyphs[i].utf8);
		} else {
			ab_str_addc(out, *text++);
		}
	}
}

/* One entry: ".TP", the keys bold and comma-separated, the help text. */
static void add_action(struct ab_str *out, enum ab_action a)
{
	ab_str_add(out, ".TP\n.BR");
	bool first = true;
	for (size_t i = 0; i < ab_nbindings; i++) {
		if (ab_bindings[i].action != a)
			continue;
		if (!first)
			ab_str_add(out, " \", \"");
		ab_str_add(out, " \"");
		add_roff(out, ab_bindings[i].label);
		ab_str_add(out, "\"");
		first = false;
	}
	ab_str_add(out, "\n");
	struct ab_str help = AB_STR_INIT;
	ab_str_add(&help, ab_action_help(a));
	if (help.len && help.s[0] >= 'a' && help.s[0] <= 'z')
		help.s[0] = (char)(help.s[0] - 'a' + 'A');
	add_roff(out, ab_str_cstr(&help));
	ab_str_add(out, ".\n");
	ab_str_free(&help);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: abtrace-mankeys IN OUT\n");
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 2;
	}
	struct ab_str page = AB_STR_INIT;
	char line[4096];
	bool replaced = false;
	while (fgets(line, sizeof line, in)) {
		if (strncmp(line, MARKER, strlen(MARKER)) == 0 &&
		    (line[strlen(MARKER)] == '\n' || !line[strlen(MARKER)])) {
			for (int a = 0; a < AB_ACT_COUNT; a++)
				add_action(&page, (enum ab_action)a);
			replaced = true;
		} else {
			ab_str_add(&page, line);
		}
	}
	fclose(in);
	int status = 0;
	if (!replaced) {
		fprintf(stderr, "%s: no line '%s' to replace\n", argv[1], MARKER);
		status = 2;
	} else {
		FILE *out = fopen(argv[2], "w");
		if (!out || fwrite(ab_str_cstr(&page), 1, page.len, out) != page.len ||
		    fclose(out) != 0) {
			perror(argv[2]);
			status = 2;
		}
	}
	ab_str_free(&page);
	return status;
}
