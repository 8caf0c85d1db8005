// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's experimental::Lock: the guard that CircularBuffer::scoped_lock,
// CoreLocalMem::scoped_lock and DataflowBuffer's scoped locks return. On
// tt-metal it marks a region for the NOC debug dump (a NOC write into it is
// reported); ttfs has no such dump, so the guard only runs its release
// action when it goes out of scope.
#pragma once

namespace experimental {

template <typename Release>
class [[nodiscard]] Lock {
public:
	explicit Lock(Release release) : release_(release) {}
	~Lock() { release_(); }
	Lock(const Lock &) = delete;
	Lock &operator=(const Lock &) = delete;

private:
	Release release_;
};

}  // namespace experimental
