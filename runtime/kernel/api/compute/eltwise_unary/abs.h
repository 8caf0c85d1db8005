// SPDX-License-Identifier: Apache-2.0
//
// abs_tile: |x|; abs_tile_int32 on Int32.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(abs_tile_init)
TTFS_SFPU_OP(abs_tile, sfpi::abs(x))
TTFS_SFPU_OP_INT(abs_tile_int32, sfpi::abs(x))

#pragma GCC diagnostic pop
