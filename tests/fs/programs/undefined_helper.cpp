// SPDX-License-Identifier: Apache-2.0
// A function declared, called and never defined: the linker's error.
void helper(int);

void kernel_main()
{
	helper(3);
}
