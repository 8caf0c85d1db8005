/* SPDX-License-Identifier: Apache-2.0
 *
 * device/telemetry: one `name value unit` line per reading.
 */
#include "runtime_internal.h"
#include "strbuf.h"

int ttrt_render_telemetry(struct ttrt_device *dev, char **out, size_t *len)
{
	struct ttrt_telemetry t;
	struct strbuf sb = { 0 };
	int rc = ttrt_telemetry_read(dev, &t);

	if (rc)
		return rc;
	strbuf_printf(&sb, "asic_temperature %.2f C\n", t.asic_temperature_c);
	strbuf_printf(&sb, "aiclk %u MHz\n", t.aiclk_mhz);
	strbuf_printf(&sb, "axiclk %u MHz\n", t.axiclk_mhz);
	strbuf_printf(&sb, "arcclk %u MHz\n", t.arcclk_mhz);
	strbuf_printf(&sb, "vcore %.0f mV\n", t.vcore_mv);
	strbuf_printf(&sb, "tdp %.1f W\n", t.tdp_w);
	strbuf_printf(&sb, "tdc %.1f A\n", t.tdc_a);
	strbuf_printf(&sb, "board_id %016llX hex\n", (unsigned long long)t.board_id);
	strbuf_printf(&sb, "fw_bundle_version %u.%u.%u.%u version\n",
		      t.fw_bundle_version >> 24, (t.fw_bundle_version >> 16) & 0xFF,
		      (t.fw_bundle_version >> 8) & 0xFF, t.fw_bundle_version & 0xFF);
	strbuf_printf(&sb, "heartbeat %u count\n", t.heartbeat);
	strbuf_printf(&sb, "enabled_tensix_cols 0x%04X mask\n", t.enabled_tensix_cols);
	strbuf_printf(&sb, "enabled_gddr 0x%02X mask\n", t.enabled_gddr);
	strbuf_printf(&sb, "source %s -\n", t.modelled ? "modelled" : "arc");
	return strbuf_finish(&sb, out, len);
}
