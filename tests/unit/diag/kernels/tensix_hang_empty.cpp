// SPDX-License-Identifier: Apache-2.0
// Nothing is unpacked: TRISC1 waits for SrcB, TRISC2 in tile_regs_wait.
#include "tt/tensix.h"

#define TX(a) (*(volatile uint32_t *)(uintptr_t)(a))

void kernel_main()
{
#if COMPILE_FOR_TRISC == 1
	while (TT_TX_SRCB_COUNT(TX(TT_TX_SRC_STATUS)) == 0)
		;
#elif COMPILE_FOR_TRISC == 2
	while (TX(TT_TX_SEM(TT_TX_SEM_MATH_PACK)) == 0)
		;
#endif
}
