// SPDX-License-Identifier: Apache-2.0
// Stores to 0x400000, past the 1.5 MiB of L1 and below any MMIO.
#include <cstdint>

void kernel_main()
{
	*reinterpret_cast<volatile uint32_t *>(0x400000u) = 0xdeadbeef;
}
