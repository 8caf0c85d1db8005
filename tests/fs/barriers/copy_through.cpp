// SPDX-License-Identifier: Apache-2.0
// Copies a DRAM buffer page by page through L1 at 0x160000 (barriers.bats).
// With barrier = 0 it is buggy on purpose: each page is written out
// before the read that fills it has been waited for. The barrier checks
// do not see it (both barriers come before the next page and the end);
// strict NOC mode makes it give the poison pattern every time.
// args: in address, out address, pages, barrier.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const InterleavedAddrGen<true> in = { .bank_base_address = get_arg_val<uint32_t>(0),
					      .page_size = 2048 };
	const InterleavedAddrGen<true> out = { .bank_base_address = get_arg_val<uint32_t>(1),
					       .page_size = 2048 };
	const uint32_t pages = get_arg_val<uint32_t>(2);
	const bool barrier = get_arg_val<uint32_t>(3) != 0;

	for (uint32_t i = 0; i < pages; i++) {
		noc_async_read(get_noc_addr(i, in), 0x160000, 2048);
		if (barrier)
			noc_async_read_barrier();
		noc_async_write(0x160000, get_noc_addr(i, out), 2048);
		noc_async_write_barrier();
		noc_async_read_barrier();
	}
}
