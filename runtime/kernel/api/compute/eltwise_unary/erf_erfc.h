// SPDX-License-Identifier: Apache-2.0
//
// erf_tile, erfc_tile: the error function and its complement
// (ttfs/sfpu_math.h; the approx template argument changes nothing).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(erf_tile_init)
TTFS_SFPU_OP(erf_tile, ttfs::vmath::erf(x))
TTFS_SFPU_INIT(erfc_tile_init)
TTFS_SFPU_OP(erfc_tile, ttfs::vmath::erfc(x))

#pragma GCC diagnostic pop
