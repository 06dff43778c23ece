/* utf8.h - the little UTF-8 knowledge abtrace needs, without locales.
 *
 * The parser validates input with it and the diagnostics make excerpts
 * safe to print with it.  No wcwidth(): widths and "unsafe" characters are
 * decided by fixed ranges, so output is the same under every locale.
 */
#ifndef AB_UTF8_H
#define AB_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/str.h"

/* Decodes the sequence at s (n > 0 bytes available).  Returns its length,
 * 1 to 4, with *cp set; 0 when the bytes there are not valid UTF-8
 * (a stray continuation byte, an overlong form, a surrogate, a value past
 * U+10FFFF, or a sequence cut short). */
size_t ab_utf8_decode(const char *s, size_t n, uint32_t *cp);

/* Whether echoing cp could upset a terminal or hide text: C0 and C1
 * controls (tab included: callers that keep tabs test for it first), DEL,
 * and the invisible or direction-changing format characters. */
bool ab_utf8_unsafe(uint32_t cp);

/* Terminal columns cp takes: 0 for combining marks, 2 for wide East Asian
 * characters and emoji, else 1. */
int ab_utf8_width(uint32_t cp);

/* Terminal columns a NUL-terminated UTF-8 string takes (an invalid byte
 * counts one). */
size_t ab_utf8_text_width(const char *s);

/* The longest prefix of s (at most max bytes of n) that ends on a
 * character boundary, for quoting user text in a fixed-size message. */
size_t ab_utf8_prefix(const char *s, size_t n, size_t max);

/* The house form of text abtrace did not write itself, for a terminal, a
 * spreadsheet or a program: valid UTF-8 that nothing acts on, with every
 * character that could act (ab_utf8_unsafe) and every invalid byte shown,
 * not dropped:
 *   \xHH    a C0 control or DEL (ESC is \x1b, a tab \x09), or a byte
 *           that is not part of valid UTF-8 (\xff; a Latin-1 'é' is \xe9)
 *   \uHHHH  any other unsafe character: a C1 control (\u009b), a
 *           direction or invisible format character (\u202e, \u200b)
 * (lower-case hex), every other character as it is.
 *
 * ab_utf8_add_safe writes text so (lesson text, titles, report text), one
 * line at a time: a newline is escaped too.  A backslash stays as it is,
 * so it is not reversible: "\x1b" typed in a file looks like an ESC. */
void ab_utf8_add_safe(struct ab_str *out, const char *s, size_t n);

/* ab_utf8_add_name writes a name (a file's) so, and a backslash as \\,
 * so the form is reversible: two different byte strings never share it,
 * and every report (text, CSV, JSON, results.json, messages on standard
 * error) writes a name the same way.  "ren\xe9.ans" on disk, in Latin-1,
 * is shown as ren\xe9.ans; a name with a real backslash, ren\xe9.ans, as
 * ren\\xe9.ans. */
void ab_utf8_add_name(struct ab_str *out, const char *name);
/* The edit (Levenshtein) distance between two NUL-terminated UTF-8
 * strings, counted in characters, ASCII letters compared ignoring case:
 * how many characters to insert, delete or replace to turn one into the
 * other.  Any distance above limit is reported as limit + 1, and strings
 * longer than 64 characters are not measured (limit + 1), so "did you
 * mean" costs little. */
size_t ab_utf8_distance(const char *a, const char *b, size_t limit);

#endif
