/* SPDX-License-Identifier: Apache-2.0
 *
 * Shared by the files of runtime/buffer/: the buffer space and the DRAM
 * allocator.
 */
#ifndef TTRT_BUFFER_INTERNAL_H
#define TTRT_BUFFER_INTERNAL_H

#include "buffer/buffer_space.h"
#include "runtime_internal.h"

#include <pthread.h>

struct ttrt_dram_allocator;

/* One per device. lock guards the list, the allocator and every buffer's
 * shape (buffer.c says how the locks nest). */
struct ttrt_buffer_space {
	struct ttrt_device *dev;
	uint64_t dram_bank_size;
	pthread_mutex_t lock;
	struct ttrt_buffer *head, *tail;   /* creation order */
	struct ttrt_dram_allocator *dram;
};

/* ---- DRAM allocator: ranges of bank address, the same in all banks ---- */
int ttrt_dram_allocator_create(uint64_t bank_size, struct ttrt_dram_allocator **out);
void ttrt_dram_allocator_destroy(struct ttrt_dram_allocator *a);
int ttrt_dram_alloc(struct ttrt_dram_allocator *a, uint64_t bytes, uint64_t *addr);
/* Takes exactly [addr, addr + bytes) if it is free. */
int ttrt_dram_alloc_at(struct ttrt_dram_allocator *a, uint64_t addr, uint64_t bytes);
void ttrt_dram_free(struct ttrt_dram_allocator *a, uint64_t addr, uint64_t bytes);
uint64_t ttrt_dram_allocator_largest_free(const struct ttrt_dram_allocator *a);

#endif
