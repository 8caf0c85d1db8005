// SPDX-License-Identifier: Apache-2.0
// Kernel groups, a receiver (several cores): waits until its semaphore 0
// is 1 (the sender's multicast has landed), adds its slot number to every
// word of CB c_0's page and writes the page to page `slot` of DRAM buffer
// `out`.
//
// Runtime args: 0 slot, 1 words, 2 address of `out`
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t slot = get_arg_val<uint32_t>(0);
	uint32_t words = get_arg_val<uint32_t>(1);
	uint32_t out = get_arg_val<uint32_t>(2);
	uint32_t page = get_write_ptr(tt::CBIndex::c_0);
	volatile tt_l1_ptr uint32_t *sem =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_semaphore(0));
	const InterleavedAddrGen<true> dst = { .bank_base_address = out, .page_size = 4 * words };

	noc_semaphore_wait(sem, 1);
	for (uint32_t i = 0; i < words; i++)
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(page)[i] += slot;
	noc_async_write(page, dst.get_noc_addr(slot), 4 * words);
	noc_async_write_barrier();
	noc_semaphore_set(sem, 0);
}
