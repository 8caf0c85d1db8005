// SPDX-License-Identifier: Apache-2.0
// Unary SFPU ops, op first + i on tile i of c_0, into c_16: 0 exp, 1 exp2,
// 2 log, 3 log2, 4 recip, 5 sqrt, 6 sin, 7 cos, 8 floor, 9 trunc, 10 abs,
// 11 neg, 12 relu, 13 gelu, 14 sigmoid, then negative with vector_mode
// 15 VectorMode::R (the top two faces) and 16 VectorMode::C (the left two).
//
// Runtime args: 0 first op, 1 number of tiles.
#include <cstdint>
#include "api/compute/compute_kernel_api.h"

static void op(uint32_t i)
{
	switch (i) {
	case 0: exp_tile_init(); exp_tile(0); break;
	case 1: exp2_tile_init(); exp2_tile(0); break;
	case 2: log_tile_init(); log_tile(0); break;
	case 3: log2_tile_init(); log2_tile(0); break;
	case 4: recip_tile_init(); recip_tile(0); break;
	case 5: sqrt_tile_init(); sqrt_tile(0); break;
	case 6: sin_tile_init(); sin_tile(0); break;
	case 7: cos_tile_init(); cos_tile(0); break;
	case 8: floor_tile_init(); floor_tile(0); break;
	case 9: trunc_tile_init(); trunc_tile(0); break;
	case 10: abs_tile_init(); abs_tile(0); break;
	case 11: negative_tile_init(); negative_tile(0); break;
	case 12: relu_tile_init(); relu_tile(0); break;
	case 13: gelu_tile_init(); gelu_tile<false>(0); break;
	case 14: sigmoid_tile_init(); sigmoid_tile(0); break;
	case 15: negative_tile_init(); negative_tile(0, (int)VectorMode::R); break;
	default: negative_tile_init(); negative_tile(0, (int)VectorMode::C); break;
	}
}

void kernel_main()
{
	constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;

	uint32_t first = get_arg_val<uint32_t>(0), n = get_arg_val<uint32_t>(1);

	init_sfpu(in, out);
	for (uint32_t i = first; i < first + n; i++) {
		cb_wait_front(in, 1);
		tile_regs_acquire();
		copy_tile(in, 0, 0);
		op(i);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(out, 1);
		pack_tile(0, out);
		cb_push_back(out, 1);
		tile_regs_release();
		cb_pop_front(in, 1);
	}
}
