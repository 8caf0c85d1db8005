// SPDX-License-Identifier: Apache-2.0
//
// prelu_tile(idst, slope): x < 0 ? slope x : x.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(prelu_tile_init)
TTFS_SFPU_OP1(prelu_tile, TTFS_SFPU_SELECT(x < 0.0f, x * p0, x))

#pragma GCC diagnostic pop
