// SPDX-License-Identifier: Apache-2.0
// A TRISC's CircularBuffer::get_tile_address and read_tile_value: every
// thread asks for the front two pages of CB 0 (which cb_filler.cpp wrote)
// and stores what it got at out + 16 * thread (unpack 0, math 1, pack 2):
// both pages' byte addresses, word 3 of page 1 and word 7 of page 0.
// args: out
#include "api/compute/common.h"
#include "experimental/circular_buffer.h"

#if defined(TRISC_UNPACK)
constexpr uint32_t thread = 0;
#elif defined(TRISC_MATH)
constexpr uint32_t thread = 1;
#else
constexpr uint32_t thread = 2;
#endif

void kernel_main()
{
	experimental::CircularBuffer cb(tt::CBIndex::c_0);
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0) + 16 * thread);

	cb.wait_front(2);
	out[0] = cb.get_tile_address(0);
	out[1] = cb.get_tile_address(1);
	out[2] = cb.read_tile_value(1, 3);
	out[3] = cb.read_tile_value(0, 7);
	cb.pop_front(2);
}
