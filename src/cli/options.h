/* options.h - the commands and every option they take, as one table.
 *
 * The program parses its command line through this table (main.c), --help
 * is written from it (ab_help), and so is the manual's option list (the
 * build's tui/manpage.c): an option is one entry in options.c, and only
 * an option that does more than set a search word (core/config.c) or a
 * random tree's part (sources/random.c) needs a case in main.c too.
 */
#ifndef AB_OPTIONS_H
#define AB_OPTIONS_H

#include <stdbool.h>

#include "base/str.h"
#include "sources/random.h"

/* ---- Commands -------------------------------------------------------------- */

enum ab_command_id {
	AB_CMD_REPLAY, /* abtrace alone: the replay */
	AB_CMD_TRACE,
	AB_CMD_STATS,
	AB_CMD_CHECK,
	AB_CMD_RANDOM,
	AB_CMD_EXPORT,
	AB_CMD_LESSON,
	AB_CMD_PRACTICE,
	AB_CMD_DIFF,
	AB_CMD_TEST,
	AB_CMD_COUNT
};

/* Sets of commands, as bits: AB_CMD(TRACE) | AB_CMD(STATS). */
#define AB_CMD(name) (1u << AB_CMD_##name)
#define AB_CMD_ALL ((1u << AB_CMD_COUNT) - 1)

struct ab_command {
	const char *name;  /* "trace"; NULL for the replay */
	const char *usage; /* N_(): its line of --help after the program's
			      name, what it takes and what it does, aligned
			      by hand in each language */
};

/* Indexed by enum ab_command_id. */
extern const struct ab_command ab_commands[AB_CMD_COUNT];

/* The command called name, or -1. */
int ab_command_find(const char *name);

/* ---- Options -------------------------------------------------------------- */

/* What an option does on the command line; main.c switches on it. */
enum ab_option_id {
	AB_OPT_SEARCH,   /* sets its word of the search (word below) */
	AB_OPT_ORDER,    /* --order: a search word, and a seed for random */
	AB_OPT_RANDOM,   /* sets a part of the random tree (random below) */
	AB_OPT_SEED,     /* --seed: the same, and says a seed was given */
	AB_OPT_EXPR,
	AB_OPT_GAME,     /* -g GAME[:POSITION]: a game's tree for TREE */
	AB_OPT_ITERATION,
	AB_OPT_ASCII,
	AB_OPT_LANG,
	AB_OPT_JSON,
	AB_OPT_KEY,
	AB_OPT_VALUES,
	AB_OPT_BEST,
	AB_OPT_CSV,
	AB_OPT_GRADESCOPE,
	AB_OPT_SUMMARY,
	AB_OPT_FOLLOW_LINKS,
	AB_OPT_FORMAT,   /* --dot, --tikz, --svg, --text: format below */
	AB_OPT_STANDALONE,
	AB_OPT_STEP,
	AB_OPT_FRAMES,
	AB_OPT_NO_SENTENCE,
	AB_OPT_OUTPUT,
	AB_OPT_LESSON_TEXT,
	AB_OPT_CHECK,
	AB_OPT_COMPARE,
	AB_OPT_HELP,
	AB_OPT_VERSION,
	AB_OPT_ZERO_BASED, /* a program's log: indices from 0 */
	AB_OPT_INF,      /* a program's log: its infinity */
	AB_OPT_LOG,      /* the replay: a program's log beside it */
	AB_OPT_COUNT,    /* test: trees to try */
	AB_OPT_FEED,     /* test: how the program reads a tree */
	AB_OPT_BATCH,    /* test: one process for every tree */
	AB_OPT_TIMEOUT,  /* test: seconds a tree */
	AB_OPT_SAVE,     /* test: where the finding's files go */
	AB_OPT_BOARD,    /* a game's boards: trace's, export's */
};

/* Whether an option takes a value. */
enum ab_option_arg {
	AB_ARG_NONE,
	AB_ARG_REQUIRED, /* --step N, --step=N */
	AB_ARG_EQUALS,   /* the same, but shown as --frames=steps|cutoffs */
	AB_ARG_OPTIONAL, /* --fail-hard or --fail-hard=clamp, never apart */
};

/* The groups of --help and the manual, in their order. */
enum ab_option_group {
	AB_GROUP_NONE,   /* listed in neither (-e: TREE's paragraph says it) */
	AB_GROUP_SEARCH,
	AB_GROUP_OUTPUT,
	AB_GROUP_CHECK,
	AB_GROUP_RANDOM,
	AB_GROUP_EXPORT,
	AB_GROUP_LESSON,
	AB_GROUP_TESTING,
	AB_GROUP_OTHER,
	AB_GROUP_COUNT
};

struct ab_option_group_text {
	const char *title; /* N_("Check options") */
	const char *note;  /* N_(), shown after the title, or NULL */
};

/* Indexed by enum ab_option_group. */
extern const struct ab_option_group_text ab_option_groups[AB_GROUP_COUNT];

struct ab_option {
	const char *name;        /* "fail-hard": --fail-hard */
	char letter;             /* 'o' for -o, or 0 */
	enum ab_option_arg arg;
	const char *value;       /* N_(): what the value is, "FILE" (a
				    name for it, in capitals) or
				    "minimax|alphabeta" (the words it
				    takes); an optional value's one word */
	const char *help;        /* N_(): lines of --help (split by \n),
				    lower case, no full stop; NULL: shown
				    with the entry before it (--dot, --tikz) */
	const char *help_value;  /* N_(): an optional value's own line */
	enum ab_option_group group;
	unsigned commands;       /* AB_CMD() bits of those that take it */
	enum ab_option_id id;
	const char *word;        /* AB_OPT_SEARCH, AB_OPT_ORDER: its word
				    in core/config.c's table */
	/* AB_OPT_RANDOM, AB_OPT_SEED: sets spec from the value (NULL for
	 * one without), or says what is wrong with it */
	const char *(*random)(const char *value, struct ab_random_spec *spec);
	int format;              /* AB_OPT_FORMAT: its enum ab_export_format */
	/* The values it takes, for --help to list: the i-th, or NULL */
	const char *(*values)(unsigned i);
};

/* The table, in the order --help lists it.  Two entries may share a name
 * when no command takes both (--depth is the search's for trace, the
 * random tree's for random); they then take a value alike. */
extern const struct ab_option ab_options[];
extern const unsigned ab_noptions;
/* At most this many entries (for callers' arrays). */
#define AB_OPTIONS_MAX 80

/* The entry for --name (or -letter when name is NULL) that command takes,
 * or NULL when it takes none of that name. */
const struct ab_option *ab_option_for(const char *name, char letter,
				      enum ab_command_id command);
/* The first entry called name (or with that letter), whoever takes it. */
const struct ab_option *ab_option_find(const char *name, char letter);

/* ---- Help --------------------------------------------------------------------- */

/* Appends --help for the commands in the set (AB_CMD_ALL: the whole of
 * it; one command: its usage and only the options it takes), in the
 * language of messages.  program is the name shown ("abtrace"). */
void ab_help(const char *program, unsigned commands, struct ab_str *out);

#endif
