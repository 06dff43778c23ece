/* bench_games.c - games as trees: how fast abtrace generates and searches
 * a game's whole tree, beside a plain C tic-tac-toe minimax written for
 * this benchmark (the yardstick: generates the positions as it searches,
 * keeps nothing, names nothing).
 *
 *   bench-games-tool [RUNS]     (meson compile -C build bench-games)
 *
 * For the full tic-tac-toe tree (549,946 nodes) it prints the nodes per
 * second of the yardstick and of abtrace (ab_game_tree, which builds the
 * tree with its labels and transpositions, then a minimax search of every
 * node by ab_count), each phase on its own, and the ratio; then abtrace on
 * a few other positions.  Times are CPU time (the machine may be shared),
 * the best of RUNS (default 5).  Printed, never asserted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sources/game.h"
#include "views/stats.h"

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- The yardstick: plain minimax over the squares ---------------------- */

static const unsigned char lines[8][3] = {
	{ 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 },
	{ 1, 4, 7 }, { 2, 5, 8 }, { 0, 4, 8 }, { 2, 4, 6 },
};

static unsigned char board[9];
static uint64_t plain_nodes;

static int won(unsigned char who)
{
	for (unsigned l = 0; l < 8; l++)
		if (board[lines[l][0]] == who && board[lines[l][1]] == who &&
		    board[lines[l][2]] == who)
			return 1;
	return 0;
}

/* The value from x's side, a win worth 100 - plies, as abtrace scores. */
static int plain_minimax(int ply, unsigned char who)
{
	int best = who == 1 ? -1000 : 1000;
	for (unsigned sq = 0; sq < 9; sq++) {
		if (board[sq])
			continue;
		board[sq] = who;
		plain_nodes++;
		int v;
		if (won(who)) {
			v = who == 1 ? 100 - (ply + 1) : -(100 - (ply + 1));
		} else {
			unsigned empty = 0;
			for (unsigned k = 0; k < 9; k++)
				empty += board[k] == 0;
			v = empty ? plain_minimax(ply + 1, (unsigned char)(3 - who)) : 0;
		}
		board[sq] = 0;
		if (who == 1 ? v > best : v < best)
			best = v;
	}
	return best;
}

/* ---- abtrace ------------------------------------------------------------ */

struct figures {
	double build, search;  /* best CPU seconds of each phase */
	uint32_t nodes;
	long long value;
};

static bool measure(const char *text, uint32_t depth, int runs, struct figures *f)
{
	*f = (struct figures){ 1e9, 1e9, 0, 0 };
	for (int r = 0; r < runs; r++) {
		struct ab_diag diag;
		struct ab_game_options opt = { .depth = depth, .evaluate = depth > 0 };
		double t0 = cpu_now();
		struct ab_tree *tree = ab_game_tree(text, &opt, &diag);
		double t1 = cpu_now();
		if (!tree) {
			fprintf(stderr, "%s: %s\n", text, diag.message);
			return false;
		}
		struct ab_config config = { .algo = AB_MINIMAX, .depth = depth };
		struct ab_counts c;
		ab_count(tree, &config, &c);
		double t2 = cpu_now();
		if (t1 - t0 < f->build)
			f->build = t1 - t0;
		if (t2 - t1 < f->search)
			f->search = t2 - t1;
		f->nodes = tree->count;
		f->value = (long long)c.value;
		ab_tree_free(tree);
	}
	return true;
}

static double per_second(double n, double s)
{
	return s > 0 ? n / s : 0;
}

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 5;
	if (runs < 1)
		runs = 1;
	double plain = 1e9;
	int plain_value = 0;
	for (int r = 0; r < runs; r++) {
		plain_nodes = 1; /* the root */
		double t0 = cpu_now();
		plain_value = plain_minimax(0, 1);
		double t = cpu_now() - t0;
		if (t < plain)
			plain = t;
	}
	struct figures f;
	if (!measure("tictactoe", 0, runs, &f))
		return 1;
	double total = f.build + f.search;
	printf("The full tic-tac-toe tree, generated and searched (minimax), best of %d, CPU time:\n\n", runs);
	printf("  %-34s %9s %9s %14s\n", "", "nodes", "seconds", "nodes/second");
	printf("  %-34s %9llu %9.4f %14.0f   value %d\n", "plain C minimax (the yardstick)",
	       (unsigned long long)plain_nodes, plain, per_second((double)plain_nodes, plain),
	       plain_value);
	printf("  %-34s %9u %9.4f %14.0f\n", "abtrace: build the tree", f.nodes, f.build,
	       per_second(f.nodes, f.build));
	printf("  %-34s %9u %9.4f %14.0f\n", "abtrace: search it (minimax)", f.nodes, f.search,
	       per_second(f.nodes, f.search));
	printf("  %-34s %9u %9.4f %14.0f   value %lld\n", "abtrace: both", f.nodes, total,
	       per_second(f.nodes, total), f.value);
	printf("\n  abtrace takes %.1f times the yardstick's time (aim: within 2)\n\n",
	       plain > 0 ? total / plain : 0);

	static const struct {
		const char *text;
		uint32_t depth;
	} others[] = {
		{ "nim:3,4,5", 0 },
		{ "nim:4,4,4", 0 },
		{ "connect4:4x4", 8 },
		{ "connect4:5x4", 6 },
	};
	printf("Other positions (abtrace, build and minimax search):\n\n");
	for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
		if (!measure(others[i].text, others[i].depth, runs, &f))
			return 1;
		char name[64];
		if (others[i].depth)
			snprintf(name, sizeof name, "%s --depth %u", others[i].text,
				 others[i].depth);
		else
			snprintf(name, sizeof name, "%s", others[i].text);
		printf("  %-34s %9u %9.4f %14.0f   value %lld\n", name, f.nodes,
		       f.build + f.search, per_second(f.nodes, f.build + f.search), f.value);
	}
	return 0;
}
