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
 *     with a read, write or non-posted atomic not observed;
 *   - stores into one of its semaphores while a write it issued from that
 *     semaphore is not flushed (on a card the write may carry the new
 *     value).
 * A transaction-id barrier observes only the transfers of its id.
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
/* Writes from the RISC's own semaphores kept per NOC. */
#define SIM_NOC_TRACK_SEM_SOURCES 4
/* Transaction ids (a command buffer's PACKET_TAG). */
#define SIM_NOC_TRIDS 16

/* Atomics: the non-posted ones, which noc_async_atomic_barrier waits for. */
enum sim_noc_kind { SIM_NOC_READ, SIM_NOC_WRITE, SIM_NOC_POSTED, SIM_NOC_ATOMIC, SIM_NOC_KINDS };

/* Where a read lands in the RISC's own L1, or where a write from one of
 * its semaphores takes its bytes. */
struct sim_noc_range {
	uint32_t addr, len, pc;
	uint8_t kind, trid;
};

/* One NOC of one RISC: what it issued that no barrier has observed, by
 * kind and transaction id; the last one's pc and sequence number per id. */
struct sim_noc_unseen {
	uint32_t count[SIM_NOC_KINDS];
	uint16_t by_trid[SIM_NOC_KINDS][SIM_NOC_TRIDS];
	uint32_t pc[SIM_NOC_KINDS][SIM_NOC_TRIDS];
	uint32_t seq[SIM_NOC_KINDS][SIM_NOC_TRIDS];
	uint32_t n_reads, n_sem_sources;
	struct sim_noc_range reads[SIM_NOC_TRACK_READS];
	struct sim_noc_range sem_sources[SIM_NOC_TRACK_SEM_SOURCES];
};

struct sim_noc_track {
	uint32_t outstanding;            /* sum of every count: the fast path */
	uint32_t seq;                    /* transfers issued, for the last one's pc */
	struct sim_noc_unseen noc[2];
	/* A fault found at the kernel's end is shown at the PC that issued
	 * the transfer, not at the firmware's store. */
	bool fault_pc_set;
	uint32_t fault_pc;
	struct sim_noc_strict *strict;   /* strict mode's transfers in flight */
};

/* A NOC transfer the hart issued with transaction id trid, after it
 * succeeded. mem_core is the core whose L1 at [addr, addr + len) a read
 * lands in or a write takes its bytes from (NULL: none). */
void sim_noc_track_issue(struct sim_core *core, int hart, int noc, enum sim_noc_kind kind,
			 unsigned trid, const struct sim_core *mem_core, uint32_t addr,
			 uint32_t len);
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
/* Before the hart's own store of size bytes at L1 addr (a kernel's, below
 * the sanitizer's floor): a store into a semaphore that a write not yet
 * flushed takes its bytes from faults. */
enum rv32_cause sim_noc_check_sem_store(struct sim_core *core, int hart, uint32_t addr,
					unsigned size);
/* The firmware's mark that the hart's kernel returned. */
enum rv32_cause sim_noc_kernel_done(struct sim_core *core, int hart);
/* The hart faulted, was reset or is parked: whatever it has in flight
 * lands (strict mode). forget also drops the counts. */
void sim_noc_track_settle(struct sim_core *core, int hart, bool forget);

#endif
