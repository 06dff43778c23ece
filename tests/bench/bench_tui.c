/* bench_tui.c - how fast the replay draws and steps.
 *
 * Renders frames of the real drawer into an off-screen terminal (newterm
 * on /dev/null, TERM=xterm-256color) for the lecture tree, a 100-leaf tree
 * and a 1,000,000-leaf tree (outline view), at 80x24 and 120x40, and
 * prints the time per frame and per step.  Not a test: run it by hand,
 *   build/tests/bench/bench_tui
 */
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sources/load.h"
#include "randtree.h"
#include "core/trace.h"
#include "tui/draw.h"
#include "tui/state.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static struct ab_tree *uniform_tree(uint32_t branching, uint32_t depth, uint64_t seed)
{
	struct ab_rng rng;
	ab_rng_seed(&rng, seed);
	struct randtree_shape shape = { .min_kids = branching, .max_kids = branching,
					.depth = depth, .uniform = true, .lo = -99, .hi = 99 };
	return randtree(&rng, &shape);
}

static void bench(const char *what, struct ab_tree *tree, int cols, int rows)
{
	struct ab_replay rp;
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_replay_options opts = { .ascii = false, .name = what };
	double t0 = now_s();
	if (!ab_replay_init(&rp, tree, &config, &opts)) {
		printf("%-28s cannot record\n", what);
		return;
	}
	double opened = now_s() - t0;
	resize_term(rows, cols);
	ab_draw_setup(&rp);
	/* Frames: one per step over up to 2000 steps spread over the trace. */
	size_t frames = rp.trace->length < 2000 ? rp.trace->length : 2000;
	size_t stride = rp.trace->length / (frames ? frames : 1);
	double draw = 0, worst = 0;
	double *each = calloc(frames ? frames : 1, sizeof *each);
	for (size_t i = 0; i < frames; i++) {
		ab_trace_seek(rp.trace, i * stride);
		rp.follow = true;
		double a = now_s();
		ab_draw_frame(stdscr, &rp);
		double d = now_s() - a;
		draw += d;
		each[i] = d;
		if (d > worst && i > 0) /* the first frame paints every cell */
			worst = d;
	}
	qsort(each, frames, sizeof *each, cmp_double);
	double p99 = frames ? each[frames * 99 / 100] : 0;
	free(each);
	/* Steps: the whole trace forwards and back. */
	ab_trace_seek(rp.trace, 0);
	double s0 = now_s();
	size_t steps = 0;
	while (ab_trace_forward(rp.trace))
		steps++;
	while (ab_trace_back(rp.trace))
		steps++;
	double stepping = now_s() - s0;
	printf("%-28s %4dx%-3d %-7s open %7.2f ms  frame %6.3f ms (p99 %6.3f, worst after the first %6.3f)  step %6.1f ns  (%zu steps)\n",
	       what, cols, rows, rp.outline ? "outline" : "tree", opened * 1e3,
	       frames ? draw / (double)frames * 1e3 : 0.0, p99 * 1e3, worst * 1e3,
	       steps ? stepping / (double)steps * 1e9 : 0.0, rp.trace->length);
	ab_replay_fini(&rp);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *screen = newterm("xterm-256color", out, in);
	if (!screen) {
		fprintf(stderr, "bench_tui: cannot open an off-screen xterm-256color terminal\n");
		return 1;
	}
	set_term(screen);
	struct ab_str shown = AB_STR_INIT;
	struct ab_diag diag;
	struct ab_tree *lecture = ab_load_tree("lecture", &shown, &diag);
	struct ab_tree *hundred = uniform_tree(10, 2, 1);
	struct ab_tree *million = uniform_tree(10, 6, 2);
	static const int sizes[][2] = { { 80, 24 }, { 120, 40 } };
	for (int s = 0; s < 2; s++) {
		if (lecture)
			bench("lecture (9 leaves)", lecture, sizes[s][0], sizes[s][1]);
		bench("uniform 10^2 (100 leaves)", hundred, sizes[s][0], sizes[s][1]);
		bench("uniform 10^6 (1M leaves)", million, sizes[s][0], sizes[s][1]);
	}
	endwin();
	delscreen(screen);
	fclose(out);
	fclose(in);
	ab_tree_free(lecture);
	ab_tree_free(hundred);
	ab_tree_free(million);
	ab_str_free(&shown);
	return 0;
}
