// SPDX-License-Identifier: Apache-2.0
// matmul_tiles accumulating over K: out = sum over k of in0 tile k x in1
// tile k, in DST 0 (one 32x32 output tile).
//
// Runtime args: 0 K in tiles.
#include <cstdint>
#include "api/compute/matmul.h"

void kernel_main()
{
	uint32_t kt = get_arg_val<uint32_t>(0);
	constexpr auto in0 = tt::CBIndex::c_0, in1 = tt::CBIndex::c_1, out = tt::CBIndex::c_16;

	mm_init(in0, in1, out);
	tile_regs_acquire();
	for (uint32_t k = 0; k < kt; k++) {
		cb_wait_front(in0, 1);
		cb_wait_front(in1, 1);
		matmul_tiles(in0, in1, 0, 0, 0);
		cb_pop_front(in0, 1);
		cb_pop_front(in1, 1);
	}
	tile_regs_commit();
	tile_regs_wait();
	cb_reserve_back(out, 1);
	pack_tile(0, out);
	cb_push_back(out, 1);
	tile_regs_release();
}
