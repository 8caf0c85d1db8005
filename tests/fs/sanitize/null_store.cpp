// SPDX-License-Identifier: Apache-2.0
// Bug: a store through a null pointer (runtime arg 0, so that the compiler
// cannot see it is null): it lands at L1 0, the jump to BRISC's firmware
// that a reset of the core runs.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	volatile uint32_t *p = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(0));

	*p = 0xbad0bad0;   // BUG
}
