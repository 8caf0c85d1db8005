// SPDX-License-Identifier: Apache-2.0
//
// Runtime arguments and "where am I", shared by the data-movement API and
// the compute side (api/compute/common.h): both read this RISC's argument
// bases from its globals block, which the firmware points into the
// kernel-config buffer at each launch. Kernels never include this directly.
#pragma once

#include "ttfs/kernel_base.h"

// ---- runtime arguments ------------------------------------------------------

FORCE_INLINE uintptr_t get_arg_addr(int arg_idx)
{
	return ttfs::fw()->rta_l1_base + 4u * static_cast<uint32_t>(arg_idx);
}

FORCE_INLINE uintptr_t get_common_arg_addr(int arg_idx)
{
	return ttfs::fw()->crta_l1_base + 4u * static_cast<uint32_t>(arg_idx);
}

template <typename T>
FORCE_INLINE T get_arg_val(int arg_idx)
{
	static_assert(sizeof(T) == 4, "runtime arguments are 4-byte words");
	return *reinterpret_cast<volatile tt_l1_ptr T *>(get_arg_addr(arg_idx));
}

template <typename T>
FORCE_INLINE T get_common_arg_val(int arg_idx)
{
	static_assert(sizeof(T) == 4, "runtime arguments are 4-byte words");
	return *reinterpret_cast<volatile tt_l1_ptr T *>(get_common_arg_addr(arg_idx));
}

// ---- where am I -------------------------------------------------------------

// Logical Tensix coordinates from this core's NOC0 coordinates (P100A:
// worker columns 1-7 and 10-16, rows 2-11, translated).
FORCE_INLINE uint32_t get_absolute_logical_x()
{
	uint32_t x = ttfs::fw()->my_x[0];
	return x <= 7 ? x - 1 : x - 3;
}

FORCE_INLINE uint32_t get_absolute_logical_y()
{
	return ttfs::fw()->my_y[0] - 2u;
}

FORCE_INLINE uint32_t get_relative_logical_x() { return get_absolute_logical_x(); }
FORCE_INLINE uint32_t get_relative_logical_y() { return get_absolute_logical_y(); }
