// SPDX-License-Identifier: Apache-2.0
//
// eltwise-binary, compute (TRISC0..2): c_16 = c_0 + c_1, one tile at a
// time through DST register 0. The same source is built for unpack, math
// and pack; each API call does its own part on each TRISC.
//
// Runtime args: 0 number of tiles.
#include <cstdint>
#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
	uint32_t n_tiles = get_arg_val<uint32_t>(0);

	constexpr auto cb_a = tt::CBIndex::c_0;
	constexpr auto cb_b = tt::CBIndex::c_1;
	constexpr auto cb_out = tt::CBIndex::c_16;
	constexpr uint32_t dst = 0;

	binary_op_init_common(cb_a, cb_b, cb_out);
	add_tiles_init(cb_a, cb_b);

	for (uint32_t i = 0; i < n_tiles; i++) {
		cb_wait_front(cb_a, 1);
		cb_wait_front(cb_b, 1);

		tile_regs_acquire();
		add_tiles(cb_a, cb_b, 0, 0, dst);
		tile_regs_commit();

		tile_regs_wait();
		cb_reserve_back(cb_out, 1);
		pack_tile(dst, cb_out);
		cb_push_back(cb_out, 1);
		cb_pop_front(cb_a, 1);
		cb_pop_front(cb_b, 1);
		tile_regs_release();
	}
}
