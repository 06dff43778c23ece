/* log.c - a program's log, read line by line into entries (log.h).
 *
 * Each line is one of three things: skipped (blank, or a '#' comment), an
 * event in the plain format or as a JSON object, or noise.  A line whose
 * first word is an event's but which does not read as one ("value of x
 * is 3", "best move") is noise too: printf debugging shares a program's
 * output with the log, and only the lines that read whole are the log's.
 * A PATH of indices that leads nowhere in the tree is kept (the program
 * searched another tree, or counts from 0): diff reports it where it
 * matters.  A name no node has is noise, like any other stray word.
 */
#include "testing/log.h"

#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/utf8.h"

static const char *const kind_words[] = {
#define AB_LOG_KIND_WORD(name, word) word,
	AB_LOG_KINDS(AB_LOG_KIND_WORD)
#undef AB_LOG_KIND_WORD
};

const char *ab_log_kind_word(enum ab_log_kind kind)
{
	return (unsigned)kind < AB_LOG_KIND_COUNT ? kind_words[kind] : "?";
}

/* ---- Numbers ------------------------------------------------------------ */

typedef ab_uwide uwide;

static uwide gcd_wide(uwide a, uwide b)
{
	while (b) {
		uwide t = a % b;
		a = b;
		b = t;
	}
	return a;
}

enum number { NOT_A_NUMBER, EXACT, NO_VALUE };

/* Reads s (n bytes) as [+-]D[.D][(e|E)[+-]D] or [+-]D/D: EXACT with *x,
 * NO_VALUE for a number no int64 fraction holds (no value of any tree),
 * NOT_A_NUMBER otherwise.  Exponents are read so that a program printing
 * doubles (1e+09, 3.0) is understood. */
static enum number parse_exact(const char *s, size_t n, struct ab_exact *x)
{
	const uwide cap = (uwide)1 << 120;
	size_t i = 0;
	bool neg = false;
	if (i < n && (s[i] == '+' || s[i] == '-'))
		neg = s[i++] == '-';
	uwide num = 0, den = 1;
	bool big = false;
	long exp10 = 0;
	size_t start = i;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
		if (num >= cap / 10)
			big = true;
		else
			num = num * 10 + (unsigned)(s[i] - '0');
	}
	if (i == start)
		return NOT_A_NUMBER;
	if (i < n && s[i] == '/') {
		size_t d = ++i;
		den = 0;
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
			if (den >= cap / 10)
				big = true;
			else
				den = den * 10 + (unsigned)(s[i] - '0');
		}
		if (i == d || i != n || den == 0)
			return NOT_A_NUMBER;
	} else {
		if (i < n && s[i] == '.') {
			size_t d = ++i;
			for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
				if (num >= cap / 10) {
					big = true;
					continue;
				}
				num = num * 10 + (unsigned)(s[i] - '0');
				exp10--;
			}
			if (i == d)
				return NOT_A_NUMBER;
		}
		if (i < n && (s[i] == 'e' || s[i] == 'E')) {
			i++;
			bool eneg = false;
			if (i < n && (s[i] == '+' || s[i] == '-'))
				eneg = s[i++] == '-';
			size_t d = i;
			long e = 0;
			for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
				if (e < 100000)
					e = e * 10 + (s[i] - '0');
			if (i == d)
				return NOT_A_NUMBER;
			exp10 += eneg ? -e : e;
		}
		if (i != n)
			return NOT_A_NUMBER;
	}
	if (big)
		return NO_VALUE;
	if (num == 0) {
		*x = (struct ab_exact){ 0, 1 };
		return EXACT;
	}
	for (; exp10 > 0; exp10--) {
		if (num > (uwide)INT64_MAX)
			return NO_VALUE;
		num *= 10;
	}
	for (; exp10 < 0; exp10++) {
		if (den > (uwide)INT64_MAX)
			return NO_VALUE;
		den *= 10;
	}
	uwide g = gcd_wide(num, den);
	num /= g;
	den /= g;
	if (num > (uwide)INT64_MAX || den > (uwide)INT64_MAX)
		return NO_VALUE;
	*x = (struct ab_exact){ neg ? -(int64_t)num : (int64_t)num, (int64_t)den };
	return EXACT;
}

bool ab_log_parse_inf(const char *text, struct ab_exact *out)
{
	struct ab_exact x;
	if (parse_exact(text, strlen(text), &x) != EXACT || x.num <= 0)
		return false;
	*out = x;
	return true;
}

/* Whether s (n bytes) starts with the UTF-8 of c. */
static bool starts(const char *s, size_t n, const char *c)
{
	size_t k = strlen(c);
	return n >= k && memcmp(s, c, k) == 0;
}

static bool same_word(const char *s, size_t n, const char *word)
{
	size_t k = strlen(word);
	if (n != k)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != word[i])
			return false;
	}
	return true;
}

/* How a VALUE reads: a value (*v), a number no value of the tree equals
 * (*off), or not a number at all (false). */
static bool read_value(const struct ab_tree *tree, const struct ab_log_options *opt,
		       const char *s, size_t n, ab_value *v, bool *off, bool *sentinel)
{
	*off = *sentinel = false;
	/* The infinities: inf, +inf, Infinity, -Infinity, ∞, −∞ (U+2212,
	 * the minus sign abtrace itself prints). */
	size_t i = 0;
	bool neg = false, uminus = starts(s, n, "\xe2\x88\x92");
	if (uminus) {
		neg = true;
		i = 3;
	} else if (n && (s[0] == '+' || s[0] == '-')) {
		neg = s[0] == '-';
		i = 1;
	}
	if (same_word(s + i, n - i, "inf") || same_word(s + i, n - i, "infinity") ||
	    (n - i == 3 && starts(s + i, n - i, "\xe2\x88\x9e"))) {
		*v = neg ? AB_NEG_INF : AB_POS_INF;
		return true;
	}
	struct ab_exact x;
	enum number got;
	if (uminus) {
		got = n > 3 && s[3] != '+' && s[3] != '-' ? parse_exact(s + 3, n - 3, &x)
							  : NOT_A_NUMBER;
		x.num = got == EXACT ? -x.num : 0;
	} else {
		got = parse_exact(s, n, &x);
	}
	if (got == NOT_A_NUMBER)
		return false;
	if (got == NO_VALUE) {
		*off = true;
		*v = 0;
		return true;
	}
	if (opt->has_inf && x.den == opt->inf.den &&
	    (x.num == opt->inf.num || x.num == -opt->inf.num)) {
		*v = x.num < 0 ? AB_NEG_INF : AB_POS_INF;
		*sentinel = true;
		return true;
	}
	if (!ab_exact_to_value(x, tree->scale, v)) {
		*off = true;
		*v = 0;
	}
	return true;
}

/* ---- Paths -------------------------------------------------------------- */

/* The node PATH names: "root", indices joined by dots, or a name; AB_NONE
 * when none.  *named: written as a name (then AB_NONE makes the line
 * noise). */
static uint32_t read_path(const struct ab_tree *tree, const struct ab_log_options *opt,
			  const char *s, size_t n, bool *named)
{
	*named = false;
	if (n == 4 && memcmp(s, "root", 4) == 0)
		return 0;
	if (n > 0 && strspn(s, "0123456789.") >= n) {
		uint32_t node = 0;
		size_t i = 0;
		for (;;) {
			size_t d = i;
			uint64_t idx = 0;
			for (; i < n && s[i] != '.'; i++)
				if (idx < UINT32_MAX)
					idx = idx * 10 + (unsigned)(s[i] - '0');
			if (i == d)
				return AB_NONE;
			if (!opt->zero_based) {
				if (idx == 0)
					return AB_NONE;
				idx--;
			}
			if (idx >= tree->nodes[node].nkids)
				return AB_NONE;
			node = ab_kid(tree, node, (uint32_t)idx);
			if (i == n)
				return node;
			i++;
			if (i == n)
				return AB_NONE;
		}
	}
	*named = true;
	char name[AB_MAX_NAME + 1];
	if (n == 0 || n > AB_MAX_NAME || memchr(s, '\0', n))
		return AB_NONE;
	memcpy(name, s, n);
	name[n] = '\0';
	return ab_tree_find(tree, name);
}

/* ---- Reading ------------------------------------------------------------ */

struct reader {
	const struct ab_tree *tree;
	const struct ab_log_options *opt;
	struct ab_log *log;
	bool path_seen;  /* a PATH has set log->named */
	uint32_t line;
	uint32_t start;  /* the line's first byte */
};

struct word {
	const char *s;
	size_t n;
};

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

/* Splits s into at most max words; returns how many there are (max + 1
 * when there are more).  A word starting with '#' ends the line. */
static size_t split(const char *s, size_t n, struct word *w, size_t max)
{
	size_t count = 0;
	for (size_t i = 0; i < n;) {
		while (i < n && is_space(s[i]))
			i++;
		if (i == n || s[i] == '#')
			break;
		size_t start = i;
		while (i < n && !is_space(s[i]))
			i++;
		if (count == max)
			return max + 1;
		w[count++] = (struct word){ s + start, i - start };
	}
	return count;
}

static struct ab_log_entry *add_entry(struct reader *r, enum ab_log_kind kind)
{
	struct ab_log *log = r->log;
	log->entries = ab_xgrow(log->entries, log->count, sizeof *log->entries);
	struct ab_log_entry *e = &log->entries[log->count++];
	*e = (struct ab_log_entry){ .line = r->line, .start = r->start,
				    .node = AB_NONE, .kind = (uint8_t)kind };
	return e;
}

/* Sets the entry's node from PATH; false when PATH is a name no node has
 * (the line is noise then). */
static bool set_path(struct reader *r, struct ab_log_entry *e, const char *s, size_t n)
{
	bool named;
	uint32_t node = read_path(r->tree, r->opt, s, n, &named);
	if (named && node == AB_NONE)
		return false;
	e->node = node;
	e->flags |= AB_LOG_HAS_NODE | (named ? AB_LOG_NAMED : 0);
	e->path_at = (uint32_t)(s - (r->log->text + r->start));
	e->path_len = (uint32_t)n;
	if (!r->path_seen) {
		r->path_seen = true;
		r->log->named = named;
	}
	return true;
}

static bool set_value(struct reader *r, struct ab_log_entry *e, bool second,
		      const char *s, size_t n)
{
	bool off, sentinel;
	ab_value v;
	if (!read_value(r->tree, r->opt, s, n, &v, &off, &sentinel))
		return false;
	if (sentinel)
		e->flags |= second ? AB_LOG_B_SENTINEL : AB_LOG_A_SENTINEL;
	if (second)
		e->b = v;
	else
		e->a = v;
	if (off)
		e->flags |= second ? AB_LOG_B_OFF : AB_LOG_A_OFF;
	return true;
}

static int kind_of(const char *s, size_t n)
{
	for (int k = 0; k < AB_LOG_KIND_COUNT; k++)
		if (strlen(kind_words[k]) == n && memcmp(kind_words[k], s, n) == 0)
			return k;
	return -1;
}

/* A plain line; false when it is noise. */
static bool read_plain(struct reader *r, const char *s, size_t n)
{
	struct word w[5];
	size_t nw = split(s, n, w, 4);
	if (nw < 2 || nw > 4)
		return false;
	int kind = kind_of(w[0].s, w[0].n);
	if (kind < 0)
		return false;
	size_t before = r->log->count;
	struct ab_log_entry *e = add_entry(r, (enum ab_log_kind)kind);
	bool ok = false;
	switch (kind) {
	case AB_LOG_ENTER: {
		/* The window may come bracketed: "enter 2 [3, inf]". */
		const char *rest = w[1].s + w[1].n;
		size_t left = (size_t)(s + n - rest);
		char buf[256];
		if (left >= sizeof buf)
			break;
		memcpy(buf, rest, left);
		for (size_t i = 0; i < left; i++)
			if (strchr("[](),;", buf[i]))
				buf[i] = ' ';
		struct word win[3];
		size_t k = split(buf, left, win, 2);
		if (k == 1 || k > 2)
			break;
		if (k == 2) {
			if (!set_value(r, e, false, win[0].s, win[0].n) ||
			    !set_value(r, e, true, win[1].s, win[1].n))
				break;
			e->flags |= AB_LOG_HAS_WINDOW;
		}
		ok = set_path(r, e, w[1].s, w[1].n);
		break;
	}
	case AB_LOG_LEAF:
		if (nw == 2)
			ok = set_value(r, e, false, w[1].s, w[1].n);
		else if (nw == 3)
			ok = set_value(r, e, false, w[2].s, w[2].n) &&
			     set_path(r, e, w[1].s, w[1].n);
		break;
	case AB_LOG_CUT:
	case AB_LOG_BEST:
		ok = nw == 2 && set_path(r, e, w[1].s, w[1].n);
		break;
	case AB_LOG_RETURN:
		ok = nw == 3 && set_value(r, e, false, w[2].s, w[2].n) &&
		     set_path(r, e, w[1].s, w[1].n);
		break;
	case AB_LOG_VALUE:
		ok = nw == 2 && set_value(r, e, false, w[1].s, w[1].n);
		break;
	}
	if (!ok)
		r->log->count = before;
	return ok;
}

/* ---- JSON Lines ---------------------------------------------------------- */

/* The fields of a JSON object the log reads; the rest are skipped. */
enum jkey { J_EVENT, J_PATH, J_NODE, J_ALPHA, J_BETA, J_VALUE, J_BEST, J_KEYS };
static const char *const jkeys[J_KEYS] = {
	"event", "path", "node", "alpha", "beta", "value", "best",
};

struct jval {
	const char *s;  /* a string's bytes (between the quotes, unescaped
			   only when it has no backslash) or a bare token */
	size_t n;
	bool present, string, null;
};

static size_t skip_ws(const char *s, size_t n, size_t i)
{
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
		i++;
	return i;
}

/* The end of the string whose opening quote is at s[i], past its closing
 * quote; 0 when it does not close. */
static size_t string_end(const char *s, size_t n, size_t i)
{
	for (i++; i < n; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '"')
			return i + 1;
	}
	return 0;
}

/* The end of the value at s[i] (a string, an array or object skipped
 * whole, or a bare token); 0 when it is malformed. */
static size_t value_end(const char *s, size_t n, size_t i)
{
	if (i >= n)
		return 0;
	if (s[i] == '"')
		return string_end(s, n, i);
	if (s[i] == '[' || s[i] == '{') {
		size_t depth = 0;
		for (; i < n; i++) {
			if (s[i] == '"') {
				size_t e = string_end(s, n, i);
				if (!e)
					return 0;
				i = e - 1;
			} else if (s[i] == '[' || s[i] == '{') {
				depth++;
			} else if (s[i] == ']' || s[i] == '}') {
				if (--depth == 0)
					return i + 1;
			}
		}
		return 0;
	}
	size_t start = i;
	while (i < n && (strchr("+-.", s[i]) || (s[i] >= '0' && s[i] <= '9') ||
			 (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
		i++;
	return i > start ? i : 0;
}

/* Reads the object's fields; false when the line is no JSON object. */
static bool json_fields(const char *s, size_t n, struct jval *v)
{
	memset(v, 0, J_KEYS * sizeof *v);
	size_t i = skip_ws(s, n, 0);
	if (i >= n || s[i] != '{')
		return false;
	i = skip_ws(s, n, i + 1);
	if (i < n && s[i] == '}')
		return skip_ws(s, n, i + 1) == n;
	for (;;) {
		if (i >= n || s[i] != '"')
			return false;
		size_t kend = string_end(s, n, i);
		if (!kend)
			return false;
		const char *key = s + i + 1;
		size_t klen = kend - i - 2;
		i = skip_ws(s, n, kend);
		if (i >= n || s[i] != ':')
			return false;
		i = skip_ws(s, n, i + 1);
		size_t vend = value_end(s, n, i);
		if (!vend)
			return false;
		for (int k = 0; k < J_KEYS; k++) {
			if (strlen(jkeys[k]) != klen || memcmp(jkeys[k], key, klen) != 0)
				continue;
			struct jval *f = &v[k];
			f->present = true;
			f->string = s[i] == '"';
			f->s = f->string ? s + i + 1 : s + i;
			f->n = f->string ? vend - i - 2 : vend - i;
			f->null = !f->string && f->n == 4 && memcmp(f->s, "null", 4) == 0;
			if (s[i] == '[' || s[i] == '{')
				f->present = false; /* no field we read is one */
		}
		i = skip_ws(s, n, vend);
		if (i < n && s[i] == ',') {
			i = skip_ws(s, n, i + 1);
			continue;
		}
		if (i < n && s[i] == '}')
			return skip_ws(s, n, i + 1) == n;
		return false;
	}
}

static bool jis(const struct jval *v, const char *word)
{
	return v->present && v->string && strlen(word) == v->n &&
	       memcmp(v->s, word, v->n) == 0;
}

/* A JSON field's PATH: "path" (indices, "" the root) or else "node". */
static bool json_path(struct reader *r, struct ab_log_entry *e, const struct jval *v)
{
	const struct jval *p = &v[J_PATH];
	if (p->present && !p->null) {
		if (p->string && p->n == 0) {
			if (!set_path(r, e, "root", 4))
				return false;
			e->path_at = (uint32_t)(p->s - (r->log->text + r->start));
			e->path_len = 0;
			return true;
		}
		return set_path(r, e, p->s, p->n);
	}
	p = &v[J_NODE];
	return p->present && !p->null && set_path(r, e, p->s, p->n);
}

static bool json_value(struct reader *r, struct ab_log_entry *e, bool second,
		       const struct jval *f)
{
	return f->present && !f->null && set_value(r, e, second, f->s, f->n);
}

/* A JSON line; false when it is noise. */
static bool read_json(struct reader *r, const char *s, size_t n)
{
	struct jval v[J_KEYS];
	if (!json_fields(s, n, v) || !v[J_EVENT].present || !v[J_EVENT].string)
		return false;
	/* Events that are the search's but not compared: known, not noise. */
	if (jis(&v[J_EVENT], "update") || jis(&v[J_EVENT], "iteration") ||
	    jis(&v[J_EVENT], "result") || jis(&v[J_EVENT], "probe") ||
	    jis(&v[J_EVENT], "store") || jis(&v[J_EVENT], "research") ||
	    jis(&v[J_EVENT], "order"))
		return true;
	size_t before = r->log->count;
	bool ok = false;
	if (jis(&v[J_EVENT], "enter")) {
		struct ab_log_entry *e = add_entry(r, AB_LOG_ENTER);
		ok = json_path(r, e, v);
		if (ok && v[J_ALPHA].present && v[J_BETA].present) {
			ok = json_value(r, e, false, &v[J_ALPHA]) &&
			     json_value(r, e, true, &v[J_BETA]);
			e->flags |= AB_LOG_HAS_WINDOW;
		}
	} else if (jis(&v[J_EVENT], "leaf")) {
		struct ab_log_entry *e = add_entry(r, AB_LOG_LEAF);
		ok = json_value(r, e, false, &v[J_VALUE]);
		if (ok && (v[J_PATH].present || v[J_NODE].present))
			ok = json_path(r, e, v);
	} else if (jis(&v[J_EVENT], "cutoff") || jis(&v[J_EVENT], "cut")) {
		ok = json_path(r, add_entry(r, AB_LOG_CUT), v);
	} else if (jis(&v[J_EVENT], "return")) {
		struct ab_log_entry *e = add_entry(r, AB_LOG_RETURN);
		ok = json_path(r, e, v) && json_value(r, e, false, &v[J_VALUE]);
	} else if (jis(&v[J_EVENT], "done") || jis(&v[J_EVENT], "value") ||
		   jis(&v[J_EVENT], "best")) {
		ok = true;
		if (v[J_VALUE].present && !v[J_VALUE].null)
			ok = json_value(r, add_entry(r, AB_LOG_VALUE), false, &v[J_VALUE]);
		/* best: a path ("" or null: no move, as at a chance root). */
		const struct jval *b = &v[J_BEST];
		if (!b->present && jis(&v[J_EVENT], "best"))
			b = v[J_PATH].present ? &v[J_PATH] : &v[J_NODE];
		if (ok && b->present && !b->null && b->n > 0)
			ok = set_path(r, add_entry(r, AB_LOG_BEST), b->s, b->n);
		ok = ok && r->log->count > before;
	}
	if (!ok)
		r->log->count = before;
	return ok;
}

/* ---- The whole log ----------------------------------------------------- */

const char *ab_log_line(const struct ab_log *log, uint32_t start, size_t *len)
{
	const char *s = log->text + start;
	const char *nl = memchr(s, '\n', log->len - start);
	size_t n = nl ? (size_t)(nl - s) : log->len - start;
	if (n && s[n - 1] == '\r')
		n--;
	*len = n;
	return s;
}

static void set_status(enum ab_log_status *status, enum ab_log_status st)
{
	if (status)
		*status = st;
}

struct ab_log *ab_log_read(const struct ab_tree *tree,
			   const struct ab_log_options *opt, const char *text,
			   size_t len, enum ab_log_status *status,
			   struct ab_diag *diag)
{
	if (len > AB_LOG_MAX_BYTES) {
		ab_diag_set(diag, _("the log is larger than %u MiB: a search's log that long is not compared"),
			    AB_LOG_MAX_BYTES >> 20);
		set_status(status, AB_LOG_TOO_BIG);
		return NULL;
	}
	const char *nul = memchr(text, '\0', len);
	if (nul) {
		ab_diag_at(diag, text, len, (size_t)(nul - text),
			   _("a NUL byte: the log is not text"));
		set_status(status, AB_LOG_BINARY);
		return NULL;
	}
	struct ab_log *log = ab_xcalloc(1, sizeof *log);
	log->text = text;
	log->len = len;
	struct reader r = { .tree = tree, .opt = opt, .log = log };
	for (size_t pos = 0; pos < len;) {
		const char *s = text + pos;
		const char *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos;
		r.line = ++log->nlines;
		r.start = (uint32_t)pos;
		if (n > AB_LOG_MAX_LINE) {
			ab_diag_at(diag, text, len, pos,
				   _("line %u is longer than %u KiB: no line of a log is that long"),
				   r.line, AB_LOG_MAX_LINE >> 10);
			set_status(status, AB_LOG_LONG_LINE);
			ab_log_free(log);
			return NULL;
		}
		pos += n + (nl != NULL);
		size_t i = 0;
		while (i < n && is_space(s[i]))
			i++;
		if (i == n || s[i] == '#')
			continue;
		bool read = s[i] == '{' ? read_json(&r, s + i, n - i) : read_plain(&r, s + i, n - i);
		if (!read && !log->noise++) {
			log->noise_line = r.line;
			log->noise_start = r.start;
		}
	}
	if (log->count == 0) {
		if (log->noise)
			ab_diag_at(diag, text, len, log->noise_start,
				   _("the log holds no line abtrace reads (enter, leaf, cut, return, value, best); its %u other lines are noise, the first here"),
				   log->noise);
		else
			ab_diag_set(diag, _("the log is empty: it holds no line abtrace reads (enter, leaf, cut, return, value, best)"));
		set_status(status, AB_LOG_EMPTY);
		ab_log_free(log);
		return NULL;
	}
	for (int k = 0; k < AB_LOG_KIND_COUNT; k++)
		log->of_kind[k] = ab_xcalloc(log->count, sizeof *log->of_kind[k]);
	for (size_t i = 0; i < log->count; i++) {
		enum ab_log_kind k = log->entries[i].kind;
		log->of_kind[k][log->nkind[k]++] = (uint32_t)i;
	}
	set_status(status, AB_LOG_OK);
	return log;
}

void ab_log_free(struct ab_log *log)
{
	if (!log)
		return;
	for (int k = 0; k < AB_LOG_KIND_COUNT; k++)
		free(log->of_kind[k]);
	free(log->entries);
	free(log);
}

/* ---- Writing lines back ------------------------------------------------ */

void ab_log_format_value(ab_value v, int64_t scale,
			 const struct ab_log_options *opt, struct ab_str *out)
{
	if ((v == AB_POS_INF || v == AB_NEG_INF) && opt->has_inf) {
		struct ab_exact n = opt->inf;
		if (v == AB_NEG_INF)
			n.num = -n.num;
		ab_exact_format(n, out);
		return;
	}
	ab_value_format(v, scale, "+inf", "-inf", out);
}

void ab_log_format_path(const struct ab_tree *tree, const struct ab_log *log,
			const struct ab_log_options *opt, uint32_t n,
			struct ab_str *out)
{
	if (log && log->named) {
		ab_tree_name(tree, n, out);
		return;
	}
	if (n == 0) {
		ab_str_add(out, "root");
		return;
	}
	if (!opt->zero_based) {
		ab_tree_path(tree, n, out);
		return;
	}
	/* The ranks from the root down, each one less. */
	uint32_t depth = tree->nodes[n].depth;
	uint32_t *ranks = ab_xcalloc(depth, sizeof *ranks);
	for (uint32_t m = n, d = depth; d-- > 0; m = tree->nodes[m].parent)
		ranks[d] = ab_rank(tree, m);
	for (uint32_t d = 0; d < depth; d++)
		ab_str_addf(out, d ? ".%u" : "%u", ranks[d]);
	free(ranks);
}
