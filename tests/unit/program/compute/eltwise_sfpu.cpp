// SPDX-License-Identifier: Apache-2.0
// A unary SFPU kernel in the shape of ttnn's eltwise_sfpu.cpp: each tile of
// c_0 into DST, the op chain the host defines as SFPU_OP_CHAIN_0 (each op's
// header reached through sfpu_split_includes.h by its SFPU_OP_*_INCLUDE
// guard), DST into c_16.
//
// Runtime args: 0 the number of tiles.
#include <cstdint>
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/sfpu_split_includes.h"

void kernel_main()
{
	constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
	uint32_t n = get_arg_val<uint32_t>(0);

	init_sfpu(in, out);
	for (uint32_t i = 0; i < n; i++) {
		cb_reserve_back(out, 1);
		tile_regs_acquire();
		cb_wait_front(in, 1);
		copy_tile(in, 0, 0);
#ifdef SFPU_OP_CHAIN_0
		SFPU_OP_CHAIN_0
#endif
		tile_regs_commit();
		tile_regs_wait();
		pack_tile(0, out);
		cb_pop_front(in, 1);
		tile_regs_release();
		cb_push_back(out, 1);
	}
}
