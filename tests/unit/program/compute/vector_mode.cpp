// SPDX-License-Identifier: Apache-2.0
// vector_mode: negative of tile 0 with VectorMode::R (the top two faces
// only), of tile 1 with VectorMode::C (the left two faces only), into c_16.
#include <cstdint>
#include "api/compute/compute_kernel_api.h"

void kernel_main()
{
	constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;

	init_sfpu(in, out);
	for (uint32_t t = 0; t < 2; t++) {
		cb_wait_front(in, 1);
		tile_regs_acquire();
		copy_tile(in, 0, 0);
		negative_tile_init();
		if (t == 0)
			negative_tile(0, (int)VectorMode::R);
		else
			negative_tile(0, (int)VectorMode::C);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(out, 1);
		pack_tile(0, out);
		cb_push_back(out, 1);
		tile_regs_release();
		cb_pop_front(in, 1);
	}
}
