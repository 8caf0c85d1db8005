// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's semaphore binding token (Metal 2.0,
// api/dataflow/semaphore_binding_token.h): sem::NAME of the
// kernel_args_generated.h a ttfs build writes from the args section's
// semaphore_names, the semaphore's id and the path its accesses take.
// `Semaphore s(sem::NAME)` makes the Semaphore object from it. It does
// not convert to an id, as tt-metal's does not: a bound semaphore goes
// through the Semaphore class. On Blackhole the host always picks
// LOCAL_NONATOMIC (tt-metal's Gen1 rule), the one path ttfs has.
#pragma once

#include <cstdint>

enum class SemScope : uint8_t {
	LOCAL_NONATOMIC = 0,
	DM_LOCAL_CACHED = 1,
	EXTERNAL = 2,
};

template <std::uint32_t SEM_ID, SemScope SEM_SCOPE>
struct SemaphoreBindingToken {
	static constexpr std::uint32_t id = SEM_ID;
	static constexpr SemScope scope = SEM_SCOPE;
};
