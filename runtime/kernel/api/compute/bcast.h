// SPDX-License-Identifier: Apache-2.0
//
// Broadcast ops, as tt-metal's bcast.h: C = A op B with tile B broadcast,
// A tile itile0 of icb0 (into SrcA), B tile itile1 of icb1 (into SrcB):
// COL repeats B's column 0 across each row (C[h][w] = A[h][w] op B[h][0]),
// ROW its row bcast_row_idx (0 by default) down each column
// (B[bcast_row_idx][w]), SCALAR its [0][0]. The result goes to DST[idst]
// (not accumulated). mul uses the build's math fidelity; add and sub are
// exact (tt-metal runs them at LoFi, which only affects multiplies).
// unary_bcast copies tile B, broadcast, into DST.
//
// The inits are accepted in every spelling tt-metal has (the 2026 ones,
// bcast_init<op, dim> and add_bcast_rows_init ..., and the deprecated
// *_init_short and init_bcast beside them); the broadcast kind is a
// property of each op call, so they only reset the unpacker's transpose
// (and the full inits configure, as binary_op_init_common). The DST mode
// is the build's (fp32_dest_acc_en): the is_fp32_dest_acc_en template
// argument tt-metal's ops take since 2026 is accepted and changes nothing.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

namespace ttfs {

constexpr uint32_t bcast_dim(BroadcastType b)
{
	return b == BroadcastType::COL ? TT_TX_BCAST_COL :
	       b == BroadcastType::ROW ? TT_TX_BCAST_ROW : TT_TX_BCAST_SCALAR;
}

constexpr uint32_t eltwise_op(EltwiseBinaryType t)
{
	return t == EltwiseBinaryType::ELWADD ? TT_TX_ELT_ADD :
	       t == EltwiseBinaryType::ELWSUB ? TT_TX_ELT_SUB : TT_TX_ELT_MUL;
}

// A binary broadcast op: both tiles unpacked, math broadcasts SrcB.
template <EltwiseBinaryType op, BroadcastType dim>
ALWI void bcast_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst,
		      uint32_t row, const char *call)
{
	static_assert(dim != BroadcastType::NONE, "a broadcast op needs COL, ROW or SCALAR");
	static_assert(op == EltwiseBinaryType::ELWADD || op == EltwiseBinaryType::ELWSUB ||
			      op == EltwiseBinaryType::ELWMUL,
		      "broadcast ops are ELWADD, ELWSUB and ELWMUL");
	UNPACK((tx::unpack(TT_TX_OP_UNPACK_A, icb0, itile0, 0, call)));
	UNPACK((tx::unpack(TT_TX_OP_UNPACK_B, icb1, itile1, 0, call)));
	MATH((tx::math_bcast(idst, eltwise_op(op), bcast_dim(dim), row, call, icb0)));
}

ALWI void bcast_init_short()
{
	UNPACK((tx::unpack_a_flags = 0));
}

}  // namespace ttfs

// ---- unary broadcast -----------------------------------------------------------------

// The 2026 init, after compute_kernel_hw_startup (no call_line: it would
// make a one-CB call ambiguous with the full init below).
template <BroadcastType bcast_type, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void unary_bcast_init(uint32_t icb)
{
	ttfs::bcast_init_short();
}

// The full init (deprecated in tt-metal since 2026).
template <BroadcastType bcast_type>
ALWI void unary_bcast_init(uint32_t icb, uint32_t ocb, uint32_t call_line = __builtin_LINE())
{
	ttfs::tx::configure();
	ttfs::bcast_init_short();
}

template <BroadcastType bcast_type, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void unary_bcast(uint32_t icb, uint32_t in_tile_index, uint32_t dst_tile_index)
{
	static_assert(bcast_type != BroadcastType::NONE, "unary_bcast needs COL, ROW or SCALAR");
	UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_B, icb, in_tile_index, 0, "unary_bcast")));
	MATH((ttfs::tx::math_bcast(dst_tile_index, TT_TX_ELT_COPY, ttfs::bcast_dim(bcast_type), 0,
				   "unary_bcast", icb)));
}

template <BroadcastType bcast_type>
ALWI void unary_bcast_uninit(uint32_t icb)
{
}

template <BroadcastType old_bcast_type, BroadcastType new_bcast_type,
	  bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void reconfigure_unary_bcast(uint32_t old_icb, uint32_t new_icb, uint32_t old_ocb,
				  uint32_t new_ocb)
{
}

// ---- full init and the generic forms ---------------------------------------------------

template <EltwiseBinaryType tBcastOp, BroadcastType tBcastDim,
	  bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void init_bcast(uint32_t icb0, uint32_t icb1, uint32_t ocb = 16,
		     uint32_t call_line = __builtin_LINE())
{
	ttfs::tx::configure();
	ttfs::bcast_init_short();
}

// The 2026 init of a broadcast op, after compute_kernel_hw_startup.
template <EltwiseBinaryType tBcastOp, BroadcastType tBcastDim>
ALWI void bcast_init(uint32_t icb0, uint32_t icb1, uint32_t call_line = __builtin_LINE())
{
	ttfs::bcast_init_short();
}

template <EltwiseBinaryType tBcastOp, BroadcastType tBcastDim,
	  bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void any_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
			  uint32_t idst, uint32_t bcast_row_idx = 0)
{
	ttfs::bcast_tiles<tBcastOp, tBcastDim>(icb0, icb1, itile0, itile1, idst, bcast_row_idx,
					       "any_tiles_bcast");
}

template <BroadcastType tBcastDim, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void add_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
			  uint32_t idst, uint32_t bcast_row_idx = 0)
{
	ttfs::bcast_tiles<EltwiseBinaryType::ELWADD, tBcastDim>(icb0, icb1, itile0, itile1, idst,
								bcast_row_idx, "add_tiles_bcast");
}

template <BroadcastType tBcastDim, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void sub_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
			  uint32_t idst, uint32_t bcast_row_idx = 0)
{
	ttfs::bcast_tiles<EltwiseBinaryType::ELWSUB, tBcastDim>(icb0, icb1, itile0, itile1, idst,
								bcast_row_idx, "sub_tiles_bcast");
}

template <BroadcastType tBcastDim, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void mul_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
			  uint32_t idst, uint32_t bcast_row_idx = 0)
{
	ttfs::bcast_tiles<EltwiseBinaryType::ELWMUL, tBcastDim>(icb0, icb1, itile0, itile1, idst,
								bcast_row_idx, "mul_tiles_bcast");
}

// ---- the shorthand names ---------------------------------------------------------------

#define TTFS_BCAST_OP(name, op, dim)                                                           \
	template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                                   \
	ALWI void name(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,          \
		       uint32_t idst)                                                          \
	{                                                                                      \
		ttfs::bcast_tiles<EltwiseBinaryType::op, BroadcastType::dim>(icb0, icb1, itile0, \
									     itile1, idst, 0, #name); \
	}
#define TTFS_BCAST_ROW_OP(name, op)                                                            \
	template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                                   \
	ALWI void name(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,          \
		       uint32_t idst, uint32_t bcast_row_idx = 0)                              \
	{                                                                                      \
		ttfs::bcast_tiles<EltwiseBinaryType::op, BroadcastType::ROW>(                    \
			icb0, icb1, itile0, itile1, idst, bcast_row_idx, #name);                 \
	}
#define TTFS_BCAST_INIT(name)                                                                  \
	ALWI void name(uint32_t icb0, uint32_t icb1, uint32_t call_line = __builtin_LINE())     \
	{                                                                                      \
		ttfs::bcast_init_short();                                                      \
	}

TTFS_BCAST_OP(add_tiles_bcast_cols, ELWADD, COL)
TTFS_BCAST_OP(sub_tiles_bcast_cols, ELWSUB, COL)
TTFS_BCAST_OP(mul_tiles_bcast_cols, ELWMUL, COL)
TTFS_BCAST_ROW_OP(add_tiles_bcast_rows, ELWADD)
TTFS_BCAST_ROW_OP(sub_tiles_bcast_rows, ELWSUB)
TTFS_BCAST_ROW_OP(mul_tiles_bcast_rows, ELWMUL)
TTFS_BCAST_OP(add_tiles_bcast_scalar, ELWADD, SCALAR)
TTFS_BCAST_OP(sub_tiles_bcast_scalar, ELWSUB, SCALAR)
TTFS_BCAST_OP(mul_tiles_bcast_scalar, ELWMUL, SCALAR)

// The 2026 names, then the deprecated *_init_short ones.
TTFS_BCAST_INIT(add_bcast_rows_init)
TTFS_BCAST_INIT(sub_bcast_rows_init)
TTFS_BCAST_INIT(mul_bcast_rows_init)
TTFS_BCAST_INIT(add_bcast_cols_init)
TTFS_BCAST_INIT(sub_bcast_cols_init)
TTFS_BCAST_INIT(mul_bcast_cols_init)
TTFS_BCAST_INIT(add_bcast_scalar_init)
TTFS_BCAST_INIT(sub_bcast_scalar_init)
TTFS_BCAST_INIT(mul_bcast_scalar_init)

TTFS_BCAST_INIT(add_bcast_rows_init_short)
TTFS_BCAST_INIT(sub_bcast_rows_init_short)
TTFS_BCAST_INIT(mul_bcast_rows_init_short)
TTFS_BCAST_INIT(add_bcast_cols_init_short)
TTFS_BCAST_INIT(sub_bcast_cols_init_short)
TTFS_BCAST_INIT(mul_bcast_cols_init_short)
TTFS_BCAST_INIT(add_bcast_scalar_init_short)
TTFS_BCAST_INIT(mul_tiles_bcast_scalar_init_short)
TTFS_BCAST_INIT(sub_tiles_bcast_scalar_init_short)

#undef TTFS_BCAST_OP
#undef TTFS_BCAST_ROW_OP
#undef TTFS_BCAST_INIT

#pragma GCC diagnostic pop
