// SPDX-License-Identifier: Apache-2.0
//
// exp2_tile: 2^x; expm1_tile: e^x - 1, exact near 0 (ttfs/sfpu_math.h).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(exp2_tile_init)
TTFS_SFPU_OP(exp2_tile, ttfs::vmath::exp2(x))
TTFS_SFPU_INIT(expm1_tile_init)
TTFS_SFPU_OP(expm1_tile, ttfs::vmath::expm1(x))

#pragma GCC diagnostic pop
