// SPDX-License-Identifier: Apache-2.0
//
// Shifts on the SFPU, as tt-metal's binary_shift.h: odst = idst0 << idst1,
// >> idst1 (arithmetic for Int32) or logically >> idst1, for
// DataFormat::Int32, UInt32 and UInt16. A shift by a negative amount or by
// 32 or more gives 0 (an arithmetic right shift: the sign, 0 or -1).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_binary.h"

template <DataFormat data_format>
ALWI void binary_left_shift_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::SHL, data_format>(idst0, idst1, odst, "binary_left_shift_tile")));
}

template <DataFormat data_format>
ALWI void binary_right_shift_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::SHR, data_format>(idst0, idst1, odst, "binary_right_shift_tile")));
}

template <DataFormat data_format>
ALWI void binary_logical_right_shift_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::LSHR, data_format>(idst0, idst1, odst, "binary_logical_right_shift_tile")));
}

ALWI void binary_shift_tile_init()
{
}

#pragma GCC diagnostic pop
