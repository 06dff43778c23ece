/* manpage.c - a build-time tool: writes the manual page with its lists
 * made from the program's own tables, so the manual cannot drift from it:
 * the OPTIONS from the option table (cli/options.c) that --help is made
 * from, and the REPLAY KEYS from the key table (keys.c) that the help
 * screen `?` is made from.
 *
 *   usage: abtrace-manpage IN OUT
 *
 * Copies IN (abtrace.1 as configure_file left it) to OUT, replacing
 *
 *   .\" OPTIONS       with the options, group by group: a `.TP` entry per
 *                     option, its names, then its help as a sentence, then
 *                     the lines that follow `.\" MORE --NAME` further on
 *                     (`--NAME=VALUE` for an optional value's own entry,
 *                     `--NAME COMMAND` where two entries share a name),
 *                     up to the next MORE or `.\" END-OPTIONS`;
 *   .\" REPLAY-KEYS   with one `.TP` entry per action: its keys in bold,
 *                     then its help text.
 *
 * The text is the English.  Glyphs become roff escapes (→ \(->, α \(*a),
 * and a minus sign is `\-`, so the page renders on any terminal.  A MORE
 * that no option takes, or a marker missing, is an error: the build stops.
 * It is not part of abtrace: it runs once per build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/str.h"
#include "cli/options.h"
#include "tui/keys.h"

#define KEYS_MARKER ".\\\" REPLAY-KEYS"
#define OPTIONS_MARKER ".\\\" OPTIONS"
#define MORE_MARKER ".\\\" MORE "
#define END_MARKER ".\\\" END-OPTIONS"

static const struct {
	const char *utf8, *roff;
} glyphs[] = {
	{ "→", "\\(->" }, { "←", "\\(<-" }, { "↑", "\\(ua" }, { "↓", "\\(da" },
	{ "α", "\\(*a" }, { "β", "\\(*b" }, { "≥", "\\(>=" }, { "≤", "\\(<=" },
	{ "∞", "\\(if" }, { "-", "\\-" }, { "\\", "\\e" }, { "\"", "\\(dq" },
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

/* Appends help text as a sentence: capitalised, its lines joined, a full
 * stop at the end. */
static void add_sentence(struct ab_str *out, const char *text)
{
	struct ab_str s = AB_STR_INIT;
	ab_str_add(&s, text);
	for (size_t i = 0; i < s.len; i++)
		if (s.s[i] == '\n')
			s.s[i] = ' ';
	if (s.len && s.s[0] >= 'a' && s.s[0] <= 'z')
		s.s[0] = (char)(s.s[0] - 'a' + 'A');
	add_roff(out, ab_str_cstr(&s));
	ab_str_free(&s);
}

/* ---- Keys ------------------------------------------------------------------- */

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
	add_sentence(out, ab_action_help(a));
	ab_str_add(out, ".\n");
}

/* ---- Options ---------------------------------------------------------------- */

/* A paragraph the page adds to one option's entry. */
struct more {
	char *key;        /* "--depth", "--depth random", "--fail-hard=clamp" */
	struct ab_str text;
	bool used;
};

struct page {
	struct more *more;
	size_t nmore;
	const char *path;
	bool ok;
};

/* A value in bold when it is the word(s) to write, in italics when it
 * names what to write (capitals: FILE, N). */
static void add_value(struct ab_str *out, const char *value)
{
	bool words = false;
	for (const char *c = value; *c; c++)
		words |= *c >= 'a' && *c <= 'z';
	ab_str_add(out, words ? "\\fB" : "\\fI");
	add_roff(out, value);
	ab_str_add(out, "\\fR");
}

static void add_names(struct ab_str *out, const struct ab_option *opt, bool valued)
{
	if (opt->letter)
		ab_str_addf(out, "\\fB\\-%c\\fR, ", opt->letter);
	ab_str_add(out, "\\fB\\-\\-");
	add_roff(out, opt->name);
	ab_str_add(out, "\\fR");
	if (opt->arg == AB_ARG_REQUIRED) {
		ab_str_add(out, " ");
		add_value(out, opt->value);
	} else if (opt->arg == AB_ARG_EQUALS || (opt->arg == AB_ARG_OPTIONAL && valued)) {
		ab_str_add(out, "\\fB=\\fR");
		add_value(out, opt->value);
	}
	const struct ab_option *end = ab_options + ab_noptions;
	for (const struct ab_option *o = opt + 1; o < end && !o->help; o++) {
		ab_str_add(out, ", \\fB\\-\\-");
		add_roff(out, o->name);
		ab_str_add(out, "\\fR");
	}
}

/* Whether a MORE's key names this entry. */
static bool more_matches(const struct more *m, const struct ab_option *opt, bool valued)
{
	struct ab_str key = AB_STR_INIT;
	ab_str_addf(&key, "--%s", opt->name);
	if (valued)
		ab_str_addf(&key, "=%s", opt->value);
	size_t n = key.len;
	bool match = strncmp(m->key, ab_str_cstr(&key), n) == 0;
	ab_str_free(&key);
	if (!match)
		return false;
	if (!m->key[n]) /* a name alone: its first entry */
		return ab_option_find(opt->name, 0) == opt;
	int c = m->key[n] == ' ' ? ab_command_find(m->key + n + 1) : -1;
	return c >= 0 && (opt->commands & (1u << c));
}

static void add_entry(struct ab_str *out, struct page *page,
		      const struct ab_option *opt, bool valued)
{
	ab_str_add(out, ".TP\n");
	add_names(out, opt, valued);
	ab_str_add(out, "\n");
	add_sentence(out, valued ? opt->help_value : opt->help);
	if (opt->values && !valued) {
		for (unsigned i = 0; opt->values(i); i++) {
			ab_str_add(out, i ? ", " : " ");
			add_roff(out, opt->values(i));
		}
	}
	ab_str_add(out, ".\n");
	for (size_t i = 0; i < page->nmore; i++) {
		struct more *m = &page->more[i];
		if (!more_matches(m, opt, valued))
			continue;
		if (m->used) {
			fprintf(stderr, "%s: MORE %s twice\n", page->path, m->key);
			page->ok = false;
		}
		m->used = true;
		ab_str_add(out, ab_str_cstr(&m->text));
	}
}

static void add_options(struct ab_str *out, struct page *page)
{
	for (int g = AB_GROUP_NONE + 1; g < AB_GROUP_COUNT; g++) {
		ab_str_add(out, ".SS ");
		add_roff(out, ab_option_groups[g].title);
		ab_str_add(out, "\n");
		if (ab_option_groups[g].note) {
			add_sentence(out, ab_option_groups[g].note);
			ab_str_add(out, ".\n");
		}
		for (unsigned i = 0; i < ab_noptions; i++) {
			const struct ab_option *opt = &ab_options[i];
			if ((int)opt->group != g || !opt->help)
				continue;
			add_entry(out, page, opt, false);
			if (opt->arg == AB_ARG_OPTIONAL && opt->help_value)
				add_entry(out, page, opt, true);
		}
	}
	for (size_t i = 0; i < page->nmore; i++)
		if (!page->more[i].used) {
			fprintf(stderr, "%s: no option for MORE %s\n", page->path,
				page->more[i].key);
			page->ok = false;
		}
}

/* ---- The page --------------------------------------------------------------- */

static bool is_marker(const char *line, const char *marker)
{
	size_t n = strlen(marker);
	return strncmp(line, marker, n) == 0 && (line[n] == '\n' || !line[n]);
}

/* Reads the MORE paragraphs after the OPTIONS marker, up to END-OPTIONS. */
static bool read_more(FILE *in, struct page *page)
{
	char line[4096];
	while (fgets(line, sizeof line, in)) {
		if (is_marker(line, END_MARKER))
			return true;
		if (strncmp(line, MORE_MARKER, strlen(MORE_MARKER)) == 0) {
			page->more = realloc(page->more, (page->nmore + 1) * sizeof *page->more);
			if (!page->more)
				abort();
			struct more *m = &page->more[page->nmore++];
			m->key = strdup(line + strlen(MORE_MARKER));
			if (!m->key)
				abort();
			m->key[strcspn(m->key, "\n")] = '\0';
			m->text = (struct ab_str)AB_STR_INIT;
			m->used = false;
		} else if (page->nmore) {
			ab_str_add(&page->more[page->nmore - 1].text, line);
		} else if (line[0] != '\n') {
			fprintf(stderr, "%s: text after %s outside a MORE\n", page->path,
				OPTIONS_MARKER);
			return false;
		}
	}
	fprintf(stderr, "%s: no %s\n", page->path, END_MARKER);
	return false;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: abtrace-manpage IN OUT\n");
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 2;
	}
	struct page page = { NULL, 0, argv[1], true };
	struct ab_str text = AB_STR_INIT;
	char line[4096];
	int found = 0;
	while (page.ok && fgets(line, sizeof line, in)) {
		if (is_marker(line, KEYS_MARKER)) {
			for (int a = 0; a < AB_ACT_COUNT; a++)
				add_action(&text, (enum ab_action)a);
			found |= 1;
		} else if (is_marker(line, OPTIONS_MARKER)) {
			page.ok = read_more(in, &page);
			if (page.ok)
				add_options(&text, &page);
			found |= 2;
		} else {
			ab_str_add(&text, line);
		}
	}
	fclose(in);
	if (page.ok && found != 3) {
		fprintf(stderr, "%s: no line '%s' to replace\n", argv[1],
			found & 1 ? OPTIONS_MARKER : KEYS_MARKER);
		page.ok = false;
	}
	if (page.ok) {
		FILE *out = fopen(argv[2], "w");
		if (!out || fwrite(ab_str_cstr(&text), 1, text.len, out) != text.len ||
		    fclose(out) != 0) {
			perror(argv[2]);
			page.ok = false;
		}
	}
	for (size_t i = 0; i < page.nmore; i++) {
		free(page.more[i].key);
		ab_str_free(&page.more[i].text);
	}
	free(page.more);
	ab_str_free(&text);
	return page.ok ? 0 : 2;
}
