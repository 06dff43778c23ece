/* compare.c - STAND-IN for `abtrace diff` (see compare.h): a log's enter,
 * leaf, return, value and best lines held to the reference search, each
 * kind in order; cut lines and JSON lines are read but not compared.
 */
#include "testing/compare.h"

#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "core/search.h"
#include "views/format.h"
#include "views/json.h"

/* ---- The reference ------------------------------------------------------- */

/* The kinds of line compared, each as a sequence in search order. */
enum { ENTER, LEAF, RETURN, NKINDS };
static const char *const kind_words[NKINDS] = { "enter", "leaf", "return" };

struct item {
	uint32_t node;
	size_t step;
	ab_value a, b;         /* enter: the window; leaf, return: a = value */
};

struct reference {
	struct item *items[NKINDS];
	size_t count[NKINDS];
	size_t step, done_step;
	ab_value value;
	uint32_t best;
};

static int collect(void *ctx, const struct ab_event *ev)
{
	struct reference *r = ctx;
	r->step++;
	int k = ev->kind == AB_EV_ENTER ? ENTER : ev->kind == AB_EV_LEAF ? LEAF
	      : ev->kind == AB_EV_RETURN ? RETURN : -1;
	if (k >= 0) {
		r->items[k] = ab_xgrow(r->items[k], r->count[k], sizeof *r->items[k]);
		r->items[k][r->count[k]++] = (struct item){
			ev->node, r->step, k == ENTER ? ev->alpha : ev->value,
			k == ENTER ? ev->beta : 0 };
	} else if (ev->kind == AB_EV_DONE) {
		r->value = ev->value;
		r->best = ev->best;
		r->done_step = r->step;
	}
	return 0;
}

/* ---- Reading the log ---------------------------------------------------- */

/* A number of the log: ±∞, or exact. */
struct number {
	int inf;               /* -1, 0, +1 */
	struct ab_exact x;
};

static bool read_number(const char *w, const struct ab_log_options *o,
			struct number *out)
{
	static const char *const pos[] = { "inf", "+inf", "Infinity", "+Infinity", "INF" };
	static const char *const neg[] = { "-inf", "-Infinity", "-INF" };
	for (size_t i = 0; i < sizeof pos / sizeof *pos; i++)
		if (strcmp(w, pos[i]) == 0)
			return (*out = (struct number){ .inf = 1 }), true;
	for (size_t i = 0; i < sizeof neg / sizeof *neg; i++)
		if (strcmp(w, neg[i]) == 0)
			return (*out = (struct number){ .inf = -1 }), true;
	size_t end;
	struct ab_exact x;
	size_t n = strlen(w);
	if (ab_number_parse(w, n, true, &x, &end, NULL) != AB_NUMBER_OK || end != n)
		return false;
	*out = (struct number){ .x = x };
	if (o->inf) {
		struct ab_exact s;
		size_t e;
		if (ab_number_parse(o->inf, strlen(o->inf), true, &s, &e, NULL) == AB_NUMBER_OK &&
		    s.den == x.den && (s.num == x.num || s.num == -x.num) && s.num)
			out->inf = s.num == x.num ? 1 : -1;
	}
	return true;
}

static bool same(const struct number *n, ab_value v, int64_t scale)
{
	if (n->inf)
		return n->inf > 0 ? v == AB_POS_INF : v == AB_NEG_INF;
	return ab_value_compare_exact(v, scale, n->x) == 0;
}

/* A node the log names: root, a dotted path, or a name. */
static uint32_t read_path(const struct ab_tree *t, const char *w,
			  const struct ab_log_options *o)
{
	if (strcmp(w, "root") == 0)
		return 0;
	uint32_t n = 0;
	const char *p = w;
	bool path = *p != '\0';
	while (path && *p) {
		char *end;
		if (*p < '0' || *p > '9')
			break;
		unsigned long i = strtoul(p, &end, 10);
		if (!o->zero_based)
			i = i ? i - 1 : (unsigned long)UINT32_MAX;
		if (i >= t->nodes[n].nkids)
			return AB_NONE;
		n = ab_kid(t, n, (uint32_t)i);
		p = end;
		if (*p == '.')
			p++;
		else if (*p)
			path = false;
	}
	if (path && !*p)
		return n;
	return ab_tree_find(t, w);
}

/* ---- Comparing ------------------------------------------------------------ */

struct verdict {
	bool agree;
	size_t step, line;
	uint32_t node;
	struct ab_str expected, given, why;
};

/* Keeps the divergence with the earliest reference step. */
static void diverge(struct verdict *v, size_t step, size_t line, uint32_t node,
		    const char *expected, const char *given, const char *why)
{
	if (!v->agree && v->step <= step)
		return;
	v->agree = false;
	v->step = step;
	v->line = line;
	v->node = node;
	ab_str_clear(&v->expected);
	ab_str_clear(&v->given);
	ab_str_clear(&v->why);
	ab_str_add(&v->expected, expected);
	ab_str_add(&v->given, given);
	ab_str_add(&v->why, why);
}

/* Negated, infinities too (the negamax view at a MIN node). */
static ab_value negated(ab_value v)
{
	return v == AB_POS_INF ? AB_NEG_INF : v == AB_NEG_INF ? AB_POS_INF : -v;
}

bool ab_test_compare(const struct ab_tree *tree, const struct ab_config *config,
		     const struct ab_log_options *options, const char *log,
		     size_t len, struct ab_str *text, struct ab_str *json)
{
	const struct ab_tree *t = tree;
	struct reference ref = { .best = AB_NONE };
	struct ab_sink sink = { collect, &ref, AB_EVENT_ALL };
	ab_search(t, config, &sink);
	enum ab_player root = ab_config_root(config, t);
	bool negamax = config->view == AB_VIEW_NEGAMAX;

	struct verdict v = { .agree = true };
	size_t at[NKINDS] = { 0 }, lineno = 0, noise = 0, first_noise = 0;
	bool seen[NKINDS + 2] = { false };
	char *copy = ab_xmalloc(len + 1);
	memcpy(copy, log, len);
	copy[len] = '\0';
	struct ab_str a = AB_STR_INIT, b = AB_STR_INIT;
	for (char *line = copy, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		char *words[5], *save = NULL;
		int nw = 0;
		for (char *w = strtok_r(line, " \t\r", &save); w && nw < 5;
		     w = strtok_r(NULL, " \t\r", &save))
			words[nw++] = w;
		if (!nw || words[0][0] == '#' || words[0][0] == '{')
			continue;
		ab_str_clear(&a);
		ab_str_clear(&b);
		int k = -1;
		for (int i = 0; i < NKINDS; i++)
			if (strcmp(words[0], kind_words[i]) == 0)
				k = i;
		/* enter PATH [A B], leaf [PATH] VALUE, return PATH VALUE */
		struct number n1, n2;
		bool ok = k == ENTER ? (nw == 2 || (nw == 4 && read_number(words[2], options, &n1) &&
						     read_number(words[3], options, &n2)))
			: k == LEAF ? ((nw == 2 || nw == 3) && read_number(words[nw - 1], options, &n1))
			: k == RETURN ? nw == 3 && read_number(words[2], options, &n1)
			: false;
		if (ok) {
			seen[k] = true;
			bool has_path = !(k == LEAF && nw == 2);
			uint32_t node = has_path ? read_path(t, words[1], options) : AB_NONE;
			for (int i = 1; i < nw; i++)
				ab_str_addf(&b, "%s%s", i > 1 ? " " : "", words[i]);
			if (at[k] >= ref.count[k]) {
				ab_str_addf(&a, _("no further %s line"), kind_words[k]);
				diverge(&v, ref.done_step, lineno, 0, ab_str_cstr(&a), ab_str_cstr(&b),
					_("the log has more of these lines than the search has steps"));
			} else {
				const struct item *it = &ref.items[k][at[k]];
				bool neg = negamax && ab_player_at(t, it->node, root) == AB_MIN;
				ab_value x = neg ? (k == ENTER ? negated(it->b) : negated(it->a)) : it->a;
				ab_value y = neg ? negated(it->a) : it->b;
				bool match = (!has_path || node == it->node) && same(&n1, x, t->scale);
				if (k == ENTER && nw == 2)
					match = node == it->node;
				else if (k == ENTER)
					match = match && same(&n2, y, t->scale);
				if (!match) {
					ab_tree_name(t, it->node, &a);
					ab_str_addc(&a, ' ');
					ab_value_format(x, t->scale, "+inf", "-inf", &a);
					if (k == ENTER) {
						ab_str_addc(&a, ' ');
						ab_value_format(y, t->scale, "+inf", "-inf", &a);
					}
					diverge(&v, it->step, lineno, it->node, ab_str_cstr(&a),
						ab_str_cstr(&b),
						k == ENTER ? _("another node is entered, or with another window")
						: k == LEAF ? _("the leaves are evaluated in another order, or another leaf is skipped")
						: _("another node returns here, or another value"));
				}
			}
			at[k]++;
		} else if (strcmp(words[0], "value") == 0 && nw == 2 &&
			   read_number(words[1], options, &n1)) {
			seen[NKINDS] = true;
			bool neg = negamax && root == AB_MIN;
			ab_value want = neg ? negated(ref.value) : ref.value;
			if (!same(&n1, want, t->scale)) {
				ab_value_format(want, t->scale, "+inf", "-inf", &a);
				diverge(&v, ref.done_step, lineno, 0, ab_str_cstr(&a), words[1],
					_("the root's value differs"));
			}
		} else if (strcmp(words[0], "best") == 0 && nw == 2) {
			seen[NKINDS + 1] = true;
			uint32_t node = read_path(t, words[1], options);
			if (node != ref.best) {
				if (ref.best != AB_NONE)
					ab_tree_name(t, ref.best, &a);
				diverge(&v, ref.done_step, lineno, 0, ab_str_cstr(&a), words[1],
					_("the root's move differs"));
			}
		} else if (strcmp(words[0], "cut") != 0 || nw != 2) {
			if (!noise++)
				first_noise = lineno;
		}
	}
	free(copy);
	for (int k = 0; k < NKINDS; k++) {
		if (!seen[k] || at[k] >= ref.count[k])
			continue;
		const struct item *it = &ref.items[k][at[k]];
		ab_str_clear(&a);
		ab_tree_name(t, it->node, &a);
		ab_str_clear(&b);
		ab_str_addf(&b, _("no further %s line"), kind_words[k]);
		diverge(&v, it->step, lineno, it->node, ab_str_cstr(&a), ab_str_cstr(&b),
			_("the log ends before the search does"));
	}
	bool any = false;
	for (int k = 0; k < NKINDS + 2; k++)
		any |= seen[k];
	if (!any)
		diverge(&v, 0, 0, 0, "enter, leaf, return, value or best", _("none"),
			_("the log has no line that is compared"));

	/* The report. */
	if (v.agree) {
		ab_str_add(text, _("The log agrees with the search.\n"));
	} else {
		struct ab_str name = AB_STR_INIT;
		ab_tree_name(t, v.node, &name);
		ab_str_addf(text, _("Step %zu, at %s, log line %zu: the search gives '%s', the log '%s': %s.\n"),
			    v.step, ab_str_cstr(&name), v.line, ab_str_cstr(&v.expected),
			    ab_str_cstr(&v.given), ab_str_cstr(&v.why));
		ab_str_free(&name);
	}
	if (noise)
		ab_str_addf(text, P_("%zu line was not a log line and was skipped (the first: line %zu).\n",
				     "%zu lines were not log lines and were skipped (the first: line %zu).\n",
				     noise), noise, first_noise);
	ab_str_addf(json, "{\"agree\":%s,\"compared\":[", v.agree ? "true" : "false");
	const char *kinds[NKINDS + 2] = { "enter", "leaf", "return", "value", "best" };
	for (int i = 0, k = 0; i < NKINDS + 2; i++)
		if (seen[i])
			ab_str_addf(json, "%s\"%s\"", k++ ? "," : "", kinds[i]);
	ab_str_add(json, "],\"divergence\":");
	if (v.agree) {
		ab_str_add(json, "null");
	} else {
		struct ab_str path = AB_STR_INIT;
		ab_tree_path(t, v.node, &path);
		ab_str_addf(json, "{\"step\":%zu,\"node\":", v.step);
		ab_json_string(ab_str_cstr(&path), json);
		ab_str_addf(json, ",\"line\":%zu,\"expected\":", v.line);
		ab_json_string(ab_str_cstr(&v.expected), json);
		ab_str_add(json, ",\"given\":");
		ab_json_string(ab_str_cstr(&v.given), json);
		ab_str_add(json, ",\"why\":");
		ab_json_string(ab_str_cstr(&v.why), json);
		ab_str_addc(json, '}');
		ab_str_free(&path);
	}
	/* stand_in: the tests know this is not yet diff's report. */
	ab_str_addf(json, ",\"conventions\":[],\"pitfalls\":[],\"noise\":%zu,\"stand_in\":true}", noise);
	ab_str_free(&a);
	ab_str_free(&b);
	ab_str_free(&v.expected);
	ab_str_free(&v.given);
	ab_str_free(&v.why);
	for (int k = 0; k < NKINDS; k++)
		free(ref.items[k]);
	return v.agree;
}
