// SPDX-License-Identifier: Apache-2.0
//
// Dropout on the SFPU's PRNG, as tt-llk's on silicon:
// - dropout_kernel_init(seed) seeds every lane's PRNG (silicon's
//   PRNG_SEED configuration register; docs/tensix.md, "SFPU");
//   dropout_tile_init(seed) is older tt-metal's name for it;
// - dropout_tile(idst, probability, scale): every element times scale
//   (the bits of a float, usually 1 / (1 - p)); then each lane draws a
//   31-bit random number (its PRNG's value without the top bit) and the
//   element becomes 0 where that is <= probability (p * INT_MAX, as
//   ttnn passes it). probability 0 keeps every element and draws nothing.
//   The draws go vector by vector, face by face, so a seed gives the same
//   mask on every run (and, the PRNG being silicon's, the same as a card).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace sfpu {

inline void seed_prng(uint32_t seed)
{
	op(word(TT_TX_SFPU_SEED, 0), seed);
}

// Each lane's next random number, its top bit cleared (31 bits).
inline sfpi::vInt rand31()
{
	sfpi::vInt r;

	op(word(TT_TX_SFPU_RAND, r.r));
	return r & sfpi::vInt(0x7fffffff);
}

inline sfpi::vFloat dropout(const sfpi::vFloat &x, uint32_t probability, uint32_t scale)
{
	sfpi::vFloat y = x * ttfs::sfpu::scalar(scale);

	if (probability == 0)
		return y;
	// Both are below 2^31, so the difference does not overflow.
	sfpi::vInt margin = sfpi::vInt(probability) - rand31();
	v_if (margin >= sfpi::vInt(0)) {
		y = 0.0f;
	}
	v_endif;
	return y;
}

}  // namespace sfpu
}  // namespace ttfs

template <auto... P>
ALWI void dropout_kernel_init(uint32_t seed = 0)
{
	MATH((ttfs::sfpu::seed_prng(seed)));
	(void)seed;
}

template <auto... P>
ALWI void dropout_tile_init(uint32_t seed = 0)
{
	dropout_kernel_init(seed);
}

template <auto... P>
ALWI void dropout_tile(uint32_t idst, uint32_t probability, uint32_t scale_factor)
{
	MATH((ttfs::sfpu::unary(idst, (int)VectorMode::RC, "dropout_tile", [=](const sfpi::vFloat &x) {
		return ttfs::sfpu::dropout(x, probability, scale_factor);
	})));
	(void)idst;
	(void)probability;
	(void)scale_factor;
}

#pragma GCC diagnostic pop
