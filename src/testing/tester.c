/* tester.c - the test loop, the shrinking predicate, the reports and
 * --save (see tester.h).
 */
#include "testing/tester.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/i18n.h"
#include "testing/gamefeed.h"
#include "testing/tester_private.h"
#include "views/json.h"

/* How much of a program's output the text and JSON reports show (--save
 * keeps it all). */
#define SHOWN_BYTES (64u << 10)
#define SHOWN_LINES 40u /* a flood is shown by its start, not screens of it */

void ab_test_case_free(struct ab_test_case *c)
{
	ab_str_free(&c->input);
	ab_run_output_free(&c->run);
	ab_str_free(&c->diff_text);
	ab_str_free(&c->diff_json);
}

void ab_test_report_free(struct ab_test_report *report)
{
	ab_tree_free(report->tree);
	report->tree = NULL;
	ab_test_case_free(&report->shrunk);
}

/* ---- Running one tree ------------------------------------------------------ */

struct judge {
	const struct ab_test_options *o;
	struct ab_runner *runner;
	int start_error;            /* the program could not be started */
	enum ab_finding target;     /* while shrinking: the finding to keep */
	uint64_t hangs;             /* while shrinking: candidates that hung */
	struct ab_test_case now, kept;
};

void ab_test_case_clear(struct ab_test_case *c)
{
	ab_str_clear(&c->input);
	ab_str_clear(&c->diff_text);
	ab_str_clear(&c->diff_json);
	c->compared = false;
}

bool ab_test_case_run(struct ab_runner *runner, struct ab_test_case *c, int *start_error)
{
	int e = ab_runner_run(runner, c->input.s, c->input.len, &c->run);
	if (e) {
		*start_error = e;
		c->finding = AB_FINDING_NONE;
		return false;
	}
	c->finding = c->run.finding;
	/* A program that printed something before it went wrong: what it
	 * printed is compared too, for the report. */
	c->compared = c->finding == AB_FINDING_NONE ||
		      (c->finding != AB_FINDING_SILENT && c->finding != AB_FINDING_TOO_MUCH &&
		       c->run.out.len);
	return c->compared;
}

void ab_test_case_swap(struct ab_test_case *a, struct ab_test_case *b)
{
	struct ab_test_case t = *a;
	*a = *b;
	*b = t;
}

/* Runs the program on t and judges it into j->now. */
static enum ab_finding judge(struct judge *j, const struct ab_tree *t)
{
	struct ab_test_case *c = &j->now;
	ab_test_case_clear(c);
	ab_feed_write(j->o->feed, t, &c->input);
	/* Quick here: the whole report is made once, for the tree that is
	 * shown (full_report). */
	if (ab_test_case_run(j->runner, c, &j->start_error) &&
	    !ab_test_compare(t, &j->o->config, j->o->given, &j->o->log, c->run.out.s,
			     c->run.out.len, NULL, NULL) &&
	    c->finding == AB_FINDING_NONE)
		c->finding = AB_FINDING_DISAGREE;
	return c->finding;
}

/* The shrinking predicate: the same kind of finding on the candidate. */
static bool still(const struct ab_tree *candidate, void *ctx)
{
	struct judge *j = ctx;
	if (j->start_error || ab_feed_refuses(j->o->feed, candidate))
		return false;
	if (j->target == AB_FINDING_TIMEOUT && j->hangs >= AB_TEST_SHRINK_HANGS)
		return false;
	enum ab_finding f = judge(j, candidate);
	if (f == AB_FINDING_TIMEOUT)
		j->hangs++;
	if (f != j->target)
		return false;
	ab_test_case_swap(&j->kept, &j->now);
	return true;
}

/* The comparison's whole report for the case that is shown. */
static void full_report(const struct ab_test_options *o, const struct ab_tree *t,
			struct ab_test_case *c)
{
	ab_str_clear(&c->diff_text);
	ab_str_clear(&c->diff_json);
	if (c->compared)
		ab_test_compare(t, &o->config, o->given, &o->log, c->run.out.s,
				c->run.out.len, &c->diff_text, &c->diff_json);
}

int ab_test_run(const struct ab_test_options *o, struct ab_test_report *report)
{
	if (o->feed == AB_FEED_GAME)
		return ab_game_test_run(o, report);
	memset(report, 0, sizeof *report);
	struct judge j = { .o = o };
	j.runner = ab_runner_new(&o->run);
	for (uint64_t i = 0; i < o->count && !j.start_error; i++) {
		if (o->progress)
			o->progress(o->progress_ctx, i, o->count, false);
		enum ab_gen_shape shape;
		struct ab_tree *tree = ab_gen_tree(&o->gen, i, &shape);
		if (!tree)
			continue;
		if (ab_feed_refuses(o->feed, tree)) {
			ab_tree_free(tree);
			continue;
		}
		enum ab_finding f = judge(&j, tree);
		if (j.start_error) {
			ab_tree_free(tree);
			break;
		}
		report->trees = i + 1;
		if (f == AB_FINDING_NONE) {
			ab_tree_free(tree);
			continue;
		}
		report->index = i;
		report->shape = shape;
		report->finding = f;
		report->leaves_before = tree->leaves;
		ab_test_case_swap(&j.kept, &j.now);
		j.target = f;
		if (o->progress)
			o->progress(o->progress_ctx, i, o->count, true);
		report->tree = ab_shrink(tree, still, &j, AB_TEST_SHRINK_TRIES,
					 &report->shrink);
		report->shrunk = j.kept;
		memset(&j.kept, 0, sizeof j.kept);
		full_report(o, report->tree ? report->tree : tree, &report->shrunk);
		ab_tree_free(tree);
		break;
	}
	report->starts = ab_runner_starts(j.runner);
	ab_runner_free(j.runner);
	ab_test_case_free(&j.now);
	ab_test_case_free(&j.kept);
	return j.start_error;
}

/* ---- Reports ------------------------------------------------------------- */

/* text, indented, at most SHOWN_LINES lines and SHOWN_BYTES of it;
 * "(nothing)" when empty. */
void ab_test_add_block(const struct ab_str *text, struct ab_str *out)
{
	if (!text->len) {
		ab_str_addf(out, "    %s\n", _("(nothing)"));
		return;
	}
	size_t shown = text->len < SHOWN_BYTES ? text->len : SHOWN_BYTES;
	unsigned lines = 0;
	for (size_t i = 0; i < shown; i++)
		if (text->s[i] == '\n' && ++lines == SHOWN_LINES)
			shown = i + 1;
	bool at_start = true;
	for (size_t i = 0; i < shown; i++) {
		if (at_start)
			ab_str_add(out, "    ");
		ab_str_addc(out, text->s[i]);
		at_start = text->s[i] == '\n';
	}
	if (!at_start)
		ab_str_addc(out, '\n');
	if (shown < text->len)
		ab_str_addf(out, _("    ... and %zu more bytes (--save keeps them all)\n"),
			    text->len - shown);
}

void ab_test_describe(const struct ab_test_options *o, const struct ab_test_case *c,
		      struct ab_str *out)
{
	const struct ab_run_output *r = &c->run;
	switch (c->finding) {
	case AB_FINDING_DISAGREE:
		ab_str_add(out, o->feed == AB_FEED_GAME ? _("its answer is not perfect play")
			   : _("its log disagrees with the search"));
		break;
	case AB_FINDING_CRASH:
		if (r->signal)
			ab_str_addf(out, _("it was killed by signal %d (%s)"), r->signal,
				    strsignal(r->signal));
		else if (r->status)
			ab_str_addf(out, _("it exited with status %d"), r->status);
		else
			ab_str_add(out, _("it ended before printing the line 'end' (--batch reads one tree after another)"));
		break;
	case AB_FINDING_TIMEOUT:
		ab_str_addf(out, _("it did not finish within %u.%03u s"),
			    o->run.timeout_ms / 1000, o->run.timeout_ms % 1000);
		if (o->run.batch)
			ab_str_add(out, o->feed == AB_FEED_GAME
				   ? _(" (with --batch it must print a line 'end' after each position and flush its output)")
				   : _(" (with --batch it must print a line 'end' after each tree and flush its output)"));
		break;
	case AB_FINDING_SILENT:
		ab_str_add(out, _("it printed nothing"));
		break;
	case AB_FINDING_TOO_MUCH:
		ab_str_addf(out, _("it printed more than %u MiB"),
			    (unsigned)((o->run.output_limit ? o->run.output_limit
							    : AB_RUN_OUTPUT_LIMIT) >> 20));
		break;
	case AB_FINDING_NONE:
	case AB_FINDING_COUNT:
		break;
	}
}

void ab_test_report_text(const struct ab_test_options *o,
			 const struct ab_test_report *r, struct ab_str *out)
{
	if (o->feed == AB_FEED_GAME) {
		ab_game_test_report_text(o, r, out);
		return;
	}
	unsigned long long seed = (unsigned long long)o->gen.spec.seed;
	if (r->finding == AB_FINDING_NONE) {
		ab_str_addf(out, P_("abtrace test: %llu tree (seed %llu): the program agreed with the search.\n",
				    "abtrace test: %llu trees (seed %llu): the program agreed with the search on every one.\n",
				    r->trees),
			    (unsigned long long)r->trees, seed);
		return;
	}
	const struct ab_test_case *c = &r->shrunk;
	struct ab_str what = AB_STR_INIT;
	ab_test_describe(o, c, &what);
	ab_str_addf(out, _("abtrace test: tree %llu of %llu (%s, seed %llu): %s.\n"),
		    (unsigned long long)r->index + 1, (unsigned long long)o->count,
		    ab_gen_shape_name(r->shape), seed, ab_str_cstr(&what));
	ab_str_free(&what);
	ab_str_addf(out, P_("Shrunk in %llu run to %u of its %u leaves.\n",
			    "Shrunk in %llu runs to %u of its %u leaves.\n", r->shrink.tries),
		    (unsigned long long)r->shrink.tries, r->tree->leaves,
		    r->leaves_before);
	struct ab_str text = AB_STR_INIT;
	ab_tree_write(r->tree, &text);
	ab_str_add(out, _("\nThe tree:\n"));
	ab_test_add_block(&text, out);
	ab_str_free(&text);
	ab_str_addf(out, _("As fed (--feed %s):\n"), ab_feed_name(o->feed));
	ab_test_add_block(&c->input, out);
	ab_str_add(out, _("The program's output:\n"));
	ab_test_add_block(&c->run.out, out);
	if (c->run.err.len) {
		ab_str_add(out, _("Its standard error:\n"));
		ab_test_add_block(&c->run.err, out);
	}
	if (c->compared) {
		ab_str_add(out, _("Compared with the search:\n"));
		ab_test_add_block(&c->diff_text, out);
	}
}

/* s as a JSON string, at most SHOWN_BYTES of it (cut at a character). */
void ab_test_json_text(const struct ab_str *s, struct ab_str *out)
{
	if (s->len <= SHOWN_BYTES) {
		ab_json_string(ab_str_cstr(s), out);
		return;
	}
	size_t n = SHOWN_BYTES;
	while (n > 0 && ((unsigned char)s->s[n] & 0xc0) == 0x80)
		n--;
	char *cut = ab_xmalloc(n + 1);
	memcpy(cut, s->s, n);
	cut[n] = '\0';
	ab_json_string(cut, out);
	free(cut);
}

void ab_test_report_json(const struct ab_test_options *o,
			 const struct ab_test_report *r, struct ab_str *out)
{
	if (o->feed == AB_FEED_GAME) {
		ab_game_test_report_json(o, r, out);
		return;
	}
	ab_str_addf(out, "{\"seed\":%llu,\"trees\":%llu,\"finding\":",
		    (unsigned long long)o->gen.spec.seed, (unsigned long long)r->trees);
	if (r->finding == AB_FINDING_NONE) {
		ab_str_add(out, "null}\n");
		return;
	}
	const struct ab_test_case *c = &r->shrunk;
	struct ab_str text = AB_STR_INIT;
	ab_tree_write(r->tree, &text);
	ab_str_addf(out, "{\"kind\":\"%s\",\"tree\":", ab_finding_word(c->finding));
	ab_json_string(ab_str_cstr(&text), out);
	ab_str_addf(out, ",\"leaves\":%u,\"output\":", r->tree->leaves);
	ab_test_json_text(&c->run.out, out);
	ab_str_add(out, ",\"diff\":");
	ab_str_add(out, c->compared ? ab_str_cstr(&c->diff_json) : "null");
	/* Beyond abtrace-log(5)'s fields: what else a person debugging asks. */
	ab_str_add(out, ",\"input\":");
	ab_test_json_text(&c->input, out);
	ab_str_add(out, ",\"stderr\":");
	ab_test_json_text(&c->run.err, out);
	if (c->run.exited)
		ab_str_addf(out, ",\"status\":%d,\"signal\":%d", c->run.status, c->run.signal);
	ab_str_addf(out, ",\"index\":%llu,\"shape\":\"%s\",\"leaves_before\":%u,\"runs\":%llu}}\n",
		    (unsigned long long)r->index, ab_gen_shape_name(r->shape),
		    r->leaves_before, (unsigned long long)r->shrink.tries);
	ab_str_free(&text);
}

/* ---- --save --------------------------------------------------------------- */

enum saved {
#define AB_SAVED_ENUM(name, file) SAVED_##name,
	AB_TEST_SAVED(AB_SAVED_ENUM)
#undef AB_SAVED_ENUM
	SAVED_COUNT
};

static const char *const saved_names[] = {
#define AB_SAVED_NAME(name, file) file,
	AB_TEST_SAVED(AB_SAVED_NAME)
#undef AB_SAVED_NAME
};

/* dir opened as a directory, never through a link; -1 with errno. */
static int open_dir(const char *dir)
{
	return open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

int ab_test_save_check(const char *dir, const char **name)
{
	if (name)
		*name = NULL;
	int fd = open_dir(dir);
	if (fd < 0)
		return errno == ENOENT ? 0 : errno;
	for (int i = 0; i < SAVED_COUNT; i++) {
		struct stat st;
		if (fstatat(fd, saved_names[i], &st, AT_SYMLINK_NOFOLLOW) == 0) {
			if (name)
				*name = saved_names[i];
			close(fd);
			return EEXIST;
		}
	}
	close(fd);
	return 0;
}

static int write_new(int dfd, const char *name, const char *data, size_t len)
{
	int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0)
		return errno;
	int err = 0;
	while (len > 0) {
		ssize_t n = write(fd, data, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? errno : EIO;
			break;
		}
		data += n;
		len -= (size_t)n;
	}
	if (close(fd) != 0 && !err)
		err = errno;
	return err;
}

int ab_test_save(const char *dir, const struct ab_test_options *o,
		 const struct ab_test_report *r, const char **name)
{
	if (name)
		*name = NULL;
	if (mkdir(dir, 0777) != 0 && errno != EEXIST)
		return errno;
	int dfd = open_dir(dir);
	if (dfd < 0)
		return errno;
	const struct ab_test_case *c = &r->shrunk;
	struct ab_str text[SAVED_COUNT];
	for (int i = 0; i < SAVED_COUNT; i++)
		text[i] = (struct ab_str)AB_STR_INIT;
	if (r->tree)
		ab_tree_write(r->tree, &text[SAVED_TREE]);
	ab_str_addn(&text[SAVED_INPUT], c->input.s ? c->input.s : "", c->input.len);
	ab_str_addn(&text[SAVED_OUTPUT], c->run.out.s ? c->run.out.s : "", c->run.out.len);
	ab_str_addn(&text[SAVED_STDERR], c->run.err.s ? c->run.err.s : "", c->run.err.len);
	ab_str_addn(&text[SAVED_DIFF], c->diff_text.s ? c->diff_text.s : "", c->diff_text.len);
	ab_test_report_text(o, r, &text[SAVED_REPORT]);
	int err = 0;
	for (int i = 0; i < SAVED_COUNT && !err; i++) {
		if (i == SAVED_STDERR && !c->run.err.len)
			continue;
		if (i == SAVED_DIFF && !c->compared)
			continue;
		err = write_new(dfd, saved_names[i], ab_str_cstr(&text[i]), text[i].len);
		if (err && name)
			*name = saved_names[i];
	}
	for (int i = 0; i < SAVED_COUNT; i++)
		ab_str_free(&text[i]);
	close(dfd);
	return err;
}
