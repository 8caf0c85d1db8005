// SPDX-License-Identifier: Apache-2.0
//
// pack_tile: DST tile ifrom_dst of pack's section, converted to the CB's
// format (bf16 rounds to nearest, ties away from zero, as silicon's
// packer), written at the CB's write pointer: the next tile in order, or
// tile output_tile_index with out_of_order_output. Needs tile_regs_wait
// and a cb_reserve_back for the pages it writes; cb_push_back starts the
// order again.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

template <bool out_of_order_output = false>
ALWI void pack_tile(uint32_t ifrom_dst, uint32_t icb, uint32_t output_tile_index = 0)
{
	PACK((ttfs::tx::pack(ifrom_dst, icb, out_of_order_output, output_tile_index)));
}

// ntiles tiles from ifrom_dst on, in order.
ALWI void pack_tile_block(uint32_t ifrom_dst, uint32_t icb, uint32_t ntiles)
{
	for (uint32_t i = 0; i < ntiles; i++)
		PACK((ttfs::tx::pack(ifrom_dst + i, icb, false, 0)));
}

// ntiles DST tiles from ifrom_dst on to the output tiles start_out_tile
// on, past the write pointer (the CB-id form of tt-metal's 2026
// pack_block, whose operand comes first).
ALWI void pack_block(uint32_t ocb, uint32_t ifrom_dst, uint32_t ntiles, uint32_t start_out_tile = 0)
{
	for (uint32_t i = 0; i < ntiles; i++)
		PACK((ttfs::tx::pack(ifrom_dst + i, ocb, true, start_out_tile + i)));
}

ALWI void matmul_pack_tile(uint32_t ifrom_dst, uint32_t icb, uint32_t ntiles)
{
	pack_tile_block(ifrom_dst, icb, ntiles);
}

#pragma GCC diagnostic pop
