// SPDX-License-Identifier: Apache-2.0
//
// multicore-copy, writer (BRISC, NOC 0): circular buffer c_0 to the same
// pages of DRAM buffer `out`. The slice comes from the per-core runtime
// args, as for the reader.
//
// Runtime args: 0 address of `out`, 1 first page, 2 number of pages.
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

void kernel_main()
{
	uint32_t dst_addr = get_arg_val<uint32_t>(0);
	uint32_t start = get_arg_val<uint32_t>(1);
	uint32_t count = get_arg_val<uint32_t>(2);

	constexpr uint32_t cb_out = tt::CBIndex::c_0;
	constexpr auto dst_args = TensorAccessorArgs<0>();
	const uint32_t page_bytes = get_tile_size(cb_out);
	const auto dst = TensorAccessor(dst_args, dst_addr, page_bytes);

	for (uint32_t i = start; i < start + count; i++) {
		cb_wait_front(cb_out, 1);
		noc_async_write_page(i, dst, get_read_ptr(cb_out));
		noc_async_write_barrier();
		cb_pop_front(cb_out, 1);
	}
	DPRINT << "core " << get_absolute_logical_x() << "," << get_absolute_logical_y()
	       << " copied pages " << start << ".." << start + count - 1 << ENDL();
}
