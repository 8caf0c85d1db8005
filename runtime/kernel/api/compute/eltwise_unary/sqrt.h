// SPDX-License-Identifier: Apache-2.0
//
// sqrt_tile, rsqrt_tile: square root and its reciprocal in place.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

template <auto... P>
ALWI void sqrt_tile_init()
{
}

template <auto... P>
ALWI void sqrt_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_SQRT, 0, vector_mode, "sqrt_tile")));
	(void)idst;
	(void)vector_mode;
}

template <auto... P>
ALWI void rsqrt_tile_init()
{
}

template <auto... P>
ALWI void rsqrt_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_RSQRT, 0, vector_mode, "rsqrt_tile")));
	(void)idst;
	(void)vector_mode;
}

#pragma GCC diagnostic pop
