// SPDX-License-Identifier: Apache-2.0
// Raw SFPI add1: dst_reg[v] = dst_reg[v] + scalar over a tile.
//
// Runtime args: 0 tiles, 1 the scalar's bits.
#include "sfpi_common.h"

#ifdef TRISC_MATH
static void face(uint32_t scalar_bits)
{
	union { uint32_t u; float f; } c;

	c.u = scalar_bits;
	sfpi::vFloat s = c.f;
	for (int v = 0; v < 32; v++)
		sfpi::dst_reg[v] = sfpi::dst_reg[v] + s;
}
#endif

void kernel_main()
{
	run_tiles(get_arg_val<uint32_t>(0), 0, get_arg_val<uint32_t>(1));
}
