// SPDX-License-Identifier: Apache-2.0
// tt-metal's host headers on a kernel's include path, and the std names its
// kernel headers make visible: std::min, std::max and numeric_limits with no
// <algorithm> or <limits> included. Stores what it sees at the L1 address
// in arg 0; args 1 and 2 are the two numbers to compare.
#include "api/dataflow/dataflow_api.h"
#include <tt-metalium/constants.hpp>
#include <tt-metalium/buffer_types.hpp>

using namespace tt::constants;
using tt::tt_metal::BufferType;

void kernel_main()
{
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));
	uint32_t a = get_arg_val<uint32_t>(1), b = get_arg_val<uint32_t>(2);

	out[0] = TILE_HEIGHT * 1000 + TILE_WIDTH;
	out[1] = TILE_HW;
	out[2] = FACE_HEIGHT * 1000 + FACE_WIDTH;
	out[3] = FACE_HW;
	out[4] = BFLOAT8_B_TILE_HW;
	out[5] = BFLOAT4_B_TILE_HW;
	out[6] = std::min(a, b);
	out[7] = std::max(a, b);
	out[8] = std::numeric_limits<uint16_t>::max();
	out[9] = static_cast<uint32_t>(BufferType::L1);
}
