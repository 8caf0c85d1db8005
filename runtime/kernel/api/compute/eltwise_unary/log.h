// SPDX-License-Identifier: Apache-2.0
//
// log_tile: natural logarithm in place; log2_tile; log_with_base_tile:
// log(x) times a scale (bits of a float: 1/ln(base), which ttnn passes)
// (ttfs/sfpu_math.h).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(log_tile_init)
TTFS_SFPU_OP(log_tile, ttfs::vmath::log(x))
TTFS_SFPU_INIT(log2_tile_init)
TTFS_SFPU_OP(log2_tile, ttfs::vmath::log(x) * sfpi::vFloat(ttfs::vmath::log2e))
TTFS_SFPU_INIT(log_with_base_tile_init)
TTFS_SFPU_OP1(log_with_base_tile, ttfs::vmath::log(x) * p0)

#pragma GCC diagnostic pop
