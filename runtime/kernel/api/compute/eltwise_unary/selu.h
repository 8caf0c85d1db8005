// SPDX-License-Identifier: Apache-2.0
//
// selu_tile(idst, scale, alpha): scale (x > 0 ? x : alpha (e^x - 1)).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(selu_tile_init)
TTFS_SFPU_OP2(selu_tile, p0 * TTFS_SFPU_SELECT(x > 0.0f, x, p1 * ttfs::vmath::expm1(x)))

#pragma GCC diagnostic pop
