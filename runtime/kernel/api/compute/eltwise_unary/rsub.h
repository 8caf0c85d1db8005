// SPDX-License-Identifier: Apache-2.0
//
// rsub_tile(idst, s): s - x; rsub_unary_int32_tile on Int32.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(rsub_tile_init)
TTFS_SFPU_OP1(rsub_tile, p0 - x)
TTFS_SFPU_INIT(rsub_unary_int32_tile_init)
TTFS_SFPU_OP1_INT(rsub_unary_int32_tile, p0 - x)

#pragma GCC diagnostic pop
