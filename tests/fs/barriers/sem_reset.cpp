// SPDX-License-Identifier: Apache-2.0
// barriers.bats: sets semaphore 0 and sends it to semaphore 1 over the
// NOC (noc_semaphore_set_remote, a write from semaphore 0), then resets
// semaphore 0 with noc_semaphore_set.
//   arg 0 = 0, buggy on purpose: the reset comes before the write is
//     flushed, so on a card the write may send the reset value;
//   arg 0 = 1, right: the write is flushed first; another write (of data)
//     still outstanding at the reset does not matter to it.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t flushed = get_arg_val<uint32_t>(0);
	volatile tt_l1_ptr uint32_t *mine = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_semaphore(0));
	const uint64_t other = get_noc_addr(my_x[noc_index], my_y[noc_index], get_semaphore(1));

	noc_semaphore_set(mine, 1);
	noc_semaphore_set_remote(get_semaphore(0), other);
	if (flushed) {
		noc_async_writes_flushed();
		noc_async_write(0x161000, get_noc_addr(my_x[noc_index], my_y[noc_index], 0x160000), 64);
	}
	noc_semaphore_set(mine, 0);
	noc_async_write_barrier();
}
