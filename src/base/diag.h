/* diag.h - errors as data: where (line, column) and what.
 *
 * Parsers fill a struct ab_diag and return; only main.c prints it, as
 *   FILE:LINE:COLUMN: error: MESSAGE
 *   the offending line
 *   ^ under the column
 * Columns count characters (UTF-8 code points) from 1; a tab counts as one
 * and is echoed as a tab so the caret still lines up.
 */
#ifndef AB_DIAG_H
#define AB_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/str.h"

struct ab_diag {
	unsigned line;       /* 1-based; 0 when the error has no position */
	unsigned column;     /* 1-based */
	char message[256];
	char excerpt[256];   /* the line, made safe to print, maybe shortened */
	unsigned caret;      /* bytes of excerpt before the caret's column */
	char caret_pad[256]; /* what to print before the caret (tabs kept) */
};

/* Sets the message and locates byte offset pos of text (len bytes) as line,
 * column, excerpt and caret.  pos == len after a final newline is shown at
 * the end of the last line rather than on an empty line after it. */
void ab_diag_at(struct ab_diag *diag, const char *text, size_t len, size_t pos,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* ab_diag_at with fmt translated, returning false: every parser's fail()
 * (xgettext: --keyword=fail:3). */
bool ab_diag_fail(struct ab_diag *diag, const char *text, size_t len,
		  size_t pos, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* The same as ab_diag_at with a va_list. */
void ab_diag_vat(struct ab_diag *diag, const char *text, size_t len, size_t pos,
		 const char *fmt, va_list ap) __attribute__((format(printf, 5, 0)));
/* Line and column (as above) of byte offset pos of text, for messages that
 * point back at an earlier place ("first used at line 2, column 5"). */
void ab_diag_locate(const char *text, size_t len, size_t pos, unsigned *line,
		    unsigned *column);
/* Line and column of many offsets of one text, each in time that does not
 * grow with the text before it: the starts of the lines are indexed once,
 * on the first call, and a column is counted from the start of its line, or
 * from the offset located last when that is on the same line and before.
 * A parser that locates every item it reads (an answer file of 100,000
 * lines, a lesson with many failed claims) uses one; ab_diag_locate alone
 * scans from the start of the text each time.  The text must outlive it.
 *
 *     struct ab_lines lines;
 *     ab_lines_init(&lines, text, len);
 *     ab_lines_locate(&lines, pos, &line, &column);   (as often as needed)
 *     ab_lines_free(&lines);
 */
struct ab_lines {
	const char *text;
	size_t len;
	size_t *starts;      /* each line's first byte, ascending; NULL until
				the first call */
	size_t count;
	size_t at;           /* the offset located last, and where it is */
	unsigned line, column;
};

void ab_lines_init(struct ab_lines *lines, const char *text, size_t len);
/* The same line and column as ab_diag_locate. */
void ab_lines_locate(struct ab_lines *lines, size_t pos, unsigned *line,
		     unsigned *column);
void ab_lines_free(struct ab_lines *lines);
/* ab_diag_at for the text lines indexes, located through it. */
void ab_diag_at_lines(struct ab_diag *diag, struct ab_lines *lines, size_t pos,
		      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Sets the message of an error with no position. */
void ab_diag_set(struct ab_diag *diag, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Appends the whole report for a file called name, ending in a newline. */
void ab_diag_format(const struct ab_diag *diag, const char *name,
		    struct ab_str *out);

#endif
