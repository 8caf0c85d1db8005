// SPDX-License-Identifier: Apache-2.0
// A missing ';' before DPRINT: gcc's error is inside dprint.h's macro.
void kernel_main()
{
    int x = 1
    DPRINT("x {}\n", x);
}
