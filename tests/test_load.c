/* test_load.c - files, standard input, bundled trees and their errors. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sources/load.h"
#include "core/parse.h"
#include "testutil.h"

static const char *source_root(void)
{
	const char *root = getenv("ABTRACE_SOURCE_ROOT");
	ck_assert_msg(root != NULL, "run through meson test");
	return root;
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);
	return n >= k && strcmp(s + n - k, tail) == 0;
}

/* A fresh directory under /tmp, removed by cleanup_dir. */
static char *temp_dir(void)
{
	char *dir = strdup("/tmp/abtrace-test-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	return dir;
}

static void write_file(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
}

static void cleanup_dir(char *dir)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(dir);
}

/* Puts text on standard input through a pipe; returns the old stdin. */
static int stdin_from_pipe(const char *text)
{
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	size_t len = strlen(text);
	ck_assert_int_eq(write(fds[1], text, len), (ssize_t)len);
	close(fds[1]);
	int saved = dup(STDIN_FILENO);
	ck_assert_int_ge(saved, 0);
	ck_assert_int_eq(dup2(fds[0], STDIN_FILENO), STDIN_FILENO);
	close(fds[0]);
	return saved;
}

static void restore_stdin(int saved)
{
	ck_assert_int_eq(dup2(saved, STDIN_FILENO), STDIN_FILENO);
	close(saved);
}

START_TEST(test_bundled_lecture)
{
	const char *names[] = { "lecture", "lecture.tree" };
	for (int i = 0; i < 2; i++) {
		struct ab_str shown = AB_STR_INIT;
		struct ab_diag d;
		struct ab_tree *t = ab_load_tree(names[i], &shown, &d);
		ck_assert_msg(t != NULL, "%s", d.message);
		ck_assert(ends_with(shown.s, "/trees/lecture.tree"));
		ck_assert(strncmp(shown.s, source_root(),
				  strlen(source_root())) == 0);
		ck_assert_uint_eq(t->count, 13);
		ck_assert_uint_eq(t->leaves, 9);
		ck_assert_str_eq(ab_tree_label(t, 0), "A");
		ck_assert_uint_eq(ab_tree_find(t, "C2"), 7);
		ck_assert(strncmp(t->title, "The lecture tree", 16) == 0);
		ck_assert_ptr_nonnull(strstr(t->source, "seed 000"));
		ab_value v[13];
		ab_tree_minimax_values(t, t->root_player, v);
		ck_assert_int_eq(v[0], 3);
		ab_tree_free(t);
		ab_str_free(&shown);
	}
}
END_TEST

START_TEST(test_find_data)
{
	struct ab_str out = AB_STR_INIT;
	ck_assert(ab_find_data("trees", "lecture.tree", &out));
	ck_assert(strncmp(out.s, source_root(), strlen(source_root())) == 0);
	ab_str_clear(&out);
	ck_assert(!ab_find_data("trees", "no-such.tree", &out));
	ck_assert_uint_eq(out.len, 0);

	/* $ABTRACE_DATADIR is looked at first. */
	char *dir = temp_dir();
	char path[512];
	snprintf(path, sizeof path, "%s/trees", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/trees/lecture.tree", dir);
	write_file(path, "[1 2]\n", 6);
	setenv("ABTRACE_DATADIR", dir, 1);
	ab_str_clear(&out);
	ck_assert(ab_find_data("trees", "lecture.tree", &out));
	ck_assert_str_eq(out.s, path);
	struct ab_diag d;
	struct ab_str shown = AB_STR_INIT;
	struct ab_tree *t = ab_load_tree("lecture", &shown, &d);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->count, 3);
	ck_assert_str_eq(shown.s, path);
	ab_tree_free(t);
	/* ... but what it lacks still comes from the usual places. */
	setenv("ABTRACE_DATADIR", "/nonexistent", 1);
	ab_str_clear(&out);
	ck_assert(ab_find_data("trees", "lecture.tree", &out));
	unsetenv("ABTRACE_DATADIR");
	ab_str_free(&shown);
	ab_str_free(&out);
	cleanup_dir(dir);
}
END_TEST

START_TEST(test_missing)
{
	struct ab_str shown = AB_STR_INIT;
	struct ab_diag d;
	ck_assert_ptr_null(ab_load_tree("no/such/file.tree", &shown, &d));
	ck_assert_str_eq(d.message, "cannot open 'no/such/file.tree': No such "
				    "file or directory");
	ck_assert_uint_eq(d.line, 0);
	ck_assert_str_eq(shown.s, "no/such/file.tree");

	ck_assert_ptr_null(ab_load_tree("nosuchtree", &shown, &d));
	ck_assert_ptr_nonnull(strstr(d.message, "'nosuchtree' is neither a "
						"file nor a bundled tree"));
	ck_assert_ptr_nonnull(strstr(d.message, "bundled: "));
	ck_assert_ptr_nonnull(strstr(d.message, "lecture"));
	ck_assert_ptr_null(strstr(d.message, ".tree"));

	ck_assert_ptr_null(ab_read_file("/nonexistent/x", 100, NULL, &d));
	ck_assert_str_eq(d.message, "cannot open '/nonexistent/x': No such "
				    "file or directory");
	ab_str_free(&shown);
}
END_TEST

START_TEST(test_directory)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/trees", source_root());
	struct ab_diag d;
	ck_assert_ptr_null(ab_read_file(path, 100, NULL, &d));
	ck_assert_ptr_nonnull(strstr(d.message, "Is a directory"));
	struct ab_str shown = AB_STR_INIT;
	ck_assert_ptr_null(ab_load_tree(path, &shown, &d));
	ck_assert_ptr_nonnull(strstr(d.message, "Is a directory"));
	ck_assert_ptr_null(ab_load_tree("/", &shown, &d));
	ck_assert_ptr_nonnull(strstr(d.message, "Is a directory"));
	ab_str_free(&shown);
}
END_TEST

START_TEST(test_dev_null)
{
	struct ab_diag d;
	size_t len = 99;
	char *text = ab_read_file("/dev/null", 100, &len, &d);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(len, 0);
	ck_assert_str_eq(text, "");
	free(text);
	struct ab_str shown = AB_STR_INIT;
	ck_assert_ptr_null(ab_load_tree("/dev/null", &shown, &d));
	ck_assert_ptr_nonnull(strstr(d.message, "empty file: no tree"));
	ck_assert_str_eq(shown.s, "/dev/null");
	ab_str_free(&shown);
}
END_TEST

START_TEST(test_limits)
{
	char *dir = temp_dir();
	char path[512];
	snprintf(path, sizeof path, "%s/big.tree", dir);
	char buf[100];
	memset(buf, ' ', sizeof buf);
	write_file(path, buf, sizeof buf);
	struct ab_diag d;
	size_t len;
	ck_assert_ptr_null(ab_read_file(path, 50, &len, &d));
	ck_assert_str_eq(d.message, "file too large: over 50 bytes");
	char *text = ab_read_file(path, 100, &len, &d);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(len, 100);
	ck_assert_uint_eq(text[100], '\0');
	free(text);

	size_t mib = 1024 * 1024;
	char *blob = calloc(1, mib + 1);
	write_file(path, blob, mib + 1);
	free(blob);
	ck_assert_ptr_null(ab_read_file(path, mib, &len, &d));
	ck_assert_str_eq(d.message, "file too large: over 1 MiB");
	/* The real limit is stated the same way. */
	ck_assert_uint_eq(AB_MAX_FILE_BYTES, 512u * mib);

	/* A parse error keeps its position through loading. */
	snprintf(path, sizeof path, "%s/bad.tree", dir);
	write_file(path, "# bad\n[1 %]\n", 12);
	struct ab_str shown = AB_STR_INIT;
	ck_assert_ptr_null(ab_load_tree(path, &shown, &d));
	ck_assert_str_eq(shown.s, path);
	ck_assert_uint_eq(d.line, 2);
	ck_assert_uint_eq(d.column, 4);
	ab_str_free(&shown);
	cleanup_dir(dir);
}
END_TEST

START_TEST(test_stdin)
{
	int saved = stdin_from_pipe("# piped\n[3,12,8]/[2,4,6]/[14,5,2]\n");
	struct ab_str shown = AB_STR_INIT;
	struct ab_diag d;
	struct ab_tree *t = ab_load_tree("-", &shown, &d);
	ck_assert_msg(t != NULL, "%s", d.message);
	ck_assert_str_eq(shown.s, AB_STDIN_NAME);
	ck_assert_str_eq(AB_STDIN_NAME, "<stdin>");
	ck_assert_uint_eq(t->count, 13);
	ab_tree_free(t);
	restore_stdin(saved);

	/* The limit holds for pipes, whose size nobody knows up front. */
	char big[4096];
	memset(big, '1', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	saved = stdin_from_pipe(big);
	ck_assert_ptr_null(ab_read_file("-", 1000, NULL, &d));
	ck_assert_str_eq(d.message, "file too large: over 1000 bytes");
	restore_stdin(saved);

	/* Standard input closed. */
	saved = dup(STDIN_FILENO);
	close(STDIN_FILENO);
	ck_assert_ptr_null(ab_load_tree("-", &shown, &d));
	ck_assert_str_eq(d.message, "cannot read standard input: Bad file "
				    "descriptor");
	restore_stdin(saved);
	ab_str_free(&shown);
}
END_TEST

/* A file in the current directory wins over a bundled tree of that name;
 * a directory does not. */
START_TEST(test_local_file_first)
{
	char *dir = temp_dir();
	char old[4096];
	ck_assert_ptr_nonnull(getcwd(old, sizeof old));
	ck_assert_int_eq(chdir(dir), 0);
	write_file("lecture", "[5 6]", 5);
	struct ab_str shown = AB_STR_INIT;
	struct ab_diag d;
	struct ab_tree *t = ab_load_tree("lecture", &shown, &d);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->count, 3);
	ck_assert_str_eq(shown.s, "lecture");
	ab_tree_free(t);
	ck_assert_int_eq(unlink("lecture"), 0);
	ck_assert_int_eq(mkdir("lecture", 0700), 0);
	t = ab_load_tree("lecture", &shown, &d);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->count, 13);
	ab_tree_free(t);
	ck_assert_int_eq(mkdir("empty", 0700), 0);
	ck_assert_ptr_null(ab_load_tree("empty", &shown, &d));
	ck_assert_ptr_nonnull(strstr(d.message, "Is a directory"));
	ck_assert_int_eq(chdir(old), 0);
	ab_str_free(&shown);
	cleanup_dir(dir);
}
END_TEST

START_TEST(test_expr)
{
	struct ab_diag d;
	struct ab_tree *t = ab_load_expr("[3,12,8]/[2,4,6]/[14,5,2]", &d);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->count, 13);
	ab_tree_free(t);
	ck_assert_ptr_null(ab_load_expr("[3,12,8", &d));
	ck_assert_uint_eq(d.line, 1);
	ck_assert_uint_eq(d.column, 1);
	ck_assert_str_eq(AB_EXPR_NAME, "<expression>");
}
END_TEST

/* Every bundled tree parses (the libinput habit of validating data). */
START_TEST(test_every_bundled_tree)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/trees", source_root());
	DIR *dir = opendir(path);
	ck_assert_ptr_nonnull(dir);
	int count = 0;
	struct dirent *e;
	while ((e = readdir(dir)) != NULL) {
		if (!ends_with(e->d_name, ".tree"))
			continue;
		snprintf(path, sizeof path, "%s/trees/%s", source_root(),
			 e->d_name);
		struct ab_str shown = AB_STR_INIT;
		struct ab_diag d;
		struct ab_tree *t = ab_load_tree(path, &shown, &d);
		ck_assert_msg(t != NULL, "%s:%u:%u: %s", path, d.line,
			      d.column, d.message);
		ck_assert_ptr_nonnull(t->title);
		/* A title in each language of messages (title.zh:), with
		 * Chinese in the Chinese one and no English word left in it
		 * but the names of things (MAX, MIN, Star1 ...). */
		ck_assert_msg(t->title_zh != NULL, "%s has no title.zh:", path);
		bool han = false;
		for (const unsigned char *c = (const unsigned char *)t->title_zh; *c; c++)
			han |= *c >= 0xe4 && *c <= 0xe9;
		ck_assert_msg(han, "%s: title.zh '%s' is not Chinese", path, t->title_zh);
		/* Written back, it reads back. */
		struct ab_str text = AB_STR_INIT;
		ab_tree_write(t, &text);
		struct ab_tree *again = ab_parse_tree(text.s, text.len, &d);
		ck_assert_msg(again && again->title_zh && strcmp(again->title_zh, t->title_zh) == 0,
			      "%s: title.zh does not read back", path);
		ab_tree_free(again);
		ab_str_free(&text);
		ab_tree_free(t);
		ab_str_free(&shown);
		count++;
	}
	closedir(dir);
	ck_assert_int_ge(count, 1);
}
END_TEST

static Suite *load_suite(void)
{
	Suite *s = suite_create("load");
	TCase *tc = tcase_create("load");
	tcase_add_test(tc, test_bundled_lecture);
	tcase_add_test(tc, test_find_data);
	tcase_add_test(tc, test_missing);
	tcase_add_test(tc, test_directory);
	tcase_add_test(tc, test_dev_null);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_stdin);
	tcase_add_test(tc, test_local_file_first);
	tcase_add_test(tc, test_expr);
	tcase_add_test(tc, test_every_bundled_tree);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return ab_run_suite(load_suite());
}
