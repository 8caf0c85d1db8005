// SPDX-License-Identifier: Apache-2.0
// The pre-2026 spellings: debug/assert.h and debug/waypoint.h, ASSERT
// with a type argument.
#include "api/dataflow/dataflow_api.h"
#include "debug/assert.h"
#include "debug/waypoint.h"

void kernel_main()
{
	WAYPOINT("LG");
	ASSERT(get_arg_val<uint32_t>(0) == 0, 3);
}
