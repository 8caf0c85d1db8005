/* SPDX-License-Identifier: Apache-2.0
 *
 * Allocator of address ranges, the same in every bank: an interleaved
 * buffer takes the same range in every DRAM bank, and any L1 buffer the
 * same range in every core's L1, as tt-metal's banking allocator reserves
 * them in lockstep (reference/program-model.md §5.3). A sorted list of
 * free ranges; adjacent ranges merge on free. Bottom-up takes the first
 * range that fits from the low end (DRAM), top-down the highest range
 * that fits from its high end (L1: buffers grow down from the top while
 * the CBs grow up from the bottom). Callers hold the buffer space's lock.
 *
 * Ranges come in units of the allocator's alignment. DRAM's is 2 KiB
 * (TTRT_DRAM_ALLOC_ALIGNMENT): the simulator lays the banks out at that
 * granule, so a buffer of 2 KiB pages at a 2 KiB-aligned address is one
 * contiguous host range. Kernels compute page addresses from the address
 * they are given, so any aligned base works for them.
 */
#include "buffer/buffer_internal.h"

#include <errno.h>
#include <stdlib.h>

struct free_range {
	uint64_t start, len;
	struct free_range *next;
};

struct ttrt_range_allocator {
	uint64_t align;
	struct free_range *free;   /* sorted by start */
};

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

int ttrt_range_allocator_create(uint64_t base, uint64_t end, uint64_t align,
				struct ttrt_range_allocator **out)
{
	struct ttrt_range_allocator *a;
	struct free_range *r;

	if (align == 0 || base % align || end % align || end <= base)
		return -EINVAL;
	a = calloc(1, sizeof(*a));
	r = calloc(1, sizeof(*r));
	if (!a || !r) {
		free(a);
		free(r);
		return -ENOMEM;
	}
	r->start = base;
	r->len = end - base;
	a->align = align;
	a->free = r;
	*out = a;
	return 0;
}

void ttrt_range_allocator_destroy(struct ttrt_range_allocator *a)
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

/* Takes bytes from the low or the high end of the free range at *link. */
static void take(struct free_range **link, uint64_t bytes, bool top_down, uint64_t *addr)
{
	struct free_range *r = *link;

	if (top_down) {
		*addr = r->start + r->len - bytes;
	} else {
		*addr = r->start;
		r->start += bytes;
	}
	r->len -= bytes;
	if (r->len == 0) {
		*link = r->next;
		free(r);
	}
}

int ttrt_range_alloc(struct ttrt_range_allocator *a, uint64_t bytes, bool top_down,
		     uint64_t *addr)
{
	struct free_range **found = NULL;

	if (bytes == 0 || bytes > UINT64_MAX - a->align)
		return bytes ? -ENOSPC : -EINVAL;
	bytes = align_up(bytes, a->align);
	for (struct free_range **link = &a->free; *link; link = &(*link)->next) {
		if ((*link)->len < bytes)
			continue;
		found = link;
		if (!top_down)
			break;   /* the first that fits; top-down goes on to the last */
	}
	if (!found)
		return -ENOSPC;
	take(found, bytes, top_down, addr);
	return 0;
}

int ttrt_range_alloc_at(struct ttrt_range_allocator *a, uint64_t addr, uint64_t bytes)
{
	bytes = align_up(bytes, a->align);
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

void ttrt_range_free(struct ttrt_range_allocator *a, uint64_t addr, uint64_t bytes)
{
	struct free_range **link = &a->free, *prev = NULL, *r;

	bytes = align_up(bytes, a->align);
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

uint64_t ttrt_range_largest_free(const struct ttrt_range_allocator *a)
{
	uint64_t best = 0;

	for (const struct free_range *r = a->free; r; r = r->next)
		if (r->len > best)
			best = r->len;
	return best;
}
