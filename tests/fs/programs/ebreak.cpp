// SPDX-License-Identifier: Apache-2.0
// Stops at an ebreak of its own, no ASSERT: a plain fault.
void kernel_main()
{
	asm volatile("ebreak");
}
