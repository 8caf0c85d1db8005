// SPDX-License-Identifier: Apache-2.0
// Named compile-time args and a define with spaces reach the build:
// stores get_named_compile_time_arg_val("num_tiles"), ("cb_in") and
// SUM (defined "(3 + 4)") at the L1 address in arg 0.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	constexpr uint32_t num_tiles = get_named_compile_time_arg_val("num_tiles");
	constexpr uint32_t cb_in = get_named_compile_time_arg_val("cb_in");
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));

	out[0] = num_tiles;
	out[1] = cb_in;
	out[2] = SUM;
}
