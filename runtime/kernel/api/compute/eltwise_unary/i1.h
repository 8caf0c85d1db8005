// SPDX-License-Identifier: Apache-2.0
//
// i1_tile: the modified Bessel function I1 (Abramowitz & Stegun 9.8.3-4).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(i1_tile_init)
TTFS_SFPU_OP(i1_tile, ttfs::vmath::i1(x))

#pragma GCC diagnostic pop
