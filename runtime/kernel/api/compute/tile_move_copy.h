// SPDX-License-Identifier: Apache-2.0
//
// copy_tile: DST[idst] = tile itile of the CB's front. The unpacker puts
// the tile into SrcA, math moves it into DST (datacopy).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

ALWI void copy_tile_to_dst_init_short(uint32_t cbid, uint32_t transpose = 0, uint32_t = 0)
{
	(void)cbid;
	UNPACK((ttfs::tx::unpack_a_flags = transpose ? TT_TX_UNPACK_TRANSPOSE : 0u));
}

ALWI void copy_tile_init(uint32_t cbid = 0, uint32_t transpose = 0)
{
	copy_tile_to_dst_init_short(cbid, transpose);
}

ALWI void copy_tile_to_dst_init_short_with_dt(uint32_t old_cbid, uint32_t new_cbid,
					      uint32_t transpose = 0)
{
	(void)old_cbid;
	copy_tile_to_dst_init_short(new_cbid, transpose);
}

ALWI void copy_tile(uint32_t in_cb_id, uint32_t in_tile_index, uint32_t dst_tile_index)
{
	UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_A, in_cb_id, in_tile_index,
				 ttfs::tx::unpack_a_flags, "copy_tile")));
	MATH((ttfs::tx::math_copy(dst_tile_index, in_cb_id)));
}

// ntiles tiles from start_in_tile_index on into DST from
// start_dst_tile_index on (tt-metal's 2026 name).
ALWI void copy_block(uint32_t in_cb_id, uint32_t start_in_tile_index, uint32_t start_dst_tile_index,
		     uint32_t ntiles)
{
	for (uint32_t i = 0; i < ntiles; i++)
		copy_tile(in_cb_id, start_in_tile_index + i, start_dst_tile_index + i);
}

// ntiles tiles from in_tile_index on into DST from dst_tile_index on.
ALWI void copy_block_matmul_partials(uint32_t in_cb_id, uint32_t start_in_tile_idx,
				     uint32_t start_dst_tile_idx, uint32_t ntiles)
{
	for (uint32_t i = 0; i < ntiles; i++)
		copy_tile(in_cb_id, start_in_tile_idx + i, start_dst_tile_idx + i);
}

#pragma GCC diagnostic pop
