// SPDX-License-Identifier: Apache-2.0
//
// polygamma_tile(idst, n, scale): psi^(n)(x), the n-th derivative of
// digamma, for x > 0, as tt-metal's: n and scale = (-1)^(n+1) n! are the
// bits of floats (n an integer, 1 to 10), and
//   psi^(n)(x) = scale * sum_{k >= 0} 1 / (x + k)^(n+1).
// The first ten terms are summed; the rest, from z = x + 10, by the
// Euler-Maclaurin formula: z^-n / n + z^-(n+1) / 2 + (n+1) z^-(n+2) / 12
// - (n+1)(n+2)(n+3) z^-(n+4) / 720 + (n+1)...(n+5) z^-(n+6) / 30240
// (relative error below 1e-9 for every n here). n is the same in every
// lane, so the powers are unrolled on the RISC (ipow).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace vmath {

// The order n from its float bits (0 for anything below 1).
inline uint32_t polygamma_order(uint32_t n_bits)
{
	float n;

	__builtin_memcpy(&n, &n_bits, 4);
	return n >= 1.0f ? static_cast<uint32_t>(n) : 0u;
}

inline vFloat polygamma(const vFloat &x, uint32_t n_bits, const vFloat &scale)
{
	constexpr int terms = 10;
	uint32_t n = polygamma_order(n_bits);
	float fn = static_cast<float>(n);
	vFloat s = 0.0f, y = x;

	for (int k = 0; k < terms; k++) {
		s = s + recip(ipow(y, n + 1));
		y = y + vFloat(1.0f);
	}
	// Euler-Maclaurin tail from z = y, in powers of r = 1/z.
	vFloat r = recip(y);
	vFloat r2 = r * r;
	float c2 = (fn + 1) / 12, c4 = -(fn + 1) * (fn + 2) * (fn + 3) / 720;
	float c6 = (fn + 1) * (fn + 2) * (fn + 3) * (fn + 4) * (fn + 5) / 30240;
	// z^-n (1/n + r/2 + r^2 (c2 + r^2 (c4 + r^2 c6)))
	vFloat series = r2 * sfpi::mad(r2, sfpi::mad(r2, vFloat(c6), vFloat(c4)), vFloat(c2));
	vFloat tail = ipow(r, n) * (sfpi::mad(r, vFloat(0.5f), vFloat(1.0f / fn)) + series);

	return scale * (s + tail);
}

}  // namespace vmath
}  // namespace ttfs

TTFS_SFPU_INIT(polygamma_tile_init)

template <auto... P>
ALWI void polygamma_tile(uint32_t idst, uint32_t n_packed, uint32_t scale_packed)
{
	MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, "polygamma_tile", [=](const sfpi::vFloat &x) {
		return ttfs::vmath::polygamma(x, n_packed, ttfs::sfpu::scalar(scale_packed));
	})));
	(void)idst;
	(void)n_packed;
	(void)scale_packed;
}

#pragma GCC diagnostic pop
