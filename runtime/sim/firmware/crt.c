/* SPDX-License-Identifier: Apache-2.0
 *
 * C runtime start-up. The host cannot load a RISC's private memory, so it
 * wrote our .data to this RISC's init scratch in L1; copy it into place,
 * clear .bss and the globals block kernels read.
 */
#include "fw.h"

extern uint8_t __data_start[], __data_end[], __bss_start[], __bss_end[];

#ifndef FW_INIT_SCRATCH
#error "FW_INIT_SCRATCH must name this RISC's init scratch in L1"
#endif

void fw_crt_init(void);

void fw_crt_init(void)
{
	volatile uint8_t *src = (volatile uint8_t *)(uintptr_t)(FW_INIT_SCRATCH +
		((uintptr_t)__data_start - TT_MEM_LOCAL_BASE));
	volatile uint8_t *p;

	for (p = __data_start; p < __data_end; p++)
		*p = *src++;
	for (p = __bss_start; p < __bss_end; p++)
		*p = 0;
	for (p = (volatile uint8_t *)TT_FW_GLOBALS_ADDR;
	     p < (volatile uint8_t *)(TT_FW_GLOBALS_ADDR + TT_FW_GLOBALS_SIZE); p++)
		*p = 0;
}
