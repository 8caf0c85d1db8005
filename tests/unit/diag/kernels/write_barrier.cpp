// SPDX-License-Identifier: Apache-2.0
// Hangs in noc_async_write_barrier: two real writes are acked, then the
// software counter expects three more acks.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t buf = get_arg_val<uint32_t>(0);

	noc_async_write(buf, get_noc_addr(buf + 128), 32);
	noc_async_write(buf, get_noc_addr(buf + 256), 32);
	noc_async_write_barrier();
	ttfs::fw()->noc_nonposted_writes_acked[noc_index] += 3;
	noc_async_write_barrier();
}
