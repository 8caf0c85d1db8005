// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's 2.0 matmul (2026): api/compute/matmul.h with LLKOperands for
// CB ids. DST[idst] += tile i0 of in0 x tile i1 of in1, in0 unpacked into
// SrcB and in1 into SrcA (compute_kernel_hw_startup<SrcOrder::Reverse>
// first, as tt-metal's); the init's transpose transposes the in1 tiles.
// matmul_block makes an rt_dim x ct_dim block of output tiles from one
// step of k: the products matmul_tiles makes on those tiles, in the same
// order.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/experimental/2_0/llk_operand.h"
#include "ttfs/compute_operand.h"

namespace experimental {

template <DataFormat F0, TensorShape S0, DataFormat F1, TensorShape S1>
ALWI void matmul_init(LLKOperand<F0, S0> in0, LLKOperand<F1, S1> in1, std::uint32_t transpose = 0)
{
	ttfs::check_whole_tile<S0>();
	ttfs::check_whole_tile<S1>();
	UNPACK((ttfs::tx::unpack_a_flags = transpose ? TT_TX_UNPACK_TRANSPOSE : 0u));
}

template <DataFormat F0, TensorShape S0, DataFormat F1, TensorShape S1>
ALWI void matmul_tiles(LLKOperand<F0, S0> in0, LLKOperand<F1, S1> in1,
		       std::uint32_t in0_tile_index, std::uint32_t in1_tile_index, std::uint32_t idst)
{
	ttfs::check_whole_tile<S0>();
	ttfs::check_whole_tile<S1>();
	UNPACK((ttfs::tx::unpack_at(TT_TX_OP_UNPACK_A,
				    ttfs::operand_bytes(detail::tile_address(in1, in1_tile_index)),
				    static_cast<uint32_t>(F1), ttfs::tx::unpack_a_flags)));
	UNPACK((ttfs::tx::unpack_at(TT_TX_OP_UNPACK_B,
				    ttfs::operand_bytes(detail::tile_address(in0, in0_tile_index)),
				    static_cast<uint32_t>(F0), 0)));
	MATH((ttfs::tx::math_matmul(idst, TT_TX_NO_CB)));
}

template <DataFormat F0, TensorShape S0, DataFormat F1, TensorShape S1>
ALWI void matmul_block_init(LLKOperand<F0, S0> in0, LLKOperand<F1, S1> in1,
			    std::uint32_t transpose = 0, std::uint32_t ct_dim = 1,
			    std::uint32_t rt_dim = 1, std::uint32_t kt_dim = 1)
{
	matmul_init(in0, in1, transpose);
}

// DST[idst + r * ct_dim + c] += in0 tile in0_tile_index + r * kt_dim x in1
// tile in1_tile_index + c, for r < rt_dim, c < ct_dim.
template <DataFormat F0, TensorShape S0, DataFormat F1, TensorShape S1>
ALWI void matmul_block(LLKOperand<F0, S0> in0, LLKOperand<F1, S1> in1,
		       std::uint32_t in0_tile_index, std::uint32_t in1_tile_index, std::uint32_t idst,
		       std::uint32_t ct_dim, std::uint32_t rt_dim, std::uint32_t kt_dim)
{
	for (std::uint32_t r = 0; r < rt_dim; r++)
		for (std::uint32_t c = 0; c < ct_dim; c++)
			matmul_tiles(in0, in1, in0_tile_index + r * kt_dim, in1_tile_index + c,
				     idst + r * ct_dim + c);
}

}  // namespace experimental

#pragma GCC diagnostic pop
