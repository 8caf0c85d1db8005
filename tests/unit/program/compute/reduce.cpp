// SPDX-License-Identifier: Apache-2.0
// reduce_tile, times the scaler in c_2, from tiles 0..3 of c_0 into c_16:
// SUM along rows, SUM along columns, MAX along rows, MAX along columns.
#include <cstdint>
#include "api/compute/reduce.h"

template <PoolType pool, ReduceDim dim>
static void reduce_one(uint32_t in, uint32_t scaler, uint32_t out)
{
	cb_wait_front(in, 1);
	tile_regs_acquire();
	reduce_init<pool, dim>(in, scaler, out);
	reduce_tile<pool, dim>(in, scaler, 0, 0, 0);
	reduce_uninit();
	tile_regs_commit();
	tile_regs_wait();
	cb_reserve_back(out, 1);
	pack_tile(0, out);
	cb_push_back(out, 1);
	tile_regs_release();
	cb_pop_front(in, 1);
}

void kernel_main()
{
	constexpr auto in = tt::CBIndex::c_0, scaler = tt::CBIndex::c_2, out = tt::CBIndex::c_16;

	cb_wait_front(scaler, 1);
	reduce_one<PoolType::SUM, ReduceDim::REDUCE_ROW>(in, scaler, out);
	reduce_one<PoolType::SUM, ReduceDim::REDUCE_COL>(in, scaler, out);
	reduce_one<PoolType::MAX, ReduceDim::REDUCE_ROW>(in, scaler, out);
	reduce_one<PoolType::MAX, ReduceDim::REDUCE_COL>(in, scaler, out);
}
