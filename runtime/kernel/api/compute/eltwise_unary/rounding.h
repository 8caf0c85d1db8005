// SPDX-License-Identifier: Apache-2.0
//
// The rounding family (ttnn's SFPU_OP_ROUND_FAMILY_INCLUDE, init
// rounding_op_tile_init): floor, ceil, trunc, frac (x - trunc x) and
// round_tile(idst, decimals), to nearest with ties to even at 10^-decimals
// (decimals may be negative), as torch.round.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace sfpu {

inline sfpi::vFloat round_decimals(const sfpi::vFloat &x, int32_t decimals)
{
	if (decimals == 0)
		return ttfs::vmath::round_even(x);
	// 10^|d| by squaring, exact up to 10^10.
	sfpi::vFloat s = ttfs::vmath::ipow(sfpi::vFloat(10.0f), static_cast<uint32_t>(decimals < 0 ? -decimals : decimals));

	if (decimals < 0)
		return ttfs::vmath::round_even(x * ttfs::vmath::recip(s)) * s;
	return ttfs::vmath::round_even(x * s) * ttfs::vmath::recip(s);
}

}  // namespace sfpu
}  // namespace ttfs

TTFS_SFPU_INIT(rounding_op_tile_init)
TTFS_SFPU_INIT(floor_tile_init)
TTFS_SFPU_OP(floor_tile, ttfs::vmath::floor(x))
TTFS_SFPU_INIT(ceil_tile_init)
TTFS_SFPU_OP(ceil_tile, ttfs::vmath::ceil(x))
TTFS_SFPU_INIT(trunc_tile_init)
TTFS_SFPU_OP(trunc_tile, ttfs::vmath::trunc(x))
TTFS_SFPU_INIT(frac_tile_init)
TTFS_SFPU_OP(frac_tile, x - ttfs::vmath::trunc(x))

template <auto... P>
ALWI void round_tile(uint32_t idst, int32_t decimals)
{
	MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, "round_tile", [=](const sfpi::vFloat &x) {
		return ttfs::sfpu::round_decimals(x, decimals);
	})));
	(void)idst;
	(void)decimals;
}

#pragma GCC diagnostic pop
