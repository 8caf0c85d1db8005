/* SPDX-License-Identifier: Apache-2.0
 *
 * Firmware of NCRISC and the three TRISCs (FW_HART_ID picks which): report
 * ready, then run this RISC's kernel each time BRISC sets our sync byte to
 * GO, and hand DONE back.
 */
#include "fw.h"

#ifndef FW_HART_ID
#error "FW_HART_ID must be 1 (ncrisc) .. 4 (trisc2)"
#endif

int main(void);

int main(void)
{
	uint32_t sync = subordinate_sync_byte(FW_HART_ID);

	fw_init(FW_HART_ID);
	L1_U8(sync) = TT_RUN_SYNC_MSG_DONE;
	for (;;) {
		while (L1_U8(sync) != TT_RUN_SYNC_MSG_GO)
			;
		fw_run_kernel(current_launch(), FW_HART_ID);
		L1_U8(sync) = TT_RUN_SYNC_MSG_DONE;
	}
}
