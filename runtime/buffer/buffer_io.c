/* SPDX-License-Identifier: Apache-2.0
 *
 * A buffer's data in host order: offset o is byte o % page_size of host
 * page o / page_size, wherever placement.c puts that page. Reads and
 * writes hold io_lock shared, so they run in parallel and a new shape
 * waits for them (buffer.c).
 */
#include "buffer/buffer_internal.h"

#include <errno.h>
#include <sys/uio.h>

/* The caller holds io_lock or shape_lock, so the shape stays put. */
static int locate_locked(const struct ttrt_buffer *buf, uint64_t page, struct ttrt_xy *where,
			 uint64_t *addr)
{
	uint32_t endpoint;
	uint64_t device_page;

	if (!buf->allocated)
		return buf->problem ? -EINVAL : -ENODATA;
	if (page >= buf->place.pages)
		return -ERANGE;
	placement_locate(&buf->place, page, &endpoint, &device_page);
	*where = placement_core(&buf->place, endpoint);
	*addr = buf->address + device_page * buf->place.aligned_page;
	return 0;
}

int ttrt_buffer_page_location(const struct ttrt_buffer *buf, uint64_t page, struct ttrt_xy *where,
			      uint64_t *addr)
{
	int rc;

	pthread_mutex_lock(buffer_shape_lock(buf));
	rc = locate_locked(buf, page, where, addr);
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return rc;
}

/* One piece of a page: DRAM bank where.x, or the L1 of core where. */
static int page_io(const struct ttrt_buffer *b, struct ttrt_xy where, uint64_t addr, void *mem,
		   size_t len, int writing)
{
	if (b->kind == TTRT_BUFFER_DRAM)
		return writing ? ttrt_dram_write(b->dev, where.x, addr, mem, len)
			       : ttrt_dram_read(b->dev, where.x, addr, mem, len);
	if (addr > UINT32_MAX)
		return -ENXIO;
	return writing ? ttrt_l1_write(b->dev, where, (uint32_t)addr, mem, len)
		       : ttrt_l1_read(b->dev, where, (uint32_t)addr, mem, len);
}

/* Walk [offset, offset+len) page by page. */
static int buffer_io(struct ttrt_buffer *b, uint64_t offset, uint8_t *mem, size_t len,
		     int writing)
{
	uint32_t page_size = b->shape.page_size;

	while (len > 0) {
		uint64_t page = offset / page_size, in_page = offset % page_size, addr;
		size_t n = page_size - in_page;
		struct ttrt_xy where;
		int rc;

		if (n > len)
			n = len;
		rc = locate_locked(b, page, &where, &addr);
		if (rc == 0)
			rc = page_io(b, where, addr + in_page, mem, n, writing);
		if (rc)
			return rc;
		offset += n;
		mem += n;
		len -= n;
	}
	return 0;
}

static int bounds_locked(const struct ttrt_buffer *b, uint64_t offset, size_t len, int writing)
{
	if (b->deleted)
		return -ENOENT;
	if (offset > b->shape.size || len > b->shape.size - offset)
		return writing ? -EFBIG : -ENXIO;
	if (len > 0 && !b->allocated && b->problem)
		return -EINVAL;   /* a shape that cannot be placed */
	return 0;
}

static int checked_io(struct ttrt_buffer *b, uint64_t offset, uint8_t *mem, size_t len,
		      int writing)
{
	int rc;

	pthread_rwlock_rdlock(&b->io_lock);
	rc = bounds_locked(b, offset, len, writing);
	if (rc == 0) {
		if (writing && len > 0)
			atomic_store(&b->written, 1);
		rc = buffer_io(b, offset, mem, len, writing);
	}
	pthread_rwlock_unlock(&b->io_lock);
	return rc;
}

int ttrt_buffer_write(struct ttrt_buffer *buf, uint64_t offset, const void *src, size_t len)
{
	/* The walk is shared with reads; the write path never modifies src. */
	return checked_io(buf, offset, (uint8_t *)(uintptr_t)src, len, 1);
}

int ttrt_buffer_read(struct ttrt_buffer *buf, uint64_t offset, void *dst, size_t len)
{
	return checked_io(buf, offset, dst, len, 0);
}

int ttrt_buffer_direct_begin(struct ttrt_buffer *b, uint64_t offset, size_t len, int writing,
			     struct iovec *iov, int max_iov)
{
	int n = 0, rc;

	if (b->kind != TTRT_BUFFER_DRAM)
		return -ENOTSUP;   /* L1 pages are small and scattered over cores: copied */
	pthread_rwlock_rdlock(&b->io_lock);
	rc = bounds_locked(b, offset, len, writing);
	while (rc == 0 && len > 0) {
		uint32_t page_size = b->shape.page_size;
		uint64_t page = offset / page_size, in_page = offset % page_size, addr;
		size_t piece = page_size - in_page;
		struct ttrt_xy where;

		if (piece > len)
			piece = len;
		rc = locate_locked(b, page, &where, &addr);
		if (rc == 0)
			rc = ttrt_dram_direct_append(b->dev, where.x, addr + in_page, piece, writing,
						     iov, &n, max_iov);
		offset += piece;
		len -= piece;
	}
	if (rc || n == 0) {
		pthread_rwlock_unlock(&b->io_lock);
		return rc;
	}
	if (writing)
		atomic_store(&b->written, 1);
	return n;
}

void ttrt_buffer_direct_end(struct ttrt_buffer *b)
{
	pthread_rwlock_unlock(&b->io_lock);
}
