// SPDX-License-Identifier: Apache-2.0
// Semaphore::inc_multicast: the core at NOC x sender_x adds 5, then 2, to
// semaphore 0 of every core of the rectangle (x0..x1, y) with one
// multicast atomic each; the others wait for 7. Each stores its final
// value at out (the sender, not in its own multicast, keeps 0).
// args: sender_x x0 x1 y out
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/noc_semaphore.h"

void kernel_main()
{
	uint32_t sender_x = get_arg_val<uint32_t>(0);
	uint32_t x0 = get_arg_val<uint32_t>(1), x1 = get_arg_val<uint32_t>(2);
	uint32_t y = get_arg_val<uint32_t>(3);
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(4));
	Noc noc;
	Semaphore sem(0);

	if (my_x[noc.get_noc_id()] == sender_x) {
		sem.inc_multicast(noc, x0, y, x1, y, 5, x1 - x0 + 1);
		sem.inc_multicast(noc, x0, y, x1, y, 2, x1 - x0 + 1);
		noc.async_atomic_barrier();
	} else {
		sem.wait(7);
	}
	out[0] = *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sem.get_address());
}
