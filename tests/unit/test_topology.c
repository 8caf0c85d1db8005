/* SPDX-License-Identifier: Apache-2.0
 *
 * Topology of the simulated P100A: logical <-> NOC0 maps, tile kinds, DRAM
 * endpoints and the bank-to-NOC table, each checked against the tables of
 * reference/blackhole-abi.md §3 and §5.8 written out here independently.
 */
#include "check.h"
#include "ttrt.h"
#include "tt/l1_map.h"

#include <string.h>

/* Usable Tensix NOC0 columns of a P100A (translated space), in order. */
static const int cols[12] = { 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14 };

/* Physical DRAM bank b: its three NOC0 endpoints (UMD DRAM_CORES_NOC0). */
static const int dram_eps[8][3][2] = {
	{ { 0, 0 }, { 0, 1 }, { 0, 11 } },
	{ { 0, 2 }, { 0, 10 }, { 0, 3 } },
	{ { 0, 9 }, { 0, 4 }, { 0, 8 } },
	{ { 0, 5 }, { 0, 7 }, { 0, 6 } },
	{ { 9, 0 }, { 9, 1 }, { 9, 11 } },
	{ { 9, 2 }, { 9, 10 }, { 9, 3 } },
	{ { 9, 9 }, { 9, 4 }, { 9, 8 } },
	{ { 9, 5 }, { 9, 7 }, { 9, 6 } },
};
#define HARVESTED_BANK 7

static struct ttrt_xy xy(int x, int y)
{
	struct ttrt_xy v = { (uint8_t)x, (uint8_t)y };
	return v;
}

static void test_logical_noc0_round_trips(void)
{
	int seen[TTRT_NOC_GRID_X][TTRT_NOC_GRID_Y] = { { 0 } };

	for (int y = 0; y < TTRT_TENSIX_GRID_Y; y++) {
		for (int x = 0; x < TTRT_TENSIX_GRID_X; x++) {
			struct ttrt_xy noc0 = { 0xEE, 0xEE }, back = { 0xEE, 0xEE };

			CHECK_EQ(ttrt_logical_to_noc0(xy(x, y), &noc0), 0);
			CHECK(noc0.x == cols[x] && noc0.y == y + 2,
			      "logical %d,%d -> noc0 %u,%u, want %d,%d", x, y, noc0.x, noc0.y,
			      cols[x], y + 2);
			CHECK_EQ(ttrt_noc0_to_logical(noc0, &back), 0);
			CHECK(back.x == x && back.y == y, "noc0 %u,%u -> logical %u,%u, want %d,%d",
			      noc0.x, noc0.y, back.x, back.y, x, y);
			if (noc0.x < TTRT_NOC_GRID_X && noc0.y < TTRT_NOC_GRID_Y)
				seen[noc0.x][noc0.y]++;
			CHECK_EQ(ttrt_core_index(xy(x, y)), y * 12 + x);
			struct ttrt_xy l = ttrt_core_logical(y * 12 + x);
			CHECK(l.x == x && l.y == y, "core_logical(%d) = %u,%u", y * 12 + x, l.x, l.y);
			CHECK_EQ(ttrt_tile_kind(noc0), TTRT_TILE_TENSIX);
		}
	}
	/* The map is injective: 120 distinct NOC0 tiles. */
	int distinct = 0;
	for (int x = 0; x < TTRT_NOC_GRID_X; x++)
		for (int y = 0; y < TTRT_NOC_GRID_Y; y++) {
			CHECK(seen[x][y] <= 1, "noc0 %d,%d hit %d times", x, y, seen[x][y]);
			distinct += seen[x][y] > 0;
		}
	CHECK_EQ(distinct, TTRT_NUM_TENSIX);
	CHECK_EQ(TTRT_NUM_TENSIX, 120);
}

static void test_corners(void)
{
	static const int pairs[][4] = {
		/* logical x,y   noc0 X,Y */
		{ 0, 0, 1, 2 },
		{ 6, 0, 7, 2 },
		{ 7, 0, 10, 2 },
		{ 11, 0, 14, 2 },
		{ 0, 9, 1, 11 },
		{ 11, 9, 14, 11 },
		{ 7, 5, 10, 7 },
	};
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		struct ttrt_xy n = { 0, 0 }, l = { 0, 0 };
		CHECK_EQ(ttrt_logical_to_noc0(xy(pairs[i][0], pairs[i][1]), &n), 0);
		CHECK(n.x == pairs[i][2] && n.y == pairs[i][3], "logical %d,%d -> %u,%u",
		      pairs[i][0], pairs[i][1], n.x, n.y);
		CHECK_EQ(ttrt_noc0_to_logical(xy(pairs[i][2], pairs[i][3]), &l), 0);
		CHECK(l.x == pairs[i][0] && l.y == pairs[i][1], "noc0 %d,%d -> %u,%u",
		      pairs[i][2], pairs[i][3], l.x, l.y);
	}
}

static void test_off_grid(void)
{
	struct ttrt_xy out;

	CHECK_EQ(ttrt_logical_to_noc0(xy(12, 0), &out), -EINVAL);
	CHECK_EQ(ttrt_logical_to_noc0(xy(0, 10), &out), -EINVAL);
	CHECK_EQ(ttrt_logical_to_noc0(xy(255, 255), &out), -EINVAL);
	CHECK_EQ(ttrt_core_index(xy(12, 0)), -EINVAL);
	CHECK_EQ(ttrt_core_index(xy(0, 10)), -EINVAL);
	/* Every NOC0 tile that is not a usable worker has no logical name. */
	for (int x = 0; x < 20; x++) {
		for (int y = 0; y < 14; y++) {
			int worker = y >= 2 && y <= 11 && ((x >= 1 && x <= 7) || (x >= 10 && x <= 14));
			int rc = ttrt_noc0_to_logical(xy(x, y), &out);
			CHECK(worker ? rc == 0 : rc == -EINVAL, "noc0_to_logical(%d,%d) = %d", x, y, rc);
		}
	}
}

static void test_tile_kinds(void)
{
	CHECK_EQ(ttrt_tile_kind(xy(8, 0)), TTRT_TILE_ARC);
	CHECK(ttrt_arc_noc0().x == 8 && ttrt_arc_noc0().y == 0, "arc");
	CHECK_EQ(ttrt_tile_kind(ttrt_pcie_noc0()), TTRT_TILE_PCIE);
	CHECK(ttrt_pcie_noc0().x == 11 && ttrt_pcie_noc0().y == 0, "pcie");
	CHECK_EQ(ttrt_tile_kind(xy(8, 2)), TTRT_TILE_SECURITY);
	for (int y = 3; y <= 9; y += 2)
		CHECK_EQ(ttrt_tile_kind(xy(8, y)), TTRT_TILE_L2CPU);
	/* Ethernet row is all disabled on a P100A. */
	for (int x = 1; x <= 16; x++)
		if (x != 8 && x != 9)
			CHECK_EQ(ttrt_tile_kind(xy(x, 1)), TTRT_TILE_ETH_DISABLED);
	/* DRAM columns 0 and 9: every tile is a DRAM endpoint, bank 7's harvested. */
	for (int b = 0; b < 8; b++)
		for (int p = 0; p < 3; p++) {
			struct ttrt_xy e = xy(dram_eps[b][p][0], dram_eps[b][p][1]);
			CHECK_EQ(ttrt_tile_kind(e), b == HARVESTED_BANK ? TTRT_TILE_DRAM_HARVESTED
									: TTRT_TILE_DRAM);
		}
	for (int y = 0; y < 12; y++) {
		enum ttrt_tile_kind k0 = ttrt_tile_kind(xy(0, y)), k9 = ttrt_tile_kind(xy(9, y));
		CHECK(k0 == TTRT_TILE_DRAM, "0,%d is %s", y, ttrt_tile_kind_name(k0));
		CHECK(k9 == TTRT_TILE_DRAM || k9 == TTRT_TILE_DRAM_HARVESTED, "9,%d is %s", y,
		      ttrt_tile_kind_name(k9));
	}
	/* Harvested Tensix columns 15 and 16. */
	for (int y = 2; y < 12; y++) {
		CHECK_EQ(ttrt_tile_kind(xy(15, y)), TTRT_TILE_TENSIX_HARVESTED);
		CHECK_EQ(ttrt_tile_kind(xy(16, y)), TTRT_TILE_TENSIX_HARVESTED);
	}
	CHECK_EQ(ttrt_tile_kind(xy(17, 0)), TTRT_TILE_NONE);
	CHECK_EQ(ttrt_tile_kind(xy(0, 12)), TTRT_TILE_NONE);
	/* Census of the grid: 120 Tensix, 20 harvested, 21 DRAM + 3 harvested, 1 ARC. */
	int count[TTRT_TILE_ROUTER + 1] = { 0 };
	for (int x = 0; x < TTRT_NOC_GRID_X; x++)
		for (int y = 0; y < TTRT_NOC_GRID_Y; y++) {
			enum ttrt_tile_kind k = ttrt_tile_kind(xy(x, y));
			if ((int)k >= 0 && k <= TTRT_TILE_ROUTER)
				count[k]++;
		}
	CHECK_EQ(count[TTRT_TILE_TENSIX], 120);
	CHECK_EQ(count[TTRT_TILE_TENSIX_HARVESTED], 20);
	CHECK_EQ(count[TTRT_TILE_DRAM], 21);
	CHECK_EQ(count[TTRT_TILE_DRAM_HARVESTED], 3);
	CHECK_EQ(count[TTRT_TILE_ARC], 1);
	CHECK_EQ(count[TTRT_TILE_NONE], 0);
	CHECK(strcmp(ttrt_tile_kind_name(TTRT_TILE_ARC), "arc") == 0, "arc name");
	CHECK(strcmp(ttrt_tile_kind_name(TTRT_TILE_TENSIX), "tensix") == 0, "tensix name");
}

static void test_dram_banks(void)
{
	/* Logical banks are the enabled physical banks in ascending order. */
	for (int b = 0; b < 8; b++) {
		int logical = b == HARVESTED_BANK ? -1 : b;
		for (int p = 0; p < 3; p++) {
			struct ttrt_xy e = xy(dram_eps[b][p][0], dram_eps[b][p][1]);
			CHECK(ttrt_dram_bank_of_noc0(e) == logical, "bank of %u,%u = %d, want %d",
			      e.x, e.y, ttrt_dram_bank_of_noc0(e), logical);
		}
	}
	for (int b = 0; b < TTRT_NUM_DRAM_BANKS; b++) {
		struct ttrt_xy e = ttrt_dram_bank_noc0(b);
		CHECK_EQ(ttrt_dram_bank_physical(b), b);
		CHECK(e.x == dram_eps[b][0][0] && e.y == dram_eps[b][0][1],
		      "host endpoint of bank %d = %u,%u", b, e.x, e.y);
		CHECK_EQ(ttrt_dram_bank_of_noc0(e), b);
	}
	CHECK_EQ(ttrt_dram_bank_physical(7), -1);
	CHECK_EQ(ttrt_dram_bank_physical(-1), -1);
	CHECK_EQ(ttrt_dram_bank_of_noc0(xy(1, 2)), -1);
	CHECK_EQ(ttrt_dram_bank_of_noc0(xy(8, 0)), -1);
}

/* Translated DRAM slot of a logical bank with physical bank 7 harvested
 * (h >= 4: m = h - 4 = 3; logical 0..3 on x=17, 4..6 on x=18). */
static void expected_dram_xy(int bank, int noc, int *x, int *y)
{
	static const int port[8][2] = { { 2, 1 }, { 0, 1 }, { 0, 1 }, { 0, 1 },
					{ 2, 1 }, { 2, 1 }, { 2, 1 }, { 2, 1 } };
	int slot = bank <= 3 ? bank : bank - 4;

	*x = bank <= 3 ? 17 : 18;
	*y = 12 + 3 * slot + port[bank][noc];
}

static void test_bank_table(void)
{
	struct tt_bank_table t;

	memset(&t, 0xA5, sizeof(t));
	ttrt_bank_table_build(&t);
	for (int noc = 0; noc < TT_NUM_NOCS; noc++) {
		for (int b = 0; b < TT_NUM_DRAM_BANKS; b++) {
			int x = t.dram_xy[noc][b] & 0x3F, y = t.dram_xy[noc][b] >> 6, ex, ey;
			expected_dram_xy(b, noc, &ex, &ey);
			CHECK(x == 17 || x == 18, "dram bank %d noc %d x = %d", b, noc, x);
			CHECK(y >= 12, "dram bank %d noc %d y = %d", b, noc, y);
			CHECK(x == ex && y == ey, "dram bank %d noc %d at %d,%d, want %d,%d", b, noc,
			      x, y, ex, ey);
		}
		for (int i = 0; i < TT_NUM_L1_BANKS; i++) {
			struct ttrt_xy c = ttrt_l1_bank_core(i);
			int x = cols[c.x], y = 2 + c.y;
			CHECK(t.l1_xy[noc][i] == ((y << 6) | x), "l1 bank %d noc %d = 0x%x, want %d,%d",
			      i, noc, t.l1_xy[noc][i], x, y);
		}
	}
	/* No two DRAM banks share a translated endpoint on the same NOC. */
	for (int noc = 0; noc < TT_NUM_NOCS; noc++)
		for (int a = 0; a < TT_NUM_DRAM_BANKS; a++)
			for (int b = a + 1; b < TT_NUM_DRAM_BANKS; b++)
				CHECK(t.dram_xy[noc][a] != t.dram_xy[noc][b], "banks %d,%d collide", a, b);
	for (int b = 0; b < TT_NUM_DRAM_BANKS; b++)
		CHECK_EQ(t.dram_offset[b], 0);
	for (int i = 0; i < TT_NUM_L1_BANKS; i++)
		CHECK_EQ(t.l1_offset[i], 0);
	CHECK_EQ(TT_NOC_XY_ENCODE(14, 11), (11 << 6) | 14);
}

/* tt-metal's 110 L1 banks: one per core of x 0..10, y 0..9, none on the
 * last column, numbered as reference/program-model.md §5.2 lists them. */
static void test_l1_banks(void)
{
	int seen[TTRT_TENSIX_GRID_X][TTRT_TENSIX_GRID_Y] = { { 0 } };
	static const struct { int bank, x, y; } listed[] = {
		{ 0, 0, 3 }, { 1, 8, 7 }, { 14, 10, 0 }, { 55, 10, 4 }, { 81, 0, 0 }, { 109, 6, 1 },
	};

	for (int b = 0; b < TT_NUM_L1_BANKS; b++) {
		struct ttrt_xy c = ttrt_l1_bank_core(b);

		CHECK(c.x < 11 && c.y < 10, "bank %d at %u,%u", b, c.x, c.y);
		if (c.x < 11 && c.y < 10)
			seen[c.x][c.y]++;
		CHECK_EQ(ttrt_l1_bank_of_core(c), b);
	}
	for (int x = 0; x < 11; x++)
		for (int y = 0; y < 10; y++)
			CHECK(seen[x][y] == 1, "core %d,%d has %d banks", x, y, seen[x][y]);
	for (size_t i = 0; i < sizeof(listed) / sizeof(listed[0]); i++) {
		struct ttrt_xy c = ttrt_l1_bank_core(listed[i].bank);
		CHECK(c.x == listed[i].x && c.y == listed[i].y, "bank %d at %u,%u, want %d,%d",
		      listed[i].bank, c.x, c.y, listed[i].x, listed[i].y);
	}
	CHECK_EQ(ttrt_l1_bank_of_core((struct ttrt_xy){ 11, 0 }), -1);
	CHECK_EQ(ttrt_l1_bank_of_core((struct ttrt_xy){ 0, 10 }), -1);
}

int main(void)
{
	test_logical_noc0_round_trips();
	test_corners();
	test_off_grid();
	test_tile_kinds();
	test_dram_banks();
	test_bank_table();
	test_l1_banks();
	return check_exit("test_topology");
}
