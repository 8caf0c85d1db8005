/* SPDX-License-Identifier: Apache-2.0
 *
 * Barrier checks (docs/debugging.md, "Barrier checks and strict NOC mode").
 *
 * The NOC model completes a transfer when it is issued, so the NIU
 * counters a barrier compares are always current. What a kernel may rely
 * on is less: a transfer is done for the RISC that issued it only once a
 * barrier or flush of that RISC has read the matching counter. So per RISC
 * and NOC the simulator counts the reads, non-posted and posted writes
 * issued since the last such read (a barrier reads its counter at least
 * once, and in the simulator the first read already sees it equal), and
 * keeps where the reads go in the core's own L1. With that it faults the
 * RISC that
 *   - pushes CB pages (a store to tiles_received) that an unobserved read
 *     writes into;
 *   - signals a semaphore (a NOC atomic, or a NOC write into the
 *     semaphores of its launch) with a write not yet flushed;
 *   - returns from its kernel (the firmware writes TT_SIM_KERNEL_DONE)
 *     with a read or write not observed.
 * Everything runs on the core's own thread; the fast paths test one word.
 */
#ifndef TTFS_SIM_NOC_TRACK_H
#define TTFS_SIM_NOC_TRACK_H

#include "rv32.h"

#include <stdbool.h>
#include <stdint.h>

struct sim_core;
struct sim_noc_strict;

/* Read destinations kept per NOC; more reads are counted, not placed. */
#define SIM_NOC_TRACK_READS 16

enum sim_noc_kind { SIM_NOC_READ, SIM_NOC_WRITE, SIM_NOC_POSTED, SIM_NOC_KINDS };

struct sim_noc_read_dst {
	uint32_t addr, len, pc;
};

/* One NOC of one RISC: what it issued that no barrier has observed. */
struct sim_noc_unseen {
	uint32_t count[SIM_NOC_KINDS];
	uint32_t last_pc[SIM_NOC_KINDS];
	uint32_t n_reads;
	struct sim_noc_read_dst reads[SIM_NOC_TRACK_READS];
};

struct sim_noc_track {
	uint32_t outstanding;            /* sum of every count: the fast path */
	struct sim_noc_unseen noc[2];
	/* A fault found at the kernel's end is shown at the PC that issued
	 * the transfer, not at the firmware's store. */
	bool fault_pc_set;
	uint32_t fault_pc;
	struct sim_noc_strict *strict;   /* strict mode's transfers in flight */
};

/* A NOC transfer the hart issued, after it succeeded. dst_core is the
 * core whose L1 a read lands in (NULL otherwise). */
void sim_noc_track_issue(struct sim_core *core, int hart, int noc, enum sim_noc_kind kind,
			 const struct sim_core *dst_core, uint32_t addr, uint32_t len);
/* The hart loaded NIU status counter index of noc: a barrier or flush. */
void sim_noc_track_observe(struct sim_core *core, int hart, int noc, uint32_t index);
/* Before a transfer that may signal a semaphore: an atomic (l1_addr -1),
 * or a write to L1 address l1_addr of a Tensix core, a signal when that is
 * one of the semaphores of the hart's launch. RV32_OK, or a fault with
 * its detail written. */
enum rv32_cause sim_noc_check_signal(struct sim_core *core, int hart, int noc, const char *what,
				     int64_t l1_addr);
/* Before the hart stores value to stream's tiles_received (cb_push_back). */
enum rv32_cause sim_noc_check_push(struct sim_core *core, int hart, uint32_t stream,
				   uint32_t value);
/* The firmware's mark that the hart's kernel returned. */
enum rv32_cause sim_noc_kernel_done(struct sim_core *core, int hart);
/* The hart faulted, was reset or is parked: whatever it has in flight
 * lands (strict mode). forget also drops the counts. */
void sim_noc_track_settle(struct sim_core *core, int hart, bool forget);

#endif
