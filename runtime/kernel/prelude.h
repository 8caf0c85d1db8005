// SPDX-License-Identifier: Apache-2.0
//
// Force-included into every data-movement kernel: the build compiles each
// kernel with `-include prelude.h`, as tt-metal's firmware wrapper
// (brisck.cc / ncrisck.cc) includes the dataflow API and DPRINT before the
// kernel, so a kernel that includes nothing can still use the whole API,
// uint32_t and DPRINT.
#pragma once

#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

void kernel_main();
