// SPDX-License-Identifier: Apache-2.0
// Bug: a plain store into the kernel's own mailbox (L1 0x100, in the
// launch ring) while its program runs.
#include <cstdint>

void kernel_main()
{
	*reinterpret_cast<volatile uint32_t *>(0x100u) = 0xbad0bad0;   // BUG
}
