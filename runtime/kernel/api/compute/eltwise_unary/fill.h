// SPDX-License-Identifier: Apache-2.0
//
// fill_tile(idst, value): every element value (a float); fill_tile_bitcast
// the same from its bits; fill_tile_int<DataFormat>(idst, value) an integer
// (Int32, UInt32, UInt16; fp32 DST for the 32-bit ones).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(fill_tile_init)

template <auto... P>
ALWI void fill_tile_bitcast(uint32_t idst, uint32_t bits)
{
	MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, "fill_tile",
				[=](const sfpi::vFloat &) { return ttfs::sfpu::scalar(bits); })));
	(void)idst;
	(void)bits;
}

template <auto... P>
ALWI void fill_tile(uint32_t idst, float value)
{
	uint32_t bits;

	__builtin_memcpy(&bits, &value, 4);
	fill_tile_bitcast(idst, bits);
}

template <auto... P>
ALWI void fill_tile_int(uint32_t idst, uint32_t value)
{
	MATH((ttfs::sfpu::unary_int(idst, (int)VectorMode::RC, "fill_tile_int",
				    [=](const sfpi::vInt &) { return ttfs::sfpu::scalar_int(value); })));
	(void)idst;
	(void)value;
}

#pragma GCC diagnostic pop
