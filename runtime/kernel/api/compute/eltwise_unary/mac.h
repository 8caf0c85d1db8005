// SPDX-License-Identifier: Apache-2.0
//
// mac_tile<DataFormat>(a, b, c, odst): DST tile odst = a b + c, fused
// (one rounding), over four DST tiles (ttnn's MAC_TSS fills b and c with
// its scalars first).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_unary.h"


TTFS_SFPU_INIT(mac_tile_init)

template <auto... P>
ALWI void mac_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst)
{
	MATH((ttfs::sfpu::tile_apply3<sfpi::vFloat>(
		idst0, idst1, idst2, odst, "mac_tile",
		[](const sfpi::vFloat &a, const sfpi::vFloat &b, const sfpi::vFloat &c) {
			return sfpi::mad(a, b, c);
		})));
	(void)idst0;
	(void)idst1;
	(void)idst2;
	(void)odst;
}

#pragma GCC diagnostic pop
