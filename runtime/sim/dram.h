/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated DRAM banks: one sparse anonymous mapping for all seven,
 * the banks interleaved in it at a 2 KiB granule, and a bitmap of the
 * granules anything may have written.
 *
 * Layout: bank address addr of bank b is at host offset
 *   (addr / G) * (banks * G) + b * G + addr % G,   G = SIM_DRAM_GRANULE,
 * so the granules of one index ("row") of all banks are adjacent. An
 * interleaved buffer with 2 KiB pages (the default) and a 2 KiB-aligned
 * address, the same in every bank, is one contiguous host range: page i
 * at host offset address * banks + i * G. A 1 MiB read of it is one piece
 * for the kernel, without gathering. A bank's own range is contiguous only
 * within a granule, so every operation here walks granules, and the span
 * helpers stop at a granule's end: callers loop.
 *
 * Reading untouched memory must cost no RAM. A plain load from an
 * untouched page maps the kernel's shared zero page, but a FUSE reply
 * that hands the kernel pointers into the mapping (fuse_reply_iov) makes
 * it pin the pages, and pinning populates them. So every read path asks
 * the bitmap first and serves untouched granules as zeros (memset, or
 * pointers into one small read-only zero region) without touching the
 * mapping.
 *
 * Shared mode (sim_dram_init_shared, for the simulated tt-kmd of the
 * tests): the banks live in a memfd the test double maps TLB windows onto,
 * interleaved by SIM_DRAM_SHARED_ROW (2 MiB, a TLB window) instead of a
 * granule, so every window of a bank is one contiguous range of the file.
 * The bitmap still counts 2 KiB granules; giving a page back punches a
 * hole in the file (MADV_REMOVE), since dropping a shared page would not
 * zero it.
 *
 * Invariant: a granule whose bit is clear reads as zeros in the mapping.
 * Every write path sets the bits of the granules it covers before it
 * writes; only sim_dram_zero() clears bits. A host page holds two
 * granules, of two banks (or of a bank's last and the next row's first):
 * zeroing gives the page back (MADV_DONTNEED) only once both are clear,
 * and holds a per-page drop bit meanwhile, which a writer setting a clear
 * bit waits out, so a write into the other granule is never lost. A write
 * racing a zeroing of the same range leaves either result.
 */
#ifndef TTFS_SIM_DRAM_H
#define TTFS_SIM_DRAM_H

#include <stddef.h>
#include <stdint.h>

#define SIM_DRAM_PAGE 4096u
#define SIM_DRAM_GRANULE 2048u
/* The zero region: the longest zero piece one read can get. */
#define SIM_DRAM_ZEROS_SIZE (1u << 20)
#define SIM_DRAM_SHARED_ROW (2u << 20)
_Static_assert((SIM_DRAM_GRANULE & (SIM_DRAM_GRANULE - 1)) == 0 &&
		       (SIM_DRAM_SHARED_ROW & (SIM_DRAM_SHARED_ROW - 1)) == 0,
	       "sim_dram_offset shifts and masks by the row");

struct sim_dram {
	uint8_t *mem;               /* rows * banks granules, MAP_NORESERVE */
	uint64_t bank_size;
	uint64_t row;               /* interleave unit: SIM_DRAM_GRANULE, or
				     * SIM_DRAM_SHARED_ROW in shared mode */
	unsigned row_shift;         /* log2(row): both are powers of two, and
				     * every DRAM access computes an offset */
	int give_back;              /* madvise advice that zeros a page */
	uint64_t bytes;             /* of mem */
	int banks;
	/* Four bits per host page: its two granules' written bits, and the
	 * drop bit while sim_dram_zero gives the page back. */
	uint64_t *written;
	const uint8_t *zeros;       /* SIM_DRAM_ZEROS_SIZE bytes, read-only */
};

int sim_dram_init(struct sim_dram *d, int banks, uint64_t bank_size);
/* The banks in fd from offset on (shared mode, above); the file must be
 * at least sim_dram_shared_bytes() long from there. */
int sim_dram_init_shared(struct sim_dram *d, int banks, uint64_t bank_size, int fd,
			 uint64_t offset);
uint64_t sim_dram_shared_bytes(int banks, uint64_t bank_size);
void sim_dram_destroy(struct sim_dram *d);

/* The callers check ranges: [addr, addr + len) lies within the bank. */

/* Offset in mem of a bank address. */
static inline uint64_t sim_dram_offset(const struct sim_dram *d, int bank, uint64_t addr)
{
	return ((addr >> d->row_shift) * (uint64_t)d->banks + (uint64_t)bank) << d->row_shift |
	       (addr & (d->row - 1));
}

/* The first piece of [addr, addr + len) for writing, up to the granule's
 * end: marks it written and points *ptr at it. Returns the piece's length,
 * 1..len (0 for len 0, *ptr still set, nothing marked). */
size_t sim_dram_write_span(struct sim_dram *d, int bank, uint64_t addr, size_t len,
			   uint8_t **ptr);
/* The first contiguous piece of [addr, addr + len) for reading: the bank's
 * memory where it was written (up to the granule's end), else the zero
 * region (never write through it), over as many untouched granules as
 * follow. Returns the piece's length, 1..len. */
size_t sim_dram_read_span(struct sim_dram *d, int bank, uint64_t addr, size_t len,
			  const uint8_t **ptr);
/* Copy [addr, addr + len) out, untouched granules as zeros. dst may be
 * simulated memory (L1). */
void sim_dram_read(struct sim_dram *d, int bank, uint64_t addr, void *dst, size_t len);
/* Copy len bytes of src (host or simulated memory) to [addr, addr + len). */
void sim_dram_write(struct sim_dram *d, int bank, uint64_t addr, const void *src, size_t len);
/* Copy between banks (or within one; the ranges may overlap). */
void sim_dram_copy(struct sim_dram *d, int dst_bank, uint64_t dst_addr, int src_bank,
		   uint64_t src_addr, size_t len);
/* Make [addr, addr + len) read as zeros: written granules wholly inside
 * are cleared, and their host page given back once its other granule is
 * clear too; written parts at the edges are zeroed. 0 or -errno. */
int sim_dram_zero(struct sim_dram *d, int bank, uint64_t addr, uint64_t len);
/* Whether any granule of [addr, addr + len) counts as written (for tests). */
int sim_dram_any_written(struct sim_dram *d, int bank, uint64_t addr, uint64_t len);

#endif
