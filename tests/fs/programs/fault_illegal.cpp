// SPDX-License-Identifier: Apache-2.0
// Executes an all-zero word: an illegal instruction in RISC-V.
void kernel_main()
{
	asm volatile(".word 0x00000000");
}
