/* SPDX-License-Identifier: Apache-2.0
 *
 * DRAM allocator for interleaved buffers. An interleaved buffer takes the
 * same address range in every bank, so one allocator over [0x800, bank
 * size) serves all seven banks. First fit over a sorted list of free
 * ranges; adjacent ranges merge on free. Callers hold the device's
 * buffer space's lock.
 *
 * Ranges come in 2 KiB units (TTRT_DRAM_ALLOC_ALIGNMENT): the simulator
 * lays the banks out at that granule, so a buffer of 2 KiB pages at a
 * 2 KiB-aligned address is one contiguous host range. Kernels compute
 * page addresses from the address they are given (pages 64-byte aligned,
 * as tt-metal's address generators), so any base works for them.
 */
#include "buffer/buffer_internal.h"

#include <errno.h>
#include <stdlib.h>

struct free_range {
	uint64_t start, len;
	struct free_range *next;
};

struct ttrt_dram_allocator {
	struct free_range *free;   /* sorted by start */
};

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

int ttrt_dram_allocator_create(uint64_t bank_size, struct ttrt_dram_allocator **out)
{
	struct ttrt_dram_allocator *a = calloc(1, sizeof(*a));
	struct free_range *r = calloc(1, sizeof(*r));

	if (!a || !r) {
		free(a);
		free(r);
		return -ENOMEM;
	}
	r->start = TTRT_DRAM_ALLOC_BASE;
	r->len = bank_size - TTRT_DRAM_ALLOC_BASE;
	a->free = r;
	*out = a;
	return 0;
}

void ttrt_dram_allocator_destroy(struct ttrt_dram_allocator *a)
{
	if (!a)
		return;
	while (a->free) {
		struct free_range *next = a->free->next;
		free(a->free);
		a->free = next;
	}
	free(a);
}

int ttrt_dram_alloc(struct ttrt_dram_allocator *a, uint64_t bytes, uint64_t *addr)
{
	struct free_range **link;

	if (bytes == 0)
		return -EINVAL;
	bytes = align_up(bytes, TTRT_DRAM_ALLOC_ALIGNMENT);
	for (link = &a->free; *link; link = &(*link)->next) {
		struct free_range *r = *link;
		if (r->len < bytes)
			continue;
		*addr = r->start;
		r->start += bytes;
		r->len -= bytes;
		if (r->len == 0) {
			*link = r->next;
			free(r);
		}
		return 0;
	}
	return -ENOSPC;
}

int ttrt_dram_alloc_at(struct ttrt_dram_allocator *a, uint64_t addr, uint64_t bytes)
{
	bytes = align_up(bytes, TTRT_DRAM_ALLOC_ALIGNMENT);
	for (struct free_range **link = &a->free; *link; link = &(*link)->next) {
		struct free_range *r = *link, *tail;
		if (addr < r->start || addr - r->start > r->len || bytes > r->len - (addr - r->start))
			continue;
		if (addr + bytes < r->start + r->len) {
			/* Keep the part after the range as its own free range. */
			tail = calloc(1, sizeof(*tail));
			if (!tail)
				return -ENOMEM;
			tail->start = addr + bytes;
			tail->len = r->start + r->len - tail->start;
			tail->next = r->next;
			r->next = tail;
		}
		r->len = addr - r->start;
		if (r->len == 0) {
			*link = r->next;
			free(r);
		}
		return 0;
	}
	return -ENOSPC;
}

void ttrt_dram_free(struct ttrt_dram_allocator *a, uint64_t addr, uint64_t bytes)
{
	struct free_range **link = &a->free, *prev = NULL, *r;

	bytes = align_up(bytes, TTRT_DRAM_ALLOC_ALIGNMENT);
	while (*link && (*link)->start < addr) {
		prev = *link;
		link = &(*link)->next;
	}
	if (prev && prev->start + prev->len == addr) {
		prev->len += bytes;
		r = prev;
	} else {
		r = calloc(1, sizeof(*r));
		if (!r)
			return;   /* the range leaks, but nothing is corrupted */
		r->start = addr;
		r->len = bytes;
		r->next = *link;
		*link = r;
	}
	if (r->next && r->start + r->len == r->next->start) {
		struct free_range *n = r->next;
		r->len += n->len;
		r->next = n->next;
		free(n);
	}
}

uint64_t ttrt_dram_allocator_largest_free(const struct ttrt_dram_allocator *a)
{
	uint64_t best = 0;

	for (const struct free_range *r = a->free; r; r = r->next)
		if (r->len > best)
			best = r->len;
	return best;
}
