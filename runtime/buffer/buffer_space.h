/* SPDX-License-Identifier: Apache-2.0
 *
 * What the device knows of its buffers: it makes their space at open and
 * frees it at close. Everything else about buffers is in ttrt.h; the
 * buffers reach the device only through its memory access
 * (device_memory.c), so the device and the buffers do not depend on each
 * other both ways.
 */
#ifndef TTRT_BUFFER_SPACE_H
#define TTRT_BUFFER_SPACE_H

#include <stdint.h>

struct ttrt_device;
struct ttrt_buffer_space;

/* The buffers of dev: an empty list, DRAM banks of dram_bank_size
 * bytes, all free above TTRT_DRAM_ALLOC_BASE, and the cores' L1 free in
 * [l1_base, l1_end) (the kernels' region: L1 buffers are placed from its
 * top down). */
int ttrt_buffer_space_create(struct ttrt_device *dev, uint64_t dram_bank_size, uint64_t l1_base,
			     uint64_t l1_end, struct ttrt_buffer_space **out);
/* Deletes every buffer, pinned or not (the programs have stopped), and
 * frees the space. NULL: nothing. */
void ttrt_buffer_space_destroy(struct ttrt_buffer_space *space);
/* Deletes every buffer, pinned or not; the space stays usable. */
void ttrt_buffers_destroy_all(struct ttrt_device *dev);

#endif
