// SPDX-License-Identifier: Apache-2.0
//
// Reductions of a tile along rows (into column 0), columns (into row 0) or
// both (into [0][0]), summed (SUM, AVG: the scaler tile does the
// averaging, as in tt-metal) or maximised, each element scaled by element
// [0][0] of the scaler tile (tt-metal fills the first row of each face
// with it). REDUCE_SCALAR pools columns, then the row of results, and
// scales at each pass, as silicon does: an average over a tile takes the
// scaler 1/sqrt(1024). The result is accumulated into DST[idst], so
// several tiles reduce into one.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

namespace ttfs {

constexpr uint32_t reduce_dim(ReduceDim d)
{
	return d == ReduceDim::REDUCE_ROW ? TT_TX_REDUCE_ROW :
	       d == ReduceDim::REDUCE_COL ? TT_TX_REDUCE_COL : TT_TX_REDUCE_SCALAR;
}

constexpr uint32_t reduce_pool(PoolType p)
{
	return p == PoolType::MAX ? TT_TX_POOL_MAX : TT_TX_POOL_SUM;
}

}  // namespace ttfs

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM,
	  bool enforce_fp32_accumulation = false>
ALWI void reduce_init(uint32_t icb, uint32_t icb_scaler, uint32_t ocb)
{
	(void)icb;
	(void)icb_scaler;
	(void)ocb;
	ttfs::tx::configure();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

// tt-metal's 2024 form, which ttnn's reduce kernels of that time call as
// reduce_init<true>(icb, scaler_cb, ocb) with REDUCE_OP and REDUCE_DIM from
// their defines. at_start chose how the packer's edge mask was set up,
// which the simulated packer does not need.
template <bool at_start, PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
ALWI void reduce_init(uint32_t icb, uint32_t icb_scaler, uint32_t ocb = 16)
{
	reduce_init<reduce_type, reduce_dim>(icb, icb_scaler, ocb);
}

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM,
	  bool enforce_fp32_accumulation = false>
ALWI void reduce_init_short(uint32_t icb, uint32_t icb_scaler, uint32_t ocb)
{
	reduce_init<reduce_type, reduce_dim>(icb, icb_scaler, ocb);
}

template <bool enforce_fp32_accumulation = false, typename... T>
ALWI void reduce_uninit(T...)
{
}

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM,
	  bool enforce_fp32_accumulation = false>
ALWI void reduce_tile(uint32_t icb, uint32_t icb_scaler, uint32_t itile, uint32_t itile_scaler,
		      uint32_t idst)
{
	UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_A, icb, itile, 0, "reduce_tile")));
	UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_B, icb_scaler, itile_scaler, 0, "reduce_tile")));
	MATH((ttfs::tx::math_reduce(idst, ttfs::reduce_dim(reduce_dim), ttfs::reduce_pool(reduce_type), icb)));
}

// The math part alone: reduce what the unpacker put in SrcA and SrcB
// (unpack_tilizeA_B_block, tilize.h) into DST[idst]. Whole tiles only:
// num_faces is accepted and ignored.
template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM,
	  bool enforce_fp32_accumulation = false>
ALWI void reduce_tile_math(uint32_t idst, uint32_t num_faces = 4)
{
	MATH((ttfs::tx::math_reduce(idst, ttfs::reduce_dim(reduce_dim), ttfs::reduce_pool(reduce_type),
				    TT_TX_NO_CB)));
}

// ntiles consecutive tiles into consecutive DST tiles, one scaler (the
// 2026 block form).
template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM,
	  bool enforce_fp32_accumulation = false>
ALWI void reduce_block(uint32_t icb, uint32_t icb_scaler, uint32_t start_itile,
		       uint32_t itile_scaler, uint32_t start_idst, uint32_t ntiles)
{
	for (uint32_t i = 0; i < ntiles; i++)
		reduce_tile<reduce_type, reduce_dim>(icb, icb_scaler, start_itile + i, itile_scaler,
						     start_idst + i);
}

#pragma GCC diagnostic pop
