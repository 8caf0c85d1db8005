// SPDX-License-Identifier: Apache-2.0
// Transpose: tiles 0-1 of c_0 with transpose_wh_tile, tiles 2-3 with
// transpose_block, into c_16.
#include <cstdint>
#include "api/compute/transpose_wh.h"

void kernel_main()
{
	constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;

	transpose_wh_init(in, out);
	cb_wait_front(in, 4);
	cb_reserve_back(out, 4);
	for (uint32_t t = 0; t < 4; t += 2) {
		tile_regs_acquire();
		if (t == 0) {
			transpose_wh_init_short(in);
			transpose_wh_tile(in, 0, 0);
			transpose_wh_tile(in, 1, 1);
		} else {
			transpose_init(in);
			transpose_block(in, 2, 0, 2);
		}
		tile_regs_commit();
		tile_regs_wait();
		pack_tile_block(0, out, 2);
		tile_regs_release();
	}
	cb_push_back(out, 4);
	cb_pop_front(in, 4);
}
