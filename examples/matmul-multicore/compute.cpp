// SPDX-License-Identifier: Apache-2.0
//
// matmul-multicore, compute (TRISC0..2): n_tiles output tiles, each the
// sum of Kt tile products accumulated in DST register 0 by matmul_tiles,
// then packed to c_16. Which tiles they are is the reader's and the
// writer's business; compute only counts.
//
// Compile-time args: 0 Kt. Runtime args: 0 number of output tiles.
#include <cstdint>
#include "api/compute/matmul.h"
#include "api/compute/tile_move_copy.h"

void kernel_main()
{
	constexpr uint32_t Kt = get_compile_time_arg_val(0);
	uint32_t n_tiles = get_arg_val<uint32_t>(0);

	constexpr auto cb_a = tt::CBIndex::c_0;
	constexpr auto cb_b = tt::CBIndex::c_1;
	constexpr auto cb_out = tt::CBIndex::c_16;

	mm_init(cb_a, cb_b, cb_out);

	for (uint32_t t = 0; t < n_tiles; t++) {
		tile_regs_acquire();
		for (uint32_t kt = 0; kt < Kt; kt++) {
			cb_wait_front(cb_a, 1);
			cb_wait_front(cb_b, 1);
			matmul_tiles(cb_a, cb_b, 0, 0, 0);
			cb_pop_front(cb_a, 1);
			cb_pop_front(cb_b, 1);
		}
		tile_regs_commit();

		tile_regs_wait();
		cb_reserve_back(cb_out, 1);
		pack_tile(0, cb_out);
		cb_push_back(cb_out, 1);
		tile_regs_release();
	}
}
