/* SPDX-License-Identifier: Apache-2.0
 *
 * Shared by the files of runtime/buffer/: the buffer space, the buffer
 * itself, where its pages go, and the range allocator.
 */
#ifndef TTRT_BUFFER_INTERNAL_H
#define TTRT_BUFFER_INTERNAL_H

#include "buffer/buffer_space.h"
#include "runtime_internal.h"
#include "tt/l1_map.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

struct ttrt_range_allocator;

/* One per device. lock guards the list, the allocators and every buffer's
 * shape (buffer.c says how the locks nest). */
struct ttrt_buffer_space {
	struct ttrt_device *dev;
	uint64_t dram_bank_size;
	uint64_t l1_base, l1_end;          /* the kernels' L1, where L1 buffers go */
	pthread_mutex_t lock;
	struct ttrt_buffer *head, *tail;   /* creation order */
	struct ttrt_range_allocator *dram, *l1;
};

/* What the user sets; the buffer is placed from it. The spec is kept
 * only once a shard field was written (most buffers never have one, and
 * a stat of 5,000 buffers should not cost a spec each). */
struct buffer_shape {
	uint64_t size;
	uint32_t page_size;
	const struct ttrt_shard_spec *spec;   /* NULL: interleaved, nothing set */
};

/* Where the pages go, made from the shape when the buffer is allocated:
 * the endpoints, and how host pages map onto them (placement.c). */
struct buffer_placement {
	enum ttrt_buffer_kind kind;
	enum ttrt_buffer_layout layout;
	const struct ttrt_shard_spec *spec;      /* sharded: the shape's, for its cores */
	uint32_t n_cores;                        /* interleaved: the banks; sharded: the
						  * shard cores, shard k on core k */
	uint64_t pages;                          /* host pages (the last may be short) */
	uint32_t aligned_page;                   /* stride of device pages in a bank */
	uint64_t pages_per_bank;                 /* device pages on every endpoint */
	uint32_t tensor_rows, tensor_cols;       /* sharded: in pages */
	uint32_t shard_rows, shard_cols;
};

#define BUFFER_PROBLEM_MAX 200

struct ttrt_buffer {
	struct ttrt_device *dev;
	struct ttrt_buffer_space *space;
	enum ttrt_buffer_kind kind;
	char name[TTRT_BUFFER_NAME_MAX + 1];
	atomic_int refs;               /* one for the device's list, plus users */
	pthread_rwlock_t io_lock;
	pthread_mutex_t shape_lock;
	int deleted;
	int allocated;
	atomic_int written;            /* set by concurrent writers under the read lock */
	struct buffer_shape shape;
	uint64_t address;
	uint64_t bytes_per_bank;       /* taken from the allocator, while allocated */
	struct buffer_placement place; /* while allocated */
	char *problem;                 /* why a shape with a size is not allocated, or NULL */
	struct ttrt_buffer_pin *pins;  /* newest first */
	struct ttrt_buffer *prev, *next;
};

/* The getters take a const buffer; shape_lock is the one thing they change. */
static inline pthread_mutex_t *buffer_shape_lock(const struct ttrt_buffer *buf)
{
	return (pthread_mutex_t *)&buf->shape_lock;
}

/* Deletes every buffer of the space, pinned or not (buffer.c). */
void buffer_space_delete_all(struct ttrt_buffer_space *s);
/* Frees what the shape code allocated for the buffer (buffer_shape.c). */
void buffer_shape_free(struct ttrt_buffer *b);
/* Gives back the buffer's memory; the caller holds io_lock for writing
 * and the space's lock (buffer_shape.c). */
void buffer_release_locked(struct ttrt_buffer *b);

/* ---- the shard spec's text (shard_spec.c) ---- */

/* Parses one field into spec; the other fields stay. -EINVAL with err. */
int shard_field_parse(enum ttrt_buffer_kind kind, enum ttrt_shard_field field, const char *text,
		      struct ttrt_shard_spec *spec, char *err, size_t errlen);
/* The field's text with a newline, "" when not set. */
void shard_field_format(const struct ttrt_shard_spec *spec, enum ttrt_shard_field field,
			char *out, size_t len);

/* ---- placement (placement.c) ---- */

/* The placement of a shape: 0, -ENODATA for no size yet, or -EINVAL with
 * the reason in why (a sharded spec missing a field, or one whose shards
 * do not tile the tensor or outnumber the cores). */
int placement_make(enum ttrt_buffer_kind kind, const struct buffer_shape *shape,
		   struct buffer_placement *pl, char *why, size_t whylen);
/* Bytes each endpoint gives the buffer; UINT64_MAX past 64 bits. */
uint64_t placement_bytes_per_bank(const struct buffer_placement *pl);
/* Host page -> (endpoint index, device page on it). */
void placement_locate(const struct buffer_placement *pl, uint64_t page, uint32_t *endpoint,
		      uint64_t *device_page);
/* Endpoint i: a DRAM bank as (bank, 0), or a worker core. */
struct ttrt_xy placement_core(const struct buffer_placement *pl, uint32_t i);
/* Whether the placement puts anything on core (an L1 placement). */
bool placement_on_core(const struct buffer_placement *pl, struct ttrt_xy core);
/* tt-metal's legacy shard mapping (ShardSpecBuffer, reference/program-model.md
 * §5.4) for all three layouts: host page of a tensor_rows x tensor_cols
 * page grid -> shard (block of shard_rows x shard_cols pages, numbered
 * row by row) and the device page inside it (full-shard row stride). */
void shard_locate(uint32_t tensor_cols, uint32_t shard_rows, uint32_t shard_cols, uint64_t page,
		  uint32_t *shard, uint64_t *device_page);

/* ---- range allocator (range_alloc.c): the same range in every bank ---- */
/* Free: [base, end); base, end and every range are multiples of align. */
int ttrt_range_allocator_create(uint64_t base, uint64_t end, uint64_t align,
				struct ttrt_range_allocator **out);
void ttrt_range_allocator_destroy(struct ttrt_range_allocator *a);
/* bytes rounded up to the alignment; top_down: from the high end of the
 * highest free range that fits, else from the low end of the lowest. */
int ttrt_range_alloc(struct ttrt_range_allocator *a, uint64_t bytes, bool top_down,
		     uint64_t *addr);
/* Takes exactly [addr, addr + bytes) if it is free. */
int ttrt_range_alloc_at(struct ttrt_range_allocator *a, uint64_t addr, uint64_t bytes);
void ttrt_range_free(struct ttrt_range_allocator *a, uint64_t addr, uint64_t bytes);
uint64_t ttrt_range_largest_free(const struct ttrt_range_allocator *a);

#endif
