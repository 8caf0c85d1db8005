// SPDX-License-Identifier: Apache-2.0
//
// Compile-time arguments, as tt-metal's JIT passes them: the build defines
// KERNEL_COMPILE_TIME_ARGS as a comma-separated list of integers
// (-DKERNEL_COMPILE_TIME_ARGS=2,2048,7) and get_compile_time_arg_val(i)
// is a constant expression; an index past the end fails to compile.
#pragma once

#include <stdint.h>
#include <array>

template <class... T>
constexpr std::array<uint32_t, sizeof...(T)> ttfs_make_ct_args(T... v)
{
	return std::array<uint32_t, sizeof...(T)>{ { static_cast<uint32_t>(v)... } };
}

#ifdef KERNEL_COMPILE_TIME_ARGS
constexpr auto kernel_compile_time_args = ttfs_make_ct_args(KERNEL_COMPILE_TIME_ARGS);
#else
constexpr auto kernel_compile_time_args = ttfs_make_ct_args();
#endif

template <uint32_t Idx>
constexpr uint32_t get_ct_arg()
{
	static_assert(Idx < kernel_compile_time_args.size(), "compile-time arg index out of range");
	return kernel_compile_time_args[Idx];
}

#define get_compile_time_arg_val(arg_idx) get_ct_arg<(arg_idx)>()

// Named compile-time args: the build defines KERNEL_COMPILE_TIME_ARG_MAP as
// a list of {"name", value} pairs, as tt-metal's JIT does.
struct ttfs_named_ct_arg {
	const char *name;
	uint32_t value;
};

#ifdef KERNEL_COMPILE_TIME_ARG_MAP
constexpr ttfs_named_ct_arg kernel_named_compile_time_args[] = { KERNEL_COMPILE_TIME_ARG_MAP };
#else
constexpr ttfs_named_ct_arg kernel_named_compile_time_args[] = { { "", 0 } };
#endif

constexpr bool ttfs_ct_streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

// Not constexpr on purpose: reaching it in a constant expression (an
// unknown name) is a compile error that names it.
inline uint32_t named_compile_time_arg_not_found() { return 0; }

constexpr uint32_t get_named_compile_time_arg_val(const char *name)
{
	for (const ttfs_named_ct_arg &a : kernel_named_compile_time_args)
		if (*a.name && ttfs_ct_streq(a.name, name))
			return a.value;
	return named_compile_time_arg_not_found();
}
