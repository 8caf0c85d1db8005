// SPDX-License-Identifier: Apache-2.0
//
// sqrt_tile: square root in place (ttfs/sfpu_math.h: x rsqrt(x) and a
// Newton step on the residual). A true first template argument (FAST_APPROX)
// or APPROX drops the last steps, about bf16 precision.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(sqrt_tile_init)
TTFS_SFPU_OP(sqrt_tile, ttfs::vmath::sqrt(x, approx || APPROX))

#include "api/compute/eltwise_unary/rsqrt.h"

#pragma GCC diagnostic pop
