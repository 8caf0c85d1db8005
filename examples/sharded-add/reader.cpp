// SPDX-License-Identifier: Apache-2.0
//
// sharded-add, reader (NCRISC): the core's shards of a and b are already
// in its L1, and circular buffers c_0 and c_1 are those shards
// (`buffer = sa-a`, `buffer = sa-b` in args), so reading them is only
// telling the compute kernel they are full: reserve, push, no NOC.
//
// Runtime args: 0 tiles in a shard.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t n_tiles = get_arg_val<uint32_t>(0);

	constexpr uint32_t cb_a = tt::CBIndex::c_0;
	constexpr uint32_t cb_b = tt::CBIndex::c_1;

	cb_reserve_back(cb_a, n_tiles);
	cb_push_back(cb_a, n_tiles);
	cb_reserve_back(cb_b, n_tiles);
	cb_push_back(cb_b, n_tiles);
}
