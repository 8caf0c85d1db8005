// SPDX-License-Identifier: Apache-2.0
//
// digamma_tile: psi(x) = d/dx log Gamma(x) for x > 0: psi(x) = psi(x + 6)
// - (1/x + ... + 1/(x + 5)), psi(x + 6) by its asymptotic series (error
// below 1e-10 from 6 up). Not for x <= 0.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace vmath {

inline vFloat digamma(const vFloat &x)
{
	static constexpr float c[] = { -1.0f / 12, 1.0f / 120, -1.0f / 252, 1.0f / 240 };
	vFloat s = 0.0f, y = x;

	for (int i = 0; i < 6; i++) {
		s = s + recip(y);
		y = y + vFloat(1.0f);
	}
	vFloat r = recip(y);
	vFloat r2 = r * r;
	// log y - 1/(2y) - 1/(12y^2) + 1/(120y^4) - 1/(252y^6) + 1/(240y^8)
	return log(y) - sfpi::mad(r, vFloat(0.5f), s) + r2 * poly(r2, c);
}

}  // namespace vmath
}  // namespace ttfs

TTFS_SFPU_INIT(digamma_tile_init)
TTFS_SFPU_OP(digamma_tile, ttfs::vmath::digamma(x))

#pragma GCC diagnostic pop
