/* SPDX-License-Identifier: Apache-2.0
 *
 * A seeded xorshift64 generator for unit tests: the same sequence on every
 * run and machine, so a failing case can be replayed, unlike rand().
 */
#ifndef TTFS_TEST_RNG_H
#define TTFS_TEST_RNG_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t test_rng_next(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* n bytes from the generator, each OR-ed with `or_mask` (1: never zero). */
static inline void test_rng_fill(uint64_t *state, uint8_t *p, size_t n, uint8_t or_mask)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(test_rng_next(state) >> 24) | or_mask;
}

#endif
