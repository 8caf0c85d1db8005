// SPDX-License-Identifier: Apache-2.0
// Reads from NOC coordinates (30, 30), which name no tile.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	noc_async_read(get_noc_addr(30, 30, 0x1000), 0x160000, 64);
	noc_async_read_barrier();
}
