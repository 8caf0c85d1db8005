// SPDX-License-Identifier: Apache-2.0
//
// The relu family: relu_tile max(x, 0); relu_max_tile min(max(x, 0), upper);
// relu_min_tile max(x, lower); leaky_relu_tile x < 0 ? slope x : x;
// *_int32 on Int32 tiles (fp32 DST), relu_max/min *_uint32 and *_uint16 on
// unsigned tiles. Parameters are bits of floats (ints for the integer
// forms), as ttnn passes them.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(relu_tile_init)
TTFS_SFPU_OP(relu_tile, sfpi::vec_max(x, sfpi::vFloat(0.0f)))
TTFS_SFPU_INIT(relu_max_tile_init)
TTFS_SFPU_OP1(relu_max_tile, sfpi::vec_min(sfpi::vec_max(x, sfpi::vFloat(0.0f)), p0))
TTFS_SFPU_INIT(relu_min_tile_init)
TTFS_SFPU_OP1(relu_min_tile, sfpi::vec_max(x, p0))
TTFS_SFPU_INIT(leaky_relu_tile_init)
TTFS_SFPU_OP1(leaky_relu_tile, TTFS_SFPU_SELECT(x < 0.0f, x * p0, x))

TTFS_SFPU_OP_INT(relu_tile_int32, TTFS_SFPU_SELECT(x < sfpi::vInt(0), sfpi::vInt(0), x))
TTFS_SFPU_OP1_INT(relu_max_tile_int32,
		  TTFS_SFPU_SELECT(x < sfpi::vInt(0), sfpi::vInt(0), TTFS_SFPU_SELECT(x > p0, p0, x)))
TTFS_SFPU_OP1_INT(relu_min_tile_int32, TTFS_SFPU_SELECT(x < p0, p0, x))

// Unsigned: relu is the identity, the limits compare unsigned (UInt32 in an
// fp32 DST; UInt16 through the LO16 mode).
TTFS_SFPU_OP1_INT(relu_max_tile_uint32, TTFS_SFPU_SELECT(ttfs::sfpu::ult(p0, x), p0, x))
TTFS_SFPU_OP1_INT(relu_min_tile_uint32, TTFS_SFPU_SELECT(ttfs::sfpu::ult(x, p0), p0, x))
TTFS_SFPU_OP1_LO16(relu_max_tile_uint16, TTFS_SFPU_SELECT(p0 < x, p0, x))
TTFS_SFPU_OP1_LO16(relu_min_tile_uint16, TTFS_SFPU_SELECT(x < p0, p0, x))

#pragma GCC diagnostic pop
