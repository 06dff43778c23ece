/* rng.h - abtrace's own pseudo-random numbers (splitmix64).
 *
 * Random orders and random practice trees must come out the same for the
 * same seed on every machine, compiler and C library, so abtrace never uses
 * rand(): this generator is specified bit for bit.
 */
#ifndef AB_RNG_H
#define AB_RNG_H

#include <stdint.h>

struct ab_rng {
	uint64_t state;
};

static inline void ab_rng_seed(struct ab_rng *rng, uint64_t seed)
{
	rng->state = seed;
}

static inline uint64_t ab_rng_next(struct ab_rng *rng)
{
	uint64_t z = (rng->state += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* A uniform integer in [0, bound), bound > 0, without modulo bias. */
static inline uint64_t ab_rng_below(struct ab_rng *rng, uint64_t bound)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
	uint64_t x;
	do
		x = ab_rng_next(rng);
	while (x >= limit);
	return x % bound;
}

#endif
