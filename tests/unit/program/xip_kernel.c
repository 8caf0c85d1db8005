/* SPDX-License-Identifier: Apache-2.0
 * A kernel with text, read-only data, initialised data and .bss, for the
 * XIP image test: only its bytes matter, it never runs. */
#include <stdint.h>

volatile uint32_t counter = 0x11223344u;
uint32_t table[4] = { 0xa1, 0xb2, 0xc3, 0xd4 };
uint32_t zeros[64];
static const char msg[] = "xip test";

__attribute__((section(".start"))) void _start(void)
{
	counter += table[zeros[3] & 3] + (uint32_t)msg[counter & 7];
	zeros[counter & 63] = counter;
}
