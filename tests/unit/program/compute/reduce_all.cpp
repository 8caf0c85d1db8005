// SPDX-License-Identifier: Apache-2.0
// reduce_tile for every pool and dimension: SUM, AVG, MAX (t / 3) along
// rows, columns and both (t % 3), tile t of c_0 scaled by tile t / 3 of c_2
// (1, the average's scaler, 1), into tile t of c_16. Tiles 9-11: SUM with
// reduce_block over tiles 0-2 into three DST tiles.
#include <cstdint>
#include "api/compute/reduce.h"

constexpr auto in = tt::CBIndex::c_0, scaler = tt::CBIndex::c_2, out = tt::CBIndex::c_16;

template <PoolType pool, ReduceDim dim>
static void one(uint32_t t)
{
	tile_regs_acquire();
	reduce_init<pool, dim>(in, scaler, out);
	reduce_tile<pool, dim>(in, scaler, t, t / 3, 0);
	reduce_uninit();
	tile_regs_commit();
	tile_regs_wait();
	pack_tile(0, out);
	tile_regs_release();
}

template <PoolType pool>
static void three(uint32_t t)
{
	one<pool, ReduceDim::REDUCE_ROW>(t);
	one<pool, ReduceDim::REDUCE_COL>(t + 1);
	one<pool, ReduceDim::REDUCE_SCALAR>(t + 2);
}

void kernel_main()
{
	cb_wait_front(in, 9);
	cb_wait_front(scaler, 3);
	cb_reserve_back(out, 12);
	three<PoolType::SUM>(0);
	three<PoolType::AVG>(3);
	three<PoolType::MAX>(6);
	tile_regs_acquire();
	reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(in, scaler, out);
	reduce_block<PoolType::SUM, ReduceDim::REDUCE_ROW>(in, scaler, 0, 0, 0, 3);
	tile_regs_commit();
	tile_regs_wait();
	pack_tile_block(0, out, 3);
	tile_regs_release();
	cb_push_back(out, 12);
	cb_pop_front(in, 9);
	cb_pop_front(scaler, 3);
}
