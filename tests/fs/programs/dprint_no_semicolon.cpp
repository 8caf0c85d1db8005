// SPDX-License-Identifier: Apache-2.0
void kernel_main()
{
    int x = 1   // no ';': gcc's error is inside the DPRINT macro below
    DPRINT("x {}\n", x);
}
