// SPDX-License-Identifier: Apache-2.0
//
// fmod_tile_init(s, 1/s) then fmod_tile(idst): x - s trunc(x / s), the sign
// of x (C fmod, torch.fmod); remainder.h has the arithmetic.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


#include "api/compute/eltwise_unary/remainder.h"

template <auto... P>
ALWI void fmod_tile_init(uint32_t divisor = 0x3f800000u, uint32_t recip = 0x3f800000u)
{
	remainder_tile_init(divisor, recip);
}

template <auto... P>
ALWI void fmod_tile(uint32_t idst)
{
	MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, "fmod_tile", [](const sfpi::vFloat &x) {
		return ttfs::sfpu::modulo(x, ttfs::sfpu::scalar(ttfs::sfpu::mod_divisor),
					  ttfs::sfpu::scalar(ttfs::sfpu::mod_recip), true);
	})));
	(void)idst;
}

template <auto... P>
ALWI void fmod_tile(uint32_t idst, uint32_t divisor, uint32_t recip)
{
	fmod_tile_init(divisor, recip);
	fmod_tile(idst);
}

#pragma GCC diagnostic pop
