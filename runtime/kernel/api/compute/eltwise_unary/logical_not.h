// SPDX-License-Identifier: Apache-2.0
//
// logical_not_tile<DataFormat>(idst): 1 where x is 0, else 0, as a float
// for float formats and as an int for Int32/UInt32/UInt16 (fp32 DST);
// logical_not_unary_tile is the pre-2026 float form.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


namespace ttfs {
namespace sfpu {

template <auto First = DataFormat::Float16_b, auto... Rest>
constexpr bool int_format()
{
	if constexpr (std::is_same_v<decltype(First), DataFormat>)
		return First == DataFormat::Int32 || First == DataFormat::UInt32 ||
		       First == DataFormat::UInt16;
	else
		return false;
}

}  // namespace sfpu
}  // namespace ttfs

TTFS_SFPU_INIT(logical_not_tile_init)

template <auto... P>
ALWI void logical_not_tile(uint32_t idst, int vector_mode = (int)VectorMode::RC)
{
	if constexpr (ttfs::sfpu::int_format<P...>()) {
		MATH((ttfs::sfpu::unary_int(idst, vector_mode, "logical_not_tile", [](const sfpi::vInt &x) {
			return TTFS_SFPU_FLAG_INT(x == sfpi::vInt(0));
		})));
	} else {
		MATH((ttfs::sfpu::unary(idst, vector_mode, "logical_not_tile", [](const sfpi::vFloat &x) {
			return TTFS_SFPU_FLAG(x == 0.0f);
		})));
	}
	(void)idst;
	(void)vector_mode;
}

TTFS_SFPU_INIT(logical_not_unary_tile_init)
TTFS_SFPU_OP(logical_not_unary_tile, TTFS_SFPU_FLAG(x == 0.0f))

#pragma GCC diagnostic pop
