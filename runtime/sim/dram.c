/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated DRAM banks, interleaved at a 2 KiB granule, and their
 * written-granule bitmap (see dram.h). Bits are set and cleared with
 * atomic operations: host threads, FUSE threads and the scheduler threads
 * running NOC commands all write DRAM.
 */
#include "dram.h"
#include "simmem.h"

#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define G SIM_DRAM_GRANULE
#define GRANULES_PER_PAGE (SIM_DRAM_PAGE / SIM_DRAM_GRANULE)
#define PAGES_PER_WORD 16u   /* four bits each: two granules, drop, unused */

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* Granules are numbered by host offset: granule g is [g * G, (g + 1) * G). */
static uint64_t granule_of(const struct sim_dram *d, int bank, uint64_t addr)
{
	return sim_dram_offset(d, bank, addr) / G;
}

static uint64_t *word_of(const struct sim_dram *d, uint64_t g)
{
	return &d->written[g / GRANULES_PER_PAGE / PAGES_PER_WORD];
}

static unsigned nibble_of(uint64_t g)
{
	return (unsigned)(g / GRANULES_PER_PAGE % PAGES_PER_WORD) * 4;
}

static uint64_t granule_bit(uint64_t g)
{
	return 1ull << (nibble_of(g) + g % GRANULES_PER_PAGE);
}

/* The other granule of g's host page. */
static uint64_t other_bit(uint64_t g)
{
	return 1ull << (nibble_of(g) + (g + 1) % GRANULES_PER_PAGE);
}

static uint64_t drop_bit(uint64_t g)
{
	return 1ull << (nibble_of(g) + 2);
}

static uint64_t load_word(const uint64_t *word)
{
	return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static int granule_written(const struct sim_dram *d, uint64_t g)
{
	return (load_word(word_of(d, g)) & granule_bit(g)) != 0;
}

/* Wait out a zeroing that is giving g's page back: a write into the page
 * before its drop would be lost. Drops are one page each, and rare. */
static uint64_t wait_drop(const uint64_t *word, uint64_t drop, uint64_t old)
{
	while (old & drop) {
		sched_yield();
		old = load_word(word);
	}
	return old;
}

static void mark_granule(struct sim_dram *d, uint64_t g)
{
	uint64_t *word = word_of(d, g);
	uint64_t bit = granule_bit(g), drop = drop_bit(g);

	/* Most writes land on granules already marked: skip the RMW. */
	if ((load_word(word) & (bit | drop)) == bit)
		return;
	/* Once the bit is set no zeroing of the other granule starts a drop;
	 * one that started before must finish first. */
	wait_drop(word, drop, __atomic_fetch_or(word, bit, __ATOMIC_ACQ_REL));
}

size_t sim_dram_write_span(struct sim_dram *d, int bank, uint64_t addr, size_t len,
			   uint8_t **ptr)
{
	uint64_t off = sim_dram_offset(d, bank, addr);
	size_t span = min_size(len, G - addr % G);

	if (span > 0)
		mark_granule(d, off / G);
	*ptr = d->mem + off;
	return span;
}

size_t sim_dram_read_span(struct sim_dram *d, int bank, uint64_t addr, size_t len,
			  const uint8_t **ptr)
{
	uint64_t off = sim_dram_offset(d, bank, addr), g = off / G;
	size_t span = min_size(len, G - addr % G);
	size_t in_zeros;

	if (granule_written(d, g)) {
		*ptr = d->mem + off;
		return span;
	}
	/* The bank's next granules, wherever the interleave puts them. */
	for (uint64_t a = addr - addr % G + G; span < len; a += G) {
		if (granule_written(d, granule_of(d, bank, a)))
			break;
		span += min_size(len - span, G);
	}
	/* Zero pieces at the host offset's place in the zero region, so that
	 * a buffer's consecutive untouched pages, consecutive in host memory,
	 * merge; a longer run starts at the region's start. */
	in_zeros = (size_t)(off % SIM_DRAM_ZEROS_SIZE);
	if (span > SIM_DRAM_ZEROS_SIZE - in_zeros) {
		in_zeros = 0;
		span = min_size(span, SIM_DRAM_ZEROS_SIZE);
	}
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

void sim_dram_write(struct sim_dram *d, int bank, uint64_t addr, const void *src, size_t len)
{
	const uint8_t *in = src;

	while (len > 0) {
		uint8_t *dst;
		size_t n = sim_dram_write_span(d, bank, addr, len, &dst);

		simmem_move(dst, in, n);    /* in may be L1 (a NOC write) */
		in += n;
		addr += n;
		len -= n;
	}
}

/* Piece by piece through a bounce buffer, each piece within a granule of
 * both sides; backwards when the destination overlaps the source's tail,
 * as memmove. Untouched source granules come as zeros without mapping. */
void sim_dram_copy(struct sim_dram *d, int dst_bank, uint64_t dst_addr, int src_bank,
		   uint64_t src_addr, size_t len)
{
	uint64_t tmp[G / sizeof(uint64_t)];   /* aligned: words stay whole words */
	int down = dst_bank == src_bank && dst_addr > src_addr && dst_addr - src_addr < len;

	while (len > 0) {
		size_t n;

		if (down) {
			n = min_size(min_size(len, (src_addr + len - 1) % G + 1),
				     (dst_addr + len - 1) % G + 1);
			len -= n;
			sim_dram_read(d, src_bank, src_addr + len, tmp, n);
			sim_dram_write(d, dst_bank, dst_addr + len, tmp, n);
			continue;
		}
		n = min_size(min_size(len, G - src_addr % G), G - dst_addr % G);
		sim_dram_read(d, src_bank, src_addr, tmp, n);
		sim_dram_write(d, dst_bank, dst_addr, tmp, n);
		src_addr += n;
		dst_addr += n;
		len -= n;
	}
}

/* A whole granule. Its bit is cleared first: a clear bit reads as zeros
 * whatever the mapping holds. If the page's other granule is clear too,
 * the page goes back to the host under its drop bit; else the granule is
 * zeroed in place. */
static int zero_granule(struct sim_dram *d, uint64_t g)
{
	uint64_t *word = word_of(d, g);
	uint64_t bit = granule_bit(g), other = other_bit(g), drop = drop_bit(g);
	uint64_t old = load_word(word), new;
	uint8_t *page = d->mem + g / GRANULES_PER_PAGE * SIM_DRAM_PAGE;
	int give_back, rc = 0;

	for (;;) {
		if (!(old & bit))
			return 0;   /* reads as zeros already */
		if (old & drop) {
			old = wait_drop(word, drop, old);
			continue;
		}
		give_back = !(old & other);
		new = (old & ~bit) | (give_back ? drop : 0);
		if (__atomic_compare_exchange_n(word, &old, new, 0, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			break;
	}
	if (give_back && madvise(page, SIM_DRAM_PAGE, d->give_back))
		rc = -errno;
	if (!give_back || rc)
		simmem_zero(d->mem + g * G, G);
	if (give_back)
		__atomic_fetch_and(word, ~drop, __ATOMIC_RELEASE);
	return rc;
}

int sim_dram_zero(struct sim_dram *d, int bank, uint64_t addr, uint64_t len)
{
	int rc = 0;

	while (len > 0) {
		uint64_t off = sim_dram_offset(d, bank, addr);
		size_t n = (size_t)(len < G - addr % G ? len : G - addr % G);

		if (n == G) {
			int r = zero_granule(d, off / G);

			if (r && !rc)
				rc = r;
		} else if (granule_written(d, off / G)) {
			/* Part of a granule: only a written one holds anything. */
			simmem_zero(d->mem + off, n);
		}
		addr += n;
		len -= n;
	}
	return rc;
}

int sim_dram_any_written(struct sim_dram *d, int bank, uint64_t addr, uint64_t len)
{
	if (len == 0)
		return 0;
	for (uint64_t row = addr / G; row <= (addr + len - 1) / G; row++)
		if (granule_written(d, granule_of(d, bank, row * G)))
			return 1;
	return 0;
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

static uint64_t bytes_for(int banks, uint64_t bank_size, uint64_t row)
{
	uint64_t rows = (bank_size + row - 1) / row;
	uint64_t bytes = rows * (uint64_t)banks * row;

	return (bytes + SIM_DRAM_PAGE - 1) / SIM_DRAM_PAGE * SIM_DRAM_PAGE;
}

uint64_t sim_dram_shared_bytes(int banks, uint64_t bank_size)
{
	return bytes_for(banks, bank_size, SIM_DRAM_SHARED_ROW);
}

/* The bitmap and the zero region, once mem is mapped. */
static int init_rest(struct sim_dram *d)
{
	uint64_t pages = d->bytes / SIM_DRAM_PAGE;

	/* calloc of this size is a fresh mapping: untouched words cost nothing. */
	d->written = calloc((pages + PAGES_PER_WORD - 1) / PAGES_PER_WORD, sizeof(uint64_t));
	d->zeros = make_zeros();
	if (!d->mem || !d->written || !d->zeros) {
		sim_dram_destroy(d);
		return -ENOMEM;
	}
	return 0;
}

/* Everything but mem: row is a power of two (sim_dram_offset shifts by
 * it); give_back is the madvise that returns a zeroed page's memory. */
static void set_layout(struct sim_dram *d, int banks, uint64_t bank_size, uint64_t row,
		       int give_back)
{
	memset(d, 0, sizeof(*d));
	d->banks = banks;
	d->bank_size = bank_size;
	d->row = row;
	d->row_shift = (unsigned)__builtin_ctzll(row);
	d->give_back = give_back;
	d->bytes = bytes_for(banks, bank_size, row);
}

int sim_dram_init(struct sim_dram *d, int banks, uint64_t bank_size)
{
	set_layout(d, banks, bank_size, G, MADV_DONTNEED);
	d->mem = map_anonymous(d->bytes, MAP_NORESERVE);
	return init_rest(d);
}

int sim_dram_init_shared(struct sim_dram *d, int banks, uint64_t bank_size, int fd,
			 uint64_t offset)
{
	void *p;

	/* MADV_REMOVE punches the hole: the file keeps shared pages. */
	set_layout(d, banks, bank_size, SIM_DRAM_SHARED_ROW, MADV_REMOVE);
	p = mmap(NULL, d->bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd,
		 (off_t)offset);
	d->mem = p == MAP_FAILED ? NULL : p;
	return init_rest(d);
}

void sim_dram_destroy(struct sim_dram *d)
{
	if (d->mem)
		munmap(d->mem, d->bytes);
	if (d->zeros)
		munmap((void *)d->zeros, SIM_DRAM_ZEROS_SIZE);
	free(d->written);
	memset(d, 0, sizeof(*d));
}
