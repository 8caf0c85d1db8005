// SPDX-License-Identifier: Apache-2.0
//
// erfinv_tile: the inverse error function (Giles' approximation and one
// Newton step, ttfs/sfpu_math.h).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(erfinv_tile_init)
TTFS_SFPU_OP(erfinv_tile, ttfs::vmath::erfinv(x))

#pragma GCC diagnostic pop
