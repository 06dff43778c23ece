/* answer.c - reading a homework answer (syntax in answer.h).
 *
 * One pass over the lines.  The text is first checked whole for NUL bytes
 * and invalid UTF-8 (like a tree file), then each line is
 *
 *     KEY ':' REST        KEY is a key word or a node's name
 *
 * with REST read by the key's own small parser.  Names are resolved against
 * the tree at once, so an unknown name is reported at its column.  What has
 * been stated (each key word, each node's bound and window, each listed
 * node, each part of the rules) goes into one small hash map from "what" to
 * "where", which turns duplicates and contradictions into errors that point
 * back at the first statement.
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
	uint64_t *keys;   /* key + 1; 0 marks an empty slot */
	size_t *where;
	size_t size, used;
};

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
			if (!s->keys[i])
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
	       K_VALUES, K_ITERATION, K_HITS, K_COUNT, K_NODE = K_COUNT };

static const char *const keywords[K_COUNT] = {
	"value", "best", "pruned", "visited", "rules", "order", "root", "values",
	"iteration", "hits",
};

/* A name folded to lower case, for matching names ignoring case. */
struct fold {
	char *name;
	uint32_t node;
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
	struct ab_unknown pending; /* the unknown name parse_name just read */
	struct fold *folds;/* every node's names folded, sorted (on first need) */
	size_t nfolds;
	bool folded;
	double points;     /* key: the points of the line being read */
};

/* Sets the error at byte pos and yields false, so `return FAIL(...)`. */
#define FAIL(p, pos, ...) \
	(ab_diag_at((p)->diag, (p)->text, (p)->len, (pos), __VA_ARGS__), false)

static unsigned line_of(const struct parser *p, size_t pos)
{
	unsigned line, column;
	ab_diag_locate(p->text, p->len, pos, &line, &column);
	return line;
}

/* A short, printable quote of [s, e) for a message. */
#define QUOTE(p, s, e) (int)ab_utf8_prefix((p)->text + (s), (e) - (s), 40), (p)->text + (s)

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static bool is_separator(char c)
{
	return c == ' ' || c == '\t' || c == ',';
}

static size_t skip_blank(const struct parser *p, size_t i, size_t end)
{
	while (i < end && is_blank(p->text[i]))
		i++;
	return i;
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

static size_t skip_separators(const struct parser *p, size_t i, size_t end)
{
	for (;;) {
		if (i < end && is_separator(p->text[i]))
			i++;
		else if (i < end && fullwidth_at(p, i, end) == ',')
			i += FULLWIDTH_LEN;
		else
			return i;
	}
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
	if (k && (cp == 0x3001 || cp == 0x3000 || cp == 0x00a0))
		return FAIL(p, i, _("'%.*s' (U+%04X) is not a separator here: write a space or ','"),
			    (int)k, p->text + i, (unsigned)cp);
	return true;
}

/* The end of the token at i: up to a separator, ':' (when colon) or end;
 * full-width ',' and ':' count as theirs. */
static size_t token_end(const struct parser *p, size_t i, size_t end, bool colon)
{
	while (i < end && !is_separator(p->text[i]) && !(colon && p->text[i] == ':')) {
		char fw = fullwidth_at(p, i, end);
		if (fw == ',' || (colon && fw == ':'))
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

static bool check_encoding(struct parser *p)
{
	const char *t = p->text;
	for (size_t i = 0; i < p->len;) {
		unsigned char c = (unsigned char)t[i];
		if (!c)
			return FAIL(p, i, _("NUL byte: an answer file is text"));
		if (c < 0x80) {
			if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
				return FAIL(p, i, _("stray control character (U+%04X)"), c);
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
	ab_diag_locate(p->text, p->len, pos, &item->line, &item->column);
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

/* A window bound: a number or an infinity (inf, ∞, with a sign). */
static bool parse_bound_value(struct parser *p, size_t s, size_t e, ab_value *out,
			      struct ab_exact *written)
{
	const char *t = p->text;
	size_t i = s;
	bool neg = false;
	if (i < e && (t[i] == '-' || t[i] == '+'))
		neg = t[i++] == '-';
	size_t n = e - i;
	if ((n == 3 && strncmp(t + i, "inf", 3) == 0) ||
	    (n == strlen("∞") && strncmp(t + i, "∞", n) == 0)) {
		*out = neg ? AB_NEG_INF : AB_POS_INF;
		return true;
	}
	return parse_number(p, s, e, out, written);
}

/* ---- Names --------------------------------------------------------------- */

/* Appends a hint about the names near an unknown one: the children of the
 * node its prefix names (C4 -> C's children), else the first few names. */
static void name_hint(const struct ab_tree *tree, const char *name, struct ab_str *out)
{
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
	ab_str_add(out, _("; names here include "));
	uint32_t first[8], count = tree->count < 7 ? tree->count : 7;
	for (uint32_t i = 0; i < count; i++)
		first[i] = i;
	ab_narrate_names(tree, first, count, 7, out);
	if (tree->count > count)
		ab_str_add(out, ", ...");
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
		name_hint(p->tree, buf, &hint);
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

/* Records that something was stated at pos; a second statement is an error
 * naming where the first was. */
static bool once(struct parser *p, uint64_t key, size_t pos, const char *what)
{
	size_t first;
	if (seen_add(&p->seen, key, pos, &first))
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
	if (!parse_name(p, i, e, &item->node))
		return false;
	if (item->node == AB_NONE)
		take_unknown(p, item);
	else if (p->tree->nodes[item->node].parent != 0 || item->node == 0)
		return FAIL(p, i, _("best: names a move, one of the root's children; '%.*s' is not one"),
			    QUOTE(p, i, e));
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
	/* "pruned: none" is what students write for an empty list (unless a
	 * node of the tree is called none). */
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
		if (!seen_add(&p->seen, seen_key(SEEN_LISTED, node), i, &first)) {
			unsigned line, column;
			ab_diag_locate(p->text, p->len, first, &line, &column);
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
		for (uint32_t k = 0, cover = AB_NONE; k < item->count; k++) {
			uint32_t n = sorted[k];
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
		free(sorted);
	}
	free(where);
	return true;
fail:
	free(where);
	return false;
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
			ab_diag_locate(p->text, p->len, first, &line, &column);
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
		if (e - i < sizeof word) {
			memcpy(word, p->text + i, e - i);
			word[e - i] = '\0';
			entry = ab_config_find_word(word);
		}
		if (!entry || !(entry->part & (AB_PART_STRICT | AB_PART_FAIL)) ||
		    ab_config_apply(word, &c, &part) != NULL) {
			if (!token_clean(p, i, e))
				return false;
			return FAIL(p, i, _("unknown rule '%.*s': expected strict, non-strict, fail-hard or fail-soft"),
				    QUOTE(p, i, e));
		}
		size_t first;
		if (!seen_add(&p->seen, seen_key(SEEN_RULE, part), i, &first)) {
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

/* order: and root: take one word. */
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

/* order: and root: set their part of the answer's config through the
 * table's word of the same name. */
static bool parse_order(struct parser *p, size_t i, size_t end)
{
	size_t e;
	if (!one_word(p, "order", &i, end, &e))
		return false;
	char buf[64];
	size_t n = e - i;
	if (n < sizeof buf) {
		memcpy(buf, p->text + i, n);
		buf[n] = '\0';
	}
	if (n < sizeof buf && strcmp(buf, "random") == 0)
		return FAIL(p, i, _("order: random needs its seed (random:SEED), or the answer cannot be checked"));
	if (n >= sizeof buf ||
	    ab_config_set("order", buf, &p->answer->config, &p->answer->parts) != NULL)
		return FAIL(p, i, _("order: takes given, reverse, best, worst or random:SEED, not '%.*s'"),
			    QUOTE(p, i, e));
	return true;
}

static bool parse_root(struct parser *p, size_t i, size_t end)
{
	size_t e;
	if (!one_word(p, "root", &i, end, &e))
		return false;
	char buf[8];
	size_t n = e - i;
	if (n < sizeof buf) {
		memcpy(buf, p->text + i, n);
		buf[n] = '\0';
	}
	if (n >= sizeof buf ||
	    ab_config_set("root", buf, &p->answer->config, &p->answer->parts) != NULL)
		return FAIL(p, i, _("root: takes max or min, not '%.*s'"), QUOTE(p, i, e));
	return true;
}

static bool parse_values(struct parser *p, size_t i, size_t end)
{
	size_t e;
	if (!one_word(p, "values", &i, end, &e))
		return false;
	struct ab_answer *a = p->answer;
	if (e - i == 8 && strncmp(p->text + i, "returned", 8) == 0)
		a->values_returned = true;
	else if (e - i == 6 && strncmp(p->text + i, "proved", 6) == 0)
		a->values_returned = false;
	else
		return FAIL(p, i, _("values: takes returned or proved, not '%.*s'"), QUOTE(p, i, e));
	a->has_values = true;
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
		if (starts_with(p, i, end, words[w].word)) {
			*len = strlen(words[w].word);
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
		if (!item) {
			if (node != AB_NONE && ab_is_leaf(p->tree, node))
				return FAIL(p, key, _("a leaf has no window: alpha= and beta= belong to inner nodes"));
			if (node != AB_NONE) {
				struct ab_str name = AB_STR_INIT;
				ab_tree_name(p->tree, node, &name);
				ab_str_add(&name, _("'s window"));
				bool fresh = once(p, seen_key(SEEN_WINDOW, node), key, ab_str_cstr(&name));
				ab_str_free(&name);
				if (!fresh)
					return false;
			}
			item = new_item(p, AB_ITEM_WINDOW, key);
			item->node = node;
			item->ask = p->key;
		}
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
	return starts_with(p, i, end, w) && (i + n == end || is_separator(p->text[i + n]));
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

/* Whether the word at i is "returns" standing alone. */
static bool returns_word(const struct parser *p, size_t i, size_t end)
{
	return starts_with(p, i, end, "returns") &&
	       (i + 7 == end || is_separator(p->text[i + 7]));
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
	if (!parse_number(p, i, e, &item->value, &item->written[0]))
		return false;
	size_t more = skip_separators(p, e, end);
	if (more != end)
		return FAIL(p, more, _("one number only: unexpected '%.*s'"),
			    QUOTE(p, more, token_end(p, more, end, false)));
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
	if (returns_word(p, i, end)) {
		ab_str_free(&name);
		return parse_returns(p, node, key, i + 7, end);
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
	size_t e = token_end(p, i, end, false);
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
	size_t d = i;
	while (d + 1 < e && !(t[d] == '.' && t[d + 1] == '.'))
		d++;
	if (bound == AB_BOUND_EQ && op == i && d + 1 < e) {
		/* LO..HI: what the search proves when both ends are bounds. */
		item->bound = AB_BOUND_IN;
		item->plain = false;
		if (!parse_number(p, i, d, &item->value, &item->written[0]) ||
		    !parse_number(p, d + 2, e, &item->value2, &item->written[1]))
			return false;
		struct ab_exact lo = item->written[0], hi = item->written[1];
		if ((ab_wide)lo.num * hi.den >= (ab_wide)hi.num * lo.den)
			return FAIL(p, i, _("a range LO..HI needs LO < HI"));
	} else if (!parse_number(p, i, e, &item->value, &item->written[0])) {
		return false;
	}
	return parse_window(p, node, key, e, end);
}


/* ---- Lines ------------------------------------------------------------------ */

static enum keyword keyword_of(const struct parser *p, size_t s, size_t e)
{
	for (int k = 0; k < K_COUNT; k++)
		if (strlen(keywords[k]) == e - s &&
		    strncasecmp(keywords[k], p->text + s, e - s) == 0)
			return (enum keyword)k;
	return K_NODE;
}

static bool parse_item_line(struct parser *p, enum keyword kw, size_t key,
			    size_t key_end, size_t rest, size_t end);

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

static bool parse_line(struct parser *p, size_t i, size_t end)
{
	const char *t = p->text;
	size_t key = i;
	size_t key_end = token_end(p, i, end, true);
	if (key_end == key)
		return FAIL(p, i, _("expected a key (value, best, pruned, visited, rules, order, root, values) or a node's name before ':'"));
	size_t colon = skip_blank(p, key_end, end);
	bool fullwidth = colon < end && fullwidth_at(p, colon, end) == ':';
	if (colon == end || (t[colon] != ':' && !fullwidth)) {
		if (!token_clean(p, key, key_end) || (colon < end && !lookalike(p, colon)))
			return false;
		/* A fullwidth colon glued to the key ends up inside it. */
		if (colon == end && key_end == end)
			return FAIL(p, key_end, _("expected ':' after '%.*s' (lines are KEY: VALUE)"),
				    QUOTE(p, key, key_end));
		return FAIL(p, colon, _("expected ':' after '%.*s' (lines are KEY: VALUE)"),
			    QUOTE(p, key, key_end));
	}
	if (!count_item(p, key))
		return false;
	enum keyword kw = keyword_of(p, key, key_end);
	size_t rest = colon + (fullwidth ? FULLWIDTH_LEN : 1);
	/* Points, in a key: "value: ? | 2". */
	if (p->key) {
		size_t bar = end;
		while (bar > rest && t[bar - 1] != '|')
			bar--;
		if (bar > rest) {
			if (kw == K_RULES || kw == K_ORDER || kw == K_ROOT || kw == K_VALUES)
				return FAIL(p, bar - 1, _("only a question has points"));
			if (!parse_points(p, bar, end))
				return false;
			end = bar - 1;
			while (end > rest && is_blank(t[end - 1]))
				end--;
		} else {
			p->points = 1;
		}
	} else {
		const char *bar = memchr(t + rest, '|', end - rest);
		if (bar)
			return FAIL(p, (size_t)(bar - t), _("points ('| N') belong in a key (--key), not in an answer"));
	}
	size_t before = p->answer->count;
	bool ok = parse_item_line(p, kw, key, key_end, rest, end);
	for (size_t k = before; ok && p->key && k < p->answer->count; k++)
		p->answer->items[k].points = p->points;
	return ok;
}

/* The rest of a line, once its key and points are known. */
static bool parse_item_line(struct parser *p, enum keyword kw, size_t key,
			    size_t key_end, size_t rest, size_t end)
{
	if (kw != K_NODE && kw != K_RULES) {
		char what[32];
		snprintf(what, sizeof what, "'%s:'", keywords[kw]);
		if (!once(p, seen_key(SEEN_KEYWORD, (uint32_t)kw), key, what))
			return false;
	}
	switch (kw) {
	case K_VALUE: return parse_value(p, key, rest, end);
	case K_BEST: return parse_best(p, key, rest, end);
	case K_PRUNED:
	case K_VISITED: return parse_list(p, kw, key, rest, end);
	case K_RULES: return parse_rules(p, rest, end);
	case K_ORDER: return parse_order(p, rest, end);
	case K_ROOT: return parse_root(p, rest, end);
	case K_VALUES: return parse_values(p, rest, end);
	case K_ITERATION: return parse_iteration(p, rest, end);
	case K_HITS: return parse_hits(p, key, rest, end);
	case K_NODE: break;
	}
	uint32_t node;
	if (!parse_name(p, key, key_end, &node))
		return false;
	size_t before = p->answer->count;
	bool ok = parse_node_line(p, node, key, rest, end);
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

static struct ab_answer *parse(const struct ab_tree *tree, const char *text,
			       size_t len, bool key, struct ab_diag *diag)
{
	/* A byte order mark is skipped, as in tree files; positions count
	 * from after it, as editors show the file. */
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		text += 3;
		len -= 3;
	}
	struct parser p = { .tree = tree, .text = text, .len = len, .diag = diag, .key = key };
	memset(diag, 0, sizeof *diag);
	p.answer = ab_answer_new();
	if (len > AB_MAX_ANSWER_BYTES) {
		ab_diag_set(diag, _("an answer file is at most %u bytes"), AB_MAX_ANSWER_BYTES);
		goto fail;
	}
	if (!check_encoding(&p))
		goto fail;
	size_t first_content = len;
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t line_end = nl ? (size_t)(nl - text) : len;
		const char *hash = memchr(text + i, '#', line_end - i);
		size_t end = hash ? (size_t)(hash - text) : line_end;
		while (end > i && (is_blank(text[end - 1]) || text[end - 1] == '\r'))
			end--;
		size_t s = skip_blank(&p, i, end);
		if (s < end) {
			if (first_content == len)
				first_content = s;
			if (!parse_line(&p, s, end))
				goto fail;
		}
		i = line_end + 1;
	}
	if (p.answer->count == 0) {
		(void)FAIL(&p, first_content == len ? len : first_content,
		     _("the answer has nothing to check: give value:, best:, pruned: (or visited:) or a node's value"));
		goto fail;
	}
	free(p.seen.keys);
	free(p.seen.where);
	free_folds(&p);
	return p.answer;
fail:
	free(p.seen.keys);
	free(p.seen.where);
	free_folds(&p);
	unknown_clear(&p.pending);
	ab_answer_free(p.answer);
	return NULL;
}

struct ab_answer *ab_answer_parse(const struct ab_tree *tree, const char *text,
				  size_t len, struct ab_diag *diag)
{
	return parse(tree, text, len, false, diag);
}

struct ab_answer *ab_answer_parse_key(const struct ab_tree *tree, const char *text,
				      size_t len, struct ab_diag *diag)
{
	return parse(tree, text, len, true, diag);
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
	if (overruled & AB_PART_STRICT)
		ab_str_addf(&used, config->strict ? "%s > %s" : "%s %s %s", g->alpha,
			    config->strict ? g->beta : g->ge, g->beta);
	if (overruled & AB_PART_FAIL) {
		ab_str_add(&used, used.len ? ", " : "");
		ab_str_add(&used, ab_fail_word(config->fail));
	}
	if (overruled & AB_PART_ORDER) {
		ab_str_add(&used, used.len ? ", order " : "order ");
		ab_order_describe(config, &used);
	}
	if (overruled & AB_PART_ROOT)
		ab_str_addf(&used, "%sroot %s", used.len ? ", " : "",
			    config->root == AB_ROOT_IS_MIN ? "MIN" : "MAX");
	if (values_overruled) {
		ab_str_addf(&said, "%svalues: %s", said.len ? "; " : "",
			    answer->values_returned ? "returned" : "proved");
		ab_str_addf(&used, "%svalues %s", used.len ? ", " : "",
			    values_returned ? "returned" : "proved");
	}
	if (said.len)
		ab_str_addf(out, _("declares %s; graded under %s"), ab_str_cstr(&said),
			    ab_str_cstr(&used));
	ab_str_free(&said);
	ab_str_free(&used);
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
	for (size_t i = 0; i < answer->count; i++) {
		struct ab_item *item = &answer->items[i];
		free(item->nodes);
		for (uint32_t k = 0; k < item->nunknown; k++) {
			free(item->unknown[k].name);
			free(item->unknown[k].hint);
		}
		free(item->unknown);
	}
	free(answer->items);
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
