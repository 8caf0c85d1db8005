// SPDX-License-Identifier: Apache-2.0
//
// tilize-pipeline, writer (BRISC, NOC 0): pages of c_16 (row-major
// again) to page i of DRAM buffer out.
//
// Runtime args: 0 address of out, 1 number of pages.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t dst_addr = get_arg_val<uint32_t>(0);
	uint32_t n_pages = get_arg_val<uint32_t>(1);

	constexpr uint32_t cb_out = tt::CBIndex::c_16;
	constexpr auto dst_args = TensorAccessorArgs<0>();
	const auto dst = TensorAccessor(dst_args, dst_addr, get_tile_size(cb_out));

	for (uint32_t i = 0; i < n_pages; i++) {
		cb_wait_front(cb_out, 1);
		noc_async_write_page(i, dst, get_read_ptr(cb_out));
		noc_async_write_barrier();
		cb_pop_front(cb_out, 1);
	}
}
