// SPDX-License-Identifier: Apache-2.0
//
// Untilize: full_ct_dim tiles of icb into one tile row of row-major data in
// ocb (32 rows of 32 x full_ct_dim values, filling full_ct_dim pages),
// block_ct_dim tiles per DST section. The caller waits for icb's pages and
// reserves ocb's, then pushes and pops them. Silicon untilizes in the
// unpacker here; ttfs in the packer (pack_untilize.h's mode), which writes
// the same bytes. The output is Float32, Float16_b, Float16, Int32,
// UInt32 or UInt16; bit exact
// from a tile of the same format.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

namespace ttfs {

// Tiles 0..n-1 of math's section (the tiles first..first+n-1 of a tile
// row full_ct tiles wide, `row` tile rows down) into ocb, untilized.
ALWI void untilize_dst(uint32_t ocb, uint32_t n, uint32_t dst0, uint32_t first, uint32_t full_ct,
		       uint32_t row, const char *call)
{
	uint32_t size = tx::datum_bytes(out_format(ocb));
	uint32_t pitch = full_ct * tx::TILE_DIM_VALUES * size;

	for (uint32_t c = 0; c < n; c++)
		tx::pack_untilize(dst0 + c, ocb,
				  row * tx::TILE_DIM_VALUES * pitch + (first + c) * tx::TILE_DIM_VALUES * size,
				  pitch, call);
}

}  // namespace ttfs

ALWI void untilize_init(uint32_t icb, uint32_t call_line = __builtin_LINE())
{
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

ALWI void untilize_init_short(uint32_t icb)
{
	untilize_init(icb);
}

template <uint32_t block_ct_dim = 1>
ALWI void untilize_block(uint32_t icb, uint32_t full_ct_dim, uint32_t ocb)
{
	static_assert(block_ct_dim >= 1, "untilize_block: block_ct_dim is at least 1");
	for (uint32_t b = 0; b < full_ct_dim / block_ct_dim; b++) {
		MATH((ttfs::tx::math_acquire()));
		for (uint32_t c = 0; c < block_ct_dim; c++) {
			UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_A, icb, b * block_ct_dim + c, 0,
						 "untilize_block")));
			MATH((ttfs::tx::math_copy(c, icb)));
		}
		MATH((ttfs::tx::math_commit()));
		PACK((ttfs::tx::pack_wait()));
		PACK((ttfs::untilize_dst(ocb, block_ct_dim, 0, b * block_ct_dim, full_ct_dim, 0,
					 "untilize_block")));
		PACK((ttfs::tx::pack_release()));
	}
}

ALWI void untilize_uninit(uint32_t icb)
{
}

#pragma GCC diagnostic pop
