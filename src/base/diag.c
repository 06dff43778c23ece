/* diag.c - locating an error in text and making the report safe to print.
 *
 * The text may be anything a user or an attacker hands us: a 50 MB line,
 * escape sequences, invalid UTF-8.  So the excerpt is a window of about
 * WINDOW characters around the error, with every control character, NUL and
 * invalid byte shown as '?', and the caret pad repeats the excerpt's tabs
 * and counts wide characters twice so that the caret lands under the
 * offending character.  A parser that locates many places of one text
 * (every item of an answer file, every failed claim of a lesson) does it
 * through struct ab_lines, an index of the line starts built once, so
 * locating stays linear in the file however many places there are.
 */
#include "base/diag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/utf8.h"

enum {
	WINDOW = 70,        /* characters shown of a long line */
	BEFORE = 30,        /* of which at most this many before the caret */
	WHOLE_LINE = 76,    /* a line this short is shown whole */
	BUDGET = 240,       /* bytes of excerpt text, without the "..." marks */
};

/* Cuts a message that vsnprintf truncated back to a whole character. */
static void trim_partial_utf8(char *s)
{
	size_t n = strlen(s);
	size_t k = n;
	while (k > 0 && ((unsigned char)s[k - 1] & 0xc0) == 0x80)
		k--;
	if (k == 0)
		return;
	uint32_t cp;
	if (((unsigned char)s[k - 1] & 0x80) &&
	    ab_utf8_decode(s + k - 1, n - (k - 1), &cp) != n - (k - 1))
		s[k - 1] = '\0';
}

static void set_message(struct ab_diag *diag, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

static void set_message(struct ab_diag *diag, const char *fmt, va_list ap)
{
	int n = vsnprintf(diag->message, sizeof diag->message, fmt, ap);
	if (n < 0)
		diag->message[0] = '\0';
	else if ((size_t)n >= sizeof diag->message)
		trim_partial_utf8(diag->message);
}

/* One character of a line: its length in bytes (at least 1, an invalid byte
 * on its own) and the code point, or UINT32_MAX for an invalid byte. */
static size_t next_char(const char *s, size_t n, uint32_t *cp)
{
	size_t k = ab_utf8_decode(s, n, cp);
	if (!k) {
		*cp = UINT32_MAX;
		k = 1;
	}
	return k;
}

void ab_diag_locate(const char *text, size_t len, size_t pos, unsigned *line,
		    unsigned *column)
{
	if (pos > len)
		pos = len;
	size_t ls = pos;
	while (ls > 0 && text[ls - 1] != '\n')
		ls--;
	unsigned l = 1;
	for (const char *p = text, *stop = text + ls;
	     (p = memchr(p, '\n', (size_t)(stop - p))) != NULL; p++)
		l++;
	unsigned c = 1;
	uint32_t cp;
	for (size_t i = ls; i < pos; c++)
		i += next_char(text + i, len - i, &cp);
	*line = l;
	*column = c;
}

void ab_lines_init(struct ab_lines *lines, const char *text, size_t len)
{
	*lines = (struct ab_lines){ .text = text, .len = len, .line = 1, .column = 1 };
}

void ab_lines_free(struct ab_lines *lines)
{
	free(lines->starts);
	lines->starts = NULL;
}

static void index_lines(struct ab_lines *l)
{
	const char *text = l->text, *end = text + l->len;
	size_t n = 1;
	for (const char *p = text; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		n++;
	l->starts = ab_xreallocarray(NULL, n, sizeof *l->starts);
	l->starts[0] = 0;
	l->count = 1;
	for (const char *p = text; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		l->starts[l->count++] = (size_t)(p - text) + 1;
}

void ab_lines_locate(struct ab_lines *l, size_t pos, unsigned *line,
		     unsigned *column)
{
	if (pos > l->len)
		pos = l->len;
	if (!l->starts)
		index_lines(l);
	/* The last line that starts at or before pos. */
	size_t lo = 0, hi = l->count;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->starts[mid] <= pos)
			lo = mid;
		else
			hi = mid;
	}
	/* Characters are counted as ab_diag_locate counts them, from the
	 * line's start, or on from the character boundary reached last. */
	size_t i = l->starts[lo];
	unsigned c = 1;
	if (l->line == lo + 1 && l->at >= i && l->at <= pos) {
		i = l->at;
		c = l->column;
	}
	uint32_t cp;
	for (; i < pos; c++)
		i += next_char(l->text + i, l->len - i, &cp);
	l->at = i;
	l->line = (unsigned)(lo + 1);
	l->column = c;
	*line = l->line;
	*column = c;
}

struct excerpt {
	struct ab_diag *diag;
	size_t len, pad; /* bytes used in excerpt and caret_pad */
};

static bool put(struct excerpt *e, const char *s, size_t n)
{
	if (e->len + n + 4 > sizeof e->diag->excerpt) /* room for "...\0" */
		return false;
	memcpy(e->diag->excerpt + e->len, s, n);
	e->len += n;
	e->diag->excerpt[e->len] = '\0';
	return true;
}

static void pad(struct excerpt *e, char c, int times)
{
	for (int i = 0; i < times && e->pad + 1 < sizeof e->diag->caret_pad;
	     i++)
		e->diag->caret_pad[e->pad++] = c;
	e->diag->caret_pad[e->pad] = '\0';
}

/* Copies characters of [from, end) as safe text, at most max of them, and
 * pads for those before pos.  Returns where it stopped. */
static size_t render(struct excerpt *e, const char *text, size_t from,
		     size_t end, size_t pos, size_t max)
{
	size_t i = from;
	for (size_t count = 0; i < end && count < max; count++) {
		if (i == pos || (i > pos && e->diag->caret == (unsigned)-1))
			e->diag->caret = (unsigned)e->len;
		uint32_t cp;
		size_t k = next_char(text + i, end - i, &cp);
		const char *show = text + i;
		size_t shown = k;
		int width = 1;
		char fill = ' ';
		if (cp == '\t') {
			fill = '\t';
		} else if (cp == UINT32_MAX || ab_utf8_unsafe(cp)) {
			show = "?";
			shown = 1;
		} else {
			width = ab_utf8_width(cp);
		}
		if (e->len + shown > BUDGET + 3 || !put(e, show, shown))
			break;
		if (i < pos)
			pad(e, fill, width);
		i += k;
	}
	if (e->diag->caret == (unsigned)-1 && i >= pos)
		e->diag->caret = (unsigned)e->len;
	return i;
}

void ab_diag_at(struct ab_diag *diag, const char *text, size_t len, size_t pos,
		const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ab_diag_vat(diag, text, len, pos, fmt, ap);
	va_end(ap);
}

bool ab_diag_fail(struct ab_diag *diag, const char *text, size_t len,
		  size_t pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ab_diag_vat(diag, text, len, pos, _(fmt), ap);
	va_end(ap);
	return false;
}

static void diag_vat(struct ab_diag *diag, const char *text, size_t len, size_t pos,
		     struct ab_lines *lines, const char *fmt, va_list ap)
	__attribute__((format(printf, 6, 0)));

void ab_diag_vat(struct ab_diag *diag, const char *text, size_t len, size_t pos,
		 const char *fmt, va_list ap)
{
	diag_vat(diag, text, len, pos, NULL, fmt, ap);
}

void ab_diag_at_lines(struct ab_diag *diag, struct ab_lines *lines, size_t pos,
		      const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vat(diag, lines->text, lines->len, pos, lines, fmt, ap);
	va_end(ap);
}

/* The error at pos, located through lines when given. */
static void diag_vat(struct ab_diag *diag, const char *text, size_t len, size_t pos,
		     struct ab_lines *lines, const char *fmt, va_list ap)
{
	set_message(diag, fmt, ap);

	if (pos > len)
		pos = len;
	/* The end of a file that ends its last line is shown at the end of
	 * that line, not on an empty line after it. */
	if (pos == len && pos > 0 && text[pos - 1] == '\n') {
		pos--;
		if (pos > 0 && text[pos - 1] == '\r')
			pos--;
	}
	if (lines)
		ab_lines_locate(lines, pos, &diag->line, &diag->column);
	else
		ab_diag_locate(text, len, pos, &diag->line, &diag->column);

	size_t ls = pos;
	while (ls > 0 && text[ls - 1] != '\n')
		ls--;
	const char *nl = memchr(text + pos, '\n', len - pos);
	size_t le = nl ? (size_t)(nl - text) : len;
	if (le > pos && text[le - 1] == '\r')
		le--;

	/* Where to start: the line's start, or BEFORE characters before the
	 * caret (the starts of the last few characters are kept in a ring). */
	size_t ring[BEFORE + 1];
	size_t before = 0;
	uint32_t cp;
	for (size_t i = ls; i < pos; before++) {
		ring[before % (BEFORE + 1)] = i;
		i += next_char(text + i, len - i, &cp);
	}
	bool whole = false;
	if (le - ls <= BUDGET) {
		size_t count = before;
		for (size_t i = pos; i < le; count++)
			i += next_char(text + i, le - i, &cp);
		whole = count <= WHOLE_LINE;
	}
	size_t start = ls;
	if (!whole && before > BEFORE)
		start = ring[(before - BEFORE) % (BEFORE + 1)];

	struct excerpt e = { diag, 0, 0 };
	diag->excerpt[0] = '\0';
	diag->caret_pad[0] = '\0';
	diag->caret = (unsigned)-1;
	if (start > ls) {
		put(&e, "...", 3);
		pad(&e, ' ', 3);
	}
	size_t stop = render(&e, text, start, le, pos,
			     whole ? WHOLE_LINE : WINDOW);
	if (stop < le) {
		memcpy(diag->excerpt + e.len, "...", 4);
		e.len += 3;
	}
}

void ab_diag_set(struct ab_diag *diag, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	set_message(diag, fmt, ap);
	va_end(ap);
	diag->line = 0;
	diag->column = 0;
	diag->excerpt[0] = '\0';
	diag->caret = 0;
	diag->caret_pad[0] = '\0';
}

void ab_diag_format(const struct ab_diag *diag, const char *name,
		    struct ab_str *out)
{
	/* The name in the house form every report writes names in (utf8.h),
	 * the message as text in the same notation. */
	ab_utf8_add_name(out, name);
	if (diag->line)
		ab_str_addf(out, ":%u:%u", diag->line, diag->column);
	/* TRANSLATORS: the word compilers write before a message, as in
	   "lecture.tree:1:5: error: empty element"; keep the colons. */
	ab_str_add(out, _(": error: "));
	ab_utf8_add_safe(out, diag->message, strlen(diag->message));
	ab_str_addc(out, '\n');
	if (!diag->line)
		return;
	/* The excerpt is already safe; tabs are kept so the pad lines up. */
	ab_str_addc(out, ' ');
	ab_str_add(out, diag->excerpt);
	ab_str_add(out, "\n ");
	ab_str_add(out, diag->caret_pad);
	ab_str_add(out, "^\n");
}
