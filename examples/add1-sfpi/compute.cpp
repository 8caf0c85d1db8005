// SPDX-License-Identifier: Apache-2.0
//
// add1-sfpi, compute (TRISC0..2): c_16 = c_0 + scalar, with the addition
// written in raw SFPI on the math TRISC. Legacy spelling throughout, as
// kernels written in 2025 have it: compute_kernel_api/ includes and
// `namespace NAMESPACE { void MAIN { ... } }`.
//
// copy_tile puts the tile in DST register 0; in the math thread
// sfpi::dst_reg[v] is then vector v of that tile: 32 vectors of 32 lanes,
// 8 per 16x16 face. The scalar comes as the IEEE bits of a float.
//
// Runtime args: 0 number of tiles, 1 the scalar's float bits.
#include <cstdint>
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#ifdef TRISC_MATH
#include "sfpi.h"
#endif

namespace NAMESPACE {
void MAIN
{
	uint32_t n_tiles = get_arg_val<uint32_t>(0);
	uint32_t scalar_bits = get_arg_val<uint32_t>(1);

	constexpr auto cb_in = tt::CBIndex::c_0;
	constexpr auto cb_out = tt::CBIndex::c_16;

	init_sfpu(cb_in, cb_out);

	for (uint32_t i = 0; i < n_tiles; i++) {
		tile_regs_acquire();
		cb_wait_front(cb_in, 1);
		copy_tile(cb_in, 0, 0);
#ifdef TRISC_MATH
		union {
			uint32_t u;
			float f;
		} bits = { scalar_bits };
		sfpi::vFloat scalar = bits.f;
		for (int v = 0; v < 32; v++)
			sfpi::dst_reg[v] = sfpi::dst_reg[v] + scalar;
#endif
		tile_regs_commit();

		tile_regs_wait();
		cb_reserve_back(cb_out, 1);
		pack_tile(0, cb_out);
		cb_pop_front(cb_in, 1);
		tile_regs_release();
		cb_push_back(cb_out, 1);
	}
}
}
