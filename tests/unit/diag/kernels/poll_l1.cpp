// SPDX-License-Identifier: Apache-2.0
// Hangs polling an L1 word that is no semaphore: arg 0 is its address.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	volatile tt_l1_ptr uint32_t *flag =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));

	while (*flag != 7)
		;
}
