// SPDX-License-Identifier: Apache-2.0
//
// threshold_tile(idst, threshold, value): x > threshold ? x : value.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(threshold_tile_init)
TTFS_SFPU_OP2(threshold_tile, TTFS_SFPU_SELECT(x > p0, x, p1))

#pragma GCC diagnostic pop
