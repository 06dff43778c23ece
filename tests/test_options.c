/* test_options.c - the table of commands and options (cli/options.c):
 * sound as a table, --help made from it listing exactly what each command
 * takes, and the built manual page naming every option and command. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "core/config.h"
#include "testutil.h"

/* Every entry is one the parser and the help can use: a name and a letter
 * are each one option for every command, an entry that shares its line
 * with the one before takes what that one takes, and an option that sets a
 * search word names a word of core/config.c. */
START_TEST(table_sound)
{
	ck_assert_uint_le(ab_noptions, AB_OPTIONS_MAX);
	for (unsigned i = 0; i < ab_noptions; i++) {
		const struct ab_option *o = &ab_options[i];
		ck_assert_msg(o->name && *o->name && o->commands, "entry %u", i);
		for (unsigned j = 0; j < i; j++) {
			const struct ab_option *p = &ab_options[j];
			if (strcmp(p->name, o->name) == 0) {
				ck_assert_msg(!(p->commands & o->commands),
					      "--%s: two entries for one command", o->name);
				ck_assert_msg(p->arg == o->arg && p->letter == o->letter,
					      "--%s: its entries take a value differently", o->name);
			} else if (o->letter) {
				ck_assert_msg(p->letter != o->letter, "-%c twice", o->letter);
			}
		}
		ck_assert_msg((o->arg == AB_ARG_NONE) == !o->value,
			      "--%s: a value iff it takes one", o->name);
		ck_assert_msg((o->arg == AB_ARG_OPTIONAL) == (o->help_value != NULL),
			      "--%s: an optional value has its own help", o->name);
		ck_assert_msg(o->group < AB_GROUP_COUNT, "--%s", o->name);
		if (o->group == AB_GROUP_NONE)
			ck_assert_msg(!o->help, "--%s: help in no group", o->name);
		if (!o->help && o->group != AB_GROUP_NONE) {
			ck_assert_msg(i > 0, "the first entry shares a line");
			const struct ab_option *p = o - 1;
			ck_assert_msg(p->group == o->group && p->commands == o->commands &&
				      o->arg == AB_ARG_NONE && !o->letter,
				      "--%s shares --%s's line but not what it takes",
				      o->name, p->name);
		}
		bool searching = o->id == AB_OPT_SEARCH || o->id == AB_OPT_ORDER;
		ck_assert_msg(searching == (o->word != NULL), "--%s: word", o->name);
		if (searching)
			ck_assert_msg(ab_config_find_word(o->word), "--%s: no word '%s' in config.c",
				      o->name, o->word);
		bool random = o->id == AB_OPT_RANDOM || o->id == AB_OPT_SEED;
		ck_assert_msg(random == (o->random != NULL), "--%s: random part", o->name);
	}
	for (int g = AB_GROUP_NONE + 1; g < AB_GROUP_COUNT; g++)
		ck_assert_ptr_nonnull(ab_option_groups[g].title);
	/* Each command's usage line starts with its name. */
	for (int c = 0; c < AB_CMD_COUNT; c++) {
		const struct ab_command *cmd = &ab_commands[c];
		ck_assert_ptr_nonnull(cmd->usage);
		ck_assert_int_eq(cmd->name == NULL, c == AB_CMD_REPLAY);
		if (cmd->name) {
			ck_assert_int_eq(ab_command_find(cmd->name), c);
			ck_assert(strncmp(cmd->usage, cmd->name, strlen(cmd->name)) == 0 &&
				  cmd->usage[strlen(cmd->name)] == ' ');
		}
	}
	ck_assert_int_eq(ab_command_find("nonsense"), -1);
}
END_TEST

/* Lookups: the entry the command takes, none where it takes none. */
START_TEST(lookups)
{
	const struct ab_option *d = ab_option_for("depth", 0, AB_CMD_TRACE);
	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(d->id, AB_OPT_SEARCH);
	d = ab_option_for("depth", 0, AB_CMD_RANDOM);
	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(d->id, AB_OPT_RANDOM);
	ck_assert_ptr_null(ab_option_for("depth", 0, AB_CMD_LESSON));
	ck_assert_ptr_null(ab_option_for("iterative", 0, AB_CMD_PRACTICE));
	ck_assert_int_eq(ab_option_for(NULL, 'o', AB_CMD_EXPORT)->id, AB_OPT_OUTPUT);
	ck_assert_ptr_null(ab_option_for(NULL, 'o', AB_CMD_TRACE));
	ck_assert_int_eq(ab_option_for("text", 0, AB_CMD_LESSON)->id, AB_OPT_LESSON_TEXT);
	ck_assert_int_eq(ab_option_for("text", 0, AB_CMD_EXPORT)->id, AB_OPT_FORMAT);
	ck_assert_ptr_null(ab_option_find("no-such-option", 0));
	for (int c = 0; c < AB_CMD_COUNT; c++)
		ck_assert_ptr_nonnull(ab_option_for("help", 'h', (enum ab_command_id)c));
}
END_TEST

/* The option names --help shows, each " --name " or " -x " (a value or
 * "=VALUE" cut off), from the names column of every option's line. */
static void shown_names(const char *help, struct ab_str *names)
{
	for (const char *line = help; *line; ) {
		const char *end = strchr(line, '\n');
		const char *eol = end ? end : line + strlen(line);
		const char *p = line;
		while (p < eol && p < line + 6 && *p == ' ')
			p++;
		if (p >= line + 2 && *p == '-') {
			/* The names column ends at two spaces. */
			const char *stop = strstr(p, "  ");
			if (!stop || stop > eol)
				stop = eol;
			while (p < stop) {
				size_t k = strcspn(p, " =,");
				ab_str_addf(names, " %.*s ", (int)k, p);
				const char *next = strstr(p, ", -");
				if (!next || next >= stop)
					break;
				p = next + 2;
			}
		}
		line = end ? end + 1 : eol;
	}
}

static const unsigned help_sets[] = {
	AB_CMD_ALL, AB_CMD(REPLAY), AB_CMD(TRACE), AB_CMD(STATS), AB_CMD(CHECK),
	AB_CMD(RANDOM), AB_CMD(EXPORT), AB_CMD(LESSON), AB_CMD(PRACTICE),
};

/* --help (all of it, and each command's) lists the options taken, and
 * only those; the usage lines are the commands'. */
START_TEST(help_lists_what_is_taken)
{
	unsigned set = help_sets[_i];
	struct ab_str help = AB_STR_INIT, names = AB_STR_INIT, want = AB_STR_INIT;
	ab_help("abtrace", set, &help);
	const char *text = ab_str_cstr(&help);
	ck_assert_msg(strncmp(text, "Usage: abtrace ", 15) == 0, "%s", text);
	shown_names(text, &names);
	for (unsigned i = 0; i < ab_noptions; i++) {
		const struct ab_option *o = &ab_options[i];
		struct ab_str name = AB_STR_INIT;
		ab_str_addf(&name, " --%s ", o->name);
		bool taken = o->group != AB_GROUP_NONE && (o->commands & set);
		bool taken_elsewhere = false; /* by another entry of that name */
		for (unsigned j = 0; j < ab_noptions; j++)
			taken_elsewhere |= j != i && ab_options[j].group != AB_GROUP_NONE &&
					   strcmp(ab_options[j].name, o->name) == 0 &&
					   (ab_options[j].commands & set);
		const char *found = strstr(ab_str_cstr(&names), ab_str_cstr(&name));
		if (taken)
			ck_assert_msg(found, "set %#x: --help lacks --%s:\n%s", set, o->name, text);
		else if (!taken_elsewhere)
			ck_assert_msg(!found, "set %#x: --help lists --%s:\n%s", set, o->name, text);
		if (taken && o->letter) {
			ab_str_clear(&name);
			ab_str_addf(&name, " -%c ", o->letter);
			ck_assert(strstr(ab_str_cstr(&names), ab_str_cstr(&name)));
		}
		if (taken && o->arg == AB_ARG_OPTIONAL) {
			ab_str_clear(&name);
			ab_str_addf(&name, "  --%s=%s ", o->name, o->value);
			ck_assert_msg(strstr(text, ab_str_cstr(&name)), "no %s", ab_str_cstr(&name));
		}
		ab_str_free(&name);
	}
	for (int c = 0; c < AB_CMD_COUNT; c++) {
		ab_str_clear(&want);
		ab_str_addf(&want, "abtrace %s\n", ab_commands[c].usage);
		ck_assert_msg(!strstr(text, ab_str_cstr(&want)) == !(set & (1u << c)),
			      "set %#x: usage of command %d", set, c);
	}
	/* The TREE paragraph where a command reads a TREE. */
	ck_assert_int_eq(strstr(text, "TREE is a file") != NULL,
			 (set & ab_option_find("expr", 0)->commands) != 0);
	ck_assert(strstr(text, "\nExit status: "));
	ab_str_free(&help);
	ab_str_free(&names);
	ab_str_free(&want);
}
END_TEST

/* The layout: help text in one column, continued lines under it, and the
 * named mistakes listed under --bug. */
START_TEST(help_layout)
{
	struct ab_str help = AB_STR_INIT;
	ab_help("abtrace", AB_CMD_ALL, &help);
	const char *text = ab_str_cstr(&help);
	ck_assert(strstr(text, "\n  --algo minimax|alphabeta   the algorithm (default alphabeta)\n"));
	ck_assert(strstr(text, "\n  --fail-hard=clamp          as --fail-hard, but every return clamped to the\n"
			       "                             window the node was given (if v >= β return β)\n"));
	ck_assert(strstr(text, "\n  --chance-prune none|node|star1  pruning"));
	ck_assert(strstr(text, "\n  -o, --output FILE          write"));
	ck_assert(strstr(text, "\n  -h, --help                 this help\n"
			       "      --version              the version\n"));
	ck_assert(strstr(text, "\nCheck options (the command line wins over an answer file's own rules):\n"));
	for (unsigned b = 1; b < AB_BUG_COUNT; b++)
		ck_assert_msg(strstr(text, ab_bug_id((enum ab_bug)b)), "--help lacks %s",
			      ab_bug_id((enum ab_bug)b));
	ab_str_free(&help);
}
END_TEST

/* Reads what a command prints into *out; its exit status. */
static int run_into(const char *cmd, struct ab_str *out)
{
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, p)) > 0)
		ab_str_addn(out, buf, n);
	return pclose(p);
}

/* The part of a rendered page from one heading to the next, with groff's
 * minus signs and hyphens as '-' and runs of white space as one space. */
static void section(const char *page, const char *from, const char *to,
		    struct ab_str *out)
{
	const char *a = strstr(page, from);
	const char *b = a ? strstr(a, to) : NULL;
	ck_assert_msg(a && b, "no section %s in:\n%s", from, page);
	for (const char *q = a; q < b; q++) {
		if (strncmp(q, "\u2212", 3) == 0 || strncmp(q, "\u2010", 3) == 0) {
			ab_str_addc(out, '-');
			q += 2;
		} else if (*q == ' ' || *q == '\n') {
			if (out->len && out->s[out->len - 1] != ' ')
				ab_str_addc(out, ' ');
		} else {
			ab_str_addc(out, *q);
		}
	}
}

/* The built manual page (src/abtrace.1, its OPTIONS written from the
 * table): every option in OPTIONS (-e under TREE) with its help, every
 * command under COMMANDS, and groff has nothing to warn about. */
START_TEST(man_page_lists_every_option)
{
	const char *abtrace = getenv("ABTRACE");
	ck_assert_ptr_nonnull(abtrace);
	if (system("groff -v >/dev/null 2>&1") != 0) {
		fprintf(stderr, "note: groff is not installed; the man page is not rendered\n");
		return;
	}
	struct ab_str cmd = AB_STR_INIT, page = AB_STR_INIT, warnings = AB_STR_INIT;
	int dir = (int)(strrchr(abtrace, '/') - abtrace);
	ab_str_addf(&cmd, "groff -man -ww -z -Tutf8 '%.*s/abtrace.1' 2>&1", dir, abtrace);
	ck_assert_int_eq(run_into(ab_str_cstr(&cmd), &warnings), 0);
	ck_assert_msg(warnings.len == 0, "groff warns:\n%s", ab_str_cstr(&warnings));
	ab_str_clear(&cmd);
	ab_str_addf(&cmd, "groff -man -Tutf8 -P-cbou -rLL=200n -rHY=0 '%.*s/abtrace.1' 2>/dev/null",
		    dir, abtrace);
	ck_assert_int_eq(run_into(ab_str_cstr(&cmd), &page), 0);
	struct ab_str options = AB_STR_INIT, tree = AB_STR_INIT;
	section(ab_str_cstr(&page), "\nOPTIONS\n", "\nREPLAY KEYS\n", &options);
	section(ab_str_cstr(&page), "\nTREE\n", "\nCOMMANDS\n", &tree);
	for (unsigned i = 0; i < ab_noptions; i++) {
		const struct ab_option *o = &ab_options[i];
		struct ab_str want = AB_STR_INIT;
		ab_str_addf(&want, "--%s", o->name);
		const struct ab_str *where = o->group == AB_GROUP_NONE ? &tree : &options;
		ck_assert_msg(strstr(ab_str_cstr(where), ab_str_cstr(&want)),
			      "the man page lacks %s", ab_str_cstr(&want));
		if (o->help) {
			/* Its help, as the first words of a sentence. */
			ab_str_clear(&want);
			const char *h = o->help;
			ab_str_addf(&want, "%c", h[0] >= 'a' && h[0] <= 'z' ? h[0] - 'a' + 'A' : h[0]);
			for (h++; *h && *h != '\n'; h++)
				ab_str_addc(&want, *h);
			ck_assert_msg(strstr(ab_str_cstr(&options), ab_str_cstr(&want)),
				      "the man page lacks --%s's help '%s'", o->name,
				      ab_str_cstr(&want));
		}
		ab_str_free(&want);
	}
	for (int g = AB_GROUP_NONE + 1; g < AB_GROUP_COUNT; g++)
		ck_assert_msg(strstr(ab_str_cstr(&options), ab_option_groups[g].title),
			      "the man page lacks '%s'", ab_option_groups[g].title);
	/* Each command is the tag of an entry in COMMANDS: at the left
	 * margin of the entries, before its text or on a line of its own. */
	const char *from = strstr(ab_str_cstr(&page), "\nCOMMANDS\n");
	const char *to = strstr(from, "\nOPTIONS\n");
	for (int c = 0; c < AB_CMD_COUNT; c++) {
		if (!ab_commands[c].name)
			continue;
		struct ab_str tag = AB_STR_INIT;
		ab_str_addf(&tag, "\n       %s", ab_commands[c].name);
		const char *at = from;
		while ((at = strstr(at, ab_str_cstr(&tag))) && at < to &&
		       at[tag.len] != '\n' && at[tag.len] != ' ')
			at += tag.len;
		ck_assert_msg(at && at < to, "the man page's COMMANDS has no entry for %s",
			      ab_commands[c].name);
		ab_str_free(&tag);
	}
	ab_str_free(&options);
	ab_str_free(&tree);
	ab_str_free(&warnings);
	ab_str_free(&page);
	ab_str_free(&cmd);
}
END_TEST

static Suite *options_suite(void)
{
	Suite *s = suite_create("options");
	TCase *tc = tcase_create("options");
	tcase_add_test(tc, table_sound);
	tcase_add_test(tc, lookups);
	tcase_add_loop_test(tc, help_lists_what_is_taken, 0,
			    (int)(sizeof help_sets / sizeof help_sets[0]));
	tcase_add_test(tc, help_layout);
	tcase_add_test(tc, man_page_lists_every_option);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(options_suite());
}
