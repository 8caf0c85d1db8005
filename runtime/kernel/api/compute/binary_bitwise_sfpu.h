// SPDX-License-Identifier: Apache-2.0
//
// Bitwise and, or, xor of two DST tiles on the SFPU, as tt-metal's
// binary_bitwise_sfpu.h, for DataFormat::Int32, UInt32 and UInt16.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_binary.h"

template <DataFormat data_format>
ALWI void bitwise_and_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::AND, data_format>(idst0, idst1, odst, "bitwise_and_binary_tile")));
}

template <DataFormat data_format>
ALWI void bitwise_or_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::OR, data_format>(idst0, idst1, odst, "bitwise_or_binary_tile")));
}

template <DataFormat data_format>
ALWI void bitwise_xor_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::XOR, data_format>(idst0, idst1, odst, "bitwise_xor_binary_tile")));
}

ALWI void binary_bitwise_tile_init()
{
}

#pragma GCC diagnostic pop
