/* lesson_text.c - a lesson as plain text: its blocks and questions
 * interleaved with the narration of every step, paragraphs wrapped by
 * display width (CJK characters take two columns). */
#include "lessons/lesson.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "views/narrate.h"
#include "base/utf8.h"

static const char *const words[][AB_LANG_COUNT] = {
	{ "Lesson", "课程" },
	{ "Tree", "树" },
	{ "Question", "问题" },
	{ "Answer", "答案" },
};
enum { W_LESSON, W_TREE, W_QUESTION, W_ANSWER };

/* Display columns of the character at s (before end) and its length in
 * bytes.  An invalid byte (a lesson is checked, but a caller may hand any
 * text) is one byte of one column, and nothing is read past end. */
static int char_width(const unsigned char *s, const unsigned char *end, int *bytes)
{
	if (s[0] < 0x80) {
		*bytes = 1;
		return 1;
	}
	uint32_t cp;
	size_t n = ab_utf8_decode((const char *)s, (size_t)(end - s), &cp);
	if (!n) {
		*bytes = 1;
		return 1;
	}
	*bytes = (int)n;
	return ab_utf8_width(cp);
}

/* The length of the closing punctuation mark at u (、。，：；！？）” 」),
 * or 0. */
static int closing_punct(const unsigned char *u, const unsigned char *end)
{
	static const char *const marks[] = { "、", "。", "，", "：", "；", "！", "？", "）", "”", "」" };
	for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
		size_t n = strlen(marks[i]);
		if ((size_t)(end - u) >= n && memcmp(u, marks[i], n) == 0)
			return (int)n;
	}
	return 0;
}

/* Appends a paragraph wrapped at width columns after indent: breaks at
 * spaces, and between two wide (CJK) characters. */
static void wrap(struct ab_str *out, const char *text, size_t len, int width,
		 const char *indent)
{
	const unsigned char *s = (const unsigned char *)text, *end = s + len;
	int col = 0;
	ab_str_add(out, indent);
	while (s < end) {
		while (s < end && *s == ' ')
			s++;
		if (s == end)
			break;
		/* One unit: an ASCII-ish word, or one wide character. */
		const unsigned char *u = s;
		int w = 0, bytes;
		int cw = char_width(u, end, &bytes);
		if (cw == 2) {
			u += bytes;
			w = 2;
		} else {
			while (u < end && *u != ' ' && char_width(u, end, &bytes) != 2) {
				w += char_width(u, end, &bytes);
				u += bytes;
			}
		}
		/* Closing punctuation stays with what it closes. */
		int cl;
		while (u < end && (cl = closing_punct(u, end)) > 0) {
			u += cl;
			w += 2;
		}
		if (u == s)
			break;
		bool spaced = s > (const unsigned char *)text && s[-1] == ' ';
		if (col > 0 && col + (spaced ? 1 : 0) + w > width) {
			ab_str_addc(out, '\n');
			ab_str_add(out, indent);
			col = 0;
		} else if (col > 0 && spaced) {
			ab_str_addc(out, ' ');
			col++;
		}
		ab_utf8_add_safe(out, (const char *)s, (size_t)(u - s));
		col += w;
		s = u;
	}
	ab_str_addc(out, '\n');
}

static void add_safe(struct ab_str *out, const char *text)
{
	ab_utf8_add_safe(out, text, strlen(text));
}

static void paragraphs(struct ab_str *out, const char *text, const char *indent)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) : strlen(text);
		wrap(out, text, n, 72, indent);
		text += n;
		if (*text == '\n') {
			text++;
			ab_str_addc(out, '\n');
		}
	}
}

static void render_block(const struct ab_lesson *lesson, const struct ab_lesson_block *b,
			 enum ab_lang lang, struct ab_str *out)
{
	const char *text = ab_lesson_text(&b->text, lang);
	if (*text) {
		ab_str_addc(out, '\n');
		paragraphs(out, text, "    ");
	}
	for (size_t i = 0; i < b->nquestions; i++) {
		const struct ab_lesson_question *q = &b->questions[i];
		struct ab_str asked = AB_STR_INIT;
		ab_str_addf(&asked, "%s: %s", words[W_QUESTION][lang],
			    ab_lesson_text(&q->prompt, lang));
		ab_str_addc(out, '\n');
		paragraphs(out, asked.s, "    ");
		ab_str_free(&asked);
		ab_str_addf(out, "    %s: ", words[W_ANSWER][lang]);
		add_safe(out, q->answer);
		ab_str_addc(out, '\n');
	}
	(void)lesson;
	ab_str_addc(out, '\n');
}

void ab_lesson_render_text(struct ab_lesson *lesson, enum ab_lang lang,
			   const struct ab_glyphs *g, struct ab_str *out)
{
	struct ab_trace *trace = lesson->trace;
	ab_str_addf(out, "%s: ", words[W_LESSON][lang]);
	add_safe(out, ab_lesson_text(&lesson->title, lang));
	ab_str_addf(out, "\n%s: ", words[W_TREE][lang]);
	add_safe(out, lesson->tree_name);
	if (ab_tree_title(lesson->tree)) {
		ab_str_add(out, " (");
		add_safe(out, ab_tree_title(lesson->tree));
		ab_str_addc(out, ')');
	}
	ab_str_add(out, "; ");
	ab_config_describe_for(&lesson->config, lesson->tree, g->ascii, out);
	ab_str_addc(out, '\n');
	int width = snprintf(NULL, 0, "%zu", trace->length);
	size_t b = 0;
	ab_trace_seek(trace, 0);
	for (;;) {
		while (b < lesson->nblocks && lesson->blocks[b].step == trace->step)
			render_block(lesson, &lesson->blocks[b++], lang, out);
		if (!ab_trace_forward(trace))
			break;
		struct ab_event ev;
		ab_trace_event(trace, &ev);
		ab_str_addf(out, "%*zu  ", width, trace->step);
		ab_narrate(trace, &ev, g, out);
		ab_str_addc(out, '\n');
	}
}
