/* SPDX-License-Identifier: Apache-2.0 */
/* algos.h - routines compiled both for the host and for rv32; the tests
 * compare the interpreter's results with the host's. */
#ifndef TTFS_RV32_ALGOS_H
#define TTFS_RV32_ALGOS_H
#include <stdint.h>

uint32_t alg_crc32(const uint8_t *p, uint32_t n);
void alg_sort(int32_t *a, uint32_t n);
void *alg_memcpy(void *dst, const void *src, uint32_t n);
uint32_t alg_mix(uint32_t seed, uint32_t n);
void alg_fill(uint8_t *p, uint32_t n, uint32_t seed);
#endif
