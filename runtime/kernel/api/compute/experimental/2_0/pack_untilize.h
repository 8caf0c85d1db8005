// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's 2.0 pack untilize (2026): api/compute/pack_untilize.h with
// LLKOperands for CB ids. The packer writes DST tiles as row-major data
// at the output operand's address: a block is block_ct_dim tiles of a
// tile row full_ct_dim tiles wide (32 rows of 32 x full_ct_dim values a
// tile row), at column block block_c_index.
// - pack_untilize_block: for each of block_rt_dim tile rows, the input's
//   tiles 0..block_ct_dim-1 into DST, then packed into tile row r; it
//   takes and gives back a DST section per row itself.
// - pack_untilize_dest: DST tiles r * block_ct_dim + c (after the caller's
//   tile_regs_wait) into tile row r.
// Whole 32x32 tiles only (narrow_row, diagonal and dense are not
// modelled); the output is Float32, Float16_b, Float16, Int32, UInt32 or
// UInt16.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/experimental/2_0/tile_move_copy.h"

namespace ttfs {

// DST tiles dst0.. dst0+n-1 into tile row `row` of the output at byte
// address base, columns from tile `first` on, rows full_ct tiles wide.
template <DataFormat Format>
ALWI void untilize_at(uint32_t base, uint32_t n, uint32_t dst0, uint32_t first, uint32_t full_ct,
		      uint32_t row, const char *call)
{
	const uint32_t size = tx::datum_bytes(static_cast<uint32_t>(Format));
	const uint32_t pitch = full_ct * tx::TILE_DIM_VALUES * size;

	for (uint32_t c = 0; c < n; c++)
		tx::pack_untilize_at(dst0 + c,
				     base + row * tx::TILE_DIM_VALUES * pitch +
					     (first + c) * tx::TILE_DIM_VALUES * size,
				     static_cast<uint32_t>(Format), pitch, call);
}

}  // namespace ttfs

namespace experimental {

template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim,
	  DataFormat InFormat, TensorShape InShape, DataFormat OutFormat, TensorShape OutShape>
ALWI void pack_untilize_init(LLKOperand<InFormat, InShape> in, LLKOperand<OutFormat, OutShape> out)
{
	static_assert(block_ct_dim > 0 && full_ct_dim % block_ct_dim == 0,
		      "pack_untilize_init: full_ct_dim must be a positive multiple of block_ct_dim.");
	ttfs::check_whole_tile<InShape>();
	ttfs::check_whole_tile<OutShape>();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim,
	  DataFormat InFormat, TensorShape InShape, DataFormat OutFormat, TensorShape OutShape>
ALWI void pack_untilize_block(LLKOperand<InFormat, InShape> in, std::uint32_t block_rt_dim,
			      LLKOperand<OutFormat, OutShape> out, std::uint32_t block_c_index = 0)
{
	static_assert(block_ct_dim > 0 && full_ct_dim % block_ct_dim == 0,
		      "pack_untilize_block: full_ct_dim must be a positive multiple of block_ct_dim.");
	for (std::uint32_t r = 0; r < block_rt_dim; r++) {
		MATH((ttfs::tx::math_acquire()));
		for (std::uint32_t c = 0; c < block_ct_dim; c++)
			ttfs::copy_at<InFormat>(detail::tile_address(in, c), c, 0);
		MATH((ttfs::tx::math_commit()));
		PACK((ttfs::tx::pack_wait()));
		PACK((ttfs::untilize_at<OutFormat>(ttfs::operand_bytes(out.l1_address), block_ct_dim, 0,
						   block_c_index * block_ct_dim, full_ct_dim, r,
						   "pack_untilize_block")));
		PACK((ttfs::tx::pack_release()));
	}
}

template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim,
	  bool diagonal = false, bool narrow_row = false, std::uint32_t row_num_datums = 32,
	  bool dense = false, DataFormat OutFormat, TensorShape OutShape>
ALWI void pack_untilize_dest_init(LLKOperand<OutFormat, OutShape> out)
{
	static_assert(!diagonal, "pack_untilize_dest_init: diagonal is only supported on WH.");
	static_assert(!narrow_row && row_num_datums == 32 && !dense,
		      "pack_untilize_dest_init: narrow rows and dense packing are not modelled");
	static_assert(block_ct_dim > 0 && full_ct_dim % block_ct_dim == 0,
		      "pack_untilize_dest_init: full_ct_dim must be a positive multiple of block_ct_dim.");
	ttfs::check_whole_tile<OutShape>();
}

template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim,
	  bool diagonal = false, bool narrow_row = false, std::uint32_t row_num_datums = 32,
	  std::uint32_t tile_dst_ct_offset = 0, bool dense = false, DataFormat OutFormat,
	  TensorShape OutShape>
ALWI void pack_untilize_dest(LLKOperand<OutFormat, OutShape> out, std::uint32_t block_rt_dim = 1,
			     std::uint32_t block_c_index = 0, std::uint32_t tile_dst_rt_offset = 0)
{
	static_assert(!diagonal, "pack_untilize_dest: diagonal is only supported on WH.");
	static_assert(!narrow_row && row_num_datums == 32 && !dense,
		      "pack_untilize_dest: narrow rows and dense packing are not modelled");
	ttfs::check_whole_tile<OutShape>();
	for (std::uint32_t r = 0; r < block_rt_dim; r++)
		PACK((ttfs::untilize_at<OutFormat>(
			ttfs::operand_bytes(out.l1_address), block_ct_dim,
			r * block_ct_dim + tile_dst_ct_offset + tile_dst_rt_offset,
			block_c_index * block_ct_dim, full_ct_dim, r, "pack_untilize_dest")));
}

template <DataFormat OutFormat, TensorShape OutShape>
ALWI void pack_untilize_uninit(LLKOperand<OutFormat, OutShape> out)
{
}

}  // namespace experimental

#pragma GCC diagnostic pop
