// SPDX-License-Identifier: Apache-2.0
// Hangs in cb_wait_front: CB 0 (4 pages) gets 3 pages pushed and 2
// popped, then the kernel waits for 2 at the front, where only 1 is.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	cb_reserve_back(0, 3);
	cb_push_back(0, 3);
	cb_wait_front(0, 3);
	cb_pop_front(0, 2);
	DPRINT << "waiting for 2 pages" << ENDL();
	cb_wait_front(0, 2);
}
