// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's TensorBindingToken (Metal 2.0, api/tensor/tensor_binding_token.h):
// tensor::NAME of the kernel_args_generated.h a ttfs build writes from the
// args section's tensor_names. Its type carries where the buffer's
// TensorAccessorArgs words start among the compile-time args and the byte
// offset of the common arg holding its address; `TensorAccessor
// acc(tensor::NAME)` reads both (api/tensor/tensor_accessor.h).
#pragma once

#include <cstdint>

#include "api/tensor/tensor_accessor_args.h"
#include "ttfs/kernel_args.h"

namespace tensor_accessor {

template <uint32_t CTA_OFFSET, uint32_t ADDR_CRTA_OFFSET>
struct TensorBindingToken {
	using args_t = TensorAccessorArgs<CTA_OFFSET>;
	static constexpr args_t args{};
	static constexpr uint32_t addr_crta_offset = ADDR_CRTA_OFFSET;   // bytes

	// The buffer's address, from its common arg (what TensorAccessor uses).
	static uint32_t address() { return get_common_arg_val<uint32_t>(ADDR_CRTA_OFFSET / 4); }
};

}  // namespace tensor_accessor

// tt-metal's LocalTensorAccessor (an L1 tensor read in place, on any RISC)
// is not in the ttfs SDK: making one fails to compile, saying so.
template <typename T>
class LocalTensorAccessor {
public:
	template <typename Token>
	explicit LocalTensorAccessor(const Token &)
	{
		static_assert(sizeof(Token) == 0,
			      "LocalTensorAccessor (Metal 2.0: an L1 tensor read in place) is not in "
			      "ttfs's kernel SDK yet: use TensorAccessor(tensor::NAME)");
	}
};
