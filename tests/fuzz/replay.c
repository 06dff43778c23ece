/* replay.c - the main() a fuzz target gets when it is built without
 * libFuzzer: runs LLVMFuzzerTestOneInput on every file in the directories
 * (or the files) named on the command line, so the corpus is a regression
 * test on every build, gcc or clang. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "sources/load.h"

static int replay_file(const char *path)
{
	struct ab_diag diag;
	size_t len;
	char *data = ab_read_file(path, (size_t)64 << 20, &len, &diag);
	if (!data) {
		fprintf(stderr, "%s: %s\n", path, diag.message);
		return 1;
	}
	LLVMFuzzerTestOneInput((const uint8_t *)data, len);
	free(data);
	return 0;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_dir(const char *dir, size_t *count)
{
	DIR *d = opendir(dir);
	if (!d) {
		perror(dir);
		return 1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			names = ab_xreallocarray(names, cap, sizeof *names);
		}
		size_t len = strlen(dir) + strlen(e->d_name) + 2;
		names[n] = ab_xmalloc(len);
		snprintf(names[n++], len, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	/* Sorted, so a failing run names the same file every time. */
	qsort(names, n, sizeof *names, compare_names);
	int bad = 0;
	for (size_t i = 0; i < n; i++) {
		bad |= replay_file(names[i]);
		free(names[i]);
	}
	free(names);
	*count += n;
	return bad;
}

int main(int argc, char **argv)
{
	int bad = 0;
	size_t count = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			bad |= replay_dir(argv[i], &count);
		} else {
			bad |= replay_file(argv[i]);
			count++;
		}
	}
	printf("%s: replayed %zu inputs\n", argc > 0 ? argv[0] : "replay", count);
	return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
