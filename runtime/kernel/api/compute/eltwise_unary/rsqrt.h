// SPDX-License-Identifier: Apache-2.0
//
// rsqrt_tile: 1/sqrt(x) in place. tt-metal spells its mode RsqrtMode::Fast
// / Default (2026) or <legacy_compat, FAST_APPROX> (before); Fast, a true
// FAST_APPROX or APPROX takes two Newton steps instead of three (bf16 precision).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


#ifndef TTFS_RSQRT_MODE
#define TTFS_RSQRT_MODE
enum class RsqrtMode : uint32_t { Default = 0, Fast = 1 };
#endif

namespace ttfs {
namespace sfpu {

template <auto First = false, auto... Rest>
constexpr bool rsqrt_fast()
{
	if constexpr (std::is_same_v<decltype(First), RsqrtMode>)
		return First == RsqrtMode::Fast;
	else
		return nth_flag<0, Rest...>();
}

}  // namespace sfpu
}  // namespace ttfs

TTFS_SFPU_INIT(rsqrt_tile_init)

template <auto... P>
ALWI void rsqrt_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC)
{
	MATH((ttfs::sfpu::unary(idst, vector_mode, "rsqrt_tile", [](const sfpi::vFloat &x) {
		return ttfs::vmath::rsqrt(x, ttfs::sfpu::rsqrt_fast<P...>() || APPROX ? 2 : 3);
	})));
	(void)idst;
	(void)vector_mode;
}

#pragma GCC diagnostic pop
