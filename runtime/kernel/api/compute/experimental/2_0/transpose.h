// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's 2.0 transpose (2026): DST[idst][w][h] = the LLKOperand's
// tile t [h][w], the whole 32x32 tile, bit exact (as transpose.h's; a
// 32-bit tile into a 32-bit DST goes straight to DST, as copy_tile's).
#pragma once

#include "api/compute/experimental/2_0/tile_move_copy.h"

namespace experimental {

template <DataFormat Format, TensorShape Shape>
ALWI void transpose_init(LLKOperand<Format, Shape> src)
{
	ttfs::check_whole_tile<Shape>();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

template <DataFormat Format, TensorShape Shape>
ALWI void transpose_tile(LLKOperand<Format, Shape> src, std::uint32_t itile, std::uint32_t idst)
{
	ttfs::check_whole_tile<Shape>();
	ttfs::copy_at<Format>(detail::tile_address(src, itile), idst, TT_TX_UNPACK_TRANSPOSE);
}

template <DataFormat Format, TensorShape Shape>
ALWI void transpose_block(LLKOperand<Format, Shape> src, std::uint32_t start_itile,
			  std::uint32_t start_idst, std::uint32_t ntiles)
{
	for (std::uint32_t i = 0; i < ntiles; ++i)
		transpose_tile(src, start_itile + i, start_idst + i);
}

}  // namespace experimental
