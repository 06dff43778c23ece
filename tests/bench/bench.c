/* bench.c - the measuring half of the benchmark (tests/bench/run.py is the
 * other half, which runs it, abtrace and CPython and prints the table).
 *
  *   bench-tool gen BRANCHING DEPTH SEED   a uniform tree as a nested list, which
 *                                    is both a tree file and JSON
  *   bench-tool bare FILE                  the yardstick: read the file, parse it
 *                                    with a minimal parser, and run a plain
 *                                    recursive fail-soft alpha-beta (no
 *                                    events, no trace); prints the value
 *                                    and the search's own time
  *   bench-tool bare-minimax FILE          the same with a plain recursive minimax
  *   bench-tool parse FILE                 read and parse only (whole-process time)
  *   bench-tool run PROGRAM ARG...         runs PROGRAM, output to /dev/null, and
 *                                    prints its CPU time, wall time and peak
 *                                    memory (from wait4): started from this
 *                                    small process, its peak is its own, not
 *                                    that of a big parent it was forked from
  *   bench-tool phases FILE                abtrace's library on FILE, one phase at
 *                                    a time: parse, search (no sink work),
 *                                    record the trace, each timed and with
 *                                    the peak memory it added; one line of
 *                                    key=value figures
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sources/load.h"
#include "core/parse.h"
#include "core/rng.h"
#include "core/search.h"
#include "views/stats.h"
#include "core/trace.h"

/* The whole file, or NULL after saying why. */
static char *read_text(const char *path, size_t limit, size_t *len)
{
	struct ab_diag diag;
	char *text = ab_read_file(path, limit, len, &diag);
	if (!text)
		fprintf(stderr, "%s: %s\n", path, diag.message);
	return text;
}

/* ---- gen ------------------------------------------------------------------ */

static int gen(uint32_t branching, uint32_t depth, uint64_t seed)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, seed);
	/* counts[d]: children already written at depth d of the open path. */
	uint32_t counts[64] = { 0 };
	if (depth == 0 || depth >= 64 || branching == 0)
		return 2;
	char buf[1 << 16];
	size_t used = 0;
	int d = 0;
	buf[used++] = '[';
	while (d >= 0) {
		if (used > sizeof buf - 64) {
			fwrite(buf, 1, used, stdout);
			used = 0;
		}
		if (counts[d] == branching) {
			buf[used++] = ']';
			counts[d] = 0;
			d--;
			continue;
		}
		if (counts[d]++)
			buf[used++] = ',';
		if ((uint32_t)d + 1 == depth) {
			long v = (long)ab_rng_below(&rng, 1999) - 999;
			used += (size_t)sprintf(buf + used, "%ld", v);
		} else {
			buf[used++] = '[';
			d++;
		}
	}
	buf[used++] = '\n';
	fwrite(buf, 1, used, stdout);
	return 0;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU: steadier on a shared machine */
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- bare ----------------------------------------------------------------- */

/* The tree as the simplest C program would hold it: preorder, each node
 * with its child count, value, and the end of its subtree (so a pruned
 * sibling is skipped in one step). */
struct bare {
	uint32_t *nkids, *end;
	int64_t *value;
	uint32_t count;
};

/* A minimal parser for nested lists of integers (what gen writes), with
 * the open lists on a stack. */
static int bare_parse(struct bare *t, const char *s, size_t len)
{
	size_t cap = len / 2 + 2;
	t->nkids = malloc(cap * sizeof *t->nkids);
	t->end = malloc(cap * sizeof *t->end);
	t->value = malloc(cap * sizeof *t->value);
	uint32_t stack[256];
	int sp = 0;
	t->count = 0;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '[' || c == '-' || (c >= '0' && c <= '9')) {
			uint32_t n = t->count++;
			if (sp)
				t->nkids[stack[sp - 1]]++;
			t->nkids[n] = 0;
			t->value[n] = 0;
			if (c == '[') {
				if (sp == 256)
					return 1;
				stack[sp++] = n;
				continue;
			}
			int neg = c == '-';
			if (neg)
				i++;
			int64_t v = 0;
			while (i < len && s[i] >= '0' && s[i] <= '9')
				v = v * 10 + (s[i++] - '0');
			i--;
			t->value[n] = neg ? -v : v;
			t->end[n] = n + 1;
		} else if (c == ']' && sp) {
			t->end[stack[--sp]] = t->count;
		}
	}
	return 0;
}

static uint64_t bare_leaves, bare_visited;

static int64_t bare_alphabeta(const struct bare *t, uint32_t n, int max,
			      int64_t alpha, int64_t beta)
{
	uint32_t kids = t->nkids[n];
	bare_visited++;
	if (!kids) {
		bare_leaves++;
		return t->value[n];
	}
	int64_t best = max ? INT64_MIN : INT64_MAX;
	uint32_t kid = n + 1;
	for (uint32_t k = 0; k < kids; k++, kid = t->end[kid]) {
		int64_t v = bare_alphabeta(t, kid, !max, alpha, beta);
		if (max ? v > best : v < best)
			best = v;
		if (max && best > alpha)
			alpha = best;
		if (!max && best < beta)
			beta = best;
		if (alpha >= beta)
			break;
	}
	return best;
}

/* The plain recursive minimax of the lecture notes, in C: every node. */
static int64_t bare_minimax(const struct bare *t, uint32_t n, int max)
{
	uint32_t kids = t->nkids[n];
	bare_visited++;
	if (!kids) {
		bare_leaves++;
		return t->value[n];
	}
	int64_t best = max ? INT64_MIN : INT64_MAX;
	uint32_t kid = n + 1;
	for (uint32_t k = 0; k < kids; k++, kid = t->end[kid]) {
		int64_t v = bare_minimax(t, kid, !max);
		if (max ? v > best : v < best)
			best = v;
	}
	return best;
}

static int bare(const char *path, bool minimax)
{
	size_t len;
	char *text = read_text(path, (size_t)1 << 32, &len);
	if (!text)
		return 2;
	struct bare t;
	if (bare_parse(&t, text, len) != 0) {
		fprintf(stderr, "%s: too deep for the bare parser\n", path);
		return 2;
	}
	double t0 = now();
	int64_t v = minimax ? bare_minimax(&t, 0, 1)
			    : bare_alphabeta(&t, 0, 1, INT64_MIN, INT64_MAX);
	double search_s = now() - t0;
	printf("value=%lld leaves_looked_at=%llu nodes=%u visited=%llu "
	       "search_s=%.6f\n", (long long)v,
	       (unsigned long long)bare_leaves, t.count,
	       (unsigned long long)bare_visited, search_s);
	free(t.nkids);
	free(t.end);
	free(t.value);
	free(text);
	return 0;
}

/* ---- phases --------------------------------------------------------------- */

static double peak_bytes(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_maxrss * 1024.0;
}

/* Read and parse only: the parser's whole-process time. */
static int parse_only(const char *path)
{
	struct ab_diag diag;
	size_t len;
	char *text = read_text(path, AB_MAX_FILE_BYTES, &len);
	if (!text)
		return 2;
	struct ab_tree *tree = ab_parse_tree(text, len, &diag);
	free(text);
	if (!tree) {
		fprintf(stderr, "%s:%u:%u: %s\n", path, diag.line, diag.column,
			diag.message);
		return 2;
	}
	printf("%u nodes\n", tree->count);
	ab_tree_free(tree);
	return 0;
}

static int count_event(void *ctx, const struct ab_event *ev)
{
	(void)ev;
	(*(uint64_t *)ctx)++;
	return 0;
}

static int phases(const char *path)
{
	struct ab_diag diag;
	size_t len;
	char *text = read_text(path, AB_MAX_FILE_BYTES, &len);
	if (!text)
		return 2;
	double m0 = peak_bytes(), t0 = now();
	struct ab_tree *tree = ab_parse_tree(text, len, &diag);
	double parse_s = now() - t0, tree_bytes = peak_bytes() - m0;
	if (!tree) {
		fprintf(stderr, "%s:%u:%u: %s\n", path, diag.line, diag.column,
			diag.message);
		return 2;
	}
	free(text);
	printf("bytes=%zu nodes=%u leaves=%u parse_s=%.6f tree_peak_bytes=%.0f",
	       len, tree->count, tree->leaves, parse_s, tree_bytes);

	static const struct {
		const char *name;
		enum ab_algo algo;
	} algos[] = { { "alphabeta", AB_ALPHABETA }, { "minimax", AB_MINIMAX } };
	/* The transposition table (--tt, one slot per node) under stats'
	 * counting sink, first, while the peak is still the tree's: its
	 * time, and the memory it adds. */
	for (size_t a = 0; a < 2; a++) {
		struct ab_config config = AB_CONFIG_DEFAULT;
		config.algo = algos[a].algo;
		config.tt = true;
		struct ab_counts counts;
		m0 = peak_bytes();
		t0 = now();
		ab_count(tree, &config, &counts);
		double tt_s = now() - t0;
		/* Again, now that the pages are the process's: the time of a
		 * search with the table, as the one without (below) is taken. */
		t0 = now();
		ab_count(tree, &config, &counts);
		double again = now() - t0;
		printf(" %s_tt_count_s=%.6f %s_tt_peak_bytes=%.0f %s_tt_probes=%u",
		       algos[a].name, again < tt_s ? again : tt_s, algos[a].name,
		       peak_bytes() - m0, algos[a].name, counts.probes);
	}
	printf(" tt_slots=%u tt_entry_bytes=%zu", ab_config_tt_slots(&(struct ab_config){ .tt = true }, tree),
	       sizeof(struct ab_tt_entry));
	/* Alpha-beta first: peak RSS only rises, so the bigger minimax trace
	 * is measured second. */
	for (size_t a = 0; a < 2; a++) {
		struct ab_config config = AB_CONFIG_DEFAULT;
		config.algo = algos[a].algo;
		uint64_t events = 0;
		struct ab_sink sink = { count_event, &events, AB_EVENT_ALL };
		t0 = now();
		ab_search(tree, &config, &sink);
		double search_s = now() - t0;
		/* What stats runs: the counting sink, which reads only the
		 * done event. */
		struct ab_counts counts;
		t0 = now();
		ab_count(tree, &config, &counts);
		double count_s = now() - t0;
		m0 = peak_bytes();
		t0 = now();
		struct ab_trace *trace = ab_trace_record(tree, &config);
		double record_s = now() - t0, trace_bytes = peak_bytes() - m0;
		uint32_t visited = trace->leaves_visited + trace->nodes_visited;
		/* The per-node arrays: state, visit_step, cut_step. */
		double state_bytes = (double)tree->count *
			(double)(sizeof *trace->state + sizeof *trace->visit_step +
				 sizeof *trace->cut_step);
		printf(" %s_count_s=%.6f", algos[a].name, count_s);
		printf(" %s_events=%zu %s_visited=%u %s_search_s=%.6f "
		       "%s_record_s=%.6f %s_trace_peak_bytes=%.0f "
		       "%s_state_bytes=%.0f %s_records_peak_bytes=%.0f",
		       algos[a].name, trace->length, algos[a].name, visited,
		       algos[a].name, search_s, algos[a].name, record_s,
		       algos[a].name, trace_bytes, algos[a].name, state_bytes,
		       algos[a].name, trace_bytes - state_bytes);
		ab_trace_free(trace);
	}
	printf("\n");
	ab_tree_free(tree);
	return 0;
}

/* ---- run ------------------------------------------------------------------ */

static int run_one(char **argv)
{
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid_t pid = fork();
	if (pid < 0) {
		perror("fork");
		return 2;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		if (null >= 0)
			dup2(null, STDOUT_FILENO);
		execvp(argv[0], argv);
		perror(argv[0]);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("wait4");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "%s failed\n", argv[0]);
		return 2;
	}
	printf("wall_s=%.6f user_s=%.6f sys_s=%.6f maxrss_kb=%ld\n",
	       (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9,
	       (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6,
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6,
	       ru.ru_maxrss);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && strcmp(argv[1], "run") == 0)
		return run_one(argv + 2);
	if (argc == 5 && strcmp(argv[1], "gen") == 0)
		return gen((uint32_t)strtoul(argv[2], NULL, 10),
			   (uint32_t)strtoul(argv[3], NULL, 10),
			   strtoull(argv[4], NULL, 10));
	if (argc == 3 && strcmp(argv[1], "bare") == 0)
		return bare(argv[2], false);
	if (argc == 3 && strcmp(argv[1], "bare-minimax") == 0)
		return bare(argv[2], true);
	if (argc == 3 && strcmp(argv[1], "parse") == 0)
		return parse_only(argv[2]);
	if (argc == 3 && strcmp(argv[1], "phases") == 0)
		return phases(argv[2]);
	fprintf(stderr, "usage: bench-tool gen BRANCHING DEPTH SEED | bare FILE | "
		"bare-minimax FILE | parse FILE | phases FILE | run PROGRAM ARG...\n");
	return 2;
}
