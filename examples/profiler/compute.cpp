// SPDX-License-Identifier: Apache-2.0
//
// Compute (TRISC0..2): c_16 = exp(c_0), profiled: a zone around the
// kernel and one per tile on each of the three TRISCs, so the profile
// shows the unpacker, math and the packer taking turns.
//
// Runtime args: 0 number of tiles.
#include <cstdint>
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/exp.h"

void kernel_main()
{
	DeviceZoneScopedN("compute");
	uint32_t n_tiles = get_arg_val<uint32_t>(0);

	constexpr auto cb_in = tt::CBIndex::c_0;
	constexpr auto cb_out = tt::CBIndex::c_16;
	constexpr uint32_t dst = 0;

	init_sfpu(cb_in, cb_out);
	exp_tile_init();

	for (uint32_t i = 0; i < n_tiles; i++) {
		DeviceZoneScopedN("exp-tile");
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
