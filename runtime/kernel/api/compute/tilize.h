// SPDX-License-Identifier: Apache-2.0
//
// Tilize: row-major data in icb (tile rows of `block` tiles: 32 rows of
// 32 x block values, in `block` pages) into tiles of ocb. tilize_block
// works through the whole pipeline as on silicon: the unpacker tilizes
// each tile into SrcA, math copies it into DST 0 and the packer packs it
// to ocb's tile output_tile_index + t, taking and giving back a DST
// section per tile itself. The caller waits for icb's `block` pages and
// reserves ocb's, then pushes and pops them. Row-major data is Float32,
// Float16_b, Float16, Int32, UInt32 or UInt16; ocb may be any format the packer has (Bfp8_b
// too). Bit exact, but for the packer's rounding into a narrower format.
// The fast_tilize_* forms are the same.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

ALWI void tilize_init(uint32_t icb, uint32_t block, uint32_t ocb,
		      uint32_t call_line = __builtin_LINE())
{
	ttfs::tx::configure();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

ALWI void tilize_init_short(uint32_t icb, uint32_t block, uint32_t ocb = 16)
{
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

ALWI void tilize_init_short_with_dt(uint32_t old_icb, uint32_t new_icb, uint32_t block, uint32_t ocb)
{
	tilize_init_short(new_icb, block, ocb);
}

ALWI void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb, uint32_t input_tile_index = 0,
		       uint32_t output_tile_index = 0)
{
	for (uint32_t t = 0; t < block; t++) {
		UNPACK((ttfs::tx::unpack_tilize(icb, input_tile_index + t, block, "tilize_block")));
		MATH((ttfs::tx::math_acquire()));
		MATH((ttfs::tx::math_copy(0, icb)));
		MATH((ttfs::tx::math_commit()));
		PACK((ttfs::tx::pack_wait()));
		PACK((ttfs::tx::pack(0, ocb, true, output_tile_index + t)));
		PACK((ttfs::tx::pack_release()));
	}
}

// Tilize fused with a reduce: each of `block` tiles of row-major icb0
// tilized into SrcA, with tile tile_idx_b of icb1 (the scaler) into SrcB,
// for reduce_tile_math (reduce.h) to pool. Whole tiles only: num_faces and
// the face rows are accepted and ignored, as are the SrcA fill options.
template <bool neginf_srcA = true, bool zero_srcA_reduce = false>
ALWI void tilizeA_B_reduce_init(uint32_t icb0, uint32_t icb1_scaler, uint32_t block, uint32_t ocb,
				uint32_t num_faces = 4, uint32_t face_r_dim = 16,
				uint32_t call_line = __builtin_LINE())
{
	tilize_init(icb0, block, ocb);
}

template <bool neginf_srcA = true, uint32_t reload_srcB = true, bool zero_srcA = false,
	  bool zero_srcA_reduce = false>
ALWI void unpack_tilizeA_B_block(uint32_t icb0, uint32_t icb1, uint32_t block, uint32_t tile_idx_b,
				 uint32_t num_faces = 4, uint32_t srca_face_r_dim = 16)
{
	for (uint32_t t = 0; t < block; t++) {
		UNPACK((ttfs::tx::unpack_tilize(icb0, t, block, "unpack_tilizeA_B_block")));
		UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_B, icb1, tile_idx_b, 0,
					 "unpack_tilizeA_B_block")));
	}
}

ALWI void tilize_uninit(uint32_t icb, uint32_t ocb = 16)
{
}

ALWI void tilize_uninit_with_dt(uint32_t old_icb, uint32_t new_icb, uint32_t ocb)
{
}

ALWI void fast_tilize_init(uint32_t icb, uint32_t full_dim, uint32_t ocb,
			   uint32_t call_line = __builtin_LINE())
{
	tilize_init(icb, full_dim, ocb);
}

ALWI void fast_tilize_init_with_dt(uint32_t icb, uint32_t full_dim, uint32_t ocb)
{
	tilize_init(icb, full_dim, ocb);
}

ALWI void fast_tilize_uninit(uint32_t icb, uint32_t ocb)
{
}

ALWI void fast_tilize_block(uint32_t icb, uint32_t block, uint32_t ocb,
			    uint32_t input_tile_index = 0, uint32_t output_tile_index = 0)
{
	tilize_block(icb, block, ocb, input_tile_index, output_tile_index);
}

#pragma GCC diagnostic pop
