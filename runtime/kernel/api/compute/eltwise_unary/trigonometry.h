// SPDX-License-Identifier: Apache-2.0
//
// sin_tile, cos_tile: in place, x in radians.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

template <auto... P>
ALWI void sin_tile_init()
{
}

template <auto... P>
ALWI void sin_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_SIN, 0, vector_mode, "sin_tile")));
	(void)idst;
	(void)vector_mode;
}

template <auto... P>
ALWI void cos_tile_init()
{
}

template <auto... P>
ALWI void cos_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_COS, 0, vector_mode, "cos_tile")));
	(void)idst;
	(void)vector_mode;
}

#pragma GCC diagnostic pop
