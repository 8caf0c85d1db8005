// SPDX-License-Identifier: Apache-2.0
// TRISC1 copies into DST tile 9 of an 8-tile section: a fault.
#include "tt/tensix.h"

#define TX(a) (*(volatile uint32_t *)(uintptr_t)(a))

void kernel_main()
{
#if COMPILE_FOR_TRISC == 0
	TX(TT_TX_ARG(0)) = 0x60000;
	TX(TT_TX_ARG(1)) = 5;
	TX(TT_TX_ARG(3)) = 0;
	TX(TT_TX_ARG(4)) = 2048;
	TX(TT_TX_CMD) = TT_TX_OP_UNPACK_A;
#elif COMPILE_FOR_TRISC == 1
	while (TT_TX_SRCA_COUNT(TX(TT_TX_SRC_STATUS)) == 0)
		;
	TX(TT_TX_ARG(0)) = 9;
	TX(TT_TX_CMD) = TT_TX_OP_MATH_COPY;
#endif
}
