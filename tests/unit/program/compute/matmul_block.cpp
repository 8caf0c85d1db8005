// SPDX-License-Identifier: Apache-2.0
// A 2x2-tile output block of in0 (c_0: 2 x KT tiles, row-major by tile) x
// in1 (c_1: KT x 2 tiles) into c_16, by matmul_block (arg 1 = 1) or by
// matmul_tiles over the same tiles in the same order (arg 1 = 0).
//
// Runtime args: 0 KT, 1 use matmul_block.
#include <cstdint>
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/matmul.h"

void kernel_main()
{
	uint32_t kt = get_arg_val<uint32_t>(0), block = get_arg_val<uint32_t>(1);
	constexpr auto in0 = tt::CBIndex::c_0, in1 = tt::CBIndex::c_1, out = tt::CBIndex::c_16;
	constexpr uint32_t rt = 2, ct = 2;

	// tt-metal's 2026 start of a matmul: in0 to SrcB.
	compute_kernel_hw_startup<SrcOrder::Reverse>(in0, in1, out);
	if (block)
		mm_block_init(in0, in1, out, 0, ct, rt, kt);
	else
		mm_init(in0, in1, out);
	cb_wait_front(in0, rt * kt);
	cb_wait_front(in1, kt * ct);
	tile_regs_acquire();
	for (uint32_t k = 0; k < kt; k++) {
		if (block) {
			mm_block_init_short(in0, in1, 0, ct, rt, kt);
			matmul_block(in0, in1, k, k * ct, 0, 0, ct, rt, kt);
			continue;
		}
		for (uint32_t r = 0; r < rt; r++)
			for (uint32_t c = 0; c < ct; c++)
				matmul_tiles(in0, in1, r * kt + k, k * ct + c, r * ct + c);
	}
	tile_regs_commit();
	tile_regs_wait();
	cb_reserve_back(out, rt * ct);
	pack_tile_block(0, out, rt * ct);
	cb_push_back(out, rt * ct);
	tile_regs_release();
	cb_pop_front(in0, rt * kt);
	cb_pop_front(in1, kt * ct);
}
