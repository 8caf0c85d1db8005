/* SPDX-License-Identifier: Apache-2.0
 *
 * The sim backend: NOC endpoint accesses land in the simulated chip's
 * memories, as a TLB window would land them on the card.
 */
#include "backend.h"
#include "runtime_internal.h"
#include "sim/chip.h"
#include "sim/simmem.h"
#include "tt/debug_abi.h"   /* and tt/dprint_abi.h */
#include "tt/profiler_abi.h"
#include "ttrt_abi.h"

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

static struct sim_core *core_at(struct sim_backend *sb, struct ttrt_xy noc0)
{
	struct ttrt_xy logical;

	if (ttrt_noc0_to_logical(noc0, &logical))
		return NULL;
	return &sb->chip->cores[ttrt_core_index(logical)];
}

/* Where an endpoint access lands: L1 of a core (*mem set, *bank -1) or a
 * DRAM bank (*bank >= 0, nothing in *mem: DRAM goes through dram.h so
 * the written-page bitmap stays right). -ENXIO if nowhere. */
static int resolve(struct sim_backend *sb, struct ttrt_xy noc0, uint64_t addr, size_t len,
		   uint8_t **mem, int *bank)
{
	struct sim_core *core = core_at(sb, noc0);

	*mem = NULL;
	*bank = -1;
	if (core) {
		if (!range_fits(addr, len, TTRT_L1_SIZE))
			return -ENXIO;
		*mem = core->l1 + addr;
		return 0;
	}
	*bank = ttrt_dram_bank_of_noc0(noc0);
	if (*bank >= 0)
		return range_fits(addr, len, sb->chip->dram.bank_size) ? 0 : -ENXIO;
	return -ENXIO;
}

static int is_register_access(uint64_t addr, size_t len)
{
	return addr >= 0xFF000000u && addr + len <= 0x100000000ull && addr % 4 == 0 && len % 4 == 0;
}

/* Registers move one 32-bit word at a time, as through a UC TLB window. */
static int register_io(struct sim_core *core, uint32_t addr, void *buf, size_t len, int writing)
{
	uint8_t *p = buf;

	for (size_t i = 0; i < len; i += 4) {
		uint32_t v;
		int rc;
		if (writing) {
			memcpy(&v, p + i, 4);
			rc = sim_core_mmio_write(core, addr + (uint32_t)i, v);
		} else {
			rc = sim_core_mmio_read(core, addr + (uint32_t)i, &v);
			memcpy(p + i, &v, 4);
		}
		if (rc)
			return rc;
	}
	return 0;
}

static int sim_read(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr,
		    void *buf, size_t len)
{
	struct sim_backend *sb = to_sim(be);
	struct sim_core *core = core_at(sb, noc0);
	uint8_t *mem;
	int bank, rc;

	if (core && is_register_access(addr, len))
		return register_io(core, (uint32_t)addr, buf, len, 0);
	rc = resolve(sb, noc0, addr, len, &mem, &bank);
	if (rc)
		return rc;
	if (bank >= 0)
		sim_dram_read(&sb->chip->dram, bank, addr, buf, len);
	else
		simmem_read(buf, mem, len);
	return 0;
}

/* Granule by granule: a bank is contiguous in host memory only within one. */
static void write_dram(struct sim_dram *dram, int bank, uint64_t addr, const uint8_t *buf,
		       size_t len)
{
	while (len > 0) {
		uint8_t *dst;
		size_t n = sim_dram_write_span(dram, bank, addr, len, &dst);

		simmem_write(dst, buf, n);
		buf += n;
		addr += n;
		len -= n;
	}
}

static int sim_write(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr,
		     const void *buf, size_t len)
{
	struct sim_backend *sb = to_sim(be);
	struct sim_core *core = core_at(sb, noc0);
	uint8_t *mem;
	int bank, rc;

	if (core && is_register_access(addr, len))
		return register_io(core, (uint32_t)addr, (void *)(uintptr_t)buf, len, 1);
	rc = resolve(sb, noc0, addr, len, &mem, &bank);
	if (rc)
		return rc;
	if (bank >= 0)
		write_dram(&sb->chip->dram, bank, addr, buf, len);
	else
		simmem_write(mem, buf, len);
	/* A hart may be polling what the host just wrote. */
	if (core)
		sim_sched_wake(core);
	return 0;
}

static int sim_host_span(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr, size_t len,
			 int writing, void **ptr, size_t *span)
{
	struct sim_dram *dram = &to_sim(be)->chip->dram;
	const uint8_t *piece;
	uint8_t *mem;
	int bank, rc = resolve(to_sim(be), noc0, addr, len, &mem, &bank);

	if (rc)
		return rc;
	if (bank < 0) {
		*ptr = mem;
		*span = len;
		return 0;
	}
	if (writing || len == 0) {
		*span = sim_dram_write_span(dram, bank, addr, len, &mem);
		*ptr = mem;
		return 0;
	}
	*span = sim_dram_read_span(dram, bank, addr, len, &piece);
	*ptr = (void *)(uintptr_t)piece;   /* read-only zeros, or the bank */
	return 0;
}

static int sim_zero(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr, size_t len)
{
	uint8_t *mem;
	int bank, rc = resolve(to_sim(be), noc0, addr, len, &mem, &bank);

	if (rc)
		return rc;
	if (bank >= 0)
		return sim_dram_zero(&to_sim(be)->chip->dram, bank, addr, len);
	simmem_zero(mem, len);
	sim_sched_wake(core_at(to_sim(be), noc0));
	return 0;
}

static void sim_written(struct ttrt_backend *be, struct ttrt_xy noc0)
{
	struct sim_core *core = core_at(to_sim(be), noc0);

	if (core)
		sim_sched_wake(core);
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
	struct sim_core *core = core_at(to_sim(be), noc0);

	if (!core)
		return -EINVAL;
	sim_core_risc_states(core, states, pcs);
	return 0;
}

static int sim_risc_detail(struct ttrt_backend *be, struct ttrt_xy noc0, int risc,
			   struct ttrt_risc_detail *out)
{
	struct sim_core *core = core_at(to_sim(be), noc0);

	if (!core || risc < 0 || risc >= SIM_NUM_HARTS)
		return -EINVAL;
	sim_core_risc_detail(core, risc, out);
	return 0;
}

static int sim_local_read(struct ttrt_backend *be, struct ttrt_xy noc0, int risc, uint32_t addr,
			  void *buf, size_t len)
{
	struct sim_core *core = core_at(to_sim(be), noc0);

	if (!core || risc < 0 || risc >= SIM_NUM_HARTS)
		return -EINVAL;
	return sim_core_local_read(core, risc, addr, buf, len);
}

static int sim_noc_mode(struct ttrt_backend *be, struct ttrt_xy noc0, enum ttrt_noc_mode mode)
{
	struct sim_core *core = core_at(to_sim(be), noc0);

	if (!core)
		return -EINVAL;
	atomic_store(&core->noc_strict, mode == TTRT_NOC_STRICT);
	return 0;
}

static void sim_close(struct ttrt_backend *be)
{
	struct sim_backend *sb = to_sim(be);

	sim_chip_destroy(sb->chip);
	free(sb);
}

static uint64_t sim_change_count(struct ttrt_backend *be)
{
	return sim_sched_quiet_count(&to_sim(be)->chip->sched);
}

static void sim_wait_change(struct ttrt_backend *be, uint64_t seen, uint64_t timeout_ns)
{
	sim_sched_wait_quiet(&to_sim(be)->chip->sched, seen, timeout_ns);
}

static const struct ttrt_backend_ops sim_ops = {
	.read = sim_read,
	.write = sim_write,
	.host_span = sim_host_span,
	.zero = sim_zero,
	.written = sim_written,
	.telemetry = sim_telemetry,
	.risc_states = sim_risc_states,
	.risc_detail = sim_risc_detail,
	.local_read = sim_local_read,
	.noc_mode = sim_noc_mode,
	.change_count = sim_change_count,
	.wait_change = sim_wait_change,
	.close = sim_close,
};

static struct sim_l1_range l1_range(uint32_t base, uint32_t size)
{
	return (struct sim_l1_range){ base, base + size };
}

/* The sanitizer's view of a worker's L1, from the profile. A profile that
 * cannot launch runs no program, so it has nothing to guard. */
static void sanitize_map(const struct ttrt_config *cfg, const struct ttrt_abi *abi,
			 struct sim_sanitize_map *m)
{
	uint32_t mbox = abi->mailbox_base;

	memset(m, 0, sizeof(*m));
	m->on = cfg->sanitize && ttrt_abi_check(abi, NULL, 0) == 0;
	/* The jal to BRISC's firmware the host writes at boot: where a store
	 * through a null pointer lands. */
	m->boot = l1_range(abi->boot_code_base, 4);
	m->firmware[0] = l1_range(abi->brisc_fw_base, abi->brisc_fw_size);
	m->firmware[1] = l1_range(abi->ncrisc_fw_base, abi->ncrisc_fw_size);
	m->firmware[2] = l1_range(abi->trisc0_fw_base, abi->trisc0_fw_size);
	m->firmware[3] = l1_range(abi->trisc1_fw_base, abi->trisc1_fw_size);
	m->firmware[4] = l1_range(abi->trisc2_fw_base, abi->trisc2_fw_size);
	m->mailbox = l1_range(mbox, abi->mailbox_size);
	m->kernel_config = l1_range(abi->kernel_config_base, abi->kernel_config_size);
	/* The kernel SDK's DPRINT rings (tt/dprint_abi.h), the ASSERT and
	 * WAYPOINT block after them (tt/debug_abi.h) and the device profiler's
	 * buffers after that (tt/profiler_abi.h): kernels write them. */
	m->kernel_mailbox = l1_range(TT_DPRINT_BASE, TT_PROFILER_BUF(TT_NUM_PROCESSORS) - TT_DPRINT_BASE);
	m->go_index_addr = mbox + abi->mbox_go_message_index;
	m->go_messages_addr = mbox + abi->mbox_go_messages;
	m->go_msg_size = abi->go_msg_size;
	m->go_signal = abi->go_signal;
	m->go_entries = abi->go_message_entries;
	m->launch_rd_ptr_addr = mbox + abi->mbox_launch_rd_ptr;
	m->launch_addr = mbox + abi->mbox_launch;
	m->launch_msg_size = abi->launch_msg_size;
	m->launch_entries = abi->launch_ring_entries;
	m->l_kernel_config_base = abi->launch_kernel_config_base;
	m->l_sem_offset = abi->launch_sem_offset;
	m->l_local_cb_offset = abi->launch_local_cb_offset;
	m->l_remote_cb_offset = abi->launch_remote_cb_offset;
	m->l_local_cb_mask = abi->launch_local_cb_mask;
	m->l_local_cb_mask_size = abi->launch_local_cb_mask_size;
	m->l_min_remote_cb = abi->launch_min_remote_cb_start_index;
	m->num_cbs = abi->num_circular_buffers;
	m->local_cb_config_size = abi->local_cb_config_size;
	m->remote_cb_config_size = abi->remote_cb_config_size;
}

int ttrt_sim_backend_open(const struct ttrt_config *cfg, const struct ttrt_abi *abi,
			  struct ttrt_backend **out, char *err, size_t errlen)
{
	struct sim_sanitize_map map;
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
	sanitize_map(cfg, abi, &map);
	sim_sanitize_set(sb->chip, &map);
	sb->base.ops = &sim_ops;
	*out = &sb->base;
	return 0;
}
