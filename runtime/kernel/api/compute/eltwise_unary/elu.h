// SPDX-License-Identifier: Apache-2.0
//
// elu_tile: x > 0 ? x : alpha (e^x - 1), alpha the bits of a float.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(elu_tile_init)
TTFS_SFPU_OP1(elu_tile, TTFS_SFPU_SELECT(x > 0.0f, x, p0 * ttfs::vmath::expm1(x)))

#pragma GCC diagnostic pop
