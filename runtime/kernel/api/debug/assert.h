// SPDX-License-Identifier: Apache-2.0
//
// ASSERT(condition) and ASSERT(condition, type), as tt-metal's
// api/debug/assert.h spells them. A false condition records the
// assert's __LINE__, __FILE__ and condition text for this RISC in L1
// (tt/debug_abi.h) and stops the RISC with ebreak: the program fails and
// its status says `ASSERT(n < 4) failed at reader.cpp:12`
// (docs/debugging.md, "Asserts and waypoints"). Unlike tt-metal, where
// ASSERT does nothing (and its condition is not evaluated) unless Watcher
// is on, the condition is always checked; a build that defines
// TTFS_ASSERT_DISABLED makes ASSERT nothing, as tt-metal's without
// Watcher. The type argument (debug_assert_type_t) is accepted and not
// recorded.
#pragma once

#include <stdint.h>
#include "ttfs/kernel_base.h"
#include "tt/debug_abi.h"

namespace ttfs {

[[noreturn]] inline __attribute__((noinline, cold)) void assert_failed(uint32_t line,
									const char *file,
									const char *cond)
{
	volatile tt_debug_assert *a =
		reinterpret_cast<volatile tt_debug_assert *>(TT_DEBUG_ASSERT(fw()->hart_id));

	a->line = line;
	a->file = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(file));
	a->cond = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(cond));
	a->tripped = TT_DEBUG_ASSERT_TRIPPED;   // last: the record is whole
	for (;;)
		asm volatile("ebreak" ::: "memory");
}

}  // namespace ttfs

#ifdef TTFS_ASSERT_DISABLED
#define ASSERT(condition, ...) ((void)0)
#else
#define ASSERT(condition, ...)                                                \
	do {                                                                  \
		if (__builtin_expect(!(condition), 0))                        \
			::ttfs::assert_failed(__LINE__, __FILE__, #condition); \
	} while (0)
#endif
