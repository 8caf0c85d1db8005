// SPDX-License-Identifier: Apache-2.0
// Includes a header of its own that does not compile.
#include "mine.h"

void kernel_main()
{
	(void)twice(3);
}
