// SPDX-License-Identifier: Apache-2.0
//
// hardmish_tile: x clamp(x + 2, 0, 2) / 2.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(hardmish_tile_init)
TTFS_SFPU_OP(hardmish_tile, x * sfpi::vec_min(sfpi::vec_max(x + sfpi::vFloat(2.0f), sfpi::vFloat(0.0f)),
					     sfpi::vFloat(2.0f)) * sfpi::vFloat(0.5f))

#pragma GCC diagnostic pop
