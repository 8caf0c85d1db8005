// SPDX-License-Identifier: Apache-2.0
//
// negative_tile (also neg_tile): DST[idst] = -x in place.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

template <auto... P>
ALWI void negative_tile_init()
{
}

template <auto... P>
ALWI void negative_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_NEG, 0, vector_mode, "negative_tile")));
	(void)idst;
	(void)vector_mode;
}

template <auto... P>
ALWI void neg_tile_init()
{
}

template <auto... P>
ALWI void neg_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_NEG, 0, vector_mode, "neg_tile")));
	(void)idst;
	(void)vector_mode;
}

#pragma GCC diagnostic pop
