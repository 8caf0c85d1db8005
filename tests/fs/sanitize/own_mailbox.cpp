// SPDX-License-Identifier: Apache-2.0
// Bug: a NOC write into the kernel's own mailbox (L1 0x100, in the launch
// ring) while its program runs.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	noc_async_write(0x100000, get_noc_addr(0x100), 16);   // BUG
	noc_async_write_barrier();
}
