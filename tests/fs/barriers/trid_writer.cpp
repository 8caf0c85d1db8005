// SPDX-License-Identifier: Apache-2.0
// Correct (barriers.bats): writes each page of CB 0 to a DRAM buffer tagged
// with transaction id 2 and waits with noc_async_write_barrier_with_trid
// only, before the pop and at the end.
// args: buffer address, pages, first page.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t addr = get_arg_val<uint32_t>(0);
	const uint32_t pages = get_arg_val<uint32_t>(1);
	constexpr uint32_t cb = tt::CBIndex::c_0;
	const InterleavedAddrGen<true> out = { .bank_base_address = addr,
					       .page_size = get_tile_size(cb) };

	for (uint32_t i = 0; i < pages; i++) {
		cb_wait_front(cb, 1);
		noc_async_write_one_packet_with_trid(get_read_ptr(cb), get_noc_addr(i, out),
						     get_tile_size(cb), 2);
		noc_async_write_barrier_with_trid(2);
		cb_pop_front(cb, 1);
	}
}
