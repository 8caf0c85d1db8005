// SPDX-License-Identifier: Apache-2.0
//
// The entry point of a compute kernel, in both of tt-metal's spellings:
// the current `void kernel_main()` and the legacy
// `namespace NAMESPACE { void MAIN { ... } }`. Each TRISC is built on its
// own with NAMESPACE chlkc_unpack / chlkc_math / chlkc_pack, and MAIN is
// unpack_main() / math_main() / pack_main() as in tt-metal's
// common_globals.h. tt-metal rewrites a simple-syntax source into the
// namespace form; here both functions are declared with the same assembler
// name instead, so whichever one the kernel defines is the `kernel_main`
// the start code calls. Defining neither fails to link ("undefined
// reference to `kernel_main'"), defining both fails to assemble. Kernels
// never include this directly: the prelude and api/compute/common.h do.
#pragma once

#if !defined(COMPILE_FOR_TRISC)
#error "ttfs/compute_entry.h is for the TRISC builds (COMPILE_FOR_TRISC=0..2)"
#endif

#ifndef NAMESPACE
#if COMPILE_FOR_TRISC == 0
#define NAMESPACE chlkc_unpack
#elif COMPILE_FOR_TRISC == 1
#define NAMESPACE chlkc_math
#else
#define NAMESPACE chlkc_pack
#endif
#endif

#ifndef MAIN
#if COMPILE_FOR_TRISC == 0
#define MAIN unpack_main()
#elif COMPILE_FOR_TRISC == 1
#define MAIN math_main()
#else
#define MAIN pack_main()
#endif
#endif

// Never inlined into _start, as prelude.h says for the other RISCs.
__attribute__((noinline)) void kernel_main() __asm__("kernel_main");

namespace NAMESPACE {
__attribute__((noinline)) void MAIN __asm__("kernel_main");
}
