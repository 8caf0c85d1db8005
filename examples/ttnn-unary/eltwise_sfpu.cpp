// SPDX-License-Identifier: Apache-2.0
//
// ttnn-unary, compute (TRISC0..2), in the shape of ttnn's eltwise_sfpu.cpp:
// per tile, c_0 into DST 0, the op chain the host defines as
// SFPU_OP_CHAIN_0 (each op's header pulled in by its SFPU_OP_*_INCLUDE
// guard through sfpu_split_includes.h), DST 0 into c_2.
//
// Compile-time args: 0 blocks, 1 tiles a block.
#include <cstdint>
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/sfpu_split_includes.h"

void kernel_main()
{
	constexpr uint32_t per_core_block_cnt = get_compile_time_arg_val(0);
	constexpr uint32_t per_core_block_dim = get_compile_time_arg_val(1);

	init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_2);
	for (uint32_t block = 0; block < per_core_block_cnt; block++) {
		cb_reserve_back(tt::CBIndex::c_2, per_core_block_dim);
		for (uint32_t t = 0; t < per_core_block_dim; t++) {
			tile_regs_acquire();
			cb_wait_front(tt::CBIndex::c_0, 1);
			copy_tile(tt::CBIndex::c_0, 0, 0);
#ifdef SFPU_OP_CHAIN_0
			SFPU_OP_CHAIN_0
#endif
			tile_regs_commit();
			tile_regs_wait();
			pack_tile(0, tt::CBIndex::c_2);
			cb_pop_front(tt::CBIndex::c_0, 1);
			tile_regs_release();
		}
		cb_push_back(tt::CBIndex::c_2, per_core_block_dim);
	}
}
