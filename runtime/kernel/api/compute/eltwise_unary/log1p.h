// SPDX-License-Identifier: Apache-2.0
//
// log1p_tile: log(1 + x), exact near 0 (ttfs/sfpu_math.h).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(log1p_tile_init)
TTFS_SFPU_OP(log1p_tile, ttfs::vmath::log1p(x))

#pragma GCC diagnostic pop
