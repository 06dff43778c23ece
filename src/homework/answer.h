/* answer.h - a hand-worked homework answer: what the student claims.
 *
 * An answer file (abtrace-answer(5)) is read against the tree
 * it answers, so every name is resolved when it is read and an unknown one
 * is an error at its column.  Errors are data (struct ab_diag), as for tree
 * files.  The replay's practice mode builds the same struct from the marks
 * a student made on the screen (ab_answer_new and the ab_answer_add_*
 * functions) and hands it to the same grader.
 *
 * Syntax, one item per line, `#` comments:
 *   value: 3                     the root's value
 *   best: B                      the best move (a child of the root)
 *   pruned: C2 C3                leaves (or whole subtrees) never looked at;
 *                                empty (or none) means none
 *   visited: B1 B2 B3 C1 ...     instead of pruned: the leaves looked at,
 *                                in the order the search looks at them
 *   C: <= 2                      a node's value or bound: 3, = 3, <= 2, >= 5,
 *                                ≤ 2, ≥ 5, 1..3 or in [1, 3] (between, ends
 *                                included; an end may be -inf or +inf);
 *                                numbers are decimals (4.4) or fractions
 *                                (10/3), exact
 *   C: alpha=3 beta=2            the node's final window (α=, β= too; -inf,
 *   C window: α=3 β=2            +inf and ∞ allowed); may follow a bound
 *   D: returns 2                 the number the search hands back at D
 *   D returns: 2                 under the chosen convention
 *   rules: strict                the convention: strict, non-strict,
 *   rules: fail-hard             fail-hard, fail-hard=clamp, fail-soft
 *                                (several words allowed)
 *   order: reverse               any --order value (random needs :SEED)
 *   root: min                    who moves at the root
 *   depth: 2                     the search stops 2 levels below the root
 *   chance-prune: star1          pruning at chance nodes
 *   values: returned             a bare number (C: 2) is what the node
 *                                returns, not what is proved (values: proved)
 *   name: Zhang San              who wrote it (name:, id:, 姓名：, 学号：),
 *   id: 2024001                  shown in the reports, never graded
 * Every key word is also read as the report prints it in Chinese, and as
 * a Chinese student writes it (根节点的值：3, 最佳走法：B, 剪枝：C2、C3,
 * C 的窗口：α=3, 规则：严格 ...): the table keywords[] in answer.c.
 * Names are labels, paths ("2.3") or textbook names ("C2"), matched exactly
 * first, then ignoring (ASCII) case when only one node matches that way; the
 * key words above are matched case-insensitively and win over a node of that
 * name (name such a node by its path).  Full-width '：' and '，' read as ':'
 * and ','; '、' separates names as ',' does; the ideographic space (U+3000)
 * and the no-break space are white space.  A name the tree does not have is
 * no error: the item keeps it (struct ab_unknown) and the grader marks that
 * item wrong, saying which name it probably meant.
 *
 * A line that cannot be read is no error either (ab_answer_parse): it is
 * kept as a struct ab_unread, which the grader marks as one wrong item
 * ("line 3 not read: ..."), and every other line is read.  Only a whole
 * file fails: not text (a NUL byte, invalid UTF-8), too large, or with
 * nothing to grade (no line reads as an item or tries to be one).
 * ab_answer_parse_strict fails at the first line instead, as the replay's
 * practice mode needs for the one line it reads.
 *
 * A key (ab_answer_parse_key) is an answer file written by the grader: each
 * item says what is asked, with '?' where the search decides the answer
 * (value: ?, best: ?, pruned: ?, visited: ?, C: ?, C: returns ?,
 * C: alpha=? beta=?), and optionally its points after '|' (value: ? | 2;
 * 1 when not given).  A key is read strictly: any line it cannot read,
 * and an unknown name, is an error, and its rules:, order:, root:, depth:,
 * chance-prune: and values: lines are the grader's, like the command line.
 */
#ifndef AB_ANSWER_H
#define AB_ANSWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "core/config.h"
#include "views/format.h"
#include "core/search.h"
#include "core/tree.h"

/* Stated limits. */
#define AB_MAX_ANSWER_BYTES (1024u * 1024u)  /* one answer file */
#define AB_MAX_ANSWER_ITEMS 100000u          /* lines and listed names */

enum ab_item_kind {
	AB_ITEM_VALUE,   /* value: V */
	AB_ITEM_BEST,    /* best: NODE */
	AB_ITEM_PRUNED,  /* pruned: NODE... */
	AB_ITEM_VISITED, /* visited: LEAF... */
	AB_ITEM_BOUND,   /* NODE: [op] V */
	AB_ITEM_WINDOW,  /* NODE: alpha=A beta=B */
	AB_ITEM_RETURNS, /* NODE: returns V */
	AB_ITEM_HITS,    /* hits: NODE... (--tt: the visits whose probe
			    finds their position in the table) */
	AB_ITEM_ENTRY,   /* NODE: entry FLAG [V] (--tt: the entry the node
			    stores, its flag and value) */
};

/* What a bound claims of a node's value. */
enum ab_bound { AB_BOUND_EQ, AB_BOUND_LE, AB_BOUND_GE,
		AB_BOUND_IN /* value..value2, both ends included */ };

/* A name the tree does not have, as written, with a hint of the names
 * near it ("; C's children are C1, C2 and C3"). */
struct ab_unknown {
	char *name;
	char *hint;
};

struct ab_item {
	enum ab_item_kind kind;
	unsigned line, column;   /* where it was written; 0 when built */
	uint32_t node;           /* best, bound, window, returns; AB_NONE when
				    the name is unknown (see unknown) */
	ab_value value;          /* value, bound */
	ab_value value2;         /* bound AB_BOUND_IN: the upper end */
	enum ab_bound bound;     /* bound */
	bool has_alpha, has_beta;/* window: which were given */
	ab_value alpha, beta;    /* window */
	/* The numbers as written (value, value2, alpha, beta), for the report
	 * when one is AB_VALUE_OFF_GRID. */
	struct ab_exact written[4];
	uint32_t *nodes;         /* pruned, visited: in the order written */
	uint32_t count;
	bool plain;              /* bound: a bare number, no operator */
	int flag;                /* entry: enum ab_tt_flag */
	bool has_value;          /* entry: a value is given too */
	bool ask;                /* key: '?', the search decides */
	double points;           /* key: the item's points (1 by default) */
	struct ab_unknown *unknown; /* names the tree does not have: the
				    item's own (node AB_NONE), or listed ones */
	uint32_t nunknown;
};

/* A line that could not be read, with the parser's reason. */
struct ab_unread {
	unsigned line, column;
	char *why;               /* the message, as a parse error words it */
	bool about;              /* its key says what it was about: */
	enum ab_item_kind kind;  /* value:, best:, pruned: ... or a node's */
	uint32_t node;           /* the node a node line names, or AB_NONE */
};

struct ab_answer {
	struct ab_item *items;
	size_t count, cap;
	struct ab_unread *unread;/* lines not read, in order */
	size_t nunread;
	/* Who wrote it (name:, id: lines), as written, or NULL. */
	char *name, *id;
	/* The conventions it declares (rules:, order:, root:), in the words
	 * of core/config.c's table: the parts of config named in parts
	 * (AB_PART_*), as the command line states them. */
	struct ab_config config;
	unsigned parts;
	/* How its numbers read and which search it is about, which are not
	 * the search's configuration: */
	bool has_values, values_returned; /* values: returned or proved */
	bool has_iteration;      /* iteration: K (--iterative's K-th search) */
	uint32_t iteration;
};

/* The key words an answer line may start with, in both languages (what
 * the reports print, and the synonyms a student writes), for the tests
 * and the manual: the i-th word, or NULL past the last; *kind is set to
 * the item kind it introduces, or -1 for a declaration or an identity
 * line. */
const char *ab_answer_keyword(size_t i, int *kind);

/* Parses len bytes of text about tree, every line it can: a line it
 * cannot read goes into answer->unread.  Returns NULL with *diag filled in
 * (line and column when there is a place to point at) only for a file
 * that is not text, too large, or has nothing to grade. */
struct ab_answer *ab_answer_parse(const struct ab_tree *tree, const char *text,
				  size_t len, struct ab_diag *diag);
/* The same, but any line it cannot read is the error. */
struct ab_answer *ab_answer_parse_strict(const struct ab_tree *tree, const char *text,
					 size_t len, struct ab_diag *diag);
/* The same for a key: '?' for what is asked, '| N' for points. */
struct ab_answer *ab_answer_parse_key(const struct ab_tree *tree, const char *text,
				      size_t len, struct ab_diag *diag);
void ab_answer_free(struct ab_answer *answer);

/* Applies the conventions the answer declares to config, except the parts
 * in fixed (AB_PART_*: those the person grading stated, on the command
 * line or in the key): those win.  Returns the parts the answer declares
 * and fixed overrules with another setting, for a note. */
unsigned ab_answer_apply_rules(const struct ab_answer *answer, unsigned fixed,
			       struct ab_config *config);
/* The same for values:, unless values_fixed; true when values_fixed
 * overrules it with the other reading. */
bool ab_answer_apply_values(const struct ab_answer *answer, bool values_fixed,
			    bool *values_returned);
/* Appends the conventions the answer declares as the file spells them,
 * e.g. "rules: strict; order: reverse; values: returned" ("" when none). */
void ab_answer_describe_rules(const struct ab_answer *answer, struct ab_str *out);
/* The same for only the parts in parts, and values: when values. */
void ab_answer_describe_own(const struct ab_answer *answer, unsigned parts, bool values,
			    struct ab_str *out);
/* Appends the note for the parts in overruled and, when values_overruled,
 * values: (as the two functions above returned them): "declares rules:
 * strict; graded under α ≥ β". */
void ab_answer_describe_overruled(const struct ab_answer *answer, unsigned overruled,
				  bool values_overruled, const struct ab_config *config,
				  bool values_returned, const struct ab_glyphs *g,
				  struct ab_str *out);

/* ---- Building an answer without a file (practice mode) ----------------- */

struct ab_answer *ab_answer_new(void);
void ab_answer_add_value(struct ab_answer *answer, ab_value value);
void ab_answer_add_best(struct ab_answer *answer, uint32_t node);
/* nodes (count of them, copied) marked pruned; count 0 claims no cut. */
void ab_answer_add_pruned(struct ab_answer *answer, const uint32_t *nodes,
			  uint32_t count);
void ab_answer_add_bound(struct ab_answer *answer, uint32_t node,
			 enum ab_bound bound, ab_value value);
void ab_answer_add_range(struct ab_answer *answer, uint32_t node, ab_value lo,
			 ab_value hi);
void ab_answer_add_window(struct ab_answer *answer, uint32_t node,
			  bool has_alpha, ab_value alpha, bool has_beta,
			  ab_value beta);

#endif
