// SPDX-License-Identifier: Apache-2.0
//
// DST[idst] op= a scalar given as the bits of a float (bit_cast<uint32_t>),
// in fp32 on the SFPU: add, sub, mul, div and rsub (scalar - x). div's
// argument is the divisor's reciprocal, which the host computes (ttnn
// passes bits(1 / d)), so div multiplies by it, as tt-metal's LLK does.
// The _int32 forms add and subtract Int32 scalars on Int32 tiles.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(binop_with_scalar_tile_init)
TTFS_SFPU_OP1(add_unary_tile, x + p0)
TTFS_SFPU_OP1(sub_unary_tile, x - p0)
TTFS_SFPU_OP1(rsub_unary_tile, p0 - x)
TTFS_SFPU_OP1(mul_unary_tile, x * p0)
TTFS_SFPU_OP1(div_unary_tile, x * p0)
TTFS_SFPU_OP1_INT(add_unary_tile_int32, x + p0)
TTFS_SFPU_OP1_INT(sub_unary_tile_int32, x - p0)

#pragma GCC diagnostic pop
