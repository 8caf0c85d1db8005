// SPDX-License-Identifier: Apache-2.0
// Stores its runtime arg 1 and common arg 0 at the L1 address in arg 0.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));

	out[0] = get_arg_val<uint32_t>(1);
	out[1] = get_common_arg_val<uint32_t>(0);
}
