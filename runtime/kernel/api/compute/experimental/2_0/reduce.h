// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's 2.0 reduce (2026): api/compute/reduce.h with LLKOperands for
// CB ids. The data tile goes to SrcA, the scaler tile to SrcB; the result
// is accumulated into DST[idst] (SUM, AVG by the scaler, MAX; along rows,
// columns or both), as reduce_tile's.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/reduce.h"
#include "api/compute/experimental/2_0/llk_operand.h"
#include "ttfs/compute_operand.h"

namespace experimental {

template <PoolType reduce_type, ReduceDim reduce_dim, DataFormat DF, TensorShape DS, DataFormat OF,
	  TensorShape OS>
ALWI void reduce_init(LLKOperand<DF, DS> data, LLKOperand<OF, OS> out)
{
	ttfs::check_whole_tile<DS>();
	ttfs::check_whole_tile<OS>();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

template <PoolType reduce_type, ReduceDim reduce_dim, DataFormat DF, TensorShape DS, DataFormat SF,
	  TensorShape SS>
ALWI void reduce_tile(LLKOperand<DF, DS> data, LLKOperand<SF, SS> scaler, std::uint32_t itile,
		      std::uint32_t itile_scaler, std::uint32_t idst)
{
	ttfs::check_whole_tile<DS>();
	ttfs::check_whole_tile<SS>();
	static_assert(!(reduce_dim == ReduceDim::REDUCE_ROW && reduce_type != PoolType::MAX) || DF == SF,
		      "reduce_tile: REDUCE_ROW (non-MAX) swaps SrcA/SrcB, so data and scaler must "
		      "have the same data format.");
	UNPACK((ttfs::tx::unpack_at(TT_TX_OP_UNPACK_A,
				    ttfs::operand_bytes(detail::tile_address(data, itile)),
				    static_cast<uint32_t>(DF), 0)));
	UNPACK((ttfs::tx::unpack_at(TT_TX_OP_UNPACK_B,
				    ttfs::operand_bytes(detail::tile_address(scaler, itile_scaler)),
				    static_cast<uint32_t>(SF), 0)));
	MATH((ttfs::tx::math_reduce(idst, ttfs::reduce_dim(reduce_dim), ttfs::reduce_pool(reduce_type),
				    TT_TX_NO_CB)));
}

// Data tile start_itile + i into DST[start_idst + i], one scaler.
template <PoolType reduce_type, ReduceDim reduce_dim, DataFormat DF, TensorShape DS, DataFormat SF,
	  TensorShape SS>
ALWI void reduce_block(LLKOperand<DF, DS> data, LLKOperand<SF, SS> scaler,
		       std::uint32_t start_itile, std::uint32_t itile_scaler,
		       std::uint32_t start_idst, std::uint32_t ntiles)
{
	for (std::uint32_t i = 0; i < ntiles; ++i)
		reduce_tile<reduce_type, reduce_dim>(data, scaler, start_itile + i, itile_scaler,
						     start_idst + i);
}

// The math part alone, after a fused unpack (whole tiles: num_faces is
// accepted and ignored).
template <PoolType reduce_type, ReduceDim reduce_dim>
ALWI void reduce_tile_math(std::uint32_t idst, std::uint32_t num_faces = 4)
{
	::reduce_tile_math<reduce_type, reduce_dim>(idst, num_faces);
}

ALWI void reduce_uninit()
{
}

}  // namespace experimental

#pragma GCC diagnostic pop
