/* SPDX-License-Identifier: Apache-2.0
 *
 * The kernel the launch test runs on BRISC. Runtime args:
 *   0: a, 1: b, 2: dst x, 3: dst y (NOC0), 4: L1 result address,
 *   5: mode (0 = normal, 1 = load from a bad address, 2 = NOC write to
 *      a tile that is not there, 3 = hang: count forever in L1)
 * It stores {a*1000+b, my_x, my_y, launches} at the result address in its
 * own L1 and copies those 16 bytes over NOC0 to the same address on
 * (dst x, dst y), then waits for the write ack as noc_async_write_barrier
 * does.
 */
#include "tt/fw_abi.h"

#define FW TT_FW_GLOBALS

#define REG(noc, buf, r) (*(volatile uint32_t *)(uintptr_t)(TT_NOC_CMD_BUF(noc, buf) + (r)))
#define STATUS(noc, i) (*(volatile uint32_t *)(uintptr_t)(TT_NOC_REGS_BASE(noc) + TT_NOC_STATUS(i)))

void kernel_entry(void) __attribute__((section(".start")));

static void noc_write(uint32_t src, uint32_t x, uint32_t y, uint32_t dst, uint32_t len)
{
	uint32_t acks = STATUS(0, TT_NIU_MST_WR_ACK_RECEIVED);

	while (REG(0, 0, TT_NOC_CMD_CTRL) != 0)
		;
	REG(0, 0, TT_NOC_CTRL) = TT_NOC_CMD_WR | TT_NOC_CMD_RESP_MARKED | TT_NOC_CMD_VC_STATIC |
				 (1u << 13);
	REG(0, 0, TT_NOC_TARG_ADDR_LO) = src;
	REG(0, 0, TT_NOC_TARG_ADDR_MID) = 0;
	REG(0, 0, TT_NOC_TARG_ADDR_HI) = FW->my_x[0] | ((uint32_t)FW->my_y[0] << 6);
	REG(0, 0, TT_NOC_RET_ADDR_LO) = dst;
	REG(0, 0, TT_NOC_RET_ADDR_MID) = 0;
	REG(0, 0, TT_NOC_RET_ADDR_HI) = x | (y << 6);
	REG(0, 0, TT_NOC_AT_LEN_BE) = len;
	REG(0, 0, TT_NOC_CMD_CTRL) = 1;
	while (STATUS(0, TT_NIU_MST_WR_ACK_RECEIVED) == acks)
		;
}

void kernel_entry(void)
{
	volatile uint32_t *args = (volatile uint32_t *)(uintptr_t)FW->rta_l1_base;
	volatile uint32_t *out = (volatile uint32_t *)(uintptr_t)args[4];

	if (args[5] == 1)
		(void)*(volatile uint32_t *)(uintptr_t)0x00400000u;   /* past L1: faults */
	if (args[5] == 3)
		for (;;)
			out[0] = out[0] + 1;   /* busy, never parked: only reset stops it */
	out[0] = args[0] * 1000u + args[1];
	out[1] = FW->my_x[0];
	out[2] = FW->my_y[0];
	out[3] = FW->launches;
	if (args[5] == 2)
		noc_write(args[4], 20, 3, args[4], 16);   /* no tile at (20,3) */
	noc_write(args[4], args[2], args[3], args[4], 16);
}
