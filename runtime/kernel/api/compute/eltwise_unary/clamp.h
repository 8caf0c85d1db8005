// SPDX-License-Identifier: Apache-2.0
//
// clamp_tile(idst, lo, hi): min(max(x, lo), hi); clamp_tile_int32 on Int32.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(clamp_tile_init)
TTFS_SFPU_OP2(clamp_tile, sfpi::vec_min(sfpi::vec_max(x, p0), p1))

template <auto... P>
ALWI void clamp_tile_int32(uint32_t idst, uint32_t lo, uint32_t hi)
{
	MATH((ttfs::sfpu::unary_int(idst, (int)VectorMode::RC, "clamp_tile_int32", [=](const sfpi::vInt &x) {
		sfpi::vInt l = ttfs::sfpu::scalar_int(lo), h = ttfs::sfpu::scalar_int(hi);
		return TTFS_SFPU_SELECT(x < l, l, TTFS_SFPU_SELECT(x > h, h, x));
	})));
	(void)idst;
	(void)lo;
	(void)hi;
}

#pragma GCC diagnostic pop
