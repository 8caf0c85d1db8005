// SPDX-License-Identifier: Apache-2.0
// Buggy on purpose: the unpacker queues 17 words for the math thread, which
// never reads them; the 17th store finds its mailbox full.
#include "api/compute/common.h"
#include "ttfs/mailbox.h"

void kernel_main()
{
	UNPACK(for (uint32_t i = 0; i < 17; i++) ttfs::mailbox_write(ttfs::MATH_THREAD, i);)
}
