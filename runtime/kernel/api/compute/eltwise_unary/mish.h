// SPDX-License-Identifier: Apache-2.0
//
// mish_tile: x tanh(softplus x) = x n / (n + 2) with n = e^x (e^x + 2);
// x itself past 20, where n overflows and the factor is 1 in fp32.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace vmath {

inline vFloat mish(const vFloat &x)
{
	vFloat e = exp(x);
	vFloat n = e * (e + vFloat(2.0f));
	vFloat y = x * n * recip(n + vFloat(2.0f));

	v_if (x > 20.0f) {
		y = x;
	}
	v_endif;
	return y;
}

}  // namespace vmath
}  // namespace ttfs

TTFS_SFPU_INIT(mish_tile_init)
TTFS_SFPU_OP(mish_tile, ttfs::vmath::mish(x))

#pragma GCC diagnostic pop
