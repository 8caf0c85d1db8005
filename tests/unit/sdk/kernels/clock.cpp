// SPDX-License-Identifier: Apache-2.0
// Reads the cycle, time and instret CSRs around a loop and stores what
// they advanced by at the L1 address of runtime arg 0.
#include "api/dataflow/dataflow_api.h"

static inline void counters(uint32_t *cycle, uint32_t *time, uint32_t *instret)
{
	asm volatile("rdcycle %0\n\trdtime %1\n\trdinstret %2"
		     : "=r"(*cycle), "=r"(*time), "=r"(*instret));
}

void kernel_main()
{
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));
	uint32_t c0, t0, i0, c1, t1, i1;

	counters(&c0, &t0, &i0);
	for (volatile uint32_t k = 0; k < 100; k = k + 1) {
	}
	counters(&c1, &t1, &i1);
	out[0] = c1 - c0;
	out[1] = t1 - t0;
	out[2] = i1 - i0;
}
