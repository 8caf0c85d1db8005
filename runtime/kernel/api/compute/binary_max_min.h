// SPDX-License-Identifier: Apache-2.0
//
// Elementwise maximum and minimum of two DST tiles on the SFPU, as
// tt-metal's binary_max_min.h: floats (binary_max_tile, with a vector
// mode), Int32 (signed) and UInt32 (unsigned). odst = max/min(idst0, idst1).
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_binary.h"

ALWI void binary_max_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
			  VectorMode vector_mode = VectorMode::RC)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::MAX, false>(idst0, idst1, odst, "binary_max_tile",
								     static_cast<int>(vector_mode))));
}

ALWI void binary_max_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::MAX, DataFormat::Int32>(idst0, idst1, odst, "binary_max_int32_tile")));
}

ALWI void binary_max_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::MAX, DataFormat::UInt32>(idst0, idst1, odst, "binary_max_uint32_tile")));
}

ALWI void binary_min_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
			  VectorMode vector_mode = VectorMode::RC)
{
	MATH((ttfs::sfpu::binary_float<ttfs::sfpu::BinOp::MIN, false>(idst0, idst1, odst, "binary_min_tile",
								     static_cast<int>(vector_mode))));
}

ALWI void binary_min_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::MIN, DataFormat::Int32>(idst0, idst1, odst, "binary_min_int32_tile")));
}

ALWI void binary_min_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst)
{
	MATH((ttfs::sfpu::binary_int<ttfs::sfpu::IntOp::MIN, DataFormat::UInt32>(idst0, idst1, odst, "binary_min_uint32_tile")));
}

ALWI void binary_max_tile_init()
{
}

ALWI void binary_max_int32_tile_init()
{
}

ALWI void binary_max_uint32_tile_init()
{
}

ALWI void binary_min_tile_init()
{
}

ALWI void binary_min_int32_tile_init()
{
}

ALWI void binary_min_uint32_tile_init()
{
}

#pragma GCC diagnostic pop
