/* SPDX-License-Identifier: Apache-2.0
 *
 * The sim backend: NOC endpoint accesses land in the simulated chip's
 * memories, as a TLB window would land them on the card.
 */
#include "backend.h"
#include "runtime_internal.h"
#include "sim/chip.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct sim_backend {
	struct ttrt_backend base;
	struct sim_chip *chip;
};

static struct sim_backend *to_sim(struct ttrt_backend *be)
{
	return (struct sim_backend *)be;
}

static int range_fits(uint64_t addr, size_t len, uint64_t size)
{
	return addr <= size && len <= size - addr;
}

/* Resolve an endpoint access to host memory, or fail with -ENXIO. */
static int resolve(struct sim_backend *sb, struct ttrt_xy noc0, uint64_t addr, size_t len,
		   uint8_t **mem)
{
	struct ttrt_xy logical;
	int bank;

	if (ttrt_noc0_to_logical(noc0, &logical) == 0) {
		if (!range_fits(addr, len, TTRT_L1_SIZE))
			return -ENXIO;
		*mem = sim_chip_l1(sb->chip, ttrt_core_index(logical)) + addr;
		return 0;
	}
	bank = ttrt_dram_bank_of_noc0(noc0);
	if (bank >= 0) {
		if (!range_fits(addr, len, sb->chip->dram_bank_size))
			return -ENXIO;
		*mem = sim_chip_dram(sb->chip, bank) + addr;
		return 0;
	}
	return -ENXIO;
}

static int sim_read(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr,
		    void *buf, size_t len)
{
	uint8_t *mem;
	int rc = resolve(to_sim(be), noc0, addr, len, &mem);

	if (rc == 0)
		memcpy(buf, mem, len);
	return rc;
}

static int sim_write(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr,
		     const void *buf, size_t len)
{
	uint8_t *mem;
	int rc = resolve(to_sim(be), noc0, addr, len, &mem);

	if (rc == 0)
		memcpy(mem, buf, len);
	return rc;
}

/* Plausible idle values of a P100A; `modelled` tells readers they are not measured. */
static int sim_telemetry(struct ttrt_backend *be, struct ttrt_telemetry *t)
{
	uint64_t up_ms = sim_chip_uptime_ms(to_sim(be)->chip);

	memset(t, 0, sizeof(*t));
	t->asic_temperature_c = 45.0;
	t->aiclk_mhz = 800;
	t->axiclk_mhz = 900;
	t->arcclk_mhz = 800;
	t->vcore_mv = 750.0;
	t->tdp_w = 30.0;
	t->tdc_a = 40.0;
	t->board_id = (0x43ull << 36) | 0x51A1u;   /* card type 0x43 = p100a */
	t->fw_bundle_version = 0x12050000u;        /* 18.5.0.0 */
	t->heartbeat = (uint32_t)(up_ms / 100);
	t->enabled_tensix_cols = 0x0FFFu;          /* 12 of 14 physical columns */
	t->enabled_gddr = 0x7Fu;                   /* banks 0-6; bank 7 harvested */
	t->modelled = 1;
	return 0;
}

static int sim_risc_states(struct ttrt_backend *be, struct ttrt_xy noc0,
			   enum ttrt_risc_state states[5], uint32_t pcs[5])
{
	(void)be;
	(void)noc0;
	for (int i = 0; i < 5; i++) {
		states[i] = TTRT_RISC_UNKNOWN;
		pcs[i] = 0;
	}
	return 0;
}

static void sim_close(struct ttrt_backend *be)
{
	struct sim_backend *sb = to_sim(be);

	sim_chip_destroy(sb->chip);
	free(sb);
}

static const struct ttrt_backend_ops sim_ops = {
	.read = sim_read,
	.write = sim_write,
	.telemetry = sim_telemetry,
	.risc_states = sim_risc_states,
	.close = sim_close,
};

int ttrt_sim_backend_open(const struct ttrt_config *cfg, struct ttrt_backend **out,
			  char *err, size_t errlen)
{
	struct sim_backend *sb = calloc(1, sizeof(*sb));
	int rc;

	if (!sb)
		return -ENOMEM;
	rc = sim_chip_create(cfg->dram_bank_size, &sb->chip);
	if (rc) {
		ttrt_set_err(err, errlen, "sim: cannot reserve chip memory (%s)", strerror(-rc));
		free(sb);
		return rc;
	}
	sb->base.ops = &sim_ops;
	*out = &sb->base;
	return 0;
}
