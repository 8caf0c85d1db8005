// SPDX-License-Identifier: Apache-2.0
//
// ttnn's SFPU_OP_ACTIVATIONS_INCLUDE: hardsigmoid clamp(x/6 + 1/2, 0, 1),
// hardswish x hardsigmoid(x), softsign x / (1 + |x|), celu(alpha,
// 1/alpha) max(0, x) + min(0, alpha (e^(x/alpha) - 1)), softshrink(lambda)
// and hardshrink(lambda).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace vmath {

inline vFloat hardsigmoid(const vFloat &x)
{
	vFloat y = sfpi::mad(x, vFloat(1.0f / 6), vFloat(0.5f));

	return sfpi::vec_min(sfpi::vec_max(y, vFloat(0.0f)), vFloat(1.0f));
}

}  // namespace vmath
}  // namespace ttfs

TTFS_SFPU_INIT(hardsigmoid_tile_init)
TTFS_SFPU_OP(hardsigmoid_tile, ttfs::vmath::hardsigmoid(x))
TTFS_SFPU_INIT(hardswish_tile_init)
TTFS_SFPU_OP(hardswish_tile, x * ttfs::vmath::hardsigmoid(x))
TTFS_SFPU_INIT(softsign_tile_init)
TTFS_SFPU_OP(softsign_tile, x * ttfs::vmath::recip(sfpi::abs(x) + sfpi::vFloat(1.0f)))
TTFS_SFPU_INIT(celu_tile_init)
TTFS_SFPU_OP2(celu_tile, TTFS_SFPU_SELECT(x > 0.0f, x, p0 * ttfs::vmath::expm1(x * p1)))
TTFS_SFPU_INIT(softshrink_tile_init)
TTFS_SFPU_OP1(softshrink_tile, TTFS_SFPU_SELECT(x > p0, x - p0, TTFS_SFPU_SELECT(x < -p0, x + p0, sfpi::vFloat(0.0f))))
TTFS_SFPU_INIT(hardshrink_tile_init)
TTFS_SFPU_OP1(hardshrink_tile, TTFS_SFPU_SELECT(sfpi::abs(x) > p0, x, sfpi::vFloat(0.0f)))

#pragma GCC diagnostic pop
