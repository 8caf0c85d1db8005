// SPDX-License-Identifier: Apache-2.0
// An #include of a file that is not there.
#include "nosuch.h"

void kernel_main()
{
}
