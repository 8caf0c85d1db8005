// SPDX-License-Identifier: Apache-2.0
//
// Integer add on the SFPU, as tt-metal's add_int_sfpu.h: odst = idst0 +
// idst1 for DataFormat::Int32, UInt32 (two's complement, modulo 2^32) and
// UInt16 (modulo 2^16), and the older per-format names.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_binary.h"

template <DataFormat data_format>
ALWI void add_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::ADD, data_format>(idst0, idst1, odst, "add_int_tile")));
}

ALWI void add_int_tile_init()
{
}

// The per-format names of older tt-metal.
ALWI void add_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::ADD, DataFormat::Int32>(idst0, idst1, odst, "add_int32_tile")));
}

ALWI void add_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::ADD, DataFormat::UInt32>(idst0, idst1, odst, "add_uint32_tile")));
}

ALWI void add_uint16_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::ADD, DataFormat::UInt16>(idst0, idst1, odst, "add_uint16_tile")));
}

#pragma GCC diagnostic pop
