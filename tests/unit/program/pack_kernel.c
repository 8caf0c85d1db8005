/* SPDX-License-Identifier: Apache-2.0
 *
 * The kernel test_pack_launch runs on all five RISCs, packed from an args
 * file. Each RISC writes, at L1 0x40000 + 32 * hart_id: its runtime args
 * 0 + 1, common arg 0, CB 16's page size as this RISC sees it, a marker
 * from initialised .data, a word of .bss (zero), and semaphore 1 (at
 * get_semaphore(1) = sem_l1_base + 16), so the test sees that
 * every part of the kernel-config buffer reached the right RISC.
 */
#include "tt/fw_abi.h"

#define FW TT_FW_GLOBALS

uint32_t marker = 0x600d0000u;
uint32_t zeroed[4];

__attribute__((section(".start"))) void _start(void)
{
	volatile uint32_t *rta = (volatile uint32_t *)(uintptr_t)FW->rta_l1_base;
	volatile uint32_t *crta = (volatile uint32_t *)(uintptr_t)FW->crta_l1_base;
	volatile uint32_t *out = (volatile uint32_t *)(uintptr_t)(0x40000u + 32u * FW->hart_id);

	out[0] = rta[0] + rta[1];
	out[1] = crta[0];
	out[2] = FW->cb_interface[16].fifo_page_size;
	out[3] = marker + FW->hart_id;
	out[4] = zeroed[FW->hart_id & 3];
	out[5] = *(volatile uint32_t *)(uintptr_t)(FW->sem_l1_base + 16);
	zeroed[FW->hart_id & 3] = 1;   /* .bss lives in the image: the next launch re-packs it */
}
