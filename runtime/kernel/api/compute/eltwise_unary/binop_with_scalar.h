// SPDX-License-Identifier: Apache-2.0
//
// DST[idst] op= a scalar given as the bits of a float (bit_cast<uint32_t>),
// in fp32 on the SFPU: add, sub, mul, div and rsub (scalar - x). div's
// argument is the divisor's reciprocal, which the host computes (ttnn
// passes bits(1 / d)), so div multiplies by it, as tt-metal's LLK does.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

ALWI void binop_with_scalar_tile_init()
{
}

ALWI void add_unary_tile(uint32_t idst, uint32_t param1)
{
	MATH((ttfs::sfpu::tile_scalar(idst, TT_TX_SFPU_FADD, param1, false, "add_unary_tile")));
	(void)idst;
	(void)param1;
}

ALWI void sub_unary_tile(uint32_t idst, uint32_t param1)
{
	MATH((ttfs::sfpu::tile_scalar(idst, TT_TX_SFPU_FSUB, param1, false, "sub_unary_tile")));
	(void)idst;
	(void)param1;
}

ALWI void rsub_unary_tile(uint32_t idst, uint32_t param1)
{
	MATH((ttfs::sfpu::tile_scalar(idst, TT_TX_SFPU_FSUB, param1, true, "rsub_unary_tile")));
	(void)idst;
	(void)param1;
}

ALWI void mul_unary_tile(uint32_t idst, uint32_t param1)
{
	MATH((ttfs::sfpu::tile_scalar(idst, TT_TX_SFPU_FMUL, param1, false, "mul_unary_tile")));
	(void)idst;
	(void)param1;
}

ALWI void div_unary_tile(uint32_t idst, uint32_t param1)
{
	MATH((ttfs::sfpu::tile_scalar(idst, TT_TX_SFPU_FMUL, param1, false, "div_unary_tile")));
	(void)idst;
	(void)param1;
}

#pragma GCC diagnostic pop
