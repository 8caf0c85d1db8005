/* SPDX-License-Identifier: Apache-2.0
 *
 * device/grid: the 17 x 12 NOC0 grid as text, one cell per tile, in the
 * spirit of `tt-exalens device`. A Tensix cell has one letter per RISC.
 */
#include "runtime_internal.h"
#include "render/core_list.h"
#include "strbuf.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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

static bool same_kernels(const struct ttrt_core_kernels *a, const struct ttrt_core_kernels *b)
{
	return !strcmp(a->program, b->program) && a->running == b->running &&
	       !memcmp(a->kernel, b->kernel, sizeof(a->kernel)) &&
	       !memcmp(a->source, b->source, sizeof(a->source));
}

/* One line per program and set of kernels: the cores that run them. */
static void kernel_line(struct strbuf *sb, const struct ttrt_core_kernels *ck,
			const struct ttrt_xy *cores, uint32_t n)
{
	const char *sep = ": ";

	strbuf_printf(sb, "%s ", ck->program);
	render_core_list(sb, cores, n);
	for (int r = 0; r < TTRT_NUM_RISCS; r++) {
		/* A compute kernel on the three TRISCs is one entry. */
		if (!ck->kernel[r][0] || (r > 2 && !strcmp(ck->kernel[r], ck->kernel[2])))
			continue;
		strbuf_printf(sb, "%s%s %s (%s)", sep, r == 2 ? "compute" : ttrt_risc_names[r],
			      ck->kernel[r], ck->source[r]);
		sep = ", ";
	}
	strbuf_printf(sb, "%s\n", ck->running ? " (running)" : "");
}

/* Which kernels run where, by program and kernel group, cores in
 * logical order. */
static void render_kernels(struct ttrt_device *dev, struct strbuf *sb)
{
	struct ttrt_core_kernels *ck = calloc(TTRT_NUM_TENSIX, sizeof(*ck));
	struct ttrt_xy *cores = calloc(TTRT_NUM_TENSIX, sizeof(*cores));
	bool *done = calloc(TTRT_NUM_TENSIX, sizeof(*done));
	bool any = false;

	if (!ck || !cores || !done) {
		sb->failed = 1;
		goto out;
	}
	for (int i = 0; i < TTRT_NUM_TENSIX; i++) {
		struct ttrt_xy c = { (uint8_t)(i % TTRT_TENSIX_GRID_X), (uint8_t)(i / TTRT_TENSIX_GRID_X) };

		done[i] = ttrt_core_kernels(dev, c, &ck[i]) != 0 || !ck[i].program[0];
	}
	for (int i = 0; i < TTRT_NUM_TENSIX; i++) {
		uint32_t n = 0;

		if (done[i])
			continue;
		if (!any)
			strbuf_printf(sb, "kernels (the program launched last on each core):\n");
		any = true;
		for (int j = i; j < TTRT_NUM_TENSIX; j++) {
			if (done[j] || !same_kernels(&ck[i], &ck[j]))
				continue;
			done[j] = true;
			cores[n++] = (struct ttrt_xy){ (uint8_t)(j % TTRT_TENSIX_GRID_X),
						       (uint8_t)(j / TTRT_TENSIX_GRID_X) };
		}
		kernel_line(sb, &ck[i], cores, n);
	}
out:
	free(ck);
	free(cores);
	free(done);
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
	render_kernels(dev, &sb);
	return strbuf_finish(&sb, out, len);
}
