// SPDX-License-Identifier: Apache-2.0
//
// identity_tile: DST unchanged (the tile passes through the SFPU).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(identity_tile_init)
TTFS_SFPU_OP(identity_tile, x)
TTFS_SFPU_OP_INT(identity_tile_uint32, x)

#pragma GCC diagnostic pop
