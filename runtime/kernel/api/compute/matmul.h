// SPDX-License-Identifier: Apache-2.0
//
// Matmul: DST[idst] += tile(in0, i0) x tile(in1, i1), the 32x32 matrix
// product, accumulated (DST starts at zero after tile_regs_acquire). As on
// silicon in0 is unpacked into SrcB and in1 into SrcA; `transpose`
// transposes the in1 tile.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

ALWI void mm_init(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1, uint32_t out_cb_id = 16,
		  const uint32_t transpose = 0)
{
	(void)in0_cb_id;
	(void)in1_cb_id;
	(void)out_cb_id;
	ttfs::tx::configure();
	UNPACK((ttfs::tx::unpack_a_flags = transpose ? TT_TX_UNPACK_TRANSPOSE : 0u));
}

ALWI void mm_init_short(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1, const uint32_t transpose = 0)
{
	(void)in0_cb_id;
	(void)in1_cb_id;
	UNPACK((ttfs::tx::unpack_a_flags = transpose ? TT_TX_UNPACK_TRANSPOSE : 0u));
}

ALWI void mm_init_short_with_dt(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t c_in_old_srca,
				const uint32_t transpose = 0)
{
	(void)c_in_old_srca;
	mm_init_short(in0_cb_id, in1_cb_id, transpose);
}

// `transpose` here is the older signature's; mm_init's applies otherwise.
ALWI void matmul_tiles(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index,
		       uint32_t in1_tile_index, uint32_t idst, const uint32_t transpose = 0)
{
	UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_A, in1_cb_id, in1_tile_index,
				 ttfs::tx::unpack_a_flags | (transpose ? TT_TX_UNPACK_TRANSPOSE : 0u),
				 "matmul_tiles")));
	UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_B, in0_cb_id, in0_tile_index, 0, "matmul_tiles")));
	MATH((ttfs::tx::math_matmul(idst, in0_cb_id)));
	(void)transpose;
}

// ---- blocks: an rt_dim x ct_dim block of output tiles, one k step per call ---------------
//
// DST[idst + r * ct_dim + c] += in0 tile in0_tile_index + r * kt_dim x in1
// tile in1_tile_index + c, for r < rt_dim, c < ct_dim: the same products,
// in the same order, as matmul_tiles on those tiles.

ALWI void mm_block_init(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1, uint32_t out_cb_id = 16,
			const uint32_t transpose = 0, uint32_t ct_dim = 1, uint32_t rt_dim = 1,
			uint32_t kt_dim = 1, uint32_t call_line = __builtin_LINE())
{
	mm_init(in0_cb_id, in1_cb_id, out_cb_id, transpose);
}

ALWI void mm_block_init_short(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1,
			      const uint32_t transpose = 0, uint32_t ct_dim = 1, uint32_t rt_dim = 1,
			      uint32_t kt_dim = 1, uint32_t call_line = __builtin_LINE())
{
	mm_init_short(in0_cb_id, in1_cb_id, transpose);
}

ALWI void mm_block_init_short_with_dt(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1,
				      uint32_t old_in1_cb_id = 2, const uint32_t transpose = 0,
				      uint32_t ct_dim = 1, uint32_t rt_dim = 1, uint32_t kt_dim = 1)
{
	mm_init_short(in0_cb_id, in1_cb_id, transpose);
}

ALWI void mm_block_init_short_with_both_dt(uint32_t in0_cb_id, uint32_t in1_cb_id,
					   uint32_t old_in0_cb_id, uint32_t old_in1_cb_id,
					   const uint32_t transpose = 0, uint32_t ct_dim = 1,
					   uint32_t rt_dim = 1, uint32_t kt_dim = 1)
{
	mm_init_short(in0_cb_id, in1_cb_id, transpose);
}

ALWI void matmul_block(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index,
		       uint32_t in1_tile_index, uint32_t idst, const uint32_t transpose,
		       uint32_t ct_dim, uint32_t rt_dim, uint32_t kt_dim,
		       uint32_t call_line = __builtin_LINE())
{
	for (uint32_t r = 0; r < rt_dim; r++)
		for (uint32_t c = 0; c < ct_dim; c++)
			matmul_tiles(in0_cb_id, in1_cb_id, in0_tile_index + r * kt_dim,
				     in1_tile_index + c, idst + r * ct_dim + c, transpose);
}

#pragma GCC diagnostic pop
