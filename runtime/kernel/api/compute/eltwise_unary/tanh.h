// SPDX-License-Identifier: Apache-2.0
//
// tanh_tile: tanh x (ttfs/sfpu_math.h: expm1(2|x|) over itself + 2);
// fast_and_approx (the first template argument) takes the shorter exp
// series, about bf16 precision. tanhshrink_tile: x - tanh x.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(tanh_tile_init)
TTFS_SFPU_OP(tanh_tile, ttfs::vmath::tanh(x, approx))
TTFS_SFPU_INIT(tanhshrink_tile_init)
TTFS_SFPU_OP(tanhshrink_tile, x - ttfs::vmath::tanh(x))

#pragma GCC diagnostic pop
