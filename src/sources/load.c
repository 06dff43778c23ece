/* load.c - the tree-file source: from what the user typed to a parsed tree.
 *
 * A TREE argument is "-" (standard input), a file, or the name of a tree
 * shipped in trees/ (found by base/file.c), or with -e the tree written
 * inline.
 */
#include "sources/load.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "core/parse.h"

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends the bundled tree names, sorted and comma-separated, up to about
 * max bytes; false when there are none. */
static bool list_bundled(struct ab_str *out, size_t max)
{
	struct ab_str dir = AB_STR_INIT;
	if (!ab_find_data("trees", NULL, &dir))
		return false;
	DIR *d = opendir(dir.s);
	ab_str_free(&dir);
	if (!d)
		return false;
	char **names = NULL;
	size_t count = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n <= 5 || e->d_name[0] == '.' ||
		    strcmp(e->d_name + n - 5, ".tree") != 0)
			continue;
		if (count == cap) {
			cap = cap ? cap * 2 : 16;
			names = ab_xreallocarray(names, cap, sizeof *names);
		}
		names[count] = ab_xstrdup(e->d_name);
		names[count++][n - 5] = '\0';
	}
	closedir(d);
	qsort(names, count, sizeof *names, compare_names);
	size_t start = out->len;
	for (size_t i = 0; i < count; i++) {
		if (out->len - start + strlen(names[i]) + 2 > max) {
			ab_str_add(out, ", ...");
			break;
		}
		if (i)
			ab_str_add(out, ", ");
		ab_str_add(out, names[i]);
	}
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
	return count > 0;
}

/* ---- Loading ----------------------------------------------------------- */

static struct ab_tree *parse_file(const char *path, struct ab_diag *diag)
{
	size_t len;
	char *text = ab_read_file(path, AB_MAX_FILE_BYTES, &len, diag);
	if (!text)
		return NULL;
	struct ab_tree *tree = ab_parse_tree(text, len, diag);
	free(text);
	return tree;
}

/* The bundled tree called name or name.tree, if there is one. */
static bool find_bundled(const char *name, struct ab_str *out)
{
	if (!*name || strchr(name, '/') || strcmp(name, ".") == 0 ||
	    strcmp(name, "..") == 0)
		return false;
	if (ab_find_data("trees", name, out))
		return true;
	size_t n = strlen(name);
	if (n > 5 && strcmp(name + n - 5, ".tree") == 0)
		return false;
	struct ab_str file = AB_STR_INIT;
	ab_str_addf(&file, "%s.tree", name);
	bool found = ab_find_data("trees", file.s, out);
	ab_str_free(&file);
	return found;
}

struct ab_tree *ab_load_tree(const char *arg, struct ab_str *shown,
			     struct ab_diag *diag)
{
	ab_str_clear(shown);
	if (strcmp(arg, "-") == 0) {
		ab_str_add(shown, AB_STDIN_NAME);
		return parse_file("-", diag);
	}
	struct stat st;
	int err = stat(arg, &st) == 0 ? 0 : errno;
	/* A file by that name wins; a directory does only when no bundled
	 * tree has its name, so that its error is the one reported. */
	if (!err && !S_ISDIR(st.st_mode)) {
		ab_str_add(shown, arg);
		return parse_file(arg, diag);
	}
	struct ab_str path = AB_STR_INIT;
	if (find_bundled(arg, &path)) {
		ab_str_add(shown, path.s);
		ab_str_free(&path);
		return parse_file(shown->s, diag);
	}
	ab_str_free(&path);
	ab_str_add(shown, arg);
	if (!err)
		return parse_file(arg, diag); /* the directory: an error */
	if (err != ENOENT || strchr(arg, '/')) {
		ab_file_error(diag, "open", arg, err);
		return NULL;
	}
	struct ab_str msg = AB_STR_INIT;
	ab_str_addf(&msg, "'%s' is neither a file nor a bundled tree", arg);
	struct ab_str names = AB_STR_INIT;
	if (list_bundled(&names, 120))
		ab_str_addf(&msg, " (bundled: %s)", names.s);
	ab_diag_set(diag, "%s", msg.s);
	ab_str_free(&names);
	ab_str_free(&msg);
	return NULL;
}

struct ab_tree *ab_load_expr(const char *expr, struct ab_diag *diag)
{
	return ab_parse_tree(expr, strlen(expr), diag);
}
