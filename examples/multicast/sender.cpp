// SPDX-License-Identifier: Apache-2.0
//
// multicast, sender.cpp: the sender (BRISC on core 0,0, NOC 0). Each page
// of DRAM buffer `in` is read into CB c_0's page and multicast to the same
// address on the receivers, once all of them said they are ready for it (they
// increment this core's semaphore 0); then their semaphore 1 is set to 1,
// with a second multicast, to say it has landed.
//
// Runtime args: 0 address of `in`, 1 pages, 2..5 the receivers' rectangle
//               x0 y0 x1 y1 (translated NOC coordinates), 6 number of receivers.
// Compile-time: accessor(in); named page_bytes.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

void kernel_main()
{
	uint32_t in_addr = get_arg_val<uint32_t>(0);
	uint32_t pages = get_arg_val<uint32_t>(1);
	uint32_t x0 = get_arg_val<uint32_t>(2), y0 = get_arg_val<uint32_t>(3);
	uint32_t x1 = get_arg_val<uint32_t>(4), y1 = get_arg_val<uint32_t>(5);
	uint32_t receivers = get_arg_val<uint32_t>(6);

	constexpr uint32_t page_bytes = get_named_compile_time_arg_val("page_bytes");
	constexpr auto in_args = TensorAccessorArgs<0>();
	const auto in = TensorAccessor(in_args, in_addr, page_bytes);

	// CB c_0 is one section on all four cores: one address everywhere.
	const uint32_t page = get_write_ptr(tt::CBIndex::c_0);
	volatile tt_l1_ptr uint32_t *ready =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_semaphore(0));
	const uint32_t landed = get_semaphore(1);
	const uint64_t page_to_all = get_noc_multicast_addr(x0, y0, x1, y1, page);
	const uint64_t landed_to_all = get_noc_multicast_addr(x0, y0, x1, y1, landed);

	// The value each receiver's semaphore 1 gets, sent from here.
	*reinterpret_cast<volatile tt_l1_ptr uint32_t *>(landed) = 1;
	for (uint32_t i = 0; i < pages; i++) {
		noc_async_read_page(i, in, page);
		noc_async_read_barrier();
		noc_semaphore_wait(ready, receivers);   // every receiver is done with the last one
		noc_semaphore_set(ready, 0);
		noc_async_write_multicast(page, page_to_all, page_bytes, receivers);
		// The page must have left before the flag is sent: on Blackhole
		// tt-metal flushes between a multicast and its semaphore set
		// (tt-metal issue 12678); the same NOC alone does not order them.
		noc_async_writes_flushed();
		noc_semaphore_set_multicast(landed, landed_to_all, receivers);
		noc_async_write_barrier();
	}
	DPRINT << "sender: " << pages << " pages to " << receivers << " receivers" << ENDL();
}
