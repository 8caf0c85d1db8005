/* SPDX-License-Identifier: Apache-2.0
 *
 * ARC telemetry (reference/blackhole-abi.md §6): the reset unit's scratch
 * registers at ARC (8,0) point at a tag table and a data array in ARC
 * CSM; a tag's value is data[index of the tag]. Read through the same
 * windows as everything else, strict ordering (4-byte control reads).
 * The harvesting masks in it (tags 34, 36) and the NOC translation flag
 * (tag 40) decide the topology (§3.2-3.3).
 */
#include "kmd_internal.h"
#include "runtime_internal.h"

#include <errno.h>
#include <string.h>

#define ARC_TELEM_DATA     KMD_ARC_SCRATCH(12)
#define ARC_TELEM_TABLE    KMD_ARC_SCRATCH(13)
#define ARC_CSM_BASE       0x10000000u
#define ARC_CSM_SIZE       0x80000u
#define TELEM_MAX_ENTRIES  256u

enum telem_tag {
	TAG_BOARD_ID_HIGH = 1,
	TAG_BOARD_ID_LOW = 2,
	TAG_VCORE = 6,
	TAG_TDP = 7,
	TAG_TDC = 8,
	TAG_ASIC_TEMPERATURE = 11,
	TAG_AICLK = 14,
	TAG_AXICLK = 15,
	TAG_ARCCLK = 16,
	TAG_FLASH_BUNDLE_VERSION = 28,
	TAG_TIMER_HEARTBEAT = 32,
	TAG_ENABLED_TENSIX_COL = 34,
	TAG_ENABLED_GDDR = 36,
	TAG_NOC_TRANSLATION = 40,
};

struct telem_table {
	uint32_t data;                       /* CSM address of the values */
	uint32_t count;
	uint16_t tag[TELEM_MAX_ENTRIES];
	uint16_t index[TELEM_MAX_ENTRIES];
};

static int arc_word(struct kmd_backend *kb, uint64_t addr, uint32_t *v)
{
	return kmd_read(&kb->base, ttrt_arc_noc0(), addr, v, 4);
}

static int in_csm(uint32_t addr, uint32_t bytes)
{
	return addr >= ARC_CSM_BASE && addr - ARC_CSM_BASE <= ARC_CSM_SIZE - bytes;
}

static int read_table(struct kmd_backend *kb, struct telem_table *t, char *err, size_t errlen)
{
	uint32_t status, table, version, entries[TELEM_MAX_ENTRIES];
	int rc = arc_word(kb, KMD_ARC_BOOT_STATUS, &status);

	if (rc == 0 && (status & 7u) != 5u)
		rc = -EAGAIN;   /* ARC firmware not up (yet) */
	if (rc == 0)
		rc = arc_word(kb, ARC_TELEM_TABLE, &table);
	if (rc == 0)
		rc = arc_word(kb, ARC_TELEM_DATA, &t->data);
	if (rc == 0 && (!in_csm(table, 8) || !in_csm(t->data, 4)))
		rc = -EIO;
	if (rc == 0)
		rc = arc_word(kb, table, &version);
	if (rc == 0)
		rc = arc_word(kb, table + 4, &t->count);
	if (rc == 0 && ((version >> 16 & 0xFF) > 1 || t->count > TELEM_MAX_ENTRIES ||
			!in_csm(table + 8, 4 * t->count) || !in_csm(t->data, 4 * t->count)))
		rc = -EIO;   /* a layout this reader does not know */
	if (rc == 0 && t->count)
		rc = kmd_read(&kb->base, ttrt_arc_noc0(), table + 8, entries, 4 * t->count);
	if (rc) {
		ttrt_set_err(err, errlen, "%s: ARC telemetry unreadable (%s)", kb->path,
			     rc == -EAGAIN ? "ARC firmware not ready" : strerror(-rc));
		return rc == -EAGAIN ? -EIO : rc;
	}
	for (uint32_t i = 0; i < t->count; i++) {
		t->tag[i] = (uint16_t)(entries[i] & 0xFFFF);
		t->index[i] = (uint16_t)(entries[i] >> 16);
	}
	return 0;
}

/* -ENOENT for a tag the firmware does not report. */
static int tag_value(struct kmd_backend *kb, const struct telem_table *t, int tag, uint32_t *v)
{
	for (uint32_t i = 0; i < t->count; i++)
		if (t->tag[i] == tag)
			return in_csm(t->data + 4u * t->index[i], 4)
				       ? arc_word(kb, t->data + 4u * t->index[i], v)
				       : -EIO;
	return -ENOENT;
}

static uint32_t value_or(struct kmd_backend *kb, const struct telem_table *t, int tag,
			 uint32_t dflt)
{
	uint32_t v;

	return tag_value(kb, t, tag, &v) == 0 ? v : dflt;
}

/* Signed 16.16 fixed point. */
static double fixed16(uint32_t v)
{
	return (double)(int32_t)v / 65536.0;
}

int kmd_telemetry(struct ttrt_backend *be, struct ttrt_telemetry *out)
{
	struct kmd_backend *kb = to_kmd(be);
	struct telem_table t;
	int rc = read_table(kb, &t, NULL, 0);

	if (rc)
		return rc;
	memset(out, 0, sizeof(*out));
	out->asic_temperature_c = fixed16(value_or(kb, &t, TAG_ASIC_TEMPERATURE, 0));
	out->aiclk_mhz = value_or(kb, &t, TAG_AICLK, 0);
	out->axiclk_mhz = value_or(kb, &t, TAG_AXICLK, 0);
	out->arcclk_mhz = value_or(kb, &t, TAG_ARCCLK, 0);
	out->vcore_mv = value_or(kb, &t, TAG_VCORE, 0);
	out->tdp_w = value_or(kb, &t, TAG_TDP, 0);
	out->tdc_a = value_or(kb, &t, TAG_TDC, 0);
	out->board_id = (uint64_t)value_or(kb, &t, TAG_BOARD_ID_HIGH, 0) << 32 |
			value_or(kb, &t, TAG_BOARD_ID_LOW, 0);
	out->fw_bundle_version = value_or(kb, &t, TAG_FLASH_BUNDLE_VERSION, 0);
	out->heartbeat = value_or(kb, &t, TAG_TIMER_HEARTBEAT, 0);
	out->enabled_tensix_cols = value_or(kb, &t, TAG_ENABLED_TENSIX_COL, 0);
	out->enabled_gddr = value_or(kb, &t, TAG_ENABLED_GDDR, 0);
	out->modelled = 0;
	return 0;
}

static int popcount(uint32_t v)
{
	return __builtin_popcount(v);
}

int kmd_topology_from_telemetry(struct kmd_backend *kb, char *err, size_t errlen)
{
	struct telem_table t;
	uint32_t cols, gddr, translation = 1;
	int rc = read_table(kb, &t, err, errlen);

	if (rc)
		return rc;
	if (tag_value(kb, &t, TAG_ENABLED_TENSIX_COL, &cols) ||
	    tag_value(kb, &t, TAG_ENABLED_GDDR, &gddr)) {
		ttrt_set_err(err, errlen, "%s: ARC telemetry has no harvesting masks (tags 34, 36): "
			     "firmware bundle too old?", kb->path);
		return -EIO;
	}
	(void)tag_value(kb, &t, TAG_NOC_TRANSLATION, &translation);
	/* The Tensix coordinates ttfs uses are the translated ones, the same
	 * on every P100A: only the count of live columns matters. */
	if (!translation || popcount(cols & 0x3FFF) != TTRT_TENSIX_GRID_X ||
	    popcount(gddr & 0xFF) != TTRT_NUM_DRAM_BANKS) {
		ttrt_set_err(err, errlen,
			     "%s: not a P100A as ttfs lays it out: NOC translation %s, %d Tensix "
			     "columns (0x%04x), %d DRAM banks (0x%02x); expected on, 12, 7",
			     kb->path, translation ? "on" : "off", popcount(cols & 0x3FFF), cols,
			     popcount(gddr & 0xFF), gddr);
		return -ENODEV;
	}
	return ttrt_topology_set_dram_harvested(__builtin_ctz(~gddr & 0xFF));
}
