// SPDX-License-Identifier: Apache-2.0
//
// gelu_tile: x * Phi(x) in place; with fast_and_approx (the default, as in
// tt-metal) the tanh approximation, else the exact erf form.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

template <bool fast_and_approx = true>
ALWI void gelu_tile_init()
{
}

template <bool fast_and_approx = true>
ALWI void gelu_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t = 0)
{
	MATH((ttfs::sfpu::tile_func(idst, TT_TX_FN_GELU, fast_and_approx ? 1u : 0u, vector_mode,
				    "gelu_tile")));
	(void)idst;
	(void)vector_mode;
}

#pragma GCC diagnostic pop
