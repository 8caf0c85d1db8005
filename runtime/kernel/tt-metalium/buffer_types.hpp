// SPDX-License-Identifier: Apache-2.0
//
// The enums of tt-metal's host header tt-metalium/buffer_types.hpp that
// kernels name (`using tt::tt_metal::BufferType;` in ttnn's CCL kernels),
// with tt-metal's values. The host-side classes of that header are not
// here: a kernel has no use for them.
#pragma once

#include <cstdint>

namespace tt::tt_metal {

enum class BufferType {
	DRAM,
	L1,
	SYSTEM_MEMORY,
	L1_SMALL,
	TRACE,
};

enum class TensorMemoryLayout {
	INTERLEAVED = 0,
	HEIGHT_SHARDED = 2,
	WIDTH_SHARDED = 3,
	BLOCK_SHARDED = 4,
	ND_SHARDED = 5,
};

enum class ShardOrientation {
	ROW_MAJOR,
	COL_MAJOR,
};

}  // namespace tt::tt_metal
