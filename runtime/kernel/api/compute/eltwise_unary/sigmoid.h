// SPDX-License-Identifier: Apache-2.0
//
// sigmoid_tile: 1 / (1 + e^-x). tt-metal's template is
// <vector_mode, fast_and_approx> (ttnn: sigmoid_tile<VectorMode::RC, 0u>),
// older kernels give <fast_and_approx> only; fast_and_approx's shorter
// series and Newton steps give about bf16 precision. silu_tile: x sigmoid(x).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace sfpu {

// <VectorMode, fast_and_approx> or <fast_and_approx>.
template <auto First = false, auto... Rest>
constexpr bool sigmoid_approx()
{
	if constexpr (std::is_same_v<decltype(First), VectorMode>)
		return nth_flag<0, Rest...>();
	else
		return static_cast<bool>(First);
}

template <auto First = false, auto... Rest>
constexpr int sigmoid_vector_mode(int given)
{
	if constexpr (std::is_same_v<decltype(First), VectorMode>)
		return static_cast<int>(First);
	else
		return given;
}

}  // namespace sfpu
}  // namespace ttfs

TTFS_SFPU_INIT(sigmoid_tile_init)

template <auto... P>
ALWI void sigmoid_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC)
{
	MATH((ttfs::sfpu::unary(idst, ttfs::sfpu::sigmoid_vector_mode<P...>(vector_mode), "sigmoid_tile",
				[](const sfpi::vFloat &x) {
					return ttfs::vmath::sigmoid(x, ttfs::sfpu::sigmoid_approx<P...>());
				})));
	(void)idst;
	(void)vector_mode;
}

TTFS_SFPU_INIT(silu_tile_init)
TTFS_SFPU_OP(silu_tile, x * ttfs::vmath::sigmoid(x))

#pragma GCC diagnostic pop
