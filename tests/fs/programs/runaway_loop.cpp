// SPDX-License-Identifier: Apache-2.0
// A reader that loops for ever and reads nothing: it waits on nothing.
void kernel_main()
{
	for (;;) {
	}
}
