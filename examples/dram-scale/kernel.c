/* SPDX-License-Identifier: Apache-2.0
 *
 * dram-scale: a bare-metal data-movement kernel for BRISC (RISCV_0, NOC 0).
 *
 *   for every page i of the input buffer:
 *       NOC read   DRAM page i of `in`  -> L1 page buffer
 *       compute    out[k] = scale * in[k] + bias   (uint32, wraps), sum += out[k]
 *       NOC write  L1 page buffer       -> DRAM page i of `out`
 *   then
 *       NOC write  a 16-byte report {"DONE", words, sum, my noc0 xy}
 *                  to L1 of another core
 *
 * Both buffers are interleaved DRAM buffers made under dram/buffers/: page i
 * lives in bank i % 7 at bank address `address + (i / 7) * align64(page_size)`.
 * The bank -> NOC xy table is at L1 0x112B0 (written by the host at boot),
 * so the kernel does exactly what tt-metal's InterleavedAddrGen +
 * noc_async_read/noc_async_write do, with the registers spelled out.
 *
 * Runtime args (uint32, in the kernel-config buffer at FW->rta_l1_base):
 *   0 in address      1 out address     2 page size (bytes, multiple of 4)
 *   3 words (uint32s) 4 scale           5 bias
 *   6 report core x   7 report core y (NOC0 coordinates)
 *   8 report L1 address (16-byte aligned)
 *
 * The image is execute-in-place: entered by a call at its first byte
 * (section .start), no writable globals (kernel.ld discards .data/.bss).
 */
#include "tt/fw_abi.h"
#include "tt/l1_map.h"

#define FW TT_FW_GLOBALS

/* L1 scratch: the CB data area is free, this kernel uses no CBs. */
#define REPORT_BUF  TT_DATA_BUFFER_SPACE_BASE          /* 0x37000: 16-byte report */
#define PAGE_BUF    (TT_DATA_BUFFER_SPACE_BASE + 64u)  /* 0x37040: one page */

#define REPORT_MAGIC 0x454E4F44u   /* "DONE" read as bytes */

/* NOC command buffers, as tt-metal assigns them. */
#define WRITE_CMD_BUF 0
#define READ_CMD_BUF  1
#define NOC           0            /* BRISC's NOC */

#define NOC_REG(buf, r) (*(volatile uint32_t *)(uintptr_t)(TT_NOC_CMD_BUF(NOC, buf) + (r)))
#define NOC_STATUS(i)   (*(volatile uint32_t *)(uintptr_t)(TT_NOC_REGS_BASE(NOC) + TT_NOC_STATUS(i)))

/* Static virtual channel 1 for requests, as tt-metal's NOC_UNICAST_WRITE_VC. */
#define VC_STATIC_1 (TT_NOC_CMD_VC_STATIC | (1u << 13))

void kernel_entry(void) __attribute__((section(".start")));

/* A NOC endpoint is (x, y, local address): the same form for a DRAM bank and
 * for another core's L1. x | y << 6 goes in the _HI register. */
struct noc_addr {
	uint32_t xy;
	uint32_t addr;
};

static uint32_t my_xy(void)
{
	return FW->my_x[NOC] | ((uint32_t)FW->my_y[NOC] << 6);
}

static uint32_t align64(uint32_t n)
{
	return (n + 63u) & ~63u;
}

/* InterleavedAddrGen::get_noc_addr: page -> (bank's NOC xy, bank address). */
static struct noc_addr dram_page(uint32_t base, uint32_t page, uint32_t page_size)
{
	const volatile struct tt_bank_table *banks =
		(const volatile struct tt_bank_table *)(uintptr_t)TT_MEM_BANK_TO_NOC_SCRATCH;
	uint32_t bank = page % TT_NUM_DRAM_BANKS;
	struct noc_addr a;

	a.xy = banks->dram_xy[NOC][bank];
	a.addr = base + (page / TT_NUM_DRAM_BANKS) * align64(page_size) +
		 (uint32_t)banks->dram_offset[bank];
	return a;
}

/* Wait until the command buffer has taken its last command. */
static void cmd_buf_wait(int buf)
{
	while (NOC_REG(buf, TT_NOC_CMD_CTRL) != 0)
		;
}

/* noc_async_read + noc_async_read_barrier: src (remote) -> dst (my L1).
 * For a read, TARG is the far end and RET is where the data returns. */
static void noc_read(struct noc_addr src, uint32_t dst, uint32_t len)
{
	uint32_t before = NOC_STATUS(TT_NIU_MST_RD_RESP_RECEIVED);

	cmd_buf_wait(READ_CMD_BUF);
	NOC_REG(READ_CMD_BUF, TT_NOC_CTRL) = VC_STATIC_1;   /* no WR bit: a read */
	NOC_REG(READ_CMD_BUF, TT_NOC_RET_ADDR_LO) = dst;
	NOC_REG(READ_CMD_BUF, TT_NOC_RET_ADDR_MID) = 0;
	NOC_REG(READ_CMD_BUF, TT_NOC_RET_ADDR_HI) = my_xy();
	NOC_REG(READ_CMD_BUF, TT_NOC_TARG_ADDR_LO) = src.addr;
	NOC_REG(READ_CMD_BUF, TT_NOC_TARG_ADDR_MID) = 0;
	NOC_REG(READ_CMD_BUF, TT_NOC_TARG_ADDR_HI) = src.xy;
	NOC_REG(READ_CMD_BUF, TT_NOC_AT_LEN_BE) = len;
	NOC_REG(READ_CMD_BUF, TT_NOC_CMD_CTRL) = 1;          /* send */
	while (NOC_STATUS(TT_NIU_MST_RD_RESP_RECEIVED) == before)
		;                                            /* the barrier */
}

/* noc_async_write + noc_async_write_barrier: src (my L1) -> dst (remote).
 * For a write, TARG is the local source and RET the destination. A
 * response-marked (non-posted) write is acknowledged; we wait for the ack. */
static void noc_write(uint32_t src, struct noc_addr dst, uint32_t len)
{
	uint32_t before = NOC_STATUS(TT_NIU_MST_WR_ACK_RECEIVED);

	cmd_buf_wait(WRITE_CMD_BUF);
	NOC_REG(WRITE_CMD_BUF, TT_NOC_CTRL) = TT_NOC_CMD_WR | TT_NOC_CMD_RESP_MARKED | VC_STATIC_1;
	NOC_REG(WRITE_CMD_BUF, TT_NOC_TARG_ADDR_LO) = src;
	NOC_REG(WRITE_CMD_BUF, TT_NOC_TARG_ADDR_MID) = 0;
	NOC_REG(WRITE_CMD_BUF, TT_NOC_TARG_ADDR_HI) = my_xy();
	NOC_REG(WRITE_CMD_BUF, TT_NOC_RET_ADDR_LO) = dst.addr;
	NOC_REG(WRITE_CMD_BUF, TT_NOC_RET_ADDR_MID) = 0;
	NOC_REG(WRITE_CMD_BUF, TT_NOC_RET_ADDR_HI) = dst.xy;
	NOC_REG(WRITE_CMD_BUF, TT_NOC_AT_LEN_BE) = len;
	NOC_REG(WRITE_CMD_BUF, TT_NOC_CMD_CTRL) = 1;         /* send */
	while (NOC_STATUS(TT_NIU_MST_WR_ACK_RECEIVED) == before)
		;                                            /* the barrier */
}

/* The compute step, in place on one page in L1; returns the page's sum. */
static uint32_t scale_page(volatile uint32_t *w, uint32_t n, uint32_t scale, uint32_t bias)
{
	uint32_t sum = 0;

	for (uint32_t k = 0; k < n; k++) {
		w[k] = scale * w[k] + bias;
		sum += w[k];
	}
	return sum;
}

void kernel_entry(void)
{
	const volatile uint32_t *arg = (const volatile uint32_t *)(uintptr_t)FW->rta_l1_base;
	uint32_t in = arg[0], out = arg[1], page_size = arg[2], words = arg[3];
	uint32_t scale = arg[4], bias = arg[5];
	struct noc_addr report = { arg[6] | (arg[7] << 6), arg[8] };
	uint32_t bytes = 4u * words, sum = 0;
	volatile uint32_t *rec = (volatile uint32_t *)(uintptr_t)REPORT_BUF;

	for (uint32_t page = 0; page * page_size < bytes; page++) {
		uint32_t len = bytes - page * page_size;   /* the last page may be short */

		if (len > page_size)
			len = page_size;
		noc_read(dram_page(in, page, page_size), PAGE_BUF, len);
		sum += scale_page((volatile uint32_t *)(uintptr_t)PAGE_BUF, len / 4u, scale, bias);
		noc_write(PAGE_BUF, dram_page(out, page, page_size), len);
	}

	/* Tell another core we are done: one 16-byte NOC write into its L1. */
	rec[0] = REPORT_MAGIC;
	rec[1] = words;
	rec[2] = sum;
	rec[3] = my_xy();
	noc_write(REPORT_BUF, report, 16);
}
