// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's 2.0 broadcast ops (2026): api/compute/bcast.h with
// LLKOperands for CB ids. C = A op B with tile B broadcast: COL repeats
// B's column 0 across each row, ROW its row bcast_row_idx down each
// column, SCALAR its [0][0]; unary_bcast copies B, broadcast, into DST
// (NONE: the tile as it is). The broadcast kind is part of each call, so
// the inits only reset the unpacker's transpose.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/bcast.h"
#include "api/compute/experimental/2_0/eltwise_binary.h"

namespace experimental {

template <BroadcastType bcast_type, DataFormat Format, TensorShape Shape>
ALWI void unary_bcast_init(LLKOperand<Format, Shape> src)
{
	ttfs::check_whole_tile<Shape>();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

template <BroadcastType bcast_type, DataFormat Format, TensorShape Shape>
ALWI void unary_bcast(LLKOperand<Format, Shape> src, std::uint32_t dst_tile_index)
{
	ttfs::check_whole_tile<Shape>();
	if constexpr (bcast_type == BroadcastType::NONE) {
		UNPACK((ttfs::tx::unpack_at(TT_TX_OP_UNPACK_A, ttfs::operand_bytes(src.l1_address),
					    static_cast<uint32_t>(Format), 0)));
		MATH((ttfs::tx::math_copy(dst_tile_index, TT_TX_NO_CB)));
	} else {
		UNPACK((ttfs::tx::unpack_at(TT_TX_OP_UNPACK_B, ttfs::operand_bytes(src.l1_address),
					    static_cast<uint32_t>(Format), 0)));
		MATH((ttfs::tx::math_bcast(dst_tile_index, TT_TX_ELT_COPY, ttfs::bcast_dim(bcast_type),
					   0, "unary_bcast", TT_TX_NO_CB)));
	}
}

template <BroadcastType bcast_type, DataFormat Format, TensorShape Shape>
ALWI void unary_bcast_uninit(LLKOperand<Format, Shape> src)
{
}

template <EltwiseBinaryType tBcastOp, BroadcastType tBcastDim, DataFormat AFormat,
	  TensorShape AShape>
ALWI void bcast_init(LLKOperand<AFormat, AShape> a)
{
	ttfs::check_whole_tile<AShape>();
	static_assert(tBcastDim != BroadcastType::NONE,
		      "bcast_init: use add/sub/mul_init for BroadcastType::NONE.");
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

template <EltwiseBinaryType tBcastOp, BroadcastType tBcastDim, DataFormat AFormat,
	  TensorShape AShape, DataFormat BFormat, TensorShape BShape>
ALWI void any_tiles_bcast(LLKOperand<AFormat, AShape> a, LLKOperand<BFormat, BShape> b,
			  std::uint32_t itile0, std::uint32_t itile1, std::uint32_t idst,
			  std::uint32_t bcast_row_idx = 0)
{
	static_assert(tBcastDim != BroadcastType::NONE,
		      "any_tiles_bcast: use add/sub/mul_tiles for BroadcastType::NONE.");
	static_assert(tBcastOp == EltwiseBinaryType::ELWADD || tBcastOp == EltwiseBinaryType::ELWSUB ||
			      tBcastOp == EltwiseBinaryType::ELWMUL,
		      "broadcast ops are ELWADD, ELWSUB and ELWMUL");
	ttfs::check_whole_tile<BShape>();
	ttfs::binary_operands(a, b, itile0, itile1);
	MATH((ttfs::tx::math_bcast(idst, ttfs::eltwise_op(tBcastOp), ttfs::bcast_dim(tBcastDim),
				   bcast_row_idx, "any_tiles_bcast", TT_TX_NO_CB)));
}

#define TTFS_BCAST_2_0(name, type)                                                             \
	template <BroadcastType tBcastDim, DataFormat AFormat, TensorShape AShape,              \
		  DataFormat BFormat, TensorShape BShape>                                      \
	ALWI void name(LLKOperand<AFormat, AShape> a, LLKOperand<BFormat, BShape> b,            \
		       std::uint32_t itile0, std::uint32_t itile1, std::uint32_t idst,          \
		       std::uint32_t bcast_row_idx = 0)                                        \
	{                                                                                      \
		any_tiles_bcast<EltwiseBinaryType::type, tBcastDim>(a, b, itile0, itile1, idst,   \
								     bcast_row_idx);           \
	}
TTFS_BCAST_2_0(add_tiles_bcast, ELWADD)
TTFS_BCAST_2_0(sub_tiles_bcast, ELWSUB)
TTFS_BCAST_2_0(mul_tiles_bcast, ELWMUL)
#undef TTFS_BCAST_2_0

}  // namespace experimental

#pragma GCC diagnostic pop
