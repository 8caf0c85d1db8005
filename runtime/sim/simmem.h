/* SPDX-License-Identifier: Apache-2.0
 *
 * Access to simulated memory (L1 and DRAM) from the host and the NOC.
 *
 * Harts, the NOC and the host touch the same simulated bytes from
 * different threads at once, as agents do on silicon, so every access is
 * atomic and none is a data race:
 *   - a naturally aligned access of 1, 2, 4 or 8 bytes is one access,
 *     acquire for a load and release for a store. Protocol words (the go
 *     signal, semaphores, sync bytes) move this way, so the bytes written
 *     before a flag are visible to whoever sees the flag. The harts load
 *     and store L1 the same way (rv32/exec.c);
 *   - anything larger is copied one relaxed word at a time: a reader may
 *     see a region half-written, as it would on the card, but each word
 *     is whole.
 * Only the simulated side needs this; the host side is ordinary memory.
 */
#ifndef TTFS_SIM_SIMMEM_H
#define TTFS_SIM_SIMMEM_H

#include <stddef.h>
#include <stdint.h>

/* [src, src + len) of simulated memory into host memory dst. */
void simmem_read(void *dst, const uint8_t *src, size_t len);
/* Host memory src into [dst, dst + len) of simulated memory. */
void simmem_write(uint8_t *dst, const void *src, size_t len);
/* From simulated memory to simulated memory (the NOC); the ranges may overlap. */
void simmem_move(uint8_t *dst, const uint8_t *src, size_t len);
/* Zeros into [dst, dst + len) of simulated memory. */
void simmem_zero(uint8_t *dst, size_t len);

#endif
