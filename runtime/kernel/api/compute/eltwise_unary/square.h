// SPDX-License-Identifier: Apache-2.0
//
// square_tile: x * x.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(square_tile_init)
TTFS_SFPU_OP(square_tile, x * x)

#pragma GCC diagnostic pop
