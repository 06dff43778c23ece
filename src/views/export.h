/* export.h - pictures of a recorded search for slides, handouts and mail.
 *
 * Each exporter draws the tree as the trace knows it at its current step:
 * MAX and MIN told apart, every node's value or proved bound ("= 3",
 * "≤ 2"), the window of the nodes on the current path, the current node,
 * cut nodes, and pruned subtrees greyed, dashed and marked.  Children are
 * drawn in the tree's own order whatever order the search used.  Pure:
 * the picture is appended to a string; writing it anywhere is the caller's
 * business.
 */
#ifndef AB_EXPORT_H
#define AB_EXPORT_H

#include <stdbool.h>

#include "base/str.h"
#include "core/trace.h"
#include "views/boards.h"
#include "views/scene.h"

enum ab_export_format {
	AB_EXPORT_DOT,   /* Graphviz */
	AB_EXPORT_TIKZ,  /* a TikZ picture (LaTeX, beamer) */
	AB_EXPORT_TEXT,  /* an indented drawing with box-drawing lines */
	AB_EXPORT_SVG,   /* an SVG document, drawn by abtrace itself */
};

/* Animations: which steps get a frame of their own. */
enum ab_frames {
	AB_FRAMES_NONE,
	AB_FRAMES_STEPS,    /* every step, 1 to the last */
	AB_FRAMES_CUTOFFS,  /* every cutoff's step, and the last */
};

/* More frames than this are refused (a picture per frame), and more than
 * AB_MAX_FRAME_NODES nodes over all frames (each frame measures every node
 * to size the picture). */
#define AB_MAX_FRAMES 2000u
#define AB_MAX_FRAME_NODES 20000000u

struct ab_export_options {
	enum ab_export_format format;
	bool ascii;       /* plain ASCII glyphs (text, DOT) */
	bool standalone;  /* TikZ: a whole compilable document (the standalone
			     class cropped to the picture, or with frames a
			     beamer document), not just the picture */
	/* TikZ and SVG: the steps of an animation's frames (NULL: none).
	 * TikZ draws one beamer frame with an overlay per step; an SVG is
	 * sized to fit every one of them, so the frames line up. */
	const size_t *frames;
	size_t nframes;
	bool no_sentence; /* TikZ frames: no step's sentence under the tree */
	/* A game's boards, one under each node (export --board), or NULL. */
	const struct ab_picture_boards *boards;
};

/* ---- The formats ---------------------------------------------------------
 *
 * One entry per format, read by the command line (its option, what may go
 * with it) and the replay (its E key's words); a new format is a writer and
 * an entry here. */

/* How a format draws an animation (--frames). */
enum ab_export_animation {
	AB_ANIMATION_NONE,      /* one picture only */
	AB_ANIMATION_OVERLAYS,  /* one document, an overlay per frame (beamer) */
	AB_ANIMATION_FILES,     /* a document per frame: numbered files in a directory */
};

struct ab_exporter {
	const char *name;        /* "svg": the replay's word for it */
	const char *option;      /* "--svg": the command line's */
	enum ab_export_format format;
	enum ab_export_animation animation;
	bool standalone;         /* has a whole-document form besides the bare
				    picture (--standalone); without one, every
				    picture it writes is a whole document */
	bool screen_glyphs;      /* its glyphs follow the terminal's (the text
				    picture); the others are UTF-8 files */
	const char *suffix;      /* a file's usual ending: ".svg" */
	/* Appends the picture of trace at its current step (with opt->frames,
	 * for OVERLAYS: every frame, the trace left where it was).  scene is
	 * NULL, or for a run of pictures of one animation a scene zeroed
	 * before the first: a writer that lays its picture out does it there
	 * once, for all of opt->frames, and reuses it (ab_scene_free after the
	 * last). */
	void (*write)(struct ab_trace *trace, const struct ab_export_options *opt,
		      struct ab_scene *scene, struct ab_str *out);
};

/* Every format, in the order the command line lists them. */
extern const struct ab_exporter ab_exporters[];
extern const size_t ab_nexporters;

/* The entry of a format; the one a word of the replay names (NULL: none). */
const struct ab_exporter *ab_exporter_of(enum ab_export_format format);
const struct ab_exporter *ab_exporter_named(const char *name);

/* The formats' options (or names) whose entries pass want (NULL: all), as
 * a list for a sentence: "--tikz or --svg", "--dot, --tikz, --svg or
 * --text" (the separators translated). */
void ab_exporters_list(bool (*want)(const struct ab_exporter *ex), bool options,
		       struct ab_str *out);

/* Appends the picture of trace at its current step (TikZ with frames: at
 * each of the frames' steps, the trace left where it was). */
void ab_export(struct ab_trace *trace, const struct ab_export_options *opt,
	       struct ab_str *out);

/* The steps an animation of kind frames shows, in order, into *steps
 * (malloc'd; the caller frees it).  Returns how many. */
size_t ab_export_frame_steps(const struct ab_trace *trace, enum ab_frames frames,
			     size_t **steps);

/* A format whose frames are files (AB_ANIMATION_FILES): frame i (from 0)
 * of opt->frames as a document of its own, the trace left at its step;
 * scene as for write (zeroed before the first frame, ab_scene_free after
 * the last), so the layout is made once for the whole set.  And the
 * frame's file name, "frame-007.svg" (four digits from 1000 frames on). */
void ab_export_frame(struct ab_trace *trace, const struct ab_export_options *opt,
		     size_t i, struct ab_scene *scene, struct ab_str *out);
void ab_export_frame_name(const struct ab_exporter *ex, size_t i, size_t nframes,
			  struct ab_str *out);
/* Whether name is one ab_export_frame_name gives for ex (of any set). */
bool ab_export_is_frame_name(const struct ab_exporter *ex, const char *name);

#endif
