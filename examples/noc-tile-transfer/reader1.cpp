// SPDX-License-Identifier: Apache-2.0
//
// noc-tile-transfer, reader1 (core 0,1, NCRISC, NOC 0): receives the tile
// the peer's writer0 sends into circular buffer `cb_out`: reserves a page,
// tells the peer (its semaphore + 1), waits until the peer says the tile
// has landed (our semaphore = 1), then pushes the page for writer1.
//
// Compile-time args: 0 cb_in (unused here, as in the sender), 1 cb_out.
// Runtime args:      0 peer NOC x, 1 peer NOC y, 2 semaphore id.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t peer_x = get_arg_val<uint32_t>(0);
	const uint32_t peer_y = get_arg_val<uint32_t>(1);
	const uint32_t sem_l1 = get_semaphore(get_arg_val<uint32_t>(2));
	constexpr uint32_t cb_out = get_compile_time_arg_val(1);

	volatile tt_l1_ptr uint32_t *landed = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem_l1);

	cb_reserve_back(cb_out, 1);
	noc_semaphore_inc(get_noc_addr(peer_x, peer_y, sem_l1), 1);
	noc_async_atomic_barrier();

	noc_semaphore_wait(landed, 1);
	noc_semaphore_set(landed, 0);
	cb_push_back(cb_out, 1);
	DPRINT << "reader1: tile received in CB " << cb_out << ENDL();
}
