/* SPDX-License-Identifier: Apache-2.0
 *
 * Named buffers in DRAM or L1: their life, the device's list of them,
 * and pins. Their shape and allocation are in buffer_shape.c, data in
 * buffer_io.c, where the pages go in placement.c.
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
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int ttrt_buffer_new(struct ttrt_device *dev, enum ttrt_buffer_kind kind, const char *name,
		    struct ttrt_buffer **out)
{
	struct ttrt_buffer_space *s = dev->buffer_space;
	struct ttrt_buffer *b;
	int rc = ttrt_buffer_name_check(name);

	if (rc)
		return rc;
	if (kind != TTRT_BUFFER_DRAM && kind != TTRT_BUFFER_L1)
		return -EINVAL;
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
	b->kind = kind;
	strcpy(b->name, name);
	b->shape.page_size = TTRT_DEFAULT_PAGE_SIZE;
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

void ttrt_buffer_get(struct ttrt_buffer *buf)
{
	atomic_fetch_add(&buf->refs, 1);
}

void ttrt_buffer_put(struct ttrt_buffer *buf)
{
	if (atomic_fetch_sub(&buf->refs, 1) != 1)
		return;
	buffer_shape_free(buf);
	pthread_mutex_destroy(&buf->shape_lock);
	pthread_rwlock_destroy(&buf->io_lock);
	free(buf);
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
	buffer_release_locked(buf);
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

void buffer_space_delete_all(struct ttrt_buffer_space *s)
{
	struct ttrt_buffer *b;

	while ((b = s->head) != NULL)
		delete_buffer(b, true);
}

void ttrt_buffers_destroy_all(struct ttrt_device *dev)
{
	buffer_space_delete_all(dev->buffer_space);
}

int ttrt_buffer_space_create(struct ttrt_device *dev, uint64_t dram_bank_size, uint64_t l1_base,
			     uint64_t l1_end, struct ttrt_buffer_space **out)
{
	struct ttrt_buffer_space *s = calloc(1, sizeof(*s));
	int rc;

	if (!s)
		return -ENOMEM;
	s->dev = dev;
	s->dram_bank_size = dram_bank_size;
	s->l1_base = (l1_base + TTRT_L1_ALLOC_ALIGNMENT - 1) / TTRT_L1_ALLOC_ALIGNMENT *
		     TTRT_L1_ALLOC_ALIGNMENT;
	s->l1_end = (l1_end < TTRT_L1_SIZE ? l1_end : TTRT_L1_SIZE) / TTRT_L1_ALLOC_ALIGNMENT *
		    TTRT_L1_ALLOC_ALIGNMENT;
	if (s->l1_base >= s->l1_end) {   /* a profile without a usable region: the built-in's */
		s->l1_base = TT_DATA_BUFFER_SPACE_BASE;
		s->l1_end = TTRT_L1_SIZE;
	}
	rc = -pthread_mutex_init(&s->lock, NULL);
	if (rc) {
		free(s);
		return rc;
	}
	rc = ttrt_range_allocator_create(TTRT_DRAM_ALLOC_BASE, dram_bank_size,
					 TTRT_DRAM_ALLOC_ALIGNMENT, &s->dram);
	if (rc == 0)
		rc = ttrt_range_allocator_create(s->l1_base, s->l1_end, TTRT_L1_ALLOC_ALIGNMENT,
						 &s->l1);
	if (rc) {
		ttrt_range_allocator_destroy(s->dram);
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
	buffer_space_delete_all(s);
	ttrt_range_allocator_destroy(s->dram);
	ttrt_range_allocator_destroy(s->l1);
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

	pthread_mutex_lock(buffer_shape_lock(buf));
	for (const struct ttrt_buffer_pin *p = buf->pins; p && rc == 0; p = p->next)
		if (!holder_seen(buf, p))
			rc = fn(p->holder, arg);
	pthread_mutex_unlock(buffer_shape_lock(buf));
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

