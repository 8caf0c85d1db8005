// SPDX-License-Identifier: Apache-2.0
// binop_with_scalar on tiles 0..4 of c_0, into c_16: + s0, * s1, - s0,
// s0 - x (rsub) and div_unary_tile by s1 (the reciprocal of a divisor 1/s1).
//
// Runtime args: 0 s0, 1 s1 (the bits of floats).
#include <cstdint>
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"

static void op(uint32_t t, uint32_t s0, uint32_t s1)
{
	switch (t) {
	case 0: add_unary_tile(0, s0); break;
	case 1: mul_unary_tile(0, s1); break;
	case 2: sub_unary_tile(0, s0); break;
	case 3: rsub_unary_tile(0, s0); break;
	default: div_unary_tile(0, s1); break;
	}
}

void kernel_main()
{
	constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;

	init_sfpu(in, out);
	for (uint32_t t = 0; t < 5; t++) {
		cb_wait_front(in, 1);
		tile_regs_acquire();
		copy_tile(in, 0, 0);
		binop_with_scalar_tile_init();
		op(t, get_arg_val<uint32_t>(0), get_arg_val<uint32_t>(1));
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(out, 1);
		pack_tile(0, out);
		cb_push_back(out, 1);
		tile_regs_release();
		cb_pop_front(in, 1);
	}
}
