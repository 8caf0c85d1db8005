// SPDX-License-Identifier: Apache-2.0
//
// The trigonometric family (ttnn's SFPU_OP_TRIG_FAMILY_INCLUDE): sin, cos,
// tan, asin, acos, atan, and the hyperbolic sinh, cosh, asinh, acosh, atanh
// (ttfs/sfpu_math.h; accurate for |x| below about 10^4 where x is an angle).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace vmath {

// asinh |x| = log1p(a + a^2 / (1 + sqrt(1 + a^2))): no cancellation near 0.
inline vFloat asinh(const vFloat &x)
{
	vFloat a = sfpi::abs(x);
	vFloat a2 = a * a;
	vFloat y = log1p(a + a2 * recip(vFloat(1.0f) + sqrt(a2 + vFloat(1.0f))));

	v_if (a > 1.0e18f) {
		y = log(a) + vFloat(ln2);          // a^2 would overflow
	}
	v_endif;
	return copysign(y, x);
}

// acosh x = log(x + sqrt((x - 1)(x + 1))), NaN below 1.
inline vFloat acosh(const vFloat &x)
{
	vFloat y = log(x + sqrt((x - vFloat(1.0f)) * (x + vFloat(1.0f))));

	v_if (x > 1.0e18f) {
		y = log(x) + vFloat(ln2);
	}
	v_elseif (x < 1.0f) {
		y = nan;
	}
	v_endif;
	return y;
}

// atanh x = log1p(2x / (1 - x)) / 2.
inline vFloat atanh(const vFloat &x)
{
	vFloat a = sfpi::abs(x);
	vFloat y = log1p((a + a) * recip(vFloat(1.0f) - a)) * vFloat(0.5f);

	v_if (a > 1.0f) {
		y = nan;
	}
	v_elseif (a == 1.0f) {
		y = inf;
	}
	v_endif;
	return copysign(y, x);
}

}  // namespace vmath
}  // namespace ttfs

TTFS_SFPU_INIT(sin_tile_init)
TTFS_SFPU_OP(sin_tile, ttfs::vmath::sin(x))
TTFS_SFPU_INIT(cos_tile_init)
TTFS_SFPU_OP(cos_tile, ttfs::vmath::cos(x))
TTFS_SFPU_INIT(tan_tile_init)
TTFS_SFPU_OP(tan_tile, ttfs::vmath::tan(x))
TTFS_SFPU_INIT(asin_tile_init)
TTFS_SFPU_OP(asin_tile, ttfs::vmath::asin(x))
TTFS_SFPU_INIT(acos_tile_init)
TTFS_SFPU_OP(acos_tile, ttfs::vmath::acos(x))
TTFS_SFPU_INIT(atan_tile_init)
TTFS_SFPU_OP(atan_tile, ttfs::vmath::atan(x))
TTFS_SFPU_INIT(sinh_tile_init)
TTFS_SFPU_OP(sinh_tile, ttfs::vmath::sinh(x))
TTFS_SFPU_INIT(cosh_tile_init)
TTFS_SFPU_OP(cosh_tile, ttfs::vmath::cosh(x))
TTFS_SFPU_INIT(asinh_tile_init)
TTFS_SFPU_OP(asinh_tile, ttfs::vmath::asinh(x))
TTFS_SFPU_INIT(acosh_tile_init)
TTFS_SFPU_OP(acosh_tile, ttfs::vmath::acosh(x))
TTFS_SFPU_INIT(atanh_tile_init)
TTFS_SFPU_OP(atanh_tile, ttfs::vmath::atanh(x))

#pragma GCC diagnostic pop
