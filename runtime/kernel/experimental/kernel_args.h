// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's Metal 2.0 kernel arguments (experimental/kernel_args.h):
// get_arg(args::NAME) reads a named arg whichever kind it is, and TT_KERNEL
// marks the kernel's entry function. The args:: constants and get_vararg /
// get_common_vararg come from kernel_args_generated.h, which a ttfs build
// writes from the kernel's args section (arg_names, common_arg_names,
// named_compile_args; docs/programs-args.md) and includes before the
// source, as tt-metal's JIT does for a ProgramSpec kernel. For a TT_KERNEL
// entry the build also writes kernel_main, calling it with
// get_arg(args::...) of its template and function parameters.
#pragma once

#if defined(COMPILE_FOR_TRISC)
#include "api/compute/common.h"
#else
#include "api/dataflow/dataflow_api.h"
#endif

// The entry: `template <uint32_t a, ...> TT_KERNEL void f(uint32_t x, ...)`.
#define TT_KERNEL FORCE_INLINE

namespace experimental {

// A named runtime arg: its byte offset among this core's runtime args.
template <typename T>
struct RtaArg {
	uint32_t byte_offset;
};

// A named common runtime arg: its byte offset among the common args.
template <typename T>
struct CrtaArg {
	uint32_t byte_offset;
};

// A named compile-time arg: its value.
template <typename T>
struct CtaVal {
	T value;
};

template <typename T>
FORCE_INLINE T get_arg(RtaArg<T> arg)
{
	static_assert(sizeof(T) == 4, "Only uint32_t args are currently supported.");
	return get_arg_val<T>(static_cast<int>(arg.byte_offset / 4));
}

template <typename T>
FORCE_INLINE T get_arg(CrtaArg<T> arg)
{
	static_assert(sizeof(T) == 4, "Only uint32_t args are currently supported.");
	return get_common_arg_val<T>(static_cast<int>(arg.byte_offset / 4));
}

// Compile-time: `constexpr auto n = get_arg(args::n);` works for these only.
template <typename T>
FORCE_INLINE constexpr T get_arg(CtaVal<T> arg)
{
	return arg.value;
}

}  // namespace experimental
