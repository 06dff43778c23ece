/* main.c - the command line: commands, options, messages and exit codes.
 *
 * Everything else is the library; this file alone prints usage errors and
 * decides the exit status: 0 success, 1 a checked answer has mistakes,
 * 2 unusable input or usage.
 */
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "homework/answer.h"
#include "config.h"
#include "base/atomic.h"
#include "base/diag.h"
#include "views/export.h"
#include "views/format.h"
#include "homework/grade.h"
#include "base/i18n.h"
#include "views/json.h"
#include "lessons/lesson.h"
#include "sources/load.h"
#include "views/narrate.h"
#include "sources/random.h"
#include "sources/source.h"
#include "core/rng.h"
#include "core/search.h"
#include "views/stats.h"
#include "core/trace.h"
#include "core/tree.h"
#include "base/utf8.h"
#include "tui/replay.h"

enum { EXIT_OK = 0, EXIT_MISTAKES = 1, EXIT_USAGE = 2,
       EXIT_SIGNAL = 128 /* + n: the replay was stopped by signal n */ };

/* A command's status; after a signal stopped the replay (everything freed,
 * the terminal restored), the program ends by that signal, as it would
 * have without the replay's handler: 128 + n to the shell. */
static int end_with(int status)
{
	if (status > EXIT_SIGNAL) {
		int sig = status - EXIT_SIGNAL;
		fflush(NULL);
		signal(sig, SIG_DFL);
		sigset_t set;
		sigemptyset(&set);
		sigaddset(&set, sig);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		raise(sig);
	}
	return status;
}

/* Options, one table for every command; each command lists those it takes. */
enum option_id {
	OPT_EXPR = 'e',
	OPT_GAME = 'g',
	OPT_HELP = 'h',
	OPT_ALGO = 256,
	OPT_FAIL_SOFT,
	OPT_FAIL_HARD,
	OPT_STRICT,
	OPT_ORDER,
	OPT_ROOT,
	OPT_JSON,
	OPT_ASCII,
	OPT_VERSION,
	OPT_LANG,
	OPT_BRANCHING,
	OPT_DEPTH,
	OPT_RANGE,
	OPT_DISTINCT,
	OPT_SEED,
	OPT_DOT,
	OPT_TIKZ,
	OPT_TEXT,
	OPT_SVG,
	OPT_FRAMES,
	OPT_STANDALONE,
	OPT_STEP,
	OPT_OUTPUT,
	OPT_CHANCE_PRUNE,
	OPT_PLAYERS,
	OPT_CHANCE,
	OPT_BOUNDS,
	OPT_DECIMALS,
	OPT_NON_STRICT,
	OPT_VALUES,
	OPT_KEY,
	OPT_CSV,
	OPT_GRADESCOPE,
	OPT_SUMMARY,
	OPT_CHECK,
	OPT_ITERATIVE,
	OPT_VIEW,
	OPT_ITERATION,
	OPT_BUG,
};
#define RANDOM_OPTIONS (TAKES(OPT_BRANCHING) | TAKES(OPT_DEPTH) | TAKES(OPT_RANGE) | \
			TAKES(OPT_DISTINCT) | TAKES(OPT_SEED) | TAKES(OPT_PLAYERS) | \
			TAKES(OPT_CHANCE) | TAKES(OPT_BOUNDS) | TAKES(OPT_DECIMALS))

#define TAKES(id) (UINT64_C(1) << ((id) >= 256 ? (id) - 256 + 2 : (id) == OPT_EXPR ? 0 : \
					 (id) == OPT_GAME ? 63 : 1))
#define SEARCH_OPTIONS (TAKES(OPT_EXPR) | TAKES(OPT_GAME) | TAKES(OPT_ALGO) | TAKES(OPT_FAIL_SOFT) | \
			TAKES(OPT_FAIL_HARD) | TAKES(OPT_STRICT) | TAKES(OPT_ORDER) | \
			TAKES(OPT_ROOT) | TAKES(OPT_ASCII) | TAKES(OPT_NON_STRICT) | \
			TAKES(OPT_CHANCE_PRUNE) | TAKES(OPT_DEPTH) | TAKES(OPT_ITERATIVE) | \
			TAKES(OPT_VIEW) | TAKES(OPT_BUG))

static const struct option long_options[] = {
	{ "algo", required_argument, NULL, OPT_ALGO },
	{ "fail-soft", no_argument, NULL, OPT_FAIL_SOFT },
	{ "fail-hard", optional_argument, NULL, OPT_FAIL_HARD },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "order", required_argument, NULL, OPT_ORDER },
	{ "root", required_argument, NULL, OPT_ROOT },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "ascii", no_argument, NULL, OPT_ASCII },
	{ "expr", required_argument, NULL, OPT_EXPR },
	{ "game", required_argument, NULL, OPT_GAME },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "lang", required_argument, NULL, OPT_LANG },
	{ "branching", required_argument, NULL, OPT_BRANCHING },
	{ "depth", required_argument, NULL, OPT_DEPTH },
	{ "range", required_argument, NULL, OPT_RANGE },
	{ "distinct", no_argument, NULL, OPT_DISTINCT },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "dot", no_argument, NULL, OPT_DOT },
	{ "tikz", no_argument, NULL, OPT_TIKZ },
	{ "text", no_argument, NULL, OPT_TEXT },
	{ "svg", no_argument, NULL, OPT_SVG },
	{ "frames", required_argument, NULL, OPT_FRAMES },
	{ "standalone", no_argument, NULL, OPT_STANDALONE },
	{ "step", required_argument, NULL, OPT_STEP },
	{ "output", required_argument, NULL, OPT_OUTPUT },
	{ "chance-prune", required_argument, NULL, OPT_CHANCE_PRUNE },
	{ "players", required_argument, NULL, OPT_PLAYERS },
	{ "chance", required_argument, NULL, OPT_CHANCE },
	{ "bounds", no_argument, NULL, OPT_BOUNDS },
	{ "decimals", required_argument, NULL, OPT_DECIMALS },
	{ "non-strict", no_argument, NULL, OPT_NON_STRICT },
	{ "values", required_argument, NULL, OPT_VALUES },
	{ "key", required_argument, NULL, OPT_KEY },
	{ "csv", no_argument, NULL, OPT_CSV },
	{ "gradescope", no_argument, NULL, OPT_GRADESCOPE },
	{ "summary", no_argument, NULL, OPT_SUMMARY },
	{ "check", no_argument, NULL, OPT_CHECK },
	{ "iterative", no_argument, NULL, OPT_ITERATIVE },
	{ "view", required_argument, NULL, OPT_VIEW },
	{ "iteration", required_argument, NULL, OPT_ITERATION },
	{ NULL, 0, NULL, 0 },
};

struct cli {
	const char *command;
	struct ab_config config;
	bool algo_given, order_given;
	const char *expr;
	const char *game;         /* -g GAME[:POSITION] */
	bool json, ascii;
	int export_format;       /* enum ab_export_format, or -1 */
	bool text, standalone;
	enum ab_frames frames;   /* --frames, or none */
	long long step;          /* --step, or -1 for the last step */
	const char *output;      /* -o FILE, or NULL for standard output */
	const char *lang;        /* --lang, or NULL for the locale's */
	char **args;  /* what is left after the options */
	int nargs;
	struct ab_random_spec random; /* abtrace random */
	bool seed_given;
	unsigned fixed;          /* AB_RULE_* parts the command line states */
	unsigned given;          /* AB_PART_* parts of config it states */
	bool values_returned;    /* --values returned */
	const char *key;         /* --key KEY */
	int report;              /* check: enum report */
	bool check;              /* lesson --check */
	uint32_t iteration;      /* check --iteration K, or 0 */
};

/* How check reports. */
enum report { REPORT_TEXT, REPORT_JSON, REPORT_CSV, REPORT_GRADESCOPE, REPORT_SUMMARY };

static const char *program = "abtrace";

static int usage_error(const struct cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int usage_error(const struct cli *cli, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: ", program);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (cli && cli->command)
		fprintf(stderr, _("\nTry '%s %s --help' for more information.\n"), program,
			cli->command);
	else
		fprintf(stderr, _("\nTry '%s --help' for more information.\n"), program);
	return EXIT_USAGE;
}

static void print_help(void)
{
	printf(_("Usage: %s [OPTIONS] [TREE]            step through the search (default: the lecture tree)\n"
		 "       %s trace [OPTIONS] [TREE]      print every step, narrated, or --json\n"
		 "       %s stats [OPTIONS] [TREE]      leaves and nodes examined per algorithm and order\n"
		 "       %s check [OPTIONS] TREE ANSWER...  grade hand-worked answers (files or folders)\n"
		 "       %s random [OPTIONS]            print a random practice tree\n"
		 "       %s export --dot|--tikz|--svg|--text [OPTIONS] [TREE]   a picture of the search\n"
		 "       %s lesson [NAME] [--text] [--lang en|zh]   list the lessons, or play one\n"
		 "       %s practice [OPTIONS]          work a random tree by hand, then check it\n"
		 "\n"
		 "TREE is a file, '-' for standard input, a bundled tree's name (lecture,\n"
		 "seed003, ...), or -e 'EXPR' with the tree written inline, e.g.\n"
		 "  -e '[[3,12,8],[2,4,6],[14,5,2]]'   or   -e '[3,12,8]/[2,4,6]/[14,5,2]'\n"
		 "\n"
		 "Search options:\n"
		 "  --algo minimax|alphabeta   the algorithm (default alphabeta)\n"
		 "  --fail-soft                a node returns its best value (default)\n"
		 "  --fail-hard                a node returns a number inside its window: its alpha\n"
		 "                             (MAX) or beta (MIN) when its value lies outside\n"
		 "  --strict                   cut only on alpha > beta (default: alpha >= beta)\n"
		 "  --non-strict               cut on alpha >= beta (the default, said explicitly)\n"
		 "  --order ORDER              given, reverse, best, worst, random or random:SEED\n"
		 "  --root max|min             who moves at the root (overrides the file)\n"
		 "  --chance-prune none|node|star1  pruning at chance nodes (needs bounds:)\n"
		 "  --depth N                  stop N levels below the root: nodes there count\n"
		 "                             their static value (B=5[...]); random: the tree's depth\n"
		 "  --iterative                iterative deepening: depths 1, 2, ... N, each ordered\n"
		 "                             by the last\n"
		 "  --view negamax             show values and windows from the mover's side\n"
		 "  --iteration K              check: grade iteration K of --iterative\n"
		 "  --ascii                    plain ASCII instead of α, β, ≤, ≥, ∞\n"
		 "  --lang en|zh               the language of messages (default: the locale's)\n"),
	       program, program, program, program, program, program, program, program);
	fputs(_("Games: -g GAME[:POSITION] instead of a TREE searches a position's game tree:\n"
		"  -g tictactoe:x.o.x....   9 squares x, o or . row by row (x moves first)\n"
		"  -g nim:3,4,5             heaps; take any number from one heap; the last wins\n"
		"  -g connect4:4x4          an empty WxH board (at most 7x6), or WxH:COLUMNS,\n"
		"                           each from the bottom up, separated by /: 4x4:xo/x//\n"
		"  A win scores 100 - plies; --depth N adds the game's evaluation.\n"), stdout);
	/* Two messages: one string literal may be at most 4095 bytes (C99). */
	fputs(_("Output options:\n"
		 "  --json                     machine-readable output (trace, check: JSON Lines)\n"
		 "Check options (the command line wins over an answer file's own rules):\n"
		 "  --key KEY                  grade against a key: what is asked, and its points\n"
		 "  --values returned|proved   a bare number is what a node returns, or what\n"
		 "                             the search proves about it (default)\n"
		 "  --csv                      one CSV row per answer file\n"
		 "  --gradescope               one answer's results.json for an autograder\n"
		 "  --summary                  what the class got wrong, for the next lecture\n"
		 "Random tree options:\n"
		 "  --branching B|B1-B2        children per inner node (default 2-3, at most 20)\n"
		 "  --depth D                  levels below the root (default 3, 1 to 20)\n"
		 "  --range LO..HI             leaf values (default -9..9)\n"
		 "  --distinct                 no two leaves share a value\n"
		 "  --seed S                   the same seed gives the same tree (default: the clock)\n"
		 "  --players LIST             the players by level, e.g. max,min,min or max,chance,min\n"
		 "  --chance equal|tenths      chance children equally likely, or in tenths (default)\n"
		 "  --bounds                   declare the range as the tree's bounds: LO..HI\n"
		 "  --decimals D               leaf values with D digits after the point (0 to 3)\n"
		 "Export options:\n"
		 "  --dot, --tikz, --svg, --text   Graphviz, a TikZ picture, SVG, or a text drawing\n"
		 "  --standalone               with --tikz: a whole LaTeX document, cropped to the picture\n"
		 "  --step N                   draw the search as it stands after step N (default: the end)\n"
		 "  --frames=steps|cutoffs     a frame per step, or per cutoff and the end: --tikz, one\n"
		 "                             beamer frame with an overlay each; --svg, numbered files\n"
		 "                             in the directory -o names\n"
		 "  -o, --output FILE          write to FILE (atomically) instead of standard output\n"
		 "Lesson options:\n"
		 "  --text                     print the lesson with the narration of every step\n"
		 "                             (without it, a terminal plays the lesson in the replay)\n"
		 "  --check                    hold the lesson's claims and answers to the search\n"
		 "Other options:\n"
		 "  -h, --help                 this help\n"
		 "      --version              the version\n"
		 "\n"
		 "Exit status: 0 success, 1 a checked answer has mistakes, 2 unusable input.\n"), stdout);
}

/* A depth: 1 to AB_MAX_DEPTH levels, in decimal. */
static bool parse_levels(const char *text, uint32_t *out)
{
	char *end;
	errno = 0;
	if (*text < '0' || *text > '9')
		return false;
	unsigned long n = strtoul(text, &end, 10);
	if (*end || errno || n < 1 || n > AB_MAX_DEPTH)
		return false;
	*out = (uint32_t)n;
	return true;
}

/* A search option: its word's entry in core/config.c's table sets it.
 * Two options that set one part differently are a usage error. */
static bool search_option(struct cli *cli, const char *name, const char *value,
			  int *status)
{
	struct ab_config before = cli->config;
	unsigned parts = 0;
	const char *takes = ab_config_set(name, value, &cli->config, &parts);
	if (takes) {
		*status = usage_error(cli, _("--%s takes %s, not '%s'"), name, takes,
				      value ? value : "");
		return false;
	}
	/* Two settings of one part: the fail and cut conventions must not
	 * contradict (a grader states them); elsewhere the last one wins. */
	if ((cli->given & parts & (AB_PART_FAIL | AB_PART_STRICT)) &&
	    (ab_config_differ(&before, &cli->config) & parts)) {
		cli->config = before;
		*status = parts == AB_PART_FAIL
			? usage_error(cli, _("choose one of --fail-soft and --fail-hard"))
			: usage_error(cli, _("choose one of --strict and --non-strict"));
		return false;
	}
	cli->given |= parts;
	if (parts & AB_PART_FAIL)
		cli->fixed |= AB_RULE_FAIL;
	if (parts & AB_PART_STRICT)
		cli->fixed |= AB_RULE_STRICT;
	if (parts & AB_PART_ORDER)
		cli->fixed |= AB_RULE_ORDER;
	if (parts & AB_PART_ROOT)
		cli->fixed |= AB_RULE_ROOT;
	if (parts & AB_PART_ALGO)
		cli->algo_given = true;
	return true;
}

static bool parse_options(int argc, char **argv, uint64_t takes, struct cli *cli,
			  int *status)
{
	optind = 1;
	opterr = 0;
	int c;
	int longindex = -1;
	while ((c = getopt_long(argc, argv, ":e:g:ho:", long_options, &longindex)) != -1) {
		/* Which long option this was; -1 for a short one (getopt_long
		 * leaves longindex alone then, so it is reset every time). */
		int li = longindex;
		longindex = -1;
		if (c == 'o')
			c = OPT_OUTPUT;
		if (c == OPT_HELP) {
			print_help();
			*status = EXIT_OK;
			return false;
		}
		if (c == OPT_VERSION) {
			printf("abtrace %s\n", ABTRACE_VERSION);
			*status = EXIT_OK;
			return false;
		}
		if (c == '?') {
			*status = optopt ? usage_error(cli, _("unknown option '-%c'"), optopt)
					 : usage_error(cli, _("unknown option '%s'"), argv[optind - 1]);
			return false;
		}
		if (c == ':') {
			*status = usage_error(cli, _("option '%s' needs a value"), argv[optind - 1]);
			return false;
		}
		if (c == OPT_LANG) {
			/* Checked and applied before parsing (see main()); the
			 * lessons also read it to pick their text. */
			cli->lang = optarg;
			continue;
		}
		if (!(takes & TAKES(c))) {
			/* Name the option, not its value. */
			char shown[64];
			if (li >= 0)
				snprintf(shown, sizeof shown, "--%s", long_options[li].name);
			else
				snprintf(shown, sizeof shown, "-%c", c == OPT_OUTPUT ? 'o' : c);
			*status = usage_error(cli, _("option '%s' does not apply to '%s %s'"),
					      shown, program,
					      cli->command ? cli->command : "");
			return false;
		}
		switch (c) {
		case OPT_EXPR:
			if (cli->expr) {
				*status = usage_error(cli, _("-e is given twice: one tree at a time"));
				return false;
			}
			cli->expr = optarg;
			break;
		case OPT_GAME:
			if (cli->game) {
				*status = usage_error(cli, _("-g is given twice: one tree at a time"));
				return false;
			}
			cli->game = optarg;
			break;
		case OPT_ALGO:
		case OPT_FAIL_SOFT:
		case OPT_FAIL_HARD:
		case OPT_STRICT:
		case OPT_NON_STRICT:
		case OPT_ROOT:
		case OPT_CHANCE_PRUNE:
		case OPT_ITERATIVE:
		case OPT_VIEW:
		case OPT_BUG:
			if (!search_option(cli, long_options[li].name, optarg, status))
				return false;
			break;
		case OPT_VALUES:
			if (strcmp(optarg, "returned") == 0)
				cli->values_returned = true;
			else if (strcmp(optarg, "proved") == 0)
				cli->values_returned = false;
			else {
				*status = usage_error(cli, _("--values takes returned or proved, not '%s'"), optarg);
				return false;
			}
			cli->fixed |= AB_RULE_VALUES;
			break;
		case OPT_KEY:
			cli->key = optarg;
			break;
		case OPT_JSON:
		case OPT_CSV:
		case OPT_GRADESCOPE:
		case OPT_SUMMARY: {
			int report = c == OPT_JSON ? REPORT_JSON : c == OPT_CSV ? REPORT_CSV
				   : c == OPT_GRADESCOPE ? REPORT_GRADESCOPE : REPORT_SUMMARY;
			if (cli->report != REPORT_TEXT && cli->report != report) {
				*status = usage_error(cli, _("choose one of --json, --csv, --gradescope and --summary"));
				return false;
			}
			cli->report = report;
			cli->json = c == OPT_JSON;
			break;
		}
		case OPT_CHECK:
			cli->check = true;
			break;
		case OPT_ORDER:
			if (!search_option(cli, "order", optarg, status))
				return false;
			if (strcmp(optarg, "random") == 0)
				cli->config.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
			cli->order_given = true;
			break;
		case OPT_ASCII:
			cli->ascii = true;
			break;
		case OPT_BOUNDS:
			cli->random.bounds = true;
			break;
		case OPT_DEPTH:
			if (cli->command && (strcmp(cli->command, "random") == 0 ||
					     strcmp(cli->command, "practice") == 0))
				goto random_option; /* the random tree's depth */
			if (!search_option(cli, "depth", optarg, status))
				return false;
			break;
		case OPT_ITERATION:
			if (!parse_levels(optarg, &cli->iteration)) {
				*status = usage_error(cli, _("--iteration takes an iteration's depth, 1 to %u, not '%s'"),
						      (unsigned)AB_MAX_DEPTH, optarg);
				return false;
			}
			break;
		case OPT_BRANCHING:
		case OPT_RANGE:
		case OPT_PLAYERS:
		case OPT_CHANCE:
		case OPT_DECIMALS:
		case OPT_SEED:
		random_option: {
			const char *why =
				c == OPT_BRANCHING ? ab_random_parse_branching(optarg, &cli->random)
				: c == OPT_DEPTH ? ab_random_parse_depth(optarg, &cli->random)
				: c == OPT_RANGE ? ab_random_parse_range(optarg, &cli->random)
				: c == OPT_PLAYERS ? ab_random_parse_players(optarg, &cli->random)
				: c == OPT_CHANCE ? ab_random_parse_chance(optarg, &cli->random)
				: c == OPT_DECIMALS ? ab_random_parse_decimals(optarg, &cli->random)
				: ab_random_parse_seed(optarg, &cli->random);
			if (why) {
				*status = usage_error(cli, _("%s (not '%s')"), why, optarg);
				return false;
			}
			cli->seed_given |= c == OPT_SEED;
			break;
		}
		case OPT_DISTINCT:
			cli->random.distinct = true;
			break;
		case OPT_DOT:
		case OPT_TIKZ:
		case OPT_SVG:
		case OPT_TEXT: {
			int format = c == OPT_DOT ? AB_EXPORT_DOT
				   : c == OPT_TIKZ ? AB_EXPORT_TIKZ
				   : c == OPT_SVG ? AB_EXPORT_SVG : AB_EXPORT_TEXT;
			if (cli->export_format >= 0 && cli->export_format != format) {
				*status = usage_error(cli, _("choose one of --dot, --tikz, --svg and --text"));
				return false;
			}
			cli->export_format = format;
			cli->text = c == OPT_TEXT;
			break;
		}
		case OPT_STANDALONE:
			cli->standalone = true;
			break;
		case OPT_FRAMES:
			if (strcmp(optarg, "steps") == 0) {
				cli->frames = AB_FRAMES_STEPS;
			} else if (strcmp(optarg, "cutoffs") == 0) {
				cli->frames = AB_FRAMES_CUTOFFS;
			} else {
				*status = usage_error(cli, _("--frames takes steps or cutoffs, not '%s'"),
						      optarg);
				return false;
			}
			break;
		case OPT_STEP: {
			char *end;
			errno = 0;
			long long step = strtoll(optarg, &end, 10);
			if (end == optarg || *end || errno || step < 0) {
				*status = usage_error(cli, _("--step takes a step number (0 or more), not '%s'"), optarg);
				return false;
			}
			cli->step = step;
			break;
		}
		case OPT_OUTPUT:
			cli->output = optarg;
			break;
		default:
			break;
		}
	}
	cli->args = argv + optind;
	cli->nargs = argc - optind;
	return true;
}

/* ---- Loading ------------------------------------------------------------ */

static void print_diag(const struct ab_diag *diag, const char *name)
{
	struct ab_str text = AB_STR_INIT;
	/* An empty argument ("abtrace ''") is shown as one. */
	ab_diag_format(diag, *name ? name : "''", &text);
	fputs(ab_str_cstr(&text), stderr);
	ab_str_free(&text);
}

/* Whether the search options fit the tree: every node at a depth limit
 * has a static value, and the negamax view has no chance node to show.
 * Prints why not. */
static bool search_fits(const struct cli *cli, const struct ab_tree *tree,
			int *status)
{
	const struct ab_config *c = &cli->config;
	if (c->iterative && ab_config_last_depth(c, tree) > AB_MAX_ITERATIONS) {
		*status = usage_error(cli, _("--iterative runs at most %u iterations and this tree is %u levels deep: add --depth %u or less"),
				      AB_MAX_ITERATIONS, tree->height, AB_MAX_ITERATIONS);
		return false;
	}
	uint32_t bad = ab_search_missing_static(tree, c);
	if (bad != AB_NONE) {
		struct ab_str name = AB_STR_INIT;
		ab_tree_name(tree, bad, &name);
		if (c->iterative)
			*status = usage_error(cli, _("%s is an inner node at depth %u, where an iteration of --iterative stops, but has no static value: write one, e.g. %s=5[...]"),
					      ab_str_cstr(&name), tree->nodes[bad].depth,
					      ab_tree_label(tree, bad) ? ab_str_cstr(&name) : "");
		else
			*status = usage_error(cli, _("%s is an inner node at the depth limit %u but has no static value: write one, e.g. %s=5[...]"),
					      ab_str_cstr(&name), c->depth,
					      ab_tree_label(tree, bad) ? ab_str_cstr(&name) : "");
		ab_str_free(&name);
		return false;
	}
	if (c->view == AB_VIEW_NEGAMAX && ab_tree_has_chance(tree)) {
		*status = usage_error(cli, _("--view negamax needs a tree without chance nodes: negamax has no sign for an expectation"));
		return false;
	}
	return true;
}

/* The tree the command names: -e, or one TREE argument, or the lecture
 * tree.  NULL (message printed) on failure. */
static struct ab_tree *load_tree(const struct cli *cli, int *status)
{
	struct ab_diag diag;
	struct ab_tree *tree;
	if (cli->expr && cli->nargs > 0) {
		*status = usage_error(cli, _("give either -e EXPR or a TREE, not both"));
		return NULL;
	}
	if (cli->nargs > 1) {
		*status = usage_error(cli, _("one TREE at a time (got '%s' and '%s')"),
				      cli->args[0], cli->args[1]);
		return NULL;
	}
	if (cli->game && (cli->expr || cli->nargs > 0)) {
		*status = usage_error(cli, _("give either -g GAME[:POSITION] or a TREE, not both"));
		return NULL;
	}
	if (cli->game) {
		struct ab_str shown = AB_STR_INIT;
		tree = ab_source_load("game", cli->game, &cli->config, &shown, &diag);
		if (!tree)
			print_diag(&diag, ab_str_cstr(&shown));
		ab_str_free(&shown);
	} else if (cli->expr) {
		tree = ab_load_expr(cli->expr, &diag);
		if (!tree)
			print_diag(&diag, AB_EXPR_NAME);
	} else {
		struct ab_str shown = AB_STR_INIT;
		tree = ab_load_tree(cli->nargs ? cli->args[0] : "lecture", &shown, &diag);
		if (!tree)
			print_diag(&diag, ab_str_cstr(&shown));
		ab_str_free(&shown);
	}
	if (!tree) {
		*status = EXIT_USAGE;
		return NULL;
	}
	if (!search_fits(cli, tree, status)) {
		ab_tree_free(tree);
		return NULL;
	}
	enum ab_chance_prune prune = cli->config.chance_prune;
	if ((prune == AB_CHANCE_NODE || prune == AB_CHANCE_STAR1) && !tree->has_bounds) {
		*status = usage_error(cli, _("--chance-prune %s needs the tree's value bounds: add a header line 'bounds: LO..HI'"),
				      ab_chance_prune_name(prune));
		ab_tree_free(tree);
		return NULL;
	}
	return tree;
}

/* ---- Output ------------------------------------------------------------- */

static bool write_out(struct ab_str *text, int *status)
{
	if (text->len && fwrite(text->s, 1, text->len, stdout) != text->len) {
		if (errno != EPIPE)
			fprintf(stderr, _("%s: cannot write: %s\n"), program, strerror(errno));
		*status = EXIT_USAGE;
		ab_str_clear(text);
		return false;
	}
	ab_str_clear(text);
	return true;
}

static int finish_output(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno != EPIPE)
			fprintf(stderr, _("%s: cannot write: %s\n"), program, strerror(errno));
		return EXIT_USAGE;
	}
	return status;
}

/* ---- Commands ----------------------------------------------------------- */

static int cmd_trace(struct cli *cli)
{
	int status = EXIT_OK;
	struct ab_tree *tree = load_tree(cli, &status);
	if (!tree)
		return status;
	struct ab_trace *trace = ab_trace_record(tree, &cli->config);
	if (!trace) {
		fprintf(stderr, _("%s: the search has more than %u steps; try a smaller tree\n"),
			program, (unsigned)AB_MAX_EVENTS);
		ab_tree_free(tree);
		return EXIT_USAGE;
	}
	const struct ab_glyphs *g = ab_glyphs_for_locale(cli->ascii);
	struct ab_str out = AB_STR_INIT;
	if (!cli->json) {
		ab_str_add(&out, "# ");
		if (tree->title)
			ab_str_addf(&out, "%s: ", tree->title);
		ab_config_describe_for(&cli->config, tree, g->ascii, &out);
		ab_str_addf(&out, P_("; root %s; %u leaf\n", "; root %s; %u leaves\n", tree->leaves),
			    ab_player_name(trace->root_player), tree->leaves);
	}
	int width = snprintf(NULL, 0, "%zu", trace->length);
	while (ab_trace_forward(trace)) {
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		if (cli->json) {
			ab_json_event(tree, trace->root_player, trace->step, &ev, &out);
		} else {
			ab_str_addf(&out, "%*zu  ", width, trace->step);
			ab_narrate(trace, &ev, g, &out);
			ab_str_addc(&out, '\n');
		}
		if (out.len > 65536 && !write_out(&out, &status))
			break;
	}
	if (status == EXIT_OK)
		write_out(&out, &status);
	ab_str_free(&out);
	ab_trace_free(trace);
	ab_tree_free(tree);
	return finish_output(status);
}

static int cmd_stats(struct cli *cli)
{
	int status = EXIT_OK;
	struct ab_tree *tree = load_tree(cli, &status);
	if (!tree)
		return status;
	struct ab_stats stats;
	bool only = cli->algo_given || cli->order_given;
	if (!ab_stats_compute(tree, &cli->config, only, &stats)) {
		fprintf(stderr, _("%s: the search has more than %u steps; try a smaller tree\n"),
			program, (unsigned)AB_MAX_EVENTS);
		ab_tree_free(tree);
		return EXIT_USAGE;
	}
	struct ab_str out = AB_STR_INIT;
	if (cli->json) {
		ab_stats_json(tree, &stats, &out);
	} else {
		if (tree->title)
			ab_str_addf(&out, "%s\n", tree->title);
		ab_stats_text(tree, &stats, ab_glyphs_for_locale(cli->ascii), &out);
	}
	write_out(&out, &status);
	ab_str_free(&out);
	ab_tree_free(tree);
	return finish_output(status);
}

/* Records the search; NULL (message printed) when it is too long. */
static struct ab_trace *record_trace(const struct cli *cli, const struct ab_tree *tree)
{
	struct ab_trace *trace = ab_trace_record(tree, &cli->config);
	if (!trace)
		fprintf(stderr, _("%s: the search has more than %u steps; try a smaller tree\n"),
			program, (unsigned)AB_MAX_EVENTS);
	return trace;
}

/* Standard output, or -o FILE written atomically. */
static int emit(const struct cli *cli, struct ab_str *text)
{
	int status = EXIT_OK;
	if (!cli->output || strcmp(cli->output, "-") == 0) {
		write_out(text, &status);
		return finish_output(status);
	}
	int err = ab_write_file_atomic(cli->output, ab_str_cstr(text), text->len);
	if (err) {
		fprintf(stderr, _("%s: cannot write '%s': %s\n"), program, cli->output,
			strerror(err));
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* --svg --frames: one numbered SVG per frame into the directory -o names
 * (made if missing), each file written atomically. */
static int write_svg_frames(const struct cli *cli, struct ab_trace *trace,
			    struct ab_export_options *opt)
{
	if (mkdir(cli->output, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, _("%s: cannot create the directory '%s': %s\n"), program,
			cli->output, strerror(errno));
		return EXIT_USAGE;
	}
	struct stat st;
	if (stat(cli->output, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, _("%s: '%s' is not a directory: --svg --frames writes one file per frame into the directory -o names\n"),
			program, cli->output);
		return EXIT_USAGE;
	}
	int digits = opt->nframes >= 1000 ? 4 : 3;
	struct ab_str out = AB_STR_INIT, path = AB_STR_INIT;
	int status = EXIT_OK;
	for (size_t i = 0; i < opt->nframes && status == EXIT_OK; i++) {
		ab_trace_seek(trace, opt->frames[i]);
		ab_str_clear(&out);
		ab_export(trace, opt, &out);
		ab_str_clear(&path);
		ab_str_addf(&path, "%s/frame-%0*zu.svg", cli->output, digits, i + 1);
		int err = ab_write_file_atomic(ab_str_cstr(&path), ab_str_cstr(&out), out.len);
		if (err) {
			fprintf(stderr, _("%s: cannot write '%s': %s\n"), program,
				ab_str_cstr(&path), strerror(err));
			status = EXIT_USAGE;
		}
	}
	ab_str_free(&out);
	ab_str_free(&path);
	return status;
}

/* How many frames of this tree --frames may draw. */
static unsigned max_frames(const struct ab_tree *tree)
{
	unsigned by_nodes = AB_MAX_FRAME_NODES / (tree->count ? tree->count : 1);
	unsigned n = by_nodes < AB_MAX_FRAMES ? by_nodes : AB_MAX_FRAMES;
	return n ? n : 1;
}

static int cmd_export(struct cli *cli)
{
	if (cli->export_format < 0)
		return usage_error(cli, _("say which picture: --dot, --tikz, --svg or --text"));
	if (cli->standalone && cli->export_format != AB_EXPORT_TIKZ)
		return usage_error(cli, _("--standalone goes with --tikz"));
	bool frames = cli->frames != AB_FRAMES_NONE;
	if (frames && cli->export_format != AB_EXPORT_TIKZ && cli->export_format != AB_EXPORT_SVG)
		return usage_error(cli, _("--frames goes with --tikz or --svg"));
	if (frames && cli->step >= 0)
		return usage_error(cli, _("--frames draws its own steps: leave out --step"));
	if (frames && cli->export_format == AB_EXPORT_SVG &&
	    (!cli->output || strcmp(cli->output, "-") == 0))
		return usage_error(cli, _("--svg --frames writes one file per frame: name a directory with -o"));
	int status = EXIT_OK;
	struct ab_tree *tree = load_tree(cli, &status);
	if (!tree)
		return status;
	struct ab_trace *trace = record_trace(cli, tree);
	if (!trace) {
		ab_tree_free(tree);
		return EXIT_USAGE;
	}
	size_t *steps = NULL, nsteps = 0;
	if (frames)
		nsteps = ab_export_frame_steps(trace, cli->frames, &steps);
	if (cli->step > (long long)trace->length) {
		status = usage_error(cli, _("--step %lld is past the end: this search has %zu steps"),
				     cli->step, trace->length);
	} else if (nsteps > max_frames(tree)) {
		status = usage_error(cli, _("--frames would draw %zu frames; at most %u are allowed: try --frames=cutoffs or a smaller tree"),
				     nsteps, max_frames(tree));
	} else {
		ab_trace_seek(trace, cli->step < 0 ? trace->length : (size_t)cli->step);
		struct ab_export_options opt = {
			.format = (enum ab_export_format)cli->export_format,
			/* DOT, TikZ and SVG files are UTF-8 whatever the
			 * terminal; the text picture follows the locale. */
			.ascii = cli->export_format == AB_EXPORT_TEXT
				 ? ab_glyphs_for_locale(cli->ascii)->ascii : cli->ascii,
			.standalone = cli->standalone,
			.frames = steps,
			.nframes = nsteps,
		};
		if (frames && cli->export_format == AB_EXPORT_SVG) {
			status = write_svg_frames(cli, trace, &opt);
		} else {
			struct ab_str out = AB_STR_INIT;
			ab_export(trace, &opt, &out);
			status = emit(cli, &out);
			ab_str_free(&out);
		}
	}
	free(steps);
	ab_trace_free(trace);
	ab_tree_free(tree);
	return status;
}

/* Runs the replay; its errors (no terminal, too long a search) printed. */
static int run_replay(struct ab_tree *tree, const struct ab_config *config,
		      const struct ab_replay_options *opts)
{
	struct ab_diag err;
	enum ab_replay_status st = ab_replay_run(tree, config, opts, &err);
	if (st == AB_REPLAY_SIGNALLED)
		return EXIT_SIGNAL + ab_replay_stop_signal();
	if (st != AB_REPLAY_OK) {
		fprintf(stderr, "%s: %s\n", program, err.message);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Prints a lesson file's diagnostic; the tree's when the lesson's tree is
 * what failed. */
static void print_lesson_diag(const struct ab_diag *diag, const char *path,
			      const struct ab_lesson *lesson, bool in_tree)
{
	if (in_tree && lesson) {
		/* First the lesson's tree: line, then what is wrong in the tree. */
		struct ab_diag at;
		ab_diag_at(&at, lesson->text, lesson->len, lesson->tree_pos,
			   _("the tree '%s' of this lesson does not load:"), lesson->tree_name);
		print_diag(&at, path);
	}
	print_diag(diag, in_tree && lesson ? lesson->tree_name : path);
}

static int list_lessons(enum ab_lang lang)
{
	char **names;
	size_t count = ab_lesson_names(&names);
	if (count == 0) {
		fprintf(stderr, _("%s: no lessons found (looked in the source tree and %s/lessons)\n"),
			program, ABTRACE_DATADIR);
		return EXIT_USAGE;
	}
	int status = EXIT_OK;
	struct ab_str out = AB_STR_INIT, path = AB_STR_INIT;
	for (size_t i = 0; i < count; i++) {
		struct ab_diag diag;
		ab_str_clear(&path);
		struct ab_lesson *lesson = ab_lesson_find(names[i], &path)
			? ab_lesson_load(path.s, &diag) : NULL;
		if (lesson) {
			/* Titles are checked text, but a list is no place to trust one. */
			const char *title = ab_lesson_text(&lesson->title, lang);
			ab_str_addf(&out, "%-22s ", names[i]);
			ab_utf8_add_safe(&out, title, strlen(title));
			ab_str_addc(&out, '\n');
		}
		else {
			print_diag(&diag, ab_str_cstr(&path));
			status = EXIT_USAGE;
		}
		ab_lesson_free(lesson);
		free(names[i]);
	}
	free(names);
	ab_str_free(&path);
	int written = EXIT_OK;
	write_out(&out, &written);
	ab_str_free(&out);
	written = finish_output(written);
	return written != EXIT_OK ? written : status;
}

/* abtrace lesson --check FILE: every claim and every question's answer
 * held to the search; each one that does not hold named at its place. */
/* The lesson a name or path means, loaded and bound to its tree; NULL
 * (its error printed) when there is none or it cannot be used.  *path
 * gets where it was found. */
static struct ab_lesson *open_lesson(const char *name, struct ab_str *path)
{
	if (!ab_lesson_find(name, path)) {
		fprintf(stderr, _("%s: no lesson called '%s'; '%s lesson' lists them\n"),
			program, name, program);
		return NULL;
	}
	struct ab_diag diag;
	bool in_tree = false;
	struct ab_lesson *lesson = ab_lesson_load(path->s, &diag);
	if (!lesson || !ab_lesson_bind(lesson, &diag, &in_tree)) {
		print_lesson_diag(&diag, path->s, lesson, in_tree);
		ab_lesson_free(lesson);
		return NULL;
	}
	return lesson;
}

static int check_lesson(const char *name)
{
	struct ab_str path = AB_STR_INIT;
	struct ab_lesson *lesson = open_lesson(name, &path);
	if (!lesson) {
		ab_str_free(&path);
		return EXIT_USAGE;
	}
	size_t checked = 0;
	for (size_t b = 0; b < lesson->nblocks; b++)
		checked += lesson->blocks[b].nclaims + lesson->blocks[b].nquestions;
	struct ab_diag *fails = NULL;
	size_t nfails = ab_lesson_check(lesson, &fails);
	struct ab_str out = AB_STR_INIT;
	for (size_t i = 0; i < nfails; i++)
		ab_diag_format(&fails[i], path.s, &out);
	if (nfails)
		ab_str_addf(&out, _("%s: %zu of %zu claims and answers do not hold.\n"), path.s,
			    nfails, checked);
	else
		ab_str_addf(&out, _("%s: all %zu claims and answers hold.\n"), path.s, checked);
	int status = EXIT_OK;
	write_out(&out, &status);
	ab_str_free(&out);
	free(fails);
	ab_lesson_free(lesson);
	ab_str_free(&path);
	status = finish_output(status);
	return status != EXIT_OK ? status : nfails ? EXIT_MISTAKES : EXIT_OK;
}

static int cmd_lesson(struct cli *cli)
{
	enum ab_lang lang = ab_lang_from_env();
	if (cli->lang) {
		ab_lang_parse(cli->lang, &lang);
#ifdef ENABLE_NLS
		/* The narration between the lesson's text follows --lang too. */
		setenv("LANGUAGE", lang == AB_LANG_ZH ? "zh_CN" : "en", 1);
#endif
	}
	if (cli->check) {
		if (cli->nargs != 1)
			return usage_error(cli, _("lesson --check takes one lesson file or name"));
		return check_lesson(cli->args[0]);
	}
	if (cli->nargs == 0)
		return list_lessons(lang);
	if (cli->nargs > 1)
		return usage_error(cli, _("one lesson at a time (got '%s' and '%s')"),
				   cli->args[0], cli->args[1]);
	struct ab_str path = AB_STR_INIT;
	struct ab_lesson *lesson = open_lesson(cli->args[0], &path);
	if (!lesson) {
		ab_str_free(&path);
		return EXIT_USAGE;
	}
	/* In a terminal the replay plays it, unless --text asks for print. */
	if (!cli->text && isatty(STDOUT_FILENO)) {
		struct ab_replay_options opts = {
			.ascii = cli->ascii, .name = lesson->tree_name,
			.lesson = lesson, .lang = lang,
		};
		int status = run_replay(lesson->tree, &lesson->config, &opts);
		ab_lesson_free(lesson);
		ab_str_free(&path);
		return status;
	}
	struct ab_str out = AB_STR_INIT;
	ab_lesson_render_text(lesson, lang, ab_glyphs_for_locale(cli->ascii), &out);
	int status = EXIT_OK;
	write_out(&out, &status);
	ab_str_free(&out);
	ab_lesson_free(lesson);
	ab_str_free(&path);
	return finish_output(status);
}

static int cmd_replay(struct cli *cli)
{
	int status = EXIT_OK;
	struct ab_tree *tree = load_tree(cli, &status);
	if (!tree)
		return status;
	struct ab_replay_options opts = {
		.ascii = cli->ascii,
		.name = cli->game ? cli->game : cli->expr ? AB_EXPR_NAME
			: !cli->nargs ? "lecture"
			: strcmp(cli->args[0], "-") == 0 ? AB_STDIN_NAME : cli->args[0],
	};
	status = run_replay(tree, &cli->config, &opts);
	ab_tree_free(tree);
	return status;
}

/* One answer file graded: its report, or why it could not be read. */
struct checked {
	char *file;
	struct ab_grade grade;
	bool usable;
	struct ab_str error;  /* the first line of the error, for the table */
};

/* The grader's side of a check: the conventions, the key. */
struct grading {
	struct ab_config config;
	unsigned fixed;          /* the parts the command line or key state */
	bool values_returned;
	struct ab_answer *key;   /* or NULL */
	double key_points;       /* the key's total */
	uint32_t iteration;      /* --iteration K, or 0 */
};

/* Reads, parses and grades one answer file; prints its errors and notes
 * on stderr. */
static void check_one(const struct grading *gr, const struct ab_tree *tree,
		      const struct ab_glyphs *g, struct checked *c)
{
	struct ab_diag diag;
	size_t len;
	c->usable = false;
	char *text = ab_read_file(c->file, AB_MAX_ANSWER_BYTES, &len, &diag);
	struct ab_answer *answer = text ? ab_answer_parse(tree, text, len, &diag) : NULL;
	free(text);
	const char *name = strcmp(c->file, "-") == 0 ? AB_STDIN_NAME : c->file;
	if (!answer) {
		struct ab_str report = AB_STR_INIT;
		ab_diag_format(&diag, name, &report);
		fputs(ab_str_cstr(&report), stderr);
		const char *nl = strchr(ab_str_cstr(&report), '\n');
		ab_str_addn(&c->error, ab_str_cstr(&report),
			    nl ? (size_t)(nl - report.s) : report.len);
		ab_str_free(&report);
		return;
	}
	/* The person grading decides: the answer's own rules apply only
	 * where the command line (and the key) are silent. */
	struct ab_config config = gr->config;
	bool values = gr->values_returned;
	unsigned overruled = ab_answer_apply_rules(answer, gr->fixed, &config, &values);
	/* An iteration of --iterative: the command line's (or the key's),
	 * else the file's, unless the command line asks for a plain search
	 * to a depth.  Iteration K is the last of an iterative search to
	 * depth K. */
	bool depth_fixed = gr->config.depth && !gr->config.iterative;
	uint32_t iteration = gr->iteration ? gr->iteration
			     : answer->rules.has_iteration && !depth_fixed ? answer->rules.iteration : 0;
	bool iteration_overruled = answer->rules.has_iteration &&
				   iteration != answer->rules.iteration;
	if (iteration) {
		struct ab_config all = config;
		all.iterative = true;
		uint32_t last = ab_config_last_depth(&all, tree);
		if (iteration > last) {
			ab_str_addf(&c->error, _("there is no iteration %u: the iterative search of this tree has %u"),
				    iteration, last);
			fprintf(stderr, "%s: %s: %s\n", program, c->file, ab_str_cstr(&c->error));
			ab_answer_free(answer);
			return;
		}
		config.iterative = true;
		config.depth = iteration;
		uint32_t bad = ab_search_missing_static(tree, &config);
		if (bad != AB_NONE) {
			struct ab_str node_name = AB_STR_INIT;
			ab_tree_name(tree, bad, &node_name);
			ab_str_addf(&c->error, _("%s is an inner node at depth %u, where an iteration of --iterative stops, but has no static value: write one, e.g. %s=5[...]"),
				    ab_str_cstr(&node_name), tree->nodes[bad].depth,
				    ab_tree_label(tree, bad) ? ab_str_cstr(&node_name) : "");
			fprintf(stderr, "%s: %s\n", program, ab_str_cstr(&c->error));
			ab_str_free(&node_name);
			ab_answer_free(answer);
			return;
		}
	}
	struct ab_grade_options opt = { values, gr->key };
	if (!ab_grade_answer_with(tree, &config, &opt, answer, g, &c->grade)) {
		fprintf(stderr, _("%s: the search has more than %u steps; try a smaller tree\n"),
			program, (unsigned)AB_MAX_EVENTS);
		ab_str_add(&c->error, _("the search is too long"));
		ab_answer_free(answer);
		return;
	}
	c->usable = true;
	struct ab_str note = AB_STR_INIT;
	ab_answer_describe_rules(answer, &note);
	if (note.len)
		c->grade.declared = ab_xstrdup(note.s);
	ab_str_clear(&note);
	ab_answer_describe_overruled(answer, overruled, &config, values, g, &note);
	if (iteration_overruled) {
		if (note.len)
			ab_str_add(&note, "; ");
		if (iteration)
			ab_str_addf(&note, _("declares iteration: %u; graded against iteration %u"),
				    answer->rules.iteration, iteration);
		else
			ab_str_addf(&note, _("declares iteration: %u; graded as a search to depth %u"),
				    answer->rules.iteration, config.depth);
	}
	if (note.len) {
		c->grade.overruled = ab_xstrdup(note.s);
		fprintf(stderr, _("%s: note: %s %s.\n"), program, name, note.s);
	}
	ab_str_free(&note);
	ab_answer_free(answer);
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends the answer files an ANSWER argument stands for: itself, or for a
 * directory the regular files in it, sorted, hidden ones skipped.  False
 * (message printed) when a directory cannot be read or holds none. */
static bool add_answer_files(const char *arg, char ***files, size_t *count, size_t *cap)
{
	struct stat st;
	size_t before = *count;
	if (strcmp(arg, "-") == 0 || stat(arg, &st) != 0 || !S_ISDIR(st.st_mode)) {
		if (*count == *cap) {
			*cap = *cap ? *cap * 2 : 16;
			*files = ab_xreallocarray(*files, *cap, sizeof **files);
		}
		(*files)[(*count)++] = ab_xstrdup(arg);
		return true;
	}
	DIR *dir = opendir(arg);
	if (!dir) {
		fprintf(stderr, _("%s: cannot read the directory '%s': %s\n"), program, arg,
			strerror(errno));
		return false;
	}
	size_t n = strlen(arg);
	bool slash = n > 0 && arg[n - 1] == '/';
	for (struct dirent *e; (e = readdir(dir));) {
		if (e->d_name[0] == '.')
			continue;
		struct ab_str path = AB_STR_INIT;
		ab_str_addf(&path, "%s%s%s", arg, slash ? "" : "/", e->d_name);
		if (stat(path.s, &st) != 0 || !S_ISREG(st.st_mode)) {
			ab_str_free(&path);
			continue;
		}
		if (*count == *cap) {
			*cap = *cap ? *cap * 2 : 16;
			*files = ab_xreallocarray(*files, *cap, sizeof **files);
		}
		(*files)[(*count)++] = path.s;
	}
	closedir(dir);
	if (*count == before) {
		fprintf(stderr, _("%s: the directory '%s' holds no answer files\n"), program, arg);
		return false;
	}
	qsort(*files + before, *count - before, sizeof **files, compare_names);
	return true;
}

/* Reads the --key file into gr; false (message printed) when unusable. */
static bool load_key(const struct cli *cli, const struct ab_tree *tree, struct grading *gr)
{
	struct ab_diag diag;
	size_t len;
	char *text = ab_read_file(cli->key, AB_MAX_ANSWER_BYTES, &len, &diag);
	gr->key = text ? ab_answer_parse_key(tree, text, len, &diag) : NULL;
	free(text);
	if (!gr->key) {
		print_diag(&diag, strcmp(cli->key, "-") == 0 ? AB_STDIN_NAME : cli->key);
		return false;
	}
	/* The key is the grader's: its rules count as the command line's
	 * where the command line is silent. */
	ab_answer_apply_rules(gr->key, gr->fixed, &gr->config, &gr->values_returned);
	const struct ab_answer_rules *r = &gr->key->rules;
	gr->fixed |= (r->has_strict ? AB_RULE_STRICT : 0) | (r->has_fail ? AB_RULE_FAIL : 0) |
		     (r->has_order ? AB_RULE_ORDER : 0) | (r->has_root ? AB_RULE_ROOT : 0) |
		     (r->has_values ? AB_RULE_VALUES : 0);
	/* So is its iteration, where --iteration is not given. */
	if (!gr->iteration && r->has_iteration)
		gr->iteration = r->iteration;
	for (size_t i = 0; i < gr->key->count; i++)
		gr->key_points += gr->key->items[i].points;
	return true;
}

/* The several-file table's row for one answer. */
static void table_row(const struct checked *c, size_t width, struct ab_str *out)
{
	ab_format_pad(c->file, (int)width, false, out);
	ab_str_add(out, "  ");
	if (!c->usable) {
		ab_format_pad(_("unusable"), 12, false, out);
		ab_str_addf(out, " %s\n", ab_str_cstr(&c->error));
		return;
	}
	const struct ab_grade *gr = &c->grade;
	struct ab_str score = AB_STR_INIT;
	if (gr->keyed) {
		ab_grade_format_points(gr->points, &score);
		ab_str_addc(&score, '/');
		ab_grade_format_points(gr->out_of, &score);
	} else {
		ab_str_addf(&score, "%zu/%zu", gr->right, gr->total);
	}
	ab_format_pad(score.s, 12, false, out);
	ab_str_addc(out, ' ');
	ab_str_free(&score);
	size_t before = out->len;
	const struct ab_grade_item *bad = ab_grade_first_mistake(gr);
	/* The diagnosis, when there is one, says more than one item. */
	if (bad)
		ab_str_addf(out, "%s: %s", bad->name, gr->diagnosis ? gr->diagnosis : bad->why);
	if (gr->overruled)
		ab_str_addf(out, "%s[%s]", out->len > before ? " " : "", gr->overruled);
	if (out->len == before)
		ab_str_addc(out, '-');
	ab_str_addc(out, '\n');
}

/* abtrace check [OPTIONS] TREE ANSWER... (or -e EXPR ANSWER...) */
static int cmd_check(struct cli *cli)
{
	int status = EXIT_OK;
	struct cli one = *cli;
	one.nargs = cli->expr || cli->game || cli->nargs == 0 ? 0 : 1;
	int first = one.nargs;
	if (cli->nargs - first < 1)
		return usage_error(cli, _("check needs a TREE and at least one ANSWER file"));
	/* The view changes how numbers are shown, and an answer's numbers
	 * are read as minimax writes them: grading "in the negamax view"
	 * would mark a negamax answer wrong with no word why. */
	if (cli->config.view == AB_VIEW_NEGAMAX)
		return usage_error(cli, _("check reads an answer's values as minimax writes them (MAX's side at every node): --view negamax is for the replay, trace and export"));
	/* '-' twice (check - -, or two answers on standard input): the
	 * second would read nothing and be called empty. */
	int dashes = first == 1 && strcmp(cli->args[0], "-") == 0;
	for (int i = first; i < cli->nargs; i++)
		dashes += strcmp(cli->args[i], "-") == 0;
	if (dashes > 1)
		return usage_error(cli, _("standard input is used twice: '-' may stand for the "
					  "tree or for one answer file, not both"));
	char **files = NULL;
	size_t count = 0, cap = 0;
	bool listed = true;
	for (int i = first; i < cli->nargs && listed; i++)
		listed = add_answer_files(cli->args[i], &files, &count, &cap);
	if (listed && cli->report == REPORT_GRADESCOPE && count != 1)
		status = usage_error(cli, _("--gradescope grades one answer file (got %zu)"), count);
	struct ab_tree *tree = listed && status == EXIT_OK ? load_tree(&one, &status) : NULL;
	struct grading gr = { cli->config, cli->fixed, cli->values_returned, NULL, 0,
			      cli->iteration };
	if (tree && cli->key && !load_key(cli, tree, &gr)) {
		ab_tree_free(tree);
		tree = NULL;
		status = EXIT_USAGE;
	}
	if (!tree) {
		for (size_t i = 0; i < count; i++)
			free(files[i]);
		free(files);
		return listed ? status : EXIT_USAGE;
	}
	/* JSON is UTF-8 whatever the locale; --ascii still asks for ASCII. */
	bool utf8_file = cli->report == REPORT_JSON || cli->report == REPORT_CSV ||
			 cli->report == REPORT_GRADESCOPE;
	const struct ab_glyphs *g = utf8_file ? (cli->ascii ? &ab_glyphs_ascii : &ab_glyphs_utf8)
					      : ab_glyphs_for_locale(cli->ascii);
	struct checked *all = ab_xcalloc(count, sizeof *all);
	const struct ab_grade **graded = ab_xcalloc(count, sizeof *graded);
	size_t ngraded = 0;
	bool unusable = false, mistakes = false;
	for (size_t i = 0; i < count; i++) {
		all[i].file = files[i];
		check_one(&gr, tree, g, &all[i]);
		unusable |= !all[i].usable;
		if (all[i].usable) {
			graded[ngraded++] = &all[i].grade;
			for (size_t k = 0; k < all[i].grade.count; k++)
				mistakes |= !all[i].grade.items[k].right &&
					    (all[i].grade.items[k].scored || all[i].grade.items[k].detail);
		}
	}
	free(files);
	size_t width = ab_utf8_text_width(_("FILE"));
	for (size_t i = 0; i < count; i++)
		if (ab_utf8_text_width(all[i].file) > width)
			width = ab_utf8_text_width(all[i].file);
	struct ab_str out = AB_STR_INIT;
	if (cli->report == REPORT_CSV)
		ab_str_add(&out, "file,points,out_of,percent,first_mistake\r\n");
	if (cli->report == REPORT_SUMMARY)
		ab_grade_summary(graded, ngraded, count - ngraded, &out);
	for (size_t i = 0; i < count && cli->report != REPORT_SUMMARY; i++) {
		struct checked *c = &all[i];
		switch (cli->report) {
		case REPORT_JSON:
			/* One object per answer file, one per line (JSON Lines). */
			if (!c->usable) {
				ab_str_add(&out, "{\"file\":");
				ab_json_string(c->file, &out);
				ab_str_add(&out, ",\"error\":");
				ab_json_string(ab_str_cstr(&c->error), &out);
				ab_str_add(&out, "}\n");
				break;
			}
			ab_grade_json(&c->grade, c->file, &out);
			ab_str_addc(&out, '\n');
			break;
		case REPORT_CSV:
			if (!c->usable) {
				ab_grade_csv_field(c->file, &out);
				if (gr.key) {
					ab_str_add(&out, ",0,");
					ab_grade_format_points(gr.key_points, &out);
					ab_str_add(&out, ",0,");
				} else {
					ab_str_add(&out, ",,,,");
				}
				ab_grade_csv_field(ab_str_cstr(&c->error), &out);
				ab_str_add(&out, "\r\n");
				break;
			}
			ab_grade_csv_row(&c->grade, c->file, &out);
			break;
		case REPORT_GRADESCOPE:
			if (!c->usable) {
				ab_str_add(&out, "{\"score\":0,\"output\":");
				ab_json_string(ab_str_cstr(&c->error), &out);
				ab_str_add(&out, ",\"tests\":[]}\n");
				break;
			}
			ab_grade_gradescope(&c->grade, &out);
			ab_str_addc(&out, '\n');
			break;
		default:
			if (count == 1) {
				if (!c->usable)
					break;
				ab_str_addf(&out, "# %s: ", c->file);
				ab_config_describe_for(&c->grade.config, tree, g->ascii, &out);
				if (c->grade.values_returned)
					ab_str_add(&out, _("; values are what nodes return"));
				ab_str_addf(&out, _("; root %s\n"),
					    ab_player_name(ab_config_root(&c->grade.config, tree)));
				if (c->grade.overruled)
					ab_str_addf(&out, "# %s\n", c->grade.overruled);
				ab_grade_text(&c->grade, g, &out);
				break;
			}
			/* Columns by display width: Chinese headers and file
			 * names take two columns a character. */
			if (i == 0) {
				ab_format_pad(_("FILE"), (int)width, false, &out);
				ab_str_add(&out, "  ");
				ab_format_pad(gr.key ? _("POINTS") : _("SCORE"), 12, false, &out);
				ab_str_addf(&out, " %s\n", _("FIRST MISTAKE"));
			}
			table_row(c, width, &out);
			break;
		}
	}
	write_out(&out, &status);
	ab_str_free(&out);
	for (size_t i = 0; i < count; i++) {
		ab_grade_free(&all[i].grade);
		ab_str_free(&all[i].error);
		free(all[i].file);
	}
	free(all);
	free(graded);
	ab_answer_free(gr.key);
	ab_tree_free(tree);
	if (status == EXIT_OK)
		status = unusable ? EXIT_USAGE : mistakes ? EXIT_MISTAKES : EXIT_OK;
	return finish_output(status);
}

/* The random tree the options ask for (random and practice); NULL (message
 * printed, *status set) when they do not make one. */
static struct ab_tree *random_tree(struct cli *cli, int *status)
{
	if (cli->nargs > 0) {
		*status = strcmp(cli->command, "random") == 0
			? usage_error(cli, _("random takes options only, not '%s'"), cli->args[0])
			: usage_error(cli, _("practice takes options only, not '%s'"), cli->args[0]);
		return NULL;
	}
	struct ab_random_spec spec = cli->random;
	if (cli->config.root == AB_ROOT_IS_MIN)
		spec.root = AB_MIN;
	if (!cli->seed_given) {
		/* Mixed through the generator so seeds taken a second apart differ
		 * in every digit; printed in the source: line either way. */
		struct ab_rng mix;
		ab_rng_seed(&mix, (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32));
		spec.seed = ab_rng_next(&mix) % UINT64_C(1000000000);
	}
	struct ab_str why = AB_STR_INIT;
	if (!ab_random_check(&spec, &why)) {
		*status = usage_error(cli, "%s", ab_str_cstr(&why));
		ab_str_free(&why);
		return NULL;
	}
	ab_str_free(&why);
	struct ab_tree *tree = ab_random_tree(&spec);
	if (!tree)
		*status = usage_error(cli, "%s", _("these options make a tree beyond the exact range"));
	return tree;
}

/* abtrace random [OPTIONS]: a practice tree, its source: line reproducing it. */
static int cmd_random(struct cli *cli)
{
	int status = EXIT_OK;
	struct ab_tree *tree = random_tree(cli, &status);
	if (!tree)
		return status;
	struct ab_str out = AB_STR_INIT;
	ab_tree_write(tree, &out);
	write_out(&out, &status);
	ab_str_free(&out);
	ab_tree_free(tree);
	return finish_output(status);
}

/* abtrace practice [OPTIONS]: a fresh random tree in the replay's practice
 * mode, graded under the search options given. */
static int cmd_practice(struct cli *cli)
{
	int status = EXIT_OK;
	struct ab_tree *tree = random_tree(cli, &status);
	if (!tree)
		return status;
	struct ab_replay_options opts = {
		.ascii = cli->ascii,
		.name = tree->title ? tree->title : "random",
		.practice = true,
	};
	status = run_replay(tree, &cli->config, &opts);
	ab_tree_free(tree);
	return status;
}

static const struct command {
	const char *name;
	int (*run)(struct cli *cli);
	uint64_t takes;
} commands[] = {
	{ "trace", cmd_trace, SEARCH_OPTIONS | TAKES(OPT_JSON) },
	{ "stats", cmd_stats, SEARCH_OPTIONS | TAKES(OPT_JSON) },
	{ "check", cmd_check, SEARCH_OPTIONS | TAKES(OPT_JSON) | TAKES(OPT_VALUES) |
		TAKES(OPT_KEY) | TAKES(OPT_CSV) | TAKES(OPT_GRADESCOPE) | TAKES(OPT_SUMMARY) |
		TAKES(OPT_ITERATION) },
	{ "random", cmd_random, RANDOM_OPTIONS | TAKES(OPT_ROOT) },
	{ "export", cmd_export, SEARCH_OPTIONS | TAKES(OPT_DOT) | TAKES(OPT_TIKZ) |
		TAKES(OPT_TEXT) | TAKES(OPT_SVG) | TAKES(OPT_FRAMES) | TAKES(OPT_STANDALONE) |
		TAKES(OPT_STEP) | TAKES(OPT_OUTPUT) | TAKES(OPT_LANG) },
	{ "lesson", cmd_lesson, TAKES(OPT_TEXT) | TAKES(OPT_LANG) | TAKES(OPT_ASCII) |
		TAKES(OPT_CHECK) },
	{ "practice", cmd_practice, (SEARCH_OPTIONS & ~(TAKES(OPT_EXPR) | TAKES(OPT_GAME) | TAKES(OPT_ITERATIVE) |
							TAKES(OPT_VIEW) | TAKES(OPT_BUG))) | RANDOM_OPTIONS },
};

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(name, commands[i].name) == 0)
			return &commands[i];
	return NULL;
}

/* The index of the first argument that is not an option or an option's
 * value, or 0 when there is none. */
static int first_operand(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0)
			return i + 1 < argc ? i + 1 : 0;
		if (a[0] != '-' || a[1] == '\0')
			return i;
		if (a[1] != '-') {
			/* -e EXPR and -o FILE take the next argument unless glued. */
			if ((a[1] == 'e' || a[1] == 'g' || a[1] == 'o') && a[2] == '\0')
				i++;
			continue;
		}
		if (strchr(a, '='))
			continue;
		for (const struct option *o = long_options; o->name; o++)
			if (strcmp(a + 2, o->name) == 0 && o->has_arg == required_argument)
				i++;
	}
	return 0;
}

/* Levenshtein distance, small strings only. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 30 || lb > 30)
		return 99;
	size_t row[32];
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* The command a mistyped first word probably meant ("stat" for stats), or
 * NULL when the word is a file, a bundled tree, or like no command. */
static const char *looks_like_command(const char *word)
{
	struct ab_str found = AB_STR_INIT;
	struct stat st;
	bool is_tree = stat(word, &st) == 0 || strchr(word, '/') ||
		       ab_find_data("trees", word, &found);
	if (!is_tree) {
		ab_str_addf(&found, "%s.tree", word);
		struct ab_str path = AB_STR_INIT;
		is_tree = ab_find_data("trees", ab_str_cstr(&found), &path);
		ab_str_free(&path);
	}
	ab_str_free(&found);
	if (is_tree)
		return NULL;
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (edit_distance(word, commands[i].name) <= 2)
			return commands[i].name;
	return NULL;
}

/* --lang must take effect before any message, even --help's, so it is
 * looked for before the options are parsed. */
static const char *find_lang(int argc, char **argv)
{
	const char *lang = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
			lang = argv[++i];
		else if (strncmp(argv[i], "--lang=", 7) == 0)
			lang = argv[i] + 7;
	}
	return lang;
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	signal(SIGPIPE, SIG_IGN);
	const char *lang = find_lang(argc, argv);
	if (!ab_i18n_init(lang)) {
		ab_i18n_init(NULL);
		return usage_error(NULL, _("--lang takes en or zh, not '%s'"), lang);
	}
	struct cli cli = { .config = AB_CONFIG_DEFAULT, .random = AB_RANDOM_DEFAULT,
			    .export_format = -1, .step = -1 };
	int first = first_operand(argc, argv);
	const struct command *command = first ? find_command(argv[first]) : NULL;
	int status = EXIT_OK;
	if (command && first > 1) {
		/* Options before the command ("abtrace --lang zh stats"): move
		 * the command to the front, keeping everything else in order. */
		char *name = argv[first];
		memmove(argv + 2, argv + 1, (size_t)(first - 1) * sizeof *argv);
		argv[1] = name;
	}
	if (!command && first && looks_like_command(argv[first]))
		return usage_error(NULL, _("unknown command '%s' (did you mean '%s'?)"),
				   argv[first], looks_like_command(argv[first]));
	if (command) {
		cli.command = command->name;
		if (!parse_options(argc - 1, argv + 1, command->takes, &cli, &status))
			return finish_output(status);
		return end_with(command->run(&cli));
	}
	if (!parse_options(argc, argv, SEARCH_OPTIONS, &cli, &status))
		return finish_output(status);
	return end_with(cmd_replay(&cli));
}
