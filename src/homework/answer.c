/* answer.c - reading a homework answer (syntax in answer.h).
 *
 * One pass over the lines.  The text is first checked whole for NUL bytes
 * and invalid UTF-8 (like a tree file: such a file is not an answer at
 * all), then each line is
 *
 *     KEY ':' REST        KEY is a key word (in either language), a node's
 *                         name, or NAME window / NAME returns
 *
 * with REST read by the key's own small parser.  Names are resolved against
 * the tree at once, so an unknown name is reported at its column.  What has
 * been stated (each key word, each node's bound and window, each listed
 * node, each part of the rules) goes into one small hash map from "what" to
 * "where", which turns duplicates and contradictions into errors that point
 * back at the first statement.
 *
 * A line that fails is undone whole (its items, what it stated, the
 * conventions it set) and, in an answer, kept as a line not read, with the
 * error's message: the grader marks it as one wrong item and reads on.
 */
#include "homework/answer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/i18n.h"
#include "views/narrate.h"
#include "base/utf8.h"

/* ---- What was said where: a hash map from a key to a text offset -------- */

struct seen {
	uint64_t *keys;   /* key + 1; 0 marks an empty slot, GONE an undone one */
	size_t *where;
	size_t size, used;
};

/* A slot whose statement was undone with its line: probes go past it. */
#define GONE UINT64_MAX

static size_t seen_slot(const struct seen *s, uint64_t key)
{
	size_t h = (size_t)((key * UINT64_C(0x9e3779b97f4a7c15)) >> 11) & (s->size - 1);
	while (s->keys[h] && s->keys[h] != key + 1)
		h = (h + 1) & (s->size - 1);
	return h;
}

/* Records key at pos.  Returns true when it is new; false with *first set
 * to where it was first recorded. */
static bool seen_add(struct seen *s, uint64_t key, size_t pos, size_t *first)
{
	if (2 * (s->used + 1) > s->size) {
		struct seen bigger = { NULL, NULL, s->size ? s->size * 2 : 64, 0 };
		bigger.keys = ab_xcalloc(bigger.size, sizeof *bigger.keys);
		bigger.where = ab_xcalloc(bigger.size, sizeof *bigger.where);
		for (size_t i = 0; i < s->size; i++) {
			if (!s->keys[i] || s->keys[i] == GONE)
				continue;
			size_t h = seen_slot(&bigger, s->keys[i] - 1);
			bigger.keys[h] = s->keys[i];
			bigger.where[h] = s->where[i];
			bigger.used++;
		}
		free(s->keys);
		free(s->where);
		*s = bigger;
	}
	size_t h = seen_slot(s, key);
	if (s->keys[h]) {
		*first = s->where[h];
		return false;
	}
	s->keys[h] = key + 1;
	s->where[h] = pos;
	s->used++;
	return true;
}

/* Forgets key (said on a line that is being undone). */
static void seen_remove(struct seen *s, uint64_t key)
{
	if (!s->size)
		return;
	size_t h = seen_slot(s, key);
	if (s->keys[h])
		s->keys[h] = GONE;
}

/* Keys: a key word's line, a node's bound or window, a listed node, a part
 * of the rules. */
enum seen_kind { SEEN_KEYWORD, SEEN_BOUND, SEEN_WINDOW, SEEN_LISTED, SEEN_RULE,
		 SEEN_ENTRY, SEEN_HIT };

static uint64_t seen_key(enum seen_kind kind, uint32_t what)
{
	return (uint64_t)what << 3 | (uint64_t)kind;
}

/* ---- The parser ---------------------------------------------------------- */

enum keyword { K_VALUE, K_BEST, K_PRUNED, K_VISITED, K_RULES, K_ORDER, K_ROOT,
	       K_VALUES, K_ITERATION, K_DEPTH, K_CHANCE, K_NAME, K_ID, K_HITS, K_COUNT,
	       K_NODE = K_COUNT, /* a node's name */
	       K_WINDOW,         /* NAME window: */
	       K_RETURNS,        /* NAME returns: */
};

/* Each key word as messages name it. */
static const char *const keyword_names[K_COUNT] = {
	"value", "best", "pruned", "visited", "rules", "order", "root", "values",
	"iteration", "depth", "chance-prune", "name", "id", "hits",
};

/* Every word a line may start with: the English key words, the words the
 * Chinese report prints for them (po/zh_CN.po: value 根节点的值, best
 * 最佳走法, pruned 被剪枝, visited 被查看的叶子, visit order 查看顺序), and
 * what a student writes instead.  Matched ignoring ASCII case and the
 * amount of white space. */
static const struct {
	const char *word;
	enum keyword kw;
} keywords[] = {
	{ "value", K_VALUE }, { "根节点的值", K_VALUE }, { "根节点值", K_VALUE },
	{ "根的值", K_VALUE }, { "根值", K_VALUE }, { "值", K_VALUE },
	{ "best", K_BEST }, { "best move", K_BEST }, { "最佳走法", K_BEST },
	{ "最佳着法", K_BEST }, { "最佳招法", K_BEST }, { "最优走法", K_BEST },
	{ "最好的走法", K_BEST }, { "最佳行动", K_BEST }, { "最优行动", K_BEST },
	{ "最佳动作", K_BEST }, { "最佳选择", K_BEST },
	{ "pruned", K_PRUNED }, { "剪枝", K_PRUNED }, { "被剪枝", K_PRUNED },
	{ "被剪枝的叶子", K_PRUNED }, { "被剪枝的节点", K_PRUNED },
	{ "剪枝的叶子", K_PRUNED }, { "剪掉", K_PRUNED }, { "被剪掉", K_PRUNED },
	{ "被剪掉的叶子", K_PRUNED }, { "剪掉的叶子", K_PRUNED }, { "剪去", K_PRUNED },
	{ "被剪去的叶子", K_PRUNED },
	{ "visited", K_VISITED }, { "visit order", K_VISITED },
	{ "被查看的叶子", K_VISITED }, { "查看的叶子", K_VISITED },
	{ "被查看", K_VISITED }, { "查看顺序", K_VISITED }, { "访问", K_VISITED },
	{ "被访问的叶子", K_VISITED }, { "访问的叶子", K_VISITED },
	{ "访问顺序", K_VISITED },
	{ "rules", K_RULES }, { "规则", K_RULES }, { "约定", K_RULES },
	{ "order", K_ORDER }, { "顺序", K_ORDER }, { "搜索顺序", K_ORDER },
	{ "root", K_ROOT }, { "根节点", K_ROOT }, { "根", K_ROOT },
	{ "values", K_VALUES },
	{ "iteration", K_ITERATION }, { "迭代", K_ITERATION },
	{ "hits", K_HITS }, { "命中", K_HITS },
	{ "depth", K_DEPTH }, { "深度", K_DEPTH }, { "搜索深度", K_DEPTH },
	{ "深度限制", K_DEPTH },
	{ "chance-prune", K_CHANCE }, { "机会节点剪枝", K_CHANCE },
	{ "name", K_NAME }, { "student", K_NAME }, { "student name", K_NAME },
	{ "姓名", K_NAME }, { "名字", K_NAME }, { "学生", K_NAME },
	{ "学生姓名", K_NAME },
	{ "id", K_ID }, { "student id", K_ID }, { "student-id", K_ID },
	{ "student number", K_ID }, { "学号", K_ID },
};

#define NKEYWORDS (sizeof keywords / sizeof keywords[0])

/* NAME window:, NAME returns: - the report's item names, read back. */
static const struct {
	const char *suffix;
	bool blank;          /* a blank must come before it */
	enum keyword kw;
} name_suffixes[] = {
	{ "window", true, K_WINDOW }, { "的窗口", false, K_WINDOW },
	{ "窗口", false, K_WINDOW },
	{ "returns", true, K_RETURNS }, { "的返回值", false, K_RETURNS },
	{ "返回值", false, K_RETURNS }, { "返回", false, K_RETURNS },
};

/* The Chinese words a declaration's value may be, as the words of
 * core/config.c (and values:) they stand for. */
static const struct {
	enum keyword kw;
	const char *word, *means;
} value_words[] = {
	{ K_RULES, "严格", "strict" }, { K_RULES, "非严格", "non-strict" },
	{ K_RULES, "软失败", "fail-soft" }, { K_RULES, "硬失败", "fail-hard" },
	{ K_ORDER, "给定", "given" }, { K_ORDER, "给定顺序", "given" },
	{ K_ORDER, "原顺序", "given" }, { K_ORDER, "逆序", "reverse" },
	{ K_ORDER, "倒序", "reverse" }, { K_ORDER, "最优", "best" },
	{ K_ORDER, "最优顺序", "best" }, { K_ORDER, "最差", "worst" },
	{ K_ORDER, "最差顺序", "worst" },
	{ K_VALUES, "返回值", "returned" }, { K_VALUES, "证明值", "proved" },
	{ K_VALUES, "证明的值", "proved" },
};

const char *ab_answer_keyword(size_t i, int *kind)
{
	static const int kinds[K_COUNT] = {
		[K_VALUE] = AB_ITEM_VALUE, [K_BEST] = AB_ITEM_BEST,
		[K_PRUNED] = AB_ITEM_PRUNED, [K_VISITED] = AB_ITEM_VISITED,
		[K_RULES] = -1, [K_ORDER] = -1, [K_ROOT] = -1, [K_VALUES] = -1,
		[K_ITERATION] = -1, [K_DEPTH] = -1, [K_CHANCE] = -1, [K_NAME] = -1,
		[K_ID] = -1, [K_HITS] = AB_ITEM_HITS,
	};
	if (i >= NKEYWORDS)
		return NULL;
	*kind = kinds[keywords[i].kw];
	return keywords[i].word;
}

/* A name folded to lower case, for matching names ignoring case. */
struct fold {
	char *name;
	uint32_t node;
};

/* What a line that fails leaves behind, to undo it. */
struct undo {
	size_t items;             /* the answer's count before the line */
	struct ab_config config;  /* and what it declared */
	unsigned parts;
	bool has_values, values_returned, has_iteration;
	uint32_t iteration;
	bool have_list;
	size_t list_line;
	uint64_t *said;           /* keys the line added to seen */
	size_t nsaid, capsaid;
};

struct parser {
	const struct ab_tree *tree;
	const char *text;
	size_t len;
	struct ab_diag *diag;
	struct ab_answer *answer;
	struct seen seen;
	size_t listed;     /* items plus listed names, against the limit */
	size_t list_line;  /* offset of the pruned:/visited: key, if any */
	bool have_list;
	bool key;          /* a key: '?' and '| N', unknown names are errors */
	bool strict;       /* the first line not read is the error */
	struct ab_unknown pending; /* the unknown name parse_name just read */
	struct fold *folds;/* every node's names folded, sorted (on first need) */
	size_t nfolds;
	bool folded;
	double points;     /* key: the points of the line being read */
	struct ab_lines lines; /* where items and errors are: one index */
	struct undo undo;  /* the line being read */
	/* What the line being read is about, once its key says: */
	bool about;
	enum ab_item_kind about_kind;
	uint32_t about_node;
	bool attempt;      /* some line reads as an item, or tries to */
	bool want_move;    /* the name being read is to be a move (best:) */
};

/* Sets the error at byte pos and yields false, so `return FAIL(...)`. */
#define FAIL(p, pos, ...) \
	(ab_diag_at_lines((p)->diag, &(p)->lines, (pos), __VA_ARGS__), false)

static unsigned line_of(struct parser *p, size_t pos)
{
	unsigned line, column;
	ab_lines_locate(&p->lines, pos, &line, &column);
	return line;
}

/* A short, printable quote of [s, e) for a message. */
#define QUOTE(p, s, e) (int)ab_utf8_prefix((p)->text + (s), (e) - (s), 40), (p)->text + (s)

/* The length of the white space at i: a space or a tab, the ideographic
 * space (U+3000) a Chinese input method types, or the no-break space
 * (U+00A0); 0 when there is none. */
static size_t blank_at(const struct parser *p, size_t i, size_t end)
{
	if (i >= end)
		return 0;
	const unsigned char *t = (const unsigned char *)p->text + i;
	if (t[0] == ' ' || t[0] == '\t')
		return 1;
	if (end - i >= 3 && t[0] == 0xe3 && t[1] == 0x80 && t[2] == 0x80)
		return 3;
	if (end - i >= 2 && t[0] == 0xc2 && t[1] == 0xa0)
		return 2;
	return 0;
}

/* A full-width ':' (U+FF1A) or ',' (U+FF0C) at i, as a Chinese input
 * method types them: the ASCII character it stands for, or 0. */
static char fullwidth_at(const struct parser *p, size_t i, size_t end)
{
	const unsigned char *t = (const unsigned char *)p->text + i;
	if (end - i < 3 || t[0] != 0xef || t[1] != 0xbc)
		return 0;
	return t[2] == 0x9a ? ':' : t[2] == 0x8c ? ',' : 0;
}

#define FULLWIDTH_LEN 3

/* The length of a separator between names at i: white space, ',', the
 * full-width '，' or the enumeration comma '、'; 0 when there is none. */
static size_t separator_at(const struct parser *p, size_t i, size_t end)
{
	size_t k = blank_at(p, i, end);
	if (k || i >= end)
		return k;
	const unsigned char *t = (const unsigned char *)p->text + i;
	if (t[0] == ',')
		return 1;
	if (fullwidth_at(p, i, end) == ',')
		return FULLWIDTH_LEN;
	if (end - i >= 3 && t[0] == 0xe3 && t[1] == 0x80 && t[2] == 0x81)
		return 3;
	return 0;
}

static size_t skip_blank(const struct parser *p, size_t i, size_t end)
{
	for (size_t k; (k = blank_at(p, i, end));)
		i += k;
	return i;
}

/* The end of [s, end) without the white space at its end. */
static size_t trim_end(const struct parser *p, size_t s, size_t end)
{
	for (;;) {
		if (end > s && (p->text[end - 1] == ' ' || p->text[end - 1] == '\t' ||
				p->text[end - 1] == '\r'))
			end--;
		else if (end >= s + 3 && blank_at(p, end - 3, end) == 3)
			end -= 3;
		else if (end >= s + 2 && blank_at(p, end - 2, end) == 2)
			end -= 2;
		else
			return end;
	}
}

static size_t skip_separators(const struct parser *p, size_t i, size_t end)
{
	for (size_t k; (k = separator_at(p, i, end));)
		i += k;
	return i;
}

static bool starts_with(const struct parser *p, size_t i, size_t end,
			const char *word)
{
	size_t n = strlen(word);
	return end - i >= n && memcmp(p->text + i, word, n) == 0;
}

/* Characters that look like ASCII punctuation but are not (a Chinese input
 * method slips them in): an error with the character to write instead. */
static bool lookalike(struct parser *p, size_t i)
{
	uint32_t cp;
	size_t k = ab_utf8_decode(p->text + i, p->len - i, &cp);
	if (k && cp >= 0xff01 && cp <= 0xff5e)
		return FAIL(p, i, _("fullwidth character '%.*s': write '%c' instead"),
			    (int)k, p->text + i, (char)(cp - 0xfee0));
	return true;
}

/* The end of the token at i: up to a separator, ':' (when colon) or end;
 * full-width ',' and ':' count as theirs. */
static size_t token_end(const struct parser *p, size_t i, size_t end, bool colon)
{
	while (i < end && !separator_at(p, i, end) && !(colon && p->text[i] == ':')) {
		if (colon && fullwidth_at(p, i, end) == ':')
			break;
		i++;
	}
	return i;
}

/* Checks [s, e) for lookalike characters. */
static bool token_clean(struct parser *p, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++)
		if ((unsigned char)p->text[i] >= 0x80 && !lookalike(p, i))
			return false;
	return true;
}

/* The whole text: no NUL byte, valid UTF-8.  A file that fails this is
 * not text, and no answer. */
static bool check_encoding(struct parser *p)
{
	const char *t = p->text;
	for (size_t i = 0; i < p->len;) {
		unsigned char c = (unsigned char)t[i];
		if (!c)
			return FAIL(p, i, _("NUL byte: an answer file is text"));
		if (c < 0x80) {
			i++;
			continue;
		}
		uint32_t cp;
		size_t k = ab_utf8_decode(t + i, p->len - i, &cp);
		if (!k)
			return FAIL(p, i, _("invalid UTF-8 (byte 0x%02X)"), c);
		i += k;
	}
	return true;
}

/* A line's control characters (a tab is white space). */
static bool check_controls(struct parser *p, size_t i, size_t end)
{
	for (; i < end; i++) {
		unsigned char c = (unsigned char)p->text[i];
		if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
			return FAIL(p, i, _("stray control character (U+%04X)"), c);
	}
	return true;
}

static bool count_item(struct parser *p, size_t pos)
{
	if (++p->listed > AB_MAX_ANSWER_ITEMS)
		return FAIL(p, pos, _("too many items: an answer holds at most %u lines and names"),
			    AB_MAX_ANSWER_ITEMS);
	return true;
}

static struct ab_item *add_item(struct ab_answer *a, enum ab_item_kind kind);

static struct ab_item *new_item(struct parser *p, enum ab_item_kind kind, size_t pos)
{
	struct ab_item *item = add_item(p->answer, kind);
	ab_lines_locate(&p->lines, pos, &item->line, &item->column);
	return item;
}

/* ---- Numbers ------------------------------------------------------------- */

/* A number filling [s, e): a decimal (at most AB_VALUE_DIGITS digits,
 * AB_VALUE_DECIMALS after the point) or a fraction N/D, in the tree's unit;
 * one that no value of the tree can equal is AB_VALUE_OFF_GRID, with the
 * number as written in *written. */
static bool parse_number(struct parser *p, size_t s, size_t e, ab_value *out,
			 struct ab_exact *written)
{
	struct ab_exact x;
	size_t end;
	enum ab_number_error error = ab_number_parse(p->text + s, e - s, true, &x,
						     &end, NULL);
	if (error == AB_NUMBER_OK && end != e - s)
		error = AB_NUMBER_NONE; /* something after the number */
	switch (error) {
	case AB_NUMBER_OK:
		break;
	case AB_NUMBER_NONE:
	case AB_NUMBER_BAD_POINT:
	case AB_NUMBER_BAD_FRACTION:
		if (!token_clean(p, s, e))
			return false;
		return FAIL(p, s, _("expected a number such as 3, -2.5 or 10/3, not '%.*s'"),
			    QUOTE(p, s, e));
	case AB_NUMBER_TOO_LARGE:
		return FAIL(p, s, _("number too large: values have at most %d digits"),
			    AB_VALUE_DIGITS);
	case AB_NUMBER_TOO_PRECISE:
		return FAIL(p, s, _("number too precise: at most %d digits after the point"),
			    AB_VALUE_DECIMALS);
	}
	*written = x;
	if (!ab_exact_to_value(x, p->tree->scale, out))
		*out = AB_VALUE_OFF_GRID;
	return true;
}

/* A window bound or a range's end: a number or an infinity (inf, ∞ or
 * infinity, with a sign: -, + or the minus sign −). */
static bool parse_bound_value(struct parser *p, size_t s, size_t e, ab_value *out,
			      struct ab_exact *written)
{
	const char *t = p->text;
	size_t i = s;
	bool neg = false;
	if (i < e && (t[i] == '-' || t[i] == '+'))
		neg = t[i++] == '-';
	else if (starts_with(p, i, e, "−")) {
		neg = true;
		i += strlen("−");
	}
	size_t n = e - i;
	if ((n == 3 && strncasecmp(t + i, "inf", 3) == 0) ||
	    (n == 8 && strncasecmp(t + i, "infinity", 8) == 0) ||
	    (n == strlen("∞") && strncmp(t + i, "∞", n) == 0)) {
		*out = neg ? AB_NEG_INF : AB_POS_INF;
		return true;
	}
	return parse_number(p, s, e, out, written);
}

/* ---- Names --------------------------------------------------------------- */

/* "Did you mean" looks at every name of trees up to this size. */
#define NEAR_MAX_NODES 4096u

/* Appends "; did you mean G?" (or "G or H") for the names nearest to name
 * by edit distance, among the root's moves when moves; false when none
 * is near enough to be a slip. */
static bool did_you_mean(const struct ab_tree *tree, const char *name, bool moves,
			 struct ab_str *out)
{
	if (tree->count > NEAR_MAX_NODES)
		return false;
	size_t len = ab_utf8_text_width(name);
	size_t limit = len <= 4 ? 1 : len <= 8 ? 2 : 3;
	uint32_t best[3], nbest = 0;
	size_t best_d = limit + 1;
	bool best_prefix = false;
	struct ab_str shown = AB_STR_INIT;
	uint32_t count = moves ? tree->nodes[0].nkids : tree->count;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t n = moves ? ab_kid(tree, 0, i) : i;
		ab_str_clear(&shown);
		ab_tree_name(tree, n, &shown);
		size_t d = ab_utf8_distance(name, ab_str_cstr(&shown), best_d);
		const char *label = ab_tree_label(tree, n);
		if (label) {
			size_t dl = ab_utf8_distance(name, label, best_d);
			if (dl < d)
				d = dl;
		}
		/* Every character replaced ("X" for "B") is no slip. */
		const char *cand = ab_str_cstr(&shown);
		size_t longer = ab_utf8_text_width(cand);
		if (longer < len)
			longer = len;
		if (d > limit || d > best_d || d >= longer)
			continue;
		/* Among names as near, one the name starts with, or that
		 * starts with it ("GG" for G, a letter typed twice), first. */
		size_t shorter = strlen(cand) < strlen(name) ? strlen(cand) : strlen(name);
		bool prefix = strncasecmp(cand, name, shorter) == 0;
		if (d < best_d || (prefix && !best_prefix)) {
			best_d = d;
			best_prefix = prefix;
			nbest = 0;
		} else if (best_prefix && !prefix) {
			continue;
		}
		if (nbest < 3)
			best[nbest++] = n;
	}
	ab_str_free(&shown);
	if (!nbest || best_d == 0)
		return false;
	struct ab_str names = AB_STR_INIT;
	for (uint32_t i = 0; i < nbest; i++) {
		if (i)
			ab_str_add(&names, i + 1 == nbest ? _(" or ") : _(", "));
		ab_tree_name(tree, best[i], &names);
	}
	ab_str_addf(out, _("; did you mean %s?"), ab_str_cstr(&names));
	ab_str_free(&names);
	return true;
}

/* Appends "; the root's moves are B, C and D". */
static void moves_hint(const struct ab_tree *tree, struct ab_str *out)
{
	uint32_t kids[8], count = tree->nodes[0].nkids;
	for (uint32_t i = 0; i < count && i < 8; i++)
		kids[i] = ab_kid(tree, 0, i);
	ab_str_add(out, _("; the root's moves are "));
	ab_narrate_names(tree, kids, count, count > 8 ? 6 : 8, out);
}

/* Appends a hint about an unknown name: the names nearest to it ("did you
 * mean G?"), the children of the node its prefix names (C4 -> C's
 * children), else the first few names.  moves: it was to be a move, so
 * the root's moves are listed too. */
static void name_hint(const struct ab_tree *tree, const char *name, bool moves,
		      struct ab_str *out)
{
	if (moves) {
		did_you_mean(tree, name, true, out);
		moves_hint(tree, out);
		return;
	}
	size_t n = strlen(name);
	while (n > 0 && ((name[n - 1] >= '0' && name[n - 1] <= '9') || name[n - 1] == '.'))
		n--;
	if (n > 0 && n < strlen(name) && n <= AB_MAX_LABEL) {
		char prefix[AB_MAX_LABEL + 1];
		memcpy(prefix, name, n);
		prefix[n] = '\0';
		uint32_t anc = ab_tree_find(tree, prefix);
		if (anc != AB_NONE && tree->nodes[anc].nkids) {
			ab_str_addf(out, _("; %s's children are "), prefix);
			uint32_t kids[8], count = tree->nodes[anc].nkids;
			for (uint32_t i = 0; i < count && i < 8; i++)
				kids[i] = ab_kid(tree, anc, i);
			ab_narrate_names(tree, kids, count, count > 8 ? 6 : 8, out);
			return;
		}
	}
	if (did_you_mean(tree, name, false, out))
		return;
	ab_str_add(out, _("; names here include "));
	uint32_t first[8], count = tree->count < 7 ? tree->count : 7;
	for (uint32_t i = 0; i < count; i++)
		first[i] = i;
	ab_narrate_names(tree, first, count, 7, out);
	if (tree->count > count)
		ab_str_add(out, _(", ..."));
}

static void fold_case(char *s)
{
	for (; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			*s = (char)(*s - 'A' + 'a');
}

static int compare_folds(const void *a, const void *b)
{
	const struct fold *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : x->node < y->node ? -1 : x->node > y->node;
}

/* Trees larger than this are matched by exact names only: folding every
 * name would cost more than a mistyped letter is worth. */
#define FOLD_MAX_NODES (1u << 20)

/* Every node's name as shown (and its label, and "root"), folded to lower
 * case and sorted, built the first time a name does not match exactly. */
static void build_folds(struct parser *p)
{
	const struct ab_tree *t = p->tree;
	p->folded = true;
	if (t->count > FOLD_MAX_NODES)
		return;
	size_t cap = (size_t)t->count * 2 + 1;
	p->folds = ab_xreallocarray(NULL, cap, sizeof *p->folds);
	struct ab_str name = AB_STR_INIT;
	for (uint32_t n = 0; n < t->count; n++) {
		for (int which = 0; which < 2; which++) {
			ab_str_clear(&name);
			const char *label = ab_tree_label(t, n);
			if (which == 0)
				ab_tree_name(t, n, &name);
			else if (label)
				ab_str_add(&name, label);
			else
				continue;
			if (strcspn(ab_str_cstr(&name), "abcdefghijklmnopqrstuvwxyz"
					       "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == name.len)
				continue; /* a path: nothing to fold */
			char *folded = ab_xstrdup(ab_str_cstr(&name));
			fold_case(folded);
			p->folds[p->nfolds++] = (struct fold){ folded, n };
		}
	}
	p->folds[p->nfolds++] = (struct fold){ ab_xstrdup("root"), 0 };
	ab_str_free(&name);
	qsort(p->folds, p->nfolds, sizeof *p->folds, compare_folds);
}

static void free_folds(struct parser *p)
{
	for (size_t i = 0; i < p->nfolds; i++)
		free(p->folds[i].name);
	free(p->folds);
}

/* The node name means ignoring case; AB_NONE when none does, and with
 * *others set when several do. */
static uint32_t find_folded(struct parser *p, const char *name, uint32_t *others,
			    size_t max_others, size_t *nothers)
{
	*nothers = 0;
	if (!p->folded)
		build_folds(p);
	char *folded = ab_xstrdup(name);
	fold_case(folded);
	size_t lo = 0, hi = p->nfolds;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(p->folds[mid].name, folded) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	uint32_t found = AB_NONE;
	for (size_t i = lo; i < p->nfolds && strcmp(p->folds[i].name, folded) == 0; i++) {
		/* Sorted by node within a name: one node's entries are adjacent. */
		if (i > lo && p->folds[i].node == p->folds[i - 1].node)
			continue;
		if (found == AB_NONE)
			found = p->folds[i].node;
		if (*nothers < max_others)
			others[(*nothers)++] = p->folds[i].node;
	}
	free(folded);
	if (*nothers > 1)
		return AB_NONE;
	*nothers = 0;
	return found;
}

static char *dup_n(const char *s, size_t n)
{
	char *d = ab_xcalloc(n + 1, 1);
	memcpy(d, s, n);
	return d;
}

static void unknown_clear(struct ab_unknown *u)
{
	free(u->name);
	free(u->hint);
	u->name = u->hint = NULL;
}

/* Resolves the name [s, e): exactly, then ignoring case when only one node
 * matches so.  An unknown name fails at s in a key; in an answer it yields
 * AB_NONE and leaves the name in p->pending for the item. */
static bool parse_name(struct parser *p, size_t s, size_t e, uint32_t *node)
{
	if (!token_clean(p, s, e))
		return false;
	/* Any length: a deep node's path, as trace prints it, can be long. */
	size_t n = e - s;
	char *buf = ab_xmalloc(n + 1);
	memcpy(buf, p->text + s, n);
	buf[n] = '\0';
	*node = ab_tree_find(p->tree, buf);
	if (*node != AB_NONE) {
		free(buf);
		return true;
	}
	struct ab_str hint = AB_STR_INIT;
	uint32_t others[4];
	size_t nothers;
	*node = find_folded(p, buf, others, 4, &nothers);
	if (*node != AB_NONE) {
		free(buf);
		return true;
	}
	if (nothers) {
		ab_str_add(&hint, _("; ignoring case, several nodes match: "));
		ab_narrate_names(p->tree, others, (uint32_t)nothers, 4, &hint);
	} else {
		name_hint(p->tree, buf, p->want_move, &hint);
	}
	free(buf);
	if (!p->key) {
		unknown_clear(&p->pending);
		p->pending.name = dup_n(p->text + s, n);
		p->pending.hint = ab_xstrdup(ab_str_cstr(&hint));
		ab_str_free(&hint);
		*node = AB_NONE;
		return true;
	}
	(void)FAIL(p, s, _("no node called '%.*s' in this tree%s"), QUOTE(p, s, e),
	     ab_str_cstr(&hint));
	ab_str_free(&hint);
	return false;
}

/* Moves the pending unknown name onto item. */
static void take_unknown(struct parser *p, struct ab_item *item)
{
	item->unknown = ab_xreallocarray(item->unknown, item->nunknown + 1,
					 sizeof *item->unknown);
	item->unknown[item->nunknown++] = p->pending;
	p->pending.name = p->pending.hint = NULL;
}

/* ---- Key words ------------------------------------------------------------ */

/* seen_add for the line being read: what it adds is undone with it. */
static bool said(struct parser *p, uint64_t key, size_t pos, size_t *first)
{
	if (!seen_add(&p->seen, key, pos, first))
		return false;
	struct undo *u = &p->undo;
	if (u->nsaid == u->capsaid) {
		u->capsaid = u->capsaid ? u->capsaid * 2 : 8;
		u->said = ab_xreallocarray(u->said, u->capsaid, sizeof *u->said);
	}
	u->said[u->nsaid++] = key;
	return true;
}

/* Records that something was stated at pos; a second statement is an error
 * naming where the first was. */
static bool once(struct parser *p, uint64_t key, size_t pos, const char *what)
{
	size_t first;
	if (said(p, key, pos, &first))
		return true;
	return FAIL(p, pos, _("%s is given twice (first on line %u)"), what,
		    line_of(p, first));
}

/* In a key, [i, end) must be '?' alone: what the search decides. */
static bool parse_ask(struct parser *p, struct ab_item *item, size_t i, size_t end)
{
	i = skip_separators(p, i, end);
	if (i == end || p->text[i] != '?' || skip_separators(p, i + 1, end) != end)
		return FAIL(p, i, _("in a key, write '?' where the search decides the answer"));
	item->ask = true;
	return true;
}

static bool parse_value(struct parser *p, size_t key, size_t i, size_t end)
{
	if (p->key)
		return parse_ask(p, new_item(p, AB_ITEM_VALUE, key), i, end);
	i = skip_blank(p, i, end);
	if (i < end && p->text[i] == '=')
		i = skip_blank(p, i + 1, end);
	size_t e = token_end(p, i, end, false);
	if (i == end)
		return FAIL(p, i, _("expected the root's value after 'value:', e.g. value: 3"));
	struct ab_item *item = new_item(p, AB_ITEM_VALUE, key);
	if (!parse_number(p, i, e, &item->value, &item->written[0]))
		return false;
	if (skip_separators(p, e, end) != end)
		return FAIL(p, skip_separators(p, e, end),
			    _("one value only: unexpected '%.*s'"),
			    QUOTE(p, skip_separators(p, e, end), token_end(p, skip_separators(p, e, end), end, false)));
	return true;
}

static bool parse_best(struct parser *p, size_t key, size_t i, size_t end)
{
	if (p->key)
		return parse_ask(p, new_item(p, AB_ITEM_BEST, key), i, end);
	i = skip_separators(p, i, end);
	if (i == end)
		return FAIL(p, i, _("expected a move after 'best:', e.g. best: B"));
	size_t e = token_end(p, i, end, false);
	struct ab_item *item = new_item(p, AB_ITEM_BEST, key);
	/* A name that is not a move (or no name at all) is the item's
	 * mistake: the grader says which the moves are. */
	p->want_move = true;
	bool named = parse_name(p, i, e, &item->node);
	p->want_move = false;
	if (!named)
		return false;
	if (item->node == AB_NONE)
		take_unknown(p, item);
	size_t more = skip_separators(p, e, end);
	if (more != end)
		return FAIL(p, more, _("one move only: unexpected '%.*s'"),
			    QUOTE(p, more, token_end(p, more, end, false)));
	return true;
}

static int compare_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static bool parse_list(struct parser *p, enum keyword kw, size_t key, size_t i,
		       size_t end)
{
	if (p->have_list)
		return FAIL(p, key, _("give either pruned: or visited:, not both (the other is on line %u)"),
			    line_of(p, p->list_line));
	p->have_list = true;
	p->list_line = key;
	bool pruned = kw == K_PRUNED;
	struct ab_item *item = new_item(p, pruned ? AB_ITEM_PRUNED : AB_ITEM_VISITED, key);
	if (p->key)
		return parse_ask(p, item, i, end);
	size_t cap = 0;
	size_t *where = NULL;
	/* "pruned: none" (无, 没有) is what students write for an empty list
	 * (unless a node of the tree is called so). */
	i = skip_separators(p, i, end);
	static const char *const nothing[] = { "none", "无", "没有" };
	for (size_t w = 0; w < sizeof nothing / sizeof nothing[0]; w++) {
		size_t n = strlen(nothing[w]);
		if (i < end && token_end(p, i, end, false) - i == n &&
		    strncasecmp(p->text + i, nothing[w], n) == 0 &&
		    ab_tree_find(p->tree, nothing[w]) == AB_NONE &&
		    skip_separators(p, i + n, end) >= end)
			i = end;
	}
	for (; i < end; i = skip_separators(p, i, end)) {
		size_t e = token_end(p, i, end, false);
		uint32_t node;
		if (!count_item(p, i) || !parse_name(p, i, e, &node))
			goto fail;
		if (node == AB_NONE) {
			take_unknown(p, item);
			i = e;
			continue;
		}
		if (node == 0) {
			(void)FAIL(p, i, pruned ? _("the root is always searched; it cannot be pruned")
					  : _("visited: lists leaves, and the root is not a leaf"));
			goto fail;
		}
		if (!pruned && !ab_is_leaf(p->tree, node)) {
			(void)FAIL(p, i, _("visited: lists leaves; '%.*s' is an inner node"), QUOTE(p, i, e));
			goto fail;
		}
		size_t first;
		if (!said(p, seen_key(SEEN_LISTED, node), i, &first)) {
			/* Read leniently, a name said twice says nothing more. */
			if (!p->strict) {
				i = e;
				continue;
			}
			unsigned line, column;
			ab_lines_locate(&p->lines, first, &line, &column);
			(void)FAIL(p, i, _("'%.*s' is listed twice (first at line %u, column %u)"),
			     QUOTE(p, i, e), line, column);
			goto fail;
		}
		if (item->count == cap) {
			cap = cap ? cap * 2 : 8;
			item->nodes = ab_xreallocarray(item->nodes, cap, sizeof *item->nodes);
			where = ab_xreallocarray(where, cap, sizeof *where);
		}
		where[item->count] = i;
		item->nodes[item->count++] = node;
		i = e;
	}
	if (pruned && item->count > 1) {
		/* A subtree and a node inside it: the same cut said twice. */
		uint32_t *sorted = ab_xreallocarray(NULL, item->count, sizeof *sorted);
		memcpy(sorted, item->nodes, item->count * sizeof *sorted);
		qsort(sorted, item->count, sizeof *sorted, compare_u32);
		uint32_t kept = item->count;
		for (uint32_t k = 0, cover = AB_NONE; k < item->count; k++) {
			uint32_t n = sorted[k];
			if (cover != AB_NONE && n < ab_end(p->tree, cover) && !p->strict) {
				/* Read leniently: the subtree says it already. */
				for (uint32_t j = 0; j < kept; j++)
					if (item->nodes[j] == n) {
						memmove(item->nodes + j, item->nodes + j + 1,
							(kept - j - 1) * sizeof *item->nodes);
						memmove(where + j, where + j + 1, (kept - j - 1) * sizeof *where);
						kept--;
						break;
					}
				continue;
			}
			if (cover != AB_NONE && n < ab_end(p->tree, cover)) {
				/* Report at whichever of the two comes later. */
				size_t pn = 0, pc = 0;
				for (uint32_t j = 0; j < item->count; j++) {
					if (item->nodes[j] == n)
						pn = where[j];
					if (item->nodes[j] == cover)
						pc = where[j];
				}
				struct ab_str inner = AB_STR_INIT, outer = AB_STR_INIT;
				ab_tree_name(p->tree, n, &inner);
				ab_tree_name(p->tree, cover, &outer);
				(void)FAIL(p, pn > pc ? pn : pc,
				     _("%s is inside %s, which is listed too: a pruned subtree is pruned whole, list it once"),
				     ab_str_cstr(&inner), ab_str_cstr(&outer));
				ab_str_free(&inner);
				ab_str_free(&outer);
				free(sorted);
				goto fail;
			}
			if (cover == AB_NONE || n >= ab_end(p->tree, cover))
				cover = n;
		}
		item->count = kept;
		free(sorted);
	}
	free(where);
	return true;
fail:
	free(where);
	return false;
}

/* The word [i, e) of a declaration in buf (size bytes), a Chinese word
 * (value_words[]) as the English word it stands for; false when it does
 * not fit. */
static bool declared_word(const struct parser *p, enum keyword kw, size_t i, size_t e,
			  char *buf, size_t size)
{
	size_t n = e - i;
	for (size_t w = 0; w < sizeof value_words / sizeof value_words[0]; w++)
		if (value_words[w].kw == kw && strlen(value_words[w].word) == n &&
		    memcmp(value_words[w].word, p->text + i, n) == 0) {
			snprintf(buf, size, "%s", value_words[w].means);
			return true;
		}
	if (n >= size)
		return false;
	memcpy(buf, p->text + i, n);
	buf[n] = '\0';
	for (char *c = buf; kw == K_ROOT && *c; c++) /* MAX, MIN */
		if (*c >= 'A' && *c <= 'Z')
			*c = (char)(*c - 'A' + 'a');
	return true;
}

/* hits: the inner nodes whose probe of the transposition table finds
 * their position (--tt): "hits: A3 D1", "hits: none". */
static bool parse_hits(struct parser *p, size_t key, size_t i, size_t end)
{
	struct ab_item *item = new_item(p, AB_ITEM_HITS, key);
	if (p->key)
		return parse_ask(p, item, i, end);
	size_t cap = 0;
	i = skip_separators(p, i, end);
	if (i < end && token_end(p, i, end, false) - i == 4 &&
	    strncmp(p->text + i, "none", 4) == 0 &&
	    ab_tree_find(p->tree, "none") == AB_NONE &&
	    skip_separators(p, i + 4, end) >= end)
		i = end;
	for (; i < end; i = skip_separators(p, i, end)) {
		size_t e = token_end(p, i, end, false);
		uint32_t node;
		if (!count_item(p, i) || !parse_name(p, i, e, &node))
			return false;
		if (node == AB_NONE) {
			take_unknown(p, item);
			i = e;
			continue;
		}
		if (ab_is_leaf(p->tree, node))
			return FAIL(p, i, _("hits: lists inner nodes, which probe the table; '%.*s' is a leaf"),
				    QUOTE(p, i, e));
		size_t first;
		if (!seen_add(&p->seen, seen_key(SEEN_HIT, node), i, &first)) {
			unsigned line, column;
			ab_lines_locate(&p->lines, first, &line, &column);
			return FAIL(p, i, _("'%.*s' is listed twice (first at line %u, column %u)"),
				    QUOTE(p, i, e), line, column);
		}
		if (item->count == cap) {
			cap = cap ? cap * 2 : 8;
			item->nodes = ab_xreallocarray(item->nodes, cap, sizeof *item->nodes);
		}
		item->nodes[item->count++] = node;
		i = e;
	}
	return true;
}

/* rules: states the cut test and the fail convention, in the words of
 * core/config.c's table ("strict", "fail-hard", "fail-hard=clamp"). */
static bool parse_rules(struct parser *p, size_t i, size_t end)
{
	struct ab_answer *a = p->answer;
	i = skip_separators(p, i, end);
	if (i == end)
		return FAIL(p, i, _("expected strict, non-strict, fail-hard or fail-soft after 'rules:'"));
	for (; i < end; i = skip_separators(p, i, end)) {
		size_t e = token_end(p, i, end, false);
		char word[32];
		struct ab_config c = AB_CONFIG_DEFAULT;
		unsigned part = 0;
		const struct ab_config_word *entry = NULL;
		if (declared_word(p, K_RULES, i, e, word, sizeof word))
			entry = ab_config_find_word(word);
		if (!entry || !(entry->part & (AB_PART_STRICT | AB_PART_FAIL)) ||
		    ab_config_apply(word, &c, &part) != NULL) {
			if (!token_clean(p, i, e))
				return false;
			return FAIL(p, i, _("unknown rule '%.*s': expected strict, non-strict, fail-hard, fail-hard=clamp or fail-soft"),
				    QUOTE(p, i, e));
		}
		size_t first;
		if (!said(p, seen_key(SEEN_RULE, part), i, &first)) {
			if (!(ab_config_differ(&a->config, &c) & part))
				return FAIL(p, i, _("rule '%s' is given twice (first on line %u)"),
					    word, line_of(p, first));
			return FAIL(p, i, _("rule '%s' contradicts the rule given on line %u"),
				    word, line_of(p, first));
		}
		ab_config_merge(&a->config, &c, part);
		a->parts |= part;
		i = e;
	}
	return true;
}

static int window_word(const struct parser *p, size_t i, size_t end, size_t *len);
static size_t returns_word(const struct parser *p, size_t i, size_t end);

/* order:, root:, depth: ... take one word. */
static bool one_word(struct parser *p, const char *key, size_t *i, size_t end,
		     size_t *e)
{
	*i = skip_blank(p, *i, end);
	if (*i == end)
		return FAIL(p, *i, _("expected a value after '%s:'"), key);
	*e = token_end(p, *i, end, false);
	size_t more = skip_separators(p, *e, end);
	if (more != end)
		return FAIL(p, more, _("'%s:' takes one word: unexpected '%.*s'"), key,
			    QUOTE(p, more, token_end(p, more, end, false)));
	return token_clean(p, *i, *e);
}

/* A declaration of one word that sets a part of the answer's config
 * through core/config.c's word of the same name (order:, root:, depth:,
 * chance-prune:). */
static bool parse_setting(struct parser *p, enum keyword kw, size_t i, size_t end)
{
	size_t e;
	const char *word = keyword_names[kw];
	if (!one_word(p, word, &i, end, &e))
		return false;
	char buf[64];
	bool fits = declared_word(p, kw, i, e, buf, sizeof buf);
	if (fits && kw == K_ORDER && strcmp(buf, "random") == 0)
		return FAIL(p, i, _("order: random needs its seed (random:SEED), or the answer cannot be checked"));
	if (fits && ab_config_set(word, buf, &p->answer->config, &p->answer->parts) == NULL)
		return true;
	switch (kw) {
	case K_ORDER:
		return FAIL(p, i, _("order: takes given, reverse, best, worst or random:SEED, not '%.*s'"),
			    QUOTE(p, i, e));
	case K_ROOT:
		return FAIL(p, i, _("root: takes max or min, not '%.*s'"), QUOTE(p, i, e));
	case K_DEPTH:
		return FAIL(p, i, _("depth: takes a number of levels below the root (1 or more) or none, not '%.*s'"),
			    QUOTE(p, i, e));
	default:
		return FAIL(p, i, _("chance-prune: takes none, node or star1, not '%.*s'"),
			    QUOTE(p, i, e));
	}
}

/* Whether [i, end) is root:'s declaration (a word: max, min, or a word
 * it does not take), not a line about the root as a node ("root: 3",
 * "root: <= 5", "root: alpha=3", "root: ?" in a key). */
static bool root_declared(const struct parser *p, size_t i, size_t end)
{
	i = skip_blank(p, i, end);
	size_t wlen;
	if (i == end || window_word(p, i, end, &wlen) >= 0 || returns_word(p, i, end))
		return i == end;
	char c = p->text[i];
	if ((c >= '0' && c <= '9') || strchr("+-<>=[?.", c) || starts_with(p, i, end, "−") ||
	    starts_with(p, i, end, "≤") || starts_with(p, i, end, "≥") ||
	    starts_with(p, i, end, "∞") || starts_with(p, i, end, "在"))
		return false;
	return !(end - i >= 3 && strncasecmp(p->text + i, "in", 2) == 0 &&
		 (blank_at(p, i + 2, end) || p->text[i + 2] == '['));
}

static bool parse_values(struct parser *p, size_t i, size_t end)
{
	size_t e;
	if (!one_word(p, "values", &i, end, &e))
		return false;
	struct ab_answer *a = p->answer;
	char word[16];
	if (!declared_word(p, K_VALUES, i, e, word, sizeof word))
		word[0] = '\0';
	if (strcmp(word, "returned") == 0)
		a->values_returned = true;
	else if (strcmp(word, "proved") == 0)
		a->values_returned = false;
	else
		return FAIL(p, i, _("values: takes returned or proved, not '%.*s'"), QUOTE(p, i, e));
	a->has_values = true;
	return true;
}

/* name: and id: - who wrote the answer, kept as written (the first of
 * each, at most 200 bytes). */
static bool parse_identity(struct parser *p, enum keyword kw, size_t i, size_t end)
{
	i = skip_blank(p, i, end);
	char **field = kw == K_NAME ? &p->answer->name : &p->answer->id;
	if (i == end || *field)
		return true;
	size_t n = ab_utf8_prefix(p->text + i, end - i, 200);
	*field = dup_n(p->text + i, n);
	return true;
}

/* iteration: K, the iteration of --iterative the answer is about. */
static bool parse_iteration(struct parser *p, size_t i, size_t end)
{
	size_t e;
	if (!one_word(p, "iteration", &i, end, &e))
		return false;
	uint32_t k = 0;
	bool ok = e > i && e - i <= 5 && p->text[i] != '0';
	for (size_t j = i; ok && j < e; j++) {
		ok = p->text[j] >= '0' && p->text[j] <= '9';
		k = k * 10 + (uint32_t)(p->text[j] - '0');
	}
	if (!ok || k < 1 || k > AB_MAX_DEPTH)
		return FAIL(p, i, _("iteration: takes an iteration's depth, 1 or more, not '%.*s'"),
			    QUOTE(p, i, e));
	p->answer->has_iteration = true;
	p->answer->iteration = k;
	return true;
}

/* ---- Node lines ----------------------------------------------------------- */

/* Which window bound the word at i names (alpha, α, beta, β), with its
 * length; -1 when none. */
static int window_word(const struct parser *p, size_t i, size_t end, size_t *len)
{
	static const struct { const char *word; int which; } words[] = {
		{ "alpha", 0 }, { "α", 0 }, { "beta", 1 }, { "β", 1 },
	};
	for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
		size_t n = strlen(words[w].word);
		if (end - i >= n && strncasecmp(p->text + i, words[w].word, n) == 0) {
			*len = n;
			return words[w].which;
		}
	}
	return -1;
}

/* Appends the node's name as the answer wrote it: the tree's name for it,
 * or the unknown name pending. */
static void written_name(const struct parser *p, uint32_t node, struct ab_str *out)
{
	if (node == AB_NONE)
		ab_str_add(out, p->pending.name ? p->pending.name : "?");
	else
		ab_tree_name(p->tree, node, out);
}

/* A node's window item, once a line states it: a leaf has none, and a
 * node one only.  NULL (the error set) when it cannot be. */
static struct ab_item *window_item(struct parser *p, uint32_t node, size_t key)
{
	if (node != AB_NONE && ab_is_leaf(p->tree, node)) {
		(void)FAIL(p, key, _("a leaf has no window: alpha= and beta= belong to inner nodes"));
		return NULL;
	}
	if (node != AB_NONE) {
		struct ab_str name = AB_STR_INIT;
		ab_tree_name(p->tree, node, &name);
		ab_str_add(&name, _("'s window"));
		bool fresh = once(p, seen_key(SEEN_WINDOW, node), key, ab_str_cstr(&name));
		ab_str_free(&name);
		if (!fresh)
			return NULL;
	}
	struct ab_item *item = new_item(p, AB_ITEM_WINDOW, key);
	item->node = node;
	item->ask = p->key;
	return item;
}

static bool parse_window(struct parser *p, uint32_t node, size_t key, size_t i,
			 size_t end)
{
	struct ab_item *item = NULL;
	for (i = skip_separators(p, i, end); i < end; i = skip_separators(p, i, end)) {
		size_t wlen;
		int which = window_word(p, i, end, &wlen);
		if (which < 0) {
			size_t e = token_end(p, i, end, false);
			if (!token_clean(p, i, e))
				return false;
			return FAIL(p, i, _("expected alpha=... or beta=..., not '%.*s'"),
				    QUOTE(p, i, e));
		}
		if (!item && !(item = window_item(p, node, key)))
			return false;
		size_t at = i;
		i = skip_blank(p, i + wlen, end);
		if (i == end || p->text[i] != '=')
			return FAIL(p, i, _("expected '=' after %s"), which ? "beta" : "alpha");
		i = skip_blank(p, i + 1, end);
		size_t e = token_end(p, i, end, false);
		if (i == e)
			return FAIL(p, i, _("expected a number after '='"));
		bool *has = which ? &item->has_beta : &item->has_alpha;
		if (*has)
			return FAIL(p, at, _("%s is given twice on this line"), which ? "beta" : "alpha");
		*has = true;
		if (p->key) {
			if (e - i != 1 || p->text[i] != '?')
				return FAIL(p, i, _("in a key, write '?' where the search decides the answer"));
		} else if (!parse_bound_value(p, i, e, which ? &item->beta : &item->alpha,
					      &item->written[2 + which])) {
			return false;
		}
		i = e;
	}
	return true;
}

/* Whether the word at i is w standing alone. */
static bool word_at(const struct parser *p, size_t i, size_t end, const char *w)
{
	size_t n = strlen(w);
	return starts_with(p, i, end, w) && (i + n == end || separator_at(p, i + n, end));
}

/* NODE: entry FLAG [V] (or ? in a key): the entry NODE stores in the
 * transposition table, exact, lower or upper, and its value. */
static bool parse_entry(struct parser *p, uint32_t node, size_t key, size_t i,
			size_t end)
{
	struct ab_str name = AB_STR_INIT;
	written_name(p, node, &name);
	ab_str_add(&name, _("'s entry"));
	bool fresh = node == AB_NONE || once(p, seen_key(SEEN_ENTRY, node), key, ab_str_cstr(&name));
	ab_str_free(&name);
	if (!fresh)
		return false;
	struct ab_item *item = new_item(p, AB_ITEM_ENTRY, key);
	item->node = node;
	if (p->key)
		return parse_ask(p, item, i, end);
	i = skip_blank(p, i, end);
	size_t e = token_end(p, i, end, false);
	static const char *const flags[] = { "exact", "lower", "upper" };
	item->flag = -1;
	for (int f = 0; f < 3; f++)
		if (e - i == strlen(flags[f]) && strncmp(p->text + i, flags[f], e - i) == 0)
			item->flag = f;
	if (item->flag < 0)
		return FAIL(p, i, _("expected exact, lower or upper after 'entry', e.g. entry lower 5"));
	i = skip_blank(p, e, end);
	if (i < end) {
		e = token_end(p, i, end, false);
		if (!parse_number(p, i, e, &item->value, &item->written[0]))
			return false;
		item->has_value = true;
		size_t more = skip_separators(p, e, end);
		if (more != end)
			return FAIL(p, more, _("one number only: unexpected '%.*s'"),
				    QUOTE(p, more, token_end(p, more, end, false)));
	}
	return true;
}

/* The length of the word "returns" (返回, 返回值) standing alone at i, or 0. */
static size_t returns_word(const struct parser *p, size_t i, size_t end)
{
	static const char *const words[] = { "returns", "返回值", "返回" };
	for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
		size_t n = strlen(words[w]);
		if (end - i >= n && strncasecmp(p->text + i, words[w], n) == 0 &&
		    (i + n == end || separator_at(p, i + n, end) || (unsigned char)words[w][0] >= 0x80))
			return n;
	}
	return 0;
}

/* NODE: returns V (or ? in a key). */
static bool parse_returns(struct parser *p, uint32_t node, size_t key, size_t i,
			  size_t end)
{
	struct ab_str name = AB_STR_INIT;
	written_name(p, node, &name);
	ab_str_add(&name, _("'s value"));
	bool fresh = node == AB_NONE || once(p, seen_key(SEEN_BOUND, node), key, ab_str_cstr(&name));
	ab_str_free(&name);
	if (!fresh)
		return false;
	struct ab_item *item = new_item(p, AB_ITEM_RETURNS, key);
	item->node = node;
	if (p->key)
		return parse_ask(p, item, i, end);
	i = skip_blank(p, i, end);
	size_t e = token_end(p, i, end, false);
	if (i == e)
		return FAIL(p, i, _("expected the number the node returns after 'returns', e.g. returns 2"));
	if (!parse_bound_value(p, i, e, &item->value, &item->written[0]))
		return false;
	size_t more = skip_separators(p, e, end);
	if (more != end)
		return FAIL(p, more, _("one number only: unexpected '%.*s'"),
			    QUOTE(p, more, token_end(p, more, end, false)));
	return true;
}

/* Whether lo < hi for a range's two ends as read (either may be an
 * infinity, or a number no value of the tree equals). */
static bool range_ordered(const struct ab_item *item)
{
	ab_value lo = item->value, hi = item->value2;
	if (lo == AB_POS_INF || hi == AB_NEG_INF)
		return false;
	if (lo == AB_NEG_INF || hi == AB_POS_INF)
		return true;
	struct ab_exact a = item->written[0], b = item->written[1];
	return (ab_wide)a.num * b.den < (ab_wide)b.num * a.den;
}

/* A range LO..HI, or [LO, HI] as the report writes one, with its ends
 * included: an end at an infinity is a bound ("-inf..7" is "<= 7"). */
static bool read_range(struct parser *p, struct ab_item *item, size_t lo_s, size_t lo_e,
		       size_t hi_s, size_t hi_e, size_t at)
{
	item->bound = AB_BOUND_IN;
	item->plain = false;
	if (!parse_bound_value(p, lo_s, lo_e, &item->value, &item->written[0]) ||
	    !parse_bound_value(p, hi_s, hi_e, &item->value2, &item->written[1]))
		return false;
	if (!range_ordered(item))
		return FAIL(p, at, _("a range LO..HI needs LO < HI"));
	if (item->value == AB_NEG_INF && item->value2 != AB_POS_INF) {
		item->bound = AB_BOUND_LE;
		item->value = item->value2;
		item->written[0] = item->written[1];
	} else if (item->value2 == AB_POS_INF && item->value != AB_NEG_INF) {
		item->bound = AB_BOUND_GE;
	}
	return true;
}

/* "[LO, HI]" at i (after "in" or 在), and what may follow it (之内, 之间):
 * the range read into item, *after where the line goes on. */
static bool read_bracket(struct parser *p, struct ab_item *item, size_t i, size_t end,
			 size_t *after)
{
	const char *t = p->text;
	size_t open = i;
	size_t close = i + 1;
	while (close < end && t[close] != ']')
		close++;
	if (close == end)
		return FAIL(p, open, _("expected a range [LO, HI] with its ']'"));
	size_t lo = skip_blank(p, open + 1, close);
	size_t lo_e = token_end(p, lo, close, false);
	size_t hi = skip_separators(p, lo_e, close);
	size_t hi_e = token_end(p, hi, close, false);
	if (lo == lo_e || hi == hi_e || skip_blank(p, hi_e, close) != close)
		return FAIL(p, open, _("expected a range [LO, HI] with its ']'"));
	if (!read_range(p, item, lo, lo_e, hi, hi_e, open))
		return false;
	i = skip_blank(p, close + 1, end);
	static const char *const tails[] = { "之内", "之间", "以内", "内", "中" };
	for (size_t w = 0; w < sizeof tails / sizeof tails[0]; w++)
		if (starts_with(p, i, end, tails[w])) {
			i += strlen(tails[w]);
			break;
		}
	*after = i;
	return true;
}

static bool parse_node_line(struct parser *p, uint32_t node, size_t key,
			    size_t i, size_t end)
{
	const char *t = p->text;
	i = skip_blank(p, i, end);
	struct ab_str name = AB_STR_INIT;
	written_name(p, node, &name);
	if (i == end) {
		(void)FAIL(p, i, _("expected a value or bound after '%s:', e.g. %s: <= 2"),
		     ab_str_cstr(&name), ab_str_cstr(&name));
		ab_str_free(&name);
		return false;
	}
	size_t wlen;
	if (window_word(p, i, end, &wlen) >= 0) {
		ab_str_free(&name);
		return parse_window(p, node, key, i, end);
	}
	size_t rlen = returns_word(p, i, end);
	if (rlen) {
		ab_str_free(&name);
		return parse_returns(p, node, key, i + rlen, end);
	}
	if (word_at(p, i, end, "entry")) {
		ab_str_free(&name);
		return parse_entry(p, node, key, i + 5, end);
	}
	enum ab_bound bound = AB_BOUND_EQ;
	size_t op = i;
	if (starts_with(p, i, end, "<=") || starts_with(p, i, end, ">=")) {
		bound = t[i] == '<' ? AB_BOUND_LE : AB_BOUND_GE;
		i += 2;
	} else if (starts_with(p, i, end, "≤") || starts_with(p, i, end, "≥")) {
		bound = starts_with(p, i, end, "≤") ? AB_BOUND_LE : AB_BOUND_GE;
		i += strlen("≤");
	} else if (starts_with(p, i, end, "==")) {
		i += 2;
	} else if (t[i] == '=') {
		i++;
	} else if (t[i] == '<' || t[i] == '>') {
		ab_str_free(&name);
		return FAIL(p, i, _("a bound includes its value: write '%c=' (or %s)"), t[i],
			    t[i] == '<' ? "≤" : "≥");
	}
	i = skip_blank(p, i, end);
	/* A range as the report writes one: "in [1, 3]", "在 [1, 3] 之内",
	 * "[1, 3]". */
	size_t bracket = end;
	if (op == i && !p->key) {
		size_t r = i;
		if (end - r >= 2 && strncasecmp(t + r, "in", 2) == 0 &&
		    (blank_at(p, r + 2, end) || (r + 2 < end && t[r + 2] == '[')))
			r = skip_blank(p, r + 2, end);
		else if (starts_with(p, r, end, "在"))
			r = skip_blank(p, r + strlen("在"), end);
		if (r < end && t[r] == '[')
			bracket = r;
	}
	size_t e = bracket < end ? bracket + 1 : token_end(p, i, end, false);
	if (i == e) {
		ab_str_free(&name);
		return FAIL(p, i, _("expected a number after '%.*s'"), QUOTE(p, op, i));
	}
	ab_str_add(&name, _("'s value"));
	bool fresh = node == AB_NONE || once(p, seen_key(SEEN_BOUND, node), key, ab_str_cstr(&name));
	ab_str_free(&name);
	if (!fresh)
		return false;
	struct ab_item *item = new_item(p, AB_ITEM_BOUND, key);
	item->node = node;
	item->bound = bound;
	item->plain = op == i;
	if (p->key) {
		if (op != i || e - i != 1 || t[i] != '?')
			return FAIL(p, op, _("in a key, write '?' where the search decides the answer"));
		item->ask = true;
		return parse_window(p, node, key, e, end);
	}
	if (bracket < end) {
		size_t after;
		if (!read_bracket(p, item, bracket, end, &after))
			return false;
		return parse_window(p, node, key, after, end);
	}
	size_t d = i;
	while (d + 1 < e && !(t[d] == '.' && t[d + 1] == '.'))
		d++;
	if (bound == AB_BOUND_EQ && op == i && d + 1 < e) {
		/* LO..HI: what the search proves when both ends are bounds. */
		if (!read_range(p, item, i, d, d + 2, e, i))
			return false;
	} else if (!parse_number(p, i, e, &item->value, &item->written[0])) {
		return false;
	}
	return parse_window(p, node, key, e, end);
}


/* ---- Lines ------------------------------------------------------------------ */

/* Whether the key [s, e) is word (in lower case, a space for any white
 * space), ignoring ASCII case. */
static bool key_is(const struct parser *p, size_t s, size_t e, const char *word)
{
	size_t i = s;
	for (const char *w = word; *w; w++) {
		if (*w == ' ') {
			if (!blank_at(p, i, e))
				return false;
			i = skip_blank(p, i, e);
			continue;
		}
		if (i >= e)
			return false;
		char c = p->text[i++];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != *w)
			return false;
	}
	return i == e;
}

/* What the key [s, e) is: a key word, NAME window or NAME returns (the
 * name in [*ns, *ne)), or a node's name. */
static enum keyword classify_key(const struct parser *p, size_t s, size_t e,
				 size_t *ns, size_t *ne)
{
	*ns = s;
	*ne = e;
	for (size_t k = 0; k < NKEYWORDS; k++)
		if (key_is(p, s, e, keywords[k].word))
			return keywords[k].kw;
	for (size_t k = 0; k < sizeof name_suffixes / sizeof name_suffixes[0]; k++) {
		size_t n = strlen(name_suffixes[k].suffix);
		if (e - s <= n || strncasecmp(p->text + e - n, name_suffixes[k].suffix, n) != 0)
			continue;
		size_t name_end = trim_end(p, s, e - n);
		if (name_end == s || (name_suffixes[k].blank && name_end == e - n))
			continue;
		*ne = name_end;
		return name_suffixes[k].kw;
	}
	return K_NODE;
}

static bool parse_item_line(struct parser *p, enum keyword kw, size_t key,
			    size_t ns, size_t ne, size_t rest, size_t end);

/* Points after '|': a positive number with at most two decimals, at most
 * 1000. */
static bool parse_points(struct parser *p, size_t i, size_t end)
{
	const char *t = p->text;
	i = skip_blank(p, i, end);
	size_t s = i;
	double v = 0, scale = 0;
	unsigned digits = 0;
	for (; i < end; i++) {
		if (t[i] >= '0' && t[i] <= '9') {
			if (scale) {
				v += (t[i] - '0') * scale;
				scale /= 10;
				if (scale < 0.0005)
					break;
			} else {
				v = v * 10 + (t[i] - '0');
			}
			if (++digits > 6)
				break;
		} else if (t[i] == '.' && !scale && digits) {
			scale = 0.1;
		} else {
			break;
		}
	}
	if (!digits || i != end || t[end - 1] == '.' || v <= 0 || v > 1000)
		return FAIL(p, s, _("points after '|' are a number above 0 and at most 1000, with at most two decimals"));
	p->points = v;
	return true;
}

static void about(struct parser *p, enum ab_item_kind kind, uint32_t node);

/* "expected ':' after KEY", at the first thing after the key's first
 * word; what the line was about, when that word says ("value 3"). */
static bool colon_missing(struct parser *p, size_t i, size_t end)
{
	size_t key_end = token_end(p, i, end, true);
	if (key_end == i)
		return FAIL(p, i, _("expected a key (value, best, pruned, visited, rules, order, root, values) or a node's name before ':'"));
	size_t ns, ne;
	enum keyword kw = classify_key(p, i, key_end, &ns, &ne);
	if (kw <= K_VISITED) {
		static const enum ab_item_kind kinds[] = { AB_ITEM_VALUE, AB_ITEM_BEST,
							   AB_ITEM_PRUNED, AB_ITEM_VISITED };
		about(p, kinds[kw], AB_NONE);
		p->attempt = true;
	} else if (kw == K_NODE && ne - ns <= AB_MAX_LABEL) {
		char name[AB_MAX_LABEL + 1];
		memcpy(name, p->text + ns, ne - ns);
		name[ne - ns] = '\0';
		uint32_t node = ab_tree_find(p->tree, name);
		if (node != AB_NONE) {
			about(p, AB_ITEM_BOUND, node);
			p->attempt = true;
		}
	}
	size_t after = skip_blank(p, key_end, end);
	if (!token_clean(p, i, key_end) || (after < end && !lookalike(p, after)))
		return false;
	return FAIL(p, after == end ? key_end : after,
		    _("expected ':' after '%.*s' (lines are KEY: VALUE)"), QUOTE(p, i, key_end));
}

static bool parse_line(struct parser *p, size_t i, size_t end)
{
	const char *t = p->text;
	if (!check_controls(p, i, end))
		return false;
	/* The key ends at the line's first colon, ASCII or full-width. */
	size_t colon = i;
	while (colon < end && t[colon] != ':' && fullwidth_at(p, colon, end) != ':')
		colon++;
	if (colon == end)
		return colon_missing(p, i, end);
	size_t key_end = trim_end(p, i, colon);
	if (key_end == i)
		return FAIL(p, i, _("expected a key (value, best, pruned, visited, rules, order, root, values) or a node's name before ':'"));
	if (!count_item(p, i))
		return false;
	size_t ns, ne;
	enum keyword kw = classify_key(p, i, key_end, &ns, &ne);
	/* A name is one word: "Student Name:" is no key this file knows. */
	if (kw >= K_NODE && token_end(p, ns, ne, false) != ne)
		return colon_missing(p, i, end);
	size_t rest = colon + (t[colon] == ':' ? 1 : FULLWIDTH_LEN);
	/* Points, in a key: "value: ? | 2". */
	if (p->key) {
		size_t bar = end;
		while (bar > rest && t[bar - 1] != '|')
			bar--;
		if (bar > rest) {
			if (kw != K_NODE && kw != K_WINDOW && kw != K_RETURNS && kw != K_VALUE &&
			    kw != K_BEST && kw != K_PRUNED && kw != K_VISITED && kw != K_HITS &&
			    !(kw == K_ROOT && !root_declared(p, rest, bar - 1)))
				return FAIL(p, bar - 1, _("only a question has points"));
			if (!parse_points(p, bar, end))
				return false;
			end = trim_end(p, rest, bar - 1);
		} else {
			p->points = 1;
		}
	} else if (kw != K_NAME && kw != K_ID) {
		const char *bar = memchr(t + rest, '|', end - rest);
		if (bar)
			return FAIL(p, (size_t)(bar - t), _("points ('| N') belong in a key (--key), not in an answer"));
	}
	size_t before = p->answer->count;
	bool ok = parse_item_line(p, kw, i, ns, ne, rest, end);
	for (size_t k = before; ok && p->key && k < p->answer->count; k++)
		p->answer->items[k].points = p->points;
	return ok;
}

/* The line is about an item of this kind (and node): a line not read
 * says so, so that a key's question it tried to answer is named. */
static void about(struct parser *p, enum ab_item_kind kind, uint32_t node)
{
	p->about = true;
	p->about_kind = kind;
	p->about_node = node;
}

/* NAME window: in a key, '?' alone asks for both ends. */
static bool parse_window_line(struct parser *p, uint32_t node, size_t key, size_t i,
			      size_t end)
{
	size_t s = skip_separators(p, i, end);
	if (s == end)
		return FAIL(p, s, _("expected alpha=... or beta=... after the window's ':', e.g. alpha=3 beta=5"));
	if (p->key && p->text[s] == '?' && skip_separators(p, s + 1, end) == end) {
		struct ab_item *item = window_item(p, node, key);
		if (item)
			item->has_alpha = item->has_beta = true;
		return item != NULL;
	}
	return parse_window(p, node, key, s, end);
}

/* The rest of a line, once its key and points are known. */
static bool parse_item_line(struct parser *p, enum keyword kw, size_t key,
			    size_t ns, size_t ne, size_t rest, size_t end)
{
	bool root_node = kw == K_ROOT && !root_declared(p, rest, end);
	if (kw < K_COUNT && kw != K_RULES && kw != K_NAME && kw != K_ID && !root_node) {
		char what[32];
		snprintf(what, sizeof what, "'%s:'", keyword_names[kw]);
		if (!once(p, seen_key(SEEN_KEYWORD, (uint32_t)kw), key, what))
			return false;
	}
	switch (kw) {
	case K_VALUE:
		p->attempt = true;
		about(p, AB_ITEM_VALUE, AB_NONE);
		return parse_value(p, key, rest, end);
	case K_BEST:
		p->attempt = true;
		about(p, AB_ITEM_BEST, AB_NONE);
		return parse_best(p, key, rest, end);
	case K_PRUNED:
	case K_VISITED:
		p->attempt = true;
		about(p, kw == K_PRUNED ? AB_ITEM_PRUNED : AB_ITEM_VISITED, AB_NONE);
		return parse_list(p, kw, key, rest, end);
	case K_RULES: return parse_rules(p, rest, end);
	case K_ORDER: return parse_setting(p, K_ORDER, rest, end);
	case K_ROOT:
		if (!root_node)
			return parse_setting(p, K_ROOT, rest, end);
		break;
	case K_VALUES: return parse_values(p, rest, end);
	case K_ITERATION: return parse_iteration(p, rest, end);
	case K_DEPTH: return parse_setting(p, K_DEPTH, rest, end);
	case K_CHANCE: return parse_setting(p, K_CHANCE, rest, end);
	case K_NAME:
	case K_ID: return parse_identity(p, kw, rest, end);
	case K_HITS: return parse_hits(p, key, rest, end);
	case K_NODE:
	case K_WINDOW:
	case K_RETURNS: break;
	}
	uint32_t node = 0;
	if (!root_node && !parse_name(p, ns, ne, &node))
		return false;
	if (node != AB_NONE)
		p->attempt = true;
	about(p, kw == K_WINDOW ? AB_ITEM_WINDOW : kw == K_RETURNS ? AB_ITEM_RETURNS
							    : AB_ITEM_BOUND, node);
	size_t before = p->answer->count;
	bool ok = kw == K_WINDOW ? parse_window_line(p, node, key, rest, end)
		: kw == K_RETURNS ? parse_returns(p, node, key, rest, end)
		: parse_node_line(p, node, key, rest, end);
	/* An unknown node's items carry its name, for the grader to mark. */
	for (size_t k = before; ok && node == AB_NONE && k < p->answer->count; k++) {
		struct ab_unknown copy = { ab_xstrdup(p->pending.name), ab_xstrdup(p->pending.hint) };
		struct ab_unknown keep = p->pending;
		p->pending = copy;
		take_unknown(p, &p->answer->items[k]);
		p->pending = keep;
	}
	unknown_clear(&p->pending);
	return ok;
}

/* ---- A line at a time ------------------------------------------------------- */

static void item_free(struct ab_item *item)
{
	free(item->nodes);
	for (uint32_t k = 0; k < item->nunknown; k++) {
		free(item->unknown[k].name);
		free(item->unknown[k].hint);
	}
	free(item->unknown);
}

/* Remembers what a line may change, before it is read. */
static void begin_line(struct parser *p)
{
	struct undo *u = &p->undo;
	const struct ab_answer *a = p->answer;
	u->items = a->count;
	u->config = a->config;
	u->parts = a->parts;
	u->has_values = a->has_values;
	u->values_returned = a->values_returned;
	u->has_iteration = a->has_iteration;
	u->iteration = a->iteration;
	u->have_list = p->have_list;
	u->list_line = p->list_line;
	u->nsaid = 0;
	p->about = false;
}

/* Undoes a line that failed: its items, what it stated, what it declared. */
static void undo_line(struct parser *p)
{
	struct undo *u = &p->undo;
	struct ab_answer *a = p->answer;
	for (size_t k = u->items; k < a->count; k++)
		item_free(&a->items[k]);
	a->count = u->items;
	a->config = u->config;
	a->parts = u->parts;
	a->has_values = u->has_values;
	a->values_returned = u->values_returned;
	a->has_iteration = u->has_iteration;
	a->iteration = u->iteration;
	p->have_list = u->have_list;
	p->list_line = u->list_line;
	for (size_t k = 0; k < u->nsaid; k++)
		seen_remove(&p->seen, u->said[k]);
	u->nsaid = 0;
	unknown_clear(&p->pending);
	p->want_move = false;
}

/* Keeps the line that failed (the error in p->diag) as a line not read. */
static void keep_unread(struct parser *p)
{
	struct ab_answer *a = p->answer;
	a->unread = ab_xreallocarray(a->unread, a->nunread + 1, sizeof *a->unread);
	a->unread[a->nunread++] = (struct ab_unread){
		.line = p->diag->line, .column = p->diag->column,
		.why = ab_xstrdup(p->diag->message), .about = p->about,
		.kind = p->about_kind, .node = p->about ? p->about_node : AB_NONE,
	};
}

static struct ab_answer *parse(const struct ab_tree *tree, const char *text,
			       size_t len, bool key, bool strict, struct ab_diag *diag)
{
	/* A byte order mark is skipped, as in tree files; positions count
	 * from after it, as editors show the file. */
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		text += 3;
		len -= 3;
	}
	struct parser p = { .tree = tree, .text = text, .len = len, .diag = diag, .key = key,
			    .strict = strict || key };
	ab_lines_init(&p.lines, text, len);
	memset(diag, 0, sizeof *diag);
	p.answer = ab_answer_new();
	if (len > AB_MAX_ANSWER_BYTES) {
		ab_diag_set(diag, _("an answer file is at most %u bytes"), AB_MAX_ANSWER_BYTES);
		goto fail;
	}
	if (!check_encoding(&p))
		goto fail;
	size_t first_content = len, first_unread = len;
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t line_end = nl ? (size_t)(nl - text) : len;
		const char *hash = memchr(text + i, '#', line_end - i);
		size_t end = trim_end(&p, i, hash ? (size_t)(hash - text) : line_end);
		size_t s = skip_blank(&p, i, end);
		if (s < end) {
			if (first_content == len)
				first_content = s;
			begin_line(&p);
			if (!parse_line(&p, s, end)) {
				/* Too many items is the whole file's fault. */
				if (p.strict || p.listed > AB_MAX_ANSWER_ITEMS)
					goto fail;
				undo_line(&p);
				keep_unread(&p);
				if (first_unread == len)
					first_unread = s;
				p.listed++; /* a line kept costs as an item does */
			}
		}
		i = line_end + 1;
	}
	if (p.answer->count == 0 && !(p.attempt && p.answer->nunread)) {
		if (p.answer->nunread)
			(void)FAIL(&p, first_unread,
				   _("nothing to grade: no line reads as an answer item (line %u: %s)"),
				   p.answer->unread[0].line, p.answer->unread[0].why);
		else
			(void)FAIL(&p, first_content == len ? len : first_content,
				   _("the answer has nothing to check: give value:, best:, pruned: (or visited:) or a node's value"));
		goto fail;
	}
	free(p.seen.keys);
	free(p.seen.where);
	free(p.undo.said);
	free_folds(&p);
	ab_lines_free(&p.lines);
	return p.answer;
fail:
	free(p.seen.keys);
	free(p.seen.where);
	free(p.undo.said);
	free_folds(&p);
	ab_lines_free(&p.lines);
	unknown_clear(&p.pending);
	ab_answer_free(p.answer);
	return NULL;
}

struct ab_answer *ab_answer_parse(const struct ab_tree *tree, const char *text,
				  size_t len, struct ab_diag *diag)
{
	return parse(tree, text, len, false, false, diag);
}

struct ab_answer *ab_answer_parse_strict(const struct ab_tree *tree, const char *text,
					 size_t len, struct ab_diag *diag)
{
	return parse(tree, text, len, false, true, diag);
}

struct ab_answer *ab_answer_parse_key(const struct ab_tree *tree, const char *text,
				      size_t len, struct ab_diag *diag)
{
	return parse(tree, text, len, true, true, diag);
}

/* ---- The answer's rules ------------------------------------------------- */

/* The lines that declare a convention and the parts each states, in the
 * order a note names them: one entry a line. */
static const struct declaration {
	const char *key;
	unsigned parts[2];       /* in the order the line writes them; 0 ends */
} declarations[] = {
	{ "rules", { AB_PART_STRICT, AB_PART_FAIL } },
	{ "order", { AB_PART_ORDER } },
	{ "root", { AB_PART_ROOT } },
	{ "depth", { AB_PART_DEPTH } },
	{ "chance-prune", { AB_PART_CHANCE } },
};

/* Appends the lines for the parts of config in parts as an answer writes
 * them, "; " between lines: "rules: strict fail-hard; order: reverse". */
static void add_declared(const struct ab_config *config, unsigned parts, struct ab_str *out)
{
	for (size_t d = 0; d < sizeof declarations / sizeof declarations[0]; d++) {
		const struct declaration *dc = &declarations[d];
		if (!(parts & (dc->parts[0] | dc->parts[1])))
			continue;
		ab_str_addf(out, "%s%s:", out->len ? "; " : "", dc->key);
		for (size_t k = 0; k < 2 && dc->parts[k]; k++) {
			if (!(parts & dc->parts[k]))
				continue;
			/* The table's word, less "KEY=" on a line of its own. */
			struct ab_str word = AB_STR_INIT;
			ab_config_words_of(config, dc->parts[k], &word);
			size_t n = strlen(dc->key);
			const char *w = ab_str_cstr(&word);
			if (strncmp(w, dc->key, n) == 0 && w[n] == '=')
				w += n + 1;
			ab_str_addf(out, " %s", w);
			ab_str_free(&word);
		}
	}
}

unsigned ab_answer_apply_rules(const struct ab_answer *answer, unsigned fixed,
			       struct ab_config *config)
{
	ab_config_merge(config, &answer->config, answer->parts & ~fixed);
	return answer->parts & fixed & ab_config_differ(config, &answer->config);
}

bool ab_answer_apply_values(const struct ab_answer *answer, bool values_fixed,
			    bool *values_returned)
{
	if (!answer->has_values)
		return false;
	if (!values_fixed)
		*values_returned = answer->values_returned;
	return *values_returned != answer->values_returned;
}

void ab_answer_describe_overruled(const struct ab_answer *answer, unsigned overruled,
				  bool values_overruled, const struct ab_config *config,
				  bool values_returned, const struct ab_glyphs *g,
				  struct ab_str *out)
{
	struct ab_str said = AB_STR_INIT, used = AB_STR_INIT;
	add_declared(&answer->config, overruled, &said);
	ab_config_describe_parts(config, overruled, g->ascii, &used);
	if (values_overruled) {
		ab_str_addf(&said, "%svalues: %s", said.len ? "; " : "",
			    answer->values_returned ? "returned" : "proved");
		if (used.len)
			ab_str_add(&used, _(", "));
		ab_str_add(&used, values_returned ? _("values returned") : _("values proved"));
	}
	if (said.len)
		ab_str_addf(out, _("declares %s; graded under %s"), ab_str_cstr(&said),
			    ab_str_cstr(&used));
	ab_str_free(&said);
	ab_str_free(&used);
}

void ab_answer_describe_own(const struct ab_answer *answer, unsigned parts, bool values,
			    struct ab_str *out)
{
	struct ab_str said = AB_STR_INIT;
	add_declared(&answer->config, parts & answer->parts, &said);
	if (values && answer->has_values)
		ab_str_addf(&said, "%svalues: %s", said.len ? "; " : "",
			    answer->values_returned ? "returned" : "proved");
	ab_str_add(out, ab_str_cstr(&said));
	ab_str_free(&said);
}

void ab_answer_describe_rules(const struct ab_answer *answer, struct ab_str *out)
{
	struct ab_str said = AB_STR_INIT;
	add_declared(&answer->config, answer->parts, &said);
	if (answer->has_values)
		ab_str_addf(&said, "%svalues: %s", said.len ? "; " : "",
			    answer->values_returned ? "returned" : "proved");
	if (answer->has_iteration)
		ab_str_addf(&said, "%siteration: %u", said.len ? "; " : "", answer->iteration);
	ab_str_add(out, ab_str_cstr(&said));
	ab_str_free(&said);
}

/* ---- Building ------------------------------------------------------------- */

struct ab_answer *ab_answer_new(void)
{
	return ab_xcalloc(1, sizeof(struct ab_answer));
}

void ab_answer_free(struct ab_answer *answer)
{
	if (!answer)
		return;
	for (size_t i = 0; i < answer->count; i++)
		item_free(&answer->items[i]);
	for (size_t i = 0; i < answer->nunread; i++)
		free(answer->unread[i].why);
	free(answer->items);
	free(answer->unread);
	free(answer->name);
	free(answer->id);
	free(answer);
}

static struct ab_item *add_item(struct ab_answer *a, enum ab_item_kind kind)
{
	if (a->count == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 16;
		a->items = ab_xreallocarray(a->items, a->cap, sizeof *a->items);
	}
	struct ab_item *item = &a->items[a->count++];
	memset(item, 0, sizeof *item);
	item->kind = kind;
	item->node = AB_NONE;
	item->points = 1;
	return item;
}

void ab_answer_add_value(struct ab_answer *answer, ab_value value)
{
	add_item(answer, AB_ITEM_VALUE)->value = value;
}

void ab_answer_add_best(struct ab_answer *answer, uint32_t node)
{
	add_item(answer, AB_ITEM_BEST)->node = node;
}

void ab_answer_add_pruned(struct ab_answer *answer, const uint32_t *nodes,
			  uint32_t count)
{
	struct ab_item *item = add_item(answer, AB_ITEM_PRUNED);
	item->nodes = ab_xreallocarray(NULL, count ? count : 1, sizeof *nodes);
	if (count)
		memcpy(item->nodes, nodes, count * sizeof *nodes);
	item->count = count;
}

void ab_answer_add_bound(struct ab_answer *answer, uint32_t node,
			 enum ab_bound bound, ab_value value)
{
	struct ab_item *item = add_item(answer, AB_ITEM_BOUND);
	item->node = node;
	item->bound = bound;
	item->value = value;
}

void ab_answer_add_range(struct ab_answer *answer, uint32_t node, ab_value lo,
			 ab_value hi)
{
	struct ab_item *item = add_item(answer, AB_ITEM_BOUND);
	item->node = node;
	item->bound = AB_BOUND_IN;
	item->value = lo;
	item->value2 = hi;
}

void ab_answer_add_window(struct ab_answer *answer, uint32_t node,
			  bool has_alpha, ab_value alpha, bool has_beta,
			  ab_value beta)
{
	struct ab_item *item = add_item(answer, AB_ITEM_WINDOW);
	item->node = node;
	item->has_alpha = has_alpha;
	item->alpha = alpha;
	item->has_beta = has_beta;
	item->beta = beta;
}
