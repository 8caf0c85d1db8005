/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated Blackhole P100A: its memories, its 120 Tensix cores and
 * the threads that run them. L1, the RISCs' local memories and the 7 DRAM
 * banks live in anonymous mappings reserved with MAP_NORESERVE, so
 * untouched memory costs no RAM: the kernel hands out pages only where
 * something was written. DRAM also keeps a bitmap of written pages so
 * that reading untouched DRAM costs no RAM either (dram.h).
 */
#ifndef TTFS_SIM_CHIP_H
#define TTFS_SIM_CHIP_H

#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "dram.h"
#include "noc_sanitize.h"
#include "sched.h"
#include "ttrt.h"

struct sim_chip {
	uint8_t *l1;                /* TTRT_NUM_TENSIX * TTRT_L1_SIZE */
	uint8_t *local_mem;         /* TTRT_NUM_TENSIX * sim_core_local_bytes() */
	struct sim_dram dram;       /* TTRT_NUM_DRAM_BANKS banks */
	uint64_t created_ns;        /* for the modelled telemetry heartbeat */
	struct sim_core cores[TTRT_NUM_TENSIX];
	struct sim_sched sched;
	struct sim_sanitize_map sanitize;   /* noc_sanitize.h; on unless turned off */
};

int sim_chip_create(uint64_t dram_bank_size, struct sim_chip **out);

/* Where a chip's L1 and DRAM live when someone else must map them too (the
 * simulated tt-kmd of the tests maps TLB windows onto them): a file, with
 * all L1s (TTRT_NUM_TENSIX * TTRT_L1_SIZE bytes, core index order) at
 * l1_offset and the DRAM banks in shared mode (dram.h) at dram_offset. */
struct sim_chip_mem {
	int fd;
	uint64_t l1_offset, dram_offset;
};
/* sim_chip_create with memory in mem's file (NULL: anonymous memory). */
int sim_chip_create_in(uint64_t dram_bank_size, const struct sim_chip_mem *mem,
		       struct sim_chip **out);
void sim_chip_destroy(struct sim_chip *chip);
uint64_t sim_chip_uptime_ms(const struct sim_chip *chip);
size_t sim_core_local_bytes(void);

static inline uint8_t *sim_chip_l1(struct sim_chip *chip, int core_index)
{
	return chip->l1 + (size_t)core_index * TTRT_L1_SIZE;
}

#endif
