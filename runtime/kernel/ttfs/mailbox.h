// SPDX-License-Identifier: Apache-2.0
//
// The Tensix mailboxes between BRISC and the TRISCs (tt-metal's ckernel
// mailbox_write / mailbox_read): a word FIFO from each to each, at
// 0xFFEC0000 + 0x1000 * (thread + 1) for the unpack (0), math (1) and pack
// (2) threads, BRISC's below them. A store queues a word for that thread;
// a load takes the oldest word that thread queued for this one. read waits
// for one first (word 1 counts them), as silicon stalls the load.
#pragma once

#include "ttfs/kernel_base.h"

namespace ttfs {

enum mailbox_thread : uint32_t { UNPACK_THREAD = 0, MATH_THREAD = 1, PACK_THREAD = 2 };

FORCE_INLINE volatile uint32_t *mailbox(uint32_t thread, uint32_t word)
{
	return reg(0xFFEC0000u + 0x1000u * (thread + 1) + 4u * word);
}

FORCE_INLINE void mailbox_write(uint32_t thread, uint32_t value) { *mailbox(thread, 0) = value; }

FORCE_INLINE uint32_t mailbox_read(uint32_t thread)
{
	while (*mailbox(thread, 1) == 0)
		;
	return *mailbox(thread, 0);
}

}  // namespace ttfs
