// SPDX-License-Identifier: Apache-2.0
// Marks two waypoints, then waits for a page in CB 3 that nobody pushes.
#include "api/dataflow/dataflow_api.h"
#include "api/debug/waypoint.h"

void kernel_main()
{
	WAYPOINT("STRT");
	WAYPOINT("CWW");
	cb_wait_front(tt::CBIndex::c_3, 1);
	WAYPOINT("DONE");
}
