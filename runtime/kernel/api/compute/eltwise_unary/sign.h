// SPDX-License-Identifier: Apache-2.0
//
// sign_tile: 1, 0 or -1 (-0 and 0 give 0); signbit_tile: 1 where the sign
// bit is set (-0 included), else 0; signbit_tile_int32 on Int32 (1 or 0).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(sign_tile_init)
TTFS_SFPU_OP(sign_tile, TTFS_SFPU_SELECT(x > 0.0f, sfpi::vFloat(1.0f),
				     TTFS_SFPU_SELECT(x < 0.0f, sfpi::vFloat(-1.0f), sfpi::vFloat(0.0f))))
TTFS_SFPU_INIT(signbit_tile_init)
TTFS_SFPU_OP(signbit_tile, TTFS_SFPU_FLAG(sfpi::reinterpret<sfpi::vInt>(x) < sfpi::vInt(0)))
TTFS_SFPU_INIT(signbit_tile_int32_init)
TTFS_SFPU_OP_INT(signbit_tile_int32, TTFS_SFPU_FLAG_INT(x < sfpi::vInt(0)))

#pragma GCC diagnostic pop
