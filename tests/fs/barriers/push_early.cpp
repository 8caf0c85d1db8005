// SPDX-License-Identifier: Apache-2.0
// Buggy on purpose (barriers.bats): reads each page of a DRAM buffer into
// CB 0 and pushes it before noc_async_read_barrier, so the consumer may
// see the page before the data has landed.
// args: buffer address, pages; compile_args: accessor(buffer).
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t addr = get_arg_val<uint32_t>(0);
	const uint32_t pages = get_arg_val<uint32_t>(1);
	constexpr uint32_t cb = tt::CBIndex::c_0;
	constexpr auto acc_args = TensorAccessorArgs<0>();
	const auto in = TensorAccessor(acc_args, addr, get_tile_size(cb));

	for (uint32_t i = 0; i < pages; i++) {
		cb_reserve_back(cb, 1);
		noc_async_read_page(i, in, get_write_ptr(cb));
		cb_push_back(cb, 1);
		noc_async_read_barrier();
	}
}
