/* SPDX-License-Identifier: Apache-2.0
 *
 * The compile-time words tt-metal's TensorAccessorArgs gives a buffer
 * (reference/program-model.md §6), which accessor(NAME) in a program's
 * args expands to and the kernel SDK's TensorAccessorArgs reads back
 * (runtime/kernel/api/tensor/):
 *
 *   interleaved: config, aligned page size
 *   sharded:     config, aligned page size, rank, number of banks,
 *                tensor shape[rank], shard shape[rank] (pages, outermost
 *                first), the banks' coordinates two to a word
 *                (x2 << 24 | y2 << 16 | x1 << 8 | y1, an odd last one alone)
 *
 * config is Sharded (1) | IsDram (2); nothing is deferred to run time.
 * The banks are the shard cores in order: an L1 core by its translated
 * NOC coordinates (a Tensix tile's are its NOC0 ones), a DRAM bank as
 * tt-metal's logical DRAM core (x = bank, y = 0). The shapes are
 * squeezed as tt-metal squeezes them before it writes them: a shard as
 * wide as the tensor, or one page tall over a whole number of shards
 * per row, makes the two dimensions one.
 */
#include "buffer/buffer_internal.h"

#include <errno.h>

#define CONFIG_SHARDED 1u
#define CONFIG_IS_DRAM 2u

struct squeezed {
	uint32_t rank;
	uint64_t tensor[2], shard[2];
};

static struct squeezed squeeze(const struct buffer_placement *pl)
{
	uint64_t rows = pl->tensor_rows, cols = pl->tensor_cols;

	if (pl->shard_cols == cols)
		return (struct squeezed){ 1, { rows * cols }, { (uint64_t)pl->shard_rows * cols } };
	if (pl->shard_rows == 1 && cols % pl->shard_cols == 0)
		return (struct squeezed){ 1, { rows * cols }, { pl->shard_cols } };
	return (struct squeezed){ 2, { rows, cols }, { pl->shard_rows, pl->shard_cols } };
}

static uint32_t bank_coord(const struct buffer_placement *pl, uint32_t i)
{
	struct ttrt_xy c = placement_core(pl, i);

	if (pl->kind == TTRT_BUFFER_L1)
		ttrt_logical_to_noc0(c, &c);
	return (uint32_t)c.x << 8 | c.y;
}

static int sharded_words(const struct buffer_placement *pl, uint32_t *words, uint32_t max,
			 uint32_t *n)
{
	struct squeezed sq = squeeze(pl);
	uint32_t need = *n + 2 + 2 * sq.rank + (pl->n_cores + 1) / 2;

	if (need > max)
		return -E2BIG;
	words[(*n)++] = sq.rank;
	words[(*n)++] = pl->n_cores;
	for (uint32_t d = 0; d < sq.rank * 2; d++) {
		uint64_t v = d < sq.rank ? sq.tensor[d] : sq.shard[d - sq.rank];

		if (v > UINT32_MAX)
			return -ERANGE;
		words[(*n)++] = (uint32_t)v;
	}
	for (uint32_t i = 0; i < pl->n_cores; i += 2) {
		uint32_t w = bank_coord(pl, i);

		if (i + 1 < pl->n_cores)
			w |= bank_coord(pl, i + 1) << 16;
		words[(*n)++] = w;
	}
	return 0;
}

static int placement_accessor_args(const struct buffer_placement *pl, uint32_t *words,
				   uint32_t max, uint32_t *n)
{
	bool sharded = pl->layout != TTRT_LAYOUT_INTERLEAVED;

	*n = 0;
	if (max < 2)
		return -E2BIG;
	words[(*n)++] = (sharded ? CONFIG_SHARDED : 0u) |
			(pl->kind == TTRT_BUFFER_DRAM ? CONFIG_IS_DRAM : 0u);
	words[(*n)++] = pl->aligned_page;
	return sharded ? sharded_words(pl, words, max, n) : 0;
}

int ttrt_buffer_accessor_args(const struct ttrt_buffer *buf, uint32_t *words, uint32_t max,
			      uint32_t *n)
{
	int rc;

	pthread_mutex_lock(buffer_shape_lock(buf));
	if (buf->allocated)
		rc = placement_accessor_args(&buf->place, words, max, n);
	else
		rc = buf->problem ? -EINVAL : -ENODATA;
	pthread_mutex_unlock(buffer_shape_lock(buf));
	return rc;
}
