// SPDX-License-Identifier: Apache-2.0
// Buggy on purpose (barriers.bats): writes pages of L1 at 0x160000 to a
// DRAM buffer and returns without noc_async_write_barrier, so the next
// kernel may start while the writes still read their source.
// args: buffer address, pages.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t addr = get_arg_val<uint32_t>(0);
	const uint32_t pages = get_arg_val<uint32_t>(1);
	const InterleavedAddrGen<true> out = { .bank_base_address = addr, .page_size = 2048 };

	for (uint32_t i = 0; i < pages; i++)
		noc_async_write(0x160000 + i * 2048, get_noc_addr(i, out), 2048);
}
