// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's 2.0 pack (2026): DST tiles to an LLKOperand's address in its
// format, out of order (no CB write pointer moves: the caller gives each
// tile's place), after tile_regs_wait as pack_tile.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/experimental/2_0/llk_operand.h"
#include "ttfs/compute_operand.h"

namespace experimental {

template <DataFormat Format, TensorShape Shape>
ALWI void pack_init(LLKOperand<Format, Shape> out)
{
	ttfs::check_whole_tile<Shape>();
}

template <DataFormat Format, TensorShape Shape>
ALWI void pack_tile(LLKOperand<Format, Shape> out, std::uint32_t ifrom_dst)
{
	ttfs::check_whole_tile<Shape>();
	PACK((ttfs::tx::pack_at(ifrom_dst, ttfs::operand_bytes(out.l1_address),
				static_cast<uint32_t>(Format), "pack_tile")));
}

// DST tiles ifrom_dst + i to output tiles start_out_tile + i.
template <DataFormat Format, TensorShape Shape>
ALWI void pack_block(LLKOperand<Format, Shape> out, std::uint32_t ifrom_dst, std::uint32_t ntiles,
		     std::uint32_t start_out_tile = 0)
{
	for (std::uint32_t i = 0; i < ntiles; ++i)
		experimental::pack_tile(
			LLKOperand<Format, Shape>(detail::tile_address(out, start_out_tile + i)),
			ifrom_dst + i);
}

}  // namespace experimental

#pragma GCC diagnostic pop
