// SPDX-License-Identifier: Apache-2.0
//
// lgamma_tile: log |Gamma(x)| for x > 0: lgamma(x + 6) by the Stirling
// series (error below 1e-9 from 6 up) less log(x (x + 1) ... (x + 5)).
// Not for x <= 0.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace vmath {

inline vFloat lgamma(const vFloat &x)
{
	static constexpr float c[] = { 1.0f / 12, -1.0f / 360, 1.0f / 1260 };
	vFloat p = x, y = x + vFloat(1.0f);

	for (int i = 1; i < 6; i++) {
		p = p * y;
		y = y + vFloat(1.0f);
	}
	vFloat r = recip(y);
	vFloat ly = log(y);
	// (y - 1/2) log y - y + log(2 pi)/2 + 1/(12y) - 1/(360y^3) + 1/(1260y^5)
	vFloat st = sfpi::mad(y - vFloat(0.5f), ly, vFloat(0.918938533f) - y);
	return st + r * poly(r * r, c) - log(p);
}

}  // namespace vmath
}  // namespace ttfs

TTFS_SFPU_INIT(lgamma_tile_init)
TTFS_SFPU_OP(lgamma_tile, ttfs::vmath::lgamma(x))

#pragma GCC diagnostic pop
