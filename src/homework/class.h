/* class.h - grading a class: many answer files, one tree, one grader.
 *
 * `abtrace check TREE ANSWER...` grades every answer file it is given (a
 * folder stands for the files in it) under the grader's conventions and,
 * with --key, a key's questions and points, then writes one report: a text
 * report for one file or a table for several, JSON Lines, CSV, an
 * autograder's results.json, or a summary of what the class got wrong.
 *
 * This is the library's side of that command: it reads the files, grades
 * them (grade.h) and builds the report as text, and never prints or exits.
 * What standard error should say (an unreadable file, a note that the
 * grader overrules an answer's own convention) is collected in log, and
 * the counts say how the command should end: main.c prints both and
 * chooses the exit status.
 *
 * Every entry of a folder gets a row: the answer files are graded, and
 * anything else (a link, a FIFO, a device, a subfolder) is a row that says
 * why it is not graded, without being opened; so is an empty folder.  An
 * answer file is read only if it is a regular file reached without a
 * link (unless follow_links), so nothing a submission points at is ever
 * read or quoted.  Names are written in base/utf8.h's house form in every
 * report and message (no name can act on a terminal or pass for another),
 * the text reports carry no character a terminal acts on, and the CSV is
 * UTF-8 with no cell a spreadsheet would run as a formula.
 *
 *     struct ab_class cls = { .config = ..., .program = "abtrace" };
 *     ab_class_add(&cls, "answers/");          (each ANSWER argument)
 *     ab_class_load_key(&cls, tree, "lecture.key");   (with --key)
 *     ab_class_grade(&cls, tree);
 *     ab_class_report(&cls, tree, &out);
 *     ab_class_free(&cls);
 */
#ifndef AB_CLASS_H
#define AB_CLASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/str.h"
#include "core/config.h"
#include "core/tree.h"
#include "homework/answer.h"
#include "homework/grade.h"
#include "views/format.h"

/* The report a class's grading is written as. */
enum ab_class_report {
	AB_CLASS_TEXT,       /* one file: its items; several: a table */
	AB_CLASS_JSON,       /* one object per file, one per line */
	AB_CLASS_CSV,        /* a row per file: grade.h's ab_grade_csv_header */
	AB_CLASS_GRADESCOPE, /* one file's results.json */
	AB_CLASS_SUMMARY,    /* what many answers got wrong */
};

/* Why an entry is not graded: it is not an answer file, so it is never
 * opened (an exit status of 1, as for a mistake). */
enum ab_class_skip {
	AB_SKIP_NONE,
	AB_SKIP_LINK,       /* a symbolic link, not followed */
	AB_SKIP_DANGLING,   /* follow_links: a link to nothing */
	AB_SKIP_LOOP,       /* follow_links: links in a loop */
	AB_SKIP_FOLDER,     /* a folder inside a folder */
	AB_SKIP_FIFO,
	AB_SKIP_DEVICE,
	AB_SKIP_SOCKET,
	AB_SKIP_EMPTY,      /* a folder among the arguments with nothing in it */
	AB_SKIP_HIDDEN,     /* the same, with hidden files only */
	AB_SKIP_COUNT
};

/* One answer file graded, or why it could not be.  A file is graded
 * whenever anything in it reads as an answer: a line that cannot be read
 * is one wrong item of its grade, and only a file with nothing to grade
 * (empty, not text, no item) is unusable. */
struct ab_class_answer {
	char *file;              /* as given, or FOLDER/NAME for one in a folder */
	char *name;              /* file as reports write it (ab_utf8_add_name) */
	bool usable;             /* read, parsed and graded */
	enum ab_class_skip skip; /* not graded, and why */
	struct ab_grade grade;   /* when usable */
	struct ab_str error;     /* when not: the first line of why (skip:
				    its reason; set when listed for a folder
				    that cannot be read) */
};

struct ab_class {
	/* The grader's side, set by the caller: */
	struct ab_config config;     /* the conventions */
	unsigned fixed;              /* the AB_PART_* of config the grader
					states: an answer's own rules apply
					only where these are silent */
	bool values_returned;        /* a bare number is what a node returns */
	bool values_fixed;           /* the grader states values_returned */
	bool any_optimal;            /* --best any-optimal: any move worth the
					root's value is a right best: */
	uint32_t iteration;          /* grade iteration K of --iterative, or 0 */
	enum ab_class_report report; /* the report it will be written as */
	bool ascii;                  /* --ascii */
	bool follow_links;           /* --follow-links: an answer file that is
					a link is graded as what it leads to */
	const char *program;         /* what messages begin with ("abtrace") */
	/* Set by ab_class_load_key: */
	struct ab_answer *key;       /* NULL without a key */
	double key_points;           /* the key's total */
	/* The answer files, in order (ab_class_add): */
	struct ab_class_answer *answers;
	size_t count, cap;
	/* Set by ab_class_grade: */
	size_t unusable;             /* answers that could not be read,
					parsed or graded */
	size_t skipped;              /* rows that are not graded (skip) */
	size_t mistaken;             /* answers with a mistake that counts */
	/* What standard error should say, whole lines, in order. */
	struct ab_str log;
};

/* Adds the rows an ANSWER argument stands for: itself, or for a folder
 * every entry in it, sorted by name, hidden ones (".name") left out; a
 * folder with no other entry is one row (AB_SKIP_EMPTY), and a folder that
 * cannot be read is one unusable row (the log says why).  A link named
 * here is a row AB_SKIP_LINK, unless follow_links (a folder named with a
 * final '/', "subs/", is the folder the link leads to).  True when every
 * row it added is to be graded; false when one is skipped or a folder
 * cannot be read (its row says why, as the report will). */
bool ab_class_add(struct ab_class *cls, const char *arg);
/* The reason a skipped row gives, translated ("a link, not graded"). */
const char *ab_class_skip_reason(enum ab_class_skip skip);
/* Reads the key at path ("-": standard input) about tree.  Its rules count
 * as the grader's where the grader's own are silent.  False (log holds
 * the error) when it cannot be read or parsed. */
bool ab_class_load_key(struct ab_class *cls, const struct ab_tree *tree,
		       const char *path);
/* Reads, parses and grades every answer file, setting the counts and
 * logging each file's errors and notes, and each row not graded. */
void ab_class_grade(struct ab_class *cls, const struct ab_tree *tree);
/* The glyphs the class is graded and reported with: UTF-8 for the reports
 * written to files (JSON, CSV, results.json) whatever the locale; --ascii
 * still asks for ASCII. */
const struct ab_glyphs *ab_class_glyphs(const struct ab_class *cls);
/* Appends the report cls->report asks for. */
void ab_class_report(const struct ab_class *cls, const struct ab_tree *tree,
		     struct ab_str *out);
void ab_class_free(struct ab_class *cls);

#endif
