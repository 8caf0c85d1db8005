// SPDX-License-Identifier: Apache-2.0
//
// noc-tile-transfer, writer0 (core 0,0, BRISC, NOC 1): sends the tile of
// `cb_in` straight into circular buffer `cb_out` of the peer core, once
// the peer has said it has room.
//
// The handshake uses one semaphore on each core: the peer increments ours
// when it has reserved room, we increment the peer's when the tile has
// landed. Both CBs are at one L1 address on both cores (one CB section on
// both), so our own `cb_out` address is the peer's too.
//
// Compile-time args: 0 cb_in, 1 cb_out.
// Runtime args:      0 peer NOC x, 1 peer NOC y, 2 semaphore id.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t peer_x = get_arg_val<uint32_t>(0);
	const uint32_t peer_y = get_arg_val<uint32_t>(1);
	const uint32_t sem_l1 = get_semaphore(get_arg_val<uint32_t>(2));
	constexpr uint32_t cb_in = get_compile_time_arg_val(0);
	constexpr uint32_t cb_out = get_compile_time_arg_val(1);

	volatile tt_l1_ptr uint32_t *ready = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem_l1);
	const uint64_t peer_sem = get_noc_addr(peer_x, peer_y, sem_l1);
	const uint32_t tile_bytes = get_tile_size(cb_in);

	cb_wait_front(cb_in, 1);
	noc_semaphore_wait(ready, 1);             // the peer reserved its page

	const uint64_t peer_page = get_noc_addr(peer_x, peer_y, get_write_ptr(cb_out));
	noc_async_write(get_read_ptr(cb_in), peer_page, tile_bytes);
	noc_async_write_barrier();                // the tile is there before the signal
	noc_semaphore_inc(peer_sem, 1);
	noc_async_atomic_barrier();

	noc_semaphore_set(ready, 0);
	cb_pop_front(cb_in, 1);
	DPRINT << "writer0: tile sent to core " << peer_x << "-" << peer_y << ENDL();
}
