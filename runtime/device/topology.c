/* SPDX-License-Identifier: Apache-2.0
 *
 * P100A topology: which tile sits where on the 17 x 12 NOC0 grid, and the
 * logical <-> NOC0 maps (reference/blackhole-abi.md §3).
 *
 * The simulated chip harvests Tensix NOC0 columns 15 and 16 and physical
 * DRAM bank 7. With NOC translation on (the P100A default) the usable
 * Tensix set is x in {1..7, 10..14}, y in {2..11} on every card, so these
 * are also the coordinates a real card accepts.
 */
#include "ttrt.h"

#include <errno.h>
#include <stdatomic.h>

static const uint8_t worker_cols[TTRT_TENSIX_GRID_X] = { 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14 };
#define WORKER_ROW0 2

#define NUM_PHYS_DRAM_BANKS 8
/* Physical bank 7 in the simulator; on a card, the one its ARC telemetry
 * reports disabled (ttrt_topology_set_dram_harvested, kmd backend open). */
static _Atomic int harvested_dram_bank = 7;
#define HARVESTED_DRAM_BANK atomic_load_explicit(&harvested_dram_bank, memory_order_relaxed)
/* NOC0 endpoints of each physical DRAM bank; all three alias the same memory. */
static const struct ttrt_xy dram_endpoints[NUM_PHYS_DRAM_BANKS][3] = {
	{ { 0, 0 }, { 0, 1 }, { 0, 11 } },
	{ { 0, 2 }, { 0, 10 }, { 0, 3 } },
	{ { 0, 9 }, { 0, 4 }, { 0, 8 } },
	{ { 0, 5 }, { 0, 7 }, { 0, 6 } },
	{ { 9, 0 }, { 9, 1 }, { 9, 11 } },
	{ { 9, 2 }, { 9, 10 }, { 9, 3 } },
	{ { 9, 9 }, { 9, 4 }, { 9, 8 } },
	{ { 9, 5 }, { 9, 7 }, { 9, 6 } },
};

int ttrt_logical_to_noc0(struct ttrt_xy logical, struct ttrt_xy *noc0)
{
	if (logical.x >= TTRT_TENSIX_GRID_X || logical.y >= TTRT_TENSIX_GRID_Y)
		return -EINVAL;
	noc0->x = worker_cols[logical.x];
	noc0->y = (uint8_t)(logical.y + WORKER_ROW0);
	return 0;
}

int ttrt_noc0_to_logical(struct ttrt_xy noc0, struct ttrt_xy *logical)
{
	if (noc0.y < WORKER_ROW0 || noc0.y >= WORKER_ROW0 + TTRT_TENSIX_GRID_Y)
		return -EINVAL;
	for (int i = 0; i < TTRT_TENSIX_GRID_X; i++) {
		if (worker_cols[i] == noc0.x) {
			logical->x = (uint8_t)i;
			logical->y = (uint8_t)(noc0.y - WORKER_ROW0);
			return 0;
		}
	}
	return -EINVAL;
}

int ttrt_core_index(struct ttrt_xy logical)
{
	if (logical.x >= TTRT_TENSIX_GRID_X || logical.y >= TTRT_TENSIX_GRID_Y)
		return -EINVAL;
	return logical.y * TTRT_TENSIX_GRID_X + logical.x;
}

struct ttrt_xy ttrt_core_logical(int index)
{
	struct ttrt_xy xy = { (uint8_t)(index % TTRT_TENSIX_GRID_X),
			      (uint8_t)(index / TTRT_TENSIX_GRID_X) };
	return xy;
}

static int physical_dram_bank_of_noc0(struct ttrt_xy noc0)
{
	for (int b = 0; b < NUM_PHYS_DRAM_BANKS; b++)
		for (int p = 0; p < 3; p++)
			if (dram_endpoints[b][p].x == noc0.x && dram_endpoints[b][p].y == noc0.y)
				return b;
	return -1;
}

/* Logical banks are the enabled physical banks in ascending order. */
int ttrt_dram_bank_physical(int bank)
{
	if (bank < 0 || bank >= TTRT_NUM_DRAM_BANKS)
		return -1;
	return bank < HARVESTED_DRAM_BANK ? bank : bank + 1;
}

static int logical_dram_bank(int physical)
{
	if (physical == HARVESTED_DRAM_BANK || physical < 0)
		return -1;
	return physical < HARVESTED_DRAM_BANK ? physical : physical - 1;
}

int ttrt_dram_bank_of_noc0(struct ttrt_xy noc0)
{
	return logical_dram_bank(physical_dram_bank_of_noc0(noc0));
}

struct ttrt_xy ttrt_dram_bank_noc0(int bank)
{
	int phys = ttrt_dram_bank_physical(bank);
	struct ttrt_xy none = { 0xFF, 0xFF };

	return phys < 0 ? none : dram_endpoints[phys][0];
}

struct ttrt_xy ttrt_arc_noc0(void)
{
	struct ttrt_xy xy = { 8, 0 };
	return xy;
}

struct ttrt_xy ttrt_pcie_noc0(void)
{
	struct ttrt_xy xy = { 11, 0 };
	return xy;
}

static int is_tensix_column(uint8_t x)
{
	return (x >= 1 && x <= 7) || (x >= 10 && x <= 16);
}

static enum ttrt_tile_kind row0_kind(uint8_t x)
{
	if (x == 8)
		return TTRT_TILE_ARC;
	if (x == 2 || x == 11)
		return TTRT_TILE_PCIE;
	return TTRT_TILE_ROUTER;
}

static enum ttrt_tile_kind column8_kind(uint8_t y)
{
	if (y == 0)
		return TTRT_TILE_ARC;
	if (y == 2)
		return TTRT_TILE_SECURITY;
	if (y == 3 || y == 5 || y == 7 || y == 9)
		return TTRT_TILE_L2CPU;
	return TTRT_TILE_ROUTER;
}

enum ttrt_tile_kind ttrt_tile_kind(struct ttrt_xy noc0)
{
	if (noc0.x >= TTRT_NOC_GRID_X || noc0.y >= TTRT_NOC_GRID_Y)
		return TTRT_TILE_NONE;
	if (noc0.x == 0 || noc0.x == 9) {
		int phys = physical_dram_bank_of_noc0(noc0);
		return phys == HARVESTED_DRAM_BANK ? TTRT_TILE_DRAM_HARVESTED : TTRT_TILE_DRAM;
	}
	if (noc0.x == 8)
		return column8_kind(noc0.y);
	if (noc0.y == 0)
		return row0_kind(noc0.x);
	if (noc0.y == 1)
		return TTRT_TILE_ETH_DISABLED;
	if (!is_tensix_column(noc0.x))
		return TTRT_TILE_NONE;
	return noc0.x >= 15 ? TTRT_TILE_TENSIX_HARVESTED : TTRT_TILE_TENSIX;
}

const char *ttrt_tile_kind_name(enum ttrt_tile_kind kind)
{
	switch (kind) {
	case TTRT_TILE_TENSIX: return "tensix";
	case TTRT_TILE_TENSIX_HARVESTED: return "tensix-harvested";
	case TTRT_TILE_DRAM: return "dram";
	case TTRT_TILE_DRAM_HARVESTED: return "dram-harvested";
	case TTRT_TILE_ARC: return "arc";
	case TTRT_TILE_PCIE: return "pcie";
	case TTRT_TILE_ETH_DISABLED: return "eth-disabled";
	case TTRT_TILE_SECURITY: return "security";
	case TTRT_TILE_L2CPU: return "l2cpu";
	case TTRT_TILE_ROUTER: return "router";
	case TTRT_TILE_NONE: break;
	}
	return "none";
}

int ttrt_dram_harvested_physical(void)
{
	return HARVESTED_DRAM_BANK;
}

int ttrt_topology_set_dram_harvested(int physical)
{
	if (physical < 0 || physical >= NUM_PHYS_DRAM_BANKS)
		return -EINVAL;
	atomic_store_explicit(&harvested_dram_bank, physical, memory_order_relaxed);
	return 0;
}

int ttrt_worker_column_noc0(int logical_x)
{
	return worker_cols[logical_x % TTRT_TENSIX_GRID_X];
}
