// SPDX-License-Identifier: Apache-2.0
// Endpoints and local memory of the object API: a block built through a
// CoreLocalMem goes to core (x, y)'s L1 as a UnicastEndpoint, comes back
// with a read state, is multicast to a rectangle, written to DRAM bank 0 as
// an AllocatorBank and read back, written again with a write state; an
// inline word ends it. args: x y remote mx0 mx1 bank_addr local words out
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/endpoints.h"
#include "api/core_local_mem.h"

void kernel_main()
{
	uint32_t x = get_arg_val<uint32_t>(0), y = get_arg_val<uint32_t>(1);
	uint32_t remote = get_arg_val<uint32_t>(2);
	uint32_t mx0 = get_arg_val<uint32_t>(3), mx1 = get_arg_val<uint32_t>(4);
	uint32_t bank_addr = get_arg_val<uint32_t>(5), local = get_arg_val<uint32_t>(6);
	uint32_t words = get_arg_val<uint32_t>(7);
	CoreLocalMem<uint32_t> out(static_cast<uintptr_t>(get_arg_val<uint32_t>(8)));
	CoreLocalMem<uint32_t> block(static_cast<uintptr_t>(local));
	CoreLocalMem<uint32_t> back = block + words, bank = back + words;
	uint32_t bytes = words * 4;
	Noc noc;
	UnicastEndpoint core;
	MulticastEndpoint rect;
	AllocatorBank<AllocatorBankType::DRAM> dram;

	for (CoreLocalMem<uint32_t> p = block; p != back; p++)
		*p = 0x5a000000u + static_cast<uint32_t>(p - block);

	noc.async_write(block, core, bytes, {}, { .noc_x = x, .noc_y = y, .addr = remote });
	noc.async_write_barrier();
	noc.set_async_read_state(core, bytes, { .noc_x = x, .noc_y = y, .addr = remote });
	noc.async_read_with_state(core, back, bytes, { .noc_x = x, .noc_y = y, .addr = remote }, {});
	noc.async_read_barrier();

	noc.async_write_multicast(back, rect, bytes, mx1 - mx0 + 1, {},
				  { .noc_x_start = mx0, .noc_y_start = y, .noc_x_end = mx1,
				    .noc_y_end = y, .addr = remote + bytes });
	noc.async_write<NocOptions::DEFAULT>(back, dram, bytes, {},
					     { .bank_id = 0, .addr = bank_addr });
	noc.async_write_barrier();
	noc.async_read(dram, bank, bytes, { .bank_id = 0, .addr = bank_addr }, {});
	noc.async_read_barrier();

	noc.set_async_write_state(core, bytes, { .noc_x = x, .noc_y = y, .addr = remote });
	noc.async_write_with_state(bank, core, bytes, {},
				   { .noc_x = x, .noc_y = y, .addr = remote + 2 * bytes });
	noc.inline_dw_write(core, 0xC0FFEEu, { .noc_x = x, .noc_y = y, .addr = remote + 3 * bytes });
	noc.async_write_barrier();

	out[0] = noc.is_local_bank(my_x[noc.get_noc_id()], my_y[noc.get_noc_id()]);
	out[1] = bank[words - 1];
	out[2] = static_cast<uint32_t>(bank - block);
}
