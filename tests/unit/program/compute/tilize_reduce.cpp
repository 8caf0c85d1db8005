// SPDX-License-Identifier: Apache-2.0
// Tilize fused with a reduce: c_0 holds one tile row of row-major data,
// 2 tiles wide; unpack_tilizeA_B_block tilizes each with the scaler of c_2
// beside it, reduce_tile_math sums tile t along rows into DST t; c_16 gets
// the 2 result tiles.
#include <cstdint>
#include "api/compute/tilize.h"
#include "api/compute/reduce.h"

void kernel_main()
{
	constexpr auto in = tt::CBIndex::c_0, scaler = tt::CBIndex::c_2, out = tt::CBIndex::c_16;
	constexpr uint32_t block = 2;

	tilizeA_B_reduce_init(in, scaler, block, out);
	cb_wait_front(in, block);
	cb_wait_front(scaler, 1);
	tile_regs_acquire();
	unpack_tilizeA_B_block(in, scaler, block, 0);
	for (uint32_t t = 0; t < block; t++)
		reduce_tile_math<PoolType::SUM, ReduceDim::REDUCE_ROW>(t);
	tile_regs_commit();
	tile_regs_wait();
	cb_reserve_back(out, block);
	pack_tile_block(0, out, block);
	cb_push_back(out, block);
	tile_regs_release();
	cb_pop_front(in, block);
	cb_pop_front(scaler, 1);
}
