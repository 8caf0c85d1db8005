// SPDX-License-Identifier: Apache-2.0
// Hangs in noc_semaphore_wait on semaphore 1 for a value nobody sends.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	DPRINT << "sem " << get_semaphore(1) << ENDL();
	noc_semaphore_wait(reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_semaphore(1)), 5);
}
