/* load.c - from what the user typed to a parsed tree.
 *
 * A TREE argument is "-" (standard input), a file, or the name of a tree
 * shipped in trees/.  Bundled data is looked up in the source tree when
 * the program runs from its build directory (so tests and a fresh checkout
 * work without installing), else in the installed data dir.
 */
#include "load.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "parse.h"

/* ---- Reading ---------------------------------------------------------- */

static void too_large(struct ab_diag *diag, size_t limit)
{
	if (limit % (1024u * 1024u) == 0)
		ab_diag_set(diag, "file too large: over %zu MiB",
			    limit / (1024u * 1024u));
	else
		ab_diag_set(diag, "file too large: over %zu bytes", limit);
}

static void describe(struct ab_str *out, const char *path)
{
	if (strcmp(path, "-") == 0)
		ab_str_add(out, "standard input");
	else
		ab_str_addf(out, "'%s'", path);
}

static void read_error(struct ab_diag *diag, const char *verb,
		       const char *path, int err)
{
	struct ab_str what = AB_STR_INIT;
	describe(&what, path);
	ab_diag_set(diag, "cannot %s %s: %s", verb, ab_str_cstr(&what),
		    strerror(err));
	ab_str_free(&what);
}

char *ab_read_file(const char *path, size_t limit, size_t *len,
		   struct ab_diag *diag)
{
	bool is_stdin = strcmp(path, "-") == 0;
	/* O_NONBLOCK only for the open: a named pipe nobody writes to would
	 * block it forever; opened this way, it reads as empty instead. */
	int fd = is_stdin ? STDIN_FILENO
			  : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		read_error(diag, "open", path, errno);
		return NULL;
	}
	if (!is_stdin) {
		int flags = fcntl(fd, F_GETFL);
		if (flags >= 0)
			fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	}
	char *buf = NULL;
	struct stat st;
	if (fstat(fd, &st) != 0) {
		read_error(diag, is_stdin ? "read" : "open", path, errno);
		goto fail;
	}
	if (S_ISDIR(st.st_mode)) {
		read_error(diag, "read", path, EISDIR);
		goto fail;
	}
	/* A regular file's size is a good first guess; pipes and devices
	 * grow the buffer as they go.  One byte more than the limit is asked
	 * for, so that a file just over it is caught. */
	size_t cap = 64 * 1024;
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		if ((unsigned long long)st.st_size > limit) {
			too_large(diag, limit);
			goto fail;
		}
		cap = (size_t)st.st_size + 1;
	}
	buf = ab_xmalloc(cap + 1);
	size_t n = 0;
	for (;;) {
		if (n == cap) {
			if (cap > limit) {
				too_large(diag, limit);
				goto fail;
			}
			cap = cap > limit / 2 ? limit + 1 : cap * 2;
			buf = ab_xrealloc(buf, cap + 1);
		}
		ssize_t got = read(fd, buf + n, cap - n);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			read_error(diag, "read", path, errno);
			goto fail;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > limit) {
			too_large(diag, limit);
			goto fail;
		}
	}
	if (!is_stdin)
		close(fd);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
fail:
	free(buf);
	if (!is_stdin)
		close(fd);
	return NULL;
}

/* ---- Bundled data ------------------------------------------------------ */

static bool is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool ab_running_from_build(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	size_t root = strlen(ABTRACE_BUILD_ROOT);
	return strncmp(exe, ABTRACE_BUILD_ROOT, root) == 0 && exe[root] == '/';
}

/* Tries base/subdir/name (or the directory itself when name is NULL). */
static bool try_dir(const char *base, const char *subdir, const char *name,
		    struct ab_str *out)
{
	if (!base || !*base)
		return false;
	struct ab_str path = AB_STR_INIT;
	ab_str_addf(&path, "%s/%s", base, subdir);
	if (name)
		ab_str_addf(&path, "/%s", name);
	bool found = name ? is_file(path.s) : is_dir(path.s);
	if (found)
		ab_str_add(out, path.s);
	ab_str_free(&path);
	return found;
}

static bool find_data(const char *subdir, const char *name,
		      struct ab_str *out)
{
	if (try_dir(getenv("ABTRACE_DATADIR"), subdir, name, out))
		return true;
	const char *first = ABTRACE_DATADIR, *second = ABTRACE_SOURCE_ROOT;
	if (ab_running_from_build()) {
		first = ABTRACE_SOURCE_ROOT;
		second = ABTRACE_DATADIR;
	}
	return try_dir(first, subdir, name, out) ||
	       try_dir(second, subdir, name, out);
}

bool ab_find_data(const char *subdir, const char *name, struct ab_str *out)
{
	return find_data(subdir, name, out);
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends the bundled tree names, sorted and comma-separated, up to about
 * max bytes; false when there are none. */
static bool list_bundled(struct ab_str *out, size_t max)
{
	struct ab_str dir = AB_STR_INIT;
	if (!find_data("trees", NULL, &dir))
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
	if (find_data("trees", name, out))
		return true;
	size_t n = strlen(name);
	if (n > 5 && strcmp(name + n - 5, ".tree") == 0)
		return false;
	struct ab_str file = AB_STR_INIT;
	ab_str_addf(&file, "%s.tree", name);
	bool found = find_data("trees", file.s, out);
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
		read_error(diag, "open", arg, err);
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
