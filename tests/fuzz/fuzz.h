/* fuzz.h - what every fuzz target shares: the libFuzzer entry point and a
 * way to report a broken property (abort, so libFuzzer keeps the input). */
#ifndef AB_FUZZ_H
#define AB_FUZZ_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline _Noreturn void fuzz_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static inline _Noreturn void fuzz_fail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("fuzz property broken: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	abort();
}

#endif
