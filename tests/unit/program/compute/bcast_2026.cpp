// SPDX-License-Identifier: Apache-2.0
// bcast.cpp's twelve tiles in tt-metal's 2026 spelling: one
// compute_kernel_hw_startup, then bcast_init<op, dim> or the
// {add,sub,mul}_bcast_{rows,cols,scalar}_init names, the ops with their
// is_fp32_dest_acc_en template argument, and the one-CB unary_bcast_init.
#include <cstdint>
#include "api/compute/bcast.h"
#include "api/compute/compute_kernel_hw_startup.h"

constexpr auto a = tt::CBIndex::c_0, b = tt::CBIndex::c_1, out = tt::CBIndex::c_16;
using E = EltwiseBinaryType;
using B = BroadcastType;

static void binary(uint32_t t)
{
	switch (t) {
	case 0: add_bcast_cols_init(a, b); add_tiles_bcast_cols<DST_ACCUM_MODE>(a, b, t, t, 0); break;
	case 1: add_bcast_rows_init(a, b); add_tiles_bcast_rows(a, b, t, t, 0); break;
	case 2: add_bcast_scalar_init(a, b); add_tiles_bcast_scalar(a, b, t, t, 0); break;
	case 3: sub_bcast_cols_init(a, b); sub_tiles_bcast_cols(a, b, t, t, 0); break;
	case 4: sub_bcast_rows_init(a, b); sub_tiles_bcast_rows(a, b, t, t, 0, 3); break;
	case 5: sub_bcast_scalar_init(a, b); sub_tiles_bcast_scalar(a, b, t, t, 0); break;
	case 6: mul_bcast_cols_init(a, b); mul_tiles_bcast_cols(a, b, t, t, 0); break;
	case 7: mul_bcast_rows_init(a, b); mul_tiles_bcast<B::ROW, DST_ACCUM_MODE>(a, b, t, t, 0); break;
	case 8:
		bcast_init<E::ELWMUL, B::SCALAR>(a, b);
		any_tiles_bcast<E::ELWMUL, B::SCALAR, DST_ACCUM_MODE>(a, b, t, t, 0);
		break;
	case 9: unary_bcast_init<B::COL>(b); unary_bcast<B::COL>(b, t, 0); break;
	case 10: unary_bcast_init<B::ROW, DST_ACCUM_MODE>(b); unary_bcast<B::ROW, DST_ACCUM_MODE>(b, t, 0); break;
	default: unary_bcast_init<B::SCALAR>(b); unary_bcast<B::SCALAR>(b, t, 0); break;
	}
}

void kernel_main()
{
	constexpr uint32_t n = 12;

	compute_kernel_hw_startup(a, b, out);
	cb_wait_front(a, n);
	cb_wait_front(b, n);
	for (uint32_t t = 0; t < n; t++) {
		tile_regs_acquire();
		binary(t);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(out, 1);
		pack_tile(0, out);
		cb_push_back(out, 1);
		tile_regs_release();
	}
	cb_pop_front(a, n);
	cb_pop_front(b, n);
}
