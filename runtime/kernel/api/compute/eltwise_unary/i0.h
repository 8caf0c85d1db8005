// SPDX-License-Identifier: Apache-2.0
//
// i0_tile: the modified Bessel function I0 (Abramowitz & Stegun 9.8.1-2).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(i0_tile_init)
TTFS_SFPU_OP(i0_tile, ttfs::vmath::i0(x))

#pragma GCC diagnostic pop
