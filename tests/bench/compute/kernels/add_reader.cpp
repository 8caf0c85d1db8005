// SPDX-License-Identifier: Apache-2.0
//
// Compute benchmark, eltwise add, reader (NCRISC): tiles first..first+n-1
// of DRAM buffers a and b into c_0 and c_1.
//
// Runtime args: 0 a, 1 b, 2 first tile, 3 tiles.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t a_addr = get_arg_val<uint32_t>(0);
	uint32_t b_addr = get_arg_val<uint32_t>(1);
	uint32_t first = get_arg_val<uint32_t>(2);
	uint32_t n = get_arg_val<uint32_t>(3);

	constexpr uint32_t cb_a = tt::CBIndex::c_0;
	constexpr uint32_t cb_b = tt::CBIndex::c_1;
	constexpr auto a_args = TensorAccessorArgs<0>();
	constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
	const auto a = TensorAccessor(a_args, a_addr, get_tile_size(cb_a));
	const auto b = TensorAccessor(b_args, b_addr, get_tile_size(cb_b));

	for (uint32_t t = first; t < first + n; t++) {
		cb_reserve_back(cb_a, 1);
		cb_reserve_back(cb_b, 1);
		noc_async_read_tile(t, a, get_write_ptr(cb_a));
		noc_async_read_tile(t, b, get_write_ptr(cb_b));
		noc_async_read_barrier();
		cb_push_back(cb_a, 1);
		cb_push_back(cb_b, 1);
	}
}
