// SPDX-License-Identifier: Apache-2.0
// Prints the NOC the kernel was built for (noc_index, from the args' noc),
// so a test can see a [kernel.NAME]'s default NOC on each processor.
#include "api/debug/dprint.h"
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	DPRINT << "noc " << static_cast<uint32_t>(noc_index) << ENDL();
}
