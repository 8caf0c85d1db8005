// SPDX-License-Identifier: Apache-2.0
//
// multicore-copy, reader (NCRISC, NOC 1): this core's slice of DRAM
// buffer `in`, pages start .. start + count - 1, into circular buffer c_0.
// Every core runs the same kernel; the slice comes from the per-core
// runtime args (args.X,Y in the args file).
//
// Runtime args: 0 address of `in`, 1 first page, 2 number of pages.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t src_addr = get_arg_val<uint32_t>(0);
	uint32_t start = get_arg_val<uint32_t>(1);
	uint32_t count = get_arg_val<uint32_t>(2);

	constexpr uint32_t cb_in = tt::CBIndex::c_0;
	constexpr auto src_args = TensorAccessorArgs<0>();
	const uint32_t page_bytes = get_tile_size(cb_in);
	const auto src = TensorAccessor(src_args, src_addr, page_bytes);

	for (uint32_t i = start; i < start + count; i++) {
		cb_reserve_back(cb_in, 1);
		noc_async_read_page(i, src, get_write_ptr(cb_in));
		noc_async_read_barrier();
		cb_push_back(cb_in, 1);
	}
}
