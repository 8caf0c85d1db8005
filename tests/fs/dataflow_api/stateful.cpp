// SPDX-License-Identifier: Apache-2.0
// The stateful and transaction-id NOC calls moving real bytes: n packets of
// `chunk` bytes from another core's L1 into ours (half with one packet
// state, half tagged with a transaction id), then out to a third core (half
// with one packet write state, half as tagged writes); the whole block again
// with the any-length read state and one posted write to a fourth core.
// Stores the cycles riscv_wait(wait) took at out.
//
// args: src_x src_y src_addr dst_x dst_y dst_addr dst2_x dst2_y n chunk
//       local wait out
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	uint32_t src_x = get_arg_val<uint32_t>(0), src_y = get_arg_val<uint32_t>(1);
	uint32_t src = get_arg_val<uint32_t>(2);
	uint32_t dst_x = get_arg_val<uint32_t>(3), dst_y = get_arg_val<uint32_t>(4);
	uint32_t dst = get_arg_val<uint32_t>(5);
	uint32_t dst2_x = get_arg_val<uint32_t>(6), dst2_y = get_arg_val<uint32_t>(7);
	uint32_t n = get_arg_val<uint32_t>(8), chunk = get_arg_val<uint32_t>(9);
	uint32_t local = get_arg_val<uint32_t>(10), wait = get_arg_val<uint32_t>(11);
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(12));
	constexpr uint32_t read_id = 3, write_id = 5;
	uint32_t half = n / 2;

	noc_async_read_one_packet_set_state(get_noc_addr(src_x, src_y, src), chunk);
	for (uint32_t i = 0; i < half; i++)
		noc_async_read_one_packet_with_state(src + i * chunk, local + i * chunk);
	noc_async_read_set_trid(read_id);
	for (uint32_t i = half; i < n; i++)
		noc_async_read_one_packet_with_state_with_trid(src, i * chunk, local + i * chunk,
							       read_id);
	noc_async_read_barrier_with_trid(read_id);
	noc_async_read_barrier();

	noc_async_write_one_packet_set_state(get_noc_addr(dst_x, dst_y, dst), chunk);
	for (uint32_t i = 0; i < half; i++)
		noc_async_write_one_packet_with_state(local + i * chunk, dst + i * chunk);
	for (uint32_t i = half; i < n; i++)
		noc_async_write_one_packet_with_trid(local + i * chunk,
						     get_noc_addr(dst_x, dst_y, dst + i * chunk),
						     chunk, write_id);
	noc_async_write_flushed_with_trid(write_id);
	noc_async_write_barrier_with_trid(write_id);
	noc_async_write_barrier();

	// Again, the whole block in one call: split into packets by the read.
	uint32_t block = n * chunk, again = local + block;
	noc_async_read_set_state(get_noc_addr(src_x, src_y, 0));
	noc_async_read_with_state(src, again, block);
	noc_async_read_barrier();
	noc_async_write<NOC_MAX_BURST_SIZE + 1, true, true>(again, get_noc_addr(dst2_x, dst2_y, dst),
							     block);
	noc_async_posted_writes_flushed();

	uint32_t t0, t1;
	asm volatile("rdcycle %0" : "=r"(t0));
	riscv_wait(wait);
	asm volatile("rdcycle %0" : "=r"(t1));
	out[0] = t1 - t0;
}
