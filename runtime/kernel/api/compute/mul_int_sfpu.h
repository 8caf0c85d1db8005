// SPDX-License-Identifier: Apache-2.0
//
// Integer multiply on the SFPU, as tt-metal's mul_int_sfpu.h: odst = the
// low 32 bits (UInt16: 16) of idst0 * idst1 for DataFormat::Int32, UInt32
// and UInt16, from 11-bit partial products the SFPU multiplies exactly.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_binary.h"

template <DataFormat data_format>
ALWI void mul_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::MUL, data_format>(idst0, idst1, odst, "mul_int_tile")));
}

template <DataFormat data_format>
ALWI void mul_int_tile_init()
{
}

#pragma GCC diagnostic pop
