// SPDX-License-Identifier: Apache-2.0
//
// sharded-add, compute (TRISC0..2): c_16 = c_0 + c_1 tile by tile through
// DST register 0. c_16 is the core's shard of the output buffer, so each
// packed tile lands where the host reads it.
//
// Runtime args: 0 tiles in a shard.
#include <cstdint>
#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
	const uint32_t n_tiles = get_arg_val<uint32_t>(0);

	constexpr auto cb_a = tt::CBIndex::c_0;
	constexpr auto cb_b = tt::CBIndex::c_1;
	constexpr auto cb_sum = tt::CBIndex::c_16;

	binary_op_init_common(cb_a, cb_b, cb_sum);
	add_tiles_init(cb_a, cb_b);
	cb_reserve_back(cb_sum, n_tiles);
	for (uint32_t i = 0; i < n_tiles; i++) {
		cb_wait_front(cb_a, 1);
		cb_wait_front(cb_b, 1);
		tile_regs_acquire();
		add_tiles(cb_a, cb_b, 0, 0, 0);
		tile_regs_commit();
		tile_regs_wait();
		pack_tile(0, cb_sum);   // the next tile of the shard, in order
		tile_regs_release();
		cb_pop_front(cb_a, 1);
		cb_pop_front(cb_b, 1);
	}
	cb_push_back(cb_sum, n_tiles);
}
