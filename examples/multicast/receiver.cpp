// SPDX-License-Identifier: Apache-2.0
//
// multicast, receiver.cpp: a receiver (NCRISC on cores 1-3,0, NOC 1). For
// each page it tells the sender it is ready (increments the sender's semaphore 0),
// waits for its own semaphore 1 (the sender's multicast has filled CB
// c_0's page), multiplies every word by its scale into CB c_1's page and
// writes that to page slot * pages + i of DRAM buffer `out`.
//
// Runtime args: 0 address of `out`, 1 pages, 2 3 the sender's NOC x y,
//               4 slot, 5 scale.
// Compile-time: accessor(out); named page_bytes.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

void kernel_main()
{
	uint32_t out_addr = get_arg_val<uint32_t>(0);
	uint32_t pages = get_arg_val<uint32_t>(1);
	uint32_t sender_x = get_arg_val<uint32_t>(2), sender_y = get_arg_val<uint32_t>(3);
	uint32_t slot = get_arg_val<uint32_t>(4);
	uint32_t scale = get_arg_val<uint32_t>(5);

	constexpr uint32_t page_bytes = get_named_compile_time_arg_val("page_bytes");
	constexpr auto out_args = TensorAccessorArgs<0>();
	const auto out = TensorAccessor(out_args, out_addr, page_bytes);

	volatile tt_l1_ptr uint32_t *page =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_write_ptr(tt::CBIndex::c_0));
	const uint32_t scaled_addr = get_write_ptr(tt::CBIndex::c_1);
	volatile tt_l1_ptr uint32_t *scaled =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(scaled_addr);
	volatile tt_l1_ptr uint32_t *landed =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_semaphore(1));
	// Semaphores are at one address on every core of the program.
	const uint64_t sender_ready = get_noc_addr(sender_x, sender_y, get_semaphore(0));

	for (uint32_t i = 0; i < pages; i++) {
		noc_semaphore_inc(sender_ready, 1);
		noc_semaphore_wait(landed, 1);
		noc_semaphore_set(landed, 0);
		for (uint32_t w = 0; w < page_bytes / 4; w++)
			scaled[w] = page[w] * scale;
		noc_async_write_page(slot * pages + i, out, scaled_addr);
		noc_async_write_barrier();
	}
	noc_async_atomic_barrier();
	DPRINT << "receiver " << slot << ": " << pages << " pages times " << scale << ENDL();
}
