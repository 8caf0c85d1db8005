// SPDX-License-Identifier: Apache-2.0
// Waits for a page in CB 3 that nobody pushes.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	cb_wait_front(tt::CBIndex::c_3, 1);
}
