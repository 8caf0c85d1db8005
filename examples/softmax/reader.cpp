// SPDX-License-Identifier: Apache-2.0
//
// softmax, reader (NCRISC, NOC 1): the scaler tile (ones) into c_2 once,
// then x tile row by tile row into c_0, a whole row of tiles at a time.
//
// Runtime args: 0 address of x, 1 address of the scaler, 2 tile rows,
// 3 tiles per row.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t x_addr = get_arg_val<uint32_t>(0);
	uint32_t ones_addr = get_arg_val<uint32_t>(1);
	uint32_t rows = get_arg_val<uint32_t>(2);
	uint32_t wt = get_arg_val<uint32_t>(3);

	constexpr uint32_t cb_x = tt::CBIndex::c_0, cb_scaler = tt::CBIndex::c_2;
	constexpr auto x_args = TensorAccessorArgs<0>();
	constexpr auto ones_args = TensorAccessorArgs<x_args.next_compile_time_args_offset()>();
	const auto x = TensorAccessor(x_args, x_addr, get_tile_size(cb_x));
	const auto ones = TensorAccessor(ones_args, ones_addr, get_tile_size(cb_scaler));

	cb_reserve_back(cb_scaler, 1);
	noc_async_read_tile(0, ones, get_write_ptr(cb_scaler));
	noc_async_read_barrier();
	cb_push_back(cb_scaler, 1);

	for (uint32_t r = 0; r < rows; r++) {
		cb_reserve_back(cb_x, wt);
		for (uint32_t w = 0; w < wt; w++)
			noc_async_read_tile(r * wt + w, x, get_write_ptr(cb_x) + w * get_tile_size(cb_x));
		noc_async_read_barrier();
		cb_push_back(cb_x, wt);
	}
}
