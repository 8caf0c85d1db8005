// SPDX-License-Identifier: Apache-2.0
//
// where_tile<DataFormat>(cond, a, b, odst): DST tile odst = cond != 0 ? a
// : b, element by element, over four DST tiles (ttnn's WHERE_TSS fills a
// and b with its scalars first); Int32 and UInt32 tiles compare and move
// as integers (fp32 DST).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


#include "api/compute/eltwise_unary/logical_not.h"

TTFS_SFPU_INIT(where_tile_init)

template <auto... P>
ALWI void where_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst)
{
	if constexpr (ttfs::sfpu::int_format<P...>()) {
		MATH((ttfs::sfpu::tile_apply3<sfpi::vInt>(
			idst0, idst1, idst2, odst, "where_tile",
			[](const sfpi::vInt &c, const sfpi::vInt &a, const sfpi::vInt &b) {
				return TTFS_SFPU_SELECT(c != sfpi::vInt(0), a, b);
			})));
	} else {
		MATH((ttfs::sfpu::tile_apply3<sfpi::vFloat>(
			idst0, idst1, idst2, odst, "where_tile",
			[](const sfpi::vFloat &c, const sfpi::vFloat &a, const sfpi::vFloat &b) {
				return TTFS_SFPU_SELECT(c != 0.0f, a, b);
			})));
	}
	(void)idst0;
	(void)idst1;
	(void)idst2;
	(void)odst;
}

#pragma GCC diagnostic pop
