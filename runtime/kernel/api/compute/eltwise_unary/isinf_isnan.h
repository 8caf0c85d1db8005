// SPDX-License-Identifier: Apache-2.0
//
// isinf, isposinf, isneginf, isnan, isfinite: 1.0 where x is so, else 0.0,
// read from the exponent and mantissa fields.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace sfpu {

inline sfpi::vInt exponent_field(const sfpi::vFloat &x)
{
	return sfpi::exexp(x);      // 128: all ones, Inf or NaN
}

inline sfpi::vInt mantissa_field(const sfpi::vFloat &x)
{
	return sfpi::exman9(x);
}

}  // namespace sfpu
}  // namespace ttfs

#define TTFS_SFPU_NONFINITE (ttfs::sfpu::exponent_field(x) == sfpi::vInt(128))
#define TTFS_SFPU_MAN_ZERO (ttfs::sfpu::mantissa_field(x) == sfpi::vInt(0))

TTFS_SFPU_INIT(isinf_tile_init)
TTFS_SFPU_OP(isinf_tile, TTFS_SFPU_FLAG(TTFS_SFPU_NONFINITE && TTFS_SFPU_MAN_ZERO))
TTFS_SFPU_INIT(isposinf_tile_init)
TTFS_SFPU_OP(isposinf_tile, TTFS_SFPU_FLAG(TTFS_SFPU_NONFINITE && TTFS_SFPU_MAN_ZERO && x > 0.0f))
TTFS_SFPU_INIT(isneginf_tile_init)
TTFS_SFPU_OP(isneginf_tile, TTFS_SFPU_FLAG(TTFS_SFPU_NONFINITE && TTFS_SFPU_MAN_ZERO && x < 0.0f))
TTFS_SFPU_INIT(isnan_tile_init)
TTFS_SFPU_OP(isnan_tile, TTFS_SFPU_FLAG(TTFS_SFPU_NONFINITE && !TTFS_SFPU_MAN_ZERO))
TTFS_SFPU_INIT(isfinite_tile_init)
TTFS_SFPU_OP(isfinite_tile, TTFS_SFPU_FLAG(!TTFS_SFPU_NONFINITE))

#undef TTFS_SFPU_NONFINITE
#undef TTFS_SFPU_MAN_ZERO

#pragma GCC diagnostic pop
