// SPDX-License-Identifier: Apache-2.0
//
// Integer sub and rsub on the SFPU, as tt-metal's sub_int_sfpu.h: odst =
// idst0 - idst1 (rsub: idst1 - idst0) for DataFormat::Int32, UInt32
// (modulo 2^32) and UInt16 (modulo 2^16).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_binary.h"

template <DataFormat data_format>
ALWI void sub_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::SUB, data_format>(idst0, idst1, odst, "sub_int_tile")));
}

template <DataFormat data_format>
ALWI void rsub_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::RSUB, data_format>(idst0, idst1, odst, "rsub_int_tile")));
}

ALWI void sub_int_tile_init()
{
}

ALWI void rsub_int_tile_init()
{
}

#pragma GCC diagnostic pop
