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
#include <stdbool.h>

struct ttrt_range_allocator;

/* One per device. lock guards the list, the allocator and every buffer's
 * shape (buffer.c says how the locks nest). */
struct ttrt_buffer_space {
	struct ttrt_device *dev;
	uint64_t dram_bank_size;
	pthread_mutex_t lock;
	struct ttrt_buffer *head, *tail;   /* creation order */
	struct ttrt_range_allocator *dram;
};

/* ---- range allocator (range_alloc.c): the same range in every bank ---- */
/* Free: [base, end); base, end and every range are multiples of align. */
int ttrt_range_allocator_create(uint64_t base, uint64_t end, uint64_t align,
				struct ttrt_range_allocator **out);
void ttrt_range_allocator_destroy(struct ttrt_range_allocator *a);
/* bytes rounded up to the alignment; top_down: from the high end of the
 * highest free range that fits, else from the low end of the lowest. */
int ttrt_range_alloc(struct ttrt_range_allocator *a, uint64_t bytes, bool top_down,
		     uint64_t *addr);
/* Takes exactly [addr, addr + bytes) if it is free. */
int ttrt_range_alloc_at(struct ttrt_range_allocator *a, uint64_t addr, uint64_t bytes);
void ttrt_range_free(struct ttrt_range_allocator *a, uint64_t addr, uint64_t bytes);
uint64_t ttrt_range_largest_free(const struct ttrt_range_allocator *a);

#endif
