// SPDX-License-Identifier: Apache-2.0
// Hangs in noc_async_read_barrier: one real read completes, then the
// software counter claims two more reads were issued. The simulated NOC
// answers every read it is given at once, so this is the only way a
// read barrier can wait on it.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t buf = get_arg_val<uint32_t>(0);

	noc_async_read(get_noc_addr(buf + 64), buf, 64);
	noc_async_read_barrier();
	ttfs::fw()->noc_reads_num_issued[noc_index] += 2;
	noc_async_read_barrier();
}
