// SPDX-License-Identifier: Apache-2.0
// Multicast (BRISC): reads a block from DRAM bank 0 by bank id, writes it to
// every core of a rectangle with one multicast, then sets a flag word on
// all of them with noc_semaphore_set_multicast.
//
// Runtime args: 0..3 rectangle x0 y0 x1 y1 (NOC 0), 4 number of receivers,
//               5 DRAM address in bank 0, 6 size, 7 L1 staging/destination,
//               8 flag L1 address (same on every core), 9 flag value
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t x0 = get_arg_val<uint32_t>(0), y0 = get_arg_val<uint32_t>(1);
	uint32_t x1 = get_arg_val<uint32_t>(2), y1 = get_arg_val<uint32_t>(3);
	uint32_t num_dests = get_arg_val<uint32_t>(4);
	uint32_t dram_addr = get_arg_val<uint32_t>(5);
	uint32_t size = get_arg_val<uint32_t>(6);
	uint32_t l1 = get_arg_val<uint32_t>(7);
	uint32_t flag = get_arg_val<uint32_t>(8);

	noc_async_read(get_noc_addr_from_bank_id<true>(0, dram_addr), l1, size);
	noc_async_read_barrier();

	noc_async_write_multicast(l1, get_noc_multicast_addr(x0, y0, x1, y1, l1), size, num_dests);
	*reinterpret_cast<volatile tt_l1_ptr uint32_t *>(flag) = get_arg_val<uint32_t>(9);
	noc_semaphore_set_multicast(flag, get_noc_multicast_addr(x0, y0, x1, y1, flag), num_dests);
	noc_async_write_barrier();
}
