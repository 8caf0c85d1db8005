// SPDX-License-Identifier: Apache-2.0
// Bug: waits for one page of CB 0 and writes two pages out of it (the
// second was never waited for). Runtime arg 0: the address of a DRAM
// buffer of 2048-byte pages.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	constexpr uint32_t cb = tt::CBIndex::c_0;
	const InterleavedAddrGen<true> out = {
		.bank_base_address = get_arg_val<uint32_t>(0),
		.page_size = 2048,
	};

	cb_wait_front(cb, 1);
	noc_async_write(get_read_ptr(cb), get_noc_addr(0, out), 2 * 2048);   // BUG
	noc_async_write_barrier();
	cb_pop_front(cb, 1);
}
