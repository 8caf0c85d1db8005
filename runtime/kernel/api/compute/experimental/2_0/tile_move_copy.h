// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's 2.0 copy (2026): DST[idst] = the LLKOperand's tile, through
// SrcA (with copy_init's transpose), or straight to DST when the tile is
// 32-bit and so is DST (Int32, UInt32 always; Float32 with an fp32 DST),
// as tt-llk's format-inferred unpack-to-dest on Blackhole.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/experimental/2_0/llk_operand.h"
#include "ttfs/compute_operand.h"

namespace ttfs {

constexpr bool unpacks_to_dest(DataFormat f)
{
	return f == DataFormat::Int32 || f == DataFormat::UInt32 ||
	       (f == DataFormat::Float32 && DST_ACCUM_MODE);
}

// Tile `addr` in Format through SrcA into DST[idst], with unpack flags.
template <DataFormat Format>
ALWI void copy_at(uint32_t addr, uint32_t idst, uint32_t flags)
{
	UNPACK((tx::unpack_at(TT_TX_OP_UNPACK_A, operand_bytes(addr), static_cast<uint32_t>(Format),
			      flags | (unpacks_to_dest(Format) ? TT_TX_UNPACK_TO_DEST : 0u))));
	MATH((tx::math_copy(idst, TT_TX_NO_CB)));
}

}  // namespace ttfs

namespace experimental {

// transpose_within_16x16_face alone is not modelled: any transpose
// transposes the whole tile.
template <DataFormat Format, TensorShape Shape>
ALWI void copy_init(LLKOperand<Format, Shape> src, std::uint32_t transpose = 0,
		    std::uint32_t transpose_within_16x16_face = 0)
{
	ttfs::check_whole_tile<Shape>();
	UNPACK((ttfs::tx::unpack_a_flags = transpose ? TT_TX_UNPACK_TRANSPOSE : 0u));
}

template <DataFormat Format, TensorShape Shape>
ALWI void copy_tile(LLKOperand<Format, Shape> src, std::uint32_t dst_tile_index)
{
	ttfs::check_whole_tile<Shape>();
	ttfs::copy_at<Format>(src.l1_address, dst_tile_index, ttfs::tx::unpack_a_flags);
}

template <DataFormat Format, TensorShape Shape>
ALWI void copy_block(LLKOperand<Format, Shape> src, std::uint32_t start_in_tile_index,
		     std::uint32_t start_dst_tile_index, std::uint32_t ntiles)
{
	for (std::uint32_t i = 0; i < ntiles; ++i)
		copy_tile(LLKOperand<Format, Shape>(detail::tile_address(src, start_in_tile_index + i)),
			  start_dst_tile_index + i);
}

}  // namespace experimental

#pragma GCC diagnostic pop
