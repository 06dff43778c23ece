/* fuzz_lesson.c - the lesson parser, binder, checker and text printout on
 * arbitrary bytes.
 *
 * The first byte chooses the tree the lesson is bound to (one of the
 * bundled trees, loaded once: the lesson's own tree: line is parsed but
 * never opened, so an input cannot make the target read a file or wait on
 * a FIFO); the rest is the lesson file.  An error must have a message and a
 * place inside the text.  A lesson that parses is bound; one that binds is
 * checked, printed as text in both languages (which must be valid UTF-8
 * with no control character but newlines), and every question's own stated
 * answer must be accepted by the answer checker the replay uses, at least
 * when the checker finds that the lesson's answer holds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "lessons/lesson.h"
#include "sources/load.h"
#include "base/utf8.h"

static const char *const trees[] = {
	"lecture", "deep-cutoff", "ties", "ordering", "seed003", "min-root", "uneven",
};
enum { NTREES = sizeof trees / sizeof trees[0] };

static struct ab_tree *tree_cache[NTREES];

/* The bundled tree for pick, loaded once.  The lesson borrows it: its
 * tree pointer is cleared before ab_lesson_free. */
static struct ab_tree *tree_for(uint8_t pick)
{
	unsigned i = pick % NTREES;
	if (!tree_cache[i]) {
		struct ab_diag diag;
		struct ab_str shown = AB_STR_INIT;
		tree_cache[i] = ab_load_tree(trees[i], &shown, &diag);
		ab_str_free(&shown);
		if (!tree_cache[i])
			fuzz_fail("bundled tree %s does not load: %s", trees[i],
				  diag.message);
	}
	return tree_cache[i];
}

static void lesson_free(struct ab_lesson *lesson)
{
	lesson->tree = NULL;
	ab_lesson_free(lesson);
}

static void check_diag(const struct ab_diag *diag, const char *text, size_t len,
		       const char *what)
{
	if (!diag->message[0])
		fuzz_fail("%s without a message", what);
	size_t lines = 1;
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	if (diag->line > lines)
		fuzz_fail("%s on line %u of a %zu-line lesson", what, diag->line, lines);
	struct ab_str report = AB_STR_INIT;
	ab_diag_format(diag, "fuzz", &report);
	ab_str_free(&report);
}

static void check_printout(const struct ab_str *out)
{
	const char *s = ab_str_cstr(out);
	for (size_t i = 0; i < out->len;) {
		uint32_t cp;
		size_t k = ab_utf8_decode(s + i, out->len - i, &cp);
		if (!k)
			fuzz_fail("the printout has invalid UTF-8 at byte %zu", i);
		if (cp != '\n' && ab_utf8_unsafe(cp))
			fuzz_fail("the printout has U+%04X at byte %zu", (unsigned)cp, i);
		i += k;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const char *text = (const char *)data + 1;
	size_t len = size - 1;
	struct ab_diag diag;
	memset(&diag, 0, sizeof diag);
	/* ab_lesson_parse wants NUL-terminated text. */
	char *copy = ab_xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	struct ab_lesson *lesson = ab_lesson_parse(copy, len, &diag);
	if (!lesson) {
		check_diag(&diag, copy, len, "a lesson error");
		free(copy);
		return 0;
	}
	lesson->tree = tree_for(data[0]);
	bool in_tree = true;
	if (!ab_lesson_bind(lesson, &diag, &in_tree)) {
		if (in_tree)
			fuzz_fail("a built-in tree failed to load: %s", diag.message);
		check_diag(&diag, lesson->text, lesson->len, "a bind error");
		lesson_free(lesson);
		free(copy);
		return 0;
	}
	struct ab_diag *fails = NULL;
	size_t nfails = ab_lesson_check(lesson, &fails);
	for (size_t i = 0; i < nfails; i++)
		check_diag(&fails[i], lesson->text, lesson->len, "a failed claim");
	free(fails);
	for (int l = 0; l < AB_LANG_COUNT; l++) {
		struct ab_str out = AB_STR_INIT;
		ab_lesson_render_text(lesson, (enum ab_lang)l,
				      (data[0] & 0x80) ? &ab_glyphs_ascii : &ab_glyphs_utf8, &out);
		check_printout(&out);
		ab_str_free(&out);
	}
	for (size_t s = 0; s <= lesson->trace->length; s++)
		(void)ab_lesson_block_at(lesson, s);
	/* With no failure, each question's stated answer is right, and the
	 * replay's answer checker must agree. */
	if (nfails == 0) {
		for (size_t b = 0; b < lesson->nblocks; b++) {
			const struct ab_lesson_block *block = &lesson->blocks[b];
			for (size_t i = 0; i < block->nquestions; i++) {
				const struct ab_lesson_question *q = &block->questions[i];
				if (!ab_lesson_answer_ok(lesson, q, q->answer))
					fuzz_fail("the lesson's own answer '%s' is refused",
						  q->answer);
			}
		}
	}
	lesson_free(lesson);
	free(copy);
	return 0;
}
