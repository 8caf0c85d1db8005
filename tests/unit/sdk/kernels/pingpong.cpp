// SPDX-License-Identifier: Apache-2.0
// Semaphore ping-pong between two cores (BRISC on each). Round r: the ping
// core writes r into the pong core's inbox and increments its semaphore;
// the pong core waits for the semaphore to reach r, replies 3 * inbox the
// same way, and the ping core sums the replies.
//
// Runtime args: 0 peer x, 1 peer y (NOC 0), 2 rounds, 3 1 = ping 0 = pong,
//               4 inbox L1 address (same on both), 5 result L1 address
#include "dataflow_api.h"

void kernel_main()
{
	uint32_t peer_x = get_arg_val<uint32_t>(0);
	uint32_t peer_y = get_arg_val<uint32_t>(1);
	uint32_t rounds = get_arg_val<uint32_t>(2);
	bool ping = get_arg_val<uint32_t>(3) != 0;
	uint32_t inbox = get_arg_val<uint32_t>(4);
	volatile tt_l1_ptr uint32_t *result =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(5));

	uint32_t sem_addr = get_semaphore(0);
	volatile tt_l1_ptr uint32_t *sem = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem_addr);
	uint64_t peer_sem = get_noc_addr(peer_x, peer_y, sem_addr);
	uint64_t peer_inbox = get_noc_addr(peer_x, peer_y, inbox);
	volatile tt_l1_ptr uint32_t *out = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(inbox + 16);
	uint32_t sum = 0;

	for (uint32_t r = 1; r <= rounds; r++) {
		if (ping) {
			*out = r;
			noc_async_write(inbox + 16, peer_inbox, 4);
			noc_async_write_barrier();
			noc_semaphore_inc(peer_sem, 1);
			noc_async_atomic_barrier();
			noc_semaphore_wait(sem, r);
			sum += *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(inbox);
		} else {
			noc_semaphore_wait_min(sem, r);
			uint32_t v = *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(inbox);
			sum += v;
			*out = 3 * v;
			noc_async_write(inbox + 16, peer_inbox, 4);
			noc_async_write_barrier();
			noc_semaphore_inc(peer_sem, 1);
			noc_async_atomic_barrier();
		}
	}
	result[0] = sum;
	result[1] = *sem;
	noc_semaphore_set(sem, 0);
	result[2] = *sem;
}
