// SPDX-License-Identifier: Apache-2.0
// CBs 16 and 24 share one L1 range; CB 2 has 4-byte pages. Reports, as
// words at the L1 address in arg 0: CB 16's write pointer, CB 24's read
// pointer, what CB 24's page holds after a word went in through CB 16,
// CB 2's first two page addresses, the sum of 100 words pushed and popped
// one 4-byte page at a time through CB 2 (64 pages, so it wraps), and
// CB 2's write pointer after them.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	volatile tt_l1_ptr uint32_t *report =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));
	uint32_t sum = 0;

	cb_reserve_back(16, 1);
	report[0] = get_write_ptr(16);
	*reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_write_ptr(16)) = 0x1234abcd;
	cb_push_back(16, 1);
	report[1] = get_read_ptr(24);
	report[2] = *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_read_ptr(24));

	for (uint32_t i = 0; i < 100; i++) {
		cb_reserve_back(2, 1);
		if (i < 2)
			report[3 + i] = get_write_ptr(2);
		*reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_write_ptr(2)) = i;
		cb_push_back(2, 1);
		cb_wait_front(2, 1);
		sum += *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_read_ptr(2));
		cb_pop_front(2, 1);
	}
	report[5] = sum;
	report[6] = get_write_ptr(2);
}
