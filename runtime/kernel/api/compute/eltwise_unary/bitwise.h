// SPDX-License-Identifier: Apache-2.0
//
// Bitwise ops on integer tiles (Int32, UInt32 in an fp32 DST; UInt16):
// bitwise_and/or/xor_tile<DataFormat>(idst, value) (the DataFormat may be
// left out, as before 2026), bitwise_not_tile, left_shift_tile and
// right_shift_tile<DataFormat>(idst, n) (arithmetic for Int32, logical for
// the unsigned formats).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace sfpu {

template <auto First = DataFormat::Int32, auto... Rest>
constexpr bool signed_format()
{
	if constexpr (std::is_same_v<decltype(First), DataFormat>)
		return First == DataFormat::Int32;
	else
		return true;
}

template <auto... P>
inline sfpi::vInt shift_right(const sfpi::vInt &x, const sfpi::vInt &n)
{
	if constexpr (signed_format<P...>())
		return x >> n;
	else
		return sfpi::vInt(sfpi::vUInt(x) >> sfpi::vUInt(n));
}

}  // namespace sfpu
}  // namespace ttfs

TTFS_SFPU_INIT(bitwise_and_tile_init)
TTFS_SFPU_OP1_INT(bitwise_and_tile, x & p0)
TTFS_SFPU_INIT(bitwise_or_tile_init)
TTFS_SFPU_OP1_INT(bitwise_or_tile, x | p0)
TTFS_SFPU_INIT(bitwise_xor_tile_init)
TTFS_SFPU_OP1_INT(bitwise_xor_tile, x ^ p0)
TTFS_SFPU_INIT(bitwise_not_tile_init)
TTFS_SFPU_OP_INT(bitwise_not_tile, ~x)
TTFS_SFPU_INIT(left_shift_tile_init)
TTFS_SFPU_OP1_INT(left_shift_tile, x << p0)
TTFS_SFPU_INIT(right_shift_tile_init)
TTFS_SFPU_OP1_INT(right_shift_tile, ttfs::sfpu::shift_right<P...>(x, p0))

#pragma GCC diagnostic pop
