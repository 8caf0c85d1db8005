// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's 2.0 tilize (2026): api/compute/tilize.h with LLKOperands for
// CB ids. The input operand holds tile rows of row-major data, `block`
// tiles wide (tilize_init's block: 32 rows of 32 x block values); tile t
// is columns 32 (t % block) of tile row t / block. tilize_block takes
// input tiles input_tile_index + t through the unpacker, math and the
// packer to the output operand's tile output_tile_index + t, taking and
// giving back a DST section per tile itself (no tile_regs calls around
// it). Bit exact, but for the packer's rounding into a narrower format.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/experimental/2_0/tile_move_copy.h"

namespace ttfs {

// tilize_init's block: the width of the input's tile rows, in tiles.
inline uint32_t tilize_width = 1;

}  // namespace ttfs

namespace experimental {

template <DataFormat InFormat, TensorShape InShape, DataFormat OutFormat, TensorShape OutShape>
ALWI void tilize_init(LLKOperand<InFormat, InShape> in, std::uint32_t block,
		      LLKOperand<OutFormat, OutShape> out)
{
	ttfs::check_whole_tile<InShape>();
	ttfs::check_whole_tile<OutShape>();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
	UNPACK((ttfs::tilize_width = block ? block : 1));
}

template <DataFormat InFormat, TensorShape InShape, DataFormat OutFormat, TensorShape OutShape>
ALWI void tilize_block(LLKOperand<InFormat, InShape> in, std::uint32_t block,
		       LLKOperand<OutFormat, OutShape> out, std::uint32_t input_tile_index = 0,
		       std::uint32_t output_tile_index = 0)
{
	ttfs::check_whole_tile<InShape>();
	ttfs::check_whole_tile<OutShape>();
	for (std::uint32_t t = 0; t < block; t++) {
		UNPACK((ttfs::tx::unpack_tilize_at(
			ttfs::operand_bytes(in.l1_address), static_cast<uint32_t>(InFormat),
			input_tile_index + t, ttfs::tilize_width,
			ttfs::unpacks_to_dest(InFormat) ? TT_TX_UNPACK_TO_DEST : 0u)));
		MATH((ttfs::tx::math_acquire()));
		MATH((ttfs::tx::math_copy(0, TT_TX_NO_CB)));
		MATH((ttfs::tx::math_commit()));
		PACK((ttfs::tx::pack_wait()));
		PACK((ttfs::tx::pack_at(
			0, ttfs::operand_bytes(detail::tile_address(out, output_tile_index + t)),
			static_cast<uint32_t>(OutFormat), "tilize_block")));
		PACK((ttfs::tx::pack_release()));
	}
}

template <DataFormat InFormat, TensorShape InShape, DataFormat OutFormat, TensorShape OutShape>
ALWI void tilize_uninit(LLKOperand<InFormat, InShape> in, LLKOperand<OutFormat, OutShape> out)
{
}

}  // namespace experimental

#pragma GCC diagnostic pop
