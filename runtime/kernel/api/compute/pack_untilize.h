// SPDX-License-Identifier: Apache-2.0
//
// Pack untilize: the packer writes DST tiles as row-major data. A block
// is block_ct_dim tiles of a tile row full_ct_dim tiles wide (32 rows of
// 32 x full_ct_dim values per tile row, at ocb's write pointer), at
// column block block_c_index.
// - pack_untilize_block: for each of block_rt_dim tile rows, tiles
//   0..block_ct_dim-1 of icb (as tt-metal: the same front tiles each row)
//   into DST, then packed untilized into tile row r; it takes and gives
//   back a DST section per row itself.
// - pack_untilize_dest: DST tiles r * block_ct_dim + c (after the caller's
//   tile_regs_wait) into tile row r, column block block_c_index.
// Limits: block_ct_dim tiles must fit a DST section; whole 32x32 tiles
// only (face_r_dim 16, num_faces 4; narrow_row, diagonal and dense are
// not modelled); the output is Float32, Float16_b, Float16, Int32, UInt32
// or UInt16.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/untilize.h"

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool narrow_row = false,
	  uint32_t row_num_datums = 32, bool dense = false>
ALWI void pack_untilize_dest_init(uint32_t ocb, uint32_t face_r_dim = 16, uint32_t num_faces = 4,
				  uint32_t call_line = __builtin_LINE())
{
	static_assert(full_ct_dim % block_ct_dim == 0, "full_ct_dim is a multiple of block_ct_dim");
}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_init(uint32_t icb, uint32_t ocb, uint32_t call_line = __builtin_LINE())
{
	static_assert(full_ct_dim % block_ct_dim == 0, "full_ct_dim is a multiple of block_ct_dim");
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_init_short(uint32_t icb, uint32_t ocb)
{
	pack_untilize_init<block_ct_dim, full_ct_dim>(icb, ocb);
}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_block(uint32_t icb, uint32_t block_rt_dim, uint32_t ocb,
			      uint32_t block_c_index = 0)
{
	for (uint32_t r = 0; r < block_rt_dim; r++) {
		MATH((ttfs::tx::math_acquire()));
		for (uint32_t c = 0; c < block_ct_dim; c++) {
			UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_A, icb, c, 0, "pack_untilize_block")));
			MATH((ttfs::tx::math_copy(c, icb)));
		}
		MATH((ttfs::tx::math_commit()));
		PACK((ttfs::tx::pack_wait()));
		PACK((ttfs::untilize_dst(ocb, block_ct_dim, 0, block_c_index * block_ct_dim,
					 full_ct_dim, r, "pack_untilize_block")));
		PACK((ttfs::tx::pack_release()));
	}
}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool diagonal = false,
	  bool narrow_row = false, uint32_t row_num_datums = 32, uint32_t tile_dst_ct_offset = 0,
	  bool dense = false>
ALWI void pack_untilize_dest(uint32_t ocb, uint32_t block_rt_dim = 1, uint32_t block_c_index = 0,
			     uint32_t face_r_dim = 16, uint32_t num_faces = 4,
			     uint32_t tile_dst_rt_offset = 0)
{
	for (uint32_t r = 0; r < block_rt_dim; r++)
		PACK((ttfs::untilize_dst(ocb, block_ct_dim,
					 r * block_ct_dim + tile_dst_ct_offset + tile_dst_rt_offset,
					 block_c_index * block_ct_dim, full_ct_dim, r,
					 "pack_untilize_dest")));
}

ALWI void pack_untilize_uninit(uint32_t ocb = 16)
{
}

#pragma GCC diagnostic pop
