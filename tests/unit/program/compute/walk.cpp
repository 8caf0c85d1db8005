// SPDX-License-Identifier: Apache-2.0
// dst_reg[] follows dst_reg++ and dst_reg += n: the tile walked one
// vector at a time, each vector v = 2 x (vector v) + (vector v + 1, or 0
// past the tile's end, read as dst_reg[1] before the step).
#include "sfpi_common.h"

using namespace sfpi;

#ifdef TRISC_MATH
static void face(uint32_t)
{
	for (int v = 0; v < 31; v++) {
		dst_reg[0] = dst_reg[0] * 2.0f + dst_reg[1];
		dst_reg++;
	}
	dst_reg[0] = dst_reg[0] * 2.0f;
	dst_reg += 1;
}
#endif

void kernel_main()
{
	run_tiles(2, 0, 0);
}
