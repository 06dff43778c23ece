/* bench_frames.c - how fast `export --svg --frames` draws and writes.
 *
 * Two random binary trees (abtrace random --branching 2 --depth 5 --seed 9:
 * 63 nodes, 159 steps; --depth 8 --seed 188: 511 nodes, 728 steps), every
 * step a frame.  Prints frames per second for the SVG frames drawn from one
 * scene laid out for the set (in memory), the same set written as files
 * into a new directory (base/atomic.h's file set: exclusive files, one
 * syncfs, a rename), the way before (the scene laid out again for every
 * frame, so frames² × nodes: timed on the first frames only for the large
 * tree), and the TikZ overlays of the same frames as one document.  Frames
 * per second of CPU time (which a loaded machine hardly changes) and of
 * wall time (which includes the disk).  Not a test: run it by hand,
 *   build/tests/bench_frames [DIR]     (DIR: where the sets are written, default /tmp)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/atomic.h"
#include "core/trace.h"
#include "sources/random.h"
#include "views/export.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void row(const char *what, size_t frames, double wall, double cpu, size_t bytes)
{
	printf("  %-44s %5zu frames %8.1f /s CPU %8.1f /s wall %7.2f s CPU %7.2f s wall %7.1f MB\n",
	       what, frames, frames / cpu, frames / wall, cpu, wall, bytes / 1e6);
}

static bool any_name(const char *name, const void *ctx)
{
	(void)name;
	(void)ctx;
	return false;
}

static void bench(uint32_t depth, uint64_t seed, const char *where)
{
	struct ab_random_spec spec = AB_RANDOM_DEFAULT;
	spec.bmin = spec.bmax = 2;
	spec.depth = depth;
	spec.seed = seed;
	struct ab_tree *tree = ab_random_tree(&spec);
	struct ab_config config = AB_CONFIG_DEFAULT;
	struct ab_trace *trace = ab_trace_record(tree, &config);
	size_t *steps;
	size_t n = ab_export_frame_steps(trace, AB_FRAMES_STEPS, &steps);
	printf("\nabtrace random --branching 2 --depth %u --seed %llu: %u nodes, %zu frames\n",
	       depth, (unsigned long long)seed, tree->count, n);
	const struct ab_exporter *svg = ab_exporter_of(AB_EXPORT_SVG);
	struct ab_export_options opt = { .format = AB_EXPORT_SVG, .frames = steps, .nframes = n };
	struct ab_str out = AB_STR_INIT, name = AB_STR_INIT;

	/* One scene for the set, in memory. */
	double t0 = now_s(), c0 = cpu_s();
	size_t bytes = 0;
	struct ab_scene scene = { 0 };
	for (size_t i = 0; i < n; i++) {
		ab_str_clear(&out);
		ab_export_frame(trace, &opt, i, &scene, &out);
		bytes += out.len;
	}
	ab_scene_free(&scene);
	row("SVG, one scene for the set (memory)", n, now_s() - t0, cpu_s() - c0, bytes);

	/* The same, written as a set of files. */
	struct ab_str dir = AB_STR_INIT;
	ab_str_addf(&dir, "%s/abtrace-bench-frames-%ld", where, (long)getpid());
	struct ab_set_error error;
	t0 = now_s();
	c0 = cpu_s();
	struct ab_file_set *set = ab_file_set_begin(dir.s, any_name, NULL, &error);
	bool ok = set != NULL;
	memset(&scene, 0, sizeof scene);
	for (size_t i = 0; ok && i < n; i++) {
		ab_str_clear(&out);
		ab_export_frame(trace, &opt, i, &scene, &out);
		ab_str_clear(&name);
		ab_export_frame_name(svg, i, n, &name);
		ok = ab_file_set_add(set, name.s, out.s, out.len, &error);
	}
	ab_scene_free(&scene);
	if (ok)
		ok = ab_file_set_commit(set, &error);
	else
		ab_file_set_abort(set);
	if (ok)
		row("SVG, written as a set of files", n, now_s() - t0, cpu_s() - c0, bytes);
	else
		printf("  the set could not be written into %s: fault %d, %s\n", dir.s,
		       (int)error.fault, strerror(error.err));
	if (ok) {
		for (size_t i = 0; i < n; i++) {
			ab_str_clear(&name);
			ab_str_addf(&name, "%s/", dir.s);
			ab_export_frame_name(svg, i, n, &name);
			unlink(name.s);
		}
		rmdir(dir.s);
	}

	/* The way before: the scene laid out again for every frame. */
	size_t before = n > 200 ? 30 : n;
	t0 = now_s();
	c0 = cpu_s();
	bytes = 0;
	for (size_t i = 0; i < before; i++) {
		ab_trace_seek(trace, steps[i]);
		ab_str_clear(&out);
		ab_export(trace, &opt, &out);
		bytes += out.len;
	}
	row(before < n ? "SVG, laid out per frame (before; first 30)" : "SVG, laid out per frame (before)",
	    before, now_s() - t0, cpu_s() - c0, bytes);

	/* TikZ: one beamer document with an overlay per frame. */
	opt.format = AB_EXPORT_TIKZ;
	opt.standalone = true;
	ab_str_clear(&out);
	t0 = now_s();
	c0 = cpu_s();
	ab_export(trace, &opt, &out);
	row("TikZ overlays, one document (memory)", n, now_s() - t0, cpu_s() - c0, out.len);

	ab_str_free(&dir);
	ab_str_free(&out);
	ab_str_free(&name);
	free(steps);
	ab_trace_free(trace);
	ab_tree_free(tree);
}

int main(int argc, char **argv)
{
	const char *where = argc > 1 ? argv[1] : "/tmp";
	bench(5, 9, where);
	bench(8, 188, where);
	return 0;
}
