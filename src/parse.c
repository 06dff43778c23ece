/* parse.c - tree-file text to a tree (DESIGN.md, "Tree files").
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
#include "parse.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "utf8.h"

struct frame {
	uint32_t node;  /* the list's node */
	uint32_t depth; /* that node's depth */
	size_t open;    /* offset of its '[' */
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
};

static bool fail(struct parser *p, size_t pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool fail(struct parser *p, size_t pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	/* Messages are translated here (xgettext: --keyword=fail:3). */
	ab_diag_vat(p->diag, p->text, p->len, pos, _(fmt), ap);
	va_end(ap);
	return false;
}

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
	return c == '[' || c == '+' || c == '-' || is_digit(c) ||
	       starts_label(p, i);
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

static const char *const header_keys[] = { "title", "root", "source" };
enum { H_TITLE, H_ROOT, H_SOURCE, H_COUNT };

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

/* Reads `key: value` lines until the tree starts; p->pos is left there. */
static bool parse_headers(struct parser *p)
{
	const char *t = p->text;
	size_t seen[H_COUNT];
	bool have[H_COUNT] = { false, false, false };
	for (;;) {
		skip_blank(p);
		size_t key = p->pos, key_end;
		if (!header_at(p, key, &key_end))
			return true;
		size_t klen = key_end - key;
		int k = header_key(t + key, klen);
		if (k < 0)
			return fail(p, key, "unknown header key '%.*s': expected "
				    "title, root or source",
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
		if (k == H_ROOT) {
			if (vlen == 3 && memcmp(t + v, "max", 3) == 0)
				p->tree->root_player = AB_MAX;
			else if (vlen == 3 && memcmp(t + v, "min", 3) == 0)
				p->tree->root_player = AB_MIN;
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

/* Reads an integer at i: an optional sign and at most AB_VALUE_DIGITS
 * significant digits. */
static bool parse_number(struct parser *p, size_t i, ab_value *value,
			 size_t *end)
{
	const char *t = p->text;
	size_t start = i;
	bool neg = false;
	if (t[i] == '+' || t[i] == '-') {
		neg = t[i] == '-';
		i++;
		if (i >= p->len || !is_digit(t[i]))
			return fail(p, i, "expected a digit after '%c'",
				    t[start]);
	}
	while (i < p->len && t[i] == '0')
		i++;
	size_t first = i;
	ab_value v = 0;
	for (; i < p->len && is_digit(t[i]); i++) {
		if (i - first >= AB_VALUE_DIGITS)
			return fail(p, start, "number too large: values have "
				    "at most %d digits", AB_VALUE_DIGITS);
		v = v * 10 + (t[i] - '0');
	}
	*value = neg ? -v : v;
	*end = i;
	return true;
}

/* Reads one element (a leaf or the head of a list) at p->pos, whose parent
 * is parent and whose depth is depth.  A list's frame is pushed; *leaf
 * tells which it was. */
static bool parse_element(struct parser *p, uint32_t parent, uint32_t depth,
			  bool *leaf)
{
	const char *t = p->text;
	size_t at = p->pos, i = at;
	size_t label = at, labellen = 0;
	char c = t[i];
	if (c != '[' && !is_digit(c) && c != '-' && c != '+') {
		i = scan_label(p, i);
		labellen = i - at;
		if (labellen > AB_MAX_LABEL)
			return fail(p, at, "label too long: at most %d bytes",
				    AB_MAX_LABEL);
		i = skip_hspace(p, i);
		if (i < p->len && t[i] == '=') {
			i = skip_hspace(p, i + 1);
			if (i >= p->len ||
			    !(is_digit(t[i]) || t[i] == '+' || t[i] == '-'))
				return fail(p, i, "expected a number after "
					    "'%.*s='", (int)labellen, t + at);
		} else if (i >= p->len || t[i] != '[') {
			if (i < p->len && (unsigned char)t[i] >= 0x80 &&
			    !label_wide(p, i))
				return stray(p, i);
			return fail(p, i, "expected '[' or '=' after the label "
				    "'%.*s'", (int)labellen, t + at);
		}
	}
	uint32_t node;
	if (t[i] == '[') {
		if (depth >= AB_MAX_DEPTH)
			return fail(p, i, "nesting too deep: at most %d levels "
				    "below the root", AB_MAX_DEPTH);
		if (!add_node(p, parent, at, label, labellen, 0, &node))
			return false;
		if (p->sp == p->stack_cap) {
			p->stack_cap = p->stack_cap ? p->stack_cap * 2 : 64;
			p->stack = ab_xreallocarray(p->stack, p->stack_cap,
						    sizeof *p->stack);
		}
		p->stack[p->sp++] = (struct frame){ node, depth, i };
		p->pos = i + 1;
		*leaf = false;
		return true;
	}
	ab_value value = 0;
	size_t end = i;
	if (!parse_number(p, i, &value, &end))
		return false;
	if (!add_node(p, parent, at, label, labellen, value, &node))
		return false;
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
	while (i < len && p->sp) {
		char c = t[i];
		if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
			blank = true;
			i++;
			continue;
		}
		struct frame *top = &p->stack[p->sp - 1];
		if (st == LIST_AFTER && (c == ']' || c == ',')) {
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
			uint32_t node;
			ab_tree_add(p->tree, top->node, NULL, 0, 0, &node);
			if (p->sp == p->stack_cap) {
				p->stack_cap *= 2;
				p->stack = ab_xreallocarray(p->stack, p->stack_cap,
							    sizeof *p->stack);
			}
			p->stack[p->sp++] = (struct frame){ node, depth, i };
			st = LIST_OPENED;
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
			if (j < len && is_digit(t[j]))
				break; /* too many digits: the loop says so */
			ab_tree_add(p->tree, top->node, NULL, 0,
				    c == '-' ? -v : v, NULL);
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
	p->slash = has_top_slash(t, p->pos, p->len);
	if (p->slash && !add_node(p, AB_NONE, p->pos, 0, 0, 0, NULL))
		return false;
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
				if (leaf && !p->slash)
					return fail(p, i, "the root is a leaf: a "
						    "game tree needs at least "
						    "one move");
				state = leaf ? TOP_AFTER : LIST_OPENED;
				continue;
			case TOP_AFTER: {
				size_t key_end;
				if (eof)
					return true;
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
		if (state == LIST_AFTER && !blank)
			return fail(p, i, "expected ',' or ']' after this "
				    "child");
		if (!parse_element(p, top->node, top->depth + 1, &leaf))
			return false;
		state = leaf ? LIST_AFTER : LIST_OPENED;
	}
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
	if (!ok) {
		ab_tree_free(p.tree);
		return NULL;
	}
	ab_tree_finish(p.tree);
	return p.tree;
}
