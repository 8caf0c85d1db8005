// SPDX-License-Identifier: Apache-2.0
//
// The kernel-visible enums tt-metal shares between host and device:
// circular-buffer ids (tt::CBIndex), tile data formats (DataFormat) and
// programmable core types. The numeric values are tt-metal's, because
// hosts and kernels exchange them as plain integers.
#pragma once

#include <stdint.h>

namespace tt {

// Unscoped on purpose: kernels write `constexpr uint32_t cb = tt::CBIndex::c_0;`.
// Blackhole has 64 CB ids; our firmware sets up the first 32
// (TT_NUM_CIRCULAR_BUFFERS in tt/l1_map.h).
enum CBIndex : uint8_t {
	c_0, c_1, c_2, c_3, c_4, c_5, c_6, c_7, c_8, c_9, c_10, c_11, c_12, c_13, c_14, c_15,
	c_16, c_17, c_18, c_19, c_20, c_21, c_22, c_23, c_24, c_25, c_26, c_27, c_28, c_29,
	c_30, c_31, c_32, c_33, c_34, c_35, c_36, c_37, c_38, c_39, c_40, c_41, c_42, c_43,
	c_44, c_45, c_46, c_47, c_48, c_49, c_50, c_51, c_52, c_53, c_54, c_55, c_56, c_57,
	c_58, c_59, c_60, c_61, c_62, c_63,
	SIZE
};

// The pre-2024 names of the same ids: inputs, dataflow, outputs,
// intermediates, eight each.
enum CB : uint8_t {
	c_in0 = 0, c_in1, c_in2, c_in3, c_in4, c_in5, c_in6, c_in7,
	dataflow0 = 8, dataflow1, dataflow2, dataflow3, dataflow4, dataflow5, dataflow6, dataflow7,
	c_out0 = 16, c_out1, c_out2, c_out3, c_out4, c_out5, c_out6, c_out7,
	c_intermed0 = 24, c_intermed1, c_intermed2, c_intermed3, c_intermed4, c_intermed5,
	c_intermed6, c_intermed7,
};

enum class DataFormat : uint8_t {
	Float32 = 0,
	Float16 = 1,
	Bfp8 = 2,
	Bfp4 = 3,
	Tf32 = 4,
	Float16_b = 5,
	Bfp8_b = 6,
	Bfp4_b = 7,
	Int32 = 8,
	UInt16 = 9,
	Lf8 = 10,
	Bfp2 = 11,
	Int8 = 14,
	Bfp2_b = 15,
	UInt32 = 24,
	Fp8_e4m3 = 0x1A,
	UInt8 = 30,
	RawUInt8 = 0xF0,
	RawUInt16 = 0xF1,
	RawUInt32 = 0xF2,
	Invalid = 0xFF,
};

}  // namespace tt

using tt::DataFormat;

enum class ProgrammableCoreType : uint8_t { TENSIX = 0, ACTIVE_ETH = 1, IDLE_ETH = 2 };

// Bytes of one 32x32 tile (1024 datums) of a format; Bfp formats carry 64
// shared-exponent bytes per tile. Scaled for smaller tiles by tile_hw.
constexpr uint32_t ttfs_tile_size(DataFormat f, uint32_t tile_hw = 1024)
{
	switch (f) {
	case DataFormat::Float32:
	case DataFormat::Tf32:
	case DataFormat::Int32:
	case DataFormat::UInt32:
	case DataFormat::RawUInt32:
		return tile_hw * 4;
	case DataFormat::Float16:
	case DataFormat::Float16_b:
	case DataFormat::UInt16:
	case DataFormat::RawUInt16:
		return tile_hw * 2;
	case DataFormat::Bfp8:
	case DataFormat::Bfp8_b:
		return tile_hw + tile_hw / 16;
	case DataFormat::Bfp4:
	case DataFormat::Bfp4_b:
		return tile_hw / 2 + tile_hw / 16;
	case DataFormat::Bfp2:
	case DataFormat::Bfp2_b:
		return tile_hw / 4 + tile_hw / 16;
	case DataFormat::Lf8:
	case DataFormat::Fp8_e4m3:
	case DataFormat::Int8:
	case DataFormat::UInt8:
	case DataFormat::RawUInt8:
		return tile_hw;
	default:
		return 0;
	}
}
