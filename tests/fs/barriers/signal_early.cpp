// SPDX-License-Identifier: Apache-2.0
// Buggy on purpose (barriers.bats): writes data over the NOC, then signals
// semaphore 0 before noc_async_write_barrier, so whoever waits on the
// semaphore may read the data before it has landed. The signal is
// noc_semaphore_inc (arg 0 = 0) or noc_semaphore_set_remote (arg 0 = 1),
// both to this core's own semaphore over the NOC, or
// noc_semaphore_inc_multicast (arg 0 = 2) to the core at NOC x + 1.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t how = get_arg_val<uint32_t>(0);
	const uint32_t sem = get_semaphore(0);
	const uint64_t sem_noc = get_noc_addr(my_x[noc_index], my_y[noc_index], sem);
	volatile tt_l1_ptr uint32_t *value = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(0x162000);

	noc_async_write(0x161000, get_noc_addr(my_x[noc_index], my_y[noc_index], 0x160000), 64);
	if (how == 0) {
		noc_semaphore_inc(sem_noc, 1);
	} else if (how == 2) {
		noc_semaphore_inc_multicast(get_noc_multicast_addr(my_x[noc_index] + 1, my_y[noc_index],
								   my_x[noc_index] + 1, my_y[noc_index],
								   sem),
					    1, 1);
	} else {
		*value = 1;
		noc_semaphore_set_remote(0x162000, sem_noc);
	}
	noc_async_write_barrier();
	noc_async_atomic_barrier();
}
