// SPDX-License-Identifier: Apache-2.0
// Correct (barriers.bats): reads each page into CB 0 tagged with transaction
// id 1 and waits with noc_async_read_barrier_with_trid only before the push.
// Buggy with defines = WAIT_TRID=2: the barrier then waits for another id,
// not for the read.
// args: buffer address, pages; compile_args: accessor(buffer).
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

#ifndef WAIT_TRID
#define WAIT_TRID 1
#endif

void kernel_main()
{
	const uint32_t addr = get_arg_val<uint32_t>(0);
	const uint32_t pages = get_arg_val<uint32_t>(1);
	constexpr uint32_t cb = tt::CBIndex::c_0;
	constexpr auto acc_args = TensorAccessorArgs<0>();
	const auto in = TensorAccessor(acc_args, addr, get_tile_size(cb));

	noc_async_read_set_trid(1);
	for (uint32_t i = 0; i < pages; i++) {
		cb_reserve_back(cb, 1);
		noc_async_read_page(i, in, get_write_ptr(cb));
		noc_async_read_barrier_with_trid(WAIT_TRID);
		cb_push_back(cb, 1);
	}
}
