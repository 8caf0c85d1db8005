// SPDX-License-Identifier: Apache-2.0
// An #include by absolute path that is not there: the path is not shown.
#include "/nonexistent/dir/x.h"

void kernel_main()
{
}
