// SPDX-License-Identifier: Apache-2.0
//
// sharded-add, writer (BRISC): the sums are packed straight into the
// core's shard of the output (c_16 is that shard), so there is nothing to
// write: it waits until the whole shard is there, which is when the
// program may end.
//
// Runtime args: 0 tiles in a shard.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t n_tiles = get_arg_val<uint32_t>(0);
	constexpr uint32_t cb_sum = tt::CBIndex::c_16;

	cb_wait_front(cb_sum, n_tiles);
	cb_pop_front(cb_sum, n_tiles);
}
