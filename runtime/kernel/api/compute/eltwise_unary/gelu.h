// SPDX-License-Identifier: Apache-2.0
//
// gelu_tile: x Phi(x); with fast_and_approx (the default, as in tt-metal)
// the tanh form 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), written
// x sigmoid(2u) so no cancellation shows for negative x, else the erf form
// 0.5 x erfc(-x/sqrt 2). gelu_tanh_tile is the tanh form;
// gelu_derivative_tile is Phi(x) + x phi(x).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace vmath {

inline vFloat gelu(const vFloat &x, bool tanh_form)
{
	if (tanh_form) {
		vFloat u = x * sfpi::mad(x * x, vFloat(0.044715f), vFloat(1.0f));
		return x * sigmoid(u * vFloat(2.0f * 0.797884583f));
	}
	return x * vFloat(0.5f) * erfc(x * vFloat(-0.707106769f));
}

inline vFloat gelu_derivative(const vFloat &x)
{
	vFloat cdf = vFloat(0.5f) * erfc(x * vFloat(-0.707106769f));
	vFloat pdf = exp(x * x * vFloat(-0.5f)) * vFloat(0.398942292f);

	return sfpi::mad(x, pdf, cdf);
}

}  // namespace vmath
}  // namespace ttfs

template <bool fast_and_approx = true>
ALWI void gelu_tile_init()
{
}

template <bool fast_and_approx = true>
ALWI void gelu_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC)
{
	MATH((ttfs::sfpu::unary(idst, vector_mode, "gelu_tile",
				[](const sfpi::vFloat &x) { return ttfs::vmath::gelu(x, fast_and_approx); })));
	(void)idst;
	(void)vector_mode;
}

TTFS_SFPU_INIT(gelu_tanh_tile_init)
TTFS_SFPU_OP(gelu_tanh_tile, ttfs::vmath::gelu(x, true))
TTFS_SFPU_INIT(gelu_derivative_tile_init)
TTFS_SFPU_OP(gelu_derivative_tile, ttfs::vmath::gelu_derivative(x))

#pragma GCC diagnostic pop
