// SPDX-License-Identifier: Apache-2.0
//
// Force-included into every kernel: the build compiles each kernel with
// `-include prelude.h`, as tt-metal's firmware wrapper (brisck.cc /
// ncrisck.cc) includes the dataflow API and DPRINT before the kernel, so a
// data-movement kernel that includes nothing can still use the whole API,
// uint32_t and DPRINT.
//
// A TRISC build (COMPILE_FOR_TRISC) gets the compute side instead: no
// dataflow API (the compute API has its own cb_* with other units), but
// the arguments, DPRINT and the entry point in both spellings, so that
// `namespace NAMESPACE { void MAIN { } }` links as well as
// `void kernel_main()` (ttfs/compute_entry.h).
#pragma once

#if defined(COMPILE_FOR_TRISC)
#include "api/compute/common.h"
#else
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

// Never inlined into _start (ttfs/kernel_start.h): a body gcc inlines
// there keeps no place of its own where its code carries no line (a bare
// `for (;;) {}`), and a hang in it would show the start code's line.
__attribute__((noinline)) void kernel_main();
#endif

// The start code and the C library functions, defined here in the
// kernel's own translation unit (ttfs/kernel_start.h says why).
#include "ttfs/kernel_start.h"
