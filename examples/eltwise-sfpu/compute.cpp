// SPDX-License-Identifier: Apache-2.0
//
// eltwise-sfpu, compute (TRISC0..2): c_16 = exp(c_0). Each tile is copied
// from c_0 into DST register 0 by the unpacker and math, exp runs on the
// SFPU in place in DST, and the packer writes it to c_16.
//
// Runtime args: 0 number of tiles.
#include <cstdint>
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/exp.h"

void kernel_main()
{
	uint32_t n_tiles = get_arg_val<uint32_t>(0);

	constexpr auto cb_in = tt::CBIndex::c_0;
	constexpr auto cb_out = tt::CBIndex::c_16;
	constexpr uint32_t dst = 0;

	init_sfpu(cb_in, cb_out);
	exp_tile_init();

	for (uint32_t i = 0; i < n_tiles; i++) {
		tile_regs_acquire();
		cb_wait_front(cb_in, 1);
		copy_tile(cb_in, 0, dst);
		exp_tile(dst);
		tile_regs_commit();

		tile_regs_wait();
		cb_reserve_back(cb_out, 1);
		pack_tile(dst, cb_out);
		cb_pop_front(cb_in, 1);
		tile_regs_release();
		cb_push_back(cb_out, 1);
	}
}
