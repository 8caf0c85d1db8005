// SPDX-License-Identifier: Apache-2.0
// Bug: reads DRAM from 16 bytes into a page to the start of a CB page, an
// offset of 16 against 0 modulo 64: Blackhole's NOC moves DRAM reads in
// 64-byte words, so a card delivers other bytes. Runtime arg 0: the
// address of a DRAM buffer of 2048-byte pages.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	constexpr uint32_t cb = tt::CBIndex::c_0;
	const InterleavedAddrGen<true> in = {
		.bank_base_address = get_arg_val<uint32_t>(0),
		.page_size = 2048,
	};

	cb_reserve_back(cb, 1);
	noc_async_read(get_noc_addr(0, in, 16), get_write_ptr(cb), 1024);   // BUG
	noc_async_read_barrier();
	cb_push_back(cb, 1);
}
