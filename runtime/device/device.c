/* SPDX-License-Identifier: Apache-2.0
 *
 * Device open/close, through whichever backend the configuration names,
 * and the backend's registers, telemetry and RISC states. Byte access to
 * L1 and DRAM is in device_memory.c.
 */
#include "buffer/buffer_space.h"
#include "runtime_internal.h"
#include "debug/kernel_debug.h"
#include "debug/pc_source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

static int open_backend(struct ttrt_device *dev, char *err, size_t errlen)
{
	if (dev->cfg.backend == TTRT_BACKEND_KMD) {
		snprintf(dev->backend_desc, sizeof(dev->backend_desc), "kmd %s",
			 dev->cfg.device_path);
		return ttrt_kmd_backend_open(&dev->cfg, &dev->backend, err, errlen);
	}
	snprintf(dev->backend_desc, sizeof(dev->backend_desc), "sim");
	return ttrt_sim_backend_open(&dev->cfg, &dev->abi, &dev->backend, err, errlen);
}

int ttrt_device_open(const struct ttrt_config *cfg, struct ttrt_device **out,
		     char *err, size_t errlen)
{
	struct ttrt_device *dev = calloc(1, sizeof(*dev));
	int rc;

	if (!dev)
		return -ENOMEM;
	dev->cfg = *cfg;
	rc = ttrt_device_abi_init(dev);
	if (rc)
		goto fail_dev;
	/* After the profile: L1 buffers go in its kernels' region. */
	rc = ttrt_buffer_space_create(dev, cfg->dram_bank_size, dev->abi.data_buffer_base,
				      dev->abi.l1_size, &dev->buffer_space);
	if (rc)
		goto fail_dev;
	if (ttrt_device_needs_firmware(dev)) {
		rc = ttrt_firmware_load_all(dev, dev->cfg.firmware_dir, err, errlen);
		if (rc)
			goto fail_space;
		dev->firmware_loaded = 1;
		ttrt_device_abi_match_firmware(dev);
	} else if (dev->card_build) {
		/* At open, not at the first program: the card must boot now. */
		rc = ttrt_device_card_firmware(dev);
		if (rc)
			goto fail_fw;
	}
	rc = ttrt_chip_state_init(dev);
	if (rc)
		goto fail_fw;
	rc = open_backend(dev, err, errlen);
	if (rc)
		goto fail_state;
	/* A device that cannot launch is not booted: memory access only. */
	rc = dev->launch_problem[0] ? 0 : ttrt_device_reset(dev, NULL, err, errlen);
	if (rc)
		goto fail_backend;
	*out = dev;
	return 0;

fail_backend:
	dev->backend->ops->close(dev->backend);
fail_state:
	ttrt_chip_state_destroy(dev);
fail_fw:
	ttrt_firmware_free_all(dev);
fail_space:
	ttrt_buffer_space_destroy(dev->buffer_space);
fail_dev:
	free(dev);
	return rc;
}

void ttrt_device_close(struct ttrt_device *dev)
{
	if (!dev)
		return;
	ttrt_programs_wait_threads(dev);
	ttrt_buffer_space_destroy(dev->buffer_space);
	dev->backend->ops->close(dev->backend);
	ttrt_chip_state_destroy(dev);
	ttrt_firmware_free_all(dev);
	free(dev);
}

const char *ttrt_device_backend(const struct ttrt_device *dev)
{
	return dev->backend_desc;
}

static int reg_noc0(struct ttrt_xy core, uint32_t addr, struct ttrt_xy *noc0)
{
	if (ttrt_logical_to_noc0(core, noc0))
		return -EINVAL;
	return addr >= 0xFF000000u && addr % 4 == 0 ? 0 : -EINVAL;
}

int ttrt_reg_read(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr, uint32_t *val)
{
	struct ttrt_xy noc0;
	int rc = reg_noc0(core, addr, &noc0);

	return rc ? rc : dev->backend->ops->read(dev->backend, noc0, addr, val, 4);
}

int ttrt_reg_write(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr, uint32_t val)
{
	struct ttrt_xy noc0;
	int rc = reg_noc0(core, addr, &noc0);

	return rc ? rc : dev->backend->ops->write(dev->backend, noc0, addr, &val, 4);
}

int ttrt_risc_local_read(struct ttrt_device *dev, struct ttrt_xy core, int risc, uint32_t addr,
			 void *buf, size_t len)
{
	struct ttrt_xy noc0;

	if (ttrt_logical_to_noc0(core, &noc0) || risc < 0 || risc >= TTRT_NUM_RISCS ||
	    addr % 4 || len % 4)
		return -EINVAL;
	if (!dev->backend->ops->local_read)
		return -ENOTSUP;
	return dev->backend->ops->local_read(dev->backend, noc0, risc, addr, buf, len);
}

int ttrt_device_change_count(struct ttrt_device *dev, uint64_t *count)
{
	if (!dev->backend->ops->change_count)
		return -ENOTSUP;
	*count = dev->backend->ops->change_count(dev->backend);
	return 0;
}

void ttrt_device_wait_change(struct ttrt_device *dev, uint64_t seen, uint64_t timeout_ns)
{
	dev->backend->ops->wait_change(dev->backend, seen, timeout_ns);
}

int ttrt_telemetry_read(struct ttrt_device *dev, struct ttrt_telemetry *out)
{
	return dev->backend->ops->telemetry(dev->backend, out);
}

int ttrt_core_risc_states(struct ttrt_device *dev, struct ttrt_xy core,
			  enum ttrt_risc_state states[5], uint32_t pcs[5])
{
	struct ttrt_xy noc0;

	if (ttrt_logical_to_noc0(core, &noc0))
		return -EINVAL;
	return dev->backend->ops->risc_states(dev->backend, noc0, states, pcs);
}

int ttrt_core_noc_mode(struct ttrt_device *dev, struct ttrt_xy core, enum ttrt_noc_mode mode)
{
	struct ttrt_xy noc0;

	if (ttrt_logical_to_noc0(core, &noc0))
		return -EINVAL;
	if (!dev->backend->ops->noc_mode)
		return 0;
	return dev->backend->ops->noc_mode(dev->backend, noc0, mode);
}

const char *const ttrt_risc_names[TTRT_NUM_RISCS] = { "brisc", "ncrisc", "trisc0", "trisc1",
						      "trisc2" };

int ttrt_core_risc_detail(struct ttrt_device *dev, struct ttrt_xy core, int risc,
			  struct ttrt_risc_detail *out)
{
	struct ttrt_xy noc0;
	enum ttrt_risc_state states[TTRT_NUM_RISCS];
	uint32_t pcs[TTRT_NUM_RISCS];
	int rc;

	if (ttrt_logical_to_noc0(core, &noc0) || risc < 0 || risc >= TTRT_NUM_RISCS)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	if (dev->backend->ops->risc_detail) {
		rc = dev->backend->ops->risc_detail(dev->backend, noc0, risc, out);
		/* A failed ASSERT stops its RISC with ebreak: say which; the
		 * other PCs a fault names get their places. */
		if (rc == 0 && out->state == TTRT_RISC_FAULT &&
		    ttrt_debug_assert(dev, core, risc, out->pc, out->fault, sizeof(out->fault)) != 1)
			ttrt_pc_annotate(dev, core, risc, out->pc, out->fault, sizeof(out->fault));
		return rc;
	}
	rc = dev->backend->ops->risc_states(dev->backend, noc0, states, pcs);
	if (rc == 0) {
		out->state = states[risc];
		out->pc = pcs[risc];
	}
	return rc;
}
