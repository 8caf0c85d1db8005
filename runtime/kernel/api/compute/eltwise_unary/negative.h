// SPDX-License-Identifier: Apache-2.0
//
// negative_tile (neg_tile): -x; negative_tile_int32: -x of Int32.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(negative_tile_init)
TTFS_SFPU_OP(negative_tile, -x)
TTFS_SFPU_INIT(neg_tile_init)
TTFS_SFPU_OP(neg_tile, -x)
TTFS_SFPU_OP_INT(negative_tile_int32, -x)

#pragma GCC diagnostic pop
