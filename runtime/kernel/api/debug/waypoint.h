// SPDX-License-Identifier: Apache-2.0
//
// WAYPOINT("ABCD"), as tt-metal's api/debug/waypoint.h spells it: up to
// four characters, packed at compile time (the first in the low byte)
// and stored in this RISC's waypoint word in L1 (tt/debug_abi.h), one
// store. cores/<x>,<y>/status and a program's hang diagnosis show the
// last one of each RISC (docs/debugging.md, "Asserts and waypoints").
// tt-metal keeps it only with Watcher on; here it is always kept, unless
// the build defines TTFS_WAYPOINT_DISABLED.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include "ttfs/kernel_base.h"
#include "tt/debug_abi.h"

namespace ttfs {

template <size_t N>
FORCE_INLINE void waypoint(const char (&name)[N])
{
	static_assert(N <= 5, "Up to 4 characters allowed in WAYPOINT");
	uint32_t word = 0;

	for (size_t i = 0; i + 1 < N; i++)
		word |= static_cast<uint32_t>(static_cast<uint8_t>(name[i])) << (8 * i);
	*reinterpret_cast<volatile uint32_t *>(TT_DEBUG_WAYPOINT(fw()->hart_id)) = word;
}

}  // namespace ttfs

#ifdef TTFS_WAYPOINT_DISABLED
#define WAYPOINT(x) ((void)0)
#else
#define WAYPOINT(x) ::ttfs::waypoint(x)
#endif
