// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's Semaphore object (experimental/noc_semaphore.h, since 2026-05
// api/dataflow/noc_semaphore.h): semaphore `id` of this program on this core
// (get_semaphore), changed locally, or on other cores over the NOC with the
// dataflow API's semaphore calls. Made from an id or from Metal 2.0's
// binding token (`Semaphore s(sem::NAME)`, the class argument deduced).
#pragma once

#include "api/dataflow/semaphore_binding_token.h"
#include "experimental/noc.h"

namespace experimental {

template <ProgrammableCoreType core_type = ProgrammableCoreType::TENSIX>
class Semaphore {
public:
	explicit Semaphore(uint32_t semaphore_id) : addr_(get_semaphore<core_type>(semaphore_id)) {}

	template <uint32_t ID, SemScope SCOPE>
	explicit Semaphore(SemaphoreBindingToken<ID, SCOPE>) : Semaphore(ID)
	{
		static_assert(SCOPE == SemScope::LOCAL_NONATOMIC,
			      "ttfs: a Blackhole semaphore binding is LOCAL_NONATOMIC (tt-metal's Gen1 rule)");
	}

	// Add value here (not atomic against another core's up, as tt-metal's).
	void up(uint32_t value) { *word() += value; }

	// Add value to this semaphore on core (noc_x, noc_y): a NOC atomic.
	void up(const Noc &noc, uint32_t noc_x, uint32_t noc_y, uint32_t value,
		uint8_t vc = NOC_UNICAST_WRITE_VC)
	{
		(void)vc;
		noc_semaphore_inc(::get_noc_addr(noc_x, noc_y, addr_), value, noc.get_noc_id());
	}

	// Wait until it holds at least value, then take value off.
	void down(uint32_t value)
	{
		noc_semaphore_wait_min(word(), value);
		*word() -= value;
	}

	void wait(uint32_t value) { noc_semaphore_wait(word(), value); }
	void wait_min(uint32_t value) { noc_semaphore_wait_min(word(), value); }
	void set(uint32_t value) { noc_semaphore_set(word(), value); }

	// This semaphore's value to the same semaphore of every core of the
	// rectangle (num_dests of them; with INCLUDE_SRC this core too).
	template <Noc::McastMode mcast_mode = Noc::McastMode::EXCLUDE_SRC>
	void set_multicast(const Noc &noc, uint32_t noc_x_start, uint32_t noc_y_start,
			   uint32_t noc_x_end, uint32_t noc_y_end, uint32_t num_dests,
			   bool linked = false)
	{
		uint64_t to = ::get_noc_multicast_addr(noc_x_start, noc_y_start, noc_x_end, noc_y_end,
						       addr_, noc.get_noc_id());

		if constexpr (mcast_mode == Noc::McastMode::INCLUDE_SRC)
			noc_semaphore_set_multicast_loopback_src(addr_, to, num_dests, linked,
								 noc.get_noc_id());
		else
			noc_semaphore_set_multicast(addr_, to, num_dests, linked, noc.get_noc_id());
	}

	// Add value to this semaphore on every core of the rectangle but this
	// one (num_dests of them): one multicast NOC atomic.
	void inc_multicast(const Noc &noc, uint32_t noc_x_start, uint32_t noc_y_start,
			   uint32_t noc_x_end, uint32_t noc_y_end, uint32_t value, uint32_t num_dests)
	{
		noc_semaphore_inc_multicast(::get_noc_multicast_addr(noc_x_start, noc_y_start,
								     noc_x_end, noc_y_end, addr_,
								     noc.get_noc_id()),
					    value, num_dests, noc.get_noc_id());
	}

	uint32_t get_address() const { return addr_; }

private:
	volatile tt_l1_ptr uint32_t *word() const
	{
		return reinterpret_cast<volatile tt_l1_ptr uint32_t *>(static_cast<uintptr_t>(addr_));
	}

	uint32_t addr_;
};

}  // namespace experimental
