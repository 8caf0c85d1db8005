// SPDX-License-Identifier: Apache-2.0
//
// semaphore-pingpong (BRISC on each of two cores, NOC 0). The two cores
// take turns through semaphore 0 of the other: in round r the ping core
// writes r into the pong core's inbox and increments the pong core's
// semaphore; the pong core waits until its semaphore reaches r, reads r,
// writes 3 * r into the ping core's inbox and increments the ping core's
// semaphore, which the ping core waits for before the next round. Each
// core sums what it received and writes {role, rounds, sum, semaphore} to
// its page of DRAM buffer `result` (page 0 ping, page 1 pong).
//
// The inbox (word 0) and outbox (word 4) are the page of circular buffer
// c_0, at the same L1 address on both cores since both run this program.
//
// Runtime args: 0 peer NOC x, 1 peer NOC y, 2 rounds, 3 role (1 ping,
//               0 pong), 4 address of `result`.
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

void kernel_main()
{
	uint32_t peer_x = get_arg_val<uint32_t>(0);
	uint32_t peer_y = get_arg_val<uint32_t>(1);
	uint32_t rounds = get_arg_val<uint32_t>(2);
	bool ping = get_arg_val<uint32_t>(3) != 0;
	uint32_t result_addr = get_arg_val<uint32_t>(4);

	uint32_t box = get_write_ptr(tt::CBIndex::c_0);
	volatile tt_l1_ptr uint32_t *inbox = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(box);
	volatile tt_l1_ptr uint32_t *outbox = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(box + 16);
	uint64_t peer_inbox = get_noc_addr(peer_x, peer_y, box);

	uint32_t sem_addr = get_semaphore(0);
	volatile tt_l1_ptr uint32_t *sem = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem_addr);
	uint64_t peer_sem = get_noc_addr(peer_x, peer_y, sem_addr);
	uint32_t sum = 0;

	for (uint32_t r = 1; r <= rounds; r++) {
		if (ping) {
			*outbox = r;
		} else {
			noc_semaphore_wait(sem, r);       // the ping of round r has landed
			sum += *inbox;
			*outbox = 3 * *inbox;
		}
		// The data first, then the signal: the write barrier makes sure
		// the inbox holds it before the peer's semaphore moves.
		noc_async_write(box + 16, peer_inbox, 4);
		noc_async_write_barrier();
		noc_semaphore_inc(peer_sem, 1);
		noc_async_atomic_barrier();
		if (ping) {
			noc_semaphore_wait(sem, r);       // the pong of round r
			sum += *inbox;
		}
	}
	DPRINT << (ping ? "ping" : "pong") << ": " << rounds << " rounds, sum " << sum << ENDL();

	// The report, staged in the outbox page, then the semaphore back to
	// 0 for whoever uses this core next.
	volatile tt_l1_ptr uint32_t *report = outbox;
	report[0] = ping ? 1 : 0;
	report[1] = rounds;
	report[2] = sum;
	report[3] = *sem;
	const InterleavedAddrGen<true> result = { .bank_base_address = result_addr, .page_size = 16 };
	noc_async_write(box + 16, get_noc_addr(ping ? 0 : 1, result), 16);
	noc_async_write_barrier();
	noc_semaphore_set(sem, 0);
}
