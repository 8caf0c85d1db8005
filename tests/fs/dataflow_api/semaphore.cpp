// SPDX-License-Identifier: Apache-2.0
// The Semaphore object between two cores: the first ups its peer's
// semaphore 0 by 3 over the NOC and waits for 9; the second takes the 3
// (down), sets 9 and multicasts it to the first. Each stores its final
// value at out. args: role peer_x peer_y out
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/noc_semaphore.h"

void kernel_main()
{
	uint32_t role = get_arg_val<uint32_t>(0);
	uint32_t px = get_arg_val<uint32_t>(1), py = get_arg_val<uint32_t>(2);
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(3));
	Noc noc;
	Semaphore sem(0);

	if (role == 0) {
		sem.up(noc, px, py, 3);
		noc.async_atomic_barrier();
		sem.wait(9);
	} else {
		sem.down(3);
		out[1] = *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem.get_address());
		sem.up(6);
		sem.up(3);
		sem.set_multicast(noc, px, py, px, py, 1);
		noc.async_write_barrier();
	}
	out[0] = *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem.get_address());
}
