/* alphabeta.c - a correct alpha-beta search that speaks `abtrace test`'s
 * protocol: the same as alphabeta.py, in C.
 *
 * Reads the list feed, one tree a line (JSON nested arrays, MAX at the
 * root), and prints for each tree its log (enter PATH ALPHA BETA, leaf
 * PATH VALUE, cut PATH, return PATH VALUE, value V, best PATH) and a line
 * "end", so it runs with or without --batch.  Options: --fail-hard,
 * --fail-hard=clamp, --strict (give abtrace the same one).
 *
 *     cc -O2 -o alphabeta alphabeta.c && abtrace test --batch -- ./alphabeta
 *
 * Values are doubles: a tree file's numbers have at most 15 digits, which
 * a double holds and prints back exactly with %.15g.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static enum { SOFT, HARD, CLAMP } fail = SOFT;
static int strict;

/* The tree: node i is a leaf (kids == 0, value) or has kids children,
 * listed in kid[first .. first + kids). */
struct node { double value; int first, kids; };
static struct node *node;
static int *kid, nnodes, nkids;
static const char *p; /* the parser's place in the line */
static double returned[64]; /* what the root's children returned */
static int nreturned;

static int parse(void) /* returns the node's index */
{
	int n = nnodes++;
	node = realloc(node, nnodes * sizeof *node);
	while (*p == ' ' || *p == ',') p++;
	if (*p != '[') {
		char *end;
		node[n] = (struct node){ strtod(p, &end), 0, 0 };
		p = end;
		return n;
	}
	p++;
	int list[64], count = 0; /* children of one node: at most 20 here */
	for (;;) {
		while (*p == ' ' || *p == ',') p++;
		if (*p == ']' || !*p) break;
		int c = parse();
		if (count < 64) list[count++] = c;
	}
	p++;
	kid = realloc(kid, (nkids + count) * sizeof *kid);
	memcpy(kid + nkids, list, count * sizeof *list);
	node[n] = (struct node){ 0, nkids, count };
	nkids += count;
	return n;
}

static const char *show(double v, char *buf)
{
	if (isinf(v)) return v > 0 ? "inf" : "-inf";
	snprintf(buf, 32, "%.15g", v);
	return buf;
}

static double alphabeta(int n, char *path, double alpha, double beta, int max)
{
	char a[32], b[32];
	const char *name = *path ? path : "root";
	if (!node[n].kids) {
		printf("leaf %s %s\n", name, show(node[n].value, a));
		return node[n].value;
	}
	printf("enter %s %s %s\n", name, show(alpha, a), show(beta, b));
	double alpha0 = alpha, beta0 = beta, best = max ? -INFINITY : INFINITY;
	size_t len = strlen(path);
	for (int i = 0; i < node[n].kids; i++) {
		sprintf(path + len, len ? ".%d" : "%d", i + 1);
		double v = alphabeta(kid[node[n].first + i], path, alpha, beta, !max);
		path[len] = '\0';
		if (!len && nreturned < 64) returned[nreturned++] = v;
		if (max) {
			best = fmax(best, v);
			alpha = fmax(alpha, v);
		} else {
			best = fmin(best, v);
			beta = fmin(beta, v);
		}
		if (alpha > beta || (alpha == beta && !strict)) {
			printf("cut %s\n", name);
			break;
		}
	}
	if (fail == HARD) best = max ? alpha : beta;
	if (fail == CLAMP) best = fmin(fmax(best, alpha0), beta0);
	printf("return %s %s\n", name, show(best, a));
	return best;
}

/* The log of the tree parse() has read, ended by "end". */
static void answer(void)
{
	char path[4096] = "", buf[32];
	nreturned = 0;
	double value = alphabeta(0, path, -INFINITY, INFINITY, 1);
	printf("value %s\n", show(value, buf));
	/* The move: the first child that returned the root's value. */
	for (int i = 0; i < nreturned; i++)
		if (returned[i] == value) {
			printf("best %d\n", i + 1);
			break;
		}
	printf("end\n");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--strict")) strict = 1;
		if (!strcmp(argv[i], "--fail-hard")) fail = HARD;
		if (!strcmp(argv[i], "--fail-hard=clamp")) fail = CLAMP;
	}
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, stdin) > 0) {
		if (!strchr(line, '[') && !strpbrk(line, "0123456789")) continue;
		nnodes = nkids = 0;
		p = line;
		parse();
		answer();
	}
	free(line);
	free(node);
	free(kid);
	return 0;
}
