// SPDX-License-Identifier: Apache-2.0
//
// The compare ops (ttnn's SFPU_OP_UNARY_COMP_INCLUDE): eqz, nez, ltz, gtz,
// lez, gez against 0 and unary_eq, ne, gt, lt, ge, le against a scalar (the
// bits of a float), 1.0 where true, else 0.0; the _int32 forms compare
// Int32 and give 1 or 0, the _uint16 and _uint32 forms of eqz and nez
// likewise (equality does not care about the sign).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


#define TTFS_SFPU_CMP0(NAME, OP)                                              \
	TTFS_SFPU_INIT(NAME##_tile_init)                                      \
	TTFS_SFPU_OP(NAME##_tile, TTFS_SFPU_FLAG(x OP 0.0f))                  \
	TTFS_SFPU_OP_INT(NAME##_tile_int32, TTFS_SFPU_FLAG_INT(x OP sfpi::vInt(0)))

#define TTFS_SFPU_CMP(NAME, OP)                                               \
	TTFS_SFPU_INIT(NAME##_tile_init)                                      \
	TTFS_SFPU_OP1(NAME##_tile, TTFS_SFPU_FLAG(x OP p0))                   \
	TTFS_SFPU_OP1_INT(NAME##_tile_int32, TTFS_SFPU_FLAG_INT(x OP p0))

TTFS_SFPU_CMP0(eqz, ==)
TTFS_SFPU_CMP0(nez, !=)
TTFS_SFPU_CMP0(ltz, <)
TTFS_SFPU_CMP0(gtz, >)
TTFS_SFPU_CMP0(lez, <=)
TTFS_SFPU_CMP0(gez, >=)
TTFS_SFPU_OP_INT(eqz_tile_uint16, TTFS_SFPU_FLAG_INT(x == sfpi::vInt(0)))
TTFS_SFPU_OP_INT(eqz_tile_uint32, TTFS_SFPU_FLAG_INT(x == sfpi::vInt(0)))
TTFS_SFPU_OP_INT(nez_tile_uint16, TTFS_SFPU_FLAG_INT(x != sfpi::vInt(0)))
TTFS_SFPU_OP_INT(nez_tile_uint32, TTFS_SFPU_FLAG_INT(x != sfpi::vInt(0)))

TTFS_SFPU_CMP(unary_eq, ==)
TTFS_SFPU_CMP(unary_ne, !=)
TTFS_SFPU_CMP(unary_gt, >)
TTFS_SFPU_CMP(unary_lt, <)
TTFS_SFPU_CMP(unary_ge, >=)
TTFS_SFPU_CMP(unary_le, <=)

#undef TTFS_SFPU_CMP0
#undef TTFS_SFPU_CMP

#pragma GCC diagnostic pop
