// SPDX-License-Identifier: Apache-2.0
//
// heaviside_tile(idst, value): 0 below 0, value at 0, 1 above.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(heaviside_tile_init)
TTFS_SFPU_OP1(heaviside_tile, TTFS_SFPU_SELECT(x > 0.0f, sfpi::vFloat(1.0f),
					   TTFS_SFPU_SELECT(x == 0.0f, p0, sfpi::vFloat(0.0f))))

#pragma GCC diagnostic pop
