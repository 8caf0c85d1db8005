// SPDX-License-Identifier: Apache-2.0
//
// exp2_tile: DST[idst] = 2^x in place.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

template <auto... P>
ALWI void exp2_tile_init()
{
}

template <auto... P>
ALWI void exp2_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_EXP2, 0, vector_mode, "exp2_tile")));
	(void)idst;
	(void)vector_mode;
}

#pragma GCC diagnostic pop
