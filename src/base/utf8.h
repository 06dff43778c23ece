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

/* Appends s (n bytes) to out with nothing a terminal would act on: a C0
 * control or DEL becomes caret notation (ESC is "^[", DEL "^?"), any other
 * unsafe character (above) and an invalid byte becomes '?'.  For text from
 * files that reaches a terminal outside the diagnostics. */
void ab_utf8_add_safe(struct ab_str *out, const char *s, size_t n);

/* The edit (Levenshtein) distance between two NUL-terminated UTF-8
 * strings, counted in characters, ASCII letters compared ignoring case:
 * how many characters to insert, delete or replace to turn one into the
 * other.  Any distance above limit is reported as limit + 1, and strings
 * longer than 64 characters are not measured (limit + 1), so "did you
 * mean" costs little. */
size_t ab_utf8_distance(const char *a, const char *b, size_t limit);

#endif
