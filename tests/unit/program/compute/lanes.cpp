// SPDX-License-Identifier: Apache-2.0
// The SFPU's lane mapping: DST tile 1's vector v = tile 0's vector v +
// 1024 x tile 0's vector (v + 1) % 32, lane by lane. Which elements
// vectors v and v + 1 hold decides the result.
#include "sfpi_common.h"

using namespace sfpi;

#ifdef TRISC_MATH
static void face(uint32_t)
{
	for (int v = 0; v < 32; v++)
		dst_reg[32 + v] = dst_reg[v] + dst_reg[(v + 1) % 32] * 1024.0f;
}
#endif

void kernel_main()
{
	run_tiles(1, 1, 0);
}
