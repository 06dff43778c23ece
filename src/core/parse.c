/* parse.c - tree-file text to a tree (abtrace-tree(5); its DIAGNOSTICS
 * section must hold every message here: tests/test_manpages.py).
 *
 * Three linear passes, none recursive:
 *
 *  1. the whole text is checked for NUL bytes and invalid UTF-8, so the
 *     later passes may decode without checking and an error deep inside a
 *     comment is still reported where it is;
 *  2. after the header lines, a byte scan looks for a '/' outside every
 *     bracket and comment.  When there is one the tree is written in the
 *     lecture-notes form X/Y/Z, and the parser adds an unlabelled root
 *     first, whose children the top-level items become.  (A successful
 *     parse consumes every such '/' as a separator, and the scan sees
 *     exactly the brackets and comments the parser sees, so the guess is
 *     never wrong for a tree that parses.)
 *  3. the tree expression, token by token, as a state machine whose open
 *     lists live on an explicit stack:
 *
 *        state        what comes next
 *        TOP_FIRST    the tree (or its first '/'-separated item)
 *        TOP_NEXT     the item after a '/'
 *        TOP_AFTER    the end of the file, or '/' and another item
 *        LIST_OPENED  a child, just after '['
 *        LIST_COMMA   a child, just after ','
 *        LIST_AFTER   ',', ']' or (after white space) another child
 *
 * Nodes go straight into the tree with ab_tree_add, in preorder; the only
 * other memory is the stack (one frame per open '[', at most AB_MAX_DEPTH)
 * and the source position of each labelled node, for "first used at".
 */
#include "core/parse.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/utf8.h"
#include "core/transpose.h"

struct frame {
	uint32_t node;  /* the list's node */
	uint32_t depth; /* that node's depth */
	size_t open;    /* offset of its '[' */
	bool chance;    /* the node is a chance node */
	uint32_t nprob; /* children with a written probability */
	ab_wide prob_num; /* their sum, prob_num / prob_den */
	int64_t prob_den;
};

struct label_at {
	uint32_t node;
	uint32_t pos; /* offset of the label (files are under 4 GiB) */
};

enum state { TOP_FIRST, TOP_NEXT, TOP_AFTER, LIST_OPENED, LIST_COMMA,
	     LIST_AFTER };

struct parser {
	const char *text;
	size_t len, pos;
	struct ab_diag *diag;
	struct ab_tree *tree;
	struct frame *stack;
	size_t sp, stack_cap;
	struct label_at *labels;
	size_t nlabels, labels_cap;
	bool slash;       /* the X/Y/Z form: node 0 is an added root */
	bool any_header;
	bool plain;       /* no bounds: the fast lane may take integers */
	struct ab_exact lo, hi; /* bounds: LO..HI */
	size_t tree_start; /* offset of the tree expression */
	enum ab_player root_word; /* root: max|min */
	struct ab_ref *refs;      /* each &NAME, in preorder */
	size_t nrefs, refs_cap;
	char *ref_names;          /* their names, NUL-separated */
	size_t ref_names_len, ref_names_cap;
	uint32_t *ref_name_at;    /* per reference: offset in ref_names */
	size_t first_infinite;    /* offset of the first +inf/-inf leaf, or
				     SIZE_MAX */
	struct frame slash_root;  /* the X/Y/Z form's added root, as a list
				     (its chance probabilities) */
	bool root_given;          /* a root: header, at root_at */
	size_t root_at;
};

/* An error at byte pos, its message translated; returns false. */
#define fail(p, pos, ...) \
	ab_diag_fail((p)->diag, (p)->text, (p)->len, (pos), __VA_ARGS__)

/* ---- Characters ------------------------------------------------------- */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_ascii_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* Non-ASCII characters that look like ASCII ones (fullwidth forms, the
 * ideographic space and comma, no-break space): an easy slip with a Chinese
 * input method, so they are errors with a hint rather than label
 * characters. */
static bool is_lookalike(uint32_t cp)
{
	return cp == 0x00a0 || cp == 0x3000 || cp == 0x3001 || cp == 0x3002 ||
	       (cp >= 0xff01 && cp <= 0xff5e);
}

/* Length of the non-ASCII character at i when it may be part of a label,
 * else 0.  The text is valid UTF-8 by now. */
static size_t label_wide(const struct parser *p, size_t i)
{
	uint32_t cp;
	size_t k = ab_utf8_decode(p->text + i, p->len - i, &cp);
	if (!k || ab_utf8_unsafe(cp) || is_lookalike(cp))
		return 0;
	return k;
}

static inline bool starts_label(const struct parser *p, size_t i)
{
	if (i >= p->len)
		return false;
	char c = p->text[i];
	if ((unsigned char)c >= 0x80)
		return label_wide(p, i) != 0;
	return is_ascii_letter(c);
}

/* The end of the label (or header key) starting at i; i if there is none. */
static size_t scan_label(const struct parser *p, size_t i)
{
	if (!starts_label(p, i))
		return i;
	while (i < p->len) {
		char c = p->text[i];
		if ((unsigned char)c >= 0x80) {
			size_t k = label_wide(p, i);
			if (!k)
				break;
			i += k;
		} else if (is_ascii_letter(c) || is_digit(c) || c == '\'') {
			i++;
		} else {
			break;
		}
	}
	return i;
}

static inline bool starts_element(const struct parser *p, size_t i)
{
	if (i >= p->len)
		return false;
	char c = p->text[i];
	return c == '[' || c == '+' || c == '-' || c == '<' || c == '=' ||
	       c == '&' || is_digit(c) || starts_label(p, i);
}

static size_t skip_hspace(const struct parser *p, size_t i)
{
	while (i < p->len && (p->text[i] == ' ' || p->text[i] == '\t'))
		i++;
	return i;
}

/* Skips white space and comments; true when there was any. */
static bool skip_blank(struct parser *p)
{
	const char *t = p->text;
	size_t i = p->pos, start = i;
	for (;;) {
		while (i < p->len && is_space(t[i]))
			i++;
		if (i < p->len && t[i] == '#') {
			const char *nl = memchr(t + i, '\n', p->len - i);
			i = nl ? (size_t)(nl - t) : p->len;
			continue;
		}
		break;
	}
	p->pos = i;
	return i != start;
}

/* A character that has no business where it is. */
static bool stray(struct parser *p, size_t i)
{
	uint32_t cp;
	size_t k = ab_utf8_decode(p->text + i, p->len - i, &cp);
	if (!k)
		return fail(p, i, "invalid UTF-8 (byte 0x%02X)",
			    (unsigned char)p->text[i]);
	if (cp >= 0xff01 && cp <= 0xff5e)
		return fail(p, i, "stray fullwidth character '%.*s': write '%c' "
			    "instead", (int)k, p->text + i, (char)(cp - 0xfee0));
	if (cp == 0x3001)
		return fail(p, i, "stray character '%.*s': write ',' instead",
			    (int)k, p->text + i);
	if (cp == 0x00a0 || cp == 0x3000)
		return fail(p, i, "stray non-ASCII space (U+%04X): write an "
			    "ordinary space", (unsigned)cp);
	if (cp == '\'')
		return fail(p, i, "stray character \"'\"");
	if (cp > ' ' && cp < 0x7f)
		return fail(p, i, "stray character '%c'", (char)cp);
	if (cp == 0x3002)
		return fail(p, i, "stray character '%.*s'", (int)k,
			    p->text + i);
	if (ab_utf8_unsafe(cp))
		return fail(p, i, "stray control or invisible character "
			    "(U+%04X)", (unsigned)cp);
	return fail(p, i, "stray character (U+%04X)", (unsigned)cp);
}

/* ---- Pass 1: NUL bytes and UTF-8 -------------------------------------- */

/* Whether any of the 8 bytes at s is NUL or not ASCII. */
static bool word_needs_look(const char *s)
{
	uint64_t v;
	memcpy(&v, s, sizeof v);
	const uint64_t ones = UINT64_C(0x0101010101010101);
	const uint64_t highs = UINT64_C(0x8080808080808080);
	return ((v - ones) & ~v & highs) || (v & highs);
}

static bool check_encoding(struct parser *p)
{
	const char *t = p->text;
	/* UTF-16's byte order mark (Windows' "Unicode" text): say what the
	 * file is, not which byte is bad. */
	if (p->len >= 2 && (((unsigned char)t[0] == 0xff && (unsigned char)t[1] == 0xfe) ||
			    ((unsigned char)t[0] == 0xfe && (unsigned char)t[1] == 0xff)))
		return fail(p, 0, "this file is UTF-16 text: save it as UTF-8");
	for (size_t i = 0; i < p->len;) {
		if (p->len - i >= 8 && !word_needs_look(t + i)) {
			i += 8;
			continue;
		}
		unsigned char c = (unsigned char)t[i];
		if (c - 1u < 0x7fu) { /* 0x01..0x7f */
			i++;
			continue;
		}
		if (!c)
			return fail(p, i, "NUL byte: a tree file is text");
		uint32_t cp;
		size_t k = ab_utf8_decode(t + i, p->len - i, &cp);
		if (!k)
			return fail(p, i, "invalid UTF-8 (byte 0x%02X)", c);
		i += k;
	}
	return true;
}

/* ---- Header lines ----------------------------------------------------- */

static const char *const header_keys[] = { "title", "root", "source",
					   "players", "bounds", "title.zh" };
enum { H_TITLE, H_ROOT, H_SOURCE, H_PLAYERS, H_BOUNDS, H_TITLE_ZH, H_COUNT };

static int header_key(const char *s, size_t n)
{
	for (int k = 0; k < H_COUNT; k++)
		if (strlen(header_keys[k]) == n &&
		    memcmp(header_keys[k], s, n) == 0)
			return k;
	return -1;
}

/* Whether a header line ("key:") starts at i, where a key is a word. */
static bool header_at(const struct parser *p, size_t i, size_t *key_end)
{
	size_t end = scan_label(p, i);
	if (end == i)
		return false;
	/* A key in another language: title.zh. */
	if (end + 1 < p->len && p->text[end] == '.' && starts_label(p, end + 1))
		end = scan_label(p, end + 1);
	size_t j = skip_hspace(p, end);
	if (j >= p->len || p->text[j] != ':')
		return false;
	*key_end = end;
	return true;
}

static char *copy_slice(const char *s, size_t n)
{
	char *c = ab_xmalloc(n + 1);
	memcpy(c, s, n);
	c[n] = '\0';
	return c;
}

/* `players: max min min`: the cycle of players by depth. */
static bool parse_players(struct parser *p, size_t v, size_t ve)
{
	const char *t = p->text;
	enum ab_player cycle[AB_MAX_PLAYERS];
	uint32_t count = 0;
	size_t i = v;
	for (;;) {
		while (i < ve && (t[i] == ' ' || t[i] == '\t' || t[i] == ','))
			i++;
		if (i >= ve)
			break;
		size_t w = i;
		while (i < ve && t[i] != ' ' && t[i] != '\t' && t[i] != ',')
			i++;
		int k = ab_player_of_word(t + w, i - w);
		if (k < 0)
			return fail(p, w, "bad player '%.*s' in 'players:': "
				    "expected max, min or chance",
				    (int)ab_utf8_prefix(t + w, i - w, 32), t + w);
		if (count == AB_MAX_PLAYERS)
			return fail(p, w, "too many players: a cycle has at "
				    "most %d entries", AB_MAX_PLAYERS);
		cycle[count++] = (enum ab_player)k;
	}
	if (!count)
		return fail(p, v, "expected max, min or chance after "
			    "'players:'");
	ab_tree_set_players(p->tree, cycle, count);
	return true;
}

/* Reads a number of the header slice at i, as the tree's own numbers. */
static bool header_number(struct parser *p, size_t i, size_t ve,
			  struct ab_exact *x, size_t *end);

/* `bounds: LO..HI`. */
static bool parse_bounds(struct parser *p, size_t v, size_t ve)
{
	const char *t = p->text;
	size_t i = v, end;
	struct ab_exact lo, hi;
	if (i >= ve)
		return fail(p, v, "expected LO..HI after 'bounds:', e.g. "
			    "'bounds: 0..10'");
	if (!header_number(p, i, ve, &lo, &end))
		return false;
	i = skip_hspace(p, end);
	if (i + 1 >= ve || t[i] != '.' || t[i + 1] != '.')
		return fail(p, i, "expected '..' between the bounds, e.g. "
			    "'bounds: 0..10'");
	i = skip_hspace(p, i + 2);
	if (!header_number(p, i, ve, &hi, &end))
		return false;
	if (skip_hspace(p, end) < ve)
		return fail(p, skip_hspace(p, end), "trailing text after "
			    "'bounds: LO..HI'");
	if ((ab_wide)lo.num * hi.den > (ab_wide)hi.num * lo.den)
		return fail(p, v, "bounds: the low bound is above the high "
			    "bound");
	p->lo = lo;
	p->hi = hi;
	p->plain = false;
	ab_tree_set_bounds(p->tree, lo, hi);
	return true;
}

/* With `players:`, `root:` may only repeat what the cycle says; without,
 * it starts the alternation. */
static bool check_root_players(struct parser *p, size_t root_at, bool root,
			       bool players)
{
	struct ab_tree *t = p->tree;
	if (root) {
		p->root_given = true;
		p->root_at = root_at;
	}
	enum ab_player r = p->root_word;
	if (players) {
		if (root && t->players[0] != r)
			return fail(p, root_at, "'root: %s' contradicts "
				    "'players:', whose first entry is %s",
				    ab_player_word(r), ab_player_word(t->players[0]));
		return true;
	}
	if (root) {
		enum ab_player cycle[2] = { r, r == AB_MAX ? AB_MIN : AB_MAX };
		ab_tree_set_players(t, cycle, 2);
	}
	return true;
}

/* Reads `key: value` lines until the tree starts; p->pos is left there. */
static bool parse_headers(struct parser *p)
{
	const char *t = p->text;
	size_t seen[H_COUNT];
	bool have[H_COUNT] = { false };
	for (;;) {
		skip_blank(p);
		size_t key = p->pos, key_end;
		if (!header_at(p, key, &key_end))
			return check_root_players(p, have[H_ROOT] ? seen[H_ROOT] : 0,
						  have[H_ROOT], have[H_PLAYERS]);
		size_t klen = key_end - key;
		int k = header_key(t + key, klen);
		if (k < 0)
			return fail(p, key, "unknown header key '%.*s': expected "
				    "title, title.zh, root, source, players or bounds",
				    (int)ab_utf8_prefix(t + key, klen, 32),
				    t + key);
		if (have[k]) {
			unsigned line, col;
			ab_diag_locate(t, p->len, seen[k], &line, &col);
			return fail(p, key, "duplicate header '%s:': already "
				    "given on line %u", header_keys[k], line);
		}
		have[k] = true;
		seen[k] = key;
		p->any_header = true;

		size_t v = skip_hspace(p, skip_hspace(p, key_end) + 1);
		size_t i = v;
		while (i < p->len && t[i] != '\n' && t[i] != '#') {
			unsigned char c = (unsigned char)t[i];
			if (c == '\r' && i + 1 < p->len && t[i + 1] == '\n')
				break;
			if (c >= 0x80) {
				uint32_t cp;
				size_t n = ab_utf8_decode(t + i, p->len - i, &cp);
				if (ab_utf8_unsafe(cp))
					return stray(p, i);
				i += n;
				continue;
			}
			if ((c < 0x20 && c != '\t') || c == 0x7f)
				return stray(p, i);
			i++;
		}
		size_t ve = i;
		while (ve > v && (t[ve - 1] == ' ' || t[ve - 1] == '\t'))
			ve--;
		p->pos = i;

		size_t vlen = ve - v;
		if (k == H_PLAYERS) {
			if (!parse_players(p, v, ve))
				return false;
			continue;
		}
		if (k == H_BOUNDS) {
			if (!parse_bounds(p, v, ve))
				return false;
			continue;
		}
		if (k == H_ROOT) {
			if (vlen == 3 && memcmp(t + v, "max", 3) == 0)
				p->root_word = AB_MAX;
			else if (vlen == 3 && memcmp(t + v, "min", 3) == 0)
				p->root_word = AB_MIN;
			else if (!vlen)
				return fail(p, v, "expected max or min after "
					    "'root:'");
			else
				return fail(p, v, "bad root player '%.*s%s': "
					    "expected max or min",
					    (int)ab_utf8_prefix(t + v, vlen, 32),
					    t + v, vlen > 32 ? "..." : "");
			continue;
		}
		char *text = copy_slice(t + v, vlen);
		if (k == H_TITLE)
			ab_tree_set_title(p->tree, text);
		else if (k == H_TITLE_ZH)
			ab_tree_set_title_zh(p->tree, text);
		else
			ab_tree_set_source(p->tree, text);
		free(text);
	}
}

/* ---- Pass 2: the X/Y/Z form ------------------------------------------- */

static bool has_top_slash(const char *t, size_t i, size_t len)
{
	/* Most trees have no '/' at all: memchr settles that quickly. */
	if (i >= len || !memchr(t + i, '/', len - i))
		return false;
	size_t depth = 0;
	for (; i < len; i++) {
		switch (t[i]) {
		case '[':
			depth++;
			break;
		case ']':
			if (!depth)
				return false;
			depth--;
			break;
		case '#': {
			const char *nl = memchr(t + i, '\n', len - i);
			if (!nl)
				return false;
			i = (size_t)(nl - t);
			break;
		}
		case '/':
			if (!depth)
				return true;
			break;
		default:
			break;
		}
	}
	return false;
}

/* ---- Pass 3: the tree expression -------------------------------------- */

static bool add_node(struct parser *p, uint32_t parent, size_t at,
		     size_t label, size_t labellen, ab_value value,
		     uint32_t *out)
{
	const char *t = p->text;
	const char *l = labellen ? t + label : NULL;
	switch (ab_tree_add(p->tree, parent, l, labellen, value, out)) {
	case AB_BUILD_OK:
		break;
	case AB_BUILD_DUPLICATE_LABEL: {
		char name[AB_MAX_LABEL + 1];
		memcpy(name, l, labellen);
		name[labellen] = '\0';
		uint32_t first = ab_tree_find(p->tree, name);
		size_t lo = 0, hi = p->nlabels;
		while (lo < hi) { /* labels[] is sorted by node */
			size_t mid = lo + (hi - lo) / 2;
			if (p->labels[mid].node < first)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < p->nlabels && p->labels[lo].node == first) {
			unsigned line, col;
			ab_diag_locate(t, p->len, p->labels[lo].pos, &line,
				       &col);
			return fail(p, label, "duplicate label '%s': first used "
				    "at line %u, column %u", name, line, col);
		}
		return fail(p, label, "duplicate label '%s'", name);
	}
	case AB_BUILD_RESERVED_LABEL:
		return fail(p, label, "the label 'root' is reserved for the "
			    "root");
	case AB_BUILD_TOO_MANY_NODES:
		return fail(p, at, "too many nodes: a tree has at most %u",
			    (unsigned)AB_MAX_NODES);
	case AB_BUILD_TOO_DEEP: /* the parser stops deeper lists first */
		return fail(p, at, "nesting too deep: at most %d levels "
			    "below the root", AB_MAX_DEPTH);
	}
	if (labellen) {
		if (p->nlabels == p->labels_cap) {
			p->labels_cap = p->labels_cap ? p->labels_cap * 2 : 64;
			p->labels = ab_xreallocarray(p->labels, p->labels_cap,
						     sizeof *p->labels);
		}
		p->labels[p->nlabels++] = (struct label_at){ *out,
							     (uint32_t)label };
	}
	return true;
}

/* Whether an exponent (e3, E-2) follows a number that ends at i: 1e3, as
 * programs print numbers, is said to be that, not "expected ','". */
static bool exponent_at(const struct parser *p, size_t i, size_t limit)
{
	const char *t = p->text;
	if (i == 0 || i + 1 >= limit || (t[i] != 'e' && t[i] != 'E') ||
	    t[i - 1] < '0' || t[i - 1] > '9')
		return false;
	size_t d = i + 1 + (t[i + 1] == '+' || t[i + 1] == '-');
	return d < limit && t[d] >= '0' && t[d] <= '9';
}

/* Reads a number at i, ending by limit: a decimal, or with allow_fraction
 * also a fraction (a probability). */
static bool read_number(struct parser *p, size_t i, size_t limit,
			bool allow_fraction, struct ab_exact *x, size_t *end)
{
	const char *t = p->text;
	switch (ab_number_parse(t + i, limit - i, allow_fraction, x, end, NULL)) {
	case AB_NUMBER_OK: {
		*end += i;
		if (exponent_at(p, *end, limit))
			return fail(p, *end, "no exponents in a tree file: write the number "
				    "out (1e3 is 1000)");
		return true;
	}
	case AB_NUMBER_NONE:
		if (i < limit && (t[i] == '+' || t[i] == '-'))
			return fail(p, i + 1, "expected a digit after '%c'", t[i]);
		return fail(p, i, "expected a number");
	case AB_NUMBER_TOO_LARGE:
		return fail(p, i, "number too large: values have at most %d "
			    "digits", AB_VALUE_DIGITS);
	case AB_NUMBER_TOO_PRECISE:
		return fail(p, i, "number too precise: at most %d digits after "
			    "the point", AB_VALUE_DECIMALS);
	case AB_NUMBER_BAD_POINT:
		return fail(p, i + *end, "expected a digit after the decimal "
			    "point");
	case AB_NUMBER_BAD_FRACTION:
		return fail(p, i, "bad fraction: expected 'N/D' with D a "
			    "whole number above 0");
	}
	return false;
}

static bool header_number(struct parser *p, size_t i, size_t ve,
			  struct ab_exact *x, size_t *end)
{
	return read_number(p, i, ve, false, x, end);
}

/* Whether "inf", "+inf" or "-inf" (a won or lost position, as engines
 * score them) is at i, not followed by more of a label; *end after it
 * and *v the infinity. */
static bool infinity_at(const struct parser *p, size_t i, size_t *end,
			ab_value *v)
{
	const char *t = p->text;
	bool minus = i < p->len && t[i] == '-';
	size_t j = i + (i < p->len && (t[i] == '-' || t[i] == '+'));
	if (p->len - j < 3 || memcmp(t + j, "inf", 3) != 0)
		return false;
	if (j + 3 < p->len && (is_ascii_letter(t[j + 3]) || is_digit(t[j + 3]) ||
			       (unsigned char)t[j + 3] >= 0x80 || t[j + 3] == '\''))
		return false;
	*end = j + 3;
	*v = minus ? AB_NEG_INF : AB_POS_INF;
	return true;
}

/* x as a raw value: an integer count of 10^-decimals. */
static ab_value raw_value(struct ab_exact x, unsigned decimals)
{
	return x.num * (ab_pow10(decimals) / x.den);
}

/* A value outside the declared bounds is an error at the value. */
static bool within_bounds(struct parser *p, size_t at, struct ab_exact x)
{
	if (!p->tree->has_bounds)
		return true;
	if ((ab_wide)x.num * p->lo.den < (ab_wide)p->lo.num * x.den ||
	    (ab_wide)x.num * p->hi.den > (ab_wide)p->hi.num * x.den) {
		struct ab_str a = AB_STR_INIT, lo = AB_STR_INIT, hi = AB_STR_INIT;
		ab_exact_format(x, &a);
		ab_exact_format(p->lo, &lo);
		ab_exact_format(p->hi, &hi);
		fail(p, at, "value %s is outside the declared bounds %s..%s",
		     a.s, lo.s, hi.s);
		ab_str_free(&a);
		ab_str_free(&lo);
		ab_str_free(&hi);
		return false;
	}
	return true;
}

/* The kind a new node at depth gets from the cycle. */
static enum ab_player level_kind(const struct parser *p, uint32_t depth)
{
	return p->tree->players[depth % p->tree->nplayers];
}

/* The list whose children are being read: the top of the stack, or in
 * the X/Y/Z form at the top level the added root's. */
static struct frame *open_list(struct parser *p)
{
	if (p->sp)
		return &p->stack[p->sp - 1];
	return p->slash ? &p->slash_root : NULL;
}

/* The probability before a child, "0.7:" or "1/3:", at i: true with
 * *has set when there is one (p->pos then after its ':'), true with *has
 * clear when the number at i is not one. */
static bool parse_probability(struct parser *p, uint32_t depth, bool *has,
			      struct ab_exact *prob)
{
	const char *t = p->text;
	size_t i = p->pos, end;
	*has = false;
	if (!(is_digit(t[i]) || t[i] == '+' || t[i] == '-'))
		return true;
	size_t inf_end;
	ab_value inf;
	if (infinity_at(p, i, &inf_end, &inf))
		return true; /* a value, never a probability */
	/* In the X/Y/Z form a '/' between the root's children separates. */
	bool fraction = !(p->slash && depth == 1);
	struct ab_exact x;
	if (!read_number(p, i, p->len, fraction, &x, &end))
		return false;
	size_t j = skip_hspace(p, end);
	if (j >= p->len || t[j] != ':') {
		if (fraction && memchr(t + i, '/', end - i))
			return fail(p, i, "a fraction is only written as a "
				    "probability ('1/3: X'); write a value as "
				    "a decimal");
		return true;
	}
	const struct frame *parent = open_list(p);
	if (!parent || !parent->chance)
		return fail(p, i, "a probability is only for a chance node's "
			    "children: write the parent as <chance>[...] or "
			    "give its level in 'players:'");
	if (x.num <= 0)
		return fail(p, i, "a probability must be greater than 0");
	if (x.num > x.den)
		return fail(p, i, "a probability is at most 1");
	*has = true;
	*prob = x;
	p->pos = j + 1;
	skip_blank(p);
	if (p->pos >= p->len || !starts_element(p, p->pos) ||
	    (t[p->pos] != '[' && !is_digit(t[p->pos]) && t[p->pos] != '-' &&
	     t[p->pos] != '+' && t[p->pos] != '<' && t[p->pos] != '=' &&
	     t[p->pos] != '&' &&
	     !starts_label(p, p->pos)))
		return fail(p, p->pos, "expected a child after the "
			    "probability");
	if (is_digit(t[p->pos]) || t[p->pos] == '+' || t[p->pos] == '-') {
		/* "0.5: 1/2" or a second probability are no values. */
		size_t k = p->pos, e;
		struct ab_exact y;
		if (ab_number_parse(t + k, p->len - k, true, &y, &e, NULL) ==
			    AB_NUMBER_OK &&
		    skip_hspace(p, k + e) < p->len && t[skip_hspace(p, k + e)] == ':')
			return fail(p, k, "two probabilities for one child");
	}
	return true;
}

/* Folds a child's probability into its chance parent's sum. */
static bool add_probability(struct parser *p, size_t at, struct ab_exact x)
{
	struct frame *f = open_list(p);
	int64_t den;
	if (!ab_lcm_within(f->prob_den, x.den, AB_VALUE_LIMIT, &den))
		return fail(p, at, "probabilities too fine: their denominators "
			    "have no common multiple within the exact range");
	f->prob_num = f->prob_num * (den / f->prob_den) +
		      (ab_wide)x.num * (den / x.den);
	f->prob_den = den;
	f->nprob++;
	return true;
}

/* At a chance node's ']': every child has a probability or none does, and
 * they sum to exactly 1. */
static bool close_chance(struct parser *p, const struct frame *f)
{
	uint32_t kids = p->tree->nodes[f->node].nkids;
	if (!f->nprob)
		return true;
	if (f->nprob != kids)
		return fail(p, f->open, "either every child of a chance node "
			    "has a probability or none has: %u of %u have one",
			    (unsigned)f->nprob, (unsigned)kids);
	if (f->prob_num != f->prob_den) {
		ab_wide n = f->prob_num, d = f->prob_den, a = n, b = d;
		while (b) {
			ab_wide r = a % b;
			a = b;
			b = r;
		}
		struct ab_str sum = AB_STR_INIT;
		if (n / a <= INT64_MAX)
			ab_exact_format((struct ab_exact){ (int64_t)(n / a),
							   (int64_t)(d / a) }, &sum);
		else
			ab_str_add(&sum, "more than 1");
		fail(p, f->open, "the probabilities of this chance node's "
		     "children sum to %s, not 1", sum.s);
		ab_str_free(&sum);
		return false;
	}
	return true;
}

/* A leaf whose value is +inf or -inf, ending at end. */
static bool add_infinite_leaf(struct parser *p, uint32_t parent, size_t at,
			      size_t label, size_t labellen, ab_value v,
			      size_t end, bool has_prob, struct ab_exact prob,
			      size_t prob_at, bool *leaf)
{
	if (p->tree->has_bounds)
		return fail(p, at, "value %s is outside the declared bounds: "
			    "a tree with bounds: has finite values",
			    v > 0 ? "+inf" : "-inf");
	if (has_prob)
		return fail(p, at, "an infinite value under a chance node has "
			    "no expectation: write a finite value");
	uint32_t node;
	if (!add_node(p, parent, at, label, labellen, v, &node))
		return false;
	if (p->first_infinite == SIZE_MAX)
		p->first_infinite = at;
	p->pos = end;
	*leaf = true;
	return true;
}

/* &NAME at p->pos, a child of parent: a placeholder leaf, resolved to a
 * copy of NAME's subtree once the whole file is read (expand_references). */
static bool parse_reference(struct parser *p, uint32_t parent, bool has_prob,
			    struct ab_exact prob, size_t prob_at, bool *leaf)
{
	const char *t = p->text;
	size_t at = p->pos, name = at + 1, end = scan_label(p, name);
	if (end == name)
		return fail(p, name, "expected a label after '&': &NAME stands "
			    "for the node labelled NAME");
	if (end - name > AB_MAX_LABEL)
		return fail(p, name, "label too long: at most %d bytes",
			    AB_MAX_LABEL);
	size_t after = skip_hspace(p, end);
	if (after < p->len && (t[after] == '[' || t[after] == '=' || t[after] == '<'))
		return fail(p, after, "unexpected '%c' after '&%.*s': a "
			    "transposition stands for that node, subtree and "
			    "all", t[after], (int)(end - name), t + name);
	uint32_t node;
	if (parent == AB_NONE)
		return fail(p, at, "the root cannot be a transposition: "
			    "&%.*s needs a parent", (int)(end - name), t + name);
	if (!add_node(p, parent, at, 0, 0, 0, &node))
		return false;
	if (has_prob) {
		ab_tree_set_prob(p->tree, node, (struct ab_prob){ prob.num, prob.den });
		if (!add_probability(p, prob_at, prob))
			return false;
	}
	if (p->nrefs == p->refs_cap) {
		p->refs_cap = p->refs_cap ? p->refs_cap * 2 : 16;
		p->refs = ab_xreallocarray(p->refs, p->refs_cap, sizeof *p->refs);
		p->ref_name_at = ab_xreallocarray(p->ref_name_at, p->refs_cap,
						  sizeof *p->ref_name_at);
	}
	size_t need = p->ref_names_len + (end - name) + 1;
	if (need > p->ref_names_cap) {
		p->ref_names_cap = need * 2;
		p->ref_names = ab_xrealloc(p->ref_names, p->ref_names_cap);
	}
	p->ref_name_at[p->nrefs] = (uint32_t)p->ref_names_len;
	memcpy(p->ref_names + p->ref_names_len, t + name, end - name);
	p->ref_names_len += end - name;
	p->ref_names[p->ref_names_len++] = '\0';
	p->refs[p->nrefs++] = (struct ab_ref){ node, AB_NONE, at };
	p->pos = end;
	*leaf = true;
	return true;
}

/* Reads one element (a leaf or the head of a list) at p->pos, whose parent
 * is parent and whose depth is depth: an optional probability, label,
 * <kind> and =static value before a '[', or a leaf's value.  A list's
 * frame is pushed; *leaf tells which it was. */
static bool parse_element(struct parser *p, uint32_t parent, uint32_t depth,
			  bool *leaf)
{
	const char *t = p->text;
	bool has_prob;
	struct ab_exact prob;
	size_t prob_at = p->pos;
	if (!parse_probability(p, depth, &has_prob, &prob))
		return false;
	size_t at = p->pos, i = at;
	if (t[at] == '&')
		return parse_reference(p, parent, has_prob, prob, prob_at, leaf);
	size_t label = at, labellen = 0;
	int kind = -1;
	bool has_static = false;
	struct ab_exact static_value = { 0, 1 };
	size_t static_at = 0;
	char c = t[i];
	size_t inf_end;
	ab_value inf;
	if (infinity_at(p, i, &inf_end, &inf))
		return add_infinite_leaf(p, parent, at, at, 0, inf, inf_end,
					 has_prob, prob, prob_at, leaf);
	if (c != '[' && c != '<' && c != '=' && !is_digit(c) && c != '-' &&
	    c != '+') {
		i = scan_label(p, i);
		labellen = i - at;
		if (labellen > AB_MAX_LABEL)
			return fail(p, at, "label too long: at most %d bytes",
				    AB_MAX_LABEL);
		int word = ab_player_of_word(t + at, labellen);
		if (word >= 0)
			return fail(p, at, "'%s' is a player, not a label: "
				    "write <%s>[...]", ab_player_word((enum ab_player)word),
				    ab_player_word((enum ab_player)word));
		i = skip_hspace(p, i);
	}
	if (i < p->len && t[i] == '<') {
		size_t w = i + 1, e = w;
		while (e < p->len && e - w < 16 && is_ascii_letter(t[e]))
			e++;
		kind = ab_player_of_word(t + w, e - w);
		if (kind < 0 || e >= p->len || t[e] != '>')
			return fail(p, i, "expected <max>, <min> or <chance>");
		if (parent == AB_NONE && p->root_given && kind != (int)p->root_word) {
			unsigned line, col;
			ab_diag_locate(t, p->len, p->root_at, &line, &col);
			return fail(p, i, "<%s> on the root contradicts 'root: %s' "
				    "on line %u", ab_player_word((enum ab_player)kind),
				    ab_player_word(p->root_word), line);
		}
		i = skip_hspace(p, e + 1);
		if (i >= p->len || (t[i] != '[' && t[i] != '='))
			return fail(p, i, "expected '[' after <%s>: only an inner "
				    "node has a player", ab_player_word((enum ab_player)kind));
	}
	if (i < p->len && t[i] == '=' && (labellen || kind >= 0 || i == at)) {
		i = skip_hspace(p, i + 1);
		if (labellen && kind < 0 && infinity_at(p, i, &inf_end, &inf)) {
			/* As for a number: B=inf[...] would be a static
			 * value, B=inf [...] is a leaf and a sibling (what
			 * ab_tree_write writes for a labelled infinite leaf
			 * before a list). */
			if (inf_end < p->len && t[inf_end] == '[')
				return fail(p, i, "a static value is finite: "
					    "+inf and -inf are for leaves");
			return add_infinite_leaf(p, parent, at, label, labellen,
						 inf, inf_end, has_prob, prob,
						 prob_at, leaf);
		}
		if (i >= p->len ||
		    !(is_digit(t[i]) || t[i] == '+' || t[i] == '-')) {
			if (labellen)
				return fail(p, i, "expected a number after "
					    "'%.*s='", (int)labellen, t + at);
			return fail(p, i, "expected a number after '='");
		}
		size_t end;
		if (!read_number(p, i, p->len, false, &static_value, &end))
			return false;
		static_at = i;
		has_static = true;
		/* B=5[...] is a static value; B1=3 [1 2] a leaf and a sibling. */
		i = end;
		if (!labellen || kind >= 0) {
			if (i >= p->len || t[i] != '[')
				return fail(p, i, "expected '[' after the static "
					    "value: only an inner node has one");
		}
		if (i >= p->len || t[i] != '[') {
			/* B1=3: a labelled leaf. */
			i = static_at;
			has_static = false;
		}
	} else if (labellen && (i >= p->len || t[i] != '[')) {
		if (i < p->len && (unsigned char)t[i] >= 0x80 &&
		    !label_wide(p, i))
			return stray(p, i);
		return fail(p, i, "expected '[' or '=' after the label "
			    "'%.*s'", (int)labellen, t + at);
	}
	uint32_t node;
	if (i < p->len && t[i] == '[') {
		if (depth >= AB_MAX_DEPTH)
			return fail(p, i, "nesting too deep: at most %d levels "
				    "below the root", AB_MAX_DEPTH);
		unsigned d = has_static ? ab_exact_decimals(static_value) : 0;
		if (has_static && !within_bounds(p, static_at, static_value))
			return false;
		if (!add_node(p, parent, at, label, labellen,
			      has_static ? raw_value(static_value, d) : 0, &node))
			return false;
		if (has_static) {
			ab_tree_set_static(p->tree, node, p->tree->nodes[node].value);
			ab_tree_set_decimals(p->tree, node, d);
		}
		if (kind >= 0)
			ab_tree_set_kind(p->tree, node, (enum ab_player)kind);
		if (has_prob) {
			ab_tree_set_prob(p->tree, node, (struct ab_prob){ prob.num, prob.den });
			if (!add_probability(p, prob_at, prob))
				return false;
		}
		if (p->sp == p->stack_cap) {
			p->stack_cap = p->stack_cap ? p->stack_cap * 2 : 64;
			p->stack = ab_xreallocarray(p->stack, p->stack_cap,
						    sizeof *p->stack);
		}
		enum ab_player k = kind >= 0 ? (enum ab_player)kind
					     : level_kind(p, depth);
		p->stack[p->sp++] = (struct frame){
			.node = node, .depth = depth, .open = i,
			.chance = k == AB_CHANCE, .prob_den = 1 };
		p->pos = i + 1;
		*leaf = false;
		return true;
	}
	if (labellen)
		i = skip_hspace(p, i + (t[i] == '=')); /* B1=3 */
	if (infinity_at(p, i, &inf_end, &inf))
		return add_infinite_leaf(p, parent, at, label, labellen, inf,
					 inf_end, has_prob, prob, prob_at, leaf);
	struct ab_exact x;
	size_t end = i;
	if (!read_number(p, i, p->len, false, &x, &end))
		return false;
	if (!within_bounds(p, i, x))
		return false;
	unsigned d = ab_exact_decimals(x);
	if (!add_node(p, parent, at, label, labellen, raw_value(x, d), &node))
		return false;
	if (d)
		ab_tree_set_decimals(p->tree, node, d);
	if (has_prob) {
		ab_tree_set_prob(p->tree, node, (struct ab_prob){ prob.num, prob.den });
		if (!add_probability(p, prob_at, prob))
			return false;
	}
	p->pos = end;
	*leaf = true;
	return true;
}

/* Something that cannot come next, at i. */
static bool unexpected(struct parser *p, size_t i)
{
	switch (p->text[i]) {
	case ']':
		return fail(p, i, "unexpected ']': no list is open");
	case ',':
		return fail(p, i, "unexpected ',': no list is open");
	case '/':
		return fail(p, i, "unexpected '/': only the root's children "
			    "are separated by '/'");
	case '=':
		return fail(p, i, "unexpected '=': only a label comes before "
			    "'='");
	default:
		return stray(p, i);
	}
}

/* The fast lane for the bulk of a big tree: unlabelled lists, plain
 * integers, commas, brackets and white space, inside a list.  It moves
 * through the same states as parse_expression's loop below and adds the
 * same nodes; at anything else (a label, a comment, a '+', an error, a
 * limit) it stops before that token, and before the white space leading to
 * it, so the loop sees exactly what it would have seen. */
static void fast_lane(struct parser *p, enum state *state)
{
	const char *t = p->text;
	size_t len = p->len, i = p->pos, resume = i;
	enum state st = *state;
	bool blank = false;
	/* Bounds to check, or a chance node's probabilities to add up: the
	 * loop below does those. */
	if (!p->plain || p->stack[p->sp - 1].chance)
		return;
	while (i < len && p->sp) {
		char c = t[i];
		if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
			blank = true;
			i++;
			continue;
		}
		struct frame *top = &p->stack[p->sp - 1];
		if (st == LIST_AFTER && (c == ']' || c == ',')) {
			if (c == ']' && top->chance)
				break; /* probabilities to add up: the loop does */
			i++;
			if (c == ',') {
				st = LIST_COMMA;
			} else {
				p->sp--;
				st = p->sp ? LIST_AFTER : TOP_AFTER;
			}
			resume = i;
			blank = false;
			continue;
		}
		if (st == LIST_AFTER && !blank)
			break;
		if (p->tree->count >= AB_MAX_NODES)
			break;
		if (c == '[') {
			uint32_t depth = top->depth + 1;
			if (depth >= AB_MAX_DEPTH)
				break;
			uint32_t node = ab_tree_add_plain(p->tree, top->node, 0);
			if (p->sp == p->stack_cap) {
				p->stack_cap *= 2;
				p->stack = ab_xreallocarray(p->stack, p->stack_cap,
							    sizeof *p->stack);
			}
			bool chance = level_kind(p, depth) == AB_CHANCE;
			p->stack[p->sp++] = (struct frame){
				.node = node, .depth = depth, .open = i,
				.chance = chance, .prob_den = 1 };
			st = LIST_OPENED;
			if (chance) {
				/* Its children may carry probabilities. */
				i++;
				resume = i;
				blank = false;
				break;
			}
		} else {
			size_t j = i + (c == '-');
			if (j >= len || !is_digit(t[j]))
				break;
			while (j < len && t[j] == '0')
				j++;
			size_t first = j;
			ab_value v = 0;
			while (j < len && is_digit(t[j]) &&
			       j - first < AB_VALUE_DIGITS)
				v = v * 10 + (t[j++] - '0');
			if (j < len && (is_digit(t[j]) || t[j] == '.' ||
					t[j] == ':' || t[j] == '/'))
				break; /* too many digits, a decimal or a
					  probability: the loop reads it */
			ab_tree_add_plain(p->tree, top->node, c == '-' ? -v : v);
			i = j - 1;
			st = LIST_AFTER;
		}
		i++;
		resume = i;
		blank = false;
	}
	p->pos = resume;
	*state = st;
}

static bool parse_expression(struct parser *p)
{
	const char *t = p->text;
	enum state state = TOP_FIRST;
	p->tree_start = p->pos;
	p->slash = has_top_slash(t, p->pos, p->len);
	if (p->slash && !add_node(p, AB_NONE, p->pos, 0, 0, 0, NULL))
		return false;
	if (p->slash)
		p->slash_root = (struct frame){
			.node = 0, .depth = 0, .open = p->pos,
			.chance = level_kind(p, 0) == AB_CHANCE, .prob_den = 1 };
	for (;;) {
		if (p->sp)
			fast_lane(p, &state);
		bool blank = skip_blank(p);
		size_t i = p->pos;
		bool eof = i >= p->len;
		bool leaf;
		if (!p->sp) {
			switch (state) {
			case TOP_FIRST:
			case TOP_NEXT:
				if (eof && state == TOP_NEXT)
					return fail(p, i, "expected a subtree "
						    "after '/'");
				if (eof && p->any_header)
					return fail(p, i, "no tree after the "
						    "header lines");
				if (eof && memchr(p->text, '#', p->len))
					return fail(p, 0, "no tree: the file has only "
						    "comments");
				if (eof)
					return fail(p, 0, "empty file: no tree");
				if (t[i] == '/')
					return fail(p, i, state == TOP_FIRST
						    ? "expected a subtree before '/'"
						    : "empty element: expected a "
						      "subtree between the '/'s");
				if (!starts_element(p, i))
					return unexpected(p, i);
				if (!parse_element(p, p->slash ? 0 : AB_NONE,
						   p->slash ? 1 : 0, &leaf))
					return false;
				if (leaf && !p->slash) {
					/* "A=1e2[...]": what follows the leaf is
					 * the mistake, not the leaf. */
					skip_blank(p);
					char next = p->pos < p->len ? t[p->pos] : '\0';
					if (next && !is_digit(next) && next != '-' &&
					    next != '+' && next != '[')
						return unexpected(p, p->pos);
					return fail(p, i, "the root is a leaf: a "
						    "game tree needs at least "
						    "one move");
				}
				state = leaf ? TOP_AFTER : LIST_OPENED;
				continue;
			case TOP_AFTER: {
				size_t key_end;
				if (eof)
					return !p->slash || !p->slash_root.chance ||
					       close_chance(p, &p->slash_root);
				if (t[i] == '/' && p->slash) {
					p->pos++;
					state = TOP_NEXT;
					continue;
				}
				if (t[i] == ']')
					return unexpected(p, i);
				if (header_at(p, i, &key_end))
					return fail(p, i, "header lines must "
						    "come before the tree");
				return fail(p, i, "trailing text after the "
					    "tree");
			}
			default:
				break;
			}
		}
		const struct frame *top = &p->stack[p->sp - 1];
		if (eof)
			return fail(p, top->open, "unbalanced '[': this list "
				    "is never closed");
		char c = t[i];
		if (state == LIST_AFTER && c == ']') {
			if (top->chance && !close_chance(p, top))
				return false;
			p->sp--;
			p->pos++;
			state = p->sp ? LIST_AFTER : TOP_AFTER;
			continue;
		}
		if (state == LIST_AFTER && c == ',') {
			p->pos++;
			state = LIST_COMMA;
			continue;
		}
		if (c == ']' && state == LIST_OPENED)
			return fail(p, top->open, "empty list '[]': an inner "
				    "node needs at least one child");
		if (c == ']')
			return fail(p, i, "empty element: expected a child "
				    "after ','");
		if (c == ',')
			return fail(p, i, state == LIST_OPENED
				    ? "empty element: expected a child before ','"
				    : "empty element: expected a child between "
				      "the commas");
		if (!starts_element(p, i))
			return unexpected(p, i);
		/* Siblings need a separator, except "][" ([[1 2][3 4]]). */
		if (state == LIST_AFTER && !blank && exponent_at(p, i, p->len))
			return fail(p, i, "no exponents in a tree file: write the number "
				    "out (1e3 is 1000)");
		if (state == LIST_AFTER && !blank && !(c == '[' && i > 0 && t[i - 1] == ']'))
			return fail(p, i, "expected ',' or ']' after this "
				    "child");
		if (!parse_element(p, top->node, top->depth + 1, &leaf))
			return false;
		state = leaf ? LIST_AFTER : LIST_OPENED;
	}
}

/* Each &NAME replaced by a copy of NAME's subtree (core/transpose.c); an
 * error points at the reference. */
static bool expand_references(struct parser *p)
{
	if (!p->nrefs)
		return true;
	for (size_t i = 0; i < p->nrefs; i++) {
		const char *name = p->ref_names + p->ref_name_at[i];
		uint32_t n = ab_tree_find(p->tree, name);
		const char *label = n == AB_NONE ? NULL : ab_tree_label(p->tree, n);
		p->refs[i].target = label && strcmp(label, name) == 0 ? n : AB_NONE;
	}
	struct ab_transpose_error err;
	struct ab_tree *t = ab_transpose_expand(p->tree, p->refs, p->nrefs, &err);
	if (t) {
		ab_tree_free(p->tree);
		p->tree = t;
		return true;
	}
	const char *name = p->ref_names + p->ref_name_at[err.ref];
	size_t at = p->refs[err.ref].at;
	switch (err.kind) {
	case AB_TRANSPOSE_DANGLING:
		return fail(p, at, "no node is labelled '%s' (&%s names a "
			    "labelled node)", name, name);
	case AB_TRANSPOSE_CYCLE:
		return fail(p, at, "&%s makes a cycle: the node labelled '%s' "
			    "contains this reference, directly or through "
			    "another", name, name);
	case AB_TRANSPOSE_PLAYER:
		return fail(p, at, "&%s is at a %s level, but '%s' is a %s "
			    "node: a transposition is the same position, with "
			    "the same player to move", name,
			    ab_player_word(err.want), name, ab_player_word(err.have));
	case AB_TRANSPOSE_TOO_MANY:
		return fail(p, at, "too many nodes: with its transpositions "
			    "laid out, a tree has at most %u",
			    (unsigned)AB_MAX_NODES);
	case AB_TRANSPOSE_TOO_DEEP:
		return fail(p, at, "nesting too deep: with its transpositions "
			    "laid out, at most %d levels below the root",
			    AB_MAX_DEPTH);
	case AB_TRANSPOSE_OK:
		break;
	}
	return true;
}

/* Chooses the exact scale (ab_tree_settle); an error names the node. */
static bool settle(struct parser *p)
{
	uint32_t bad;
	enum ab_settle_error why;
	if (ab_tree_settle(p->tree, &bad, &why))
		return true;
	struct ab_str name = AB_STR_INIT;
	if (bad != AB_NONE)
		ab_tree_name(p->tree, bad, &name);
	if (why == AB_SETTLE_SCALE_RANGE)
		fail(p, p->tree_start, "exact arithmetic out of range at node "
		     "%s: its probabilities and the values' decimals need a "
		     "finer unit than %lld parts", ab_str_cstr(&name),
		     (long long)AB_VALUE_LIMIT);
	else if (bad == AB_NONE)
		fail(p, p->tree_start, "exact arithmetic out of range: the "
		     "bounds are too large for the decimals and probabilities "
		     "of this tree");
	else
		fail(p, p->tree_start, "exact arithmetic out of range at node "
		     "%s: its value is too large for the decimals and "
		     "probabilities of this tree", ab_str_cstr(&name));
	ab_str_free(&name);
	return false;
}

struct ab_tree *ab_parse_tree(const char *text, size_t len,
			      struct ab_diag *diag)
{
	/* A byte order mark is skipped, and positions count from after it,
	 * as editors show the file. */
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		text += 3;
		len -= 3;
	}
	struct parser p = { 0 };
	p.plain = true;
	p.first_infinite = SIZE_MAX;
	p.text = text;
	p.len = len;
	p.diag = diag;
	p.tree = ab_tree_new();
	/* Every node takes at least two bytes (a leaf and its separator, or a
	 * list's brackets), so a big text gets room for len / 2 + 1 nodes at
	 * once. */
	if (len >= 1u << 20)
		ab_tree_reserve(p.tree, len / 2 < AB_MAX_NODES
					? (uint32_t)(len / 2 + 1) : AB_MAX_NODES);
	bool ok = check_encoding(&p) && parse_headers(&p) &&
		  parse_expression(&p);
	free(p.stack);
	free(p.labels);
	if (ok) {
		ab_tree_finish(p.tree);
		ok = expand_references(&p);
	}
	if (ok && p.first_infinite != SIZE_MAX && p.tree->nchance)
		ok = fail(&p, p.first_infinite, "an infinite value in a tree "
			  "with chance nodes: an expectation over it has no "
			  "finite value; write a finite one");
	free(p.refs);
	free(p.ref_names);
	free(p.ref_name_at);
	if (!ok) {
		ab_tree_free(p.tree);
		return NULL;
	}
	if (!settle(&p)) {
		ab_tree_free(p.tree);
		return NULL;
	}
	return p.tree;
}
