/* log.h - reading what a program printed while it searched a tree.
 *
 * abtrace-log(5), "The log a program prints": one event per line,
 *
 *     enter PATH [ALPHA BETA]    leaf PATH VALUE (or leaf VALUE)
 *     cut PATH                   return PATH VALUE
 *     value V                    best PATH
 *
 * or the same events as JSON Lines in `trace --json`'s form with any subset
 * of its fields.  Blank lines and lines starting with '#' are skipped; any
 * other line is noise, skipped and counted.  The reader resolves every PATH
 * to a node of the tree and every VALUE to the tree's unit, and keeps the
 * numbers as the log writes them (from the mover's side when the program
 * is negamax: testing/diff.c turns them round, knowing the node).
 */
#ifndef AB_LOG_H
#define AB_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "core/tree.h"
#include "core/value.h"

/* Stated limits (the README and the messages say them too). */
#define AB_LOG_MAX_BYTES (16u << 20)  /* a log, as `test`'s output limit */
#define AB_LOG_MAX_LINE (1u << 20)    /* one line (a JSON cutoff lists
					 every pruned child) */

/* The kinds of line, as abtrace-log(5) names them. */
#define AB_LOG_KINDS(X) \
	X(ENTER, "enter") \
	X(LEAF, "leaf") \
	X(CUT, "cut") \
	X(RETURN, "return") \
	X(VALUE, "value") \
	X(BEST, "best")

enum ab_log_kind {
#define AB_LOG_KIND_ENUM(name, word) AB_LOG_##name,
	AB_LOG_KINDS(AB_LOG_KIND_ENUM)
#undef AB_LOG_KIND_ENUM
	AB_LOG_KIND_COUNT
};

const char *ab_log_kind_word(enum ab_log_kind kind);

/* How to read the numbers and paths. */
struct ab_log_options {
	bool zero_based;       /* --zero-based: child indices count from 0 */
	bool has_inf;          /* --inf N given: ±N reads as ±∞ */
	struct ab_exact inf;   /* N (positive) */
};

/* ab_log_entry.flags */
#define AB_LOG_HAS_NODE 1u    /* it names a node (leaf VALUE does not) */
#define AB_LOG_HAS_WINDOW 2u  /* enter with ALPHA BETA */
#define AB_LOG_A_OFF 4u       /* a is no value of the tree (off its unit, or
				 beyond its range): it equals nothing */
#define AB_LOG_B_OFF 8u
#define AB_LOG_NAMED 16u      /* PATH was written as a name, not indices */
#define AB_LOG_A_SENTINEL 32u /* a is ±∞ read from --inf's ±N, which may */
#define AB_LOG_B_SENTINEL 64u /*   also be a value of the tree: it is both */

/* One line abtrace reads (a JSON `done` gives two: value and best). */
struct ab_log_entry {
	uint32_t line;      /* 1-based */
	uint32_t start;     /* the line's first byte in the text */
	uint32_t node;      /* AB_NONE: no node of the tree has that PATH */
	uint32_t path_at;   /* the PATH as written: bytes from start, */
	uint32_t path_len;  /*   and how many */
	uint8_t kind;       /* enum ab_log_kind */
	uint8_t flags;      /* AB_LOG_* */
	ab_value a, b;      /* enter: the window; leaf, return, value: a;
			       in the tree's unit, as the log writes them
			       (±∞ as AB_POS_INF, AB_NEG_INF) */
};

struct ab_log {
	const char *text;   /* not owned: must outlive the log */
	size_t len;
	struct ab_log_entry *entries;
	size_t count;
	uint32_t *of_kind[AB_LOG_KIND_COUNT]; /* entry indices, per kind, */
	size_t nkind[AB_LOG_KIND_COUNT];     /*   in the log's order */
	uint32_t nlines;     /* lines in the text (not "lines": term.h
				makes that a macro) */
	uint32_t noise;      /* lines skipped as noise */
	uint32_t noise_line; /* the first of them, 0 if none, */
	uint32_t noise_start; /*   and its first byte */
	bool named;          /* its paths are names rather than indices (the
				first PATH decides), for writing lines back */
};

enum ab_log_status {
	AB_LOG_OK,
	AB_LOG_EMPTY,     /* no line abtrace reads (nothing, or only noise) */
	AB_LOG_BINARY,    /* a NUL byte: not text */
	AB_LOG_TOO_BIG,   /* more than AB_LOG_MAX_BYTES */
	AB_LOG_LONG_LINE, /* a line longer than AB_LOG_MAX_LINE */
};

/* Reads text (len bytes) as a log of a search of tree.  Returns the log,
 * or NULL with *status (may be NULL) and *diag set (a position where
 * there is one) when it cannot be used. */
struct ab_log *ab_log_read(const struct ab_tree *tree,
			   const struct ab_log_options *opt, const char *text,
			   size_t len, enum ab_log_status *status,
			   struct ab_diag *diag);
void ab_log_free(struct ab_log *log);

/* The line that starts at byte start (an entry's start, noise_start):
 * its first byte and its length without the newline (and a '\r'). */
const char *ab_log_line(const struct ab_log *log, uint32_t start, size_t *len);

/* --inf N: a positive number as tree files write it, or an integer up to
 * 2^63 - 1 (a program's INT_MAX or LLONG_MAX).  False when it is not. */
bool ab_log_parse_inf(const char *text, struct ab_exact *out);

/* Appends v as a log writes it: "3", "-2.5", "10/3", and ±∞ as "+inf",
 * "-inf" (or ±N under --inf N), so a line can be shown as the program
 * should have printed it. */
void ab_log_format_value(ab_value v, int64_t scale,
			 const struct ab_log_options *opt, struct ab_str *out);
/* Appends node n's PATH as the log writes it: a name when the log's
 * paths are names, else "root" or indices (from 0 under --zero-based). */
void ab_log_format_path(const struct ab_tree *tree, const struct ab_log *log,
			const struct ab_log_options *opt, uint32_t n,
			struct ab_str *out);

#endif
