// SPDX-License-Identifier: Apache-2.0
// Writes num_pages pages from CB 0 to a DRAM buffer, as its pages first,
// first + 1, ...
// args: buffer address, number of pages, first page.
#include <cstdint>
#include "dataflow_api.h"

void kernel_main()
{
	const uint32_t addr = get_arg_val<uint32_t>(0);
	const uint32_t num_pages = get_arg_val<uint32_t>(1);
	const uint32_t first = get_arg_val<uint32_t>(2);
	constexpr uint32_t cb = tt::CBIndex::c_0;
	const InterleavedAddrGen<true> out = {
		.bank_base_address = addr,
		.page_size = get_tile_size(cb),
	};

	for (uint32_t i = 0; i < num_pages; i++) {
		cb_wait_front(cb, 1);
		noc_async_write(get_read_ptr(cb), get_noc_addr(first + i, out), get_tile_size(cb));
		noc_async_write_barrier();
		cb_pop_front(cb, 1);
	}
}
