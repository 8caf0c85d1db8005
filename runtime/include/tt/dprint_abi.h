/* SPDX-License-Identifier: Apache-2.0
 *
 * Where DPRINT's bytes go: one ring per RISC in the mailbox area of L1,
 * shared between the kernel SDK (runtime/kernel/api/debug/dprint.h), which
 * writes it, and the host, which reads it for cores/<x>,<y>/dprint.
 *
 * The kernel formats on the device, so the ring holds plain text. It never
 * waits for the host: byte k of a RISC's output is at data[k % size], and
 * when the host falls more than `size` bytes behind, the oldest bytes are
 * overwritten (the host sees wpos - rpos > size and reports the loss).
 * A ring whose magic or size is wrong is reset by the kernel's first print,
 * so zeroed L1 after boot is a valid empty state.
 */
#ifndef TT_DPRINT_ABI_H
#define TT_DPRINT_ABI_H

#include "l1_map.h"

#define TT_DPRINT_BASE        0x0400u   /* in the mailbox, past go_message_index */
#define TT_DPRINT_RING_SIZE   1024u     /* per RISC, header included */
#define TT_DPRINT_DATA_SIZE   (TT_DPRINT_RING_SIZE - 16u)
#define TT_DPRINT_MAGIC       0x54525044u   /* "DPRT" */
#define TT_DPRINT_RING(risc)  (TT_DPRINT_BASE + (uint32_t)(risc) * TT_DPRINT_RING_SIZE)

#pragma pack(push, 4)
struct tt_dprint_ring {
	uint32_t magic;
	uint32_t wpos;     /* bytes the RISC has written, mod 2^32; kernel-owned */
	uint32_t rpos;     /* bytes the host has consumed; host-owned */
	uint32_t size;     /* TT_DPRINT_DATA_SIZE */
	uint8_t  data[TT_DPRINT_DATA_SIZE];
};
#pragma pack(pop)

TT_STATIC_ASSERT(sizeof(struct tt_dprint_ring) == TT_DPRINT_RING_SIZE, "dprint ring size");
TT_STATIC_ASSERT(TT_DPRINT_BASE >= TT_MEM_GO_MSG_INDEX + 4, "dprint past the mailbox head");
TT_STATIC_ASSERT(TT_DPRINT_RING(TT_NUM_PROCESSORS) <= TT_MEM_MAILBOX_BASE + TT_MEM_MAILBOX_SIZE,
		 "dprint rings fit in the mailbox");

#endif /* TT_DPRINT_ABI_H */
