// SPDX-License-Identifier: Apache-2.0
//
// softplus_tile(idst, beta, 1/beta, threshold): x where beta x > threshold,
// else log(1 + e^(beta x)) / beta.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(softplus_tile_init)
TTFS_SFPU_OP3(softplus_tile, TTFS_SFPU_SELECT(x * p0 > p2, x, ttfs::vmath::log1p(ttfs::vmath::exp(x * p0)) * p1))

#pragma GCC diagnostic pop
