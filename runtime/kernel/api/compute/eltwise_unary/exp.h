// SPDX-License-Identifier: Apache-2.0
//
// exp_tile: e^x in place (ttfs/sfpu_math.h). The first template argument
// (approx) picks the shorter series, about bf16 precision, as tt-metal's
// approximate exp; scale_en (the third) multiplies x by the bf16 `scale`
// first.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(exp_tile_init)

template <auto... P>
ALWI void exp_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC, uint32_t scale = 0x3f80)
{
	MATH((ttfs::sfpu::unary(idst, vector_mode, "exp_tile", [=](const sfpi::vFloat &x) {
		constexpr bool approx = ttfs::sfpu::first_flag<P...>();
		if (ttfs::sfpu::nth_flag<2, P...>())
			return ttfs::vmath::exp(x * ttfs::sfpu::scalar(scale << 16), approx);
		return ttfs::vmath::exp(x, approx);
	})));
	(void)idst;
	(void)vector_mode;
	(void)scale;
}

#pragma GCC diagnostic pop
