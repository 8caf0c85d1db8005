/* SPDX-License-Identifier: Apache-2.0
 *
 * Where a kernel's ASSERT and WAYPOINT leave their mark: a block in the
 * mailbox area of L1, after the DPRINT rings, written by the kernel SDK
 * (runtime/kernel/api/debug/assert.h, waypoint.h) and read by the host
 * for cores/<x>,<y>/status and a program's status (runtime/debug/
 * kernel_debug.c). tt-metal's Watcher keeps the same two things in its
 * watcher_msg_t (debug_waypoint[5], assert_status); ttfs's DPRINT rings
 * already occupy that part of the mailbox, so the block is its own.
 *
 * The host zeroes the block of a core at each launch, so what it holds
 * is the running program's.
 */
#ifndef TT_DEBUG_ABI_H
#define TT_DEBUG_ABI_H

#include "dprint_abi.h"
#include "l1_map.h"

#define TT_DEBUG_BASE            TT_DPRINT_RING(TT_NUM_PROCESSORS)   /* 0x1800 */
/* "ASRT": the assert record is whole (written last). */
#define TT_DEBUG_ASSERT_TRIPPED  0x54525341u

/* A failed ASSERT of one RISC: its __LINE__, and the L1 addresses of its
 * __FILE__ and condition text (string literals in the kernel's image). */
struct tt_debug_assert {
	uint32_t tripped;   /* TT_DEBUG_ASSERT_TRIPPED, else 0 */
	uint32_t line;
	uint32_t file;
	uint32_t cond;
};

struct tt_debug_msg {
	/* The last WAYPOINT of each RISC (launch-message order): up to four
	 * characters, the first in the low byte; 0: none. */
	uint32_t waypoint[TT_NUM_PROCESSORS];
	uint32_t pad[3];
	struct tt_debug_assert asserts[TT_NUM_PROCESSORS];
};

#define TT_DEBUG_WAYPOINT(risc)  (TT_DEBUG_BASE + 4u * (uint32_t)(risc))
#define TT_DEBUG_ASSERT(risc)    (TT_DEBUG_BASE + 32u + 16u * (uint32_t)(risc))

TT_STATIC_ASSERT(sizeof(struct tt_debug_assert) == 16, "assert record");
TT_STATIC_ASSERT(sizeof(struct tt_debug_msg) == 32 + 16 * TT_NUM_PROCESSORS, "debug block");
TT_STATIC_ASSERT(TT_DEBUG_BASE + sizeof(struct tt_debug_msg) <=
			 TT_MEM_MAILBOX_BASE + TT_MEM_MAILBOX_SIZE,
		 "the debug block fits in the mailbox");

#endif /* TT_DEBUG_ABI_H */
