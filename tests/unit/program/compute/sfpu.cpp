// SPDX-License-Identifier: Apache-2.0
// Every unary SFPU op of the API, op i on tile i of c_0, into c_16: exp,
// exp2, log, log2, recip, sqrt, sin, cos, floor, trunc, abs, neg, relu,
// gelu, sigmoid.
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
	default: sigmoid_tile_init(); sigmoid_tile(0); break;
	}
}

void kernel_main()
{
	constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;

	init_sfpu(in, out);
	for (uint32_t i = 0; i < 15; i++) {
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
