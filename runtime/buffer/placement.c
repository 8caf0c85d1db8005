/* SPDX-License-Identifier: Apache-2.0
 *
 * Where a buffer's pages go (reference/program-model.md §5.4).
 *
 * Interleaved: host page i on bank i % N at device page i / N, N the 7
 * DRAM banks or tt-metal's 110 L1 banks (l1_banks.c), in bank order.
 *
 * Sharded, tt-metal's ShardSpecBuffer: the tensor is a grid of
 * tensor_rows x tensor_cols pages, cut into blocks of shard_rows x
 * shard_cols pages numbered row by row (the blocks at the right and
 * bottom edges may be short); block k goes to the k-th shard core, where
 * page (i, j) of the block is device page i * shard_cols + j, so a short
 * block leaves holes. Height sharding is the case of blocks as wide as
 * the tensor (block k is then the run of host pages [k*h*W, (k+1)*h*W)),
 * width sharding that of blocks as tall as it. The shard cores are the
 * spec's ranges in the order given, each walked x fastest (row_major) or
 * y fastest (col_major). This is also where tt-metal's TensorAccessor
 * finds a page of a sharded buffer (shard id k -> bank k, as long as no
 * core holds two shards), so kernels and host agree.
 */
#include "buffer/buffer_internal.h"

#include <errno.h>
#include <stdio.h>

void shard_locate(uint32_t tensor_cols, uint32_t shard_rows, uint32_t shard_cols, uint64_t page,
		  uint32_t *shard, uint64_t *device_page)
{
	uint64_t row = page / tensor_cols, col = page % tensor_cols;
	uint64_t blocks_per_row = (tensor_cols + shard_cols - 1) / shard_cols;

	*shard = (uint32_t)(row / shard_rows * blocks_per_row + col / shard_cols);
	*device_page = row % shard_rows * shard_cols + col % shard_cols;
}

void placement_locate(const struct buffer_placement *pl, uint64_t page, uint32_t *endpoint,
		      uint64_t *device_page)
{
	if (pl->layout == TTRT_LAYOUT_INTERLEAVED) {
		*endpoint = (uint32_t)(page % pl->n_cores);
		*device_page = page / pl->n_cores;
		return;
	}
	shard_locate(pl->tensor_cols, pl->shard_rows, pl->shard_cols, page, endpoint, device_page);
}

uint64_t placement_bytes_per_bank(const struct buffer_placement *pl)
{
	return pl->pages_per_bank > UINT64_MAX / pl->aligned_page
		       ? UINT64_MAX
		       : pl->pages_per_bank * pl->aligned_page;
}

static uint32_t range_cores(const struct ttrt_core_range *r)
{
	return (uint32_t)(r->hi.x - r->lo.x + 1) * (uint32_t)(r->hi.y - r->lo.y + 1);
}

/* The k-th core of the spec: each range in turn, x fastest (row_major) or
 * y fastest (col_major) inside it. */
static struct ttrt_xy shard_core(const struct ttrt_shard_spec *spec, uint32_t k)
{
	for (uint32_t r = 0; r < spec->n_ranges; r++) {
		const struct ttrt_core_range *cr = &spec->ranges[r];
		uint32_t w = cr->hi.x - cr->lo.x + 1u, h = cr->hi.y - cr->lo.y + 1u;

		if (k >= w * h) {
			k -= w * h;
			continue;
		}
		return (struct ttrt_xy){ (uint8_t)(cr->lo.x + (spec->col_major ? k / h : k % w)),
					 (uint8_t)(cr->lo.y + (spec->col_major ? k % h : k / w)) };
	}
	return (struct ttrt_xy){ 0xff, 0xff };   /* past the end: no core */
}

struct ttrt_xy placement_core(const struct buffer_placement *pl, uint32_t i)
{
	if (pl->layout != TTRT_LAYOUT_INTERLEAVED)
		return shard_core(pl->spec, i);
	if (pl->kind == TTRT_BUFFER_DRAM)
		return (struct ttrt_xy){ (uint8_t)i, 0 };
	return ttrt_l1_bank_core((int)i);
}

bool placement_on_core(const struct buffer_placement *pl, struct ttrt_xy core)
{
	if (pl->layout == TTRT_LAYOUT_INTERLEAVED)
		return pl->kind == TTRT_BUFFER_DRAM ? core.y == 0 && core.x < TTRT_NUM_DRAM_BANKS
						    : ttrt_l1_bank_of_core(core) >= 0;
	for (uint32_t r = 0; r < pl->spec->n_ranges; r++) {
		const struct ttrt_core_range *cr = &pl->spec->ranges[r];

		if (core.x >= cr->lo.x && core.x <= cr->hi.x && core.y >= cr->lo.y &&
		    core.y <= cr->hi.y)
			return true;
	}
	return false;
}

static uint32_t aligned(uint32_t page_size, enum ttrt_buffer_kind kind)
{
	uint32_t a = kind == TTRT_BUFFER_DRAM ? TTRT_DRAM_ALIGNMENT : TTRT_L1_ALIGNMENT;

	return (uint32_t)(((uint64_t)page_size + a - 1) / a * a);
}


static const char *missing_field(const struct ttrt_shard_spec *spec)
{
	if (spec->n_ranges == 0)
		return "shard_cores";
	if (spec->shard_rows == 0)
		return "shard_shape";
	if (spec->tensor_rows == 0)
		return "tensor_shape";
	return NULL;
}

/* The checks that need the whole spec; each says what to change. */
static int check_tiling(const struct buffer_shape *shape, const struct buffer_placement *pl,
			char *why, size_t whylen)
{
	const struct ttrt_shard_spec *s = shape->spec;
	const char *layout = ttrt_buffer_layout_name(s->layout);
	uint64_t pages = (uint64_t)s->tensor_rows * s->tensor_cols;
	uint64_t shards = (uint64_t)((s->tensor_rows + s->shard_rows - 1) / s->shard_rows) *
			  ((s->tensor_cols + s->shard_cols - 1) / s->shard_cols);

	if (shape->size % shape->page_size || shape->size / shape->page_size != pages) {
		ttrt_set_err(why, whylen,
			     "tensor_shape %u %u is %llu pages of %u bytes (%llu bytes), but size is %llu",
			     s->tensor_rows, s->tensor_cols, (unsigned long long)pages,
			     shape->page_size, (unsigned long long)(pages * shape->page_size),
			     (unsigned long long)shape->size);
		return -EINVAL;
	}
	if (s->shard_rows > s->tensor_rows || s->shard_cols > s->tensor_cols) {
		ttrt_set_err(why, whylen, "shard_shape %u %u is larger than tensor_shape %u %u",
			     s->shard_rows, s->shard_cols, s->tensor_rows, s->tensor_cols);
		return -EINVAL;
	}
	if (s->layout == TTRT_LAYOUT_HEIGHT_SHARDED && s->shard_cols != s->tensor_cols) {
		ttrt_set_err(why, whylen,
			     "%s: a shard is whole rows of the tensor, so shard_shape's columns (%u) "
			     "must be tensor_shape's (%u)", layout, s->shard_cols, s->tensor_cols);
		return -EINVAL;
	}
	if (s->layout == TTRT_LAYOUT_WIDTH_SHARDED && s->shard_rows != s->tensor_rows) {
		ttrt_set_err(why, whylen,
			     "%s: a shard is whole columns of the tensor, so shard_shape's rows (%u) "
			     "must be tensor_shape's (%u)", layout, s->shard_rows, s->tensor_rows);
		return -EINVAL;
	}
	if (shards > pl->n_cores) {
		ttrt_set_err(why, whylen,
			     "%s: tensor_shape %u %u takes %llu shards of %u %u pages, but shard_cores "
			     "has %u core%s", layout, s->tensor_rows, s->tensor_cols,
			     (unsigned long long)shards, s->shard_rows, s->shard_cols, pl->n_cores,
			     pl->n_cores == 1 ? "" : "s");
		return -EINVAL;
	}
	return 0;
}

int placement_make(enum ttrt_buffer_kind kind, const struct buffer_shape *shape,
		   struct buffer_placement *pl, char *why, size_t whylen)
{
	const struct ttrt_shard_spec *s = shape->spec;
	const char *missing;
	int rc;

	if (shape->size == 0)
		return -ENODATA;
	*pl = (struct buffer_placement){
		.kind = kind,
		.layout = s ? s->layout : TTRT_LAYOUT_INTERLEAVED,
		.pages = shape->size / shape->page_size + (shape->size % shape->page_size != 0),
		.aligned_page = aligned(shape->page_size, kind),
	};
	if (pl->layout == TTRT_LAYOUT_INTERLEAVED) {
		pl->n_cores = kind == TTRT_BUFFER_DRAM ? TTRT_NUM_DRAM_BANKS : TT_NUM_L1_BANKS;
		pl->pages_per_bank = pl->pages / pl->n_cores + (pl->pages % pl->n_cores != 0);
		return 0;
	}
	missing = missing_field(s);
	if (missing) {
		ttrt_set_err(why, whylen, "%s: %s is not set", ttrt_buffer_layout_name(s->layout),
			     missing);
		return -EINVAL;
	}
	pl->spec = s;
	for (uint32_t r = 0; r < s->n_ranges; r++)
		pl->n_cores += range_cores(&s->ranges[r]);
	rc = check_tiling(shape, pl, why, whylen);
	if (rc)
		return rc;
	pl->tensor_rows = s->tensor_rows;
	pl->tensor_cols = s->tensor_cols;
	pl->shard_rows = s->shard_rows;
	pl->shard_cols = s->shard_cols;
	pl->pages_per_bank = (uint64_t)s->shard_rows * s->shard_cols;
	return 0;
}
