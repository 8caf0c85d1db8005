// SPDX-License-Identifier: Apache-2.0
// Hangs in cb_reserve_back: CB 1 (2 pages) is filled and nobody pops it.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	cb_reserve_back(1, 2);
	cb_push_back(1, 2);
	cb_reserve_back(1, 1);
}
