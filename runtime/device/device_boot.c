/* SPDX-License-Identifier: Apache-2.0
 *
 * Device init: load our firmware onto every Tensix core and start it, the
 * way the host does it on silicon (reference/blackhole-abi.md §4.4, §5.4):
 *   1. hold all five RISCs of every core in soft reset;
 *   2. write the firmware segments (local-memory ones to the init scratch);
 *   3. write a jump to the BRISC firmware at L1 address 0;
 *   4. go = INIT, the launch ring and go index cleared, the bank tables;
 *   5. release BRISC everywhere; its firmware starts the other four;
 *   6. wait until every core reports DONE.
 * One deadline (timeout_ms of the config) bounds it all; the caller holds
 * the chip exclusive (device_state.c).
 */
#include "device/firmware_image.h"
#include "runtime_internal.h"
#include "debug/pc_source.h"
#include "tt/l1_map.h"   /* soft reset, RUN_MSG_*, bank-table format: in every version */

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Where a RISC's local-memory segments are staged in L1, and how much
 * local memory it has (the profile's MEM_*_INIT_LOCAL_L1_BASE_SCRATCH and
 * MEM_*_LOCAL_SIZE). */
static uint32_t init_scratch(const struct ttrt_abi *abi, int risc)
{
	const uint32_t s[TTRT_NUM_RISCS] = {
		abi->brisc_init_scratch, abi->ncrisc_init_scratch, abi->trisc0_init_scratch,
		abi->trisc1_init_scratch, abi->trisc2_init_scratch,
	};
	return s[risc];
}

static uint32_t local_size(const struct ttrt_abi *abi, int risc)
{
	return risc == 0 ? abi->brisc_local_size :
	       risc == 1 ? abi->ncrisc_local_size : abi->trisc_local_size;
}

/* A firmware file that cannot be read usually means a wrong firmware_dir:
 * say which -o option or config line set it. */
static void note_firmware_dir_origin(const struct ttrt_config *cfg, char *err, size_t errlen)
{
	char origin[TTRT_PATH_MAX + 64];
	size_t used;

	if (!err || errlen == 0)
		return;
	ttrt_config_origin(cfg, TTRT_CFG_FIRMWARE_DIR, origin, sizeof(origin));
	used = strnlen(err, errlen - 1);
	snprintf(err + used, errlen - used, " (from %s)", origin);
}

int ttrt_firmware_load_all(struct ttrt_device *dev, const char *dir, char *err, size_t errlen)
{
	char path[TTRT_PATH_MAX + 32];

	snprintf(dev->firmware_from, sizeof(dev->firmware_from), "%s", dir);
	for (int i = 0; i < TTRT_NUM_RISCS; i++) {
		int rc;
		snprintf(path, sizeof(path), "%s/%s.elf", dir, ttrt_risc_names[i]);
		rc = fw_image_load(path, &dev->firmware[i], err, errlen);
		if (rc) {
			if (dir == dev->cfg.firmware_dir)
				note_firmware_dir_origin(&dev->cfg, err, errlen);
			while (i-- > 0)
				fw_image_free(&dev->firmware[i]);
			return rc;
		}
	}
	return 0;
}

void ttrt_firmware_free_all(struct ttrt_device *dev)
{
	for (int i = 0; i < TTRT_NUM_RISCS; i++)
		fw_image_free(&dev->firmware[i]);
}

static int write32(struct ttrt_device *dev, struct ttrt_xy noc0, uint32_t addr, uint32_t v)
{
	return dev->backend->ops->write(dev->backend, noc0, addr, &v, 4);
}

/* JAL x0, target: the first instruction BRISC runs after reset. */
uint32_t ttrt_boot_jump(uint32_t target)
{
	return (target & 0xFF000u) | ((target & 0x800u) << 9) | ((target & 0x7FEu) << 20) |
	       ((target >> 20 & 1u) << 31) | 0x6Fu;
}

static int write_segment(struct ttrt_device *dev, struct ttrt_xy noc0, int risc,
			 const struct fw_segment *seg, char *err, size_t errlen)
{
	const struct ttrt_abi *abi = &dev->abi;
	uint32_t addr = seg->paddr, local = local_size(abi, risc);

	if (addr >= abi->local_base && addr - abi->local_base < local &&
	    seg->memsz <= local - (addr - abi->local_base))
		addr = init_scratch(abi, risc) + (addr - abi->local_base);
	else if (addr >= abi->l1_size || seg->memsz > abi->l1_size - addr) {
		ttrt_set_err(err, errlen, "%s firmware: segment at 0x%08x+%u is outside L1",
			     ttrt_risc_names[risc], seg->paddr, seg->memsz);
		return -EINVAL;
	}
	return dev->backend->ops->write(dev->backend, noc0, addr, seg->data, seg->memsz);
}

/* Firmware, boot jump, cleared launch ring, go = INIT and bank tables of a
 * core that is held in reset. */
static int load_core(struct ttrt_device *dev, struct ttrt_xy noc0, const struct tt_bank_table *banks,
		     char *err, size_t errlen)
{
	const struct ttrt_abi *abi = &dev->abi;
	static const uint8_t zeros[TTRT_ABI_MAX_LAUNCH_MSG];
	uint8_t go[TTRT_ABI_MAX_LAUNCH_MSG] = { 0 };
	int rc = 0;

	if (abi->go_msg_size > sizeof(go) || sizeof(*banks) > abi->bank_to_noc_size) {
		ttrt_set_err(err, errlen, "ABI profile '%s': no room for the go message or bank table",
			     abi->name);
		return -EINVAL;
	}
	go[abi->go_signal] = TT_RUN_MSG_INIT;
	for (int r = 0; rc == 0 && r < TTRT_NUM_RISCS; r++)
		for (int s = 0; rc == 0 && s < dev->firmware[r].nseg; s++)
			rc = write_segment(dev, noc0, r, &dev->firmware[r].seg[s], err, errlen);
	if (rc == 0)
		rc = write32(dev, noc0, abi->boot_code_base, ttrt_boot_jump(dev->firmware[0].text_base));
	for (uint32_t i = 0; rc == 0 && i < abi->launch_ring_entries; i++)
		rc = dev->backend->ops->write(dev->backend, noc0, ttrt_abi_launch_addr(abi, i), zeros,
					      abi->launch_msg_size);
	if (rc == 0)
		rc = write32(dev, noc0, ttrt_abi_mbox_addr(abi, abi->mbox_launch_rd_ptr), 0);
	if (rc == 0)
		rc = write32(dev, noc0, ttrt_abi_mbox_addr(abi, abi->mbox_go_message_index), 0);
	if (rc == 0)
		rc = dev->backend->ops->write(dev->backend, noc0, ttrt_abi_go_addr(abi, 0), go,
					      abi->go_msg_size);
	if (rc == 0)
		rc = dev->backend->ops->write(dev->backend, noc0, abi->bank_to_noc_base, banks,
					      sizeof(*banks));
	return rc;
}

/* Write the soft-reset register of every core. */
static int set_reset_all(struct ttrt_device *dev, uint32_t value)
{
	for (int i = 0; i < TTRT_NUM_TENSIX; i++) {
		struct ttrt_xy noc0;
		int rc;

		ttrt_logical_to_noc0(ttrt_core_logical(i), &noc0);
		rc = write32(dev, noc0, TT_RISCV_SOFT_RESET_0, value);
		if (rc)
			return rc;
	}
	return 0;
}

/* Name the core and what its RISCs were doing. */
static void report_not_ready(struct ttrt_device *dev, struct ttrt_xy core, uint8_t signal,
			     uint32_t timeout_ms, char *err, size_t errlen)
{
	char why[1024] = "";
	size_t used = 0;

	for (int r = 0; r < TTRT_NUM_RISCS && used < sizeof(why); r++) {
		struct ttrt_risc_detail d;
		char pc[TTRT_PC_TEXT_MAX];

		if (ttrt_core_risc_detail(dev, core, r, &d))
			continue;
		used += (size_t)snprintf(why + used, sizeof(why) - used, "; %s %s %s%s%s",
					 ttrt_risc_names[r], ttrt_risc_state_name(d.state),
					 ttrt_pc_text(dev, core, r, &d, pc, sizeof(pc)),
					 d.fault[0] ? ": " : "", d.fault);
	}
	ttrt_set_err(err, errlen, "core %u,%u did not report ready within %d ms (go signal 0x%02x)%s",
		     core.x, core.y, timeout_ms, signal, why);
}

/* Wait for go.signal == DONE on every core, within the operation's deadline. */
static int wait_ready(struct ttrt_device *dev, const struct ttrt_op *op, char *err, size_t errlen)
{
	for (int i = 0; i < TTRT_NUM_TENSIX; i++) {
		struct ttrt_xy core = ttrt_core_logical(i);
		uint8_t signal = 0;
		int rc = ttrt_poll_done(dev, core, op);

		if (rc == -ETIMEDOUT) {
			ttrt_l1_read(dev, core, ttrt_abi_go_signal_addr(&dev->abi, 0), &signal, 1);
			report_not_ready(dev, core, signal, op->timeout_ms, err, errlen);
		} else if (rc == -EINTR) {
			ttrt_set_err(err, errlen, "interrupted while core %u,%u was booting",
				     core.x, core.y);
		}
		if (rc)
			return rc;
	}
	return 0;
}

int ttrt_device_boot(struct ttrt_device *dev, const struct ttrt_op *op, char *err, size_t errlen)
{
	struct tt_bank_table banks;
	int rc = 0;

	ttrt_bank_table_build(&banks);
	/* Stop every core before loading any: a kernel still running on one
	 * core could otherwise write over the NOC into firmware already loaded. */
	rc = set_reset_all(dev, TT_SOFT_RESET_ALL_RISCS);
	for (int i = 0; i < TTRT_NUM_TENSIX && rc == 0; i++) {
		struct ttrt_xy noc0;
		ttrt_logical_to_noc0(ttrt_core_logical(i), &noc0);
		rc = load_core(dev, noc0, &banks, err, errlen);
		/* On a card an upload is slow enough to outlast the deadline. */
		if (rc == 0)
			rc = ttrt_op_check(op);
	}
	if (rc == 0)
		rc = set_reset_all(dev, TT_SOFT_RESET_BRISC_ONLY);
	if (rc) {
		if (rc == -EINTR)
			ttrt_set_err(err, errlen, "interrupted during the firmware upload");
		else if (rc == -ETIMEDOUT)
			ttrt_set_err(err, errlen, "firmware upload took over %u ms", op->timeout_ms);
		else if (!err || !err[0])
			ttrt_set_err(err, errlen, "firmware upload failed: %s", strerror(-rc));
		return rc;
	}
	return wait_ready(dev, op, err, errlen);
}

/* A program that hung or was stopped: its cores only, while the rest of
 * the chip keeps running. Each core is held in reset before any is
 * loaded, as for a whole boot. */
int ttrt_cores_reboot(struct ttrt_device *dev, const struct ttrt_xy *cores, uint32_t n,
		      const struct ttrt_op *op, char *err, size_t errlen)
{
	struct tt_bank_table banks;
	struct ttrt_xy noc0;
	int rc = 0;

	ttrt_bank_table_build(&banks);
	for (uint32_t i = 0; i < n && rc == 0; i++) {
		rc = ttrt_logical_to_noc0(cores[i], &noc0);
		if (rc == 0)
			rc = write32(dev, noc0, TT_RISCV_SOFT_RESET_0, TT_SOFT_RESET_ALL_RISCS);
	}
	for (uint32_t i = 0; i < n && rc == 0; i++) {
		ttrt_logical_to_noc0(cores[i], &noc0);
		rc = load_core(dev, noc0, &banks, err, errlen);
		if (rc == 0)
			rc = write32(dev, noc0, TT_RISCV_SOFT_RESET_0, TT_SOFT_RESET_BRISC_ONLY);
	}
	for (uint32_t i = 0; i < n && rc == 0; i++) {
		rc = ttrt_poll_done(dev, cores[i], op);
		if (rc == -ETIMEDOUT)
			ttrt_set_err(err, errlen, "core %u,%u did not come back after its reset",
				     cores[i].x, cores[i].y);
	}
	if (rc && rc != -ETIMEDOUT && (!err || !err[0]))
		ttrt_set_err(err, errlen, "resetting the program's cores: %s", strerror(-rc));
	return rc;
}
