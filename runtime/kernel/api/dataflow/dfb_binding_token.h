// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's DFBBindingToken (Metal 2.0, api/dataflow/dataflow_buffer.h):
// dfb::NAME of the kernel_args_generated.h a ttfs build writes from the
// args section's dfb_names (docs/programs-args.md). A DataflowBuffer is
// made from it (`DataflowBuffer in(dfb::in)`); on Blackhole it is a CB
// index, which it converts to, so compute calls take it as a CB id.
// Nothing beyond <cstdint>, so compute builds include it too.
#pragma once

#include <cstdint>

struct DFBBindingToken {
	explicit constexpr DFBBindingToken(uint16_t id) noexcept : id_(id) {}

	constexpr operator uint32_t() const noexcept { return id_; }
	[[nodiscard]] constexpr uint16_t id() const noexcept { return id_; }

private:
	uint16_t id_;
};
