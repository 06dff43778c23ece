/* str.h - a growable, always NUL-terminated byte string.
 *
 * Every text producer in abtrace (paths, names, narration, JSON, diagnostics)
 * appends to one of these, so no module guesses buffer sizes.  Allocation
 * failure is fatal (ab_oom): a tutor that cannot allocate a few bytes has
 * nothing sensible left to do, and callers stay free of error plumbing.
 */
#ifndef AB_STR_H
#define AB_STR_H

#include <stdarg.h>
#include <stddef.h>

struct ab_str {
	char *s;     /* always NUL-terminated once anything was appended */
	size_t len;  /* bytes in use, without the NUL */
	size_t cap;  /* bytes allocated */
};

#define AB_STR_INIT { NULL, 0, 0 }

void ab_str_free(struct ab_str *str);
void ab_str_clear(struct ab_str *str);
/* The text, or "" when nothing was appended yet. */
const char *ab_str_cstr(const struct ab_str *str);
void ab_str_add(struct ab_str *str, const char *text);
void ab_str_addn(struct ab_str *str, const char *text, size_t n);
void ab_str_addc(struct ab_str *str, char c);
void ab_str_addf(struct ab_str *str, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void ab_str_vaddf(struct ab_str *str, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Drops everything after the first n bytes. */
void ab_str_truncate(struct ab_str *str, size_t n);

/* Allocation helpers that never return NULL. */
void *ab_xmalloc(size_t n);
void *ab_xcalloc(size_t count, size_t size);
void *ab_xrealloc(void *p, size_t n);
/* realloc for an array of count elements of size bytes, checking overflow. */
void *ab_xreallocarray(void *p, size_t count, size_t size);
/* Room for one more: p holds count elements of size bytes (and was grown
 * only by ab_xgrow); returns it with room for count + 1.  The capacity
 * doubles whenever count reaches a power of two, so n appends cost O(n)
 * copying in all, with no capacity field to keep. */
void *ab_xgrow(void *p, size_t count, size_t size);
char *ab_xstrdup(const char *s);
_Noreturn void ab_oom(void);

#endif
