// SPDX-License-Identifier: Apache-2.0
//
// DEVICE_PRINT("fmt {} {:#x}", a, b): tt-metal's format-string print, the
// same printer, ring and compile-time checks as DPRINT(fmt, ...)
// (api/debug/dprint.h, ttfs/dprint_check.h). Replacement fields follow
// fmt: {} in order or {N} by index, {{ and }}, and
// [[fill]align][sign][#][0][width][.precision][L][type] with types a A b B
// c d e E f F g G o p s x X ?. No newline is added.
//
// As tt-metal's: DEVICE_PRINT_DATA0/DATA1 print on a data-movement RISC
// whose noc_index is 0/1, DEVICE_PRINT_UNPACK/MATH/PACK in that TRISC's
// build; each is nothing elsewhere.
#pragma once

#include "api/debug/dprint.h"

#define DEVICE_PRINT(fmt, ...) TTFS_FMT_PRINT(fmt, ##__VA_ARGS__)

#if defined(COMPILE_FOR_BRISC) || defined(COMPILE_FOR_NCRISC)
#define DEVICE_PRINT_DATA0(fmt, ...) do { if (noc_index == 0) DEVICE_PRINT(fmt, ##__VA_ARGS__); } while (0)
#define DEVICE_PRINT_DATA1(fmt, ...) do { if (noc_index == 1) DEVICE_PRINT(fmt, ##__VA_ARGS__); } while (0)
#else
#define DEVICE_PRINT_DATA0(fmt, ...) ((void)0)
#define DEVICE_PRINT_DATA1(fmt, ...) ((void)0)
#endif
#ifdef TRISC_UNPACK
#define DEVICE_PRINT_UNPACK(fmt, ...) DEVICE_PRINT(fmt, ##__VA_ARGS__)
#else
#define DEVICE_PRINT_UNPACK(fmt, ...) ((void)0)
#endif
#ifdef TRISC_MATH
#define DEVICE_PRINT_MATH(fmt, ...) DEVICE_PRINT(fmt, ##__VA_ARGS__)
#else
#define DEVICE_PRINT_MATH(fmt, ...) ((void)0)
#endif
#ifdef TRISC_PACK
#define DEVICE_PRINT_PACK(fmt, ...) DEVICE_PRINT(fmt, ##__VA_ARGS__)
#else
#define DEVICE_PRINT_PACK(fmt, ...) ((void)0)
#endif
