// SPDX-License-Identifier: Apache-2.0
// A waypoint of five characters: a compile error, as in tt-metal.
#include "api/debug/waypoint.h"

void kernel_main()
{
	WAYPOINT("ABCDE");
}
