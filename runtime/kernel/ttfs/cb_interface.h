// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's get_local_cb_interface(cb) and its LocalCBInterface
// (internal/circular_buffer_interface.h, which its dataflow and compute
// APIs include): this RISC's own pointers and sizes of a CB, in bytes on
// BRISC/NCRISC and in 16-byte units on the TRISCs, as tt-metal keeps them.
// The same words the SDK's cb_* calls use (the firmware globals'
// cb_interface[], tt/fw_abi.h); a kernel that moves fifo_rd_ptr itself
// moves it for them too. Kernels reach this through either API.
#pragma once

#include "ttfs/kernel_base.h"

// The firmware's own struct, so the SDK's cb_* calls and a kernel's
// accesses through this reference are one type to the compiler (a struct of
// the same layout would let it assume they never alias): fifo_size,
// fifo_limit, fifo_page_size, fifo_num_pages, fifo_rd_ptr, fifo_wr_ptr,
// tiles_acked, tiles_received, fifo_wr_tile_ptr, as tt-metal names them.
using LocalCBInterface = tt_local_cb_interface;

FORCE_INLINE LocalCBInterface &get_local_cb_interface(uint32_t cb_id)
{
	return const_cast<LocalCBInterface &>(ttfs::fw()->cb_interface[cb_id]);
}

namespace ttfs {

// The pages a kernel holds (tt_fw_globals.cb_reserved_pages/cb_waited_pages):
// the simulator's NOC sanitizer checks transfers into and out of a CB
// against them. A reserve or wait holds at least its pages from the
// pointer on (an earlier, larger hold still stands) and marks the CB as
// one this RISC uses as a FIFO; a push or pop gives up pages from the
// front of the hold.
FORCE_INLINE void cb_hold(volatile uint16_t &held, int32_t num_pages)
{
	uint16_t n = static_cast<uint16_t>(num_pages), h = held & TT_CB_HELD_PAGES;
	held = static_cast<uint16_t>((h < n ? n : h) | TT_CB_HELD_FIFO);
}

FORCE_INLINE void cb_release(volatile uint16_t &held, int32_t num_pages)
{
	uint16_t n = static_cast<uint16_t>(num_pages), all = held, h = all & TT_CB_HELD_PAGES;
	held = static_cast<uint16_t>((h > n ? h - n : 0) | (all & TT_CB_HELD_FIFO));
}

}  // namespace ttfs
