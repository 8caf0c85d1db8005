// SPDX-License-Identifier: Apache-2.0
// The coprocessor driven by hand through tt/tensix.h, no compute SDK:
// TRISC0 unpacks the bf16 tile at 0x60000, TRISC1 copies it to DST 2 and
// adds 1.0 to every element with the SFPU, TRISC2 packs it to 0x61000.
// Each waits with plain loads first, as the SDK does.
#include "tt/tensix.h"

#define TX(a) (*(volatile uint32_t *)(uintptr_t)(a))

void kernel_main()
{
#if COMPILE_FOR_TRISC == 0
	while (TT_TX_SRCA_COUNT(TX(TT_TX_SRC_STATUS)) >= TT_TX_SRC_DEPTH)
		;
	TX(TT_TX_ARG(0)) = 0x60000;
	TX(TT_TX_ARG(1)) = 5;   // Float16_b
	TX(TT_TX_ARG(2)) = 0;
	TX(TT_TX_ARG(3)) = 0;
	TX(TT_TX_ARG(4)) = 2048;
	TX(TT_TX_CMD) = TT_TX_OP_UNPACK_A;
#elif COMPILE_FOR_TRISC == 1
	while (TX(TT_TX_SEM(TT_TX_SEM_MATH_PACK)) >= TX(TT_TX_SEM_MAX(TT_TX_SEM_MATH_PACK)))
		;
	while (TT_TX_SRCA_COUNT(TX(TT_TX_SRC_STATUS)) == 0)
		;
	TX(TT_TX_ARG(0)) = 2;
	TX(TT_TX_CMD) = TT_TX_OP_MATH_COPY;
	TX(TT_TX_SFPU_IMM) = 0x3F800000;   // 1.0f
	TX(TT_TX_SFPU) = TT_TX_SFPU_WORD(TT_TX_SFPU_LOADI, 1, 0, 0, 0, 0);
	for (uint32_t k = 0; k < 32; k++) {
		TX(TT_TX_SFPU_IMM) = 2 * 64 + 2 * k;
		TX(TT_TX_SFPU) = TT_TX_SFPU_WORD(TT_TX_SFPU_LOAD, 0, 0, 0, 0, TT_TX_SFPU_FMT_FLOAT);
		TX(TT_TX_SFPU) = TT_TX_SFPU_WORD(TT_TX_SFPU_FADD, 2, 0, 1, 0, 0);
		TX(TT_TX_SFPU) = TT_TX_SFPU_WORD(TT_TX_SFPU_STORE, 0, 2, 0, 0, TT_TX_SFPU_FMT_FLOAT);
	}
	TX(TT_TX_CMD) = TT_TX_OP_MATH_COMMIT;
#else
	while (TX(TT_TX_SEM(TT_TX_SEM_MATH_PACK)) == 0)
		;
	TX(TT_TX_ARG(0)) = 2;
	TX(TT_TX_ARG(1)) = 0x61000;
	TX(TT_TX_ARG(2)) = 5;
	TX(TT_TX_ARG(3)) = 16;
	TX(TT_TX_ARG(4)) = 2048;
	TX(TT_TX_CMD) = TT_TX_OP_PACK;
	TX(TT_TX_CMD) = TT_TX_OP_PACK_RELEASE;
#endif
}
