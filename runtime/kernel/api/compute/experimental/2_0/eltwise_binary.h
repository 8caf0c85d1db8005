// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's 2.0 eltwise binary ops (2026): the add/sub/mul of
// api/compute/eltwise_binary.h with LLKOperands for CB ids. A is unpacked
// into SrcA, B into SrcB; DST[idst] = A op B, or DST op the operand with
// dest reuse. Tile t of an operand is t tile strides past its address.
// Formats are the operands' own; compute_kernel_hw_startup runs first.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/experimental/2_0/llk_operand.h"
#include "ttfs/compute_operand.h"

namespace ttfs {

template <DataFormat AF, TensorShape AS, DataFormat BF, TensorShape BS>
ALWI void binary_operands(experimental::LLKOperand<AF, AS> a, experimental::LLKOperand<BF, BS> b,
			  uint32_t itile0, uint32_t itile1)
{
	check_whole_tile<AS>();
	static_assert(experimental::same_tile_shape(AS, BS),
		      "binary op: operands A and B must have the same tile shape");
	UNPACK((tx::unpack_at(TT_TX_OP_UNPACK_A,
			      operand_bytes(experimental::detail::tile_address(a, itile0)),
			      static_cast<uint32_t>(AF), 0)));
	UNPACK((tx::unpack_at(TT_TX_OP_UNPACK_B,
			      operand_bytes(experimental::detail::tile_address(b, itile1)),
			      static_cast<uint32_t>(BF), 0)));
}

constexpr uint32_t binary_op(EltwiseBinaryType t)
{
	return t == EltwiseBinaryType::ELWADD ? TT_TX_ELT_ADD :
	       t == EltwiseBinaryType::ELWSUB ? TT_TX_ELT_SUB : TT_TX_ELT_MUL;
}

}  // namespace ttfs

namespace experimental {

// acc_to_dest adds the result to DST (add and sub; mul ignores it, as
// tt-metal's on Blackhole).
template <EltwiseBinaryType eltwise_binary_type, DataFormat AFormat, TensorShape AShape>
ALWI void binary_tiles_init(LLKOperand<AFormat, AShape> a, bool acc_to_dest = false)
{
	ttfs::check_whole_tile<AShape>();
	static_assert(eltwise_binary_type == EltwiseBinaryType::ELWADD ||
			      eltwise_binary_type == EltwiseBinaryType::ELWSUB ||
			      eltwise_binary_type == EltwiseBinaryType::ELWMUL,
		      "binary ops are ELWADD, ELWSUB and ELWMUL");
	MATH((ttfs::tx::eltwise_flags = eltwise_binary_type != EltwiseBinaryType::ELWMUL && acc_to_dest ?
						TT_TX_MATH_ACC : 0u));
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

template <DataFormat AFormat, TensorShape AShape>
ALWI void add_init(LLKOperand<AFormat, AShape> a, bool acc_to_dest = false)
{
	binary_tiles_init<EltwiseBinaryType::ELWADD>(a, acc_to_dest);
}

template <DataFormat AFormat, TensorShape AShape>
ALWI void sub_init(LLKOperand<AFormat, AShape> a, bool acc_to_dest = false)
{
	binary_tiles_init<EltwiseBinaryType::ELWSUB>(a, acc_to_dest);
}

template <DataFormat AFormat, TensorShape AShape>
ALWI void mul_init(LLKOperand<AFormat, AShape> a, bool acc_to_dest = true)
{
	binary_tiles_init<EltwiseBinaryType::ELWMUL>(a, acc_to_dest);
}

#define TTFS_BINARY_2_0(name, type)                                                              \
	template <DataFormat AFormat, TensorShape AShape, DataFormat BFormat, TensorShape BShape> \
	ALWI void name##_tiles(LLKOperand<AFormat, AShape> a, LLKOperand<BFormat, BShape> b,     \
			       std::uint32_t itile0, std::uint32_t itile1, std::uint32_t idst)  \
	{                                                                                        \
		ttfs::binary_operands(a, b, itile0, itile1);                                     \
		MATH((ttfs::tx::math_eltwise(idst, ttfs::binary_op(EltwiseBinaryType::type),      \
					     #name "_tiles", TT_TX_NO_CB)));                     \
	}                                                                                        \
	template <DataFormat AFormat, TensorShape AShape, DataFormat BFormat, TensorShape BShape> \
	ALWI void name##_block(LLKOperand<AFormat, AShape> a, LLKOperand<BFormat, BShape> b,     \
			       std::uint32_t start_itile0, std::uint32_t start_itile1,           \
			       std::uint32_t start_idst, std::uint32_t ntiles)                   \
	{                                                                                        \
		for (std::uint32_t i = 0; i < ntiles; ++i)                                       \
			name##_tiles(a, b, start_itile0 + i, start_itile1 + i, start_idst + i);  \
	}
TTFS_BINARY_2_0(add, ELWADD)
TTFS_BINARY_2_0(sub, ELWSUB)
TTFS_BINARY_2_0(mul, ELWMUL)
#undef TTFS_BINARY_2_0

// ---- dest reuse: DST[dst_tile_index] is one operand ------------------------------------
//
// DEST_TO_SRCA: DST op in (in's tile goes to SrcB); DEST_TO_SRCB: in op DST.

namespace detail {

template <EltwiseBinaryType eltwise_binary_type, EltwiseBinaryReuseDestType reuse_dest,
	  DataFormat Format, TensorShape Shape>
ALWI void binary_reuse_dest_init(LLKOperand<Format, Shape> in)
{
	ttfs::check_whole_tile<Shape>();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

template <EltwiseBinaryType eltwise_binary_type, EltwiseBinaryReuseDestType reuse_dest,
	  DataFormat Format, TensorShape Shape>
ALWI void binary_reuse_dest_tiles(LLKOperand<Format, Shape> in, std::uint32_t in_tile_index,
				  std::uint32_t dst_tile_index)
{
	constexpr bool dst_is_a = reuse_dest == EltwiseBinaryReuseDestType::DEST_TO_SRCA;

	ttfs::check_whole_tile<Shape>();
	UNPACK((ttfs::tx::unpack_at(dst_is_a ? TT_TX_OP_UNPACK_B : TT_TX_OP_UNPACK_A,
				    ttfs::operand_bytes(tile_address(in, in_tile_index)),
				    static_cast<uint32_t>(Format), 0)));
	MATH((ttfs::tx::math_reuse(dst_tile_index, ttfs::binary_op(eltwise_binary_type),
				   dst_is_a ? TT_TX_REUSE_SRCA : TT_TX_REUSE_SRCB,
				   "binary_reuse_dest_tiles", TT_TX_NO_CB)));
}

}  // namespace detail

#define TTFS_REUSE_2_0(name, type)                                                             \
	template <EltwiseBinaryReuseDestType reuse_dest, DataFormat Format, TensorShape Shape>  \
	ALWI void name##_reuse_dest_init(LLKOperand<Format, Shape> in)                          \
	{                                                                                      \
		static_assert(reuse_dest != EltwiseBinaryReuseDestType::NONE,                  \
			      "reuse_dest must be DEST_TO_SRCA or DEST_TO_SRCB; for the "     \
			      "two-operand op call " #name "_init(a).");                      \
		detail::binary_reuse_dest_init<EltwiseBinaryType::type, reuse_dest>(in);        \
	}                                                                                      \
	template <EltwiseBinaryReuseDestType reuse_dest, DataFormat Format, TensorShape Shape>  \
	ALWI void name##_reuse_dest_tiles(LLKOperand<Format, Shape> in, std::uint32_t itile,   \
					  std::uint32_t idst)                                  \
	{                                                                                      \
		static_assert(reuse_dest != EltwiseBinaryReuseDestType::NONE,                  \
			      "reuse_dest must be DEST_TO_SRCA or DEST_TO_SRCB");              \
		detail::binary_reuse_dest_tiles<EltwiseBinaryType::type, reuse_dest>(in, itile, \
										      idst);   \
	}
TTFS_REUSE_2_0(add, ELWADD)
TTFS_REUSE_2_0(sub, ELWSUB)
TTFS_REUSE_2_0(mul, ELWMUL)
#undef TTFS_REUSE_2_0

}  // namespace experimental

#pragma GCC diagnostic pop
