// SPDX-License-Identifier: Apache-2.0
// Nested v_if / v_elseif / v_else on lane-dependent data: each element's
// class by sign and magnitude (the test applies the same rule on the
// host). Writes the class, plus 100 where |x| > 20, plus 64 where a
// nested v_if without an else was skipped for x in (0, 4).
//
// Runtime args: 0 tiles.
#include "sfpi_common.h"

using namespace sfpi;

#ifdef TRISC_MATH
static void face(uint32_t)
{
	for (int v = 0; v < 32; v++) {
		vFloat x = dst_reg[v];
		vFloat y = 0.0f;

		v_if (x < 0.0f) {
			v_if (x < -8.0f) {
				y = 1.0f;
			} v_elseif (x < -2.0f) {
				y = 2.0f;
			} v_else {
				y = 3.0f;
			} v_endif;
		} v_elseif (x == 0.0f) {
			y = 4.0f;
		} v_elseif (x > 16.0f) {
			y = 5.0f;
		} v_else {
			y = 7.0f;
			v_if (x >= 4.0f) {
				y = 6.0f;
			} v_endif;
			v_if (x < 4.0f) {
				y = y + 64.0f;
			} v_endif;
		} v_endif;
		v_if (x < -20.0f || x > 20.0f) {
			y = y + 100.0f;
		} v_endif;
		dst_reg[v] = y;
	}
}
#endif

void kernel_main()
{
	run_tiles(get_arg_val<uint32_t>(0), 0, 0);
}
