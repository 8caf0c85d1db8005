// SPDX-License-Identifier: Apache-2.0
// Asserts that its runtime arg 0 is below 4, then stores it at arg 1.
#include "api/dataflow/dataflow_api.h"
#include "api/debug/assert.h"

void kernel_main()
{
	uint32_t n = get_arg_val<uint32_t>(0);
	ASSERT(n < 4);
	*reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(1)) = n;
}
