// SPDX-License-Identifier: Apache-2.0
//
// TensorAccessorArgs<CTA_OFFSET>(): the compile-time description of a
// buffer, read from the kernel's compile-time args starting at CTA_OFFSET.
//
// ttfs implements tt-metal's newest interleaved encoding (since 2026-03,
// tt-metal #38958), two words:
//   word 0  ArgsConfig flags: Sharded 1, IsDram 2, RuntimeRank 4,
//           RuntimeNumBanks 8, RuntimeTensorShape 16, RuntimeShardShape 32,
//           RuntimeBankCoords 64 (ttfs accepts IsDram only: interleaved)
//   word 1  aligned page size in bytes
// so an interleaved DRAM buffer of 2048-byte pages is {2, 2048}. Sharded
// layouts fail to compile.
#pragma once

#include <stdint.h>
#include "api/compile_time_args.h"

namespace tensor_accessor {

enum ArgConfig : uint32_t {
	None = 0,
	Sharded = 1u << 0,
	IsDram = 1u << 1,
	RuntimeRank = 1u << 2,
	RuntimeNumBanks = 1u << 3,
	RuntimeTensorShape = 1u << 4,
	RuntimeShardShape = 1u << 5,
	RuntimeBankCoords = 1u << 6,
};

}  // namespace tensor_accessor

template <uint32_t CTA_OFFSET, uint32_t CRTA_OFFSET = 0>
struct TensorAccessorArgs {
	static constexpr uint32_t config = get_compile_time_arg_val(CTA_OFFSET);
	static constexpr bool is_sharded = (config & tensor_accessor::Sharded) != 0;
	static constexpr bool is_dram = (config & tensor_accessor::IsDram) != 0;
	static_assert(!is_sharded, "ttfs: only interleaved TensorAccessors are supported");
	static_assert((config & ~static_cast<uint32_t>(tensor_accessor::IsDram)) == 0,
		      "ttfs: an interleaved TensorAccessor has no runtime layout flags");
	static constexpr uint32_t aligned_page_size = get_compile_time_arg_val(CTA_OFFSET + 1);

	static constexpr uint32_t num_compile_time_args() { return 2; }
	static constexpr uint32_t num_common_runtime_args() { return 0; }
	static constexpr uint32_t next_compile_time_args_offset() { return CTA_OFFSET + 2; }
	static constexpr uint32_t next_common_runtime_args_offset() { return CRTA_OFFSET; }
};
