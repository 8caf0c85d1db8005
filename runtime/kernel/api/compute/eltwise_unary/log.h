// SPDX-License-Identifier: Apache-2.0
//
// log_tile, log2_tile: natural and base-2 logarithms in place.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

template <auto... P>
ALWI void log_tile_init()
{
}

template <auto... P>
ALWI void log_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_LOG, 0, vector_mode, "log_tile")));
	(void)idst;
	(void)vector_mode;
}

template <auto... P>
ALWI void log2_tile_init()
{
}

template <auto... P>
ALWI void log2_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_LOG2, 0, vector_mode, "log2_tile")));
	(void)idst;
	(void)vector_mode;
}

#pragma GCC diagnostic pop
