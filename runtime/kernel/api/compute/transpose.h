// SPDX-License-Identifier: Apache-2.0
//
// Transpose of a tile: DST[idst][w][h] = tile itile of icb [h][w], the
// whole 32x32 tile (faces and within faces). The unpacker transposes the
// tile on its way into SrcA, math copies it into DST, so it is bit exact
// (a Float32 tile into a 16-bit DST is truncated to bf16, as copy_tile).
// tt-metal's 2026 names; transpose_wh.h has the deprecated ones.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

ALWI void transpose_init(uint32_t icb, uint32_t call_line = __builtin_LINE())
{
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

ALWI void transpose_tile(uint32_t icb, uint32_t itile, uint32_t idst)
{
	UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_A, icb, itile, TT_TX_UNPACK_TRANSPOSE,
				 "transpose_tile")));
	MATH((ttfs::tx::math_copy(idst, icb)));
}

// ntiles tiles from start_itile on into DST from start_idst on (the CB-id
// form of tt-metal's experimental transpose_block).
ALWI void transpose_block(uint32_t icb, uint32_t start_itile, uint32_t start_idst, uint32_t ntiles)
{
	for (uint32_t i = 0; i < ntiles; i++)
		transpose_tile(icb, start_itile + i, start_idst + i);
}

#pragma GCC diagnostic pop
