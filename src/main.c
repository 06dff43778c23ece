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
#include <sys/stat.h>
#include <unistd.h>

#include "cli/options.h"
#include "config.h"
#include "base/atomic.h"
#include "base/diag.h"
#include "views/export.h"
#include "views/format.h"
#include "homework/class.h"
#include "base/i18n.h"
#include "views/json.h"
#include "lessons/lesson.h"
#include "sources/load.h"
#include "views/narrate.h"
#include "sources/random.h"
#include "sources/game.h"
#include "sources/source.h"
#include "core/rng.h"
#include "core/search.h"
#include "views/stats.h"
#include "core/trace.h"
#include "core/tree.h"
#include "base/utf8.h"
#include "tui/replay.h"
#include "tui/logview.h"
#include "testing/diff.h"
#include "testing/tester.h"

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

struct cli {
	const char *command;
	struct ab_config config;
	bool algo_given, order_given;
	const char *expr;
	const char *game;         /* -g GAME[:POSITION] */
	bool json, ascii;
	int export_format;       /* enum ab_export_format, or -1 */
	bool text, standalone;
	bool no_sentence;        /* --no-sentence */
	enum ab_frames frames;   /* --frames, or none */
	long long step;          /* --step, or -1 for the last step */
	const char *output;      /* -o FILE, or NULL for standard output */
	const char *lang;        /* --lang, or NULL for the locale's */
	char **args;  /* what is left after the options */
	int nargs;
	struct ab_random_spec random; /* abtrace random */
	bool seed_given;
	unsigned given;          /* AB_PART_* parts of config it states (check:
				    they win over an answer's own rules) */
	bool values_returned;    /* --values returned */
	bool values_given;       /* --values */
	bool any_optimal;        /* --best any-optimal */
	const char *key;         /* --key KEY */
	int report;              /* check: homework/class.h's AB_CLASS_* */
	bool check;              /* lesson --check */
	bool compare;            /* stats --compare */
	uint32_t iteration;      /* check --iteration K, or 0 */
	bool zero_based;         /* diff --zero-based */
	const char *inf;         /* diff --inf N, or NULL */
	const char *log;         /* the replay's --log LOG, or NULL */
	bool follow_links;       /* check --follow-links */
	struct ab_test_options test; /* abtrace test: --count, --feed, --batch,
				    --timeout, and the program after -- */
	const char *save;        /* test --save DIR */
	bool board;              /* --board: a game's boards */
};

static const char *program = "abtrace";

/* A name the user gave (a file, a lesson), as every message writes names:
 * base/utf8.h's house form, so none can act on the terminal.  The result
 * lives until the fourth call after (enough for one message). */
static const char *shown(const char *name)
{
	static struct ab_str ring[4];
	static unsigned next;
	struct ab_str *s = &ring[next++ % 4];
	ab_str_clear(s);
	ab_utf8_add_name(s, name);
	return ab_str_cstr(s);
}

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
	if (parts & AB_PART_ALGO)
		cli->algo_given = true;
	return true;
}

/* getopt_long's view of the option table: each name once (entries for
 * different commands may share one), and the letters. */
static void getopt_table(struct option *longs, char *letters)
{
	size_t n = 0, k = 0;
	letters[k++] = ':'; /* a missing value is ':', not '?' */
	for (unsigned i = 0; i < ab_noptions; i++) {
		const struct ab_option *opt = &ab_options[i];
		if (opt->letter) {
			letters[k++] = opt->letter;
			if (opt->arg == AB_ARG_REQUIRED)
				letters[k++] = ':';
		}
		if (ab_option_find(opt->name, 0) != opt)
			continue;
		longs[n++] = (struct option){
			opt->name,
			opt->arg == AB_ARG_NONE ? no_argument
			: opt->arg == AB_ARG_OPTIONAL ? optional_argument : required_argument,
			NULL, 256 + (int)i };
	}
	longs[n] = (struct option){ NULL, 0, NULL, 0 };
	letters[k] = '\0';
}

/* --timeout SEC: seconds with at most three decimals, more than 0, at most
 * a day; *ms gets milliseconds. */
static bool parse_seconds(const char *text, uint32_t *ms)
{
	uint64_t whole = 0, frac = 0;
	const char *p = text;
	if (*p < '0' || *p > '9')
		return false;
	for (; *p >= '0' && *p <= '9'; p++)
		if ((whole = whole * 10 + (uint64_t)(*p - '0')) > 86400)
			return false;
	if (*p == '.') {
		unsigned digits = 0;
		for (p++; *p >= '0' && *p <= '9' && digits < 3; p++, digits++)
			frac = frac * 10 + (uint64_t)(*p - '0');
		if (!digits)
			return false;
		for (; digits < 3; digits++)
			frac *= 10;
	}
	uint64_t total = whole * 1000 + frac;
	if (*p || total == 0 || total > 86400000)
		return false;
	*ms = (uint32_t)total;
	return true;
}

/* The options only test takes. */
static bool test_option(struct cli *cli, enum ab_option_id id, const char *value,
			int *status)
{
	struct ab_test_options *t = &cli->test;
	switch (id) {
	case AB_OPT_COUNT: {
		char *end;
		errno = 0;
		unsigned long long n = strtoull(value, &end, 10);
		if (*value < '0' || *value > '9' || *end || errno || n < 1 || n > 1000000000) {
			*status = usage_error(cli, _("--count takes a number of trees from 1 to 1000000000, not '%s'"), value);
			return false;
		}
		t->count = n;
		return true;
	}
	case AB_OPT_FEED:
		if (!ab_parse_feed(value, &t->feed)) {
			*status = usage_error(cli, _("--feed takes list, json, tree or game, not '%s'"), value);
			return false;
		}
		return true;
	case AB_OPT_BATCH:
		t->run.batch = true;
		return true;
	case AB_OPT_TIMEOUT:
		if (!parse_seconds(value, &t->run.timeout_ms)) {
			*status = usage_error(cli, _("--timeout takes seconds, more than 0 and at most 86400, with at most 3 decimals (e.g. 5 or 0.5), not '%s'"), value);
			return false;
		}
		return true;
	case AB_OPT_SAVE:
		cli->save = value;
		return true;
	default:
		return true;
	}
}

/* One option the command takes, applied to cli: false (message printed,
 * *status set) when its value is wrong or it contradicts another. */
static bool apply_option(struct cli *cli, const struct ab_option *opt,
			 const char *value, int *status)
{
	switch (opt->id) {
	case AB_OPT_SEARCH:
		return search_option(cli, opt->word, value, status);
	case AB_OPT_ORDER:
		if (!search_option(cli, opt->word, value, status))
			return false;
		if (strcmp(value, "random") == 0)
			cli->config.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
		cli->order_given = true;
		return true;
	case AB_OPT_RANDOM:
	case AB_OPT_SEED: {
		const char *why = opt->random(value, &cli->random);
		if (why) {
			*status = usage_error(cli, _("%s (not '%s')"), why, value);
			return false;
		}
		cli->seed_given |= opt->id == AB_OPT_SEED;
		return true;
	}
	case AB_OPT_EXPR:
		if (cli->expr) {
			*status = usage_error(cli, _("-e is given twice: one tree at a time"));
			return false;
		}
		cli->expr = value;
		return true;
	case AB_OPT_GAME:
		if (cli->game) {
			*status = usage_error(cli, _("-g is given twice: one tree at a time"));
			return false;
		}
		cli->game = value;
		return true;
	case AB_OPT_ITERATION:
		if (!parse_levels(value, &cli->iteration)) {
			*status = usage_error(cli, _("--iteration takes an iteration's depth, 1 to %u, not '%s'"),
					      (unsigned)AB_MAX_DEPTH, value);
			return false;
		}
		return true;
	case AB_OPT_ASCII:
		cli->ascii = true;
		return true;
	case AB_OPT_LANG:
		/* Checked and applied before parsing (see main()); the
		 * lessons also read it to pick their text. */
		cli->lang = value;
		return true;
	case AB_OPT_VALUES:
		if (strcmp(value, "returned") == 0)
			cli->values_returned = true;
		else if (strcmp(value, "proved") == 0)
			cli->values_returned = false;
		else {
			*status = usage_error(cli, _("--values takes returned or proved, not '%s'"), value);
			return false;
		}
		cli->values_given = true;
		return true;
	case AB_OPT_BEST:
		if (strcmp(value, "any-optimal") == 0)
			cli->any_optimal = true;
		else if (strcmp(value, "proved") == 0)
			cli->any_optimal = false;
		else {
			*status = usage_error(cli, _("--best takes proved or any-optimal, not '%s'"), value);
			return false;
		}
		return true;
	case AB_OPT_KEY:
		cli->key = value;
		return true;
	case AB_OPT_ZERO_BASED:
		cli->zero_based = true;
		return true;
	case AB_OPT_INF:
		cli->inf = value;
		return true;
	case AB_OPT_LOG:
		cli->log = value;
		return true;
	case AB_OPT_FOLLOW_LINKS:
		cli->follow_links = true;
		return true;
	case AB_OPT_COUNT:
	case AB_OPT_FEED:
	case AB_OPT_BATCH:
	case AB_OPT_TIMEOUT:
	case AB_OPT_SAVE:
		return test_option(cli, opt->id, value, status);
	case AB_OPT_JSON:
	case AB_OPT_CSV:
	case AB_OPT_GRADESCOPE:
	case AB_OPT_SUMMARY: {
		int report = opt->id == AB_OPT_JSON ? AB_CLASS_JSON : opt->id == AB_OPT_CSV ? AB_CLASS_CSV
			   : opt->id == AB_OPT_GRADESCOPE ? AB_CLASS_GRADESCOPE : AB_CLASS_SUMMARY;
		if (cli->report != AB_CLASS_TEXT && cli->report != report) {
			*status = usage_error(cli, _("choose one of --json, --csv, --gradescope and --summary"));
			return false;
		}
		cli->report = report;
		cli->json = opt->id == AB_OPT_JSON;
		return true;
	}
	case AB_OPT_FORMAT:
		if (cli->export_format >= 0 && cli->export_format != opt->format) {
			*status = usage_error(cli, _("choose one of --dot, --tikz, --svg and --text"));
			return false;
		}
		cli->export_format = opt->format;
		cli->text = opt->format == AB_EXPORT_TEXT;
		return true;
	case AB_OPT_STANDALONE:
		cli->standalone = true;
		return true;
	case AB_OPT_NO_SENTENCE:
		cli->no_sentence = true;
		return true;
	case AB_OPT_BOARD:
		cli->board = true;
		return true;
	case AB_OPT_STEP: {
		char *end;
		errno = 0;
		long long step = strtoll(value, &end, 10);
		if (end == value || *end || errno || step < 0) {
			*status = usage_error(cli, _("--step takes a step number (0 or more), not '%s'"), value);
			return false;
		}
		cli->step = step;
		return true;
	}
	case AB_OPT_FRAMES:
		if (strcmp(value, "steps") == 0) {
			cli->frames = AB_FRAMES_STEPS;
		} else if (strcmp(value, "cutoffs") == 0) {
			cli->frames = AB_FRAMES_CUTOFFS;
		} else {
			*status = usage_error(cli, _("--frames takes steps or cutoffs, not '%s'"), value);
			return false;
		}
		return true;
	case AB_OPT_OUTPUT:
		cli->output = value;
		return true;
	case AB_OPT_LESSON_TEXT:
		cli->text = true;
		return true;
	case AB_OPT_COMPARE:
		cli->compare = true;
		return true;
	case AB_OPT_CHECK:
		cli->check = true;
		return true;
	case AB_OPT_HELP:
	case AB_OPT_VERSION:
		break;
	}
	return true;
}

/* Parses the options of command through the table, into cli; false when
 * the program ends here (--help, --version, or a usage error: *status). */
static bool parse_options(int argc, char **argv, enum ab_command_id command,
			  struct cli *cli, int *status)
{
	struct option longs[AB_OPTIONS_MAX + 1];
	char letters[2 * AB_OPTIONS_MAX + 2];
	getopt_table(longs, letters);
	optind = 1;
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, letters, longs, NULL)) != -1) {
		if (c == '?') {
			/* optopt: the letter, or the entry of a long option
			 * given a value it does not take; 0 for an unknown
			 * long option. */
			*status = optopt >= 256
				? usage_error(cli, _("option '--%s' takes no value"),
					      ab_options[optopt - 256].name)
				: optopt ? usage_error(cli, _("unknown option '-%c'"), optopt)
				: usage_error(cli, _("unknown option '%s'"), argv[optind - 1]);
			return false;
		}
		if (c == ':') {
			*status = usage_error(cli, _("option '%s' needs a value"), argv[optind - 1]);
			return false;
		}
		const char *name = c >= 256 ? ab_options[c - 256].name : NULL;
		const struct ab_option *opt = ab_option_for(name, (char)c, command);
		if (!opt) {
			/* Name the option, not its value. */
			char shown[64];
			if (name)
				snprintf(shown, sizeof shown, "--%s", name);
			else
				snprintf(shown, sizeof shown, "-%c", c);
			*status = usage_error(cli, _("option '%s' does not apply to '%s %s'"),
					      shown, program,
					      cli->command ? cli->command : "");
			return false;
		}
		if (opt->id == AB_OPT_HELP || opt->id == AB_OPT_VERSION) {
			struct ab_str text = AB_STR_INIT;
			if (opt->id == AB_OPT_VERSION)
				ab_str_addf(&text, "abtrace %s\n", ABTRACE_VERSION);
			else
				ab_help(program, command == AB_CMD_REPLAY ? AB_CMD_ALL
					: 1u << command, &text);
			fputs(ab_str_cstr(&text), stdout);
			ab_str_free(&text);
			*status = EXIT_OK;
			return false;
		}
		if (!apply_option(cli, opt, optarg, status))
			return false;
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
	if (c->aspiration.num && !c->iterative) {
		*status = usage_error(cli, _("--aspiration sets a window around the last iteration's value: it needs --iterative"));
		return false;
	}
	const char *refusal = ab_config_bug_refusal(c, tree);
	if (refusal) {
		*status = usage_error(cli, _("--bug %s: %s"), ab_bug_id(c->bug), refusal);
		return false;
	}
	if (c->root != AB_ROOT_FROM_TREE && tree->root_player == AB_CHANCE) {
		*status = usage_error(cli, _("--root %s: this tree's root is a chance node, where no player moves"),
				      c->root == AB_ROOT_IS_MIN ? "min" : "max");
		return false;
	}
	if (ab_config_prunes(c) && ab_config_chance(c, tree) == AB_CHANCE_STAR1 &&
	    tree->has_bounds && !tree->star1_exact) {
		*status = usage_error(cli, _("Star1's windows on this tree need a finer unit than %lld parts (the product of its probabilities' numerators): search it with --chance-prune node"),
				      (long long)AB_VALUE_LIMIT);
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
				      shown(cli->args[0]), shown(cli->args[1]));
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

/* trace --board: node n's move, how the game stands and its board, under
 * the step's sentence, indented by indent columns. */
static void trace_board(const struct ab_tree *tree, const struct ab_game_state *root,
			uint32_t n, int indent, struct ab_str *out)
{
	struct ab_game_node node;
	if (!ab_game_node_at(root, tree, n, &node))
		return;
	struct ab_str text = AB_STR_INIT;
	if (node.moved) {
		ab_game_move_text(&node, &text);
		ab_str_add(&text, ": ");
	}
	ab_game_status(&node, &text);
	ab_str_addc(&text, '\n');
	ab_game_board(&node.at, &text);
	for (const char *p = ab_str_cstr(&text); *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		ab_str_addf(out, "%*s", indent, "");
		ab_str_addn(out, p, len);
		ab_str_addc(out, '\n');
		p += len + (nl ? 1 : 0);
	}
	ab_str_free(&text);
}

static int cmd_trace(struct cli *cli)
{
	int status = EXIT_OK;
	if (cli->board && cli->json)
		return usage_error(cli, _("--board draws boards among the narrated steps: leave out --json"));
	if (cli->board && !cli->game)
		return usage_error(cli, _("--board draws a game's boards: name a position with -g GAME[:POSITION]"));
	struct ab_tree *tree = load_tree(cli, &status);
	if (!tree)
		return status;
	struct ab_game_state game;
	bool boards = cli->board && ab_game_of_tree(tree, &game);
	uint32_t shown_node = AB_NONE;
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
		if (ab_tree_title(tree)) {
			ab_str_add(&out, ab_tree_title(tree));
			ab_str_add(&out, _(": "));
		}
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
			uint32_t n = ev.kind == AB_EV_DONE ? 0 : ev.node;
			if (boards && n != shown_node) {
				trace_board(tree, &game, n, width + 4, &out);
				shown_node = n;
			}
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
	bool done = cli->compare ? ab_stats_compare(tree, &cli->config, &stats)
				 : ab_stats_compute(tree, &cli->config, only, &stats);
	if (!done) {
		fprintf(stderr, _("%s: the search has more than %u steps; try a smaller tree\n"),
			program, (unsigned)AB_MAX_EVENTS);
		ab_tree_free(tree);
		return EXIT_USAGE;
	}
	/* --compare: every technique must find the root's value; where they
	 * do not, the rows and their values go to standard error and the
	 * command fails, printing no table. */
	char *disagree = cli->compare ? ab_stats_disagree(tree, &stats) : NULL;
	if (disagree) {
		fprintf(stderr, "%s: %s\n", program, disagree);
		free(disagree);
		ab_tree_free(tree);
		return EXIT_USAGE;
	}
	struct ab_str out = AB_STR_INIT;
	if (cli->json) {
		ab_stats_json(tree, &stats, &out);
	} else {
		if (ab_tree_title(tree))
			ab_str_addf(&out, "%s\n", ab_tree_title(tree));
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

/* What stands in a frames directory where nothing of ours may. */
static const char *entry_kind(const struct ab_set_error *e)
{
	if (S_ISLNK(e->mode))
		return _("a symbolic link");
	if (S_ISFIFO(e->mode))
		return _("a FIFO");
	if (S_ISDIR(e->mode))
		return _("a directory");
	if (!S_ISREG(e->mode))
		return _("a device or socket");
	if (e->links > 1)
		return _("a file with other names (hard links)");
	if (e->others)
		return _("another user's file");
	return _("a file that is not a frame");
}

/* Why a frame set could not be written into dir, on standard error. */
static void frame_set_error(const struct ab_exporter *ex, const char *dir,
			    const struct ab_set_error *e)
{
	struct ab_str entry = AB_STR_INIT;
	ab_utf8_add_safe(&entry, e->entry, strlen(e->entry));
	switch (e->fault) {
	case AB_SET_CANNOT_CREATE:
		fprintf(stderr, _("%s: cannot create the directory '%s': %s\n"), program, dir,
			strerror(e->err));
		break;
	case AB_SET_CANNOT_STAGE:
		fprintf(stderr, _("%s: cannot make a working directory beside '%s' (the frames are written there, then renamed into place): %s\n"),
			program, dir, strerror(e->err));
		break;
	case AB_SET_CANNOT_READ:
		fprintf(stderr, _("%s: cannot read the directory '%s': %s\n"), program, dir,
			strerror(e->err));
		break;
	case AB_SET_NOT_DIR:
		fprintf(stderr, _("%s: '%s' is not a directory: %s --frames writes one file per frame into the directory -o names\n"),
			program, dir, ex->option);
		break;
	case AB_SET_LINK:
		fprintf(stderr, _("%s: '%s' is a symbolic link: name the directory itself\n"),
			program, dir);
		break;
	case AB_SET_NOT_OWNER:
		fprintf(stderr, _("%s: '%s' belongs to another user: frames go into a new directory, or one of your own\n"),
			program, dir);
		break;
	case AB_SET_FOREIGN:
		fprintf(stderr, _("%s: '%s' holds '%s', %s: frames go into a new directory, an empty one, or one holding only frames abtrace wrote\n"),
			program, dir, ab_str_cstr(&entry), entry_kind(e));
		break;
	case AB_SET_CANNOT_WRITE:
		fprintf(stderr, _("%s: cannot write '%s/%s': %s\n"), program, dir,
			ab_str_cstr(&entry), strerror(e->err));
		break;
	case AB_SET_CANNOT_PLACE:
		fprintf(stderr, _("%s: cannot put the frames in place as '%s': %s\n"), program, dir,
			strerror(e->err));
		break;
	}
	ab_str_free(&entry);
}

static bool is_frame_of(const char *name, const void *ex)
{
	return ab_export_is_frame_name(ex, name);
}

/* --frames for a format whose frames are files (--svg): one numbered
 * document per frame, the whole set replacing the directory -o names
 * (base/atomic.h says which directories may be replaced, and how). */
static int write_frame_files(const struct cli *cli, const struct ab_exporter *ex,
			     struct ab_trace *trace, struct ab_export_options *opt)
{
	struct ab_set_error error;
	struct ab_file_set *set = ab_file_set_begin(cli->output, is_frame_of, ex, &error);
	bool ok = set != NULL;
	struct ab_str out = AB_STR_INIT, name = AB_STR_INIT;
	struct ab_scene scene = { 0 };
	for (size_t i = 0; ok && i < opt->nframes; i++) {
		ab_str_clear(&out);
		ab_export_frame(trace, opt, i, &scene, &out);
		ab_str_clear(&name);
		ab_export_frame_name(ex, i, opt->nframes, &name);
		ok = ab_file_set_add(set, ab_str_cstr(&name), ab_str_cstr(&out), out.len, &error);
	}
	if (ok)
		ok = ab_file_set_commit(set, &error);
	else
		ab_file_set_abort(set);
	if (!ok)
		frame_set_error(ex, cli->output, &error);
	ab_scene_free(&scene);
	ab_str_free(&out);
	ab_str_free(&name);
	return ok ? EXIT_OK : EXIT_USAGE;
}

/* How many frames of this tree --frames may draw. */
static unsigned max_frames(const struct ab_tree *tree)
{
	unsigned by_nodes = AB_MAX_FRAME_NODES / (tree->count ? tree->count : 1);
	unsigned n = by_nodes < AB_MAX_FRAMES ? by_nodes : AB_MAX_FRAMES;
	return n ? n : 1;
}

static bool has_standalone(const struct ab_exporter *ex)
{
	return ex->standalone;
}

static bool animates(const struct ab_exporter *ex)
{
	return ex->animation != AB_ANIMATION_NONE;
}

/* Which formats can do what, for a usage error: "--tikz or --svg". */
static bool has_overlays(const struct ab_exporter *ex)
{
	return ex->animation == AB_ANIMATION_OVERLAYS;
}

static const char *formats_that(bool (*want)(const struct ab_exporter *ex), struct ab_str *s)
{
	ab_str_clear(s);
	ab_exporters_list(want, true, s);
	return ab_str_cstr(s);
}

/* What the chosen format allows, checked against the options given. */
static int check_export_options(const struct cli *cli, const struct ab_exporter *ex)
{
	struct ab_str s = AB_STR_INIT;
	int status = EXIT_OK;
	bool frames = cli->frames != AB_FRAMES_NONE;
	if (!ex)
		status = usage_error(cli, _("say which picture: %s"), formats_that(NULL, &s));
	else if (cli->standalone && !ex->standalone)
		status = usage_error(cli, _("--standalone goes with %s"),
				     formats_that(has_standalone, &s));
	else if (frames && ex->animation == AB_ANIMATION_NONE)
		status = usage_error(cli, _("--frames goes with %s"), formats_that(animates, &s));
	else if (cli->no_sentence && !(frames && ex->animation == AB_ANIMATION_OVERLAYS))
		status = usage_error(cli, _("--no-sentence goes with --frames and %s"),
				     formats_that(has_overlays, &s));
	else if (frames && cli->step >= 0)
		status = usage_error(cli, _("--frames draws its own steps: leave out --step"));
	else if (frames && ex->animation == AB_ANIMATION_FILES &&
		 (!cli->output || strcmp(cli->output, "-") == 0))
		status = usage_error(cli, _("%s --frames writes one file per frame: name a directory with -o"),
				     ex->option);
	ab_str_free(&s);
	return status;
}

static int cmd_export(struct cli *cli)
{
	const struct ab_exporter *ex = cli->export_format < 0 ? NULL
				       : ab_exporter_of((enum ab_export_format)cli->export_format);
	int status = check_export_options(cli, ex);
	if (status != EXIT_OK)
		return status;
	if (cli->board && !cli->game)
		return usage_error(cli, _("--board draws a game's boards: name a position with -g GAME[:POSITION]"));
	struct ab_tree *tree = load_tree(cli, &status);
	if (!tree)
		return status;
	struct ab_picture_boards boards;
	bool with_boards = cli->board && ab_picture_boards_init(&boards, tree);
	struct ab_trace *trace = record_trace(cli, tree);
	if (!trace) {
		ab_tree_free(tree);
		return EXIT_USAGE;
	}
	bool frames = cli->frames != AB_FRAMES_NONE;
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
			.format = ex->format,
			/* Files are UTF-8 whatever the terminal (--ascii asks
			 * for ASCII); the text picture follows the locale. */
			.ascii = ex->screen_glyphs ? ab_glyphs_for_locale(cli->ascii)->ascii
				 : cli->ascii,
			.standalone = cli->standalone,
			.frames = steps,
			.nframes = nsteps,
			.no_sentence = cli->no_sentence,
			.boards = with_boards ? &boards : NULL,
		};
		if (frames && ex->animation == AB_ANIMATION_FILES) {
			status = write_frame_files(cli, ex, trace, &opt);
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

/* How a program's log is read (diff, the replay's --log): --zero-based,
 * --inf N; false (message printed) when --inf is no number. */
static bool log_options(const struct cli *cli, struct ab_diff_options *opt, int *status)
{
	*opt = (struct ab_diff_options){ .log = { .zero_based = cli->zero_based },
					 .glyphs = ab_glyphs_for_locale(cli->ascii) };
	if (cli->inf && !(opt->log.has_inf = ab_log_parse_inf(cli->inf, &opt->log.inf))) {
		*status = usage_error(cli, _("--inf takes the program's infinity, a positive number, not '%s'"),
				      cli->inf);
		return false;
	}
	return true;
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
	print_diag(diag, !in_tree || !lesson ? path : lesson->game ? AB_GAME_NAME
		   : lesson->tree_name);
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
		struct stat st;
		if (stat(name, &st) == 0 && S_ISDIR(st.st_mode))
			fprintf(stderr, _("%s: '%s' is a folder, not a lesson file\n"), program,
				shown(name));
		else
			fprintf(stderr, _("%s: no lesson called '%s'; '%s lesson' lists them\n"),
				program, shown(name), program);
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
		ab_str_addf(&out, _("%s: %zu of %zu claims and answers do not hold.\n"),
			    shown(path.s), nfails, checked);
	else
		ab_str_addf(&out, _("%s: all %zu claims and answers hold.\n"), shown(path.s),
			    checked);
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
				   shown(cli->args[0]), shown(cli->args[1]));
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
	struct ab_replay_log *log = NULL;
	if (cli->log) {
		/* A program's log beside the search (--log LOG). */
		struct ab_diff_options opt;
		struct ab_diag diag;
		size_t len;
		char *text = NULL;
		if (!log_options(cli, &opt, &status) ||
		    !(text = ab_read_file(cli->log, AB_LOG_MAX_BYTES, &len, &diag)) ||
		    !(log = ab_replay_log_read(tree, text, len, &opt, cli->given, cli->config.view, &diag))) {
			if (status == EXIT_OK)
				print_diag(&diag, strcmp(cli->log, "-") == 0 ? AB_STDIN_NAME : cli->log);
			free(text);
			ab_tree_free(tree);
			return EXIT_USAGE;
		}
		free(text);
		opts.log = log;
	}
	status = run_replay(tree, &cli->config, &opts);
	ab_replay_log_free(log);
	ab_tree_free(tree);
	return status;
}

/* abtrace check [OPTIONS] TREE ANSWER... (or -e EXPR ANSWER...): the
 * grading and its reports are homework/class.c's; here the usage errors,
 * the messages it collected, and the exit status. */
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
	struct ab_class cls = {
		.config = cli->config, .fixed = cli->given,
		.values_returned = cli->values_returned, .values_fixed = cli->values_given,
		.any_optimal = cli->any_optimal,
		.iteration = cli->iteration,
		.report = (enum ab_class_report)cli->report, .ascii = cli->ascii,
		.follow_links = cli->follow_links, .program = program,
	};
	for (int i = first; i < cli->nargs; i++)
		ab_class_add(&cls, cli->args[i]);
	fputs(ab_str_cstr(&cls.log), stderr);
	ab_str_clear(&cls.log);
	if (cls.report == AB_CLASS_GRADESCOPE && cls.count != 1)
		status = usage_error(cli, _("--gradescope grades one answer file (got %zu)"), cls.count);
	struct ab_tree *tree = status == EXIT_OK ? load_tree(&one, &status) : NULL;
	if (tree && cli->key && !ab_class_load_key(&cls, tree, cli->key)) {
		ab_tree_free(tree);
		tree = NULL;
		status = EXIT_USAGE;
	}
	if (!tree) {
		fputs(ab_str_cstr(&cls.log), stderr);
		ab_class_free(&cls);
		return status;
	}
	ab_class_grade(&cls, tree);
	fputs(ab_str_cstr(&cls.log), stderr);
	struct ab_str out = AB_STR_INIT;
	ab_class_report(&cls, tree, &out);
	write_out(&out, &status);
	ab_str_free(&out);
	/* A row not graded (a link, a FIFO, an empty folder) is no grade, as
	 * a mistake is no full mark: 1.  A file that could not be read or
	 * understood is still 2, as the README says. */
	if (status == EXIT_OK)
		status = cls.unusable ? EXIT_USAGE
			 : cls.mistaken || cls.skipped ? EXIT_MISTAKES : EXIT_OK;
	ab_class_free(&cls);
	ab_tree_free(tree);
	return finish_output(status);
}

/* The random trees the options ask for (random, practice and test), the
 * seed drawn from the clock when none is given; false (message printed,
 * *status set) when they make none. */
static bool random_spec(struct cli *cli, struct ab_random_spec *spec, int *status)
{
	*spec = cli->random;
	if (cli->config.root == AB_ROOT_IS_MIN)
		spec->root = AB_MIN;
	if (!cli->seed_given) {
		/* Mixed through the generator so seeds taken a second apart differ
		 * in every digit; printed in the source: line either way. */
		struct ab_rng mix;
		ab_rng_seed(&mix, (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32));
		spec->seed = ab_rng_next(&mix) % UINT64_C(1000000000);
	}
	struct ab_str why = AB_STR_INIT;
	bool ok = ab_random_check(spec, &why);
	if (!ok)
		*status = usage_error(cli, "%s", ab_str_cstr(&why));
	ab_str_free(&why);
	return ok;
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
	struct ab_random_spec spec;
	if (!random_spec(cli, &spec, status))
		return NULL;
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
		.name = ab_tree_title(tree) ? ab_tree_title(tree) : "random",
		.practice = true,
	};
	status = run_replay(tree, &cli->config, &opts);
	ab_tree_free(tree);
	return status;
}

/* abtrace diff [OPTIONS] TREE LOG (or -e EXPR LOG): a program's log held
 * to the search; 0 it agrees, 1 it does not, 2 unusable. */
static int cmd_diff(struct cli *cli)
{
	struct ab_diff_options opt;
	int status = EXIT_OK;
	if (!log_options(cli, &opt, &status))
		return status;
	int first = cli->expr || cli->game ? 0 : 1;
	if (cli->nargs != first + 1)
		return usage_error(cli, _("diff needs a TREE (or -e EXPR) and the LOG a program printed"));
	const char *path = cli->args[first];
	if (first && strcmp(cli->args[0], "-") == 0 && strcmp(path, "-") == 0)
		return usage_error(cli, _("standard input is used twice: '-' may stand for the tree or for the log, not both"));
	struct cli one = *cli;
	one.nargs = first;
	struct ab_tree *tree = load_tree(&one, &status);
	if (!tree)
		return status;
	struct ab_diag diag;
	struct ab_diff_result r;
	size_t len;
	opt.glyphs = cli->json ? (cli->ascii ? &ab_glyphs_ascii : &ab_glyphs_utf8)
			       : ab_glyphs_for_locale(cli->ascii);
	char *text = ab_read_file(path, AB_LOG_MAX_BYTES, &len, &diag);
	if (!text || ab_diff(tree, &cli->config, cli->given, &opt, text, len, &r, &diag) != AB_DIFF_OK) {
		print_diag(&diag, strcmp(path, "-") == 0 ? AB_STDIN_NAME : path);
		free(text);
		ab_tree_free(tree);
		return EXIT_USAGE;
	}
	struct ab_str out = AB_STR_INIT;
	if (cli->json)
		ab_diff_json(tree, &r, &out);
	else
		ab_diff_text(tree, &r, opt.glyphs, &out);
	write_out(&out, &status);
	if (status == EXIT_OK && !r.agree)
		status = EXIT_MISTAKES;
	ab_str_free(&out);
	ab_diff_result_free(&r);
	free(text);
	ab_tree_free(tree);
	return finish_output(status);
}

/* abtrace test [OPTIONS] -- COMMAND [ARG...]: generated trees fed to
 * COMMAND, its output held to the search, the first finding shrunk. */
/* abtrace test on a terminal: which tree it is at, on standard error,
 * at most five times a second, erased before the report. */
struct test_progress {
	struct timespec last;
	bool shown;
};

static void test_progress(void *ctx, uint64_t done, uint64_t count, bool shrinking)
{
	struct test_progress *tp = ctx;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	double since = (double)(now.tv_sec - tp->last.tv_sec) +
		       (double)(now.tv_nsec - tp->last.tv_nsec) / 1e9;
	if (!shrinking && tp->shown && since < 0.2)
		return;
	tp->last = now;
	tp->shown = true;
	fprintf(stderr, "\r\033[K");
	if (shrinking)
		fprintf(stderr, _("%s test: tree %llu of %llu found something; making it smaller"),
			program, (unsigned long long)done + 1, (unsigned long long)count);
	else
		fprintf(stderr, _("%s test: tree %llu of %llu"), program,
			(unsigned long long)done + 1, (unsigned long long)count);
	fflush(stderr);
}

static int cmd_test(struct cli *cli)
{
	struct ab_test_options *t = &cli->test;
	if (cli->nargs > 0)
		return usage_error(cli, _("test takes options, then -- and the program to test, not '%s'"),
				   cli->args[0]);
	if (!t->run.argv || !t->run.argv[0])
		return usage_error(cli, _("name the program to test after --, e.g. abtrace test -- python3 engine.py"));
	int status = EXIT_OK;
	struct ab_diff_options log;
	if (!log_options(cli, &log, &status) || !random_spec(cli, &t->gen.spec, &status))
		return status;
	t->log = log.log;
	t->given = cli->given;
	if (t->feed == AB_FEED_GAME && !cli->game)
		return usage_error(cli, _("--feed game gives the program positions of a game: name it with -g GAME[:POSITION]"));
	if (t->feed != AB_FEED_GAME && cli->game)
		return usage_error(cli, _("test gives the positions of -g GAME to a program with --feed game"));
	if (t->feed == AB_FEED_GAME) {
		struct ab_diag diag;
		if (!ab_game_parse(cli->game, &t->game, &diag)) {
			print_diag(&diag, AB_GAME_NAME);
			return EXIT_USAGE;
		}
	}
	/* The trees carry --root (and the min-root shape flips it). */
	t->config = cli->config;
	t->config.root = AB_ROOT_FROM_TREE;
	t->gen.list_only = t->feed == AB_FEED_LIST;
	if (!t->count)
		t->count = AB_TEST_COUNT;
	if (!t->run.timeout_ms)
		t->run.timeout_ms = AB_RUN_TIMEOUT_MS;
	struct ab_tree *first = t->feed == AB_FEED_GAME ? NULL : ab_gen_tree(&t->gen, 0, NULL);
	const char *refused = first ? ab_feed_refuses(t->feed, first) : NULL;
	bool chance = first && ab_tree_has_chance(first);
	ab_tree_free(first);
	if (refused)
		return usage_error(cli, "%s", refused);
	if (chance && t->config.view == AB_VIEW_NEGAMAX)
		return usage_error(cli, _("--view negamax needs a tree without chance nodes: negamax has no sign for an expectation"));
	if (cli->save) {
		const char *name;
		int e = ab_test_save_check(cli->save, &name);
		if (e) {
			fprintf(stderr, _("%s: cannot save into %s%s%s: %s\n"), program, cli->save,
				name ? "/" : "", name ? name : "", strerror(e));
			return EXIT_USAGE;
		}
	}
	struct ab_test_report report;
	struct test_progress progress = { .shown = false };
	if (isatty(STDERR_FILENO)) {
		t->progress = test_progress;
		t->progress_ctx = &progress;
	}
	int e = ab_test_run(t, &report);
	if (progress.shown)
		fprintf(stderr, "\r\033[K");
	if (e) {
		fprintf(stderr, _("%s: cannot run '%s': %s\n"), program, t->run.argv[0], strerror(e));
		ab_test_report_free(&report);
		return EXIT_USAGE;
	}
	struct ab_str out = AB_STR_INIT;
	if (cli->json)
		ab_test_report_json(t, &report, &out);
	else
		ab_test_report_text(t, &report, &out);
	status = report.finding == AB_FINDING_NONE ? EXIT_OK : EXIT_MISTAKES;
	write_out(&out, &status);
	ab_str_free(&out);
	if (cli->save && report.finding != AB_FINDING_NONE) {
		const char *name;
		e = ab_test_save(cli->save, t, &report, &name);
		if (e) {
			fprintf(stderr, _("%s: cannot save into %s%s%s: %s\n"), program, cli->save,
				name ? "/" : "", name ? name : "", strerror(e));
			status = EXIT_USAGE;
		}
	}
	ab_test_report_free(&report);
	return finish_output(status);
}

/* What each command runs (ab_commands names them, and says which options
 * they take). */
static int (*const run[AB_CMD_COUNT])(struct cli *cli) = {
	[AB_CMD_REPLAY] = cmd_replay,
	[AB_CMD_TRACE] = cmd_trace,
	[AB_CMD_STATS] = cmd_stats,
	[AB_CMD_CHECK] = cmd_check,
	[AB_CMD_RANDOM] = cmd_random,
	[AB_CMD_EXPORT] = cmd_export,
	[AB_CMD_LESSON] = cmd_lesson,
	[AB_CMD_PRACTICE] = cmd_practice,
	[AB_CMD_DIFF] = cmd_diff,
	[AB_CMD_TEST] = cmd_test,
};

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
			const struct ab_option *opt = ab_option_find(NULL, a[1]);
			if (opt && opt->arg == AB_ARG_REQUIRED && a[2] == '\0')
				i++;
			continue;
		}
		if (strchr(a, '='))
			continue;
		const struct ab_option *opt = ab_option_find(a + 2, 0);
		if (opt && (opt->arg == AB_ARG_REQUIRED || opt->arg == AB_ARG_EQUALS))
			i++;
	}
	return 0;
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
	for (int c = 0; c < AB_CMD_COUNT; c++)
		if (ab_commands[c].name && ab_utf8_distance(word, ab_commands[c].name, 2) <= 2)
			return ab_commands[c].name;
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
	int command = first ? ab_command_find(argv[first]) : -1;
	int status = EXIT_OK;
	if (command >= 0 && first > 1) {
		/* Options before the command ("abtrace --lang zh stats"): move
		 * the command to the front, keeping everything else in order. */
		char *name = argv[first];
		memmove(argv + 2, argv + 1, (size_t)(first - 1) * sizeof *argv);
		argv[1] = name;
	}
	if (command < 0 && first && looks_like_command(argv[first]))
		return usage_error(NULL, _("unknown command '%s' (did you mean '%s'?)"),
				   argv[first], looks_like_command(argv[first]));
	if (command < 0)
		command = AB_CMD_REPLAY;
	/* The replay's options start at argv[1], a command's after its name. */
	int skip = command != AB_CMD_REPLAY;
	cli.command = ab_commands[command].name;
	if (command == AB_CMD_TEST) {
		/* test: everything after -- is the program, untouched. */
		for (int i = 2; i < argc; i++)
			if (strcmp(argv[i], "--") == 0) {
				cli.test.run.argv = argv + i + 1;
				argc = i;
				break;
			}
	}
	if (!parse_options(argc - skip, argv + skip, (enum ab_command_id)command, &cli, &status))
		return finish_output(status);
	return end_with(run[command](&cli));
}
