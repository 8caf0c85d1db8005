/* SPDX-License-Identifier: Apache-2.0
 *
 * tt-metal's L1 banks on a P100A: one bank per core of the compute grid,
 * logical x 0..10 and y 0..9 (the last column, which tt-metal keeps for
 * dispatch, has none), 110 in all, each at offset 0. tt-metal numbers
 * them by shuffling: walking the cores row by row, the i-th core gets the
 * i-th entry of 0..109 permuted by std::shuffle with
 * std::default_random_engine(0) (L1BankingAllocator; reference/
 * program-model.md §5.2). The table below is that permutation as GCC 12's
 * libstdc++ computes it, written as bank -> core; a libc++ build of
 * tt-metal would number them otherwise. Kernels see the banks only
 * through the bank-to-NOC table (bank_table.c), built from this one, so
 * the host and the kernels always agree; matching tt-metal makes an
 * interleaved L1 buffer's pages land on the cores where tt-metal puts
 * them.
 */
#include "ttrt.h"
#include "tt/l1_map.h"

#define BANK_GRID_X 11

static const struct ttrt_xy bank_core[TT_NUM_L1_BANKS] = {
	{ 0, 3 }, { 8, 7 }, { 1, 6 }, { 7, 1 }, { 2, 8 }, { 9, 2 }, { 9, 7 }, { 5, 6 },
	{ 2, 9 }, { 4, 3 }, { 8, 1 }, { 7, 5 }, { 5, 2 }, { 9, 9 }, { 10, 0 }, { 5, 3 },
	{ 6, 6 }, { 9, 4 }, { 7, 3 }, { 4, 1 }, { 8, 0 }, { 1, 7 }, { 0, 1 }, { 6, 8 },
	{ 3, 2 }, { 3, 7 }, { 1, 3 }, { 9, 8 }, { 8, 5 }, { 8, 2 }, { 5, 1 }, { 7, 6 },
	{ 4, 5 }, { 5, 0 }, { 5, 7 }, { 9, 0 }, { 3, 1 }, { 7, 0 }, { 2, 0 }, { 1, 9 },
	{ 9, 5 }, { 8, 4 }, { 7, 9 }, { 7, 4 }, { 2, 7 }, { 6, 9 }, { 10, 8 }, { 5, 5 },
	{ 1, 8 }, { 8, 6 }, { 8, 8 }, { 1, 4 }, { 7, 8 }, { 10, 7 }, { 2, 3 }, { 10, 4 },
	{ 4, 6 }, { 4, 8 }, { 8, 3 }, { 0, 2 }, { 5, 8 }, { 10, 2 }, { 4, 4 }, { 1, 0 },
	{ 10, 9 }, { 0, 6 }, { 3, 0 }, { 1, 1 }, { 6, 4 }, { 9, 6 }, { 1, 2 }, { 4, 9 },
	{ 6, 7 }, { 2, 1 }, { 3, 8 }, { 0, 5 }, { 10, 6 }, { 5, 9 }, { 6, 2 }, { 2, 6 },
	{ 0, 9 }, { 0, 0 }, { 4, 7 }, { 2, 4 }, { 6, 5 }, { 3, 3 }, { 10, 5 }, { 3, 4 },
	{ 2, 5 }, { 0, 8 }, { 6, 0 }, { 1, 5 }, { 3, 5 }, { 3, 6 }, { 7, 7 }, { 4, 0 },
	{ 4, 2 }, { 8, 9 }, { 10, 3 }, { 9, 1 }, { 0, 7 }, { 9, 3 }, { 5, 4 }, { 10, 1 },
	{ 2, 2 }, { 3, 9 }, { 7, 2 }, { 0, 4 }, { 6, 3 }, { 6, 1 },
};

struct ttrt_xy ttrt_l1_bank_core(int bank)
{
	return bank_core[(unsigned)bank % TT_NUM_L1_BANKS];
}

int ttrt_l1_bank_of_core(struct ttrt_xy core)
{
	if (core.x >= BANK_GRID_X || core.y >= TTRT_TENSIX_GRID_Y)
		return -1;
	for (int b = 0; b < TT_NUM_L1_BANKS; b++)
		if (bank_core[b].x == core.x && bank_core[b].y == core.y)
			return b;
	return -1;
}
