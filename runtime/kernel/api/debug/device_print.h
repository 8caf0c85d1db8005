// SPDX-License-Identifier: Apache-2.0
//
// DEVICE_PRINT("fmt {} {:#x}", a, b): tt-metal's format-string print, the
// same printer and ring as DPRINT (api/debug/dprint.h). Replacement fields
// follow fmt: {} in order or {n} by index, {{ and }}, and
// [[fill]align][sign][#][0][width][.precision][type] with types d x X b B o
// c s f F e E g G. No newline is added.
#pragma once

#include "api/debug/dprint.h"

#ifdef TTFS_DPRINT_DISABLED
#define DEVICE_PRINT(...) ((void)0)
#else
#define DEVICE_PRINT(...) (ttfs::DebugPrinter{}(__VA_ARGS__))
#endif
#define DEVICE_PRINT_DATA0(...) DPRINT_DATA0(__VA_ARGS__)
#define DEVICE_PRINT_DATA1(...) DPRINT_DATA1(__VA_ARGS__)
#define DEVICE_PRINT_UNPACK(...) DPRINT_UNPACK(__VA_ARGS__)
#define DEVICE_PRINT_MATH(...) DPRINT_MATH(__VA_ARGS__)
#define DEVICE_PRINT_PACK(...) DPRINT_PACK(__VA_ARGS__)
