// SPDX-License-Identifier: Apache-2.0
//
// TensorAccessorArgs<CTA_OFFSET>(): the compile-time description of a
// buffer, read from the kernel's compile-time args starting at CTA_OFFSET,
// in tt-metal's newest encoding (since 2026-03, tt-metal #38958):
//   word 0  ArgsConfig flags: Sharded 1, IsDram 2, RuntimeRank 4,
//           RuntimeNumBanks 8, RuntimeTensorShape 16, RuntimeShardShape 32,
//           RuntimeBankCoords 64 (ttfs takes Sharded and IsDram: the whole
//           layout at compile time)
//   word 1  aligned page size in bytes
// and for a sharded buffer
//   word 2  rank
//   word 3  number of banks (the shard cores, shard k on bank k % banks)
//   then    tensor shape[rank], shard shape[rank], in pages, outermost first
//   then    the banks' coordinates two to a word, (x2 << 24) | (y2 << 16) |
//           (x1 << 8) | y1, an odd last one alone in the low half: an L1
//           core's translated NOC coordinates, or a DRAM bank as x = bank
// so an interleaved DRAM buffer of 2048-byte pages is {2, 2048}.
// accessor(NAME) in a program's args gives exactly these words.
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

namespace ttfs {

// Compile-time word i, 0 past the end (for the sharded words, read only
// when the config says they are there; their range is checked below).
constexpr uint32_t ct_word(uint32_t i)
{
	return i < kernel_compile_time_args.size() ? kernel_compile_time_args[i] : 0u;
}

}  // namespace ttfs

template <uint32_t CTA_OFFSET, uint32_t CRTA_OFFSET = 0>
struct TensorAccessorArgs {
	static constexpr uint32_t config = get_compile_time_arg_val(CTA_OFFSET);
	static constexpr bool is_sharded = (config & tensor_accessor::Sharded) != 0;
	static constexpr bool is_dram = (config & tensor_accessor::IsDram) != 0;
	static_assert((config & ~static_cast<uint32_t>(tensor_accessor::Sharded |
						      tensor_accessor::IsDram)) == 0,
		      "ttfs: a TensorAccessor's layout is all at compile time (no Runtime* flags)");
	static constexpr uint32_t aligned_page_size = get_compile_time_arg_val(CTA_OFFSET + 1);

	// Sharded only; an interleaved accessor has none of these words.
	static constexpr uint32_t rank = is_sharded ? ttfs::ct_word(CTA_OFFSET + 2) : 0;
	static constexpr uint32_t num_banks = is_sharded ? ttfs::ct_word(CTA_OFFSET + 3) : 0;
	static_assert(!is_sharded || (rank >= 1 && rank <= 8), "TensorAccessorArgs: rank 1..8");
	static_assert(!is_sharded || num_banks >= 1, "TensorAccessorArgs: no banks");
	static constexpr uint32_t shapes_offset = CTA_OFFSET + 4;
	static constexpr uint32_t coords_offset = shapes_offset + 2 * rank;

	static constexpr uint32_t num_compile_time_args()
	{
		return is_sharded ? 4 + 2 * rank + (num_banks + 1) / 2 : 2;
	}
	static_assert(CTA_OFFSET + num_compile_time_args() <= kernel_compile_time_args.size(),
		      "TensorAccessorArgs: fewer compile-time args than the layout needs");

	static constexpr uint32_t tensor_dim(uint32_t d) { return ttfs::ct_word(shapes_offset + d); }
	static constexpr uint32_t shard_dim(uint32_t d)
	{
		return ttfs::ct_word(shapes_offset + rank + d);
	}
	// Bank b's coordinates, x << 8 | y.
	static constexpr uint32_t bank_coord(uint32_t b)
	{
		return (ttfs::ct_word(coords_offset + b / 2) >> (b % 2 ? 16 : 0)) & 0xFFFFu;
	}

	static constexpr uint32_t num_common_runtime_args() { return 0; }
	static constexpr uint32_t next_compile_time_args_offset()
	{
		return CTA_OFFSET + num_compile_time_args();
	}
	static constexpr uint32_t next_common_runtime_args_offset() { return CRTA_OFFSET; }
};
