// SPDX-License-Identifier: Apache-2.0
//
// LLKOperand<Format, Shape> (tt-metal's 2.0 compute API, 2026): an operand
// of a compute op as an L1 address instead of a CB id. Format and Shape
// are template arguments (the compile-time "what"), l1_address the one
// runtime member (the "where"), in tt-llk's unpacker and packer units:
// 16-byte words, minus one, as tt-metal's kernels make it from a CB
// (get_local_cb_interface(cb).fifo_rd_ptr - 1 + fifo_page_size * tile).
// Tile t of an operand is t tile strides past it (detail::tile_address).
//
// The simulator's coprocessor models whole 32x32 tiles: an operand of
// another shape fails to compile, naming the missing partial tiles.
#pragma once

#include <cstdint>

#include "api/compute/experimental/2_0/internal/llk_descriptor.h"

namespace experimental {

template <DataFormat Format, TensorShape Shape>
struct LLKOperand {
	std::uint32_t l1_address;

	constexpr explicit LLKOperand(std::uint32_t addr) : l1_address(addr) {}

	static constexpr LLKMemDescriptor descriptor = LLKMemDescriptor{ Format, Shape };
};

namespace detail {

template <DataFormat Format, TensorShape Shape>
ALWI std::uint32_t tile_address(LLKOperand<Format, Shape> op, std::uint32_t tile_index)
{
	constexpr std::uint32_t stride = tile_stride_words(Format, Shape);

	return op.l1_address + tile_index * stride;
}

}  // namespace detail
}  // namespace experimental

namespace ttfs {

// The byte address the coprocessor's commands take, of an operand's word
// address.
constexpr uint32_t operand_bytes(uint32_t l1_address)
{
	return (l1_address + 1) << TT_CB_COMPUTE_ADDR_SHIFT;
}

template <TensorShape Shape>
constexpr void check_whole_tile()
{
	static_assert(experimental::same_tile_shape(Shape, ckernel::DEFAULT_TENSOR_SHAPE),
		      "2.0 compute API: only whole 32x32 tiles (DEFAULT_TENSOR_SHAPE); ttfs's "
		      "simulated coprocessor does not model partial tiles yet");
}

}  // namespace ttfs
