// SPDX-License-Identifier: Apache-2.0
//
// custom-sfpi, reader (NCRISC, NOC 1): tile i of DRAM buffers a and b
// into circular buffers c_0 and c_1, both reads in flight under one
// barrier. TensorAccessors whose compile-time words come from
// `accessor(cs-a) accessor(cs-b)` in args.
//
// Runtime args: 0 address of a, 1 address of b, 2 number of tiles.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t a_addr = get_arg_val<uint32_t>(0);
	uint32_t b_addr = get_arg_val<uint32_t>(1);
	uint32_t n_tiles = get_arg_val<uint32_t>(2);

	constexpr uint32_t cb_a = tt::CBIndex::c_0;
	constexpr uint32_t cb_b = tt::CBIndex::c_1;
	constexpr auto a_args = TensorAccessorArgs<0>();
	constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
	const auto a = TensorAccessor(a_args, a_addr, get_tile_size(cb_a));
	const auto b = TensorAccessor(b_args, b_addr, get_tile_size(cb_b));

	for (uint32_t i = 0; i < n_tiles; i++) {
		cb_reserve_back(cb_a, 1);
		cb_reserve_back(cb_b, 1);
		noc_async_read_tile(i, a, get_write_ptr(cb_a));
		noc_async_read_tile(i, b, get_write_ptr(cb_b));
		noc_async_read_barrier();
		cb_push_back(cb_a, 1);
		cb_push_back(cb_b, 1);
	}
}
