// SPDX-License-Identifier: Apache-2.0
//
// typecast_tile<IN, OUT>(idst): DST tile idst converted in place from
// DataFormat IN to OUT (tt-metal passes the formats as numbers), between
// Float32, Float16_b, Bfp8_b, Int32, UInt32 and UInt16, on the SFPU with
// tt-llk's rounding rules (ttfs/sfpu_typecast.h lists them). A pair
// tt-metal does not convert is a compile error. Int32, UInt32 and Float32
// at either end need an fp32 DST (fp32_dest_acc_en), as in tt-metal;
// Float16_b <-> Float32 and Bfp8_b are the unpacker's and packer's work,
// nothing on the SFPU.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/sfpu_typecast.h"

template <uint32_t IN_DTYPE, uint32_t OUT_DTYPE>
ALWI void typecast_tile_init()
{
}

template <uint32_t IN_DTYPE, uint32_t OUT_DTYPE, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void typecast_tile(uint32_t idst)
{
	MATH((ttfs::sfpu::typecast<IN_DTYPE, OUT_DTYPE>(idst)));
}

#pragma GCC diagnostic pop
