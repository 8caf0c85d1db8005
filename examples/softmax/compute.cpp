// SPDX-License-Identifier: Apache-2.0
//
// softmax, compute (TRISC0..2): for each tile row of x in c_0 (wt tiles),
// softmax along each of its 32 rows, as ttnn's softmax kernel does it:
//   max  = reduce MAX along rows            -> c_24 (column 0)
//   e    = exp(x - max), max broadcast along columns -> c_25
//   inv  = 1 / reduce SUM of e along rows   -> c_26 (column 0)
//   out  = e * inv, inv broadcast along columns -> c_16
// The reduce scaler in c_2 is a tile of ones.
//
// Runtime args: 0 tile rows, 1 tiles per row.
#include <cstdint>
#include "api/compute/bcast.h"
#include "api/compute/reduce.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"

constexpr auto cb_x = tt::CBIndex::c_0, cb_scaler = tt::CBIndex::c_2, cb_out = tt::CBIndex::c_16;
constexpr auto cb_max = tt::CBIndex::c_24, cb_exp = tt::CBIndex::c_25, cb_inv = tt::CBIndex::c_26;

// DST 0 into one page of cb.
static void pack_one(uint32_t cb)
{
	tile_regs_commit();
	tile_regs_wait();
	cb_reserve_back(cb, 1);
	pack_tile(0, cb);
	cb_push_back(cb, 1);
	tile_regs_release();
}

// Reduce the wt tiles of cb along rows into DST 0 (the caller commits).
template <PoolType pool>
static void reduce_row(uint32_t cb, uint32_t wt)
{
	tile_regs_acquire();
	reduce_init<pool, ReduceDim::REDUCE_ROW>(cb, cb_scaler, cb_max);
	for (uint32_t w = 0; w < wt; w++)
		reduce_tile<pool, ReduceDim::REDUCE_ROW>(cb, cb_scaler, w, 0, 0);
	reduce_uninit();
}

void kernel_main()
{
	uint32_t rows = get_arg_val<uint32_t>(0), wt = get_arg_val<uint32_t>(1);

	init_bcast<EltwiseBinaryType::ELWSUB, BroadcastType::COL>(cb_x, cb_max, cb_exp);
	cb_wait_front(cb_scaler, 1);
	for (uint32_t r = 0; r < rows; r++) {
		cb_wait_front(cb_x, wt);
		reduce_row<PoolType::MAX>(cb_x, wt);
		pack_one(cb_max);

		cb_wait_front(cb_max, 1);
		for (uint32_t w = 0; w < wt; w++) {
			tile_regs_acquire();
			sub_bcast_cols_init_short(cb_x, cb_max);
			sub_tiles_bcast_cols(cb_x, cb_max, w, 0, 0);
			exp_tile_init();
			exp_tile(0);
			pack_one(cb_exp);
		}
		cb_pop_front(cb_max, 1);
		cb_pop_front(cb_x, wt);

		cb_wait_front(cb_exp, wt);
		reduce_row<PoolType::SUM>(cb_exp, wt);
		recip_tile_init();
		recip_tile(0);
		pack_one(cb_inv);

		cb_wait_front(cb_inv, 1);
		for (uint32_t w = 0; w < wt; w++) {
			tile_regs_acquire();
			mul_bcast_cols_init_short(cb_exp, cb_inv);
			mul_tiles_bcast_cols(cb_exp, cb_inv, w, 0, 0);
			pack_one(cb_out);
		}
		cb_pop_front(cb_inv, 1);
		cb_pop_front(cb_exp, wt);
	}
	cb_pop_front(cb_scaler, 1);
}
