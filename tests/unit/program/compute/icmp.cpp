// SPDX-License-Identifier: Apache-2.0
// vInt and vUInt compares on whole 32-bit values: for each lane of
// vectors 0..15 of an Int32 tile, a = that lane, b = the same lane of
// vector v + 16; vector v becomes the mask of the compares that held,
// bits 0..5 for vInt a < b, <=, >, >=, ==, != and bits 8..13 for vUInt.
//
// Runtime args: 0 tiles.
#include "sfpi_common.h"

using namespace sfpi;

#ifdef TRISC_MATH
template <class T>
static vInt mask(const T &a, const T &b, int shift)
{
	vInt m = 0;

	v_if (a < b) { m |= vInt(1 << shift); } v_endif;
	v_if (a <= b) { m |= vInt(2 << shift); } v_endif;
	v_if (a > b) { m |= vInt(4 << shift); } v_endif;
	v_if (a >= b) { m |= vInt(8 << shift); } v_endif;
	v_if (a == b) { m |= vInt(16 << shift); } v_endif;
	v_if (a != b) { m |= vInt(32 << shift); } v_endif;
	return m;
}

static void face(uint32_t)
{
	for (int v = 0; v < 16; v++) {
		vInt a(dst_reg[v]), b(dst_reg[v + 16]);

		dst_reg[v] = mask(a, b, 0) | mask(vUInt(a), vUInt(b), 8);
	}
}
#endif

void kernel_main()
{
	run_tiles(get_arg_val<uint32_t>(0), 0, 0);
}
