// SPDX-License-Identifier: Apache-2.0
//
// power_tile(idst, p): x^p, p the bits of a float (ttnn's 2026 form; a
// small integer given as an int, the older form, is read as that integer).
// An integer p is repeated squaring, exact as far as fp32 goes; any other p
// is exp(p log|x|) (NaN for x < 0). power_iterative_tile(idst, n): x^n for a
// whole n. rpow_tile(idst, base): base^x.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace sfpu {

// The integer a power argument names, or -1 if it is not a whole number
// in 0..2^16: a float's bits, or (below 2^16) the integer itself.
inline int32_t whole_power(uint32_t bits)
{
	if (bits < 0x10000u)
		return static_cast<int32_t>(bits);
	int32_t e = static_cast<int32_t>((bits >> 23) & 0xff) - 127;
	uint32_t man = (bits & 0x7fffffu) | 0x800000u;

	if (bits >> 31 || e < 0 || e > 16 || (man << (e + 9)) != 0)
		return bits == 0 ? 0 : -1;
	return static_cast<int32_t>(man >> (23 - e));
}

inline sfpi::vFloat pow(const sfpi::vFloat &x, uint32_t bits)
{
	int32_t n = whole_power(bits);

	if (n >= 0)
		return ttfs::vmath::ipow(x, static_cast<uint32_t>(n));
	sfpi::vFloat y = ttfs::vmath::exp(ttfs::vmath::log(sfpi::abs(x)) * scalar(bits));
	v_if (x < 0.0f) {
		y = ttfs::vmath::nan;
	}
	v_endif;
	return y;
}

}  // namespace sfpu
}  // namespace ttfs

TTFS_SFPU_INIT(power_tile_init)

template <auto... P>
ALWI void power_tile(uint32_t idst, uint32_t param0)
{
	MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, "power_tile",
				[=](const sfpi::vFloat &x) { return ttfs::sfpu::pow(x, param0); })));
	(void)idst;
	(void)param0;
}

TTFS_SFPU_INIT(power_iterative_tile_init)

template <auto... P>
ALWI void power_iterative_tile(uint32_t idst, uint32_t n)
{
	MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, "power_iterative_tile",
				[=](const sfpi::vFloat &x) { return ttfs::vmath::ipow(x, n); })));
	(void)idst;
	(void)n;
}

#pragma GCC diagnostic pop
