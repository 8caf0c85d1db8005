// SPDX-License-Identifier: Apache-2.0
//
// recip_tile: 1/x in place (ttfs/sfpu_math.h: Newton from a linear guess,
// three steps; two, about bf16 precision, with APPROX as tt-metal's
// approximate reciprocal).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(recip_tile_init)
TTFS_SFPU_OP(recip_tile, ttfs::vmath::recip(x, APPROX ? 2 : 3))

#pragma GCC diagnostic pop
