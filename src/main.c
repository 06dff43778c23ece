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

#include "answer.h"
#include "config.h"
#include "atomic.h"
#include "diag.h"
#include "export.h"
#include "format.h"
#include "grade.h"
#include "i18n.h"
#include "json.h"
#include "lesson.h"
#include "load.h"
#include "narrate.h"
#include "random.h"
#include "rng.h"
#include "search.h"
#include "stats.h"
#include "trace.h"
#include "tree.h"
#include "utf8.h"
#include "tui/replay.h"

enum { EXIT_OK = 0, EXIT_MISTAKES = 1, EXIT_USAGE = 2 };

/* Options, one table for every command; each command lists those it takes. */
enum option_id {
	OPT_EXPR = 'e',
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
};

#define TAKES(id) (1u << ((id) >= 256 ? (id) - 256 + 2 : (id) == OPT_EXPR ? 0 : 1))
#define SEARCH_OPTIONS (TAKES(OPT_EXPR) | TAKES(OPT_ALGO) | TAKES(OPT_FAIL_SOFT) | \
			TAKES(OPT_FAIL_HARD) | TAKES(OPT_STRICT) | TAKES(OPT_ORDER) | \
			TAKES(OPT_ROOT) | TAKES(OPT_ASCII))

static const struct option long_options[] = {
	{ "algo", required_argument, NULL, OPT_ALGO },
	{ "fail-soft", no_argument, NULL, OPT_FAIL_SOFT },
	{ "fail-hard", no_argument, NULL, OPT_FAIL_HARD },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "order", required_argument, NULL, OPT_ORDER },
	{ "root", required_argument, NULL, OPT_ROOT },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "ascii", no_argument, NULL, OPT_ASCII },
	{ "expr", required_argument, NULL, OPT_EXPR },
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
	{ NULL, 0, NULL, 0 },
};

struct cli {
	const char *command;
	struct ab_config config;
	bool algo_given, order_given;
	const char *expr;
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
};

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
		 "       %s check [OPTIONS] TREE ANSWER...  grade hand-worked answers (--json for autograders)\n"
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
		 "  --fail-hard                a cut node returns its bound: alpha at MAX, beta at MIN\n"
		 "  --strict                   cut only on alpha > beta (default: alpha >= beta)\n"
		 "  --order ORDER              given, reverse, best, worst, random or random:SEED\n"
		 "  --root max|min             who moves at the root (overrides the file)\n"
		 "  --ascii                    plain ASCII instead of α, β, ≤, ≥, ∞\n"
		 "  --lang en|zh               the language of messages (default: the locale's)\n"
		 "Output options:\n"
		 "  --json                     machine-readable output (trace, check: JSON Lines)\n"
		 "Random tree options:\n"
		 "  --branching B|B1-B2        children per inner node (default 2-3, at most 20)\n"
		 "  --depth D                  levels below the root (default 3, 1 to 20)\n"
		 "  --range LO..HI             leaf values (default -9..9)\n"
		 "  --distinct                 no two leaves share a value\n"
		 "  --seed S                   the same seed gives the same tree (default: the clock)\n"
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
		 "Other options:\n"
		 "  -h, --help                 this help\n"
		 "      --version              the version\n"
		 "\n"
		 "Exit status: 0 success, 1 a checked answer has mistakes, 2 unusable input.\n"),
	       program, program, program, program, program, program, program, program);
}

static bool parse_options(int argc, char **argv, unsigned takes, struct cli *cli,
			  int *status)
{
	optind = 1;
	opterr = 0;
	int c;
	int longindex = -1;
	while ((c = getopt_long(argc, argv, ":e:ho:", long_options, &longindex)) != -1) {
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
			if (longindex >= 0)
				snprintf(shown, sizeof shown, "--%s", long_options[longindex].name);
			else
				snprintf(shown, sizeof shown, "-%c", c == OPT_OUTPUT ? 'o' : c);
			*status = usage_error(cli, _("option '%s' does not apply to '%s %s'"),
					      shown, program,
					      cli->command ? cli->command : "");
			return false;
		}
		longindex = -1;
		switch (c) {
		case OPT_EXPR:
			cli->expr = optarg;
			break;
		case OPT_ALGO:
			if (strcmp(optarg, "minimax") == 0)
				cli->config.algo = AB_MINIMAX;
			else if (strcmp(optarg, "alphabeta") == 0 || strcmp(optarg, "alpha-beta") == 0)
				cli->config.algo = AB_ALPHABETA;
			else {
				*status = usage_error(cli, _("--algo takes minimax or alphabeta, not '%s'"), optarg);
				return false;
			}
			cli->algo_given = true;
			break;
		case OPT_FAIL_SOFT:
			cli->config.fail_hard = false;
			break;
		case OPT_FAIL_HARD:
			cli->config.fail_hard = true;
			break;
		case OPT_STRICT:
			cli->config.strict = true;
			break;
		case OPT_ORDER:
			if (!ab_parse_order(optarg, &cli->config)) {
				*status = usage_error(cli, _("--order takes given, reverse, best, worst, random or random:SEED, not '%s'"), optarg);
				return false;
			}
			if (strcmp(optarg, "random") == 0)
				cli->config.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
			cli->order_given = true;
			break;
		case OPT_ROOT:
			if (strcmp(optarg, "max") == 0)
				cli->config.root = AB_ROOT_IS_MAX;
			else if (strcmp(optarg, "min") == 0)
				cli->config.root = AB_ROOT_IS_MIN;
			else {
				*status = usage_error(cli, _("--root takes max or min, not '%s'"), optarg);
				return false;
			}
			break;
		case OPT_JSON:
			cli->json = true;
			break;
		case OPT_ASCII:
			cli->ascii = true;
			break;
		case OPT_BRANCHING:
		case OPT_DEPTH:
		case OPT_RANGE:
		case OPT_SEED: {
			const char *why =
				c == OPT_BRANCHING ? ab_random_parse_branching(optarg, &cli->random)
				: c == OPT_DEPTH ? ab_random_parse_depth(optarg, &cli->random)
				: c == OPT_RANGE ? ab_random_parse_range(optarg, &cli->random)
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
	ab_diag_format(diag, name, &text);
	fputs(ab_str_cstr(&text), stderr);
	ab_str_free(&text);
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
	if (cli->expr) {
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
	if (!tree)
		*status = EXIT_USAGE;
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
		ab_config_describe(&cli->config, g->ascii, &out);
		ab_str_addf(&out, _("; root %s; %u leaves\n"),
			    trace->root_player == AB_MAX ? "MAX" : "MIN", tree->leaves);
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
	if (ab_replay_run(tree, config, opts, &err) != AB_REPLAY_OK) {
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
		if (lesson)
			ab_str_addf(&out, "%-22s %s\n", names[i], ab_lesson_text(&lesson->title, lang));
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
	if (cli->nargs == 0)
		return list_lessons(lang);
	if (cli->nargs > 1)
		return usage_error(cli, _("one lesson at a time (got '%s' and '%s')"),
				   cli->args[0], cli->args[1]);
	struct ab_str path = AB_STR_INIT;
	if (!ab_lesson_find(cli->args[0], &path)) {
		fprintf(stderr, _("%s: no lesson called '%s'; '%s lesson' lists them\n"),
			program, cli->args[0], program);
		ab_str_free(&path);
		return EXIT_USAGE;
	}
	struct ab_diag diag;
	bool in_tree = false;
	struct ab_lesson *lesson = ab_lesson_load(path.s, &diag);
	if (!lesson || !ab_lesson_bind(lesson, &diag, &in_tree)) {
		print_lesson_diag(&diag, path.s, lesson, in_tree);
		ab_lesson_free(lesson);
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
		.name = cli->expr ? AB_EXPR_NAME
			: !cli->nargs ? "lecture"
			: strcmp(cli->args[0], "-") == 0 ? AB_STDIN_NAME : cli->args[0],
	};
	status = run_replay(tree, &cli->config, &opts);
	ab_tree_free(tree);
	return status;
}

/* One answer file graded: its report, or why it could not be read. */
struct checked {
	const char *file;
	struct ab_grade grade;
	bool usable;
	struct ab_str error;  /* the first line of the error, for the table */
};

/* Reads, parses and grades one answer file; prints its errors and notes
 * on stderr. */
static void check_one(const struct cli *cli, const struct ab_tree *tree,
		      const struct ab_glyphs *g, struct checked *c)
{
	struct ab_diag diag;
	size_t len;
	c->usable = false;
	char *text = ab_read_file(c->file, AB_MAX_ANSWER_BYTES, &len, &diag);
	struct ab_answer *answer = text ? ab_answer_parse(tree, text, len, &diag) : NULL;
	free(text);
	if (!answer) {
		struct ab_str report = AB_STR_INIT;
		const char *name = strcmp(c->file, "-") == 0 ? AB_STDIN_NAME : c->file;
		ab_diag_format(&diag, name, &report);
		fputs(ab_str_cstr(&report), stderr);
		const char *nl = strchr(ab_str_cstr(&report), '\n');
		ab_str_addn(&c->error, ab_str_cstr(&report),
			    nl ? (size_t)(nl - report.s) : report.len);
		ab_str_free(&report);
		return;
	}
	/* The answer file's convention wins over the command line's. */
	struct ab_config config = cli->config;
	unsigned changed = ab_answer_apply_rules(answer, &config);
	struct ab_config defaults = AB_CONFIG_DEFAULT;
	if (((changed & AB_RULE_STRICT) && cli->config.strict != defaults.strict) ||
	    ((changed & AB_RULE_FAIL) && cli->config.fail_hard != defaults.fail_hard) ||
	    ((changed & AB_RULE_ORDER) && cli->order_given) || (changed & AB_RULE_ROOT)) {
		struct ab_str rules = AB_STR_INIT;
		ab_answer_describe_rules(answer, &rules);
		fprintf(stderr, _("%s: note: %s says '%s', which overrides the command line\n"),
			program, c->file, ab_str_cstr(&rules));
		ab_str_free(&rules);
	}
	if (!ab_grade_answer(tree, &config, answer, g, &c->grade)) {
		fprintf(stderr, _("%s: the search has more than %u steps; try a smaller tree\n"),
			program, (unsigned)AB_MAX_EVENTS);
		ab_str_add(&c->error, _("the search is too long"));
	} else {
		c->usable = true;
	}
	ab_answer_free(answer);
}

/* abtrace check [OPTIONS] TREE ANSWER... (or -e EXPR ANSWER...) */
static int cmd_check(struct cli *cli)
{
	int status = EXIT_OK;
	struct cli one = *cli;
	one.nargs = cli->expr || cli->nargs == 0 ? 0 : 1;
	int first = one.nargs;
	if (cli->nargs - first < 1)
		return usage_error(cli, _("check needs a TREE and at least one ANSWER file"));
	struct ab_tree *tree = load_tree(&one, &status);
	if (!tree)
		return status;
	/* JSON is UTF-8 whatever the locale; --ascii still asks for ASCII. */
	const struct ab_glyphs *g = cli->json ? (cli->ascii ? &ab_glyphs_ascii : &ab_glyphs_utf8)
					      : ab_glyphs_for_locale(cli->ascii);
	size_t count = (size_t)(cli->nargs - first);
	struct checked *all = ab_xcalloc(count, sizeof *all);
	bool unusable = false, mistakes = false;
	for (size_t i = 0; i < count; i++) {
		all[i].file = cli->args[first + (int)i];
		check_one(cli, tree, g, &all[i]);
		unusable |= !all[i].usable;
		mistakes |= all[i].usable && all[i].grade.right < all[i].grade.count;
	}
	size_t width = ab_utf8_text_width(_("FILE"));
	for (size_t i = 0; i < count; i++)
		if (ab_utf8_text_width(all[i].file) > width)
			width = ab_utf8_text_width(all[i].file);
	struct ab_str out = AB_STR_INIT;
	for (size_t i = 0; i < count; i++) {
		struct checked *c = &all[i];
		if (cli->json) {
			/* One object per answer file, one per line (JSON Lines). */
			if (!c->usable) {
				ab_str_add(&out, "{\"file\":");
				ab_json_string(c->file, &out);
				ab_str_add(&out, ",\"error\":");
				ab_json_string(ab_str_cstr(&c->error), &out);
				ab_str_add(&out, "}\n");
				continue;
			}
			ab_grade_json(&c->grade, c->file, &out);
			ab_str_addc(&out, '\n');
		} else if (count == 1) {
			if (!c->usable)
				continue;
			ab_str_addf(&out, "# %s: ", c->file);
			ab_config_describe(&c->grade.config, g->ascii, &out);
			ab_str_addf(&out, _("; root %s\n"),
				    ab_config_root(&c->grade.config, tree) == AB_MAX ? "MAX" : "MIN");
			ab_grade_text(&c->grade, g, &out);
		} else {
			/* Columns by display width: Chinese headers and file
			 * names take two columns a character. */
			if (i == 0) {
				ab_format_pad(_("FILE"), (int)width, false, &out);
				ab_str_add(&out, "  ");
				ab_format_pad(_("SCORE"), 12, false, &out);
				ab_str_addf(&out, " %s\n", _("FIRST MISTAKE"));
			}
			ab_format_pad(c->file, (int)width, false, &out);
			ab_str_add(&out, "  ");
			if (!c->usable) {
				ab_format_pad(_("unusable"), 12, false, &out);
				ab_str_addf(&out, " %s\n", ab_str_cstr(&c->error));
				continue;
			}
			const struct ab_grade *gr = &c->grade;
			char score[32];
			snprintf(score, sizeof score, "%zu/%zu", gr->right, gr->count);
			ab_str_addf(&out, "%-12s ", score);
			const struct ab_grade_item *bad = ab_grade_first_mistake(gr);
			/* The diagnosis, when there is one, says more than one item. */
			if (bad)
				ab_str_addf(&out, "%s: %s\n", bad->name,
					    gr->diagnosis ? gr->diagnosis : bad->why);
			else
				ab_str_add(&out, "-\n");
		}
	}
	write_out(&out, &status);
	ab_str_free(&out);
	for (size_t i = 0; i < count; i++) {
		ab_grade_free(&all[i].grade);
		ab_str_free(&all[i].error);
	}
	free(all);
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
	return ab_random_tree(&spec);
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
	unsigned takes;
} commands[] = {
	{ "trace", cmd_trace, SEARCH_OPTIONS | TAKES(OPT_JSON) },
	{ "stats", cmd_stats, SEARCH_OPTIONS | TAKES(OPT_JSON) },
	{ "check", cmd_check, SEARCH_OPTIONS | TAKES(OPT_JSON) },
	{ "random", cmd_random, TAKES(OPT_BRANCHING) | TAKES(OPT_DEPTH) | TAKES(OPT_RANGE) |
				TAKES(OPT_DISTINCT) | TAKES(OPT_SEED) | TAKES(OPT_ROOT) },
	{ "export", cmd_export, SEARCH_OPTIONS | TAKES(OPT_DOT) | TAKES(OPT_TIKZ) |
		TAKES(OPT_TEXT) | TAKES(OPT_SVG) | TAKES(OPT_FRAMES) | TAKES(OPT_STANDALONE) |
		TAKES(OPT_STEP) | TAKES(OPT_OUTPUT) | TAKES(OPT_LANG) },
	{ "lesson", cmd_lesson, TAKES(OPT_TEXT) | TAKES(OPT_LANG) | TAKES(OPT_ASCII) },
	{ "practice", cmd_practice, (SEARCH_OPTIONS & ~TAKES(OPT_EXPR)) | TAKES(OPT_BRANCHING) |
		TAKES(OPT_DEPTH) | TAKES(OPT_RANGE) | TAKES(OPT_DISTINCT) | TAKES(OPT_SEED) },
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
			if ((a[1] == 'e' || a[1] == 'o') && a[2] == '\0')
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
		return command->run(&cli);
	}
	if (!parse_options(argc, argv, SEARCH_OPTIONS, &cli, &status))
		return finish_output(status);
	return cmd_replay(&cli);
}
