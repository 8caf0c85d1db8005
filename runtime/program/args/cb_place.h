/* SPDX-License-Identifier: Apache-2.0
 *
 * Where a program's circular buffers live in L1: each [cb.*] section gets
 * one address on all of its cores, as tt-metal's CB allocator gives one
 * (program-model.md §3.3): sections in file order (tt-metal's creation
 * order), each at the lowest 64-byte-aligned address above every CB
 * already placed on any of its cores, from the bottom of the CB space
 * up. A section whose memory is given (fixed) is not allocated: it takes
 * that address, as tt-metal's globally allocated CBs skip its allocator.
 */
#ifndef TTRT_PROGRAM_CB_PLACE_H
#define TTRT_PROGRAM_CB_PLACE_H

#include "program/args/args.h"

#include <stdint.h>

/* CBs start 64-byte aligned (tt-metal aligns them to its DRAM
 * alignment), so a page can take a DRAM read. */
#define PROG_CB_ALIGN 64u

/* The section that did not fit: its index in prog_args.cb, a core where
 * it passes the end, and the end it would need. */
struct prog_cb_overflow {
	uint32_t cb;
	struct ttrt_xy core;
	uint64_t end;
};

/* A section's memory given from elsewhere (an L1 buffer): its address on
 * every core of the section. */
struct prog_cb_fixed {
	bool fixed;
	uint32_t addr;
};

/* Places a's sections between base and end: addr[i] for a->cb[i].
 * fixed may be NULL (none given), else has a->n_cbs entries. 0, -ENOSPC
 * (why filled) or -ENOMEM. */
int prog_cb_place(const struct prog_args *a, uint32_t base, uint32_t end,
		  const struct prog_cb_fixed *fixed, uint32_t *addr, struct prog_cb_overflow *why);

#endif /* TTRT_PROGRAM_CB_PLACE_H */
