// SPDX-License-Identifier: Apache-2.0
// Reader of the compute tests (NCRISC): tiles of up to three DRAM buffers
// into c_0, c_1 and c_2, one after the other, each whole before the next
// (the tests size each CB to hold all its tiles).
//
// Runtime args: for c_0, c_1, c_2 in turn: buffer address, tiles (0: none).
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	for (uint32_t cb = 0; cb < 3; cb++) {
		uint32_t addr = get_arg_val<uint32_t>(2 * cb);
		uint32_t n = get_arg_val<uint32_t>(2 * cb + 1);

		if (!n)
			continue;
		const InterleavedAddrGen<true> src = { .bank_base_address = addr,
						       .page_size = get_tile_size(cb) };
		for (uint32_t i = 0; i < n; i++) {
			cb_reserve_back(cb, 1);
			noc_async_read(get_noc_addr(i, src), get_write_ptr(cb), get_tile_size(cb));
			noc_async_read_barrier();
			cb_push_back(cb, 1);
		}
	}
}
