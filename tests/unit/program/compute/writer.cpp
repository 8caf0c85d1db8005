// SPDX-License-Identifier: Apache-2.0
// Writer of the compute tests (BRISC): the tiles the compute kernel packs
// into c_16, then those of c_17, to DRAM buffers.
//
// Runtime args: for c_16, c_17 in turn: buffer address, tiles (0: none).
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	for (uint32_t k = 0; k < 2; k++) {
		uint32_t cb = 16 + k;
		uint32_t addr = get_arg_val<uint32_t>(2 * k);
		uint32_t n = get_arg_val<uint32_t>(2 * k + 1);

		if (!n)
			continue;
		const InterleavedAddrGen<true> dst = { .bank_base_address = addr,
						       .page_size = get_tile_size(cb) };
		for (uint32_t i = 0; i < n; i++) {
			cb_wait_front(cb, 1);
			noc_async_write(get_read_ptr(cb), get_noc_addr(i, dst), get_tile_size(cb));
			noc_async_write_barrier();
			cb_pop_front(cb, 1);
		}
	}
}
