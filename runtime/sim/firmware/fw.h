/* SPDX-License-Identifier: Apache-2.0
 *
 * ttfs firmware for the five RISCs of a simulated Tensix core: shared
 * helpers. The firmware speaks tt-metal's slow-dispatch mailbox protocol
 * (go / launch / done, subordinate sync) over the pinned L1 map in
 * tt/l1_map.h, and hands kernels their state through tt/fw_abi.h.
 *
 * Mailbox structs are packed, so fields are reached through explicit
 * aligned loads and stores (L1_U32 & co.) rather than struct members, which
 * the compiler would split into byte accesses.
 */
#ifndef TTFS_FW_H
#define TTFS_FW_H

#include <stddef.h>
#include <stdint.h>

#include "tt/fw_abi.h"
#include "tt/l1_map.h"

#define L1_U32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))
#define L1_U16(addr) (*(volatile uint16_t *)(uintptr_t)(addr))
#define L1_U8(addr)  (*(volatile uint8_t *)(uintptr_t)(addr))
#define LAUNCH_FIELD(launch, field) ((launch) + offsetof(struct tt_launch_msg, field))
#define REG32(addr) L1_U32(addr)   /* a memory-mapped register */
#define FW TT_FW_GLOBALS

#define HART_BRISC  0
#define HART_NCRISC 1
#define HART_TRISC0 2
#define HART_TRISC1 3
#define HART_TRISC2 4

/* Address of the launch message the host filled in for this run. */
static inline uint32_t current_launch(void)
{
	return TT_MEM_LAUNCH + (L1_U32(TT_MEM_LAUNCH_RD_PTR) & (TT_LAUNCH_RING_ENTRIES - 1)) *
				       (uint32_t)sizeof(struct tt_launch_msg);
}

/* Sync byte of a subordinate RISC (ncrisc, trisc0, trisc1, trisc2). */
static inline uint32_t subordinate_sync_byte(int hart)
{
	return TT_MEM_SUBORDINATE_SYNC + (uint32_t)(hart - 1);
}

void fw_init(int hart);
void fw_run_kernel(uint32_t launch, int hart);

#endif
