// SPDX-License-Identifier: Apache-2.0
// Bug: a NOC write into another core's firmware while that core runs a
// program. Runtime args: 0 role (1 writes, 0 is the victim), 1 and 2 the
// victim's NOC x and y. The writer sends 64 bytes of 0xbad0bad0 from its
// L1 to the victim's BRISC firmware (L1 0x3840), then releases the
// victim, which waits on semaphore 0 until then.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	const uint32_t sem = get_semaphore(0);

	if (get_arg_val<uint32_t>(0) == 0) {
		noc_semaphore_wait(reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem), 1);
		return;
	}
	const uint32_t x = get_arg_val<uint32_t>(1), y = get_arg_val<uint32_t>(2);
	volatile uint32_t *bytes = reinterpret_cast<volatile uint32_t *>(0x100000);

	for (int i = 0; i < 16; i++)
		bytes[i] = 0xbad0bad0;
	noc_async_write(0x100000, get_noc_addr(x, y, 0x3840), 64);   // BUG
	noc_async_write_barrier();
	noc_semaphore_inc(get_noc_addr(x, y, sem), 1);
	noc_async_atomic_barrier();
}
