// SPDX-License-Identifier: Apache-2.0
// Waits until the L1 word at args[0] holds args[1] (the test writes it
// through cores/X,Y/l1), then writes args[2] to the word after it.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t addr = get_arg_val<uint32_t>(0);
	volatile tt_l1_ptr uint32_t *flag = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(addr);

	noc_semaphore_wait(flag, get_arg_val<uint32_t>(1));
	flag[1] = get_arg_val<uint32_t>(2);
}
