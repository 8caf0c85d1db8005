// SPDX-License-Identifier: Apache-2.0
//
// What every kernel-side SDK header shares: the firmware contract
// (tt/fw_abi.h), the defines tt-metal's JIT build passes (with defaults so
// a kernel also compiles when the build passes none), and the tiny MMIO
// accessors. Kernels never include this directly.
#pragma once

#include <stdint.h>
#include <stddef.h>

#include <cstdint>
#include <cstddef>
#include <type_traits>
#include <array>
// tt-metal's kernel headers bring these in for the kernel, and kernels use
// std::min, std::max, std::move and std::numeric_limits without including
// them; so every kernel sees them here, on both sides.
#include <algorithm>
#include <utility>
#include <limits>

#include "tt/fw_abi.h"
#include "tt/l1_map.h"

#ifndef FORCE_INLINE
#define FORCE_INLINE inline __attribute__((always_inline))
#endif
#ifndef ALWAYS_INLINE
#define ALWAYS_INLINE inline __attribute__((always_inline))
#endif
// tt-metal's compiler tags pointers into L1 with an address-space
// attribute; Debian's g++ has none, and nothing depends on it.
#ifndef tt_l1_ptr
#define tt_l1_ptr
#endif
#ifndef tt_reg_ptr
#define tt_reg_ptr
#endif

#ifndef ARCH_BLACKHOLE
#define ARCH_BLACKHOLE 1
#endif
#ifndef NUM_DRAM_BANKS
#define NUM_DRAM_BANKS TT_NUM_DRAM_BANKS
#endif
#ifndef NUM_L1_BANKS
#define NUM_L1_BANKS TT_NUM_L1_BANKS
#endif
// A data-movement kernel uses NOC 0 on BRISC and NOC 1 on NCRISC unless
// the build says otherwise (tt-metal's RISCV_0_default / RISCV_1_default).
#ifndef NOC_INDEX
#ifdef COMPILE_FOR_NCRISC
#define NOC_INDEX 1
#else
#define NOC_INDEX 0
#endif
#endif
#ifndef NOC_MODE
#define NOC_MODE 0
#endif

#define DM_DEDICATED_NOC 0
#define DM_DYNAMIC_NOC 1

#define L1_ALIGNMENT 16u
#define DRAM_ALIGNMENT 64u
#define NOC_MAX_BURST_SIZE 16384u
// Virtual channels, as tt-metal names them: unicast writes (and reads'
// requests) on 1, multicasts on 4.
#define NOC_UNICAST_WRITE_VC 1u
#define NOC_MULTICAST_WRITE_VC 4u
// Transaction ids are 4 bits; their outstanding counters 8.
#define NOC_MAX_TRANSACTION_ID 0xFu
#define NOC_MAX_TRANSACTION_ID_COUNT 0xFFu

// tt-metal's toolchain has the System V `uint` from <sys/types.h> in scope,
// and kernels use it ((uint)my_x[0]).
typedef unsigned int uint;

constexpr uint8_t noc_index = NOC_INDEX;
constexpr uint8_t noc_mode = NOC_MODE;

namespace ttfs {

FORCE_INLINE volatile tt_fw_globals *fw()
{
	return TT_FW_GLOBALS;
}

FORCE_INLINE volatile uint32_t *reg(uint32_t addr)
{
	return reinterpret_cast<volatile uint32_t *>(static_cast<uintptr_t>(addr));
}

FORCE_INLINE constexpr uint32_t align_up(uint32_t v, uint32_t a)
{
	return (v + a - 1) & ~(a - 1);
}

}  // namespace ttfs

namespace ttfs {

// Reads one byte array of the globals block; lets kernels write my_x[noc]
// as with tt-metal's firmware globals, without any dynamic initialisation.
struct fw_byte_array {
	uint32_t offset;
	FORCE_INLINE uint8_t operator[](uint32_t i) const
	{
		return *reinterpret_cast<volatile uint8_t *>(
			static_cast<uintptr_t>(TT_FW_GLOBALS_ADDR + offset + i));
	}
};

}  // namespace ttfs

// Own coordinates as each NOC sees them (translated).
constexpr ttfs::fw_byte_array my_x{ offsetof(tt_fw_globals, my_x) };
constexpr ttfs::fw_byte_array my_y{ offsetof(tt_fw_globals, my_y) };

// tt-metal's riscv_wait (internal/risc_common.h): spin for `cycles` ticks.
// tt-metal counts the wall clock register; here it is this RISC's cycle
// counter (rdcycle), which the simulator advances by one per instruction, so
// the wait is the same length in instructions as on silicon in cycles.
inline void riscv_wait(uint32_t cycles)
{
	uint32_t start, now;

	asm volatile("rdcycle %0" : "=r"(start));
	do {
		asm volatile("rdcycle %0" : "=r"(now));
	} while (now - start < cycles);
}
