// SPDX-License-Identifier: Apache-2.0
// Waits until the L1 word at args[0] holds args[1] (the test writes it
// through cores/X,Y/l1), then writes args[3] pages of args[4] bytes, every
// byte args[5], to the interleaved DRAM buffer at args[2] (@name), from a
// page it fills in L1 at args[6].
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	volatile tt_l1_ptr uint32_t *flag =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));
	const uint32_t buffer = get_arg_val<uint32_t>(2);
	const uint32_t num_pages = get_arg_val<uint32_t>(3);
	const uint32_t page_size = get_arg_val<uint32_t>(4);
	const uint32_t byte = get_arg_val<uint32_t>(5) & 0xff;
	const uint32_t scratch = get_arg_val<uint32_t>(6);
	volatile tt_l1_ptr uint32_t *page = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(scratch);
	const InterleavedAddrGen<true> out = { .bank_base_address = buffer, .page_size = page_size };

	for (uint32_t i = 0; i < page_size / 4; i++)
		page[i] = byte * 0x01010101u;
	noc_semaphore_wait(flag, get_arg_val<uint32_t>(1));
	for (uint32_t i = 0; i < num_pages; i++)
		noc_async_write(scratch, get_noc_addr(i, out), page_size);
	noc_async_write_barrier();
}
