// SPDX-License-Identifier: Apache-2.0
// Waits for as many pages of CB 3 as runtime arg 0 says; nobody pushes.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t pages = get_arg_val<uint32_t>(0);

	cb_wait_front(tt::CBIndex::c_3, pages);
}
