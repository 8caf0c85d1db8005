// SPDX-License-Identifier: Apache-2.0
// Buggy on purpose (barriers.bats): increments this core's semaphore 0 over
// the NOC and returns without noc_async_atomic_barrier. On a card the
// atomic's response may come after the next kernel took the NIU's counter
// as its start, and that kernel's noc_async_atomic_barrier never ends.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint64_t sem_noc = get_noc_addr(my_x[noc_index], my_y[noc_index], get_semaphore(0));

	noc_semaphore_inc(sem_noc, 1);
}
