/* test_cs188.c - a course's depth-limited game-tree tests, run with --depth.
 *
 * tests/cs188/ holds the 82 game-tree tests of the UC Berkeley CS188
 * multi-agent project (minimax, alpha-beta, expectimax; one and two ghosts;
 * depths 1 to 4), converted by tests/cs188/convert.py into tree files with
 * static values.  Each file's "# expect:" lines carry the course's own
 * solution: the move, and the states generated (the start state and every
 * successor the search asked for).  Here the search runs with the options
 * the file names (--depth d × agents, as the course counts depth; --strict
 * for its alpha-beta, which does not prune on equality) and must give that
 * move and exactly those states: the nodes it entered or evaluated.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "search.h"
#include "testutil.h"

struct seen {
	const struct ab_tree *tree;
	bool *generated;
	uint32_t best;
	bool done;
};

static int collect(void *ctx, const struct ab_event *ev)
{
	struct seen *s = ctx;
	if (ev->kind == AB_EV_ENTER || ev->kind == AB_EV_LEAF)
		s->generated[ev->node] = true;
	if (ev->kind == AB_EV_DONE) {
		s->best = ev->best;
		s->done = true;
	}
	return 0;
}

/* The text after "# expect: KEY " on its line, copied; NULL if none. */
static char *expect(const char *text, const char *key)
{
	char tag[64];
	snprintf(tag, sizeof tag, "# expect: %s ", key);
	const char *at = strstr(text, tag);
	if (!at)
		return NULL;
	at += strlen(tag);
	size_t n = strcspn(at, "\n");
	char *out = malloc(n + 1);
	memcpy(out, at, n);
	out[n] = '\0';
	return out;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs one converted test; returns whether move and states agree. */
static bool run_one(const char *path, struct ab_str *why)
{
	FILE *f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	static char text[1 << 16];
	size_t len = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[len] = '\0';
	char *options = expect(text, "options"), *action = expect(text, "action");
	char *actions = expect(text, "actions"), *generated = expect(text, "generated");
	ck_assert_msg(options && action && actions && generated, "%s: expect lines", path);

	struct ab_config c = AB_CONFIG_DEFAULT;
	for (char *w = strtok(options, " "); w; w = strtok(NULL, " ")) {
		if (strcmp(w, "--depth") == 0)
			c.depth = (uint32_t)atoi(strtok(NULL, " "));
		else if (strcmp(w, "--strict") == 0)
			c.strict = true;
		else if (strcmp(w, "--algo") == 0)
			c.algo = strcmp(strtok(NULL, " "), "minimax") == 0 ? AB_MINIMAX : AB_ALPHABETA;
		else
			ck_abort_msg("%s: unknown option %s", path, w);
	}
	ck_assert_uint_gt(c.depth, 0);

	struct ab_str shown = AB_STR_INIT;
	struct ab_diag diag;
	struct ab_tree *t = ab_load_tree(path, &shown, &diag);
	ck_assert_msg(t != NULL, "%s: %s", path, diag.message);
	ab_str_free(&shown);
	ck_assert_msg(ab_search_missing_static(t, &c) == AB_NONE, "%s: a horizon node lacks a value", path);
	struct seen s = { t, calloc(t->count, sizeof(bool)), AB_NONE, false };
	s.generated[0] = true; /* the start state */
	struct ab_sink sink = { collect, &s };
	ck_assert_int_eq(ab_search(t, &c, &sink), 0);
	ck_assert(s.done);

	/* The move: the action that leads to the best child. */
	struct ab_str best = AB_STR_INIT, got = AB_STR_INIT;
	if (s.best != AB_NONE)
		ab_tree_name(t, s.best, &best);
	const char *move = "?";
	for (char *w = strtok(actions, " "); w; w = strtok(NULL, " ")) {
		char *eq = strchr(w, '=');
		*eq = '\0';
		if (strcmp(w, ab_str_cstr(&best)) == 0)
			move = eq + 1;
	}
	/* The states, sorted by name as the course prints them. */
	char **names = calloc(t->count, sizeof *names);
	size_t count = 0;
	for (uint32_t n = 0; n < t->count; n++)
		if (s.generated[n]) {
			struct ab_str name = AB_STR_INIT;
			ab_tree_name(t, n, &name);
			names[count++] = name.s;
		}
	qsort(names, count, sizeof *names, compare_names);
	for (size_t i = 0; i < count; i++) {
		if (i)
			ab_str_addc(&got, ' ');
		ab_str_add(&got, names[i]);
		free(names[i]);
	}
	bool ok = strcmp(move, action) == 0 && strcmp(ab_str_cstr(&got), generated) == 0;
	if (!ok)
		ab_str_addf(why, "%s: move %s (course: %s); generated %s (course: %s)\n", path,
			    move, action, ab_str_cstr(&got), generated);
	free(names);
	ab_str_free(&best);
	ab_str_free(&got);
	free(s.generated);
	ab_tree_free(t);
	free(options);
	free(action);
	free(actions);
	free(generated);
	return ok;
}

START_TEST(course_trees_agree)
{
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	ck_assert_ptr_nonnull(root);
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/tests/cs188", root);
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	struct dirent *e;
	size_t ran = 0, agree = 0;
	struct ab_str why = AB_STR_INIT;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 5, ".tree") != 0)
			continue;
		char path[8192];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		ran++;
		agree += run_one(path, &why);
	}
	closedir(d);
	printf("CS188 game-tree tests: %zu run, %zu agree with the course's solutions\n",
	       ran, agree);
	ck_assert_msg(ran >= 82, "only %zu converted tests found", ran);
	ck_assert_msg(agree == ran, "%s", ab_str_cstr(&why));
	ab_str_free(&why);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cs188");
	TCase *tc = tcase_create("course");
	tcase_add_test(tc, course_trees_agree);
	suite_add_tcase(s, tc);
	return ab_run_suite(s);
}
