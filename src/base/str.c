/* str.c - growable strings and allocation that cannot fail silently. */
#include "base/str.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

_Noreturn void ab_oom(void)
{
	static const char msg[] = "abtrace: out of memory\n";
	/* write(2) rather than stdio: stdio may itself need memory. */
	ssize_t ignored = write(2, msg, sizeof msg - 1);
	(void)ignored;
	abort();
}

/* A fresh block of many megabytes (a big tree's nodes, its trace: arrays
 * filled from the start, densely) is asked to use huge pages where the kernel gives them on request: touching
 * 4 KiB pages one fault at a time took longer than the parsing and
 * searching done in them.  Only a new block is advised: growing an advised
 * block in place can fail and copy it.  It is only advice. */
static void *fresh_block(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	const uintptr_t huge = (uintptr_t)2 << 20;
	if (n >= 4 * huge) {
		uintptr_t start = ((uintptr_t)p + huge - 1) & ~(huge - 1);
		uintptr_t end = ((uintptr_t)p + n) & ~(huge - 1);
		if (end > start)
			madvise((void *)start, end - start, MADV_HUGEPAGE);
	}
#endif
	return p;
}

void *ab_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		ab_oom();
	return fresh_block(p, n);
}

void *ab_xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		ab_oom();
	/* Not advised: zeroed arrays are per-node state that a pruned search
	 * touches here and there, and a huge page for each touch would make
	 * all of it resident. */
	return p;
}

void *ab_xrealloc(void *p, size_t n)
{
	bool fresh = !p;
	p = realloc(p, n ? n : 1);
	if (!p)
		ab_oom();
	return fresh ? fresh_block(p, n) : p;
}

void *ab_xreallocarray(void *p, size_t count, size_t size)
{
	if (size && count > SIZE_MAX / size)
		ab_oom();
	return ab_xrealloc(p, count * size);
}

void *ab_xgrow(void *p, size_t count, size_t size)
{
	if (count == 0)
		return ab_xreallocarray(p, 1, size);
	if ((count & (count - 1)) != 0)
		return p;
	if (count > SIZE_MAX / 2)
		ab_oom();
	return ab_xreallocarray(p, count * 2, size);
}

char *ab_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(ab_xmalloc(n), s, n);
}

static void reserve(struct ab_str *str, size_t extra)
{
	if (extra > SIZE_MAX - str->len - 1)
		ab_oom();
	size_t need = str->len + extra + 1;
	if (need <= str->cap)
		return;
	size_t cap = str->cap ? str->cap : 64;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	str->s = ab_xrealloc(str->s, cap);
	str->cap = cap;
}

void ab_str_free(struct ab_str *str)
{
	free(str->s);
	str->s = NULL;
	str->len = str->cap = 0;
}

void ab_str_clear(struct ab_str *str)
{
	ab_str_truncate(str, 0);
}

void ab_str_truncate(struct ab_str *str, size_t n)
{
	if (n < str->len) {
		str->len = n;
		str->s[n] = '\0';
	}
}

const char *ab_str_cstr(const struct ab_str *str)
{
	return str->s ? str->s : "";
}

void ab_str_addn(struct ab_str *str, const char *text, size_t n)
{
	reserve(str, n);
	memcpy(str->s + str->len, text, n);
	str->len += n;
	str->s[str->len] = '\0';
}

void ab_str_add(struct ab_str *str, const char *text)
{
	ab_str_addn(str, text, strlen(text));
}

void ab_str_addc(struct ab_str *str, char c)
{
	ab_str_addn(str, &c, 1);
}

void ab_str_vaddf(struct ab_str *str, const char *fmt, va_list ap)
{
	if (!fmt) /* never true; it tells GCC 12's sanitizer build so */
		return;
	va_list copy;
	va_copy(copy, ap);
	char probe[1];
	int n = vsnprintf(probe, sizeof probe, fmt, copy);
	va_end(copy);
	if (n < 0)
		return;
	reserve(str, (size_t)n);
	vsnprintf(str->s + str->len, (size_t)n + 1, fmt, ap);
	str->len += (size_t)n;
}

void ab_str_addf(struct ab_str *str, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ab_str_vaddf(str, fmt, ap);
	va_end(ap);
}
