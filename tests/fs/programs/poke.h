// SPDX-License-Identifier: Apache-2.0
// Stores to 0x400000, past the 1.5 MiB of L1 and below any MMIO.
#pragma once
#include <cstdint>

inline void poke(uint32_t v)
{
	*reinterpret_cast<volatile uint32_t *>(0x400000u) = v;
}
