// SPDX-License-Identifier: Apache-2.0
//
// loopback, writer (BRISC, NOC 0): circular buffer c_0 -> DRAM buffer
// `out`, one page at a time, as each page arrives from the reader. Uses
// the older InterleavedAddrGenFast, as many tt-metal kernels still do.
//
// Runtime args: 0 address of `out`, 1 number of pages.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t dst_addr = get_arg_val<uint32_t>(0);
	uint32_t num_pages = get_arg_val<uint32_t>(1);

	constexpr uint32_t cb_out = tt::CBIndex::c_0;
	const uint32_t page_bytes = get_tile_size(cb_out);
	const InterleavedAddrGenFast<true> dst = {
		.bank_base_address = dst_addr,
		.page_size = page_bytes,
		.data_format = get_dataformat(cb_out),
	};

	for (uint32_t i = 0; i < num_pages; i++) {
		cb_wait_front(cb_out, 1);
		uint32_t l1_read_addr = get_read_ptr(cb_out);
		noc_async_write_tile(i, dst, l1_read_addr);
		noc_async_write_barrier();
		cb_pop_front(cb_out, 1);
	}
	DPRINT << "writer: " << num_pages << " pages out" << ENDL();
}
