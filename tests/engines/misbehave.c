/* misbehave.c - an engine that goes wrong on some trees, for the tests of
 * `abtrace test`; on every other tree it is alphabeta.c.
 *
 *     misbehave crash    killed by SIGSEGV when a node has 3 children or more
 *     misbehave exit     exits with status 3 when the root's first child is
 *                        an inner node
 *     misbehave hang     never answers when a leaf is negative
 *     misbehave silent   prints nothing when the tree is 2 levels deep
 *     misbehave flood    prints without end when two leaves tie
 */
/* alphabeta.c's search and answer(); its main() under another name. */
#define main alphabeta_main
int alphabeta_main(int argc, char **argv);
#include "alphabeta.c"
#undef main

#include <signal.h>
#include <unistd.h>

static int widest(void)
{
	int w = 0;
	for (int i = 0; i < nnodes; i++)
		if (node[i].kids > w) w = node[i].kids;
	return w;
}

static int depth(int n)
{
	int d = 0;
	for (int i = 0; i < node[n].kids; i++) {
		int k = 1 + depth(kid[node[n].first + i]);
		if (k > d) d = k;
	}
	return d;
}

static int ties(void)
{
	for (int i = 0; i < nnodes; i++)
		for (int j = i + 1; j < nnodes; j++)
			if (!node[i].kids && !node[j].kids && node[i].value == node[j].value)
				return 1;
	return 0;
}

static int negative(void)
{
	for (int i = 0; i < nnodes; i++)
		if (!node[i].kids && node[i].value < 0) return 1;
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, stdin) > 0) {
		if (!strchr(line, '[') && !strpbrk(line, "0123456789")) continue;
		nnodes = nkids = 0;
		p = line;
		parse();
		if (!strcmp(mode, "crash") && widest() >= 3)
			raise(SIGSEGV);
		if (!strcmp(mode, "exit") && node[0].kids && node[kid[node[0].first]].kids)
			exit(3);
		if (!strcmp(mode, "hang") && negative())
			for (;;) pause();
		if (!strcmp(mode, "silent") && depth(0) >= 2) {
			printf("end\n");
			fflush(stdout);
			continue;
		}
		if (!strcmp(mode, "flood") && ties())
			for (;;) printf("leaf 1 0\n");
		answer();
	}
	return 0;
}
