/* SPDX-License-Identifier: Apache-2.0
 *
 * device/info.json: one JSON snapshot of the whole device for scripts.
 * Names (buffers, programs) are restricted to [A-Za-z0-9._-] and the
 * other strings are from fixed sets, so they need no escaping; a
 * program's error and core details are escaped (prog_render_json).
 */
#include "program/program_internal.h"
#include "runtime_internal.h"
#include "strbuf.h"

#include <inttypes.h>

static const char *const risc_names[5] = { "brisc", "ncrisc", "trisc0", "trisc1", "trisc2" };

static void render_core(struct ttrt_device *dev, struct strbuf *sb, int index)
{
	struct ttrt_xy logical = ttrt_core_logical(index), noc0;
	enum ttrt_risc_state st[5];
	uint32_t pcs[5];

	ttrt_logical_to_noc0(logical, &noc0);
	if (ttrt_core_risc_states(dev, logical, st, pcs))
		for (int i = 0; i < 5; i++) {
			st[i] = TTRT_RISC_UNKNOWN;
			pcs[i] = 0;
		}
	strbuf_printf(sb, "%s\n    {\"logical\": [%u, %u], \"noc0\": [%u, %u], \"riscs\": {",
		      index ? "," : "", logical.x, logical.y, noc0.x, noc0.y);
	for (int i = 0; i < 5; i++)
		strbuf_printf(sb, "%s\"%s\": {\"state\": \"%s\", \"pc\": %" PRIu32 "}",
			      i ? ", " : "", risc_names[i], ttrt_risc_state_name(st[i]), pcs[i]);
	strbuf_printf(sb, "}}");
}

static void render_dram(struct ttrt_device *dev, struct strbuf *sb)
{
	strbuf_printf(sb, "  \"dram\": {\"bank_size\": %" PRIu64 ", \"largest_free_per_bank\": %" PRIu64
		      ", \"banks\": [", ttrt_dram_bank_size(dev), ttrt_dram_free_per_bank(dev));
	for (int b = 0; b < TTRT_NUM_DRAM_BANKS; b++) {
		struct ttrt_xy xy = ttrt_dram_bank_noc0(b);
		strbuf_printf(sb, "%s{\"bank\": %d, \"physical\": %d, \"noc0\": [%u, %u]}",
			      b ? ", " : "", b, ttrt_dram_bank_physical(b), xy.x, xy.y);
	}
	strbuf_printf(sb, "]},\n");
}

struct buffer_json_ctx {
	struct strbuf *sb;
	int n;
};

static int render_buffer(struct ttrt_buffer *b, void *arg)
{
	struct buffer_json_ctx *ctx = arg;
	uint64_t addr;
	int allocated = ttrt_buffer_address(b, &addr) == 0;

	strbuf_printf(ctx->sb, "%s\n    {\"name\": \"%s\", \"memory\": \"%s\", \"layout\": \"%s\", "
		      "\"size\": %" PRIu64 ", \"page_size\": %" PRIu32 ", \"address\": ",
		      ctx->n++ ? "," : "", ttrt_buffer_name(b),
		      ttrt_buffer_kind(b) == TTRT_BUFFER_L1 ? "l1" : "dram",
		      ttrt_buffer_layout_name(ttrt_buffer_layout(b)), ttrt_buffer_size(b),
		      ttrt_buffer_page_size(b));
	if (allocated)
		strbuf_printf(ctx->sb, "%" PRIu64 "}", addr);
	else
		strbuf_printf(ctx->sb, "null}");
	return 0;
}

struct program_json_ctx {
	struct strbuf *sb;
	int n;
};

static int render_program(struct ttrt_program *p, void *arg)
{
	struct program_json_ctx *ctx = arg;

	strbuf_printf(ctx->sb, "%s\n    ", ctx->n++ ? "," : "");
	prog_render_json(p, ctx->sb);
	return 0;
}

static void render_telemetry(struct ttrt_device *dev, struct strbuf *sb)
{
	struct ttrt_telemetry t;

	if (ttrt_telemetry_read(dev, &t)) {
		strbuf_printf(sb, "  \"telemetry\": null,\n");
		return;
	}
	strbuf_printf(sb, "  \"telemetry\": {\"asic_temperature_c\": %.2f, \"aiclk_mhz\": %u,"
		      " \"heartbeat\": %u, \"source\": \"%s\"},\n", t.asic_temperature_c,
		      t.aiclk_mhz, t.heartbeat, t.modelled ? "modelled" : "arc");
}

int ttrt_render_info_json(struct ttrt_device *dev, char **out, size_t *len)
{
	struct strbuf sb = { 0 };
	struct buffer_json_ctx bctx = { &sb, 0 };
	struct program_json_ctx pctx = { &sb, 0 };
	struct ttrt_xy arc = ttrt_arc_noc0(), pcie = ttrt_pcie_noc0();

	strbuf_printf(&sb, "{\n  \"arch\": \"blackhole\",\n  \"board\": \"p100a\",\n"
		      "  \"backend\": \"%s\",\n  \"version\": \"%s\",\n",
		      ttrt_device_backend(dev), TTRT_VERSION);
	strbuf_printf(&sb, "  \"noc_grid\": [%d, %d],\n  \"tensix_grid\": [%d, %d],\n"
		      "  \"l1_size\": %u,\n  \"arc\": [%u, %u],\n  \"pcie\": [%u, %u],\n",
		      TTRT_NOC_GRID_X, TTRT_NOC_GRID_Y, TTRT_TENSIX_GRID_X, TTRT_TENSIX_GRID_Y,
		      TTRT_L1_SIZE, arc.x, arc.y, pcie.x, pcie.y);
	render_dram(dev, &sb);
	render_telemetry(dev, &sb);
	strbuf_printf(&sb, "  \"buffers\": [");
	ttrt_buffer_foreach(dev, render_buffer, &bctx);
	strbuf_printf(&sb, "%s],\n  \"programs\": [", bctx.n ? "\n  " : "");
	ttrt_program_foreach(dev, render_program, &pctx);
	strbuf_printf(&sb, "%s],\n  \"cores\": [", pctx.n ? "\n  " : "");
	for (int i = 0; i < TTRT_NUM_TENSIX; i++)
		render_core(dev, &sb, i);
	strbuf_printf(&sb, "\n  ]\n}\n");
	return strbuf_finish(&sb, out, len);
}
