// SPDX-License-Identifier: Apache-2.0
//
// unary_max_tile(idst, s), unary_min_tile: max(x, s), min(x, s); the
// _int32 forms on Int32 (signed compares), the _uint32 forms on UInt32.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(unary_max_tile_init)
TTFS_SFPU_OP1(unary_max_tile, sfpi::vec_max(x, p0))
TTFS_SFPU_INIT(unary_min_tile_init)
TTFS_SFPU_OP1(unary_min_tile, sfpi::vec_min(x, p0))
TTFS_SFPU_INIT(unary_max_int32_tile_init)
TTFS_SFPU_OP1_INT(unary_max_int32_tile, TTFS_SFPU_SELECT(x < p0, p0, x))
TTFS_SFPU_INIT(unary_min_int32_tile_init)
TTFS_SFPU_OP1_INT(unary_min_int32_tile, TTFS_SFPU_SELECT(x > p0, p0, x))
TTFS_SFPU_INIT(unary_max_uint32_tile_init)
TTFS_SFPU_OP1_INT(unary_max_uint32_tile, TTFS_SFPU_SELECT(ttfs::sfpu::ult(x, p0), p0, x))
TTFS_SFPU_INIT(unary_min_uint32_tile_init)
TTFS_SFPU_OP1_INT(unary_min_uint32_tile, TTFS_SFPU_SELECT(ttfs::sfpu::ult(p0, x), p0, x))

#pragma GCC diagnostic pop
