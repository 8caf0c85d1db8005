// SPDX-License-Identifier: Apache-2.0
//
// xielu_tile(idst, alpha_p, alpha_n): xIELU (arXiv 2411.13010) with beta
// 0.5, alpha_p and alpha_n the bits of floats, as tt-metal's:
//   x > 0:  alpha_p x^2 + x / 2
//   x <= 0: alpha_n (expm1(min(x, -1e-6)) - x) + x / 2
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace vmath {

inline vFloat xielu(const vFloat &x, const vFloat &alpha_p, const vFloat &alpha_n)
{
	vFloat half_x = x * vFloat(0.5f);
	// tt-metal clamps the negative side at -1e-6, so x in (-1e-6, 0] takes expm1(-1e-6).
	vFloat m = TTFS_SFPU_SELECT(x < vFloat(-1e-6f), x, vFloat(-1e-6f));

	return TTFS_SFPU_SELECT(x > 0.0f, sfpi::mad(alpha_p * x, x, half_x),
				sfpi::mad(alpha_n, expm1(m) - x, half_x));
}

}  // namespace vmath
}  // namespace ttfs

TTFS_SFPU_INIT(xielu_tile_init)
TTFS_SFPU_OP2(xielu_tile, ttfs::vmath::xielu(x, p0, p1))

#pragma GCC diagnostic pop
