/* options.c - the table of commands and options, and --help made from it.
 *
 * One entry per option says everything the command line, --help and the
 * manual need: its name and letter, its value, its help, its group, the
 * commands that take it, and what it sets (a search word of core/config.c,
 * a random tree's part, or a case of main.c's).  --help and the manual's
 * OPTIONS are written from here, so neither can leave an option out.
 */
#include "cli/options.h"

#include <string.h>

#include "base/i18n.h"
#include "base/utf8.h"
#include "core/config.h"
#include "views/export.h"

/* ---- Commands -------------------------------------------------------------- */

const struct ab_command ab_commands[AB_CMD_COUNT] = {
	[AB_CMD_REPLAY] = { NULL,
		N_("[OPTIONS] [TREE]            replay the search (default: lecture)") },
	[AB_CMD_TRACE] = { "trace",
		N_("trace [OPTIONS] [TREE]      print every step, narrated, or --json") },
	[AB_CMD_STATS] = { "stats",
		N_("stats [OPTIONS] [TREE]      leaves and nodes each search examines") },
	[AB_CMD_CHECK] = { "check",
		N_("check [OPTIONS] TREE ANSWER...\n"
		   "                                           grade hand-worked answers or folders") },
	[AB_CMD_RANDOM] = { "random",
		N_("random [OPTIONS]            print a random practice tree") },
	[AB_CMD_EXPORT] = { "export",
		N_("export --dot|--tikz|--svg|--text [OPTIONS] [TREE]\n"
		   "                                           a picture of the search") },
	[AB_CMD_LESSON] = { "lesson",
		N_("lesson [NAME] [--text] [--lang en|zh]\n"
		   "                                           list the lessons, or play one") },
	[AB_CMD_PRACTICE] = { "practice",
		N_("practice [OPTIONS]          work a random tree by hand, check it") },
	[AB_CMD_DIFF] = { "diff",
		N_("diff [OPTIONS] TREE LOG     hold a program's log to the search") },
	[AB_CMD_TEST] = { "test",
		N_("test [OPTIONS] -- COMMAND [ARG...]\n"
		   "                                           feed random trees to your program\n"
		   "                                           and shrink what it gets wrong") },
};

int ab_command_find(const char *name)
{
	for (int c = 0; c < AB_CMD_COUNT; c++)
		if (ab_commands[c].name && strcmp(name, ab_commands[c].name) == 0)
			return c;
	return -1;
}

/* ---- Options -------------------------------------------------------------- */

/* The commands that search one TREE, those that search at all (practice
 * searches the random tree it draws), and those that draw a random tree. */
#define ON_A_TREE (AB_CMD(REPLAY) | AB_CMD(TRACE) | AB_CMD(STATS) | AB_CMD(CHECK) | \
		   AB_CMD(EXPORT) | AB_CMD(DIFF))
/* Those that read a program's log. */
#define READ_A_LOG (AB_CMD(DIFF) | AB_CMD(REPLAY) | AB_CMD(TEST))
#define SEARCHING (ON_A_TREE | AB_CMD(PRACTICE) | AB_CMD(TEST))
#define RANDOM_TREE (AB_CMD(RANDOM) | AB_CMD(PRACTICE) | AB_CMD(TEST))

const struct ab_option_group_text ab_option_groups[AB_GROUP_COUNT] = {
	[AB_GROUP_NONE] = { NULL, NULL },
	[AB_GROUP_SEARCH] = { N_("Search options"), NULL },
	[AB_GROUP_OUTPUT] = { N_("Output options"), NULL },
	[AB_GROUP_CHECK] = { N_("Check options"),
			     N_("the command line wins over an answer file's own rules") },
	[AB_GROUP_RANDOM] = { N_("Random tree options"), NULL },
	[AB_GROUP_EXPORT] = { N_("Export options"), NULL },
	[AB_GROUP_LESSON] = { N_("Lesson options"), NULL },
	[AB_GROUP_TESTING] = { N_("Testing your own search"), NULL },
	[AB_GROUP_OTHER] = { N_("Other options"), NULL },
};

/* The named mistakes (none is not one). */
static const char *bug_ids(unsigned i)
{
	return i + 1 < AB_BUG_COUNT ? ab_bug_id((enum ab_bug)(i + 1)) : NULL;
}

/* --distinct and --bounds: parts of the random tree without a value. */
static const char *set_distinct(const char *value, struct ab_random_spec *spec)
{
	(void)value;
	spec->distinct = true;
	return NULL;
}

static const char *set_bounds(const char *value, struct ab_random_spec *spec)
{
	(void)value;
	spec->bounds = true;
	return NULL;
}

#define SEARCH_WORD(w) .id = AB_OPT_SEARCH, .word = (w)
#define RANDOM_PART(f) .id = AB_OPT_RANDOM, .random = (f)

/* Values in capitals name what is given ("FILE"); a language may
 * translate them.  Help starts at column 29: lines of 50 columns keep
 * --help within 80. */
const struct ab_option ab_options[] = {
	{ "game", 'g', AB_ARG_REQUIRED, N_("GAME[:POSITION]"), NULL, NULL, AB_GROUP_NONE,
	  ON_A_TREE | AB_CMD(TEST), .id = AB_OPT_GAME },
	{ "expr", 'e', AB_ARG_REQUIRED, N_("EXPR"), NULL, NULL, AB_GROUP_NONE,
	  ON_A_TREE, .id = AB_OPT_EXPR },

	{ "algo", 0, AB_ARG_REQUIRED, "minimax|alphabeta",
	  N_("the algorithm (default alphabeta)"), NULL,
	  AB_GROUP_SEARCH, SEARCHING, SEARCH_WORD("algo") },
	{ "fail-soft", 0, AB_ARG_NONE, NULL,
	  N_("a node returns its best value (default)"), NULL,
	  AB_GROUP_SEARCH, SEARCHING, SEARCH_WORD("fail-soft") },
	{ "fail-hard", 0, AB_ARG_OPTIONAL, "clamp",
	  N_("a node returns its bound as the lecture pseudocode\n"
	     "keeps it: a MAX node its alpha, which may pass\n"
	     "beta; a MIN node its beta, which may pass alpha"),
	  N_("as --fail-hard, but every return clamped to the\n"
	     "window the node was given (if v >= β return β)"),
	  AB_GROUP_SEARCH, SEARCHING, SEARCH_WORD("fail-hard") },
	{ "strict", 0, AB_ARG_NONE, NULL,
	  N_("cut only on alpha > beta (default: alpha >= beta)"), NULL,
	  AB_GROUP_SEARCH, SEARCHING, SEARCH_WORD("strict") },
	{ "non-strict", 0, AB_ARG_NONE, NULL,
	  N_("cut on alpha >= beta (the default, said explicitly)"), NULL,
	  AB_GROUP_SEARCH, SEARCHING, SEARCH_WORD("non-strict") },
	{ "order", 0, AB_ARG_REQUIRED, N_("ORDER"),
	  N_("given, reverse, best, worst, random or random:SEED;\n"
	     "killer or history: ordered by the moves that cut"), NULL,
	  AB_GROUP_SEARCH, SEARCHING, .id = AB_OPT_ORDER, .word = "order" },
	{ "root", 0, AB_ARG_REQUIRED, "max|min",
	  N_("who moves at the root (overrides the file)"), NULL,
	  AB_GROUP_SEARCH, SEARCHING | AB_CMD(RANDOM), SEARCH_WORD("root") },
	{ "chance-prune", 0, AB_ARG_REQUIRED, "none|node|star1",
	  N_("pruning at chance nodes (needs bounds:)"), NULL,
	  AB_GROUP_SEARCH, SEARCHING, SEARCH_WORD("chance-prune") },
	{ "depth", 0, AB_ARG_REQUIRED, "N",
	  N_("stop N levels below the root: nodes there count\n"
	     "their static value (B=5[...]); random: the tree's depth"), NULL,
	  AB_GROUP_SEARCH, ON_A_TREE, SEARCH_WORD("depth") },
	{ "iterative", 0, AB_ARG_NONE, NULL,
	  N_("iterative deepening: depths 1, 2, ... N, each ordered\n"
	     "by the last"), NULL,
	  AB_GROUP_SEARCH, ON_A_TREE, SEARCH_WORD("iterative") },
	{ "view", 0, AB_ARG_REQUIRED, "negamax",
	  N_("show values and windows from the mover's side"), NULL,
	  AB_GROUP_SEARCH, ON_A_TREE | AB_CMD(TEST), SEARCH_WORD("view") },
	{ "bug", 0, AB_ARG_REQUIRED, N_("ID"),
	  N_("search with the named mistake ID, as a program\n"
	     "with that bug would; ID is one of:"), NULL,
	  AB_GROUP_SEARCH, ON_A_TREE | AB_CMD(TEST), SEARCH_WORD("bug"), .values = bug_ids },
	{ "tt", 0, AB_ARG_OPTIONAL, "N",
	  N_("a transposition table, one slot per node: MAX and\n"
	     "MIN nodes probe it on entering, store on leaving"),
	  N_("the table with N slots (a position's slot: its\n"
	     "number modulo N, always replacing)"),
	  AB_GROUP_SEARCH, ON_A_TREE, SEARCH_WORD("tt") },
	{ "pvs", 0, AB_ARG_NONE, NULL,
	  N_("principal variation search: each child after the\n"
	     "first with a null window, again if it falls inside"), NULL,
	  AB_GROUP_SEARCH, ON_A_TREE, SEARCH_WORD("pvs") },
	{ "aspiration", 0, AB_ARG_REQUIRED, "W",
	  N_("with --iterative: each iteration's root window is\n"
	     "the last value ± W, opened where it fails"), NULL,
	  AB_GROUP_SEARCH, ON_A_TREE, SEARCH_WORD("aspiration") },
	{ "iteration", 0, AB_ARG_REQUIRED, "K",
	  N_("check: grade iteration K of --iterative"), NULL,
	  AB_GROUP_SEARCH, AB_CMD(CHECK), .id = AB_OPT_ITERATION },
	{ "ascii", 0, AB_ARG_NONE, NULL,
	  N_("plain ASCII instead of α, β, ≤, ≥, ∞"), NULL,
	  AB_GROUP_SEARCH, SEARCHING | AB_CMD(LESSON), .id = AB_OPT_ASCII },
	{ "lang", 0, AB_ARG_REQUIRED, "en|zh",
	  N_("the language of messages (default: the locale's)"), NULL,
	  AB_GROUP_SEARCH, AB_CMD_ALL, .id = AB_OPT_LANG },

	{ "json", 0, AB_ARG_NONE, NULL,
	  N_("machine-readable output (trace, check: JSON Lines)"), NULL,
	  AB_GROUP_OUTPUT, AB_CMD(TRACE) | AB_CMD(STATS) | AB_CMD(CHECK) | AB_CMD(DIFF) |
	  AB_CMD(TEST), .id = AB_OPT_JSON },
	{ "board", 0, AB_ARG_NONE, NULL,
	  N_("a game's boards (-g): trace prints a node's board\n"
	     "whenever a step moves to it; export draws a small\n"
	     "board under every node"), NULL,
	  AB_GROUP_OUTPUT, AB_CMD(TRACE) | AB_CMD(EXPORT), .id = AB_OPT_BOARD },

	{ "compare", 0, AB_ARG_NONE, NULL,
	  N_("stats: one row per technique (minimax, alpha-beta,\n"
	     "best order, iterative deepening, the table, killer,\n"
	     "history, PVS); exit 2 if their root values differ"), NULL,
	  AB_GROUP_OUTPUT, AB_CMD(STATS), .id = AB_OPT_COMPARE },

	{ "key", 0, AB_ARG_REQUIRED, "KEY",
	  N_("grade against a key: what is asked, and its points"), NULL,
	  AB_GROUP_CHECK, AB_CMD(CHECK), .id = AB_OPT_KEY },
	{ "values", 0, AB_ARG_REQUIRED, "returned|proved",
	  N_("a bare number is what a node returns, or what\n"
	     "the search proves about it (default)"), NULL,
	  AB_GROUP_CHECK, AB_CMD(CHECK), .id = AB_OPT_VALUES },
	{ "best", 0, AB_ARG_REQUIRED, "proved|any-optimal",
	  N_("best: is the search's move or one it proves as\n"
	     "good (default), or any move whose minimax value\n"
	     "equals the root's (for keys where a tie is fair)"), NULL,
	  AB_GROUP_CHECK, AB_CMD(CHECK), .id = AB_OPT_BEST },
	{ "csv", 0, AB_ARG_NONE, NULL,
	  N_("one CSV row per answer file"), NULL,
	  AB_GROUP_CHECK, AB_CMD(CHECK), .id = AB_OPT_CSV },
	{ "gradescope", 0, AB_ARG_NONE, NULL,
	  N_("one answer's results.json for an autograder"), NULL,
	  AB_GROUP_CHECK, AB_CMD(CHECK), .id = AB_OPT_GRADESCOPE },
	{ "summary", 0, AB_ARG_NONE, NULL,
	  N_("what the class got wrong, for the next lecture"), NULL,
	  AB_GROUP_CHECK, AB_CMD(CHECK), .id = AB_OPT_SUMMARY },
	{ "follow-links", 0, AB_ARG_NONE, NULL,
	  N_("grade an answer file that is a link as what it\n"
	     "leads to (without it, a link is a row: not graded)"), NULL,
	  AB_GROUP_CHECK, AB_CMD(CHECK), .id = AB_OPT_FOLLOW_LINKS },

	{ "branching", 0, AB_ARG_REQUIRED, "B|B1-B2",
	  N_("children per inner node (default 2-3, at most 20)"), NULL,
	  AB_GROUP_RANDOM, RANDOM_TREE, RANDOM_PART(ab_random_parse_branching) },
	{ "depth", 0, AB_ARG_REQUIRED, "D",
	  N_("levels below the root (default 3, 1 to 20)"), NULL,
	  AB_GROUP_RANDOM, RANDOM_TREE, RANDOM_PART(ab_random_parse_depth) },
	{ "range", 0, AB_ARG_REQUIRED, "LO..HI",
	  N_("leaf values (default -9..9)"), NULL,
	  AB_GROUP_RANDOM, RANDOM_TREE, RANDOM_PART(ab_random_parse_range) },
	{ "distinct", 0, AB_ARG_NONE, NULL,
	  N_("no two leaves share a value"), NULL,
	  AB_GROUP_RANDOM, RANDOM_TREE, RANDOM_PART(set_distinct) },
	{ "seed", 0, AB_ARG_REQUIRED, "S",
	  N_("the same seed gives the same tree (default: the clock)"), NULL,
	  AB_GROUP_RANDOM, RANDOM_TREE, .id = AB_OPT_SEED, .random = ab_random_parse_seed },
	{ "players", 0, AB_ARG_REQUIRED, N_("LIST"),
	  N_("the players by level, e.g. max,min,min or max,chance,min"), NULL,
	  AB_GROUP_RANDOM, RANDOM_TREE, RANDOM_PART(ab_random_parse_players) },
	{ "chance", 0, AB_ARG_REQUIRED, "equal|tenths",
	  N_("chance children equally likely, or in tenths (default)"), NULL,
	  AB_GROUP_RANDOM, RANDOM_TREE, RANDOM_PART(ab_random_parse_chance) },
	{ "bounds", 0, AB_ARG_NONE, NULL,
	  N_("declare the range as the tree's bounds: LO..HI"), NULL,
	  AB_GROUP_RANDOM, RANDOM_TREE, RANDOM_PART(set_bounds) },
	{ "decimals", 0, AB_ARG_REQUIRED, "D",
	  N_("leaf values with D digits after the point (0 to 3)"), NULL,
	  AB_GROUP_RANDOM, RANDOM_TREE, RANDOM_PART(ab_random_parse_decimals) },

	{ "dot", 0, AB_ARG_NONE, NULL,
	  N_("Graphviz, a TikZ picture, SVG, or a text drawing"), NULL,
	  AB_GROUP_EXPORT, AB_CMD(EXPORT), .id = AB_OPT_FORMAT, .format = AB_EXPORT_DOT },
	{ "tikz", 0, AB_ARG_NONE, NULL, NULL, NULL,
	  AB_GROUP_EXPORT, AB_CMD(EXPORT), .id = AB_OPT_FORMAT, .format = AB_EXPORT_TIKZ },
	{ "svg", 0, AB_ARG_NONE, NULL, NULL, NULL,
	  AB_GROUP_EXPORT, AB_CMD(EXPORT), .id = AB_OPT_FORMAT, .format = AB_EXPORT_SVG },
	{ "text", 0, AB_ARG_NONE, NULL, NULL, NULL,
	  AB_GROUP_EXPORT, AB_CMD(EXPORT), .id = AB_OPT_FORMAT, .format = AB_EXPORT_TEXT },
	{ "standalone", 0, AB_ARG_NONE, NULL,
	  N_("with --tikz: a whole LaTeX document, cropped to the picture"), NULL,
	  AB_GROUP_EXPORT, AB_CMD(EXPORT), .id = AB_OPT_STANDALONE },
	{ "step", 0, AB_ARG_REQUIRED, "N",
	  N_("draw the search as it stands after step N (default: the end)"), NULL,
	  AB_GROUP_EXPORT, AB_CMD(EXPORT), .id = AB_OPT_STEP },
	{ "frames", 0, AB_ARG_EQUALS, "steps|cutoffs",
	  N_("a frame per step, or per cutoff and the end: --tikz, one\n"
	     "beamer frame with an overlay each; --svg, numbered files\n"
	     "in the directory -o names"), NULL,
	  AB_GROUP_EXPORT, AB_CMD(EXPORT), .id = AB_OPT_FRAMES },
	{ "no-sentence", 0, AB_ARG_NONE, NULL,
	  N_("--tikz --frames: no step's sentence under the tree,\n"
	     "only its number"), NULL,
	  AB_GROUP_EXPORT, AB_CMD(EXPORT), .id = AB_OPT_NO_SENTENCE },
	{ "output", 'o', AB_ARG_REQUIRED, N_("FILE"),
	  N_("write to FILE (atomically) instead of standard output"), NULL,
	  AB_GROUP_EXPORT, AB_CMD(EXPORT), .id = AB_OPT_OUTPUT },

	{ "text", 0, AB_ARG_NONE, NULL,
	  N_("print the lesson with the narration of every step\n"
	     "(without it, a terminal plays the lesson in the replay)"), NULL,
	  AB_GROUP_LESSON, AB_CMD(LESSON), .id = AB_OPT_LESSON_TEXT },
	{ "check", 0, AB_ARG_NONE, NULL,
	  N_("hold the lesson's claims and answers to the search"), NULL,
	  AB_GROUP_LESSON, AB_CMD(LESSON), .id = AB_OPT_CHECK },

	{ "log", 0, AB_ARG_REQUIRED, N_("LOG"),
	  N_("the replay: a program's log of its search beside\n"
	     "abtrace's (d jumps to where they first part)"), NULL,
	  AB_GROUP_TESTING, AB_CMD(REPLAY), .id = AB_OPT_LOG },
	{ "zero-based", 0, AB_ARG_NONE, NULL,
	  N_("the log counts children from 0, not 1"), NULL,
	  AB_GROUP_TESTING, READ_A_LOG, .id = AB_OPT_ZERO_BASED },
	{ "inf", 0, AB_ARG_REQUIRED, "N",
	  N_("the log writes infinity as N (and minus infinity as -N)"), NULL,
	  AB_GROUP_TESTING, READ_A_LOG, .id = AB_OPT_INF },
	{ "count", 0, AB_ARG_REQUIRED, "N",
	  N_("test: trees to try (default 1000)"), NULL,
	  AB_GROUP_TESTING, AB_CMD(TEST), .id = AB_OPT_COUNT },
	{ "feed", 0, AB_ARG_REQUIRED, "list|json|tree|game",
	  N_("test: how the program reads each tree on its standard\n"
	     "input (default list: nested JSON arrays); game: a\n"
	     "position of -g GAME[:POSITION] on one line, answered\n"
	     "with 'best MOVE' and 'value V'"), NULL,
	  AB_GROUP_TESTING, AB_CMD(TEST), .id = AB_OPT_FEED },
	{ "batch", 0, AB_ARG_NONE, NULL,
	  N_("test: start the program once; it ends each tree's\n"
	     "log with a line 'end'"), NULL,
	  AB_GROUP_TESTING, AB_CMD(TEST), .id = AB_OPT_BATCH },
	{ "timeout", 0, AB_ARG_REQUIRED, N_("SEC"),
	  N_("test: seconds for one tree (default 5)"), NULL,
	  AB_GROUP_TESTING, AB_CMD(TEST), .id = AB_OPT_TIMEOUT },
	{ "save", 0, AB_ARG_REQUIRED, N_("DIR"),
	  N_("test: keep the small tree, its input, the program's\n"
	     "output and the report in DIR"), NULL,
	  AB_GROUP_TESTING, AB_CMD(TEST), .id = AB_OPT_SAVE },

	{ "help", 'h', AB_ARG_NONE, NULL, N_("this help"), NULL,
	  AB_GROUP_OTHER, AB_CMD_ALL, .id = AB_OPT_HELP },
	{ "version", 0, AB_ARG_NONE, NULL, N_("the version"), NULL,
	  AB_GROUP_OTHER, AB_CMD_ALL, .id = AB_OPT_VERSION },
};

const unsigned ab_noptions = sizeof ab_options / sizeof ab_options[0];
_Static_assert(sizeof ab_options / sizeof ab_options[0] <= AB_OPTIONS_MAX,
	       "more options than AB_OPTIONS_MAX");

static bool named(const struct ab_option *opt, const char *name, char letter)
{
	return name ? strcmp(opt->name, name) == 0 : letter && opt->letter == letter;
}

const struct ab_option *ab_option_for(const char *name, char letter,
				      enum ab_command_id command)
{
	for (unsigned i = 0; i < ab_noptions; i++)
		if (named(&ab_options[i], name, letter) &&
		    (ab_options[i].commands & (1u << command)))
			return &ab_options[i];
	return NULL;
}

const struct ab_option *ab_option_find(const char *name, char letter)
{
	for (unsigned i = 0; i < ab_noptions; i++)
		if (named(&ab_options[i], name, letter))
			return &ab_options[i];
	return NULL;
}

/* ---- Help --------------------------------------------------------------------- */

/* Where the help text starts: names in a column of this width after two
 * spaces, or two spaces after names that are wider. */
#define NAMES_WIDTH 27
#define HELP_COLUMN (2 + NAMES_WIDTH)
#define HELP_WIDTH 50

static void spaces(size_t n, struct ab_str *out)
{
	while (n--)
		ab_str_addc(out, ' ');
}

/* A value's name in the language of messages: only names in capitals
 * ("FILE") are translated, never the words an option takes. */
static const char *value_name(const char *value)
{
	for (const char *c = value; *c; c++)
		if (*c >= 'a' && *c <= 'z')
			return value;
	return _(value);
}

/* The names an entry is shown under: "-o, --output FILE", and the entries
 * after it that have no help of their own ("--dot, --tikz, --svg, --text").
 * valued: an optional value's own line ("--fail-hard=clamp"). */
static void option_names(const struct ab_option *opt, bool valued, struct ab_str *out)
{
	if (opt->letter)
		ab_str_addf(out, "-%c, ", opt->letter);
	ab_str_addf(out, "--%s", opt->name);
	switch (opt->arg) {
	case AB_ARG_NONE:
		break;
	case AB_ARG_REQUIRED:
		ab_str_addf(out, " %s", value_name(opt->value));
		break;
	case AB_ARG_EQUALS:
		ab_str_addf(out, "=%s", value_name(opt->value));
		break;
	case AB_ARG_OPTIONAL:
		if (valued)
			ab_str_addf(out, "=%s", opt->value);
		break;
	}
	/* The entries after it without help of their own share its line. */
	const struct ab_option *end = ab_options + ab_noptions;
	for (const struct ab_option *o = opt + 1; o < end && !o->help; o++)
		ab_str_addf(out, ", --%s", o->name);
}

/* The values an option lists, comma-separated, in lines of width. */
/* A character a line may not start with: closing punctuation. */
static bool closes(uint32_t cp)
{
	static const uint32_t marks[] = { ',', '.', ';', ':', ')', 0x3001, 0x3002, 0xff0c,
					  0xff1b, 0xff1a, 0xff09, 0xff01, 0xff1f, 0x300d };
	for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
		if (cp == marks[i])
			return true;
	return false;
}

/* Appends text from column col, wrapped to fit 80 columns, a line going on
 * at HELP_COLUMN: broken at spaces (the text's own line ends are spaces
 * too), and between wide characters, which Chinese writes without spaces,
 * never before closing punctuation. */
static void add_wrapped(const char *text, size_t col, struct ab_str *out)
{
	const size_t limit = 79;
	bool space = false, last_wide = false;
	for (const char *p = text; *p;) {
		if (*p == ' ') {
			space = true;
			p++;
			continue;
		}
		if (*p == '\n') { /* a space between words, nothing beside a wide one */
			uint32_t next = 0;
			ab_utf8_decode(p + 1, strlen(p + 1), &next);
			space = space || (!last_wide && ab_utf8_width(next) != 2);
			p++;
			continue;
		}
		/* The next unit: a word of narrow characters, or one wide
		 * character; either with the closing punctuation after it. */
		const char *q = p;
		size_t w = 0;
		bool wide = false, held = false;
		for (bool first = true; *q && *q != ' ' && *q != '\n'; first = false) {
			uint32_t cp;
			size_t len = ab_utf8_decode(q, strlen(q), &cp);
			int cw = ab_utf8_width(cp);
			if (!first && (wide || cw == 2) && !closes(cp) && !held)
				break;
			/* An opening bracket stays with what it opens (a wide
			 * character, or a word of narrow ones). */
			if (held && cw != 2)
				wide = false;
			held = first && (cp == 0xff08 || cp == 0x300c);
			wide = held ? true : wide || (first && cw == 2);
			w += cw > 0 ? (size_t)cw : 0;
			q += len ? len : 1;
		}
		size_t gap = space ? 1 : 0;
		if (col + gap + w > limit && col > HELP_COLUMN) {
			ab_str_addc(out, '\n');
			spaces(HELP_COLUMN, out);
			col = HELP_COLUMN;
			gap = 0;
		}
		if (gap)
			ab_str_addc(out, ' ');
		ab_str_addn(out, p, (size_t)(q - p));
		col += gap + w;
		uint32_t end = 0;
		const char *e = q;
		while (e > p && ((unsigned char)e[-1] & 0xc0) == 0x80)
			e--;
		if (e > p)
			e--;
		ab_utf8_decode(e, (size_t)(q - e), &end);
		last_wide = ab_utf8_width(end) == 2;
		p = q;
		space = false;
	}
}

/* One line (or more) of an option: its names, then its help and the
 * values it takes. */
static void add_entry(const struct ab_option *opt, bool valued, bool indent,
		      struct ab_str *out)
{
	struct ab_str names = AB_STR_INIT, help = AB_STR_INIT;
	if (indent)
		ab_str_add(&names, "    ");
	option_names(opt, valued, &names);
	size_t width = ab_utf8_text_width(ab_str_cstr(&names));
	ab_str_add(out, "  ");
	ab_str_add(out, ab_str_cstr(&names));
	size_t pad = width + 2 <= NAMES_WIDTH ? NAMES_WIDTH - width : 2;
	spaces(pad, out);
	ab_str_add(&help, _(valued ? opt->help_value : opt->help));
	for (unsigned i = 0; opt->values && !valued && opt->values(i); i++)
		ab_str_addf(&help, "\n%s%s", opt->values(i), opt->values(i + 1) ? "," : "");
	add_wrapped(ab_str_cstr(&help), 2 + width + pad, out);
	ab_str_free(&names);
	ab_str_free(&help);
	ab_str_addc(out, '\n');
}

static void add_group(enum ab_option_group g, unsigned commands, struct ab_str *out)
{
	bool any = false, after_letter = false;
	for (unsigned i = 0; i < ab_noptions; i++) {
		const struct ab_option *opt = &ab_options[i];
		if (opt->group != g || !opt->help || !(opt->commands & commands))
			continue;
		if (!any) {
			const struct ab_option_group_text *t = &ab_option_groups[g];
			if (t->note)
				ab_str_addf(out, _("%s (%s):\n"), _(t->title), _(t->note));
			else
				ab_str_addf(out, _("%s:\n"), _(t->title));
			any = true;
		}
		/* A long name under a short one lines up with the long one
		 * above it: "-h, --help" over "    --version". */
		add_entry(opt, false, after_letter && !opt->letter, out);
		if (opt->arg == AB_ARG_OPTIONAL && opt->help_value)
			add_entry(opt, true, after_letter && !opt->letter, out);
		after_letter = opt->letter != 0;
	}
}

void ab_help(const char *program, unsigned commands, struct ab_str *out)
{
	const char *usage = _("Usage: ");
	size_t indent = ab_utf8_text_width(usage);
	bool first = true;
	for (int c = 0; c < AB_CMD_COUNT; c++) {
		if (!(commands & (1u << c)))
			continue;
		if (first)
			ab_str_add(out, usage);
		else
			spaces(indent, out);
		ab_str_addf(out, "%s %s\n", program, _(ab_commands[c].usage));
		first = false;
	}
	ab_str_addc(out, '\n');
	if (commands & ab_option_find("expr", 0)->commands) {
		ab_str_add(out, _("TREE is a file, '-' for standard input, a bundled tree's name (lecture,\n"
				  "seed003, ...), or -e 'EXPR' with the tree written inline, e.g.\n"
				  "  -e '[[3,12,8],[2,4,6],[14,5,2]]'   or   -e '[3,12,8]/[2,4,6]/[14,5,2]'\n"));
		ab_str_addc(out, '\n');
		ab_str_add(out, _("Games: -g GAME[:POSITION] instead of a TREE searches a position's game tree:\n"
				  "  -g tictactoe:x.o.x....   9 squares x, o or . row by row (x moves first)\n"
				  "  -g nim:3,4,5             heaps; take any number from one heap; the last wins\n"
				  "  -g connect4:4x4          an empty WxH board (at most 7x6), or WxH:COLUMNS,\n"
				  "                           each from the bottom up, separated by /: 4x4:xo/x//\n"
				  "  A win scores 100 - plies; --depth N adds the game's evaluation.\n"));
		ab_str_addc(out, '\n');
	}
	for (int g = AB_GROUP_NONE + 1; g < AB_GROUP_COUNT; g++)
		add_group((enum ab_option_group)g, commands, out);
	ab_str_addc(out, '\n');
	/* check --help: the answer files it reads, in short (abtrace-answer(5)
	 * says it all). */
	if (commands == AB_CMD(CHECK)) {
		ab_str_add(out, _("Answer files: one item a line, '#' starts a comment; full-width ：，、\n"
				  "and the Chinese words of the report (根节点的值：3) are read too.\n"
				  "  value: 3                   the root's value\n"
				  "  best: B                    the best move, one of the root's children\n"
				  "  pruned: C2 C3              the leaves never looked at (none: no cut)\n"
				  "  visited: B1 B2 B3 C1 ...   or the leaves looked at, in order\n"
				  "  C: <= 2                    a node's value or bound: 3, >= 5, 1..3, -inf..7\n"
				  "  C: alpha=3 beta=2          its window when it returns\n"
				  "  D: returns 2               the number it hands back\n"
				  "  rules: strict fail-hard    the file's own conventions, where the command\n"
				  "                             line is silent (also order:, root:, depth:,\n"
				  "                             chance-prune:, values: returned)\n"
				  "  name: Zhang San            who wrote it (id: too); shown, not graded\n"
				  "A key (--key) writes '?' for what is asked, points after '|': value: ? | 2.\n"
				  "A line that cannot be read costs one item, never the file.\n"));
		ab_str_addc(out, '\n');
	}
	ab_str_add(out, _("Exit status: 0 success, 1 a checked answer has mistakes, 2 unusable input.\n"));
}
