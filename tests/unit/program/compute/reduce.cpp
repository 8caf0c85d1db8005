// SPDX-License-Identifier: Apache-2.0
// reduce_tile, sum along rows of c_0's tile 0 and along columns of tile 1,
// times the scaler in c_2, into c_16.
#include <cstdint>
#include "api/compute/reduce.h"

void kernel_main()
{
	constexpr auto in = tt::CBIndex::c_0, scaler = tt::CBIndex::c_2, out = tt::CBIndex::c_16;

	cb_wait_front(scaler, 1);
	for (uint32_t t = 0; t < 2; t++) {
		cb_wait_front(in, 1);
		tile_regs_acquire();
		if (t == 0) {
			reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(in, scaler, out);
			reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(in, scaler, 0, 0, 0);
		} else {
			reduce_init<PoolType::SUM, ReduceDim::REDUCE_COL>(in, scaler, out);
			reduce_tile<PoolType::SUM, ReduceDim::REDUCE_COL>(in, scaler, 0, 0, 0);
		}
		reduce_uninit();
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(out, 1);
		pack_tile(0, out);
		cb_push_back(out, 1);
		tile_regs_release();
		cb_pop_front(in, 1);
	}
}
