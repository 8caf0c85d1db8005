/* SPDX-License-Identifier: Apache-2.0
 *
 * Named interleaved DRAM buffers. Page i lives in bank i % 7 at
 * address + (i / 7) * aligned_page_size, the rule tt-metal's
 * InterleavedAddrGen uses (reference/blackhole-abi.md §5.8).
 *
 * The device's buffer space keeps its buffers in a list, doubly linked so
 * that adding and deleting take constant time, for info.json and to free
 * them all at close.
 * Names are labels: the namespace is the caller's (ttfs's inode table), so
 * the runtime keeps no second registry of names.
 *
 * Locking: the space's lock guards the list, the allocator and every
 * buffer's shape; each buffer's rwlock lets data IO run in parallel while
 * a resize or delete waits for it. A resize or delete changes the shape
 * (size, page size, address, allocated, deleted) holding both, and
 * shape_lock as well: a leaf lock, so the getters can read the shape
 * from anywhere, ttrt_buffer_foreach callbacks included, without waiting
 * for IO and without an order against the other two.
 *
 * Pins: a program pins the buffers its args name, from the resolve until
 * its run ends, because its kernels write to them by address over the
 * NOC, where no lock of ours reaches; a pinned buffer refuses delete and
 * any new shape (-EBUSY). The pin list changes under the space's lock and
 * shape_lock, so delete and resize check it in the same critical section
 * that changes the shape, and the holders can be listed under shape_lock
 * alone.
 */
#include "buffer/buffer_internal.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

struct ttrt_buffer {
	struct ttrt_device *dev;
	struct ttrt_buffer_space *space;
	char name[TTRT_BUFFER_NAME_MAX + 1];
	atomic_int refs;               /* one for the device's list, plus users */
	pthread_rwlock_t io_lock;
	pthread_mutex_t shape_lock;
	int deleted;
	int allocated;
	atomic_int written;        /* set by concurrent writers under the read lock */
	uint64_t size;
	uint32_t page_size;
	uint64_t address;
	uint64_t bytes_per_bank;
	struct ttrt_buffer_pin *pins;  /* newest first */
	struct ttrt_buffer *prev, *next;
};

struct ttrt_buffer_pin {
	struct ttrt_buffer *buf;       /* a reference, so unpin works after a delete */
	char holder[TTRT_BUFFER_NAME_MAX + 1];
	struct ttrt_buffer_pin *next;
};

int ttrt_buffer_name_check(const char *name)
{
	size_t len = strlen(name);

	if (len == 0 || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return -EINVAL;
	if (len > TTRT_BUFFER_NAME_MAX)
		return -ENAMETOOLONG;
	for (const char *p = name; *p; p++) {
		char c = *p;
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			 (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
		if (!ok)
			return -EINVAL;
	}
	return 0;
}

int ttrt_buffer_new(struct ttrt_device *dev, const char *name, struct ttrt_buffer **out)
{
	struct ttrt_buffer_space *s = dev->buffer_space;
	struct ttrt_buffer *b;
	int rc = ttrt_buffer_name_check(name);

	if (rc)
		return rc;
	b = calloc(1, sizeof(*b));
	if (!b)
		return -ENOMEM;
	rc = -pthread_rwlock_init(&b->io_lock, NULL);
	if (rc) {
		free(b);
		return rc;
	}
	rc = -pthread_mutex_init(&b->shape_lock, NULL);
	if (rc) {
		pthread_rwlock_destroy(&b->io_lock);
		free(b);
		return rc;
	}
	b->dev = dev;
	b->space = s;
	strcpy(b->name, name);
	b->page_size = TTRT_DEFAULT_PAGE_SIZE;
	atomic_init(&b->refs, 2);

	pthread_mutex_lock(&s->lock);
	b->prev = s->tail;
	if (s->tail)
		s->tail->next = b;
	else
		s->head = b;
	s->tail = b;
	pthread_mutex_unlock(&s->lock);
	*out = b;
	return 0;
}

/* The getters take a const buffer; shape_lock is the one thing they change. */
static pthread_mutex_t *shape_lock_of(const struct ttrt_buffer *buf)
{
	return (pthread_mutex_t *)&buf->shape_lock;
}

void ttrt_buffer_get(struct ttrt_buffer *buf)
{
	atomic_fetch_add(&buf->refs, 1);
}

void ttrt_buffer_put(struct ttrt_buffer *buf)
{
	if (atomic_fetch_sub(&buf->refs, 1) != 1)
		return;
	pthread_mutex_destroy(&buf->shape_lock);
	pthread_rwlock_destroy(&buf->io_lock);
	free(buf);
}

static void release_dram_locked(struct ttrt_buffer *b)
{
	if (b->allocated)
		ttrt_range_free(b->space->dram, b->address, b->bytes_per_bank);
	pthread_mutex_lock(&b->shape_lock);
	b->allocated = 0;
	pthread_mutex_unlock(&b->shape_lock);
}

static void unlink_locked(struct ttrt_buffer *b)
{
	struct ttrt_buffer_space *s = b->space;

	if (b->prev)
		b->prev->next = b->next;
	else
		s->head = b->next;
	if (b->next)
		b->next->prev = b->prev;
	else
		s->tail = b->prev;
	b->prev = b->next = NULL;
}

/* force: at device close, pinned or not (the programs have stopped). */
static int delete_buffer(struct ttrt_buffer *buf, bool force)
{
	struct ttrt_buffer_space *s = buf->space;
	int rc = 0;

	pthread_rwlock_wrlock(&buf->io_lock);
	pthread_mutex_lock(&s->lock);
	if (buf->deleted)
		rc = -ENOENT;
	else if (buf->pins && !force)
		rc = -EBUSY;
	if (rc) {
		pthread_mutex_unlock(&s->lock);
		pthread_rwlock_unlock(&buf->io_lock);
		return rc;
	}
	pthread_mutex_lock(&buf->shape_lock);
	buf->deleted = 1;
	pthread_mutex_unlock(&buf->shape_lock);
	release_dram_locked(buf);
	unlink_locked(buf);
	pthread_mutex_unlock(&s->lock);
	pthread_rwlock_unlock(&buf->io_lock);
	ttrt_buffer_put(buf);   /* the list's reference */
	return 0;
}

int ttrt_buffer_delete(struct ttrt_buffer *buf)
{
	return delete_buffer(buf, false);
}

static void delete_all(struct ttrt_buffer_space *s)
{
	struct ttrt_buffer *b;

	while ((b = s->head) != NULL)
		delete_buffer(b, true);
}

void ttrt_buffers_destroy_all(struct ttrt_device *dev)
{
	delete_all(dev->buffer_space);
}

int ttrt_buffer_space_create(struct ttrt_device *dev, uint64_t dram_bank_size,
			     struct ttrt_buffer_space **out)
{
	struct ttrt_buffer_space *s = calloc(1, sizeof(*s));
	int rc;

	if (!s)
		return -ENOMEM;
	s->dev = dev;
	s->dram_bank_size = dram_bank_size;
	rc = -pthread_mutex_init(&s->lock, NULL);
	if (rc) {
		free(s);
		return rc;
	}
	rc = ttrt_range_allocator_create(TTRT_DRAM_ALLOC_BASE, dram_bank_size,
					 TTRT_DRAM_ALLOC_ALIGNMENT, &s->dram);
	if (rc) {
		pthread_mutex_destroy(&s->lock);
		free(s);
		return rc;
	}
	*out = s;
	return 0;
}

void ttrt_buffer_space_destroy(struct ttrt_buffer_space *s)
{
	if (!s)
		return;
	delete_all(s);
	ttrt_range_allocator_destroy(s->dram);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

int ttrt_buffer_pin(struct ttrt_buffer *buf, const char *holder, struct ttrt_buffer_pin **out)
{
	struct ttrt_buffer_pin *pin = calloc(1, sizeof(*pin));
	int rc = 0;

	if (!pin)
		return -ENOMEM;
	snprintf(pin->holder, sizeof(pin->holder), "%s", holder);
	pin->buf = buf;
	pthread_mutex_lock(&buf->space->lock);
	if (buf->deleted) {
		rc = -ENOENT;
	} else {
		ttrt_buffer_get(buf);
		pthread_mutex_lock(&buf->shape_lock);
		pin->next = buf->pins;
		buf->pins = pin;
		pthread_mutex_unlock(&buf->shape_lock);
	}
	pthread_mutex_unlock(&buf->space->lock);
	if (rc) {
		free(pin);
		return rc;
	}
	*out = pin;
	return 0;
}

void ttrt_buffer_unpin(struct ttrt_buffer_pin *pin)
{
	struct ttrt_buffer *buf;

	if (!pin)
		return;
	buf = pin->buf;
	pthread_mutex_lock(&buf->space->lock);
	pthread_mutex_lock(&buf->shape_lock);
	for (struct ttrt_buffer_pin **pp = &buf->pins; *pp; pp = &(*pp)->next) {
		if (*pp == pin) {
			*pp = pin->next;
			break;
		}
	}
	pthread_mutex_unlock(&buf->shape_lock);
	pthread_mutex_unlock(&buf->space->lock);
	free(pin);
	ttrt_buffer_put(buf);
}

/* Whether an earlier pin than pin has the same holder. */
static bool holder_seen(const struct ttrt_buffer *buf, const struct ttrt_buffer_pin *pin)
{
	for (const struct ttrt_buffer_pin *q = buf->pins; q != pin; q = q->next)
		if (strcmp(q->holder, pin->holder) == 0)
			return true;
	return false;
}

int ttrt_buffer_foreach_holder(const struct ttrt_buffer *buf,
			       int (*fn)(const char *holder, void *arg), void *arg)
{
	int rc = 0;

	pthread_mutex_lock(shape_lock_of(buf));
	for (const struct ttrt_buffer_pin *p = buf->pins; p && rc == 0; p = p->next)
		if (!holder_seen(buf, p))
			rc = fn(p->holder, arg);
	pthread_mutex_unlock(shape_lock_of(buf));
	return rc;
}

int ttrt_buffer_foreach(struct ttrt_device *dev,
			int (*fn)(struct ttrt_buffer *buf, void *arg), void *arg)
{
	int rc = 0;

	struct ttrt_buffer_space *s = dev->buffer_space;

	pthread_mutex_lock(&s->lock);
	for (struct ttrt_buffer *b = s->head; b && rc == 0; b = b->next)
		rc = fn(b, arg);
	pthread_mutex_unlock(&s->lock);
	return rc;
}

static uint64_t aligned_page_size(uint32_t page_size)
{
	return ((uint64_t)page_size + TTRT_DRAM_ALIGNMENT - 1) / TTRT_DRAM_ALIGNMENT *
	       TTRT_DRAM_ALIGNMENT;
}

/* Bytes each bank gives the buffer; UINT64_MAX if that does not even fit
 * in 64 bits. Written to avoid overflow for any size. */
static uint64_t bytes_per_bank(uint64_t size, uint32_t page_size)
{
	uint64_t pages = size / page_size + (size % page_size != 0);
	uint64_t rows = pages / TTRT_NUM_DRAM_BANKS + (pages % TTRT_NUM_DRAM_BANKS != 0);
	uint64_t stride = aligned_page_size(page_size);

	return rows > UINT64_MAX / stride ? UINT64_MAX : rows * stride;
}

/* The fields the getters read, under shape_lock; the caller holds io_lock
 * for writing and the space's lock. */
static void set_shape(struct ttrt_buffer *b, uint64_t size, uint32_t page_size, uint64_t address,
		      int allocated)
{
	pthread_mutex_lock(&b->shape_lock);
	b->size = size;
	b->page_size = page_size;
	b->address = address;
	b->allocated = allocated;
	pthread_mutex_unlock(&b->shape_lock);
}

/* A new range reads as zeros, whatever it held before: a removed buffer's
 * bytes, or a kernel's NOC writes. */
static int zero_banks(struct ttrt_device *dev, uint64_t addr, uint64_t bytes)
{
	for (int bank = 0; bank < TTRT_NUM_DRAM_BANKS; bank++) {
		int rc = ttrt_dram_zero(dev, bank, addr, bytes);

		if (rc)
			return rc;
	}
	return 0;
}

/* (Re)allocate for a new shape. On failure the old shape, address
 * included, stays as it was. */
static int reshape_locked(struct ttrt_buffer *b, uint64_t size, uint32_t page_size)
{
	struct ttrt_range_allocator *a = b->space->dram;
	uint64_t need = bytes_per_bank(size, page_size), addr;
	uint64_t old_addr = b->address, old_bytes = b->bytes_per_bank;
	int was_allocated = b->allocated, rc;

	if (need > b->space->dram_bank_size)
		return -ENOSPC;
	release_dram_locked(b);
	rc = ttrt_range_alloc(a, need, false, &addr);
	if (rc == 0) {
		rc = zero_banks(b->dev, addr, need);
		if (rc)
			ttrt_range_free(a, addr, need);
	}
	if (rc) {
		/* The range was free a moment ago, so taking it back cannot fail. */
		if (was_allocated && ttrt_range_alloc_at(a, old_addr, old_bytes) == 0)
			set_shape(b, b->size, b->page_size, old_addr, 1);
		return rc;
	}
	b->bytes_per_bank = need;
	set_shape(b, size, page_size, addr, 1);
	return 0;
}

/* size 0 keeps the size, page_size 0 the page size: read here, under the
 * locks, not by the caller while another resize may run. */
static int change_shape(struct ttrt_buffer *b, uint64_t size, uint32_t page_size)
{
	int rc;

	pthread_rwlock_wrlock(&b->io_lock);
	pthread_mutex_lock(&b->space->lock);
	if (size == 0)
		size = b->size;
	if (page_size == 0)
		page_size = b->page_size;
	if (b->deleted)
		rc = -ENOENT;
	else if ((size == 0 || size == b->size) && page_size == b->page_size)
		rc = 0;   /* nothing changes, even after data was written */
	else if (b->written || b->pins)
		rc = -EBUSY;
	else if (size == 0) {   /* only a page size so far: nothing to allocate */
		set_shape(b, b->size, page_size, b->address, b->allocated);
		rc = 0;
	} else
		rc = reshape_locked(b, size, page_size);
	pthread_mutex_unlock(&b->space->lock);
	pthread_rwlock_unlock(&b->io_lock);
	return rc;
}

int ttrt_buffer_set_size(struct ttrt_buffer *buf, uint64_t size)
{
	if (size == 0)
		return -EINVAL;
	return change_shape(buf, size, 0);
}

#define MAX_PAGE_SIZE (64u << 20)

int ttrt_buffer_set_page_size(struct ttrt_buffer *buf, uint32_t page_size)
{
	if (page_size == 0 || page_size > MAX_PAGE_SIZE)
		return -EINVAL;
	return change_shape(buf, 0, page_size);
}

const char *ttrt_buffer_name(const struct ttrt_buffer *buf)
{
	return buf->name;
}

/* What the getters report, copied under shape_lock in one go. */
struct buffer_shape {
	uint64_t size, address;
	uint32_t page_size;
	int allocated, deleted;
};

static struct buffer_shape shape_of(const struct ttrt_buffer *buf)
{
	struct buffer_shape s;

	pthread_mutex_lock(shape_lock_of(buf));
	s.size = buf->size;
	s.address = buf->address;
	s.page_size = buf->page_size;
	s.allocated = buf->allocated;
	s.deleted = buf->deleted;
	pthread_mutex_unlock(shape_lock_of(buf));
	return s;
}

uint64_t ttrt_buffer_size(const struct ttrt_buffer *buf)
{
	struct buffer_shape s = shape_of(buf);

	return s.deleted ? 0 : s.size;
}

uint32_t ttrt_buffer_page_size(const struct ttrt_buffer *buf)
{
	return shape_of(buf).page_size;
}

int ttrt_buffer_address(const struct ttrt_buffer *buf, uint64_t *addr)
{
	struct buffer_shape s = shape_of(buf);

	if (!s.allocated)
		return -ENODATA;
	*addr = s.address;
	return 0;
}

int ttrt_buffer_check(const struct ttrt_buffer *buf)
{
	return shape_of(buf).deleted ? -ENOENT : 0;
}

int ttrt_buffer_is_written(const struct ttrt_buffer *buf)
{
	return buf->written;
}

/* The caller holds io_lock or shape_lock, so the shape stays put. */
static int locate_locked(const struct ttrt_buffer *buf, uint64_t page, int *bank,
			 uint64_t *bank_addr)
{
	if (!buf->allocated)
		return -ENODATA;
	if (page >= (buf->size + buf->page_size - 1) / buf->page_size)
		return -ERANGE;
	*bank = (int)(page % TTRT_NUM_DRAM_BANKS);
	*bank_addr = buf->address + page / TTRT_NUM_DRAM_BANKS * aligned_page_size(buf->page_size);
	return 0;
}

int ttrt_buffer_page_location(const struct ttrt_buffer *buf, uint64_t page,
			      int *bank, uint64_t *bank_addr)
{
	int rc;

	pthread_mutex_lock(shape_lock_of(buf));
	rc = locate_locked(buf, page, bank, bank_addr);
	pthread_mutex_unlock(shape_lock_of(buf));
	return rc;
}

typedef int (*page_io_fn)(struct ttrt_device *dev, int bank, uint64_t addr,
			  void *mem, size_t len);

static int dram_read_io(struct ttrt_device *dev, int bank, uint64_t addr, void *mem, size_t len)
{
	return ttrt_dram_read(dev, bank, addr, mem, len);
}

static int dram_write_io(struct ttrt_device *dev, int bank, uint64_t addr, void *mem, size_t len)
{
	return ttrt_dram_write(dev, bank, addr, mem, len);
}

/* Walk [offset, offset+len) page by page, handing each piece to io. */
static int buffer_io(struct ttrt_buffer *b, uint64_t offset, uint8_t *mem, size_t len,
		     page_io_fn io)
{
	while (len > 0) {
		uint64_t page = offset / b->page_size, in_page = offset % b->page_size;
		size_t n = b->page_size - in_page;
		uint64_t addr;
		int bank, rc;

		if (n > len)
			n = len;
		rc = locate_locked(b, page, &bank, &addr);
		if (rc == 0)
			rc = io(b->dev, bank, addr + in_page, mem, n);
		if (rc)
			return rc;
		offset += n;
		mem += n;
		len -= n;
	}
	return 0;
}

static int checked_io(struct ttrt_buffer *b, uint64_t offset, uint8_t *mem, size_t len,
		      int writing)
{
	int rc;

	pthread_rwlock_rdlock(&b->io_lock);
	if (b->deleted)
		rc = -ENOENT;
	else if (offset > b->size || len > b->size - offset)
		rc = writing ? -EFBIG : -ENXIO;
	else {
		if (writing && len > 0)
			atomic_store(&b->written, 1);
		rc = buffer_io(b, offset, mem, len, writing ? dram_write_io : dram_read_io);
	}
	pthread_rwlock_unlock(&b->io_lock);
	return rc;
}

int ttrt_buffer_write(struct ttrt_buffer *buf, uint64_t offset, const void *src, size_t len)
{
	/* The walk is shared with reads; the DRAM write path never modifies src. */
	return checked_io(buf, offset, (uint8_t *)(uintptr_t)src, len, 1);
}

int ttrt_buffer_read(struct ttrt_buffer *buf, uint64_t offset, void *dst, size_t len)
{
	return checked_io(buf, offset, dst, len, 0);
}

int ttrt_buffer_direct_begin(struct ttrt_buffer *b, uint64_t offset, size_t len, int writing,
			     struct iovec *iov, int max_iov)
{
	int n = 0, rc = 0;

	pthread_rwlock_rdlock(&b->io_lock);
	if (b->deleted)
		rc = -ENOENT;
	else if (offset > b->size || len > b->size - offset)
		rc = writing ? -EFBIG : -ENXIO;
	while (rc == 0 && len > 0) {
		uint64_t page = offset / b->page_size, in_page = offset % b->page_size, addr;
		size_t piece = b->page_size - in_page;
		int bank;

		if (piece > len)
			piece = len;
		rc = locate_locked(b, page, &bank, &addr);
		if (rc == 0)
			rc = ttrt_dram_direct_append(b->dev, bank, addr + in_page, piece, writing,
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

uint64_t ttrt_dram_free_per_bank(struct ttrt_device *dev)
{
	struct ttrt_buffer_space *s = dev->buffer_space;
	uint64_t v;

	pthread_mutex_lock(&s->lock);
	v = ttrt_range_largest_free(s->dram);
	pthread_mutex_unlock(&s->lock);
	return v;
}
