// SPDX-License-Identifier: Apache-2.0
// Pushes arg 0 pages into CB 0 without writing them: the CB's memory is an
// L1 buffer (`buffer = NAME`) that already holds them, as tt-metal's
// sharded readers do.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t num_pages = get_arg_val<uint32_t>(0);
	constexpr uint32_t cb = tt::CBIndex::c_0;

	cb_reserve_back(cb, num_pages);
	cb_push_back(cb, num_pages);
}
