/* SPDX-License-Identifier: Apache-2.0
 *
 * The bank-to-NOC table written at MEM_BANK_TO_NOC_SCRATCH at device init.
 * Kernels' address generators read it to turn (bank, offset) into a NOC
 * address, so its layout is ABI (reference/blackhole-abi.md §5.8).
 */
#include "ttrt.h"
#include "runtime_internal.h"
#include "tt/l1_map.h"

#include <string.h>

/* [physical bank][noc] -> which of the bank's three ports kernels use. */
static const uint8_t bank_port[8][TT_NUM_NOCS] = {
	{ 2, 1 }, { 0, 1 }, { 0, 1 }, { 0, 1 }, { 2, 1 }, { 2, 1 }, { 2, 1 }, { 2, 1 },
};

/* Translated DRAM columns: with one harvested bank h, the banks are shared
 * between x=17 and x=18 so that each column keeps its slots contiguous. */
static void dram_translated_slot(int logical, int harvested, int *x, int *slot)
{
	if (harvested < 4) {
		int mirror = harvested + 3;
		if (logical <= 2) {
			*x = 18;
			*slot = logical;
			return;
		}
		*x = 17;
		*slot = logical == mirror ? 3 : logical - 3 - (logical > mirror);
		return;
	}
	int mirror = harvested - 4;
	if (logical <= 3) {
		*x = 17;
		*slot = logical == mirror ? 3 : logical - (logical > mirror);
		return;
	}
	*x = 18;
	*slot = logical - 4;
}

struct ttrt_xy ttrt_dram_translated_xy(int logical_bank, int noc)
{
	int harvested = ttrt_dram_harvested_physical();
	int phys = ttrt_dram_bank_physical(logical_bank);
	int x, slot;
	struct ttrt_xy xy;

	dram_translated_slot(logical_bank, harvested, &x, &slot);
	xy.x = (uint8_t)x;
	xy.y = (uint8_t)(12 + 3 * slot + bank_port[phys][noc & 1]);
	return xy;
}

void ttrt_bank_table_build(struct tt_bank_table *table)
{
	memset(table, 0, sizeof(*table));
	for (int noc = 0; noc < TT_NUM_NOCS; noc++) {
		for (int b = 0; b < TT_NUM_DRAM_BANKS; b++) {
			struct ttrt_xy xy = ttrt_dram_translated_xy(b, noc);
			table->dram_xy[noc][b] = TT_NOC_XY_ENCODE(xy.x, xy.y);
		}
		for (int i = 0; i < TT_NUM_L1_BANKS; i++) {
			struct ttrt_xy noc0;

			/* Tensix tiles' translated coordinates are their NOC0 ones. */
			ttrt_logical_to_noc0(ttrt_l1_bank_core(i), &noc0);
			table->l1_xy[noc][i] = TT_NOC_XY_ENCODE(noc0.x, noc0.y);
		}
	}
}
