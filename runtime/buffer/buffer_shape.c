/* SPDX-License-Identifier: Apache-2.0
 *
 * A buffer's shape (size, page size, shard spec) and its allocation. Any
 * change of the shape places the buffer anew (placement.c) and takes its
 * range from the allocator of its memory: DRAM bottom-up, L1 top-down
 * from the top of the kernels' L1, as tt-metal does. A new range is
 * zeroed on every bank or core it covers. A sharded shape that cannot be
 * placed yet (a field missing, shards that do not tile the tensor) is
 * kept, unallocated, with the reason: the files can be written in any
 * order, and the buffer is placed once they hold together.
 *
 * Locking (buffer.c): a change holds io_lock for writing and the space's
 * lock, and writes what the getters read under shape_lock as well.
 */
#include "buffer/buffer_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct ttrt_range_allocator *allocator_of(const struct ttrt_buffer *b)
{
	return b->kind == TTRT_BUFFER_DRAM ? b->space->dram : b->space->l1;
}

static uint64_t capacity_of(const struct ttrt_buffer *b)
{
	return b->kind == TTRT_BUFFER_DRAM ? b->space->dram_bank_size
					   : b->space->l1_end - b->space->l1_base;
}

void buffer_release_locked(struct ttrt_buffer *b)
{
	if (b->allocated)
		ttrt_range_free(allocator_of(b), b->address, b->bytes_per_bank);
	pthread_mutex_lock(&b->shape_lock);
	b->allocated = 0;
	pthread_mutex_unlock(&b->shape_lock);
}

/* A new range reads as zeros on every bank or core, whatever it held
 * before: a removed buffer's bytes, a kernel's NOC writes, old CBs. */
static int zero_placement(struct ttrt_device *dev, const struct buffer_placement *pl,
			  uint64_t addr, uint64_t bytes)
{
	for (uint32_t i = 0; i < pl->n_cores; i++) {
		struct ttrt_xy c = placement_core(pl, i);
		int rc = pl->kind == TTRT_BUFFER_DRAM ? ttrt_dram_zero(dev, c.x, addr, bytes)
						      : ttrt_l1_zero(dev, c, (uint32_t)addr, bytes);

		if (rc)
			return rc;
	}
	return 0;
}

/* What the getters read, under shape_lock. pl NULL: unallocated. The
 * shape's spec, if new, was allocated by change_shape; the old one goes. */
static void publish(struct ttrt_buffer *b, const struct buffer_shape *shape,
		    const struct buffer_placement *pl, uint64_t addr, uint64_t bytes,
		    char *problem)
{
	const struct ttrt_shard_spec *old_spec = b->shape.spec;
	char *old_problem = b->problem;

	pthread_mutex_lock(&b->shape_lock);
	b->shape = *shape;
	b->allocated = pl != NULL;
	if (pl) {
		b->place = *pl;
		b->address = addr;
		b->bytes_per_bank = bytes;
	}
	b->problem = problem;
	pthread_mutex_unlock(&b->shape_lock);
	if (old_spec != shape->spec)
		free((void *)old_spec);
	free(old_problem);
}

void buffer_shape_free(struct ttrt_buffer *b)
{
	free((void *)b->shape.spec);
	free(b->problem);
}

/* Places and allocates a new shape. On failure the old shape, address
 * included, stays as it was. */
static int reshape_locked(struct ttrt_buffer *b, const struct buffer_shape *want)
{
	struct ttrt_range_allocator *a = allocator_of(b);
	struct buffer_placement pl;
	char why[BUFFER_PROBLEM_MAX] = "";
	uint64_t need, addr, old_addr = b->address, old_bytes = b->bytes_per_bank;
	int was_allocated = b->allocated;
	int rc = placement_make(b->kind, want, &pl, why, sizeof(why));
	char *problem = NULL;

	if (rc == -ENODATA || rc == -EINVAL) {   /* nothing to allocate yet */
		if (rc == -EINVAL && !(problem = strdup(why)))
			return -ENOMEM;
		buffer_release_locked(b);
		publish(b, want, NULL, 0, 0, problem);
		return 0;
	}
	need = placement_bytes_per_bank(&pl);
	if (need > capacity_of(b))
		return -ENOSPC;
	buffer_release_locked(b);
	rc = ttrt_range_alloc(a, need, b->kind == TTRT_BUFFER_L1, &addr);
	if (rc == 0) {
		rc = zero_placement(b->dev, &pl, addr, need);
		if (rc)
			ttrt_range_free(a, addr, need);
	}
	if (rc) {
		/* The range was free a moment ago, so taking it back cannot fail. */
		if (was_allocated && ttrt_range_alloc_at(a, old_addr, old_bytes) == 0) {
			pthread_mutex_lock(&b->shape_lock);
			b->allocated = 1;
			pthread_mutex_unlock(&b->shape_lock);
		}
		return rc;
	}
	publish(b, want, &pl, addr, need, NULL);
	return 0;
}

static bool same_spec(const struct ttrt_shard_spec *a, const struct ttrt_shard_spec *b)
{
	if (!a || !b)
		return a == b;
	if (a->layout != b->layout || a->col_major != b->col_major || a->n_ranges != b->n_ranges ||
	    a->shard_rows != b->shard_rows || a->shard_cols != b->shard_cols ||
	    a->tensor_rows != b->tensor_rows || a->tensor_cols != b->tensor_cols)
		return false;
	for (uint32_t i = 0; i < a->n_ranges; i++)
		if (memcmp(&a->ranges[i], &b->ranges[i], sizeof(a->ranges[i])))
			return false;
	return true;
}

static bool same_shape(const struct buffer_shape *a, const struct buffer_shape *b)
{
	return a->size == b->size && a->page_size == b->page_size && same_spec(a->spec, b->spec);
}

/* Changes a copy of the shape, under the locks; spec is room for a copy
 * of the spec, which the edit may change. */
typedef int (*shape_edit_fn)(const struct ttrt_buffer *b, struct buffer_shape *shape,
			     struct ttrt_shard_spec *spec, const void *arg, char *err,
			     size_t errlen);

/* A new spec is kept on the heap; the shape then points to it. */
static int keep_spec(struct buffer_shape *want, const struct ttrt_shard_spec *spec)
{
	struct ttrt_shard_spec *kept;

	if (want->spec != spec)
		return 0;
	kept = malloc(sizeof(*kept));
	if (!kept)
		return -ENOMEM;
	*kept = *spec;
	want->spec = kept;
	return 0;
}

static int change_shape(struct ttrt_buffer *b, shape_edit_fn edit, const void *arg, char *err,
			size_t errlen)
{
	struct ttrt_shard_spec spec;
	struct buffer_shape want;
	int rc;

	pthread_rwlock_wrlock(&b->io_lock);
	pthread_mutex_lock(&b->space->lock);
	want = b->shape;
	if (b->deleted)
		rc = -ENOENT;
	else if ((rc = edit(b, &want, &spec, arg, err, errlen)) != 0)
		;
	else if (same_shape(&want, &b->shape))
		rc = 0;   /* nothing changes, even after data was written */
	else if (b->written || b->pins)
		rc = -EBUSY;
	else if ((rc = keep_spec(&want, &spec)) == 0) {
		rc = reshape_locked(b, &want);
		if (rc && want.spec != b->shape.spec)
			free((void *)want.spec);
	}
	pthread_mutex_unlock(&b->space->lock);
	pthread_rwlock_unlock(&b->io_lock);
	return rc;
}

static int edit_size(const struct ttrt_buffer *b, struct buffer_shape *shape,
		     struct ttrt_shard_spec *spec, const void *arg, char *err, size_t errlen)
{
	(void)b;
	(void)spec;
	(void)err;
	(void)errlen;
	shape->size = *(const uint64_t *)arg;
	return 0;
}

static int edit_page_size(const struct ttrt_buffer *b, struct buffer_shape *shape,
			  struct ttrt_shard_spec *spec, const void *arg, char *err, size_t errlen)
{
	(void)b;
	(void)spec;
	(void)err;
	(void)errlen;
	shape->page_size = *(const uint32_t *)arg;
	return 0;
}

struct field_text {
	enum ttrt_shard_field field;
	const char *text;
};

/* The field goes into a copy of the spec (the default one if none was
 * set), which the shape then points to. */
static int edit_shard_field(const struct ttrt_buffer *b, struct buffer_shape *shape,
			    struct ttrt_shard_spec *spec, const void *arg, char *err,
			    size_t errlen)
{
	const struct field_text *ft = arg;
	int rc;

	if (shape->spec)
		*spec = *shape->spec;
	else
		memset(spec, 0, sizeof(*spec));
	rc = shard_field_parse(b->kind, ft->field, ft->text, spec, err, errlen);
	if (rc == 0)
		shape->spec = spec;
	return rc;
}

int ttrt_buffer_set_size(struct ttrt_buffer *buf, uint64_t size)
{
	if (size == 0)
		return -EINVAL;
	return change_shape(buf, edit_size, &size, NULL, 0);
}

#define MAX_PAGE_SIZE (64u << 20)

int ttrt_buffer_set_page_size(struct ttrt_buffer *buf, uint32_t page_size)
{
	if (page_size == 0 || page_size > MAX_PAGE_SIZE)
		return -EINVAL;
	return change_shape(buf, edit_page_size, &page_size, NULL, 0);
}

int ttrt_buffer_set_shard_field(struct ttrt_buffer *buf, enum ttrt_shard_field field,
				const char *text, char *err, size_t errlen)
{
	struct field_text ft = { field, text };

	return change_shape(buf, edit_shard_field, &ft, err, errlen);
}

int ttrt_buffer_shard_field(const struct ttrt_buffer *buf, enum ttrt_shard_field field,
			    char *out, size_t len)
{
	if ((unsigned)field >= TTRT_SHARD_NUM_FIELDS)
		return -EINVAL;
	static const struct ttrt_shard_spec unset;

	pthread_mutex_lock(buffer_shape_lock(buf));
	shard_field_format(buf->shape.spec ? buf->shape.spec : &unset, field, out, len);
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return 0;
}

/* ---- getters: each reads under shape_lock ---- */

const char *ttrt_buffer_name(const struct ttrt_buffer *buf)
{
	return buf->name;
}

enum ttrt_buffer_kind ttrt_buffer_kind(const struct ttrt_buffer *buf)
{
	return buf->kind;   /* fixed at creation */
}

enum ttrt_buffer_layout ttrt_buffer_layout(const struct ttrt_buffer *buf)
{
	enum ttrt_buffer_layout l;

	pthread_mutex_lock(buffer_shape_lock(buf));
	l = buf->shape.spec ? buf->shape.spec->layout : TTRT_LAYOUT_INTERLEAVED;
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return l;
}

uint64_t ttrt_buffer_size(const struct ttrt_buffer *buf)
{
	uint64_t size;

	pthread_mutex_lock(buffer_shape_lock(buf));
	size = buf->deleted ? 0 : buf->shape.size;
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return size;
}

uint32_t ttrt_buffer_page_size(const struct ttrt_buffer *buf)
{
	uint32_t page_size;

	pthread_mutex_lock(buffer_shape_lock(buf));
	page_size = buf->shape.page_size;
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return page_size;
}

int ttrt_buffer_address(const struct ttrt_buffer *buf, uint64_t *addr)
{
	int rc = -ENODATA;

	pthread_mutex_lock(buffer_shape_lock(buf));
	if (buf->allocated) {
		*addr = buf->address;
		rc = 0;
	}
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return rc;
}

uint64_t ttrt_buffer_bytes_per_bank(const struct ttrt_buffer *buf)
{
	uint64_t bytes;

	pthread_mutex_lock(buffer_shape_lock(buf));
	bytes = buf->allocated ? buf->bytes_per_bank : 0;
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return bytes;
}

int ttrt_buffer_problem(const struct ttrt_buffer *buf, char *out, size_t len)
{
	int rc = 0;

	pthread_mutex_lock(buffer_shape_lock(buf));
	if (!buf->allocated && buf->problem) {
		snprintf(out, len, "%s", buf->problem);
		rc = -EINVAL;
	}
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return rc;
}

int ttrt_buffer_check(const struct ttrt_buffer *buf)
{
	int deleted;

	pthread_mutex_lock(buffer_shape_lock(buf));
	deleted = buf->deleted;
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return deleted ? -ENOENT : 0;
}

int ttrt_buffer_is_written(const struct ttrt_buffer *buf)
{
	return buf->written;
}

/* ---- the device's free memory and its L1 buffers ---- */

static uint64_t largest_free(struct ttrt_buffer_space *s, struct ttrt_range_allocator *a)
{
	uint64_t v;

	pthread_mutex_lock(&s->lock);
	v = ttrt_range_largest_free(a);
	pthread_mutex_unlock(&s->lock);
	return v;
}

uint64_t ttrt_dram_free_per_bank(struct ttrt_device *dev)
{
	return largest_free(dev->buffer_space, dev->buffer_space->dram);
}

uint64_t ttrt_l1_free_per_bank(struct ttrt_device *dev)
{
	return largest_free(dev->buffer_space, dev->buffer_space->l1);
}

bool ttrt_buffer_on_core(const struct ttrt_buffer *buf, struct ttrt_xy core)
{
	bool on;

	pthread_mutex_lock(buffer_shape_lock(buf));
	on = buf->kind == TTRT_BUFFER_L1 && buf->allocated && placement_on_core(&buf->place, core);
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return on;
}

int ttrt_l1_buffer_overlap(struct ttrt_device *dev, struct ttrt_xy core, uint64_t lo, uint64_t hi,
			   char *name, size_t name_len, uint64_t *buf_lo, uint64_t *buf_hi)
{
	struct ttrt_buffer_space *s = dev->buffer_space;
	int found = 0;

	pthread_mutex_lock(&s->lock);
	for (struct ttrt_buffer *b = s->head; b && !found; b = b->next) {
		if (b->kind != TTRT_BUFFER_L1)
			continue;
		pthread_mutex_lock(&b->shape_lock);
		if (b->allocated && b->address < hi && lo < b->address + b->bytes_per_bank &&
		    placement_on_core(&b->place, core)) {
			snprintf(name, name_len, "%s", b->name);
			*buf_lo = b->address;
			*buf_hi = b->address + b->bytes_per_bank;
			found = 1;
		}
		pthread_mutex_unlock(&b->shape_lock);
	}
	pthread_mutex_unlock(&s->lock);
	return found;
}
