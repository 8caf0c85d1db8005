// SPDX-License-Identifier: Apache-2.0
// add_tiles, sub_tiles, mul_tiles: tile i of c_0 and c_1, op i % 3
// (add, sub, mul), into c_16. Math fidelity from the args.
//
// Runtime args: 0 tiles.
#include <cstdint>
#include "api/compute/eltwise_binary.h"

void kernel_main()
{
	uint32_t n = get_arg_val<uint32_t>(0);
	constexpr auto a = tt::CBIndex::c_0, b = tt::CBIndex::c_1, out = tt::CBIndex::c_16;

	binary_op_init_common(a, b, out);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(a, 1);
		cb_wait_front(b, 1);
		tile_regs_acquire();
		switch (i % 3) {
		case 0:
			add_tiles_init(a, b);
			add_tiles(a, b, 0, 0, 0);
			break;
		case 1:
			sub_tiles_init(a, b);
			sub_tiles(a, b, 0, 0, 0);
			break;
		default:
			mul_tiles_init(a, b);
			mul_tiles(a, b, 0, 0, 0);
			break;
		}
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(out, 1);
		pack_tile(0, out);
		cb_push_back(out, 1);
		tile_regs_release();
		cb_pop_front(a, 1);
		cb_pop_front(b, 1);
	}
}
