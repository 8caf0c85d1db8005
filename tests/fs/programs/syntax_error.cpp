// SPDX-License-Identifier: Apache-2.0
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	no_such_variable = 1;   // line 6: not declared
}
