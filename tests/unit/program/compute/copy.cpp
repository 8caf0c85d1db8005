// SPDX-License-Identifier: Apache-2.0
// copy_tile + pack_tile: each tile of c_0, then of c_1, through DST 1,
// packed into both c_16 and c_17 (the CBs' formats and the DST mode come
// from the program's args).
//
// Runtime args: 0 tiles in each of c_0 and c_1.
#include <cstdint>
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"

void kernel_main()
{
	uint32_t n = get_arg_val<uint32_t>(0);

	unary_op_init_common(tt::CBIndex::c_0, tt::CBIndex::c_16);
	for (uint32_t in = 0; in < 2; in++) {
		copy_tile_init(in);
		for (uint32_t i = 0; i < n; i++) {
			cb_wait_front(in, 1);
			tile_regs_acquire();
			copy_tile(in, 0, 1);
			tile_regs_commit();
			tile_regs_wait();
			cb_reserve_back(tt::CBIndex::c_16, 1);
			cb_reserve_back(tt::CBIndex::c_17, 1);
			pack_tile(1, tt::CBIndex::c_16);
			pack_tile(1, tt::CBIndex::c_17);
			cb_push_back(tt::CBIndex::c_16, 1);
			cb_push_back(tt::CBIndex::c_17, 1);
			tile_regs_release();
			cb_pop_front(in, 1);
		}
	}
}
