// SPDX-License-Identifier: Apache-2.0
// reduce_tile with PoolType::MAX: the maximum along rows of c_0's tile 0
// and along columns of tile 1, times the scaler in c_2, into c_16.
#include <cstdint>
#include "api/compute/reduce.h"

template <ReduceDim dim>
static void reduce_one(uint32_t in, uint32_t scaler, uint32_t out)
{
	cb_wait_front(in, 1);
	tile_regs_acquire();
	reduce_init<PoolType::MAX, dim>(in, scaler, out);
	reduce_tile<PoolType::MAX, dim>(in, scaler, 0, 0, 0);
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
	reduce_one<ReduceDim::REDUCE_ROW>(in, scaler, out);
	reduce_one<ReduceDim::REDUCE_COL>(in, scaler, out);
}
