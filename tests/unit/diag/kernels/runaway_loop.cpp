// SPDX-License-Identifier: Apache-2.0
// Sets the L1 word at arg 0 to 1, then loops for ever reading nothing:
// it waits on nothing, so it is running, not waiting.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	volatile tt_l1_ptr uint32_t *flag =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));

	*flag = 1;
	for (;;) {
	}
}
