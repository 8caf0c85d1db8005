// SPDX-License-Identifier: Apache-2.0
//
// rdiv_tile<RoundingMode>(idst, s): s / x, then truncated (Trunc) or
// floored (Floor), as the rounding_mode of torch.div.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ckernel {
#ifndef TTFS_ROUNDING_MODE
#define TTFS_ROUNDING_MODE
enum class RoundingMode : uint8_t { None = 0, Trunc = 1, Floor = 2 };
#endif
}  // namespace ckernel

namespace ttfs {
namespace sfpu {

template <auto Mode = ckernel::RoundingMode::None, auto... Rest>
inline sfpi::vFloat rdiv(const sfpi::vFloat &x, const sfpi::vFloat &s)
{
	sfpi::vFloat q = s * ttfs::vmath::recip(x);

	if constexpr (static_cast<int>(Mode) == static_cast<int>(ckernel::RoundingMode::Trunc))
		return ttfs::vmath::trunc(q);
	else if constexpr (static_cast<int>(Mode) == static_cast<int>(ckernel::RoundingMode::Floor))
		return ttfs::vmath::floor(q);
	else
		return q;
}

}  // namespace sfpu
}  // namespace ttfs

TTFS_SFPU_INIT(rdiv_tile_init)
TTFS_SFPU_OP1(rdiv_tile, ttfs::sfpu::rdiv<P...>(x, p0))

#pragma GCC diagnostic pop
