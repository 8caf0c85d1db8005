/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated DRAM banks: one sparse anonymous mapping for all seven,
 * and a bitmap of the 4 KiB host pages anything may have written.
 *
 * Reading untouched memory must cost no RAM. A plain load from an
 * untouched page maps the kernel's shared zero page, but a FUSE reply
 * that hands the kernel pointers into the mapping (fuse_reply_iov) makes
 * it pin the pages, and pinning populates them. So every read path asks
 * the bitmap first and serves untouched pages as zeros (memset, or
 * pointers into one small read-only zero region) without touching the
 * mapping.
 *
 * Invariant: a page whose bit is clear reads as zeros in the mapping.
 * Every write path sets the bits of the pages it covers before it writes;
 * only sim_dram_zero() clears bits, and it clears them before it drops the
 * pages. A write racing a zeroing of the same range leaves either result.
 */
#ifndef TTFS_SIM_DRAM_H
#define TTFS_SIM_DRAM_H

#include <stddef.h>
#include <stdint.h>

#define SIM_DRAM_PAGE 4096u
/* The zero region: the longest zero piece one read can get. */
#define SIM_DRAM_ZEROS_SIZE (1u << 20)

struct sim_dram {
	uint8_t *mem;               /* banks * bank_size bytes, MAP_NORESERVE */
	uint64_t bank_size;
	int banks;
	uint64_t *written;          /* one bit per SIM_DRAM_PAGE of mem */
	const uint8_t *zeros;       /* SIM_DRAM_ZEROS_SIZE bytes, read-only */
};

int sim_dram_init(struct sim_dram *d, int banks, uint64_t bank_size);
void sim_dram_destroy(struct sim_dram *d);

/* The callers check ranges: [addr, addr + len) lies within the bank. */

/* Host memory of a bank address, for writing: call sim_dram_mark first. */
static inline uint8_t *sim_dram_ptr(struct sim_dram *d, int bank, uint64_t addr)
{
	return d->mem + (size_t)bank * d->bank_size + addr;
}

/* Note [addr, addr + len) as written; call it before writing the bytes. */
void sim_dram_mark(struct sim_dram *d, int bank, uint64_t addr, size_t len);
/* The first contiguous piece of [addr, addr + len) for reading: the bank's
 * memory where it was written, else the zero region (never write through
 * it). Returns the piece's length, 1..len. */
size_t sim_dram_read_span(struct sim_dram *d, int bank, uint64_t addr, size_t len,
			  const uint8_t **ptr);
/* Copy [addr, addr + len) out, untouched pages as zeros. */
void sim_dram_read(struct sim_dram *d, int bank, uint64_t addr, void *dst, size_t len);
/* Make [addr, addr + len) read as zeros, returning whole pages to the host
 * (MADV_DONTNEED) and clearing the partial pages at the edges. 0 or -errno. */
int sim_dram_zero(struct sim_dram *d, int bank, uint64_t addr, uint64_t len);
/* Whether any page of [addr, addr + len) counts as written (for tests). */
int sim_dram_any_written(struct sim_dram *d, int bank, uint64_t addr, uint64_t len);

#endif
