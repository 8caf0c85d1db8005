// SPDX-License-Identifier: Apache-2.0
// Broadcast ops, tile t of c_0 (A) and c_1 (B) into tile t of c_16, in
// several of tt-metal's spellings: t 0-2 add, 3-5 sub, 6-8 mul, each
// broadcasting B's column 0, a row (row 0, but row 3 for t 4) and [0][0];
// t 9-11 unary_bcast of B (COL, ROW, SCALAR).
#include <cstdint>
#include "compute_kernel_api/bcast.h"

constexpr auto a = tt::CBIndex::c_0, b = tt::CBIndex::c_1, out = tt::CBIndex::c_16;

static void binary(uint32_t t)
{
	switch (t) {
	case 0: add_bcast_cols_init_short(a, b); add_tiles_bcast_cols(a, b, t, t, 0); break;
	case 1: add_bcast_rows_init_short(a, b); add_tiles_bcast_rows(a, b, t, t, 0); break;
	case 2: add_bcast_scalar_init_short(a, b); add_tiles_bcast_scalar(a, b, t, t, 0); break;
	case 3: sub_bcast_cols_init_short(a, b); sub_tiles_bcast_cols(a, b, t, t, 0); break;
	case 4: sub_tiles_bcast<BroadcastType::ROW>(a, b, t, t, 0, 3); break;
	case 5: sub_tiles_bcast_scalar_init_short(a, b); sub_tiles_bcast_scalar(a, b, t, t, 0); break;
	case 6: mul_bcast_cols_init_short(a, b); mul_tiles_bcast_cols(a, b, t, t, 0); break;
	case 7: mul_bcast_rows_init_short(a, b); mul_tiles_bcast_rows(a, b, t, t, 0); break;
	case 8:
		mul_tiles_bcast_scalar_init_short(a, b);
		any_tiles_bcast<EltwiseBinaryType::ELWMUL, BroadcastType::SCALAR>(a, b, t, t, 0);
		break;
	case 9: unary_bcast_init<BroadcastType::COL>(b, out); unary_bcast<BroadcastType::COL>(b, t, 0); break;
	case 10: unary_bcast<BroadcastType::ROW>(b, t, 0); break;
	default: unary_bcast<BroadcastType::SCALAR>(b, t, 0); break;
	}
}

void kernel_main()
{
	constexpr uint32_t n = 12;

	init_bcast<EltwiseBinaryType::ELWADD, BroadcastType::COL>(a, b, out);
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
