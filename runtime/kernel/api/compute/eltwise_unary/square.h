// SPDX-License-Identifier: Apache-2.0
//
// square_tile: DST[idst] = x * x in place.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

ALWI void square_tile_init()
{
}

ALWI void square_tile(uint32_t idst)
{
	MATH((ttfs::sfpu::tile_self(idst, TT_TX_SFPU_FMUL, "square_tile")));
	(void)idst;
}

#pragma GCC diagnostic pop
