// SPDX-License-Identifier: Apache-2.0
// One 2 KiB tile of CB 16 to this core's L1 at arg 0, through the object API.
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/circular_buffer.h"
#include "api/dataflow/endpoints.h"

void kernel_main()
{
	Noc noc;
	CircularBuffer cb(tt::CBIndex::c_16);

	cb.wait_front(1);
	noc.async_write(cb, UnicastEndpoint{}, 2048, {},
			{ .noc_x = my_x[noc.get_noc_id()], .noc_y = my_y[noc.get_noc_id()],
			  .addr = get_arg_val<uint32_t>(0) });
	noc.async_write_barrier();
	cb.pop_front(1);
}
