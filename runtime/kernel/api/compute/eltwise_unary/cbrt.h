// SPDX-License-Identifier: Apache-2.0
//
// cbrt_tile: the real cube root (ttfs/sfpu_math.h).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(cbrt_tile_init)
TTFS_SFPU_OP(cbrt_tile, ttfs::vmath::cbrt(x))

#pragma GCC diagnostic pop
