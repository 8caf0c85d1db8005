/* SPDX-License-Identifier: Apache-2.0
 *
 * device/grid: the 17 x 12 NOC0 grid as text, one cell per tile, in the
 * spirit of `tt-exalens device`. A Tensix cell has one letter per RISC.
 */
#include "runtime_internal.h"
#include "strbuf.h"

static char risc_letter(enum ttrt_risc_state s)
{
	switch (s) {
	case TTRT_RISC_RESET: return '-';
	case TTRT_RISC_IDLE: return 'I';
	case TTRT_RISC_RUNNING: return 'R';
	case TTRT_RISC_WAITING: return 'W';
	case TTRT_RISC_FAULT: return 'F';
	case TTRT_RISC_UNKNOWN: break;
	}
	return '?';
}

const char *ttrt_risc_state_name(enum ttrt_risc_state s)
{
	switch (s) {
	case TTRT_RISC_RESET: return "reset";
	case TTRT_RISC_IDLE: return "idle";
	case TTRT_RISC_RUNNING: return "running";
	case TTRT_RISC_WAITING: return "waiting";
	case TTRT_RISC_FAULT: return "fault";
	case TTRT_RISC_UNKNOWN: break;
	}
	return "unknown";
}

/* Renders one cell; returns 1 if a RISC state was unknown. */
static int render_cell(struct ttrt_device *dev, struct strbuf *sb, struct ttrt_xy noc0)
{
	enum ttrt_risc_state st[5];
	uint32_t pcs[5];
	struct ttrt_xy logical;
	int unknown = 0;

	switch (ttrt_tile_kind(noc0)) {
	case TTRT_TILE_TENSIX:
		ttrt_noc0_to_logical(noc0, &logical);
		if (ttrt_core_risc_states(dev, logical, st, pcs)) {
			strbuf_printf(sb, " ?????");
			return 1;
		}
		strbuf_printf(sb, " ");
		for (int i = 0; i < 5; i++) {
			strbuf_printf(sb, "%c", risc_letter(st[i]));
			unknown |= st[i] == TTRT_RISC_UNKNOWN;
		}
		return unknown;
	case TTRT_TILE_TENSIX_HARVESTED: strbuf_printf(sb, " xxxxx"); break;
	case TTRT_TILE_DRAM: strbuf_printf(sb, "  D%d  ", ttrt_dram_bank_of_noc0(noc0)); break;
	case TTRT_TILE_DRAM_HARVESTED: strbuf_printf(sb, "  d   "); break;
	case TTRT_TILE_ARC: strbuf_printf(sb, "  ARC "); break;
	case TTRT_TILE_PCIE: strbuf_printf(sb, "  PCI "); break;
	case TTRT_TILE_ETH_DISABLED: strbuf_printf(sb, "  eth "); break;
	case TTRT_TILE_SECURITY: strbuf_printf(sb, "  SEC "); break;
	case TTRT_TILE_L2CPU: strbuf_printf(sb, "  L2C "); break;
	default: strbuf_printf(sb, "  .   "); break;
	}
	return 0;
}

int ttrt_render_grid(struct ttrt_device *dev, char **out, size_t *len)
{
	struct strbuf sb = { 0 };
	int unknown = 0;

	strbuf_printf(&sb, "blackhole p100a, NOC0 coordinates, backend %s\n",
		      ttrt_device_backend(dev));
	strbuf_printf(&sb, "   ");
	for (int x = 0; x < TTRT_NOC_GRID_X; x++)
		strbuf_printf(&sb, "  %02d  ", x);
	strbuf_printf(&sb, "\n");
	for (int y = 0; y < TTRT_NOC_GRID_Y; y++) {
		strbuf_printf(&sb, "%02d ", y);
		for (int x = 0; x < TTRT_NOC_GRID_X; x++) {
			struct ttrt_xy xy = { (uint8_t)x, (uint8_t)y };
			unknown |= render_cell(dev, &sb, xy);
		}
		strbuf_printf(&sb, "\n");
	}
	strbuf_printf(&sb,
		      "legend: Tensix cell = brisc ncrisc trisc0 trisc1 trisc2, each"
		      " R running, I idle, W waiting, - reset, F fault, ? unknown;\n"
		      "        xxxxx harvested Tensix, Dn DRAM bank n, d harvested DRAM,"
		      " ARC, PCI PCIe, eth disabled Ethernet, SEC security, L2C L2CPU, . router\n");
	if (unknown)
		strbuf_printf(&sb, "note: RISC states are unknown: this backend does not model"
				   " running firmware yet\n");
	return strbuf_finish(&sb, out, len);
}
