/* SPDX-License-Identifier: Apache-2.0
 *
 * Device open/close and byte access to L1 and DRAM banks, through
 * whichever backend the configuration names.
 */
#include "runtime_internal.h"

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
	return ttrt_sim_backend_open(&dev->cfg, &dev->backend, err, errlen);
}

int ttrt_device_open(const struct ttrt_config *cfg, struct ttrt_device **out,
		     char *err, size_t errlen)
{
	struct ttrt_device *dev = calloc(1, sizeof(*dev));
	int rc;

	if (!dev)
		return -ENOMEM;
	dev->cfg = *cfg;
	rc = pthread_mutex_init(&dev->buffers_lock, NULL);
	if (rc) {
		free(dev);
		return -rc;
	}
	rc = ttrt_dram_allocator_create(cfg->dram_bank_size, &dev->dram_alloc);
	if (rc)
		goto fail_lock;
	rc = ttrt_device_abi_init(dev);
	if (rc)
		goto fail_alloc;
	if (ttrt_device_needs_firmware(dev)) {
		rc = ttrt_firmware_load_all(dev, dev->cfg.firmware_dir, err, errlen);
		if (rc)
			goto fail_alloc;
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
fail_alloc:
	ttrt_dram_allocator_destroy(dev->dram_alloc);
fail_lock:
	pthread_mutex_destroy(&dev->buffers_lock);
	free(dev);
	return rc;
}

void ttrt_device_close(struct ttrt_device *dev)
{
	if (!dev)
		return;
	ttrt_programs_wait_threads(dev);
	ttrt_buffers_destroy_all(dev);
	dev->backend->ops->close(dev->backend);
	ttrt_chip_state_destroy(dev);
	ttrt_firmware_free_all(dev);
	ttrt_dram_allocator_destroy(dev->dram_alloc);
	pthread_mutex_destroy(&dev->buffers_lock);
	free(dev);
}

const char *ttrt_device_backend(const struct ttrt_device *dev)
{
	return dev->backend_desc;
}

uint64_t ttrt_dram_bank_size(const struct ttrt_device *dev)
{
	return dev->cfg.dram_bank_size;
}

static int range_fits(uint64_t addr, size_t len, uint64_t size)
{
	return addr <= size && len <= size - addr;
}

int ttrt_l1_read(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr,
		 void *buf, size_t len)
{
	struct ttrt_xy noc0;

	if (ttrt_logical_to_noc0(core, &noc0))
		return -EINVAL;
	if (!range_fits(addr, len, TTRT_L1_SIZE))
		return -ENXIO;
	return dev->backend->ops->read(dev->backend, noc0, addr, buf, len);
}

int ttrt_l1_write(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr,
		  const void *buf, size_t len)
{
	struct ttrt_xy noc0;

	if (ttrt_logical_to_noc0(core, &noc0))
		return -EINVAL;
	if (!range_fits(addr, len, TTRT_L1_SIZE))
		return -EFBIG;
	return dev->backend->ops->write(dev->backend, noc0, addr, buf, len);
}

int ttrt_dram_read(struct ttrt_device *dev, int bank, uint64_t addr, void *buf, size_t len)
{
	if (bank < 0 || bank >= TTRT_NUM_DRAM_BANKS)
		return -EINVAL;
	if (!range_fits(addr, len, dev->cfg.dram_bank_size))
		return -ENXIO;
	return dev->backend->ops->read(dev->backend, ttrt_dram_bank_noc0(bank), addr, buf, len);
}

int ttrt_dram_write(struct ttrt_device *dev, int bank, uint64_t addr,
		    const void *buf, size_t len)
{
	if (bank < 0 || bank >= TTRT_NUM_DRAM_BANKS)
		return -EINVAL;
	if (!range_fits(addr, len, dev->cfg.dram_bank_size))
		return -EFBIG;
	return dev->backend->ops->write(dev->backend, ttrt_dram_bank_noc0(bank), addr, buf, len);
}

int ttrt_l1_direct(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr, size_t len,
		   int writing, void **ptr)
{
	const struct ttrt_backend_ops *ops = dev->backend->ops;
	struct ttrt_xy noc0;
	size_t span;
	int rc;

	if (ttrt_logical_to_noc0(core, &noc0))
		return -EINVAL;
	if (!range_fits(addr, len, TTRT_L1_SIZE))
		return writing ? -EFBIG : -ENXIO;
	if (!ops->host_span)
		return -ENOTSUP;
	rc = ops->host_span(dev->backend, noc0, addr, len, writing, ptr, &span);
	if (rc == 0 && span != len)
		rc = -ENOTSUP;   /* L1 is one piece wherever it is in host memory */
	return rc;
}

void ttrt_l1_direct_written(struct ttrt_device *dev, struct ttrt_xy core)
{
	struct ttrt_xy noc0;

	if (ttrt_logical_to_noc0(core, &noc0) == 0 && dev->backend->ops->written)
		dev->backend->ops->written(dev->backend, noc0);
}

static int dram_bounds(struct ttrt_device *dev, int bank, uint64_t addr, size_t len, int writing)
{
	if (bank < 0 || bank >= TTRT_NUM_DRAM_BANKS)
		return -EINVAL;
	if (!range_fits(addr, len, dev->cfg.dram_bank_size))
		return writing ? -EFBIG : -ENXIO;
	return 0;
}

int ttrt_dram_direct_append(struct ttrt_device *dev, int bank, uint64_t addr, size_t len,
			    int writing, struct iovec *iov, int *n, int max_iov)
{
	const struct ttrt_backend_ops *ops = dev->backend->ops;
	struct ttrt_xy noc0 = ttrt_dram_bank_noc0(bank);
	int rc = dram_bounds(dev, bank, addr, len, writing);

	if (rc)
		return rc;
	if (!ops->host_span)
		return -ENOTSUP;
	while (len > 0) {
		struct iovec *last = *n > 0 ? &iov[*n - 1] : NULL;
		size_t span;
		void *ptr;

		rc = ops->host_span(dev->backend, noc0, addr, len, writing, &ptr, &span);
		if (rc)
			return rc;
		if (last && (char *)last->iov_base + last->iov_len == (char *)ptr) {
			last->iov_len += span;   /* contiguous in host memory: one piece */
		} else {
			if (*n == max_iov)
				return -E2BIG;
			iov[*n].iov_base = ptr;
			iov[*n].iov_len = span;
			(*n)++;
		}
		addr += span;
		len -= span;
	}
	return 0;
}

int ttrt_dram_direct(struct ttrt_device *dev, int bank, uint64_t addr, size_t len, int writing,
		     struct iovec *iov, int max_iov)
{
	int n = 0, rc = ttrt_dram_direct_append(dev, bank, addr, len, writing, iov, &n, max_iov);

	return rc ? rc : n;
}

/* Without a backend zero op: zeros through write(), a bounded chunk at a
 * time, so a card's TLB window never sees one huge transfer. */
#define ZERO_CHUNK (64u * 1024u)

static int zero_by_writing(struct ttrt_device *dev, struct ttrt_xy noc0, uint64_t addr,
			   uint64_t len)
{
	static const uint8_t zeros[ZERO_CHUNK];

	while (len > 0) {
		size_t n = len < ZERO_CHUNK ? (size_t)len : ZERO_CHUNK;
		int rc = dev->backend->ops->write(dev->backend, noc0, addr, zeros, n);

		if (rc)
			return rc;
		addr += n;
		len -= n;
	}
	return 0;
}

int ttrt_dram_zero(struct ttrt_device *dev, int bank, uint64_t addr, uint64_t len)
{
	struct ttrt_xy noc0;
	int rc = dram_bounds(dev, bank, addr, len, 1);

	if (rc || len == 0)
		return rc;
	noc0 = ttrt_dram_bank_noc0(bank);
	if (dev->backend->ops->zero) {
		rc = dev->backend->ops->zero(dev->backend, noc0, addr, (size_t)len);
		if (rc != -ENOTSUP)
			return rc;
	}
	return zero_by_writing(dev, noc0, addr, len);
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
	if (dev->backend->ops->risc_detail)
		return dev->backend->ops->risc_detail(dev->backend, noc0, risc, out);
	rc = dev->backend->ops->risc_states(dev->backend, noc0, states, pcs);
	if (rc == 0) {
		out->state = states[risc];
		out->pc = pcs[risc];
	}
	return rc;
}
