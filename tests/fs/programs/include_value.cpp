// SPDX-License-Identifier: Apache-2.0
// Stores VALUE, from the program's own header value.h, at the L1 address
// in arg 0.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
#include "value.h"

void kernel_main()
{
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));

	out[0] = VALUE;
}
