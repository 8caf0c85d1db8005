/* SPDX-License-Identifier: Apache-2.0
 *
 * The NOC sanitizer (docs/debugging.md, "The NOC sanitizer"): checks a NOC
 * transfer before it moves a byte, and a kernel's own L1 store below the
 * end of the protected regions before it lands, against
 *   - the boot jump, firmware, mailbox and kernel-config regions of a
 *     worker that runs a program, semaphores excepted;
 *   - the pages of a circular buffer the issuing RISC holds (the SDK keeps
 *     them in its globals block, tt/fw_abi.h), for the unpacker's and
 *     packer's tiles too;
 *   - Blackhole's NOC alignment: source and destination equal modulo 16,
 *     modulo 64 for a read from DRAM.
 * A failed check faults the issuing RISC with the reason.
 *
 * The layout comes from the device's ABI profile, as plain numbers
 * (runtime/backend/sim.c fills them in): the simulator depends on nothing
 * above it.
 */
#ifndef TTFS_SIM_NOC_SANITIZE_H
#define TTFS_SIM_NOC_SANITIZE_H

#include "rv32.h"

#include <stddef.h>
#include <stdint.h>

struct sim_chip;
struct sim_core;

struct sim_l1_range {
	uint32_t lo, hi;      /* [lo, hi) */
};

/* Where things are in a worker's L1. */
struct sim_sanitize_map {
	int on;
	struct sim_l1_range boot;             /* the jump to BRISC's firmware at L1 0 */
	struct sim_l1_range firmware[5];      /* brisc, ncrisc, trisc0..2 */
	struct sim_l1_range mailbox, kernel_config;
	/* The part of the mailbox kernels write themselves (DPRINT rings,
	 * profiler buffers). */
	struct sim_l1_range kernel_mailbox;
	/* The go signal: go_messages[*go_index].signal. */
	uint32_t go_index_addr, go_messages_addr, go_msg_size, go_signal, go_entries;
	/* The launch message the firmware runs: launch[*rd_ptr]. */
	uint32_t launch_rd_ptr_addr, launch_addr, launch_msg_size, launch_entries;
	/* Offsets of launch-message fields, and the CB table's shape. */
	uint32_t l_kernel_config_base, l_sem_offset, l_local_cb_offset, l_remote_cb_offset;
	uint32_t l_local_cb_mask, l_local_cb_mask_size, l_min_remote_cb;
	uint32_t num_cbs, local_cb_config_size, remote_cb_config_size;
};

/* Turns the sanitizer on (map->on) or off for every core of the chip.
 * Call before the cores run. */
void sim_sanitize_set(struct sim_chip *chip, const struct sim_sanitize_map *map);

/* One end of a NOC transfer. */
struct sim_noc_end {
	struct sim_core *core;   /* a Tensix core, else NULL (DRAM, the NOC's own bytes) */
	int bank;                /* a DRAM bank, else -1 */
	int reg;                 /* the core's register at addr, not its L1 */
	uint64_t addr;
};

struct sim_noc_xfer {
	struct sim_core *issuer;
	int hart;
	struct sim_noc_end src, dst;
	uint32_t len;
	int read;                /* a read (dst is the issuer's L1) */
};

/* 0 when the transfer may go ahead; else -1 with the reason in why
 * ("4096 bytes from core 1,0 L1 0x37000 to core 0,0 L1 0x3840: ..."). */
int sim_noc_sanitize(const struct sim_noc_xfer *x, char *why, size_t len);

/* sim_tensix.tile_check (ctx the core): the unpacker's read of len bytes
 * at L1 addr in CB cb_id (into 0) must stay within the pages its TRISC
 * waited for, the packer's write (into 1) within those its TRISC
 * reserved; a CB it never waited on or reserved in holds none. 0, or -1
 * with "CB 16 overrun: trisc2 reserved 1 page at ..." in why. */
int sim_sanitize_tile(void *ctx, int hart, uint32_t cb_id, uint32_t addr, uint32_t len, int into,
		      char *why, size_t why_len);

/* rv32_bus.store_check: a kernel's store of size bytes at addr below the
 * protected regions' end (pc says whose: the firmware's are never checked). */
enum rv32_cause sim_sanitize_store(void *ctx, int hart, uint32_t pc, uint32_t addr, unsigned size);

#endif
