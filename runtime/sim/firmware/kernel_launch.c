/* SPDX-License-Identifier: Apache-2.0
 *
 * What every RISC does to run its kernel of a launch: point its runtime
 * argument bases into the kernel-config buffer, set up its view of the
 * circular buffers, and call the kernel image in place.
 */
#include "fw.h"

/* Per RISC, as tt-metal's firmware does: the data-movement RISCs use
 * bytes and both ends of every CB; the unpacker reads, the packer writes,
 * both in 16-byte units; the math RISC has no CB state. */
static void setup_local_cbs(uint32_t launch, uint32_t base, int hart)
{
	uint32_t mask = L1_U32(LAUNCH_FIELD(launch, local_cb_mask));
	uint32_t table = base + L1_U16(LAUNCH_FIELD(launch, local_cb_offset));
	unsigned shift = hart >= HART_TRISC0 ? TT_CB_COMPUTE_ADDR_SHIFT : 0;
	int reads = hart != HART_TRISC1 && hart != HART_TRISC2;
	int writes = hart != HART_TRISC0 && hart != HART_TRISC1;

	for (int i = 0; i < TT_NUM_CIRCULAR_BUFFERS; i++) {
		FW->cb_reserved_pages[i] = 0;
		FW->cb_waited_pages[i] = 0;
	}
	if (hart == HART_TRISC1)
		return;
	for (int i = 0; i < TT_NUM_CIRCULAR_BUFFERS; i++) {
		volatile struct tt_local_cb_interface *cb = &FW->cb_interface[i];
		uint32_t entry = table + 16u * (uint32_t)i;
		uint32_t addr, size;

		/* A CB this launch does not use must not keep the last
		 * program's configuration: the compute SDK reads
		 * fifo_size 0 as "never configured". */
		if (!(mask & (1u << i))) {
			cb->fifo_size = 0;
			cb->fifo_limit = 0;
			cb->fifo_page_size = 0;
			cb->fifo_num_pages = 0;
			continue;
		}
		addr = L1_U32(entry) >> shift;
		size = L1_U32(entry + 4) >> shift;
		cb->fifo_size = size;
		cb->fifo_limit = addr + size;
		cb->fifo_page_size = L1_U32(entry + 12) >> shift;
		if (reads)
			cb->fifo_rd_ptr = addr;
		if (writes) {
			cb->fifo_wr_ptr = addr;
			cb->fifo_num_pages = L1_U32(entry + 8);
		}
		cb->tiles_acked = 0;
		cb->tiles_received = 0;
		if (hart == HART_TRISC2)
			cb->fifo_wr_tile_ptr = 0;
	}
}

void fw_run_kernel(uint32_t launch, int hart)
{
	uint32_t base = L1_U32(LAUNCH_FIELD(launch, kernel_config_base[0]));
	uint32_t rta = LAUNCH_FIELD(launch, rta_offset[0]) + 4u * (uint32_t)hart;
	void (*entry)(void);

	FW->kernel_config_base = base;
	FW->rta_l1_base = base + L1_U16(rta);
	FW->crta_l1_base = base + L1_U16(rta + 2);
	FW->sem_l1_base = base + L1_U16(LAUNCH_FIELD(launch, sem_offset[0]));
	/* The CB table follows the semaphores (runtime/program/pack/pack.c). */
	FW->sem_l1_end = base + L1_U16(LAUNCH_FIELD(launch, local_cb_offset));
	setup_local_cbs(launch, base, hart);
	entry = (void (*)(void))(uintptr_t)(base +
		L1_U32(LAUNCH_FIELD(launch, kernel_text_offset[0]) + 4u * (uint32_t)hart));
	FW->launches = FW->launches + 1;
	entry();
	REG32(TT_SIM_KERNEL_DONE) = 0;
}

/* Who am I: the NOC interface knows this core's (translated) coordinates. */
void fw_init(int hart)
{
	FW->magic = TT_FW_MAGIC;
	FW->hart_id = (uint32_t)hart;
	for (int noc = 0; noc < TT_NUM_NOCS; noc++) {
		uint32_t id = REG32(TT_NOC_REGS_BASE(noc) + TT_NOC_CFG(TT_NOC_ID_LOGICAL));
		FW->my_x[noc] = (uint8_t)(id & 0x3F);
		FW->my_y[noc] = (uint8_t)((id >> 6) & 0x3F);
	}
}
