// SPDX-License-Identifier: Apache-2.0
// Kernel groups, the sender (one core): fills the page of CB c_0 with
// seed + 7 * i, multicasts it to the receivers' c_0 (the same L1 address
// on every core of the CB's section), then sets their semaphore 0 to 1
// with a multicast.
//
// Runtime args: 0..3 the receivers' rectangle x0 y0 x1 y1 (NOC 0),
//               4 number of receivers, 5 words, 6 seed
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t x0 = get_arg_val<uint32_t>(0), y0 = get_arg_val<uint32_t>(1);
	uint32_t x1 = get_arg_val<uint32_t>(2), y1 = get_arg_val<uint32_t>(3);
	uint32_t dests = get_arg_val<uint32_t>(4);
	uint32_t words = get_arg_val<uint32_t>(5);
	uint32_t seed = get_arg_val<uint32_t>(6);
	uint32_t page = get_write_ptr(tt::CBIndex::c_0);
	uint32_t sem = get_semaphore(0);

	for (uint32_t i = 0; i < words; i++)
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(page)[i] = seed + 7 * i;
	noc_async_write_multicast(page, get_noc_multicast_addr(x0, y0, x1, y1, page), 4 * words,
				  dests);
	// The data before the signal: one NOC, in order; the barrier makes it sure.
	noc_async_write_barrier();
	*reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem) = 1;
	noc_semaphore_set_multicast(sem, get_noc_multicast_addr(x0, y0, x1, y1, sem), dests);
	noc_async_write_barrier();
}
