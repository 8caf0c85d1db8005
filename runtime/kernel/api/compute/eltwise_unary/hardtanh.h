// SPDX-License-Identifier: Apache-2.0
//
// hardtanh_tile(idst, min, max): min(max(x, min), max).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(hardtanh_tile_init)
TTFS_SFPU_OP2(hardtanh_tile, sfpi::vec_min(sfpi::vec_max(x, p0), p1))

#pragma GCC diagnostic pop
