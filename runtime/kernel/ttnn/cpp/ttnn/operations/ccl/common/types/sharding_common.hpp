// SPDX-License-Identifier: Apache-2.0
//
// ttnn's sharding enums shared by kernels and program factories: whether
// the pages of one shard follow each other in its core's L1 (or DRAM bank).
#pragma once

#include <tt-metalium/buffer_types.hpp>

namespace shard_addr_gen_consts {

enum class ContiguityType {
	// Padding between pages: no two pages are contiguous.
	L1_PADDING_BETWEEN_PAGES = 0,
	// The rightmost shard is padded (the pages did not divide evenly).
	L1_PADDING_IN_RIGHTMOST_SHARD,
	// No padding: every page of a shard follows the one before.
	L1_NO_SHARD_PADDING,
	DRAM_PADDING_BETWEEN_PAGES,
	DRAM_PADDING_IN_RIGHTMOST_SHARD,
	DRAM_NO_SHARD_PADDING,
};

}  // namespace shard_addr_gen_consts
