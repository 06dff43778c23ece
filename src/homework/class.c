/* class.c - many answer files graded against one tree, and their reports.
 *
 * What `abtrace check` does between reading its options and choosing its
 * exit status: the folder walk, the key, each file read, parsed and graded
 * under the grader's conventions (the command line and the key win over an
 * answer's own rules:, order: and root: lines), and the reports.  Each
 * report kind is an entry of one table: how it begins, what it writes for
 * each answer, and whether it is always UTF-8.  Nothing here prints: the
 * messages for standard error go into the class's log.
 */
#include "homework/class.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "base/i18n.h"
#include "base/utf8.h"
#include "core/search.h"
#include "core/trace.h"
#include "sources/load.h"
#include "views/json.h"
#include "views/narrate.h"

/* ---- The answer files ---------------------------------------------------- */

static struct ab_class_answer *add_file(struct ab_class *cls, char *file)
{
	if (cls->count == cls->cap) {
		cls->cap = cls->cap ? cls->cap * 2 : 16;
		cls->answers = ab_xreallocarray(cls->answers, cls->cap, sizeof *cls->answers);
	}
	struct ab_str name = AB_STR_INIT;
	ab_utf8_add_name(&name, file);
	cls->answers[cls->count] = (struct ab_class_answer){
		.file = file, .name = ab_xstrdup(ab_str_cstr(&name)) };
	ab_str_free(&name);
	return &cls->answers[cls->count++];
}

static int compare_answers(const void *a, const void *b)
{
	return strcmp(((const struct ab_class_answer *)a)->file,
		      ((const struct ab_class_answer *)b)->file);
}

/* The row an entry that is no regular file makes, by what it is. */
static enum ab_class_skip skip_of(enum ab_file_kind kind)
{
	switch (kind) {
	case AB_FILE_LINK: return AB_SKIP_LINK;
	case AB_FILE_DANGLING: return AB_SKIP_DANGLING;
	case AB_FILE_LOOP: return AB_SKIP_LOOP;
	case AB_FILE_DIRECTORY: return AB_SKIP_FOLDER;
	case AB_FILE_FIFO: return AB_SKIP_FIFO;
	case AB_FILE_DEVICE: return AB_SKIP_DEVICE;
	case AB_FILE_SOCKET: return AB_SKIP_SOCKET;
	/* A regular file is graded; what is missing or cannot be told is
	 * tried, and its row says why it cannot be read. */
	case AB_FILE_REGULAR: case AB_FILE_MISSING: case AB_FILE_UNKNOWN: break;
	}
	return AB_SKIP_NONE;
}

const char *ab_class_skip_reason(enum ab_class_skip skip)
{
	static const char *const reasons[AB_SKIP_COUNT] = {
		[AB_SKIP_NONE] = "",
		[AB_SKIP_LINK] = N_("a link, not graded"),
		[AB_SKIP_DANGLING] = N_("a dangling link, not graded"),
		[AB_SKIP_LOOP] = N_("a link loop, not graded"),
		[AB_SKIP_FOLDER] = N_("a subfolder, not graded"),
		[AB_SKIP_FIFO] = N_("a FIFO, not graded"),
		[AB_SKIP_DEVICE] = N_("a device, not graded"),
		[AB_SKIP_SOCKET] = N_("a socket, not graded"),
		[AB_SKIP_EMPTY] = N_("an empty folder"),
		[AB_SKIP_HIDDEN] = N_("a folder of hidden files only"),
	};
	return _(reasons[skip]);
}

/* Every entry of the folder arg, a row each, sorted; hidden ones left
 * out.  The folder is opened once and its entries looked at through it,
 * without following links (unless follow_links). */
static void add_folder(struct ab_class *cls, const char *arg)
{
	size_t before = cls->count, hidden = 0;
	size_t n = strlen(arg);
	bool slash = n > 0 && arg[n - 1] == '/';
	/* Not through a link (one swapped in since it was looked at), unless
	 * the grader says so: links, or a final '/'. */
	bool nofollow = !cls->follow_links && !slash;
	int fd = open(arg, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (nofollow ? O_NOFOLLOW : 0));
	DIR *dir = fd >= 0 ? fdopendir(fd) : NULL;
	if (!dir) {
		int err = errno;
		if (fd >= 0)
			close(fd);
		struct ab_class_answer *a = add_file(cls, ab_xstrdup(arg));
		ab_str_addf(&a->error, _("cannot read the folder '%s': %s"), a->name, strerror(err));
		ab_str_addf(&cls->log, "%s: %s\n", cls->program, a->error.s);
		return;
	}
	for (;;) {
		errno = 0;
		struct dirent *e = readdir(dir);
		if (!e) {
			/* An error part way: the folder's own row says so, so
			 * nothing is dropped without a word. */
			if (errno) {
				int err = errno;
				struct ab_class_answer *a = add_file(cls, ab_xstrdup(arg));
				ab_str_addf(&a->error, _("cannot read the folder '%s': %s"), a->name,
					    strerror(err));
				ab_str_addf(&cls->log, "%s: %s\n", cls->program, a->error.s);
			}
			break;
		}
		if (e->d_name[0] == '.') {
			hidden += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
			continue;
		}
		struct ab_str path = AB_STR_INIT;
		ab_str_addf(&path, "%s%s%s", arg, slash ? "" : "/", e->d_name);
		enum ab_file_kind kind = ab_file_kind_at(dirfd(dir), e->d_name, cls->follow_links);
		add_file(cls, path.s)->skip = skip_of(kind);
	}
	closedir(dir);
	if (cls->count == before)
		add_file(cls, ab_xstrdup(arg))->skip = hidden ? AB_SKIP_HIDDEN : AB_SKIP_EMPTY;
	qsort(cls->answers + before, cls->count - before, sizeof *cls->answers,
	      compare_answers);
}

bool ab_class_add(struct ab_class *cls, const char *arg)
{
	size_t before = cls->count;
	enum ab_file_kind kind = strcmp(arg, "-") == 0 ? AB_FILE_REGULAR
				 : ab_file_kind_at(AT_FDCWD, arg, cls->follow_links);
	if (kind == AB_FILE_DIRECTORY)
		add_folder(cls, arg);
	else
		add_file(cls, ab_xstrdup(arg))->skip = skip_of(kind);
	for (size_t i = before; i < cls->count; i++)
		if (cls->answers[i].skip || cls->answers[i].error.len)
			return false;
	return true;
}

/* ---- The key ------------------------------------------------------------- */

bool ab_class_load_key(struct ab_class *cls, const struct ab_tree *tree,
		       const char *path)
{
	struct ab_diag diag;
	size_t len;
	char *text = ab_read_file(path, AB_MAX_ANSWER_BYTES, &len, &diag);
	cls->key = text ? ab_answer_parse_key(tree, text, len, &diag) : NULL;
	free(text);
	if (!cls->key) {
		/* An empty argument (--key '') is shown as one. */
		const char *name = strcmp(path, "-") == 0 ? AB_STDIN_NAME : *path ? path : "''";
		ab_diag_format(&diag, name, &cls->log);
		return false;
	}
	/* The key is the grader's: its rules count as the command line's
	 * where the command line is silent. */
	const struct ab_answer *key = cls->key;
	ab_answer_apply_rules(key, cls->fixed, &cls->config);
	ab_answer_apply_values(key, cls->values_fixed, &cls->values_returned);
	cls->fixed |= key->parts;
	cls->values_fixed |= key->has_values;
	/* So is its iteration, where --iteration is not given. */
	if (!cls->iteration && key->has_iteration)
		cls->iteration = key->iteration;
	for (size_t i = 0; i < cls->key->count; i++)
		cls->key_points += cls->key->items[i].points;
	return true;
}

/* ---- Grading ------------------------------------------------------------- */

/* The search to grade iteration K against: the last of an iterative
 * search to depth K.  False (the answer's error set, the log told) when
 * the tree has no such iteration or no static value where it stops. */
static bool iteration_config(struct ab_class *cls, const struct ab_tree *tree,
			     uint32_t iteration, struct ab_class_answer *a,
			     struct ab_config *config)
{
	struct ab_config all = *config;
	all.iterative = true;
	uint32_t last = ab_config_last_depth(&all, tree);
	if (iteration > last) {
		ab_str_addf(&a->error, _("there is no iteration %u: the iterative search of this tree has %u"),
			    iteration, last);
		ab_str_addf(&cls->log, "%s: %s: %s\n", cls->program, a->name,
			    ab_str_cstr(&a->error));
		return false;
	}
	config->iterative = true;
	config->depth = iteration;
	uint32_t bad = ab_search_missing_static(tree, config);
	if (bad != AB_NONE) {
		struct ab_str node_name = AB_STR_INIT;
		ab_tree_name(tree, bad, &node_name);
		ab_str_addf(&a->error, _("%s is an inner node at depth %u, where an iteration of --iterative stops, but has no static value: write one, e.g. %s=5[...]"),
			    ab_str_cstr(&node_name), tree->nodes[bad].depth,
			    ab_tree_label(tree, bad) ? ab_str_cstr(&node_name) : "");
		ab_str_addf(&cls->log, "%s: %s\n", cls->program, ab_str_cstr(&a->error));
		ab_str_free(&node_name);
		return false;
	}
	return true;
}

/* Whether the tree can be searched as the answer's own declarations ask
 * (the parts in own): a depth needs static values where it stops, chance
 * pruning needs bounds.  If not, *why says so. */
static bool declaration_fits(const struct ab_tree *tree, const struct ab_config *config,
			     unsigned own, struct ab_str *why)
{
	if ((own & AB_PART_DEPTH) && config->depth) {
		uint32_t bad = ab_search_missing_static(tree, config);
		if (bad != AB_NONE) {
			struct ab_str name = AB_STR_INIT;
			ab_tree_name(tree, bad, &name);
			ab_str_addf(why, _("%s, at depth %u, has no static value"), ab_str_cstr(&name),
				    tree->nodes[bad].depth);
			ab_str_free(&name);
			return false;
		}
	}
	enum ab_chance_prune prune = ab_config_chance(config, tree);
	if ((own & AB_PART_CHANCE) && tree->nchance && prune != AB_CHANCE_NONE && !tree->has_bounds) {
		ab_str_add(why, _("pruning at chance nodes needs bounds:, which the tree does not declare"));
		return false;
	}
	if ((own & AB_PART_CHANCE) && prune == AB_CHANCE_STAR1 && tree->has_bounds &&
	    !tree->star1_exact) {
		ab_str_add(why, _("Star1's windows on this tree cannot be exact"));
		return false;
	}
	if ((own & AB_PART_ROOT) && tree->root_player == AB_CHANCE) {
		ab_str_add(why, _("the root is a chance node, where no player moves"));
		return false;
	}
	return true;
}

/* Reads, parses and grades one answer file. */
static void grade_one(struct ab_class *cls, const struct ab_tree *tree,
		      const struct ab_glyphs *g, struct ab_class_answer *a)
{
	struct ab_diag diag;
	size_t len = 0;
	a->usable = false;
	/* Settled when listed: a folder that could not be read. */
	if (a->error.len)
		return;
	bool is_stdin = strcmp(a->file, "-") == 0;
	char *text = NULL;
	if (is_stdin) {
		text = ab_read_file(a->file, AB_MAX_ANSWER_BYTES, &len, &diag);
	} else if (!a->skip) {
		/* Only a regular file, never through a link unless the
		 * grader says so: what was listed may have changed since. */
		enum ab_file_kind kind;
		text = ab_read_regular(a->file, cls->follow_links, AB_MAX_ANSWER_BYTES, &len,
				       &kind, &diag);
		if (!text)
			a->skip = skip_of(kind);
	}
	if (a->skip) {
		ab_str_add(&a->error, ab_class_skip_reason(a->skip));
		ab_str_addf(&cls->log, "%s: %s: %s\n", cls->program, a->name, a->error.s);
		return;
	}
	struct ab_answer *answer = text ? ab_answer_parse(tree, text, len, &diag) : NULL;
	free(text);
	/* ab_diag_format writes the name in the house form itself. */
	const char *name = is_stdin ? AB_STDIN_NAME : a->file;
	if (!answer) {
		size_t start = cls->log.len;
		ab_diag_format(&diag, name, &cls->log);
		const char *report = cls->log.s + start;
		const char *nl = strchr(report, '\n');
		ab_str_addn(&a->error, report, nl ? (size_t)(nl - report) : strlen(report));
		return;
	}
	/* Each line that could not be read, as a parse error says it. */
	for (size_t i = 0; i < answer->nunread; i++) {
		const struct ab_unread *u = &answer->unread[i];
		ab_str_addf(&cls->log, _("%s:%u:%u: note: this line is not read: %s\n"), name,
			    u->line, u->column, u->why);
	}
	/* The person grading decides: the answer's own rules apply only
	 * where the command line (and the key) are silent. */
	struct ab_config config = cls->config;
	bool values = cls->values_returned;
	unsigned overruled = ab_answer_apply_rules(answer, cls->fixed, &config);
	bool values_overruled = ab_answer_apply_values(answer, cls->values_fixed, &values);
	/* A declaration the tree cannot honour (a depth without static
	 * values there) is set aside, with a note, and the rest graded. */
	unsigned own = answer->parts & ~cls->fixed;
	struct ab_str unfit = AB_STR_INIT;
	if (!declaration_fits(tree, &config, own, &unfit)) {
		config = cls->config;
		own = 0;
	}
	/* An iteration of --iterative: the command line's (or the key's),
	 * else the file's, unless the command line asks for a plain search
	 * to a depth.  Iteration K is the last of an iterative search to
	 * depth K. */
	bool depth_fixed = config.depth && !config.iterative;
	uint32_t iteration = cls->iteration ? cls->iteration
			     : answer->has_iteration && !depth_fixed ? answer->iteration : 0;
	bool iteration_overruled = answer->has_iteration && iteration != answer->iteration;
	if (iteration && !iteration_config(cls, tree, iteration, a, &config)) {
		ab_str_free(&unfit);
		ab_answer_free(answer);
		return;
	}
	struct ab_grade_options opt = { .values_returned = values, .key = cls->key,
					.any_optimal = cls->any_optimal };
	if (!ab_grade_answer_with(tree, &config, &opt, answer, g, &a->grade)) {
		ab_str_addf(&cls->log, _("%s: the search has more than %u steps; try a smaller tree\n"),
			    cls->program, (unsigned)AB_MAX_EVENTS);
		ab_str_add(&a->error, _("the search is too long"));
		ab_str_free(&unfit);
		ab_answer_free(answer);
		return;
	}
	a->usable = true;
	if (answer->name)
		a->grade.name = ab_xstrdup(answer->name);
	if (answer->id)
		a->grade.id = ab_xstrdup(answer->id);
	struct ab_str note = AB_STR_INIT;
	ab_answer_describe_rules(answer, &note);
	if (note.len)
		a->grade.declared = ab_xstrdup(note.s);
	ab_str_clear(&note);
	ab_answer_describe_overruled(answer, overruled, values_overruled, &config, values, g,
				     &note);
	if (unfit.len) {
		struct ab_str said = AB_STR_INIT;
		ab_answer_describe_rules(answer, &said);
		if (note.len)
			ab_str_add(&note, "; ");
		ab_str_addf(&note, _("declares %s, but %s: graded as the class is"), said.s,
			    unfit.s);
		ab_str_free(&said);
	}
	if (iteration_overruled) {
		if (note.len)
			ab_str_add(&note, "; ");
		if (iteration)
			ab_str_addf(&note, _("declares iteration: %u; graded against iteration %u"),
				    answer->iteration, iteration);
		else
			ab_str_addf(&note, _("declares iteration: %u; graded as a search to depth %u"),
				    answer->iteration, config.depth);
	}
	if (note.len) {
		ab_narrate_tidy(&note, 0);
		a->grade.overruled = ab_xstrdup(note.s);
		ab_str_addf(&cls->log, _("%s: note: %s %s.\n"), cls->program,
			    is_stdin ? AB_STDIN_NAME : a->name, note.s);
	}
	/* The file's own conventions, where they apply and differ from the
	 * class's, are said beside its score. */
	unsigned differ = own & ab_config_differ(&config, &cls->config);
	if (!tree->nchance)
		differ &= ~AB_PART_CHANCE; /* nothing for it to change */
	bool values_own = answer->has_values && !cls->values_fixed && values != cls->values_returned;
	if (differ || values_own) {
		struct ab_str said = AB_STR_INIT, class_used = AB_STR_INIT;
		ab_answer_describe_own(answer, differ, values_own, &said);
		ab_config_describe_parts(&cls->config, differ, g->ascii, &class_used);
		if (values_own) {
			if (class_used.len)
				ab_str_add(&class_used, _(", "));
			ab_str_add(&class_used, cls->values_returned ? _("values returned") : _("values proved"));
		}
		ab_str_clear(&note);
		ab_str_addf(&note, _("declares %s; graded so (the class: %s)"), said.s, class_used.s);
		ab_narrate_tidy(&note, 0);
		a->grade.own = ab_xstrdup(note.s);
		ab_str_free(&said);
		ab_str_free(&class_used);
	}
	ab_str_free(&note);
	ab_str_free(&unfit);
	ab_answer_free(answer);
}

void ab_class_grade(struct ab_class *cls, const struct ab_tree *tree)
{
	const struct ab_glyphs *g = ab_class_glyphs(cls);
	cls->unusable = cls->skipped = cls->mistaken = 0;
	size_t links = 0;
	for (size_t i = 0; i < cls->count; i++) {
		struct ab_class_answer *a = &cls->answers[i];
		grade_one(cls, tree, g, a);
		links += a->skip == AB_SKIP_LINK;
		if (a->skip)
			cls->skipped++;
		else if (!a->usable)
			cls->unusable++;
		else if (ab_grade_first_mistake(&a->grade))
			cls->mistaken++;
	}
	if (links)
		ab_str_addf(&cls->log, _("%s: note: a link is not followed, so nothing it points at is read; --follow-links grades what links lead to.\n"),
			    cls->program);
}

/* ---- Reports --------------------------------------------------------------- */

/* A report being written. */
struct report {
	const struct ab_class *cls;
	const struct ab_tree *tree;
	const struct ab_glyphs *g;
	size_t width;            /* the text table's FILE column */
	size_t student_width;    /* its STUDENT column, 0 when none */
	struct ab_str *out;
};

/* "Zhang San 2024001": who wrote the answer, or "" when it does not say. */
static void add_student(const struct ab_grade *gr, struct ab_str *out)
{
	if (gr->name)
		ab_str_add(out, gr->name);
	if (gr->id)
		ab_str_addf(out, "%s%s", gr->name ? " " : "", gr->id);
}

/* The text report of one file: who wrote it, the conventions it was
 * graded under, then its items. */
static void text_one(struct report *r, const struct ab_class_answer *a)
{
	const struct ab_grade *gr = &a->grade;
	struct ab_str *out = r->out;
	ab_str_addf(out, "# %s", a->name);
	if (gr->name || gr->id) {
		struct ab_str who = AB_STR_INIT;
		add_student(gr, &who);
		ab_str_addf(out, _(" (%s)"), who.s);
		ab_str_free(&who);
	}
	ab_str_add(out, _(": "));
	ab_config_describe_for(&gr->config, r->tree, r->g->ascii, out);
	if (gr->values_returned)
		ab_str_add(out, _("; values are what nodes return"));
	ab_str_addf(out, _("; root %s\n"), ab_player_name(ab_config_root(&gr->config, r->tree)));
	if (gr->overruled)
		ab_str_addf(out, "# %s\n", gr->overruled);
	if (gr->own)
		ab_str_addf(out, "# %s\n", gr->own);
	ab_grade_text(gr, r->g, out);
}

/* The several-file table's row for one answer. */
static void text_row(struct report *r, const struct ab_class_answer *a)
{
	struct ab_str *out = r->out;
	ab_format_pad(a->name, (int)r->width, false, out);
	ab_str_add(out, "  ");
	if (r->student_width) {
		struct ab_str who = AB_STR_INIT;
		if (a->usable)
			add_student(&a->grade, &who);
		ab_format_pad(ab_str_cstr(&who), (int)r->student_width, false, out);
		ab_str_add(out, "  ");
		ab_str_free(&who);
	}
	if (!a->usable) {
		ab_format_pad(a->skip ? _("not graded") : _("unusable"), 12, false, out);
		ab_str_addf(out, " %s\n", ab_str_cstr(&a->error));
		return;
	}
	const struct ab_grade *gr = &a->grade;
	struct ab_str score = AB_STR_INIT;
	if (gr->keyed) {
		ab_grade_format_points(gr->points, &score);
		ab_str_addc(&score, '/');
		ab_grade_format_points(gr->out_of, &score);
	} else {
		ab_str_addf(&score, "%zu/%zu", gr->right, gr->total);
	}
	ab_format_pad(score.s, 12, false, out);
	ab_str_addc(out, ' ');
	ab_str_free(&score);
	size_t before = out->len;
	/* The file's own conventions first: they say how the score was
	 * reached. */
	const char *note = gr->overruled ? gr->overruled : gr->own;
	if (note)
		ab_str_addf(out, "[%s] ", note);
	const struct ab_grade_item *bad = ab_grade_first_mistake(gr);
	/* The diagnosis, when there is one, says more than one item. */
	if (bad)
		ab_str_addf(out, _("%s: %s"), bad->name, gr->diagnosis ? gr->diagnosis : bad->why);
	if (out->len == before)
		ab_str_addc(out, '-');
	else if (out->s[out->len - 1] == ' ')
		ab_str_truncate(out, out->len - 1);
	ab_str_addc(out, '\n');
}

/* Several files: a table, its columns by display width (Chinese headers
 * and file names take two columns a character); a column for who wrote
 * each when any says. */
static void text_begin(struct report *r)
{
	const struct ab_class *cls = r->cls;
	if (cls->count < 2)
		return;
	r->width = ab_utf8_text_width(_("FILE"));
	for (size_t i = 0; i < cls->count; i++)
		if (ab_utf8_text_width(cls->answers[i].name) > r->width)
			r->width = ab_utf8_text_width(cls->answers[i].name);
	for (size_t i = 0; i < cls->count; i++) {
		const struct ab_class_answer *a = &cls->answers[i];
		if (!a->usable || (!a->grade.name && !a->grade.id))
			continue;
		struct ab_str who = AB_STR_INIT;
		add_student(&a->grade, &who);
		size_t w = ab_utf8_text_width(who.s);
		if (w > r->student_width)
			r->student_width = w;
		ab_str_free(&who);
	}
	if (r->student_width && ab_utf8_text_width(_("STUDENT")) > r->student_width)
		r->student_width = ab_utf8_text_width(_("STUDENT"));
	ab_format_pad(_("FILE"), (int)r->width, false, r->out);
	ab_str_add(r->out, "  ");
	if (r->student_width) {
		ab_format_pad(_("STUDENT"), (int)r->student_width, false, r->out);
		ab_str_add(r->out, "  ");
	}
	ab_format_pad(cls->key ? _("POINTS") : _("SCORE"), 12, false, r->out);
	ab_str_addf(r->out, " %s\n", _("FIRST MISTAKE"));
}

static void text_answer(struct report *r, const struct ab_class_answer *a)
{
	if (r->cls->count >= 2)
		text_row(r, a);
	else if (a->usable)
		text_one(r, a);
}

/* One object per answer file, one per line (JSON Lines). */
static void json_answer(struct report *r, const struct ab_class_answer *a)
{
	struct ab_str *out = r->out;
	if (!a->usable) {
		ab_str_add(out, "{\"file\":");
		ab_json_string(a->name, out);
		ab_str_add(out, ",\"status\":\"unusable\",\"error\":");
		ab_json_string(ab_str_cstr(&a->error), out);
		ab_str_add(out, "}\n");
		return;
	}
	ab_grade_json(&a->grade, a->name, out);
	ab_str_addc(out, '\n');
}

static void csv_begin(struct report *r)
{
	ab_grade_csv_header(r->tree, r->cls->key, r->out);
}

static void csv_answer(struct report *r, const struct ab_class_answer *a)
{
	if (!a->usable)
		/* Not an answer at all (a link, a FIFO...): skipped; one that
		 * could not be graded: unusable. */
		ab_grade_csv_unusable(a->name, a->skip != AB_SKIP_NONE ? "skipped" : "unusable",
				      ab_str_cstr(&a->error),
				      r->cls->key ? r->cls->key->count : 0, r->out);
	else
		ab_grade_csv_row(&a->grade, a->name, r->out);
}

static void gradescope_answer(struct report *r, const struct ab_class_answer *a)
{
	struct ab_str *out = r->out;
	if (!a->usable) {
		ab_str_add(out, "{\"score\":0,\"output\":");
		ab_json_string(ab_str_cstr(&a->error), out);
		ab_str_add(out, ",\"tests\":[]}\n");
		return;
	}
	ab_grade_gradescope(&a->grade, out);
	ab_str_addc(out, '\n');
}

/* What the class got wrong, over the answers that could be graded, and
 * which could not be, by name. */
static void summary_begin(struct report *r)
{
	const struct ab_class *cls = r->cls;
	size_t room = cls->count ? cls->count : 1;
	const struct ab_grade **graded = ab_xcalloc(room, sizeof *graded);
	const char **files = ab_xcalloc(room, sizeof *files);
	const char **why = ab_xcalloc(room, sizeof *why);
	size_t n = 0, bad = 0;
	for (size_t i = 0; i < cls->count; i++) {
		const struct ab_class_answer *a = &cls->answers[i];
		if (a->usable) {
			graded[n++] = &a->grade;
		} else {
			files[bad] = a->name;
			why[bad++] = ab_str_cstr(&a->error);
		}
	}
	ab_grade_summary(graded, n, files, why, bad, r->out);
	free(graded);
	free(files);
	free(why);
}

/* The report kinds, by enum ab_class_report. */
static const struct report_kind {
	bool utf8;    /* read by programs: UTF-8 whatever the locale */
	void (*begin)(struct report *r);   /* before the answers, or NULL */
	void (*answer)(struct report *r, const struct ab_class_answer *a); /* or NULL */
} report_kinds[] = {
	[AB_CLASS_TEXT] = { false, text_begin, text_answer },
	[AB_CLASS_JSON] = { true, NULL, json_answer },
	[AB_CLASS_CSV] = { true, csv_begin, csv_answer },
	[AB_CLASS_GRADESCOPE] = { true, NULL, gradescope_answer },
	[AB_CLASS_SUMMARY] = { false, summary_begin, NULL },
};

const struct ab_glyphs *ab_class_glyphs(const struct ab_class *cls)
{
	if (report_kinds[cls->report].utf8)
		return cls->ascii ? &ab_glyphs_ascii : &ab_glyphs_utf8;
	return ab_glyphs_for_locale(cls->ascii);
}

void ab_class_report(const struct ab_class *cls, const struct ab_tree *tree,
		     struct ab_str *out)
{
	const struct report_kind *kind = &report_kinds[cls->report];
	/* A report for people goes to a terminal: whatever an answer says
	 * (an unknown name with a direction override in it) is shown, line
	 * by line, in the house form, never acted on.  Names are in it
	 * already, so they come out as they went in. */
	struct ab_str text = AB_STR_INIT;
	struct report r = { .cls = cls, .tree = tree, .g = ab_class_glyphs(cls),
			    .out = kind->utf8 ? out : &text };
	if (kind->begin)
		kind->begin(&r);
	for (size_t i = 0; kind->answer && i < cls->count; i++)
		kind->answer(&r, &cls->answers[i]);
	for (size_t i = 0; i < text.len;) {
		const char *nl = memchr(text.s + i, '\n', text.len - i);
		size_t end = nl ? (size_t)(nl - text.s) : text.len;
		ab_utf8_add_safe(out, text.s + i, end - i);
		if (nl)
			ab_str_addc(out, '\n');
		i = end + 1;
	}
	ab_str_free(&text);
}

void ab_class_free(struct ab_class *cls)
{
	for (size_t i = 0; i < cls->count; i++) {
		ab_grade_free(&cls->answers[i].grade);
		ab_str_free(&cls->answers[i].error);
		free(cls->answers[i].file);
		free(cls->answers[i].name);
	}
	free(cls->answers);
	ab_answer_free(cls->key);
	ab_str_free(&cls->log);
	cls->answers = NULL;
	cls->key = NULL;
	cls->count = cls->cap = 0;
}
