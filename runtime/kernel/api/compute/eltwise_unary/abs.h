// SPDX-License-Identifier: Apache-2.0
//
// abs_tile: DST[idst] = |x| in place.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

template <auto... P>
ALWI void abs_tile_init()
{
}

template <auto... P>
ALWI void abs_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_ABS, 0, vector_mode, "abs_tile")));
	(void)idst;
	(void)vector_mode;
}

#pragma GCC diagnostic pop
