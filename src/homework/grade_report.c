/* grade_report.c - a graded answer as people and programs read it.
 *
 * The text report for a terminal, one JSON object, a CSV row, the
 * results.json an autograder platform (Gradescope) reads, and a class's
 * summary of what many answers got wrong: each reads only struct ab_grade
 * (grade.h), never the trace it was graded from.
 */
#include "homework/grade.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "views/json.h"
#include "base/utf8.h"

/* ---- Reports ----------------------------------------------------------------- */

void ab_grade_format_points(double points, struct ab_str *out)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%.2f", points + 0.0); /* + 0.0: no "-0.00" */
	size_t n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
	if (strcmp(buf, "-0") == 0)
		strcpy(buf, "0");
	ab_str_add(out, buf);
}

unsigned ab_grade_percent(const struct ab_grade *grade)
{
	/* Rounded to the nearest percent, but never up to 100 with a mistake. */
	unsigned percent = grade->out_of > 0
		? (unsigned)(100.0 * grade->points / grade->out_of + 0.5) : 100;
	if (percent >= 100 && grade->right < grade->total)
		percent = 99;
	return percent > 100 ? 100 : percent;
}

static void add_points(const struct ab_grade_item *it, struct ab_str *out)
{
	ab_str_add(out, " [");
	ab_grade_format_points(it->points, out);
	ab_str_addc(out, '/');
	ab_grade_format_points(it->out_of, out);
	ab_str_addc(out, ']');
}

void ab_grade_text(const struct ab_grade *grade, const struct ab_glyphs *g,
		   struct ab_str *out)
{
	const char *ok = g->ascii ? "ok   " : "✓";
	const char *bad = g->ascii ? "WRONG" : "✗";
	for (size_t i = 0; i < grade->count; i++) {
		const struct ab_grade_item *it = &grade->items[i];
		ab_str_addf(out, "%s%s ", it->detail ? "    " : "", it->right ? ok : bad);
		ab_str_addf(out, _("%s: %s"), it->name, it->given);
		if (grade->keyed && it->scored)
			add_points(it, out);
		if (!it->asked)
			ab_str_add(out, _(" (not asked, not scored)"));
		if (!it->right && *it->expected)
			ab_str_addf(out, _(" (expected %s) %s %s"), it->expected, g->dash, it->why);
		else if (!it->right)
			ab_str_addf(out, " %s %s", g->dash, it->why);
		ab_str_addc(out, '\n');
	}
	unsigned percent = ab_grade_percent(grade);
	if (grade->keyed) {
		struct ab_str points = AB_STR_INIT, out_of = AB_STR_INIT;
		ab_grade_format_points(grade->points, &points);
		ab_grade_format_points(grade->out_of, &out_of);
		ab_str_addf(out, _("Score: %s/%s points (%u%%); %zu of %zu questions right.\n"),
			    points.s, out_of.s, percent, grade->right, grade->total);
		ab_str_free(&points);
		ab_str_free(&out_of);
	} else {
		ab_str_addf(out, _("Score: %zu/%zu (%u%%)\n"), grade->right, grade->total, percent);
	}
	if (grade->diagnosis)
		ab_str_addf(out, _("Diagnosis: %s\n"), grade->diagnosis);
}

static void json_field(const char *key, const char *value, struct ab_str *out)
{
	ab_str_addf(out, "\"%s\":", key);
	if (value)
		ab_json_string(value, out);
	else
		ab_str_add(out, "null");
}

static void json_points(const char *key, double points, struct ab_str *out)
{
	ab_str_addf(out, "\"%s\":", key);
	ab_grade_format_points(points, out);
}

void ab_grade_json(const struct ab_grade *grade, const char *file,
		   struct ab_str *out)
{
	double score = grade->out_of > 0 ? grade->points / grade->out_of : 1.0;
	ab_str_addc(out, '{');
	if (file) {
		json_field("file", file, out);
		ab_str_addc(out, ',');
	}
	struct ab_str rules = AB_STR_INIT;
	if (grade->rules)
		ab_str_add(&rules, grade->rules);
	else
		ab_config_describe(&grade->config, true, &rules);
	ab_str_add(&rules, grade->values_returned ? ", values returned" : ", values proved");
	/* The usual root goes unsaid, as in every report before it. */
	if (grade->rules && grade->root != AB_MAX)
		ab_str_addf(&rules, ", root %s", ab_player_word(grade->root));
	json_field("rules", ab_str_cstr(&rules), out);
	ab_str_free(&rules);
	ab_str_addc(out, ',');
	json_field("name", grade->name, out);
	ab_str_addc(out, ',');
	json_field("id", grade->id, out);
	ab_str_addc(out, ',');
	json_field("declared", grade->declared, out);
	ab_str_addc(out, ',');
	json_field("overruled", grade->overruled, out);
	ab_str_addc(out, ',');
	json_field("own", grade->own, out);
	ab_str_addf(out, ",\"score\":%.4g,", score);
	json_points("points", grade->points, out);
	ab_str_addc(out, ',');
	json_points("out_of", grade->out_of, out);
	ab_str_addf(out, ",\"right\":%zu,\"total\":%zu,", grade->right, grade->total);
	json_field("diagnosis", grade->diagnosis, out);
	ab_str_add(out, ",\"items\":[");
	for (size_t i = 0; i < grade->count; i++) {
		const struct ab_grade_item *it = &grade->items[i];
		ab_str_add(out, i ? ",{" : "{");
		json_field("name", it->name, out);
		ab_str_addc(out, ',');
		json_field("expected", it->expected, out);
		ab_str_addc(out, ',');
		json_field("given", it->given, out);
		ab_str_addf(out, ",\"right\":%s,", it->right ? "true" : "false");
		json_points("points", it->points, out);
		ab_str_addc(out, ',');
		json_points("out_of", it->out_of, out);
		ab_str_addf(out, ",\"scored\":%s,\"asked\":%s,\"detail\":%s,",
			    it->scored ? "true" : "false", it->asked ? "true" : "false",
			    it->detail ? "true" : "false");
		json_field("why", it->why, out);
		ab_str_addf(out, ",\"step\":%zu,\"line\":%u}", it->step, it->line);
	}
	ab_str_add(out, "]}");
}

/* Whether a spreadsheet reads a cell that begins with text as a formula:
 * = + - @, a tab or a CR (OWASP), and the full-width forms of the first
 * four, which some spreadsheets take for them. */
static bool formula_lead(const char *text)
{
	static const char *const leads[] = { "=", "+", "-", "@", "\t", "\r",
					     "\xef\xbc\x9d", "\xef\xbc\x8b",
					     "\xef\xbc\x8d", "\xef\xbc\xa0" };
	for (size_t i = 0; i < sizeof leads / sizeof leads[0]; i++)
		if (strncmp(text, leads[i], strlen(leads[i])) == 0)
			return true;
	return false;
}

void ab_grade_csv_field(const char *text, struct ab_str *out)
{
	struct ab_str cell = AB_STR_INIT;
	bool formula = formula_lead(text);
	if (formula)
		ab_str_addc(&cell, '\'');
	/* Line breaks are kept, quoted (RFC 4180); every other control
	 * character is shown (a tab that led it as \x09). */
	for (const char *t = text; *t;) {
		size_t k = strcspn(t, "\r\n");
		ab_utf8_add_safe(&cell, t, k);
		for (t += k; *t == '\r' || *t == '\n'; t++)
			ab_str_addc(&cell, *t);
	}
	const char *c = ab_str_cstr(&cell);
	if (!formula && !c[strcspn(c, ",\"\r\n")]) {
		ab_str_add(out, c);
		ab_str_free(&cell);
		return;
	}
	ab_str_addc(out, '"');
	for (; *c; c++) {
		if (*c == '"')
			ab_str_addc(out, '"');
		ab_str_addc(out, *c);
	}
	ab_str_addc(out, '"');
	ab_str_free(&cell);
}

/* The first mistake in a line: the diagnosis when there is one (it says
 * more than one item), else "name: why". */
static void add_first_mistake(const struct ab_grade *grade, struct ab_str *out)
{
	const struct ab_grade_item *bad = ab_grade_first_mistake(grade);
	if (!bad)
		return;
	ab_str_addf(out, "%s: %s", bad->name, grade->diagnosis ? grade->diagnosis : bad->why);
}

void ab_grade_csv_header(const struct ab_tree *tree, const struct ab_answer *key,
			 struct ab_str *out)
{
	ab_str_add(out, "file,name,id,status,reason,points,out_of,percent,first_mistake,declared");
	for (size_t i = 0; key && i < key->count; i++) {
		char *q = ab_grade_question(tree, &key->items[i]);
		ab_str_addc(out, ',');
		ab_grade_csv_field(q, out);
		free(q);
	}
	ab_str_add(out, "\r\n");
}

void ab_grade_csv_row(const struct ab_grade *grade, const char *file,
		      struct ab_str *out)
{
	struct ab_str field = AB_STR_INIT;
	ab_grade_csv_field(file, out);
	ab_str_addc(out, ',');
	ab_grade_csv_field(grade->name ? grade->name : "", out);
	ab_str_addc(out, ',');
	ab_grade_csv_field(grade->id ? grade->id : "", out);
	ab_str_add(out, ",graded,,");
	ab_grade_format_points(grade->points, out);
	ab_str_addc(out, ',');
	ab_grade_format_points(grade->out_of, out);
	ab_str_addf(out, ",%u,", ab_grade_percent(grade));
	add_first_mistake(grade, &field);
	ab_grade_csv_field(ab_str_cstr(&field), out);
	ab_str_addc(out, ',');
	const char *note = grade->overruled ? grade->overruled : grade->own;
	ab_grade_csv_field(note ? note : "", out);
	/* With a key, the points of each question, in the key's order. */
	for (size_t i = 0; grade->keyed && i < grade->count; i++) {
		if (!grade->items[i].question)
			continue;
		ab_str_addc(out, ',');
		ab_grade_format_points(grade->items[i].points, out);
	}
	ab_str_add(out, "\r\n");
	ab_str_free(&field);
}

void ab_grade_csv_unusable(const char *file, const char *status, const char *why,
			   size_t nquestions, struct ab_str *out)
{
	ab_grade_csv_field(file, out);
	ab_str_addf(out, ",,,%s,", status);
	ab_grade_csv_field(why, out);
	ab_str_add(out, ",,,,,");
	for (size_t i = 0; i < nquestions; i++)
		ab_str_addc(out, ',');
	ab_str_add(out, "\r\n");
}

void ab_grade_gradescope(const struct ab_grade *grade, struct ab_str *out)
{
	struct ab_str text = AB_STR_INIT;
	ab_str_add(out, "{\"score\":");
	ab_grade_format_points(grade->points, out);
	if (grade->overruled)
		ab_str_addf(&text, "%s\n", grade->overruled);
	if (grade->diagnosis)
		ab_str_addf(&text, _("Diagnosis: %s\n"), grade->diagnosis);
	if (grade->keyed)
		ab_str_addf(&text, _("%zu of %zu questions right.\n"), grade->right, grade->total);
	else
		ab_str_addf(&text, _("%zu of %zu items right.\n"), grade->right, grade->total);
	ab_str_add(out, ",\"output\":");
	ab_json_string(ab_str_cstr(&text), out);
	ab_str_add(out, ",\"tests\":[");
	bool first = true;
	for (size_t i = 0; i < grade->count; i++) {
		const struct ab_grade_item *it = &grade->items[i];
		if (!it->scored)
			continue;
		ab_str_add(out, first ? "{" : ",{");
		first = false;
		json_field("name", it->name, out);
		ab_str_addc(out, ',');
		json_points("score", it->points, out);
		ab_str_addc(out, ',');
		json_points("max_score", it->out_of, out);
		ab_str_addf(out, ",\"status\":\"%s\",", it->right ? "passed" : "failed");
		ab_str_clear(&text);
		if (it->right) {
			ab_str_addf(&text, _("Right: %s."), it->given);
		} else {
			ab_str_addf(&text, _("Given: %s. Expected: %s. %s"), it->given, it->expected,
				    it->why ? it->why : "");
			/* The marks and cuts a set item is made of. */
			for (size_t d = i + 1; d < grade->count && grade->items[d].detail; d++)
				if (!grade->items[d].right)
					ab_str_addf(&text, "\n%s", grade->items[d].why);
		}
		json_field("output", ab_str_cstr(&text), out);
		ab_str_addc(out, '}');
	}
	ab_str_add(out, "]}");
	ab_str_free(&text);
}

/* ---- A class ------------------------------------------------------------------ */

struct tally {
	const char *text;   /* borrowed from a grade */
	size_t count, files;/* wrong in count answers of files that have it */
	size_t last;        /* the last answer counted, + 1 */
	size_t order;       /* first seen */
};

struct tallies {
	struct tally *t;
	size_t n, cap;
};

static struct tally *tally_of(struct tallies *ts, const char *text)
{
	for (size_t i = 0; i < ts->n; i++)
		if (strcmp(ts->t[i].text, text) == 0)
			return &ts->t[i];
	if (ts->n == ts->cap) {
		ts->cap = ts->cap ? ts->cap * 2 : 32;
		ts->t = ab_xreallocarray(ts->t, ts->cap, sizeof *ts->t);
	}
	ts->t[ts->n] = (struct tally){ text, 0, 0, 0, ts->n };
	return &ts->t[ts->n++];
}

static int compare_tallies(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* How many mistakes the summary lists before "and N more". */
#define SUMMARY_MISTAKES 20

void ab_grade_summary(const struct ab_grade *const *grades, size_t n,
		      const char *const *unusable, const char *const *why,
		      size_t nunusable, struct ab_str *out)
{
	struct tallies items = { NULL, 0, 0 }, mistakes = { NULL, 0, 0 };
	for (size_t f = 0; f < n; f++) {
		const struct ab_grade *gr = grades[f];
		for (size_t i = 0; i < gr->count; i++) {
			const struct ab_grade_item *it = &gr->items[i];
			if (it->scored) {
				struct tally *t = tally_of(&items, it->question ? it->question : it->name);
				if (t->last != f + 1) {
					t->last = f + 1;
					t->files++;
				}
				t->count += !it->right;
			}
			if (it->mistake && it->asked && (it->scored || it->detail)) {
				struct tally *t = tally_of(&mistakes, it->mistake);
				if (t->last != f + 1) {
					t->last = f + 1;
					t->count++;
				}
			}
		}
		if (gr->diagnosis_mistake) {
			struct tally *t = tally_of(&mistakes, gr->diagnosis_mistake);
			if (t->last != f + 1) {
				t->last = f + 1;
				t->count++;
			}
		}
	}
	ab_str_addf(out, _("%zu answers graded.\n"), n);
	if (nunusable) {
		ab_str_addf(out, P_("%zu more could not be graded, and is not counted below:\n",
				    "%zu more could not be graded, and are not counted below:\n",
				    nunusable), nunusable);
		for (size_t i = 0; i < nunusable; i++) {
			ab_str_add(out, "  ");
			ab_str_addf(out, _("%s: %s"), unusable[i], why[i]);
			ab_str_addc(out, '\n');
		}
	}
	/* Rows named as the report names items (value, 根节点的值 ...) line
	 * up by display width. */
	size_t width = 4;
	for (size_t i = 0; i < items.n; i++)
		if (ab_utf8_text_width(items.t[i].text) > width)
			width = ab_utf8_text_width(items.t[i].text);
	ab_str_addf(out, "\n%s\n", _("Wrong, per item:"));
	for (size_t i = 0; i < items.n; i++) {
		ab_str_add(out, "  ");
		ab_format_pad(items.t[i].text, (int)width, false, out);
		ab_str_addf(out, _("  %zu of %zu\n"), items.t[i].count, items.t[i].files);
	}
	if (mistakes.n)
		qsort(mistakes.t, mistakes.n, sizeof *mistakes.t, compare_tallies);
	ab_str_addf(out, "\n%s\n", _("The most common mistakes:"));
	if (!mistakes.n)
		ab_str_addf(out, "  %s\n", _("None: every answer is right."));
	/* Every mistake, unless there are more than a screenful: then the
	 * rarest are counted. */
	size_t shown = mistakes.n <= SUMMARY_MISTAKES + 1 ? mistakes.n : SUMMARY_MISTAKES;
	for (size_t i = 0; i < shown; i++) {
		ab_str_add(out, "  ");
		ab_str_addf(out, _("%zu of %zu %s.\n"), mistakes.t[i].count, n, mistakes.t[i].text);
	}
	if (shown < mistakes.n)
		ab_str_addf(out, P_("  ... and %zu more mistake.\n", "  ... and %zu more mistakes.\n",
				    mistakes.n - shown), mistakes.n - shown);
	free(items.t);
	free(mistakes.t);
}
