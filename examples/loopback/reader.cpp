// SPDX-License-Identifier: Apache-2.0
//
// loopback, reader (NCRISC, NOC 1): DRAM buffer `in` -> circular buffer
// c_0, one page at a time. Written as for tt-metal: a TensorAccessor
// whose compile-time words come from `accessor(loopback-in)` in args.
//
// Runtime args: 0 address of `in`, 1 number of pages.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t src_addr = get_arg_val<uint32_t>(0);
	uint32_t num_pages = get_arg_val<uint32_t>(1);

	constexpr uint32_t cb_in = tt::CBIndex::c_0;
	constexpr auto src_args = TensorAccessorArgs<0>();
	const uint32_t page_bytes = get_tile_size(cb_in);
	const auto src = TensorAccessor(src_args, src_addr, page_bytes);

	for (uint32_t i = 0; i < num_pages; i++) {
		cb_reserve_back(cb_in, 1);
		uint32_t l1_write_addr = get_write_ptr(cb_in);
		noc_async_read_page(i, src, l1_write_addr);
		noc_async_read_barrier();
		cb_push_back(cb_in, 1);
	}
	DPRINT << "reader: " << num_pages << " pages in" << ENDL();
}
