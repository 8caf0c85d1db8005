/* SPDX-License-Identifier: Apache-2.0
 *
 * Byte access to the device's memories: a Tensix core's L1 and the DRAM
 * banks, copied or zero-copy (a host pointer where the backend has one),
 * and zeroing DRAM. Apart from device.c's open and close, so that the
 * buffers, which move their bytes through here and which the device
 * frees at close, depend on this file and device.c on them, never both
 * ways.
 */
#include "runtime_internal.h"

#include <errno.h>
#include <string.h>
#include <sys/uio.h>

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

int ttrt_l1_string(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr, char *out,
		   size_t size)
{
	uint32_t l1 = dev->abi.l1_size;
	size_t n = size - 1;
	int rc;

	out[0] = '\0';
	if (!addr || addr >= l1)
		return -ENXIO;
	if (n > l1 - addr)
		n = l1 - addr;
	rc = ttrt_l1_read(dev, core, addr, out, n);
	if (rc) {
		out[0] = '\0';
		return rc;
	}
	out[n] = '\0';
	return memchr(out, '\0', n) ? 0 : 1;
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

static int zero_endpoint(struct ttrt_device *dev, struct ttrt_xy noc0, uint64_t addr, uint64_t len)
{
	int rc;

	if (len == 0)
		return 0;
	if (dev->backend->ops->zero) {
		rc = dev->backend->ops->zero(dev->backend, noc0, addr, (size_t)len);
		if (rc != -ENOTSUP)
			return rc;
	}
	return zero_by_writing(dev, noc0, addr, len);
}

int ttrt_dram_zero(struct ttrt_device *dev, int bank, uint64_t addr, uint64_t len)
{
	int rc = dram_bounds(dev, bank, addr, len, 1);

	return rc ? rc : zero_endpoint(dev, ttrt_dram_bank_noc0(bank), addr, len);
}

int ttrt_l1_zero(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr, uint64_t len)
{
	struct ttrt_xy noc0;

	if (ttrt_logical_to_noc0(core, &noc0))
		return -EINVAL;
	if (!range_fits(addr, len, TTRT_L1_SIZE))
		return -EFBIG;
	return zero_endpoint(dev, noc0, addr, len);
}
