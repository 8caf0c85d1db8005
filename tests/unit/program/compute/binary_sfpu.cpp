// SPDX-License-Identifier: Apache-2.0
// Binary SFPU ops on floats: tile i of c_0 into DST 0, of c_1 into DST 1,
// op i into DST 2 (max: into DST 0, the output an input), packed into
// c_16: 0 add, 1 sub, 2 rsub, 3 mul, 4 div, 5 power, 6 max, 7 min,
// 8 add rounding to nearest even, 9 lt, 10 div_no_nan, 11 min with
// VectorMode::R (into DST 1), 12 sub in the older two-operand form (into
// DST 0).
//
// Runtime args: 0 tiles.
#include <cstdint>
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/binary_max_min.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"

static void op(uint32_t i)
{
	switch (i) {
	case 0: add_binary_tile_init(); add_binary_tile(0, 1, 2); break;
	case 1: sub_binary_tile_init(); sub_binary_tile(0, 1, 2); break;
	case 2: rsub_binary_tile_init(); rsub_binary_tile(0, 1, 2); break;
	case 3: mul_binary_tile_init(); mul_binary_tile(0, 1, 2); break;
	case 4: div_binary_tile_init(); div_binary_tile(0, 1, 2); break;
	case 5: power_binary_tile_init(); power_binary_tile(0, 1, 2); break;
	case 6: binary_max_tile_init(); binary_max_tile(0, 1, 0); break;
	case 7: binary_min_tile_init(); binary_min_tile(0, 1, 2); break;
	case 8:
		add_binary_tile_init();
		add_binary_tile<ckernel::DstRoundingMode::NearestEven>(0, 1, 2);
		break;
	case 9: lt_binary_tile_init(); lt_binary_tile(0, 1, 2); break;
	case 10: div_binary_tile_init(); div_no_nan_binary_tile(0, 1, 2); break;
	case 11: binary_min_tile_init(); binary_min_tile(0, 1, 1, VectorMode::R); break;
	default: sub_binary_tile_init(); sub_binary_tile(0, 1); break;
	}
}

void kernel_main()
{
	uint32_t n = get_arg_val<uint32_t>(0);
	constexpr auto a = tt::CBIndex::c_0, b = tt::CBIndex::c_1, out = tt::CBIndex::c_16;

	init_sfpu(a, out);
	for (uint32_t i = 0; i < n; i++) {
		cb_wait_front(a, 1);
		cb_wait_front(b, 1);
		tile_regs_acquire();
		copy_tile(a, 0, 0);
		copy_tile(b, 0, 1);
		op(i);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(out, 1);
		pack_tile(i == 6 || i == 12 ? 0 : i == 11 ? 1 : 2, out);
		cb_push_back(out, 1);
		tile_regs_release();
		cb_pop_front(a, 1);
		cb_pop_front(b, 1);
	}
}
