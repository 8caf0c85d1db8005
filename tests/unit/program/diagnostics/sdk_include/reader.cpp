// SPDX-License-Identifier: Apache-2.0
// A compute header in a reader: the SDK's #error, reached by an #include.
#include "compute_kernel_api/matmul.h"

void kernel_main()
{
}
