/* testutil.h - the few helpers every Check program here shares: the
 * rounds of a property test, running a suite, a tree or the test fails
 * (tree_ok), and every bundled tree under every convention (ab_test_each).
 * The tmux tests' own helpers, their ending among them, are in tmux.h. */
#ifndef AB_TESTUTIL_H
#define AB_TESTUTIL_H

#include <check.h>
#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/parse.h"
#include "sources/load.h"

/* How many random trees a property test draws: all of them, or a twentieth
 * under valgrind (the valgrind setup sets ABTRACE_TEST_QUICK), where each
 * search is some fifty times slower and the plain and sanitizer runs have
 * drawn them all already. */
static inline int ab_test_rounds(int full)
{
	const char *quick = getenv("ABTRACE_TEST_QUICK");
	if (quick && *quick && full >= 20)
		return full / 20;
	return full;
}

/* Runs one suite with Check's own summary line; exit status for meson. */
static inline int ab_run_suite(Suite *suite)
{
	SRunner *runner = srunner_create(suite);
	srunner_run_all(runner, CK_ENV);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* ---- A tree or the test fails ------------------------------------------ */

/* tree_ok(TREE): TREE names a tree as the command line does (a bundled
 * name or a path: one word that starts with a letter, '/' or '.', no '['),
 * or is tree-file text ("[3 12 8]", "3/4/5", "title: ...\n[...]").
 * Returns the tree; otherwise the test fails at the caller's file and line
 * with the parser's or the loader's own message. */
#define tree_ok(tree) ab_test_tree_at(__FILE__, __LINE__, (tree))

static inline struct ab_tree *ab_test_tree_at(const char *file, int line, const char *tree)
{
	struct ab_diag diag;
	struct ab_tree *t;
	bool name = !strpbrk(tree, "[ \t\n") &&
		    (isalpha((unsigned char)tree[0]) || tree[0] == '/' || tree[0] == '.');
	if (name) {
		struct ab_str shown = AB_STR_INIT;
		t = ab_load_tree(tree, &shown, &diag);
		ab_str_free(&shown);
	} else {
		t = ab_parse_tree(tree, strlen(tree), &diag);
	}
	if (!t)
		_ck_assert_failed(file, line, "tree_ok", "%u:%u: %s\n%s", diag.line, diag.column,
				  diag.message, tree);
	return t;
}

/* ---- Every bundled tree under every convention -------------------------- */

/* The names of the files FOLDER/NAME.EXT of the source tree
 * ($ABTRACE_SOURCE_ROOT, set by meson), without ".EXT", sorted and
 * NULL-terminated, and how many in *count (count may be NULL); the test
 * program exits when there is none.  Free with ab_test_names_free. */
static inline char **ab_test_source_names(const char *folder, const char *ext, size_t *count)
{
	char **names = NULL;
	size_t n = 0, cap = 0, elen = strlen(ext);
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	struct ab_str dir = AB_STR_INIT;
	ab_str_addf(&dir, "%s/%s", root ? root : ".", folder);
	DIR *d = opendir(ab_str_cstr(&dir));
	if (!d) { /* in main() too, where Check cannot report */
		fprintf(stderr, "cannot list %s\n", ab_str_cstr(&dir));
		exit(EXIT_FAILURE);
	}
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len <= elen || strcmp(e->d_name + len - elen, ext) != 0)
			continue;
		if (n + 1 >= cap)
			names = ab_xreallocarray(names, cap = cap ? 2 * cap : 32, sizeof *names);
		names[n] = ab_xcalloc(len - elen + 1, 1);
		memcpy(names[n], e->d_name, len - elen);
		names[++n] = NULL;
	}
	closedir(d);
	if (n == 0) {
		fprintf(stderr, "no files *%s in %s\n", ext, ab_str_cstr(&dir));
		exit(EXIT_FAILURE);
	}
	ab_str_free(&dir);
	for (size_t i = 1; i < n; i++) /* sorted, so runs are repeatable */
		for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			char *t = names[j];
			names[j] = names[j - 1];
			names[j - 1] = t;
		}
	if (count)
		*count = n;
	return names;
}

static inline void ab_test_names_free(char **names)
{
	for (size_t i = 0; names && names[i]; i++)
		free(names[i]);
	free(names);
}

/* The bundled trees' names ("lecture", ...), sorted: every trees/NAME.tree
 * of the source tree, and how many in *count (count may be NULL).  The
 * list lives as long as the program. */
static inline const char *const *ab_test_bundled(size_t *count)
{
	static char **names;
	static size_t n;
	if (!names)
		names = ab_test_source_names("trees", ".tree", &n);
	if (count)
		*count = n;
	return (const char *const *)names;
}

static inline size_t ab_test_nbundled(void)
{
	size_t n;
	ab_test_bundled(&n);
	return n;
}

/* The conventions' parts: algo x fail x strict x order, the rules a
 * lecture, an answer file and the command line choose among. */
#define AB_TEST_RULES (AB_PART_ALGO | AB_PART_FAIL | AB_PART_STRICT | AB_PART_ORDER)

struct ab_test_convention {
	struct ab_config config;
	char words[96]; /* as ab_config_apply reads them: "fail-hard strict order=best" */
};

/* Every value a part of the configuration can take, read from
 * core/config.c's table of words: each word of the part alone, and with
 * each value its entry lists ("nothing or clamp", "given, reverse, ...")
 * that ab_config_apply takes, those that come to the same dropped. */
static inline size_t ab_test_part_values(unsigned part, struct ab_config *out, size_t max)
{
	size_t n = 0;
	for (const struct ab_config_word *w = ab_config_words; w->word; w++) {
		if (w->part != part)
			continue;
		char values[256];
		snprintf(values, sizeof values, "%s", w->value ? w->value : "nothing");
		for (char *v = values; v && *v;) {
			char *end = strstr(v, ", "), *or = strstr(v, " or ");
			char *next = NULL;
			if (or && (!end || or < end))
				end = or, next = or + 4;
			else if (end)
				next = end + 2;
			if (end)
				*end = '\0';
			char word[300];
			if (strcmp(v, "nothing") == 0)
				snprintf(word, sizeof word, "%s", w->word);
			else
				snprintf(word, sizeof word, "%s=%s", w->word, v);
			struct ab_config c = AB_CONFIG_DEFAULT;
			bool fresh = ab_config_apply(word, &c, NULL) == NULL;
			for (size_t i = 0; fresh && i < n; i++)
				fresh = (ab_config_differ(&c, &out[i]) & part) != 0;
			if (fresh && n < max)
				out[n++] = c;
			v = next;
		}
	}
	return n;
}

/* Every convention made of parts (AB_PART_* bits, AB_TEST_RULES for the
 * rules): the product of each part's values, less those that differ in
 * nothing a search looks at (minimax has no fail convention and cuts on
 * nothing).  The list is made once per set of parts. */
static inline const struct ab_test_convention *ab_test_conventions(unsigned parts,
								    size_t *count)
{
	static struct { unsigned parts; struct ab_test_convention *list; size_t n; } made[8];
	for (size_t m = 0; m < 8 && made[m].list; m++)
		if (made[m].parts == parts) {
			*count = made[m].n;
			return made[m].list;
		}
	struct ab_test_convention *list = malloc(sizeof *list);
	size_t n = 1;
	list[0].config = AB_CONFIG_DEFAULT;
	for (unsigned part = 1; part && part <= parts; part <<= 1) {
		if (!(parts & part))
			continue;
		struct ab_config values[32];
		size_t nv = ab_test_part_values(part, values, 32);
		ck_assert_msg(nv > 0, "no values for part %#x", part);
		struct ab_test_convention *more = malloc(n * nv * sizeof *more);
		size_t k = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t v = 0; v < nv; v++) {
				more[k].config = list[i].config;
				ab_config_merge(&more[k].config, &values[v], part);
				const struct ab_config *c = &more[k].config;
				if (!ab_config_prunes(c) && (c->fail != AB_FAIL_SOFT || c->strict))
					continue;
				k++;
			}
		free(list);
		list = more;
		n = k;
	}
	for (size_t i = 0; i < n; i++) {
		struct ab_str words = AB_STR_INIT;
		ab_config_words_of(&list[i].config, parts, &words);
		snprintf(list[i].words, sizeof list[i].words, "%s", ab_str_cstr(&words));
		ab_str_free(&words);
	}
	size_t m = 0;
	while (m < 7 && made[m].list)
		m++;
	made[m].parts = parts;
	made[m].list = list;
	made[m].n = n;
	*count = n;
	return list;
}

/* Every bundled tree under every convention of parts:
 *
 *	struct ab_test_each each = { .parts = AB_TEST_RULES };
 *	while (ab_test_each(&each))
 *		... each.tree, each.name, each.config, each.words ...
 *
 * Each tree is loaded once (tree_ok) and freed when the loop moves past it
 * or ends.  parts 0: each tree once, under the default convention. */
struct ab_test_each {
	unsigned parts;
	struct ab_tree *tree;
	const char *name;           /* the bundled tree's name */
	struct ab_config config;
	const char *words;          /* the convention as words ("" for parts 0) */
	size_t tree_index, convention_index;
	bool started;
};

static inline bool ab_test_each(struct ab_test_each *each)
{
	size_t ntrees, nconv = 1;
	const char *const *names = ab_test_bundled(&ntrees);
	const struct ab_test_convention *conv = NULL;
	if (each->parts)
		conv = ab_test_conventions(each->parts, &nconv);
	if (!each->started) {
		each->started = true;
		each->tree_index = each->convention_index = 0;
	} else if (++each->convention_index == nconv) {
		each->convention_index = 0;
		each->tree_index++;
		ab_tree_free(each->tree);
		each->tree = NULL;
	}
	if (each->tree_index >= ntrees)
		return false;
	each->name = names[each->tree_index];
	if (!each->tree)
		each->tree = tree_ok(each->name);
	each->config = conv ? conv[each->convention_index].config : AB_CONFIG_DEFAULT;
	each->words = conv ? conv[each->convention_index].words : "";
	return true;
}

#endif
