/* SPDX-License-Identifier: Apache-2.0
 *
 * [cb.N,...] and [semaphore.N] sections of the args file: tt-metal's
 * CircularBufferConfig (one L1 range shared by its indices, each with its
 * own format and page size, on some cores) and CreateSemaphore on some
 * cores. docs/programs-args.md has the keys and their errors.
 */
#include "program/args/args_internal.h"
#include "program/args/cb_place.h"
#include "runtime_internal.h"
#include "tt/l1_map.h"
#include "tt/tensix.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CB_SPACE (TT_L1_SIZE - TT_DATA_BUFFER_SPACE_BASE)
/* tt-metal's 16-bit tiles_received/acked: pages of one index. */
#define CB_MAX_PAGES 65535u

static const char *const cb_keys[PROG_NUM_CB_KEYS] = {
	[PROG_CB_KEY_FORMAT] = "format",
	[PROG_CB_KEY_PAGES] = "pages",
	[PROG_CB_KEY_PAGE_SIZE] = "page_size",
	[PROG_CB_KEY_SIZE] = "size",
	[PROG_CB_KEY_CORES] = "cores",
	[PROG_CB_KEY_BUFFER] = "buffer",
	[PROG_CB_KEY_TILE] = "tile",
};

const char *prog_cb_name(const struct prog_cb *cb, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "[cb.");

	for (uint32_t i = 0; i < cb->n_idx && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%u", i ? "," : "", cb->idx[i].index);
	if (n < len)
		snprintf(buf + n, len - n, "]");
	return buf;
}

int args_cb_open(struct parse_ctx *ctx, const char *name, size_t len, uint32_t *index)
{
	struct prog_args *a = ctx->args;
	struct prog_cb cb = { .line = ctx->line }, *grown;
	const char *p = name + 3, *end = name + len;

	while (p <= end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		size_t n = comma ? (size_t)(comma - p) : (size_t)(end - p);
		unsigned long i;

		if (!args_small_number(p, n, &i)) {
			args_error(ctx, -EINVAL,
				   "[%.*s]: bad CB index (want [cb.N] or [cb.N,M,...], N 0..%d)",
				   (int)len, name, PROG_NUM_CBS - 1);
			return -EINVAL;
		}
		if (i >= PROG_NUM_CBS) {
			args_error(ctx, -EINVAL, "[%.*s]: CB index %lu is out of range (0..%d)",
				   (int)len, name, i, PROG_NUM_CBS - 1);
			return -EINVAL;
		}
		for (uint32_t k = 0; k < cb.n_idx; k++) {
			if (cb.idx[k].index == i) {
				args_error(ctx, -EINVAL, "[%.*s]: CB index %lu is named twice", (int)len,
					   name, i);
				return -EINVAL;
			}
		}
		cb.idx[cb.n_idx++].index = (uint8_t)i;
		p += n + 1;
	}
	if (a->n_cbs == PROG_MAX_CB_SECTIONS) {
		args_error(ctx, -EINVAL, "[%.*s]: more than %d [cb] sections", (int)len, name,
			   PROG_MAX_CB_SECTIONS);
		return -EINVAL;
	}
	grown = args_grow(ctx, a->cb, a->n_cbs, sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	a->cb = grown;
	cb.format = PROG_FMT_INVALID;
	for (uint32_t k = 0; k < cb.n_idx; k++)
		cb.idx[k].format = PROG_FMT_INVALID;
	a->cb[a->n_cbs] = cb;
	*index = a->n_cbs++;
	return 0;
}

/* format.N, page_size.N: the index, which must be one of the section's. */
static struct prog_cb_index *index_key(struct parse_ctx *ctx, struct prog_cb *cb, const char *key,
				       const char *dot)
{
	unsigned long i;
	char name[80];

	if (!args_small_number(dot + 1, strlen(dot + 1), &i)) {
		args_error(ctx, -EINVAL, "bad key '%s' (want %.*s.N, N a CB index)", key,
			   (int)(dot - key), key);
		return NULL;
	}
	for (uint32_t k = 0; k < cb->n_idx; k++)
		if (cb->idx[k].index == i)
			return &cb->idx[k];
	args_error(ctx, -EINVAL, "%s: CB %lu is not one of this section's indices (%s names them)",
		   key, i, prog_cb_name(cb, name, sizeof(name)));
	return NULL;
}

/* tile = RxC: one of tt-metal's tile shapes (TT_TX_SHAPES). */
static int tile_shape(struct parse_ctx *ctx, const char *key, const char *value, uint8_t *rows,
		      uint8_t *cols)
{
	unsigned r, c;
	char end;

	if (sscanf(value, "%2u%*[xX]%2u%c", &r, &c, &end) != 2 || !TT_TX_SHAPE_VALID(r, c)) {
		args_error(ctx, -EINVAL, "%s: '%s' is not a tile shape tt-metal has (%s)", key, value,
			   TT_TX_SHAPES);
		return -EINVAL;
	}
	*rows = (uint8_t)r;
	*cols = (uint8_t)c;
	return 0;
}

static int per_index_key(struct parse_ctx *ctx, struct prog_cb *cb, const char *key,
			 const char *value, const char *dot)
{
	struct prog_cb_index *ix = index_key(ctx, cb, key, dot);
	bool format = !strncmp(key, "format.", 7), tile = !strncmp(key, "tile.", 5);

	if (!ix ||
	    args_once(ctx, key, format ? &ix->format_line : tile ? &ix->tile_line :
					 &ix->page_size_line) ||
	    args_single(ctx, key))
		return -EINVAL;
	if (format)
		return args_format(ctx, key, value, &ix->format);
	if (tile)
		return tile_shape(ctx, key, value, &ix->tile_rows, &ix->tile_cols);
	return args_scalar(ctx, key, value, 1, CB_SPACE, &ix->page_size);
}

int args_cb_key(struct parse_ctx *ctx, struct prog_cb *cb, const char *key, const char *value)
{
	const char *dot = strchr(key, '.');
	int k;

	if (dot && (!strncmp(key, "format.", 7) || !strncmp(key, "page_size.", 10) ||
		    !strncmp(key, "tile.", 5)))
		return per_index_key(ctx, cb, key, value, dot);
	for (k = 0; k < PROG_NUM_CB_KEYS && strcmp(key, cb_keys[k]) != 0; k++)
		;
	if (k == PROG_NUM_CB_KEYS) {
		args_error(ctx, -EINVAL,
			   "unknown key '%s' (format, format.N, pages, size, page_size, page_size.N, tile, tile.N, cores, buffer)",
			   key);
		return -EINVAL;
	}
	if (args_once(ctx, key, &cb->key_line[k]))
		return -EINVAL;
	if (k == PROG_CB_KEY_CORES)
		return args_cores(ctx, key, value, &cb->cores.v, &cb->cores.n);
	if (args_single(ctx, key))
		return -EINVAL;
	switch (k) {
	case PROG_CB_KEY_FORMAT:
		return args_format(ctx, key, value, &cb->format);
	case PROG_CB_KEY_PAGES:
		return args_scalar(ctx, key, value, 1, CB_MAX_PAGES, &cb->pages);
	case PROG_CB_KEY_PAGE_SIZE:
		return args_scalar(ctx, key, value, 1, CB_SPACE, &cb->page_size);
	case PROG_CB_KEY_BUFFER:
		return args_buffer_name(ctx, key, value, value, strlen(value), cb->buffer);
	case PROG_CB_KEY_TILE:
		return tile_shape(ctx, key, value, &cb->tile_rows, &cb->tile_cols);
	default:
		return args_scalar(ctx, key, value, 1, CB_SPACE, &cb->size);
	}
}

/* Every index's format and page size, and the range's size. */
static int cb_sizes(struct parse_ctx *ctx, struct prog_cb *cb)
{
	char name[80];
	int size_line = cb->key_line[PROG_CB_KEY_SIZE], pages_line = cb->key_line[PROG_CB_KEY_PAGES];

	prog_cb_name(cb, name, sizeof(name));
	for (uint32_t k = 0; k < cb->n_idx; k++) {
		struct prog_cb_index *ix = &cb->idx[k];

		if (!ix->format_line)
			ix->format = cb->format;
		if (ix->format == PROG_FMT_INVALID) {
			if (cb->n_idx == 1)
				args_error_at(ctx, cb->line, "%s needs a format (e.g. format = bfloat16)",
					      name);
			else
				args_error_at(ctx, cb->line,
					      "%s needs a format for CB %u (format or format.%u)", name,
					      ix->index, ix->index);
			return -EINVAL;
		}
		if (!ix->tile_line) {
			ix->tile_rows = cb->tile_rows ? cb->tile_rows : 32;
			ix->tile_cols = cb->tile_cols ? cb->tile_cols : 32;
		}
		if (!ix->page_size_line)
			ix->page_size = cb->page_size ? cb->page_size :
					prog_format_shape_size(ix->format, ix->tile_rows,
							       ix->tile_cols);
	}
	if (size_line && pages_line) {
		args_error_at(ctx, size_line > pages_line ? size_line : pages_line,
			      "%s give pages or size, not both", name);
		return -EINVAL;
	}
	if (!size_line && !pages_line) {
		args_error_at(ctx, cb->line, "%s needs pages (e.g. pages = 2) or size (bytes)", name);
		return -EINVAL;
	}
	if (pages_line) {
		for (uint32_t k = 1; k < cb->n_idx; k++) {
			if (cb->idx[k].page_size != cb->idx[0].page_size) {
				args_error_at(ctx, pages_line,
					      "%s pages: CB %u and CB %u have different page sizes (%u, %u); give size (bytes) instead",
					      name, cb->idx[0].index, cb->idx[k].index,
					      cb->idx[0].page_size, cb->idx[k].page_size);
				return -EINVAL;
			}
		}
		if ((uint64_t)cb->pages * cb->idx[0].page_size > CB_SPACE) {
			args_error_at(ctx, cb->line,
				      "%s: circular buffers need %llu bytes, more than the %u bytes of L1 from 0x%x",
				      name, (unsigned long long)cb->pages * cb->idx[0].page_size,
				      CB_SPACE, TT_DATA_BUFFER_SPACE_BASE);
			return -EINVAL;
		}
		cb->size = cb->pages * cb->idx[0].page_size;
	}
	for (uint32_t k = 0; k < cb->n_idx; k++) {
		struct prog_cb_index *ix = &cb->idx[k];
		int at = size_line ? size_line : pages_line;

		if (cb->size % ix->page_size) {
			args_error_at(ctx, at,
				      "%s size: %u bytes is not a multiple of CB %u's page size (%u)",
				      name, cb->size, ix->index, ix->page_size);
			return -EINVAL;
		}
		ix->pages = cb->size / ix->page_size;
		if (ix->pages > CB_MAX_PAGES) {
			args_error_at(ctx, at, "%s CB %u would have %u pages, more than %u", name,
				      ix->index, ix->pages, CB_MAX_PAGES);
			return -EINVAL;
		}
	}
	return 0;
}

/* An index once per core, across sections (tt-metal's "another circular
 * buffer already exists"). */
static int cb_index_once(struct parse_ctx *ctx, uint32_t j)
{
	const struct prog_args *a = ctx->args;
	const struct prog_cb *cj = &a->cb[j];

	for (uint32_t i = 0; i < j; i++) {
		const struct prog_cb *ci = &a->cb[i];

		for (uint32_t x = 0; x < ci->n_idx; x++) {
			for (uint32_t y = 0; y < cj->n_idx; y++) {
				char ni[80], nj[80];
				struct ttrt_xy at = { 0, 0 };
				bool shared = false;

				if (ci->idx[x].index != cj->idx[y].index)
					continue;
				for (uint32_t c = 0; c < cj->cores.n && !shared; c++)
					if ((shared = prog_cores_has(&ci->cores, cj->cores.v[c])))
						at = cj->cores.v[c];
				if (!shared)
					continue;
				args_error_at(ctx, cj->line,
					      "%s: CB %u is also in %s (line %d), on core %u,%u",
					      prog_cb_name(cj, nj, sizeof(nj)), cj->idx[y].index,
					      prog_cb_name(ci, ni, sizeof(ni)), ci->line, at.x, at.y);
				return -EINVAL;
			}
		}
	}
	return 0;
}

/* Room in L1 on every core, placed as a launch places them (cb_place.h)
 * from the built-in profile's base. A section on a buffer takes none. */
static void cb_room(struct parse_ctx *ctx)
{
	const struct prog_args *a = ctx->args;
	struct prog_cb_overflow why;
	uint32_t *addr = calloc(a->n_cbs ? a->n_cbs : 1, sizeof(*addr));
	struct prog_cb_fixed *fixed = calloc(a->n_cbs ? a->n_cbs : 1, sizeof(*fixed));
	char name[80];

	if (!addr || !fixed) {
		args_error(ctx, -ENOMEM, "out of memory");
		free(addr);
		free(fixed);
		return;
	}
	for (uint32_t i = 0; i < a->n_cbs; i++)
		fixed[i].fixed = a->cb[i].buffer[0] != '\0';
	if (prog_cb_place(a, TT_DATA_BUFFER_SPACE_BASE, TT_L1_SIZE, fixed, addr, &why))
		args_error_at(ctx, a->cb[why.cb].line,
			      "%s: circular buffers need %llu bytes, more than the %u bytes of L1 from 0x%x (on core %u,%u)",
			      prog_cb_name(&a->cb[why.cb], name, sizeof(name)),
			      (unsigned long long)(why.end - TT_DATA_BUFFER_SPACE_BASE), CB_SPACE,
			      TT_DATA_BUFFER_SPACE_BASE, why.core.x, why.core.y);
	free(addr);
	free(fixed);
}

void args_cbs_finish(struct parse_ctx *ctx)
{
	struct prog_args *a = ctx->args;

	for (uint32_t i = 0; i < a->n_cbs; i++) {
		struct prog_cb *cb = &a->cb[i];
		char name[80];

		if (cb_sizes(ctx, cb) ||
		    args_cores_within(ctx, &cb->cores, prog_cb_name(cb, name, sizeof(name)),
				      cb->key_line[PROG_CB_KEY_CORES]) ||
		    cb_index_once(ctx, i))
			return;
	}
	cb_room(ctx);
}

/* ---- semaphores ------------------------------------------------------------------ */

int args_semaphore_open(struct parse_ctx *ctx, const char *name, size_t len, uint32_t *index)
{
	struct prog_args *a = ctx->args;
	struct prog_semaphore *grown;
	unsigned long id;

	if (!args_small_number(name + 10, len - 10, &id)) {
		args_error(ctx, -EINVAL, "[%.*s]: bad semaphore id (want [semaphore.N], N 0..%d)",
			   (int)len, name, PROG_MAX_SEMAPHORES - 1);
		return -EINVAL;
	}
	if (id >= PROG_MAX_SEMAPHORES) {
		args_error(ctx, -EINVAL, "[%.*s]: semaphore id %lu is out of range (0..%d)", (int)len,
			   name, id, PROG_MAX_SEMAPHORES - 1);
		return -EINVAL;
	}
	for (uint32_t i = 0; i < a->n_sems; i++) {
		if (a->sems[i].id == id) {
			args_error(ctx, -EINVAL, "[%.*s]: semaphore %lu is also [semaphore.%lu] (line %d)",
				   (int)len, name, id, id, a->sems[i].line);
			return -EINVAL;
		}
	}
	grown = args_grow(ctx, a->sems, a->n_sems, sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	a->sems = grown;
	a->sems[a->n_sems] = (struct prog_semaphore){ .line = ctx->line, .id = (uint8_t)id };
	*index = a->n_sems++;
	return 0;
}

int args_semaphore_key(struct parse_ctx *ctx, struct prog_semaphore *s, const char *key,
		       const char *value)
{
	if (!strcmp(key, "cores")) {
		if (args_once(ctx, key, &s->key_line[0]))
			return -EINVAL;
		return args_cores(ctx, key, value, &s->cores.v, &s->cores.n);
	}
	if (!strcmp(key, "value")) {
		if (args_once(ctx, key, &s->key_line[1]) || args_single(ctx, key))
			return -EINVAL;
		return args_scalar(ctx, key, value, 0, UINT32_MAX, &s->value);
	}
	args_error(ctx, -EINVAL, "unknown key '%s' (cores, value)", key);
	return -EINVAL;
}

void args_semaphores_finish(struct parse_ctx *ctx)
{
	struct prog_args *a = ctx->args;

	for (uint32_t i = 0; i < a->n_sems; i++) {
		struct prog_semaphore *s = &a->sems[i];
		char name[32];

		snprintf(name, sizeof(name), "[semaphore.%u]", s->id);
		if (s->id < a->n_semaphores) {
			args_error_at(ctx, s->line,
				      "%s: semaphore %u is already in [program] semaphores (line %d), on every core",
				      name, s->id, a->key_line[2]);
			return;
		}
		if (args_cores_within(ctx, &s->cores, name, s->key_line[0]))
			return;
	}
}
