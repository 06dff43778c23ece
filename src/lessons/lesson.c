/* lesson.c - reading lesson files, tying them to a trace, finding them,
 * and checking a student's answer to a question.
 *
 * The file is read line by line.  Header lines (key: value) come first;
 * then "@" directives open blocks (@step, @event, @end), questions (@ask)
 * and claims (@claim); "en>" and "zh>" lines are text for the latest block
 * or question.  Parsing only checks the syntax; node names are resolved by
 * ab_lesson_bind once the tree is loaded, and claims are held against the
 * trace by ab_lesson_check.
 */
#include "lessons/lesson.h"

#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/i18n.h"
#include "sources/load.h"
#include "sources/source.h"
#include "base/utf8.h"

#define AB_LESSON_MAX_BYTES (1u << 20)

/* ---- Languages ----------------------------------------------------------- */

static bool starts_zh(const char *value)
{
	return value && (value[0] == 'z' || value[0] == 'Z') &&
	       (value[1] == 'h' || value[1] == 'H');
}

enum ab_lang ab_lang_from_env(void)
{
	/* LANGUAGE is a list; gettext ignores it under the C locale, but a
	 * user who sets it means it, so its first entry decides. */
	const char *language = getenv("LANGUAGE");
	if (language && *language)
		return starts_zh(language) ? AB_LANG_ZH : AB_LANG_EN;
	static const char *const vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v)
			return starts_zh(v) ? AB_LANG_ZH : AB_LANG_EN;
	}
	return AB_LANG_EN;
}

bool ab_lang_parse(const char *text, enum ab_lang *lang)
{
	if (strcmp(text, "en") == 0)
		*lang = AB_LANG_EN;
	else if (strcmp(text, "zh") == 0)
		*lang = AB_LANG_ZH;
	else
		return false;
	return true;
}

static const char *const lang_prefix[AB_LANG_COUNT] = { "en>", "zh>" };

const char *ab_lesson_text(const struct ab_lesson_text *text, enum ab_lang lang)
{
	if (text->lang[lang].len)
		return ab_str_cstr(&text->lang[lang]);
	return ab_str_cstr(&text->lang[AB_LANG_EN]);
}

/* ---- Small parsers ---------------------------------------------------------- */

struct token {
	char *text;
	size_t pos;  /* byte offset in the file */
};

struct parser {
	const char *text;
	size_t len;
	struct ab_diag *diag;
	struct ab_lesson *lesson;
	struct ab_lesson_text *target;  /* where text lines go, or NULL */
	bool *target_joined[AB_LANG_COUNT];
	bool para_break[AB_LANG_COUNT]; /* an empty text line was seen */
	unsigned seen_header;           /* bit k: header keys[k] was given */
};

/* An error at byte pos, its message translated; returns false. */
#define fail(p, pos, ...) \
	ab_diag_fail((p)->diag, (p)->text, (p)->len, (pos), __VA_ARGS__)

/* Splits [start, end) into words separated by blanks and commas. */
static size_t tokenize(const char *text, size_t start, size_t end,
		       struct token **out)
{
	size_t count = 0, cap = 0;
	struct token *toks = NULL;
	size_t i = start;
	while (i < end) {
		while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == ','))
			i++;
		if (i >= end)
			break;
		size_t from = i;
		while (i < end && text[i] != ' ' && text[i] != '\t' && text[i] != ',')
			i++;
		if (count == cap) {
			cap = cap ? cap * 2 : 8;
			toks = ab_xreallocarray(toks, cap, sizeof *toks);
		}
		toks[count].text = ab_xmalloc(i - from + 1);
		memcpy(toks[count].text, text + from, i - from);
		toks[count].text[i - from] = '\0';
		toks[count].pos = from;
		count++;
	}
	*out = toks;
	return count;
}

static void tokens_free(struct token *toks, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(toks[i].text);
	free(toks);
}

/* A number as written: a decimal or a fraction, or an infinity. */
static bool parse_value(const char *s, struct ab_lesson_number *v)
{
	*v = (struct ab_lesson_number){ { 0, 1 }, 0 };
	if (strcmp(s, "+inf") == 0 || strcmp(s, "inf") == 0 ||
	    strcmp(s, "+∞") == 0 || strcmp(s, "∞") == 0) {
		v->inf = 1;
		return true;
	}
	if (strcmp(s, "-inf") == 0 || strcmp(s, "-∞") == 0) {
		v->inf = -1;
		return true;
	}
	size_t end, n = strlen(s);
	return ab_number_parse(s, n, true, &v->x, &end, NULL) == AB_NUMBER_OK &&
	       end == n;
}

/* A count (leaves, steps): a whole number read by parse_value. */
static bool parse_count(const char *s, ab_value *v)
{
	struct ab_lesson_number x;
	if (!parse_value(s, &x) || x.inf || x.x.den != 1)
		return false;
	*v = x.x.num;
	return true;
}

/* A number in the tree's unit: AB_VALUE_OFF_GRID when no value of the
 * tree can equal it. */
static ab_value in_unit(struct ab_lesson_number v, int64_t scale)
{
	if (v.inf)
		return v.inf < 0 ? AB_NEG_INF : AB_POS_INF;
	ab_value out;
	if (!ab_exact_to_value(v.x, scale, &out))
		return AB_VALUE_OFF_GRID;
	return out;
}

/* A value or bound: "3", "= 3", "<= 2", "≤2", ">= 5", "≥ 5", "1/3..7". */
static bool parse_bound(const char *s, struct ab_lesson_number *lo,
			struct ab_lesson_number *hi)
{
	while (*s == ' ')
		s++;
	int rel = 0; /* 0 exact, -1 at most, +1 at least */
	if (strncmp(s, "<=", 2) == 0) {
		rel = -1;
		s += 2;
	} else if (strncmp(s, "≤", strlen("≤")) == 0) {
		rel = -1;
		s += strlen("≤");
	} else if (strncmp(s, ">=", 2) == 0) {
		rel = 1;
		s += 2;
	} else if (strncmp(s, "≥", strlen("≥")) == 0) {
		rel = 1;
		s += strlen("≥");
	} else if (*s == '=') {
		s++;
	}
	while (*s == ' ')
		s++;
	char buf[64];
	size_t n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	if (n == 0 || n >= sizeof buf)
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	/* LO..HI: an interval with two finite ends, as a chance node's
	 * often is. */
	char *dots = strstr(buf, "..");
	if (rel == 0 && dots) {
		*dots = '\0';
		char *a = buf, *b = dots + 2;
		size_t an = strlen(a);
		while (an && a[an - 1] == ' ')
			a[--an] = '\0';
		while (*b == ' ')
			b++;
		return parse_value(a, lo) && parse_value(b, hi) && !lo->inf && !hi->inf;
	}
	struct ab_lesson_number v;
	if (!parse_value(buf, &v))
		return false;
	*lo = v;
	*hi = v;
	if (rel < 0)
		lo->inf = -1;
	if (rel > 0)
		hi->inf = 1;
	return true;
}

/* Tokens [from, count) joined back with single spaces. */
static char *join_tokens(const struct token *toks, size_t from, size_t count)
{
	struct ab_str s = AB_STR_INIT;
	for (size_t i = from; i < count; i++) {
		if (i > from)
			ab_str_addc(&s, ' ');
		ab_str_add(&s, toks[i].text);
	}
	if (!s.s)
		return ab_xstrdup("");
	return s.s;
}

static bool parse_event_kind(const char *s, enum ab_event_kind *kind)
{
	for (int k = 0; k < AB_EV_COUNT; k++) {
		if (strcasecmp(s, ab_event_kind_name((enum ab_event_kind)k)) == 0) {
			*kind = (enum ab_event_kind)k;
			return true;
		}
	}
	return false;
}

/* A probe's use as a lesson writes it: hit (found, however used), miss,
 * shallow, none, value, alpha or beta (tt.h's words); -3 when neither. */
static int parse_use(const char *s)
{
	if (strcmp(s, "hit") == 0)
		return -2;
	for (int u = AB_TT_UNUSED; u <= AB_TT_MISS; u++)
		if (strcmp(s, ab_tt_use_word((enum ab_tt_use)u)) == 0)
			return u;
	return -3;
}

static int parse_flag(const char *s)
{
	for (int f = AB_TT_EXACT; f <= AB_TT_UPPER; f++)
		if (strcmp(s, ab_tt_flag_word((enum ab_tt_flag)f)) == 0)
			return f;
	return -1;
}

/* One word of a search: line or of "under ...".  False when unknown. */
static bool apply_search_word(const char *w, struct ab_config *c)
{
	return ab_config_apply(w, c, NULL) == NULL;
}

static bool apply_search_words(struct parser *p, const struct token *toks,
			       size_t from, size_t count, struct ab_config *c)
{
	for (size_t i = from; i < count; i++)
		if (!apply_search_word(toks[i].text, c))
			return fail(p, toks[i].pos, "unknown search word '%s' (minimax, alphabeta, "
				    "fail-soft, fail-hard, strict, non-strict, order=ORDER, root=max|min, "
				    "chance-prune=none|node|star1, depth=N, depth=none, iterative, "
				    "iterative=off, view=negamax, bug=ID, tt, tt=N, pvs, aspiration=W)",
				    toks[i].text);
	return true;
}

static void set_ref(struct ab_lesson_ref *ref, const struct token *tok)
{
	ref->name = ab_xstrdup(tok->text);
	ref->pos = tok->pos;
	ref->node = AB_NONE;
}

static void set_list(struct ab_lesson_ref **list, uint32_t *n,
		     const struct token *toks, size_t from, size_t to)
{
	*n = (uint32_t)(to - from);
	*list = *n ? ab_xcalloc(*n, sizeof **list) : NULL;
	for (size_t i = from; i < to; i++)
		set_ref(&(*list)[i - from], &toks[i]);
}

static bool need(struct parser *p, size_t have, size_t want, size_t pos,
		 const char *usage)
{
	if (have < want)
		return fail(p, pos, "incomplete: write %s", usage);
	return true;
}

/* ---- Directives ------------------------------------------------------------------ */

static struct ab_lesson_block *current_block(struct parser *p)
{
	return p->lesson->nblocks ? &p->lesson->blocks[p->lesson->nblocks - 1] : NULL;
}

static void target_text(struct parser *p, struct ab_lesson_text *t)
{
	p->target = t;
	for (int l = 0; l < AB_LANG_COUNT; l++)
		p->para_break[l] = false;
}

static bool parse_anchor(struct parser *p, const char *word, size_t word_pos,
			 const struct token *toks, size_t n)
{
	struct ab_lesson *lesson = p->lesson;
	lesson->blocks = ab_xgrow(lesson->blocks, lesson->nblocks, sizeof *lesson->blocks);
	struct ab_lesson_block *b = &lesson->blocks[lesson->nblocks++];
	memset(b, 0, sizeof *b);
	b->pos = word_pos;
	b->event_node.node = AB_NONE;
	if (strcmp(word, "step") == 0) {
		ab_value v;
		if (n != 1 || !parse_count(toks[0].text, &v) || v < 0)
			return fail(p, n ? toks[0].pos : word_pos, "%s", "write @step N with a step number (0 or more)");
		b->anchor = AB_ANCHOR_STEP;
		b->step = (size_t)v;
	} else if (strcmp(word, "event") == 0) {
		if (n < 1 || n > 2 || !parse_event_kind(toks[0].text, &b->event))
			return fail(p, n ? toks[0].pos : word_pos, "%s",
				    "write @event KIND [NODE], KIND one of enter, leaf, update, cutoff, return, done");
		b->anchor = AB_ANCHOR_EVENT;
		if (n == 2)
			set_ref(&b->event_node, &toks[1]);
	} else {
		if (n != 0)
			return fail(p, toks[0].pos, "%s", "@end takes nothing after it");
		b->anchor = AB_ANCHOR_END;
	}
	target_text(p, &b->text);
	return true;
}

static bool parse_ask(struct parser *p, size_t word_pos, const struct token *toks,
		      size_t n)
{
	struct ab_lesson_block *b = current_block(p);
	if (!b)
		return fail(p, word_pos, "%s", "a question belongs to a block: put @step, @event or @end before it");
	if (n < 1)
		return fail(p, word_pos, "%s", "write @ask next NODE, @ask pruned NODE..., @ask value NODE BOUND or @ask event KIND");
	b->questions = ab_xgrow(b->questions, b->nquestions, sizeof *b->questions);
	struct ab_lesson_question *q = &b->questions[b->nquestions++];
	memset(q, 0, sizeof *q);
	q->pos = toks[0].pos;
	q->subject.node = AB_NONE;
	const char *kind = toks[0].text;
	if (strcmp(kind, "next") == 0) {
		q->kind = AB_ASK_NEXT;
		if (n != 2)
			return fail(p, toks[0].pos, "%s", "write @ask next NODE (the node visited next)");
		set_ref(&q->subject, &toks[1]);
	} else if (strcmp(kind, "pruned") == 0) {
		q->kind = AB_ASK_PRUNED;
		if (!need(p, n, 2, toks[0].pos, "@ask pruned NODE... (what the next cutoff skips)"))
			return false;
		set_list(&q->list, &q->nlist, toks, 1, n);
	} else if (strcmp(kind, "value") == 0) {
		q->kind = AB_ASK_VALUE;
		if (!need(p, n, 3, toks[0].pos, "@ask value NODE BOUND, e.g. @ask value C <= 2"))
			return false;
		set_ref(&q->subject, &toks[1]);
		char *bound = join_tokens(toks, 2, n);
		bool ok = parse_bound(bound, &q->said_lo, &q->said_hi);
		free(bound);
		if (!ok)
			return fail(p, toks[2].pos, "%s", "a bound is a value (3, = 3), <= N, >= N or an interval LO..HI");
	} else if (strcmp(kind, "event") == 0) {
		q->kind = AB_ASK_EVENT;
		if (n != 2 || !parse_event_kind(toks[1].text, &q->event))
			return fail(p, n > 1 ? toks[1].pos : toks[0].pos, "%s",
				    "write @ask event KIND, KIND one of enter, leaf, update, cutoff, return, done");
	} else if (strcmp(kind, "probe") == 0) {
		q->kind = AB_ASK_PROBE;
		if (n != 3 || (q->use = parse_use(toks[2].text)) == -3)
			return fail(p, n > 2 ? toks[2].pos : toks[0].pos, "%s",
				    "write @ask probe NODE USE, USE one of hit, miss, shallow, none, value, alpha, beta");
		set_ref(&q->subject, &toks[1]);
	} else if (strcmp(kind, "flag") == 0) {
		q->kind = AB_ASK_FLAG;
		if (n != 3 || (q->flag = parse_flag(toks[2].text)) < 0)
			return fail(p, n > 2 ? toks[2].pos : toks[0].pos, "%s",
				    "write @ask flag NODE FLAG, FLAG one of exact, lower, upper");
		set_ref(&q->subject, &toks[1]);
	} else {
		return fail(p, toks[0].pos, "unknown question '%s' (next, pruned, value, event, probe, flag)", kind);
	}
	q->answer = join_tokens(toks, 1, n);
	target_text(p, &q->prompt);
	return true;
}

static const struct {
	const char *word;
	enum ab_claim_kind kind;
} claim_words[] = {
	{ "leaves", AB_CLAIM_LEAVES }, { "nodes", AB_CLAIM_NODES },
	{ "value", AB_CLAIM_VALUE }, { "returns", AB_CLAIM_RETURNS },
	{ "cutoff", AB_CLAIM_CUTOFF }, { "nocut", AB_CLAIM_NOCUT },
	{ "pruned", AB_CLAIM_PRUNED }, { "best", AB_CLAIM_BEST },
	{ "window", AB_CLAIM_WINDOW }, { "knuth-moore", AB_CLAIM_KNUTH_MOORE },
	{ "event", AB_CLAIM_EVENT }, { "hits", AB_CLAIM_HITS },
	{ "probe", AB_CLAIM_PROBE }, { "stored", AB_CLAIM_STORED },
	{ "research", AB_CLAIM_RESEARCH }, { "type", AB_CLAIM_TYPE },
};

static bool parse_number_claim(struct parser *p, struct ab_lesson_claim *c,
			       const struct token *toks, size_t n, const char *usage)
{
	if (n != 2 || !parse_count(toks[1].text, &c->number) || c->number < 0)
		return fail(p, n > 1 ? toks[1].pos : toks[0].pos, "write %s", usage);
	return true;
}

static bool parse_claim_args(struct parser *p, struct ab_lesson_claim *c,
			     const struct token *toks, size_t n)
{
	switch (c->kind) {
	case AB_CLAIM_LEAVES:
		return parse_number_claim(p, c, toks, n, "@claim leaves N");
	case AB_CLAIM_NODES:
		return parse_number_claim(p, c, toks, n, "@claim nodes N");
	case AB_CLAIM_KNUTH_MOORE:
		return parse_number_claim(p, c, toks, n, "@claim knuth-moore N");
	case AB_CLAIM_HITS:
		return parse_number_claim(p, c, toks, n, "@claim hits N");
	case AB_CLAIM_PROBE:
		if (n != 3 || (c->use = parse_use(toks[2].text)) == -3)
			return fail(p, n > 2 ? toks[2].pos : toks[0].pos, "%s",
				    "write @claim probe NODE USE, USE one of hit, miss, shallow, none, value, alpha, beta");
		set_ref(&c->subject, &toks[1]);
		return true;
	case AB_CLAIM_STORED:
		if (n < 3 || n > 4 || (c->flag = parse_flag(toks[2].text)) < 0 ||
		    (n == 4 && !parse_value(toks[3].text, &c->said_number)))
			return fail(p, n > 2 ? toks[2].pos : toks[0].pos, "%s",
				    "write @claim stored NODE FLAG [VALUE], FLAG one of exact, lower, upper");
		c->has_value = n == 4;
		set_ref(&c->subject, &toks[1]);
		return true;
	case AB_CLAIM_RESEARCH:
		if (n != 2)
			return fail(p, toks[0].pos, "%s", "write @claim research NODE");
		set_ref(&c->subject, &toks[1]);
		return true;
	case AB_CLAIM_TYPE: {
		static const char *const types[] = { "", "PV", "CUT", "ALL" };
		c->flag = -1;
		for (int t = 1; n == 3 && t < 4; t++)
			if (strcasecmp(toks[2].text, types[t]) == 0)
				c->flag = t;
		if (c->flag < 0)
			return fail(p, n > 2 ? toks[2].pos : toks[0].pos, "%s",
				    "write @claim type NODE PV|CUT|ALL");
		set_ref(&c->subject, &toks[1]);
		return true;
	}
	case AB_CLAIM_VALUE: {
		if (!need(p, n, 3, toks[0].pos, "@claim value NODE BOUND, e.g. @claim value C <= 2"))
			return false;
		set_ref(&c->subject, &toks[1]);
		char *bound = join_tokens(toks, 2, n);
		bool ok = parse_bound(bound, &c->said_lo, &c->said_hi);
		free(bound);
		if (!ok)
			return fail(p, toks[2].pos, "%s", "a bound is a value (3, = 3), <= N, >= N or an interval LO..HI");
		return true;
	}
	case AB_CLAIM_RETURNS:
		if (n != 3 || !parse_value(toks[2].text, &c->said_number))
			return fail(p, n > 2 ? toks[2].pos : toks[0].pos, "%s", "write @claim returns NODE VALUE");
		set_ref(&c->subject, &toks[1]);
		return true;
	case AB_CLAIM_WINDOW:
		if (n != 4 || !parse_value(toks[2].text, &c->said_lo) ||
		    !parse_value(toks[3].text, &c->said_hi))
			return fail(p, n > 2 ? toks[2].pos : toks[0].pos, "%s",
				    "write @claim window NODE ALPHA BETA, e.g. @claim window C 3 +inf");
		set_ref(&c->subject, &toks[1]);
		return true;
	case AB_CLAIM_NOCUT:
	case AB_CLAIM_BEST:
		if (n != 2)
			return fail(p, toks[0].pos, "write @claim %s NODE", toks[0].text);
		set_ref(&c->subject, &toks[1]);
		return true;
	case AB_CLAIM_PRUNED:
		set_list(&c->list, &c->nlist, toks, 1, n);
		return true;
	case AB_CLAIM_EVENT:
		if (n < 2 || n > 3 || !parse_event_kind(toks[1].text, &c->event))
			return fail(p, n > 1 ? toks[1].pos : toks[0].pos, "%s",
				    "write @claim event KIND [NODE]");
		if (n == 3)
			set_ref(&c->subject, &toks[2]);
		return true;
	case AB_CLAIM_CUTOFF: {
		if (!need(p, n, 2, toks[0].pos, "@claim cutoff NODE [deep] [by NODE] [pruned NODE...]"))
			return false;
		set_ref(&c->subject, &toks[1]);
		size_t i = 2;
		while (i < n) {
			if (strcmp(toks[i].text, "deep") == 0) {
				if (c->deep)
					return fail(p, toks[i].pos, "%s",
						    _("'deep' is already given in this claim"));
				c->deep = true;
				i++;
			} else if (strcmp(toks[i].text, "by") == 0 && i + 1 < n) {
				if (c->by.name)
					return fail(p, toks[i].pos, "a cutoff has one 'by NODE': "
								      "this claim already names %s",
						    c->by.name);
				set_ref(&c->by, &toks[i + 1]);
				i += 2;
			} else if (strcmp(toks[i].text, "pruned") == 0) {
				c->has_pruned = true;
				set_list(&c->list, &c->nlist, toks, i + 1, n);
				i = n;
			} else {
				return fail(p, toks[i].pos, "expected deep, by NODE or pruned NODE..., not '%s'",
					    toks[i].text);
			}
		}
		return true;
	}
	}
	return true;
}

static bool parse_claim(struct parser *p, size_t word_pos, const struct token *toks,
			size_t n)
{
	struct ab_lesson_block *b = current_block(p);
	if (!b)
		return fail(p, word_pos, "%s", "a claim belongs to a block: put @step, @event or @end before it");
	if (n < 1)
		return fail(p, word_pos, "%s", "write @claim KIND ..., KIND one of leaves, nodes, value, "
			    "returns, cutoff, nocut, pruned, best, window, knuth-moore, event, hits, "
			    "probe, stored, research, type");
	b->claims = ab_xgrow(b->claims, b->nclaims, sizeof *b->claims);
	struct ab_lesson_claim *c = &b->claims[b->nclaims++];
	memset(c, 0, sizeof *c);
	c->pos = toks[0].pos;
	c->subject.node = c->by.node = AB_NONE;
	c->config = p->lesson->config;
	size_t i;
	for (i = 0; i < sizeof claim_words / sizeof claim_words[0]; i++)
		if (strcmp(toks[0].text, claim_words[i].word) == 0)
			break;
	if (i == sizeof claim_words / sizeof claim_words[0])
		return fail(p, toks[0].pos, "unknown claim '%s' (leaves, nodes, value, returns, cutoff, "
			    "nocut, pruned, best, window, knuth-moore, event, hits, probe, stored, "
			    "research, type)", toks[0].text);
	c->kind = claim_words[i].kind;
	size_t end = n;
	for (size_t k = 1; k < n; k++) {
		if (strcmp(toks[k].text, "under") == 0) {
			end = k;
			c->has_under = true;
			if (k + 1 == n)
				return fail(p, toks[k].pos, "%s", "'under' needs search words after it, e.g. under fail-hard");
			if (!apply_search_words(p, toks, k + 1, n, &c->config))
				return false;
			break;
		}
	}
	return parse_claim_args(p, c, toks, end);
}

/* ---- Lines ------------------------------------------------------------------------ */

static bool parse_header(struct parser *p, size_t start, size_t end)
{
	const char *line = p->text + start;
	const char *colon = memchr(line, ':', end - start);
	if (!colon)
		return fail(p, start, "%s", "expected a header line (title:, title.zh:, tree:, game:, search:) "
			    "or a directive (@step, @event, @end)");
	size_t keylen = (size_t)(colon - line);
	size_t vstart = (size_t)(colon - p->text) + 1;
	while (vstart < end && (p->text[vstart] == ' ' || p->text[vstart] == '\t'))
		vstart++;
	struct ab_lesson *lesson = p->lesson;
	static const char *const keys[] = { "title", "title.zh", "tree", "search", "game" };
	for (unsigned k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		if (keylen != strlen(keys[k]) || strncmp(line, keys[k], keylen) != 0)
			continue;
		if (p->seen_header & (1u << k))
			return fail(p, start, "duplicate header '%s:': a lesson gives it once",
				    keys[k]);
		p->seen_header |= 1u << k;
	}
	if (keylen == 5 && strncmp(line, "title", 5) == 0) {
		ab_str_addn(&lesson->title.lang[AB_LANG_EN], p->text + vstart, end - vstart);
	} else if (keylen == 8 && strncmp(line, "title.zh", 8) == 0) {
		ab_str_addn(&lesson->title.lang[AB_LANG_ZH], p->text + vstart, end - vstart);
	} else if ((keylen == 4 && strncmp(line, "tree", 4) == 0) ||
		   (keylen == 4 && strncmp(line, "game", 4) == 0)) {
		bool game = line[0] == 'g';
		if (vstart == end)
			return fail(p, vstart, "%s", game
				    ? "game: needs a game and its position, e.g. game: tictactoe:x.o.x...."
				    : "tree: needs a bundled tree's name or a path");
		if (lesson->tree_name)
			return fail(p, start, "%s", "a lesson has one tree: a tree: line or a game: line, not both");
		lesson->game = game;
		lesson->tree_name = ab_xmalloc(end - vstart + 1);
		memcpy(lesson->tree_name, p->text + vstart, end - vstart);
		lesson->tree_name[end - vstart] = '\0';
		lesson->tree_pos = vstart;
	} else if (keylen == 6 && strncmp(line, "search", 6) == 0) {
		struct token *toks;
		size_t n = tokenize(p->text, vstart, end, &toks);
		bool ok = apply_search_words(p, toks, 0, n, &lesson->config);
		tokens_free(toks, n);
		return ok;
	} else {
		char key[64];
		snprintf(key, sizeof key, "%.*s", (int)(keylen < 63 ? keylen : 63), line);
		return fail(p, start, "unknown header '%s' (title, title.zh, tree, game, search)", key);
	}
	return true;
}

/* Appends one text line to the target in language l: lines join into a
 * paragraph (English with a space, Chinese directly), an empty line ends
 * the paragraph. */
static void add_text(struct parser *p, enum ab_lang l, const char *s, size_t n)
{
	struct ab_str *t = &p->target->lang[l];
	if (n == 0) {
		if (t->len)
			p->para_break[l] = true;
		return;
	}
	if (t->len) {
		if (p->para_break[l])
			ab_str_addc(t, '\n');
		else if (l == AB_LANG_EN || (unsigned char)t->s[t->len - 1] < 0x80 ||
			 (unsigned char)s[0] < 0x80)
			ab_str_addc(t, ' ');
	}
	p->para_break[l] = false;
	ab_str_addn(t, s, n);
}

static bool parse_line(struct parser *p, size_t start, size_t end)
{
	const char *text = p->text;
	size_t i = start;
	while (i < end && (text[i] == ' ' || text[i] == '\t'))
		i++;
	if (i == end || text[i] == '#')
		return true;
	for (int l = 0; l < AB_LANG_COUNT; l++) {
		if (end - i >= 3 && strncmp(text + i, lang_prefix[l], 3) == 0) {
			if (!p->target)
				return fail(p, i, "%s", "text belongs to a block: put @step, @event or @end before it");
			size_t s = i + 3;
			if (s < end && text[s] == ' ')
				s++;
			size_t e = end;
			while (e > s && (text[e - 1] == ' ' || text[e - 1] == '\t'))
				e--;
			add_text(p, (enum ab_lang)l, text + s, e - s);
			return true;
		}
	}
	if (text[i] != '@') {
		if (p->lesson->nblocks)
			return fail(p, i, "%s", "expected en> or zh> text, or a directive (@step, @event, "
				    "@end, @ask, @claim)");
		return parse_header(p, i, end);
	}
	size_t w = i + 1, we = w;
	while (we < end && text[we] != ' ' && text[we] != '\t')
		we++;
	char word[16];
	snprintf(word, sizeof word, "%.*s", (int)(we - w < 15 ? we - w : 15), text + w);
	struct token *toks;
	size_t n = tokenize(text, we, end, &toks);
	bool ok;
	if (strcmp(word, "step") == 0 || strcmp(word, "event") == 0 || strcmp(word, "end") == 0)
		ok = parse_anchor(p, word, i, toks, n);
	else if (strcmp(word, "ask") == 0)
		ok = parse_ask(p, i, toks, n);
	else if (strcmp(word, "claim") == 0)
		ok = parse_claim(p, i, toks, n);
	else
		ok = fail(p, i, "unknown directive '@%s' (@step, @event, @end, @ask, @claim)", word);
	tokens_free(toks, n);
	return ok;
}

/* The whole file first: valid UTF-8, no NUL, no control characters but
 * tabs and line ends, no invisible or direction-changing characters (they
 * would reach the terminal, or hide text, in --text and the replay). */
static bool check_text(struct parser *p)
{
	const char *t = p->text;
	for (size_t i = 0; i < p->len;) {
		unsigned char c = (unsigned char)t[i];
		if (c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f)) {
			i++;
			continue;
		}
		if (c == '\r' && i + 1 < p->len && t[i + 1] == '\n') {
			i++;
			continue;
		}
		if (c == 0)
			return fail(p, i, "%s", _("a lesson file is text: it has a NUL byte here"));
		uint32_t cp;
		size_t k = ab_utf8_decode(t + i, p->len - i, &cp);
		if (!k)
			return fail(p, i, "invalid UTF-8 (byte 0x%02X): a lesson file is UTF-8 text",
				    c);
		if (ab_utf8_unsafe(cp))
			return fail(p, i, "control or invisible character (U+%04X): a lesson may "
					    "hold only text, tabs and line ends", (unsigned)cp);
		i += k;
	}
	return true;
}

struct ab_lesson *ab_lesson_parse(const char *text, size_t len, struct ab_diag *diag)
{
	/* A byte order mark is skipped, and columns count from after it. */
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		text += 3;
		len -= 3;
	}
	struct ab_lesson *lesson = ab_xcalloc(1, sizeof *lesson);
	struct ab_config defaults = AB_CONFIG_DEFAULT;
	lesson->config = defaults;
	lesson->text = ab_xmalloc(len + 1);
	memcpy(lesson->text, text, len);
	lesson->text[len] = '\0';
	lesson->len = len;
	struct parser p = { .text = lesson->text, .len = len, .diag = diag, .lesson = lesson };
	if (!check_text(&p))
		goto bad;
	size_t start = 0;
	while (start < len) {
		const char *nl = memchr(text + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - text) : len;
		size_t stop = end;
		if (stop > start && text[stop - 1] == '\r')
			stop--;
		if (!parse_line(&p, start, stop))
			goto bad;
		start = end + 1;
	}
	if (!lesson->title.lang[AB_LANG_EN].len) {
		ab_diag_at(diag, lesson->text, len, 0, "a lesson needs a title: line");
		goto bad;
	}
	if (!lesson->tree_name) {
		ab_diag_at(diag, lesson->text, len, 0, "a lesson needs a tree: line (or a game: line)");
		goto bad;
	}
	if (!lesson->nblocks) {
		ab_diag_at(diag, lesson->text, len, len, "a lesson needs at least one block (@step, @event or @end)");
		goto bad;
	}
	return lesson;
bad:
	ab_lesson_free(lesson);
	return NULL;
}

struct ab_lesson *ab_lesson_load(const char *path, struct ab_diag *diag)
{
	size_t len;
	char *text = ab_read_file(path, AB_LESSON_MAX_BYTES, &len, diag);
	if (!text)
		return NULL;
	struct ab_lesson *lesson = ab_lesson_parse(text, len, diag);
	free(text);
	if (lesson) {
		/* "a/b.lesson" -> "a", "b.lesson" -> ".", "/b.lesson" -> "/". */
		const char *slash = strrchr(path, '/');
		const char *dir = slash ? path : ".";
		size_t n = !slash ? 1 : slash == path ? 1 : (size_t)(slash - path);
		lesson->dir = ab_xmalloc(n + 1);
		memcpy(lesson->dir, dir, n);
		lesson->dir[n] = '\0';
	}
	return lesson;
}

static void text_free(struct ab_lesson_text *t)
{
	for (int l = 0; l < AB_LANG_COUNT; l++)
		ab_str_free(&t->lang[l]);
}

static void list_free(struct ab_lesson_ref *list, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		free(list[i].name);
	free(list);
}

void ab_lesson_free(struct ab_lesson *lesson)
{
	if (!lesson)
		return;
	for (size_t b = 0; b < lesson->nblocks; b++) {
		struct ab_lesson_block *block = &lesson->blocks[b];
		text_free(&block->text);
		free(block->event_node.name);
		for (size_t i = 0; i < block->nquestions; i++) {
			struct ab_lesson_question *q = &block->questions[i];
			text_free(&q->prompt);
			free(q->answer);
			free(q->subject.name);
			list_free(q->list, q->nlist);
		}
		free(block->questions);
		for (size_t i = 0; i < block->nclaims; i++) {
			struct ab_lesson_claim *c = &block->claims[i];
			free(c->subject.name);
			free(c->by.name);
			list_free(c->list, c->nlist);
		}
		free(block->claims);
	}
	free(lesson->blocks);
	text_free(&lesson->title);
	free(lesson->tree_name);
	free(lesson->dir);
	ab_trace_free(lesson->trace);
	ab_tree_free(lesson->tree);
	free(lesson->text);
	free(lesson);
}

/* ---- Binding to the tree and its trace ------------------------------------------ */

static bool resolve(const struct ab_lesson *lesson, struct ab_lesson_ref *ref,
		    struct ab_diag *diag)
{
	if (!ref->name)
		return true;
	ref->node = ab_tree_find(lesson->tree, ref->name);
	if (ref->node == AB_NONE) {
		ab_diag_at(diag, lesson->text, lesson->len, ref->pos,
			   "no node called '%s' in the tree %s", ref->name, lesson->tree_name);
		return false;
	}
	return true;
}

static bool resolve_list(const struct ab_lesson *lesson, struct ab_lesson_ref *list,
			 uint32_t n, struct ab_diag *diag)
{
	for (uint32_t i = 0; i < n; i++)
		if (!resolve(lesson, &list[i], diag))
			return false;
	return true;
}

static bool bind_block(struct ab_lesson *lesson, struct ab_lesson_block *b,
		       size_t after, bool first, struct ab_diag *diag)
{
	const struct ab_trace *trace = lesson->trace;
	if (!resolve(lesson, &b->event_node, diag))
		return false;
	switch (b->anchor) {
	case AB_ANCHOR_STEP:
		if (b->step > trace->length) {
			ab_diag_at(diag, lesson->text, lesson->len, b->pos,
				   "step %zu is past the end: this search has %zu steps",
				   b->step, trace->length);
			return false;
		}
		break;
	case AB_ANCHOR_END:
		b->step = trace->length;
		break;
	case AB_ANCHOR_EVENT: {
		size_t s;
		for (s = after + 1; s <= trace->length; s++) {
			const struct ab_record *r = &trace->records[s - 1];
			if (r->kind == b->event &&
			    (b->event_node.node == AB_NONE || r->node == b->event_node.node))
				break;
		}
		if (s > trace->length) {
			ab_diag_at(diag, lesson->text, lesson->len, b->pos,
				   "no %s event%s%s after step %zu in this search",
				   ab_event_kind_name(b->event), b->event_node.name ? " at " : "",
				   b->event_node.name ? b->event_node.name : "", after);
			return false;
		}
		b->step = s;
		break;
	}
	}
	if (!first && b->step <= after) {
		ab_diag_at(diag, lesson->text, lesson->len, b->pos,
			   "blocks follow the search forwards: this one is at step %zu, "
			   "the one before it at step %zu", b->step, after);
		return false;
	}
	for (size_t i = 0; i < b->nquestions; i++) {
		struct ab_lesson_question *q = &b->questions[i];
		if (!resolve(lesson, &q->subject, diag) ||
		    !resolve_list(lesson, q->list, q->nlist, diag))
			return false;
	}
	for (size_t i = 0; i < b->nclaims; i++) {
		struct ab_lesson_claim *c = &b->claims[i];
		if (!resolve(lesson, &c->subject, diag) || !resolve(lesson, &c->by, diag) ||
		    !resolve_list(lesson, c->list, c->nlist, diag))
			return false;
	}
	return true;
}

/* The claims' and questions' values, in the tree's unit. */
static void rescale_values(struct ab_lesson *lesson)
{
	int64_t scale = lesson->tree->scale;
	for (size_t b = 0; b < lesson->nblocks; b++) {
		struct ab_lesson_block *block = &lesson->blocks[b];
		for (size_t i = 0; i < block->nquestions; i++) {
			struct ab_lesson_question *q = &block->questions[i];
			if (q->kind != AB_ASK_VALUE)
				continue;
			q->lo = in_unit(q->said_lo, scale);
			q->hi = in_unit(q->said_hi, scale);
		}
		for (size_t i = 0; i < block->nclaims; i++) {
			struct ab_lesson_claim *c = &block->claims[i];
			if (c->kind == AB_CLAIM_RETURNS || (c->kind == AB_CLAIM_STORED && c->has_value))
				c->number = in_unit(c->said_number, scale);
			if (c->kind == AB_CLAIM_VALUE || c->kind == AB_CLAIM_WINDOW) {
				c->lo = in_unit(c->said_lo, scale);
				c->hi = in_unit(c->said_hi, scale);
			}
		}
	}
}

bool ab_lesson_bind(struct ab_lesson *lesson, struct ab_diag *diag, bool *tree_diag)
{
	*tree_diag = false;
	if (!lesson->tree) {
		/* A relative path is the lesson file's neighbour first. */
		struct ab_str shown = AB_STR_INIT, near = AB_STR_INIT;
		const char *name = lesson->tree_name;
		if (lesson->game) {
			/* A game's position, built for the lesson's search. */
			lesson->tree = ab_source_load("game", name, &lesson->config, &shown, diag);
		} else {
			if (lesson->dir && name[0] != '/') {
				ab_str_addf(&near, "%s/%s", lesson->dir, name);
				if (access(near.s, R_OK) == 0)
					name = near.s;
			}
			lesson->tree = ab_load_tree(name, &shown, diag);
		}
		ab_str_free(&shown);
		ab_str_free(&near);
		if (!lesson->tree) {
			*tree_diag = true;
			return false;
		}
	}
	if (!lesson->trace && ab_search_missing_static(lesson->tree, &lesson->config) != AB_NONE) {
		struct ab_str name = AB_STR_INIT;
		ab_tree_name(lesson->tree, ab_search_missing_static(lesson->tree, &lesson->config), &name);
		ab_diag_at(diag, lesson->text, lesson->len, lesson->tree_pos,
			   "%s is at a depth limit of the lesson's search but has no static value",
			   ab_str_cstr(&name));
		ab_str_free(&name);
		return false;
	}
	const char *refusal = lesson->trace ? NULL
				: ab_config_bug_refusal(&lesson->config, lesson->tree);
	if (refusal) {
		ab_diag_at(diag, lesson->text, lesson->len, lesson->tree_pos,
			   "bug=%s: %s", ab_bug_id(lesson->config.bug), refusal);
		return false;
	}
	if (!lesson->trace) {
		lesson->trace = ab_trace_record(lesson->tree, &lesson->config);
		if (!lesson->trace) {
			ab_diag_at(diag, lesson->text, lesson->len, lesson->tree_pos,
				   "the search of this tree is too long for a lesson");
			return false;
		}
	}
	size_t after = 0;
	for (size_t b = 0; b < lesson->nblocks; b++) {
		if (!bind_block(lesson, &lesson->blocks[b], after, b == 0, diag))
			return false;
		after = lesson->blocks[b].step;
	}
	rescale_values(lesson);
	return true;
}

/* Whether the nodes given are the same set as want[0..nwant). */
bool ab_lesson_same_nodes(const struct ab_lesson_ref *given, uint32_t ngiven,
		     const uint32_t *want, uint32_t nwant)
{
	if (ngiven != nwant)
		return false;
	for (uint32_t i = 0; i < ngiven; i++) {
		bool found = false;
		for (uint32_t j = 0; j < nwant && !found; j++)
			found = given[i].node == want[j];
		if (!found)
			return false;
	}
	return true;
}

/* ---- For the replay ------------------------------------------------------------------ */

const struct ab_lesson_block *ab_lesson_block_at(const struct ab_lesson *lesson,
						  size_t step)
{
	const struct ab_lesson_block *found = NULL;
	for (size_t b = 0; b < lesson->nblocks && lesson->blocks[b].step <= step; b++)
		found = &lesson->blocks[b];
	return found;
}

bool ab_lesson_answer_ok(const struct ab_lesson *lesson,
			 const struct ab_lesson_question *q, const char *answer)
{
	struct token *toks;
	size_t n = tokenize(answer, 0, strlen(answer), &toks);
	bool ok = false;
	switch (q->kind) {
	case AB_ASK_NEXT:
		ok = n == 1 && ab_tree_find(lesson->tree, toks[0].text) == q->subject.node;
		break;
	case AB_ASK_PRUNED: {
		uint32_t *want = ab_xcalloc(q->nlist ? q->nlist : 1, sizeof *want);
		for (uint32_t i = 0; i < q->nlist; i++)
			want[i] = q->list[i].node;
		struct ab_lesson_ref *given = ab_xcalloc(n ? n : 1, sizeof *given);
		for (size_t i = 0; i < n; i++)
			given[i].node = ab_tree_find(lesson->tree, toks[i].text);
		ok = ab_lesson_same_nodes(given, (uint32_t)n, want, q->nlist);
		free(given);
		free(want);
		break;
	}
	case AB_ASK_VALUE: {
		/* "<= 2", or "D <= 2" as the answer is written out, naming the node. */
		const char *bound = answer;
		if (n > 1 && ab_tree_find(lesson->tree, toks[0].text) == q->subject.node)
			bound = answer + toks[1].pos;
		struct ab_lesson_number lo, hi;
		int64_t scale = lesson->tree->scale;
		ok = parse_bound(bound, &lo, &hi) && in_unit(lo, scale) == q->lo &&
		     in_unit(hi, scale) == q->hi && q->lo != AB_VALUE_OFF_GRID &&
		     q->hi != AB_VALUE_OFF_GRID;
		break;
	}
	case AB_ASK_EVENT: {
		enum ab_event_kind kind;
		ok = n == 1 && parse_event_kind(toks[0].text, &kind) && kind == q->event;
		break;
	}
	case AB_ASK_PROBE: {
		/* The question's own answer is the truth (the checker holds it
		 * to the trace): "hit" answers any use but a miss.  "D1 alpha",
		 * naming the node, as the answer is written out, too. */
		size_t w = n == 2 && ab_tree_find(lesson->tree, toks[0].text) == q->subject.node;
		int use = n == w + 1 ? parse_use(toks[w].text) : -3;
		ok = use != -3 && (use == q->use || (use == -2 && q->use != AB_TT_MISS));
		break;
	}
	case AB_ASK_FLAG: {
		size_t w = n == 2 && ab_tree_find(lesson->tree, toks[0].text) == q->subject.node;
		ok = n == w + 1 && parse_flag(toks[w].text) == q->flag;
		break;
	}
	}
	tokens_free(toks, n);
	return ok;
}

/* ---- Finding lessons --------------------------------------------------------------------- */

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t ab_lesson_names(char ***names)
{
	*names = NULL;
	struct ab_str dir = AB_STR_INIT;
	if (!ab_find_data("lessons", NULL, &dir)) {
		ab_str_free(&dir);
		return 0;
	}
	DIR *d = opendir(dir.s);
	ab_str_free(&dir);
	if (!d)
		return 0;
	size_t count = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n <= 7 || e->d_name[0] == '.' || strcmp(e->d_name + n - 7, ".lesson") != 0)
			continue;
		if (count == cap) {
			cap = cap ? cap * 2 : 16;
			*names = ab_xreallocarray(*names, cap, sizeof **names);
		}
		(*names)[count] = ab_xstrdup(e->d_name);
		(*names)[count++][n - 7] = '\0';
	}
	closedir(d);
	if (count)
		qsort(*names, count, sizeof **names, compare_names);
	return count;
}

bool ab_lesson_find(const char *name, struct ab_str *out)
{
	size_t n = strlen(name);
	bool is_file_name = n > 7 && strcmp(name + n - 7, ".lesson") == 0;
	if (strchr(name, '/') || (is_file_name && access(name, R_OK) == 0)) {
		ab_str_add(out, name);
		return access(name, R_OK) == 0;
	}
	struct ab_str file = AB_STR_INIT;
	ab_str_add(&file, name);
	if (n < 7 || strcmp(name + n - 7, ".lesson") != 0)
		ab_str_add(&file, ".lesson");
	bool found = ab_find_data("lessons", file.s, out);
	ab_str_free(&file);
	if (found)
		return true;
	/* Without its number ("minimax" for "01-minimax"), or by its number
	 * alone ("07" or "7" for "07-ties"). */
	char **names;
	size_t count = ab_lesson_names(&names);
	const char *match = NULL;
	bool number = n > 0 && strspn(name, "0123456789") == n;
	for (size_t i = 0; i < count && !match; i++) {
		const char *dash = strchr(names[i], '-');
		if (!dash || dash == names[i])
			continue;
		if (strcmp(dash + 1, name) == 0 ||
		    (number && strspn(names[i], "0123456789") == (size_t)(dash - names[i]) &&
		     atoi(names[i]) == atoi(name)))
			match = names[i];
	}
	if (match) {
		struct ab_str f = AB_STR_INIT;
		ab_str_addf(&f, "%s.lesson", match);
		found = ab_find_data("lessons", f.s, out);
		ab_str_free(&f);
	}
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
	return found;
}
