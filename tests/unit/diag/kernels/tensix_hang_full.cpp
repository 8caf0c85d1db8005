// SPDX-License-Identifier: Apache-2.0
// TRISC0 unpacks three tiles that math never takes: it waits on a full
// SrcA (2, 0). TRISC1 commits both DST sections that pack never releases:
// it waits in tile_regs_acquire (MATH_PACK 2 of 2).
#include "tt/tensix.h"

#define TX(a) (*(volatile uint32_t *)(uintptr_t)(a))

void kernel_main()
{
#if COMPILE_FOR_TRISC == 0
	for (int t = 0; t < 3; t++) {
		while (TT_TX_SRCA_COUNT(TX(TT_TX_SRC_STATUS)) >= TT_TX_SRC_DEPTH)
			;
		TX(TT_TX_ARG(0)) = 0x60000;
		TX(TT_TX_ARG(1)) = 5;
		TX(TT_TX_ARG(3)) = 0;
		TX(TT_TX_ARG(4)) = 2048;
		TX(TT_TX_CMD) = TT_TX_OP_UNPACK_A;
	}
#elif COMPILE_FOR_TRISC == 1
	for (int t = 0; t < 3; t++) {
		while (TX(TT_TX_SEM(TT_TX_SEM_MATH_PACK)) >=
		       TX(TT_TX_SEM_MAX(TT_TX_SEM_MATH_PACK)))
			;
		TX(TT_TX_CMD) = TT_TX_OP_MATH_COMMIT;
	}
#endif
}
