/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated DRAM banks and their written-page bitmap (see dram.h).
 * Bits are set and cleared with atomic operations: host threads, FUSE
 * threads and the scheduler threads running NOC commands all write DRAM.
 */
#include "dram.h"
#include "simmem.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define PAGE_SHIFT 12
#define WORD_BITS 64

static uint64_t offset_of(const struct sim_dram *d, int bank, uint64_t addr)
{
	return (uint64_t)bank * d->bank_size + addr;
}

static uint64_t load_word(const struct sim_dram *d, uint64_t w)
{
	return __atomic_load_n(&d->written[w], __ATOMIC_ACQUIRE);
}

static int page_written(const struct sim_dram *d, uint64_t page)
{
	return (int)(load_word(d, page / WORD_BITS) >> (page % WORD_BITS) & 1);
}

/* Bits [first, first + n) of one word, n >= 1. */
static uint64_t bit_mask(unsigned first, unsigned n)
{
	return (n == WORD_BITS ? ~0ull : (1ull << n) - 1) << first;
}

/* Apply fn to the bits of pages [first, end), one word at a time. */
static void for_each_word(struct sim_dram *d, uint64_t first, uint64_t end, int set)
{
	while (first < end) {
		unsigned bit = (unsigned)(first % WORD_BITS);
		uint64_t n = WORD_BITS - bit;
		uint64_t *word = &d->written[first / WORD_BITS];
		uint64_t mask;

		if (n > end - first)
			n = end - first;
		mask = bit_mask(bit, (unsigned)n);
		if (set) {
			/* Most writes land on pages already marked: skip the RMW. */
			if ((__atomic_load_n(word, __ATOMIC_RELAXED) & mask) != mask)
				__atomic_fetch_or(word, mask, __ATOMIC_ACQ_REL);
		} else {
			__atomic_fetch_and(word, ~mask, __ATOMIC_ACQ_REL);
		}
		first += n;
	}
}

void sim_dram_mark(struct sim_dram *d, int bank, uint64_t addr, size_t len)
{
	uint64_t off = offset_of(d, bank, addr);

	if (len > 0)
		for_each_word(d, off >> PAGE_SHIFT, ((off + len - 1) >> PAGE_SHIFT) + 1, 1);
}

/* The first page at or after page whose bit differs from want, or end. */
static uint64_t run_end(const struct sim_dram *d, uint64_t page, uint64_t end, int want)
{
	while (page < end) {
		unsigned bit = (unsigned)(page % WORD_BITS);
		uint64_t w = load_word(d, page / WORD_BITS);
		/* Ones where a page differs from want, from this page on. */
		uint64_t diff = (want ? ~w : w) >> bit;

		if (diff) {
			uint64_t at = page + (uint64_t)__builtin_ctzll(diff);
			return at < end ? at : end;
		}
		page += WORD_BITS - bit;
	}
	return end;
}

size_t sim_dram_read_span(struct sim_dram *d, int bank, uint64_t addr, size_t len,
			  const uint8_t **ptr)
{
	uint64_t off = offset_of(d, bank, addr);
	uint64_t first = off >> PAGE_SHIFT, last = (off + len - 1) >> PAGE_SHIFT;
	int written = page_written(d, first);
	uint64_t stop = run_end(d, first + 1, last + 1, written) << PAGE_SHIFT;
	size_t span = stop - off < len ? (size_t)(stop - off) : len;
	size_t in_zeros = (size_t)(off % SIM_DRAM_ZEROS_SIZE);

	if (written) {
		*ptr = d->mem + off;
		return span;
	}
	/* Consecutive zero pieces of a bank are consecutive in the zero region,
	 * so a caller can merge them. */
	if (span > SIM_DRAM_ZEROS_SIZE - in_zeros)
		span = SIM_DRAM_ZEROS_SIZE - in_zeros;
	*ptr = d->zeros + in_zeros;
	return span;
}

void sim_dram_read(struct sim_dram *d, int bank, uint64_t addr, void *dst, size_t len)
{
	uint8_t *out = dst;

	while (len > 0) {
		const uint8_t *src;
		size_t n = sim_dram_read_span(d, bank, addr, len, &src);

		simmem_move(out, src, n);   /* out may be L1 (a NOC read) */
		out += n;
		addr += n;
		len -= n;
	}
}

/* Part of one page: only a written page can hold anything but zeros. */
static void zero_partial(struct sim_dram *d, uint64_t off, uint64_t len)
{
	if (len > 0 && page_written(d, off >> PAGE_SHIFT))
		simmem_zero(d->mem + off, len);
}

int sim_dram_zero(struct sim_dram *d, int bank, uint64_t addr, uint64_t len)
{
	uint64_t off = offset_of(d, bank, addr), end = off + len;
	uint64_t head_end = (off + SIM_DRAM_PAGE - 1) / SIM_DRAM_PAGE * SIM_DRAM_PAGE;
	uint64_t tail = end / SIM_DRAM_PAGE * SIM_DRAM_PAGE;
	/* [off, split) and [whole_end, end) are parts of one page each; the
	 * whole pages between them, if any, are given back. */
	uint64_t split = head_end < end ? head_end : end;
	uint64_t whole_end = tail > split ? tail : split;

	zero_partial(d, off, split - off);
	zero_partial(d, whole_end, end - whole_end);
	if (whole_end == split)
		return 0;
	/* Clear the bits first: a page whose bit is clear must read as zeros,
	 * and once dropped it does. */
	for_each_word(d, split >> PAGE_SHIFT, whole_end >> PAGE_SHIFT, 0);
	if (madvise(d->mem + split, whole_end - split, MADV_DONTNEED))
		return -errno;
	return 0;
}

int sim_dram_any_written(struct sim_dram *d, int bank, uint64_t addr, uint64_t len)
{
	uint64_t off = offset_of(d, bank, addr);
	uint64_t first = off >> PAGE_SHIFT, end = ((off + len - 1) >> PAGE_SHIFT) + 1;

	return len > 0 && run_end(d, first, end, 0) < end;
}

static void *map_anonymous(size_t bytes, int flags)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | flags,
		       -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* Real pages of zeros: the kernel may pin them for a reply, and pinning
 * the shared zero page would populate a page per pin. Read-only, so a
 * write through a read piece faults instead of corrupting every read. */
static uint8_t *make_zeros(void)
{
	uint8_t *z = map_anonymous(SIM_DRAM_ZEROS_SIZE, 0);

	if (!z)
		return NULL;
	memset(z, 0, SIM_DRAM_ZEROS_SIZE);   /* populates: a write fault per page */
	if (mprotect(z, SIM_DRAM_ZEROS_SIZE, PROT_READ)) {
		munmap(z, SIM_DRAM_ZEROS_SIZE);
		return NULL;
	}
	return z;
}

int sim_dram_init(struct sim_dram *d, int banks, uint64_t bank_size)
{
	uint64_t bytes = (uint64_t)banks * bank_size;
	uint64_t pages = (bytes + SIM_DRAM_PAGE - 1) / SIM_DRAM_PAGE;

	memset(d, 0, sizeof(*d));
	d->banks = banks;
	d->bank_size = bank_size;
	d->mem = map_anonymous(bytes, MAP_NORESERVE);
	/* calloc of this size is a fresh mapping: untouched words cost nothing. */
	d->written = calloc((pages + WORD_BITS - 1) / WORD_BITS, sizeof(uint64_t));
	d->zeros = make_zeros();
	if (!d->mem || !d->written || !d->zeros) {
		sim_dram_destroy(d);
		return -ENOMEM;
	}
	return 0;
}

void sim_dram_destroy(struct sim_dram *d)
{
	if (d->mem)
		munmap(d->mem, (size_t)d->banks * d->bank_size);
	if (d->zeros)
		munmap((void *)d->zeros, SIM_DRAM_ZEROS_SIZE);
	free(d->written);
	memset(d, 0, sizeof(*d));
}
