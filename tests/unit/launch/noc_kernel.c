/* SPDX-License-Identifier: Apache-2.0
 *
 * The kernel of the NOC/firmware test, run by all five RISCs of a core.
 * Each RISC reports what the firmware set up for it (its id, its view of
 * CB 0, its runtime args). BRISC then exercises NOC0: a read from a DRAM
 * bank found through the bank table, a multicast write, two atomic
 * increments and an inline register write on other cores, a write of the
 * bytes read back into DRAM, an atomic increment of a DRAM word and a
 * multicast atomic increment (its response count goes to result word 8).
 * NCRISC does one atomic increment over NOC1.
 *
 * Runtime args (the same for every RISC):
 *   0 result area (64 bytes per RISC)   1 DRAM bank   2 DRAM address
 *   3 L1 staging address                4 multicast rectangle (HI register form)
 *   5 multicast L1 address              6 semaphore core x   7 y   8 address
 *   9 inline-write core x  10 y  11 register address  12 value
 *  13 DRAM address to write the 64 bytes read back to (same bank)
 *  14 DRAM address of a word to increment by 9 (same bank)
 */
#include "tt/fw_abi.h"

#define FW TT_FW_GLOBALS
#define REG(noc, buf, r) (*(volatile uint32_t *)(uintptr_t)(TT_NOC_CMD_BUF(noc, buf) + (r)))
#define STATUS(noc, i) (*(volatile uint32_t *)(uintptr_t)(TT_NOC_REGS_BASE(noc) + TT_NOC_STATUS(i)))
#define VC1 (TT_NOC_CMD_VC_STATIC | (1u << 13))

void kernel_entry(void) __attribute__((section(".start")));

static void wait_free(int noc, int buf)
{
	while (REG(noc, buf, TT_NOC_CMD_CTRL) != 0)
		;
}

static uint32_t my_xy(int noc)
{
	return FW->my_x[noc] | ((uint32_t)FW->my_y[noc] << 6);
}

static uint32_t bank_xy(uint32_t bank)
{
	return *(volatile uint16_t *)(uintptr_t)(TT_MEM_BANK_TO_NOC_SCRATCH + 2u * bank);
}

static void read_dram(uint32_t bank, uint32_t addr, uint32_t dst, uint32_t len)
{
	uint32_t xy = bank_xy(bank);
	uint32_t seen = STATUS(0, TT_NIU_MST_RD_RESP_RECEIVED);

	wait_free(0, 1);
	REG(0, 1, TT_NOC_CTRL) = VC1;   /* read */
	REG(0, 1, TT_NOC_RET_ADDR_LO) = dst;
	REG(0, 1, TT_NOC_RET_ADDR_MID) = 0;
	REG(0, 1, TT_NOC_RET_ADDR_HI) = my_xy(0);
	REG(0, 1, TT_NOC_TARG_ADDR_LO) = addr;
	REG(0, 1, TT_NOC_TARG_ADDR_MID) = 0;
	REG(0, 1, TT_NOC_TARG_ADDR_HI) = xy;
	REG(0, 1, TT_NOC_AT_LEN_BE) = len;
	REG(0, 1, TT_NOC_CMD_CTRL) = 1;
	while (STATUS(0, TT_NIU_MST_RD_RESP_RECEIVED) == seen)
		;
}

static void write_dram(uint32_t src, uint32_t bank, uint32_t addr, uint32_t len)
{
	uint32_t acks = STATUS(0, TT_NIU_MST_WR_ACK_RECEIVED);

	wait_free(0, 0);
	REG(0, 0, TT_NOC_CTRL) = TT_NOC_CMD_WR | TT_NOC_CMD_RESP_MARKED | VC1;
	REG(0, 0, TT_NOC_TARG_ADDR_LO) = src;
	REG(0, 0, TT_NOC_TARG_ADDR_MID) = 0;
	REG(0, 0, TT_NOC_TARG_ADDR_HI) = my_xy(0);
	REG(0, 0, TT_NOC_RET_ADDR_LO) = addr;
	REG(0, 0, TT_NOC_RET_ADDR_MID) = 0;
	REG(0, 0, TT_NOC_RET_ADDR_HI) = bank_xy(bank);
	REG(0, 0, TT_NOC_AT_LEN_BE) = len;
	REG(0, 0, TT_NOC_CMD_CTRL) = 1;
	while (STATUS(0, TT_NIU_MST_WR_ACK_RECEIVED) == acks)
		;
}

static void multicast(uint32_t src, uint32_t rect, uint32_t dst, uint32_t len)
{
	uint32_t acks = STATUS(0, TT_NIU_MST_WR_ACK_RECEIVED);

	wait_free(0, 0);
	REG(0, 0, TT_NOC_CTRL) = TT_NOC_CMD_WR | TT_NOC_CMD_RESP_MARKED | TT_NOC_CMD_BRCST_PACKET |
				 TT_NOC_CMD_PATH_RESERVE | TT_NOC_CMD_VC_STATIC | (4u << 13);
	REG(0, 0, TT_NOC_TARG_ADDR_LO) = src;
	REG(0, 0, TT_NOC_TARG_ADDR_MID) = 0;
	REG(0, 0, TT_NOC_TARG_ADDR_HI) = my_xy(0);
	REG(0, 0, TT_NOC_RET_ADDR_LO) = dst;
	REG(0, 0, TT_NOC_RET_ADDR_MID) = 0;
	REG(0, 0, TT_NOC_RET_ADDR_HI) = rect;
	REG(0, 0, TT_NOC_AT_LEN_BE) = len;
	REG(0, 0, TT_NOC_CMD_CTRL) = 1;
	while (STATUS(0, TT_NIU_MST_WR_ACK_RECEIVED) == acks)
		;
}

static void atomic_inc(int noc, uint32_t x, uint32_t y, uint32_t addr, uint32_t incr)
{
	uint32_t seen = STATUS(noc, TT_NIU_MST_ATOMIC_RESP_RECEIVED);

	wait_free(noc, 3);
	REG(noc, 3, TT_NOC_RET_ADDR_LO) = TT_MEM_NOC_ATOMIC_RET_VAL;
	REG(noc, 3, TT_NOC_RET_ADDR_MID) = 0;
	REG(noc, 3, TT_NOC_RET_ADDR_HI) = my_xy(noc);
	REG(noc, 3, TT_NOC_TARG_ADDR_LO) = addr;
	REG(noc, 3, TT_NOC_TARG_ADDR_MID) = 0;
	REG(noc, 3, TT_NOC_TARG_ADDR_HI) = x | (y << 6);
	REG(noc, 3, TT_NOC_CTRL) = TT_NOC_CMD_AT | TT_NOC_CMD_RESP_MARKED | VC1;
	REG(noc, 3, TT_NOC_AT_LEN_BE) = (TT_NOC_AT_INS_INCR_GET << 12) | (31u << 2) | ((addr >> 2) & 3);
	REG(noc, 3, TT_NOC_AT_DATA) = incr;
	REG(noc, 3, TT_NOC_CMD_CTRL) = 1;
	while (STATUS(noc, TT_NIU_MST_ATOMIC_RESP_RECEIVED) == seen)
		;
}

/* Add incr to the word at addr of every core of rect but this one; the
 * count of responses that came back. */
static uint32_t multicast_atomic_inc(uint32_t rect, uint32_t addr, uint32_t incr)
{
	uint32_t seen = STATUS(0, TT_NIU_MST_ATOMIC_RESP_RECEIVED);

	wait_free(0, 3);
	REG(0, 3, TT_NOC_RET_ADDR_LO) = TT_MEM_NOC_ATOMIC_RET_VAL;
	REG(0, 3, TT_NOC_RET_ADDR_MID) = 0;
	REG(0, 3, TT_NOC_RET_ADDR_HI) = my_xy(0);
	REG(0, 3, TT_NOC_TARG_ADDR_LO) = addr;
	REG(0, 3, TT_NOC_TARG_ADDR_MID) = 0;
	REG(0, 3, TT_NOC_TARG_ADDR_HI) = rect;
	REG(0, 3, TT_NOC_CTRL) = TT_NOC_CMD_AT | TT_NOC_CMD_RESP_MARKED | TT_NOC_CMD_BRCST_PACKET |
				 TT_NOC_CMD_PATH_RESERVE | TT_NOC_CMD_VC_STATIC | (4u << 13);
	REG(0, 3, TT_NOC_AT_LEN_BE) = (TT_NOC_AT_INS_INCR_GET << 12) | (31u << 2) | ((addr >> 2) & 3);
	REG(0, 3, TT_NOC_AT_DATA) = incr;
	REG(0, 3, TT_NOC_CMD_CTRL) = 1;
	while (STATUS(0, TT_NIU_MST_ATOMIC_RESP_RECEIVED) == seen)
		;
	return STATUS(0, TT_NIU_MST_ATOMIC_RESP_RECEIVED) - seen;
}

static void inline_write(uint32_t x, uint32_t y, uint32_t addr, uint32_t value)
{
	uint32_t sent = STATUS(0, TT_NIU_MST_NONPOSTED_WR_REQ_SENT);

	wait_free(0, 3);
	REG(0, 3, TT_NOC_CTRL) = TT_NOC_CMD_WR | TT_NOC_CMD_WR_INLINE | TT_NOC_CMD_RESP_MARKED | VC1;
	REG(0, 3, TT_NOC_TARG_ADDR_LO) = addr;
	REG(0, 3, TT_NOC_TARG_ADDR_MID) = 0;
	REG(0, 3, TT_NOC_TARG_ADDR_HI) = x | (y << 6);
	REG(0, 3, TT_NOC_AT_LEN_BE) = 0xFu << (addr & 0x3F);
	REG(0, 3, TT_NOC_AT_DATA) = value;
	REG(0, 3, TT_NOC_CMD_CTRL) = 1;
	while (STATUS(0, TT_NIU_MST_NONPOSTED_WR_REQ_SENT) == sent)
		;
}

void kernel_entry(void)
{
	volatile uint32_t *args = (volatile uint32_t *)(uintptr_t)FW->rta_l1_base;
	uint32_t hart = FW->hart_id;
	volatile uint32_t *out = (volatile uint32_t *)(uintptr_t)(args[0] + 64u * hart);
	volatile struct tt_local_cb_interface *cb0 = &FW->cb_interface[0];

	out[0] = hart;
	out[1] = cb0->fifo_rd_ptr;
	out[2] = cb0->fifo_wr_ptr;
	out[3] = cb0->fifo_size;
	out[4] = cb0->fifo_num_pages;
	out[5] = cb0->fifo_page_size;
	out[6] = FW->magic;
	out[7] = FW->sem_l1_base;
	if (hart == 0) {
		read_dram(args[1], args[2], args[3], 64);
		multicast(args[3], args[4], args[5], 64);
		atomic_inc(0, args[6], args[7], args[8], 5);
		atomic_inc(0, args[6], args[7], args[8], 5);
		inline_write(args[9], args[10], args[11], args[12]);
		write_dram(args[3], args[1], args[13], 64);
		atomic_inc(0, bank_xy(args[1]) & 0x3F, bank_xy(args[1]) >> 6, args[14], 9);
		out[8] = multicast_atomic_inc(args[4], args[5] + 64, 6);
	} else if (hart == 1) {
		atomic_inc(1, args[6], args[7], args[8], 3);
	}
}
