/* SPDX-License-Identifier: Apache-2.0
 *
 * The text of a buffer's shard spec, one field per file (docs/tree.md):
 *   layout             interleaved | height_sharded | width_sharded | block_sharded
 *   shard_cores        X,Y or X0-X1,Y0-Y1 ranges, separated by spaces
 *   shard_shape        ROWS COLS (pages)
 *   tensor_shape       ROWS COLS (pages)
 *   shard_orientation  row_major | col_major
 * Each field is checked on its own here (words, numbers, cores on the
 * grid, no core twice); whether the fields hold together is placement.c's.
 */
#include "buffer/buffer_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_SHAPE (1u << 24)   /* pages per side: far beyond any memory */

static const char *const field_names[TTRT_SHARD_NUM_FIELDS] = {
	[TTRT_SHARD_LAYOUT] = "layout",
	[TTRT_SHARD_CORES] = "shard_cores",
	[TTRT_SHARD_SHAPE] = "shard_shape",
	[TTRT_SHARD_TENSOR_SHAPE] = "tensor_shape",
	[TTRT_SHARD_ORIENTATION] = "shard_orientation",
};

static const char *const layout_names[] = {
	[TTRT_LAYOUT_INTERLEAVED] = "interleaved",
	[TTRT_LAYOUT_HEIGHT_SHARDED] = "height_sharded",
	[TTRT_LAYOUT_WIDTH_SHARDED] = "width_sharded",
	[TTRT_LAYOUT_BLOCK_SHARDED] = "block_sharded",
};
#define NUM_LAYOUTS (sizeof(layout_names) / sizeof(layout_names[0]))

const char *ttrt_shard_field_name(enum ttrt_shard_field field)
{
	return (unsigned)field < TTRT_SHARD_NUM_FIELDS ? field_names[field] : "?";
}

const char *ttrt_buffer_layout_name(enum ttrt_buffer_layout layout)
{
	return (unsigned)layout < NUM_LAYOUTS ? layout_names[layout] : "?";
}

static int parse_layout(const char *text, struct ttrt_shard_spec *spec, char *err, size_t errlen)
{
	for (size_t i = 0; i < NUM_LAYOUTS; i++) {
		if (strcasecmp(text, layout_names[i]) == 0) {
			spec->layout = (enum ttrt_buffer_layout)i;
			return 0;
		}
	}
	ttrt_set_err(err, errlen,
		     "layout: '%s' is not interleaved, height_sharded, width_sharded or block_sharded",
		     text);
	return -EINVAL;
}

static int parse_orientation(const char *text, struct ttrt_shard_spec *spec, char *err,
			     size_t errlen)
{
	if (strcasecmp(text, "row_major") == 0 || strcasecmp(text, "col_major") == 0) {
		spec->col_major = strcasecmp(text, "col_major") == 0;
		return 0;
	}
	ttrt_set_err(err, errlen, "shard_orientation: '%s' is not row_major or col_major", text);
	return -EINVAL;
}

/* A decimal number of at most 7 digits; *s moves past it. */
static bool parse_count(const char **s, uint32_t *out)
{
	const char *p = *s;
	uint32_t v = 0;

	if (*p < '0' || *p > '9')
		return false;
	for (int digits = 0; *p >= '0' && *p <= '9'; p++, digits++) {
		if (digits == 7)
			return false;
		v = v * 10 + (uint32_t)(*p - '0');
	}
	*out = v;
	*s = p;
	return true;
}

/* "ROWS COLS", separated by spaces or a comma. */
static int parse_shape(enum ttrt_shard_field field, const char *text, uint32_t *rows,
		       uint32_t *cols, char *err, size_t errlen)
{
	const char *p = text + strspn(text, " \t");
	uint32_t r, c;
	bool ok = parse_count(&p, &r);

	if (ok) {
		p += strspn(p, " \t");
		if (*p == ',')
			p += 1 + strspn(p + 1, " \t");
		ok = parse_count(&p, &c);
	}
	if (!ok || p[strspn(p, " \t")] != '\0') {
		ttrt_set_err(err, errlen, "%s: want rows and columns in pages, e.g. '2 4', not '%s'",
			     field_names[field], text);
		return -EINVAL;
	}
	if (r == 0 || c == 0 || r > MAX_SHAPE || c > MAX_SHAPE) {
		ttrt_set_err(err, errlen, "%s: rows and columns are 1 to %u pages, not '%s'",
			     field_names[field], MAX_SHAPE, text);
		return -EINVAL;
	}
	*rows = r;
	*cols = c;
	return 0;
}

/* "A" or "A-B" with A <= B, up to the end of len. */
static bool parse_span(const char *s, size_t len, uint32_t *lo, uint32_t *hi)
{
	const char *p = s, *end = s + len;

	if (!parse_count(&p, lo))
		return false;
	*hi = *lo;
	if (p < end && *p == '-') {
		p++;
		if (!parse_count(&p, hi))
			return false;
	}
	return p == end && *lo <= *hi;
}

static bool ranges_share_core(const struct ttrt_core_range *a, const struct ttrt_core_range *b,
			      struct ttrt_xy *core)
{
	uint32_t x = a->lo.x > b->lo.x ? a->lo.x : b->lo.x;
	uint32_t y = a->lo.y > b->lo.y ? a->lo.y : b->lo.y;

	if (x > a->hi.x || x > b->hi.x || y > a->hi.y || y > b->hi.y)
		return false;
	*core = (struct ttrt_xy){ (uint8_t)x, (uint8_t)y };
	return true;
}

static int parse_range(enum ttrt_buffer_kind kind, const char *tok, size_t len,
		       struct ttrt_core_range *out, char *err, size_t errlen)
{
	const char *comma = memchr(tok, ',', len);
	uint32_t grid_x = kind == TTRT_BUFFER_DRAM ? TTRT_NUM_DRAM_BANKS : TTRT_TENSIX_GRID_X;
	uint32_t grid_y = kind == TTRT_BUFFER_DRAM ? 1 : TTRT_TENSIX_GRID_Y;
	uint32_t x0, x1, y0, y1;

	if (!comma || !parse_span(tok, (size_t)(comma - tok), &x0, &x1) ||
	    !parse_span(comma + 1, len - (size_t)(comma + 1 - tok), &y0, &y1)) {
		ttrt_set_err(err, errlen,
			     "shard_cores: bad core range '%.*s' (want X,Y or X0-X1,Y0-Y1, e.g. 0,0 or "
			     "0-3,0-1)", (int)len, tok);
		return -EINVAL;
	}
	if (x1 >= grid_x || y1 >= grid_y) {
		if (kind == TTRT_BUFFER_DRAM)
			ttrt_set_err(err, errlen,
				     "shard_cores: core range '%.*s' leaves the DRAM banks (x 0..%u, y 0)",
				     (int)len, tok, grid_x - 1);
		else
			ttrt_set_err(err, errlen,
				     "shard_cores: core range '%.*s' leaves the %ux%u grid (x 0..%u, y 0..%u)",
				     (int)len, tok, grid_x, grid_y, grid_x - 1, grid_y - 1);
		return -EINVAL;
	}
	*out = (struct ttrt_core_range){ { (uint8_t)x0, (uint8_t)y0 }, { (uint8_t)x1, (uint8_t)y1 } };
	return 0;
}

static int parse_cores(enum ttrt_buffer_kind kind, const char *text, struct ttrt_shard_spec *spec,
		       char *err, size_t errlen)
{
	struct ttrt_core_range ranges[TTRT_SHARD_MAX_RANGES];
	uint32_t n = 0;
	const char *p = text;

	for (;;) {
		size_t len;
		struct ttrt_xy twice;

		p += strspn(p, " \t");
		if (*p == '\0')
			break;
		len = strcspn(p, " \t");
		if (n == TTRT_SHARD_MAX_RANGES) {
			ttrt_set_err(err, errlen, "shard_cores: more than %u ranges",
				     TTRT_SHARD_MAX_RANGES);
			return -EINVAL;
		}
		if (parse_range(kind, p, len, &ranges[n], err, errlen))
			return -EINVAL;
		for (uint32_t i = 0; i < n; i++) {
			if (ranges_share_core(&ranges[i], &ranges[n], &twice)) {
				ttrt_set_err(err, errlen, "shard_cores: core %u,%u is listed twice",
					     twice.x, twice.y);
				return -EINVAL;
			}
		}
		n++;
		p += len;
	}
	if (n == 0) {
		ttrt_set_err(err, errlen, "shard_cores: no cores");
		return -EINVAL;
	}
	memcpy(spec->ranges, ranges, n * sizeof(ranges[0]));
	spec->n_ranges = n;
	return 0;
}

int shard_field_parse(enum ttrt_buffer_kind kind, enum ttrt_shard_field field, const char *text,
		      struct ttrt_shard_spec *spec, char *err, size_t errlen)
{
	switch (field) {
	case TTRT_SHARD_LAYOUT:
		return parse_layout(text, spec, err, errlen);
	case TTRT_SHARD_CORES:
		return parse_cores(kind, text, spec, err, errlen);
	case TTRT_SHARD_SHAPE:
		return parse_shape(field, text, &spec->shard_rows, &spec->shard_cols, err, errlen);
	case TTRT_SHARD_TENSOR_SHAPE:
		return parse_shape(field, text, &spec->tensor_rows, &spec->tensor_cols, err, errlen);
	case TTRT_SHARD_ORIENTATION:
		return parse_orientation(text, spec, err, errlen);
	default:
		ttrt_set_err(err, errlen, "no such field");
		return -EINVAL;
	}
}

/* "A" or "A-B". */
static int format_span(char *out, size_t len, unsigned lo, unsigned hi)
{
	return lo == hi ? snprintf(out, len, "%u", lo) : snprintf(out, len, "%u-%u", lo, hi);
}

static void format_cores(const struct ttrt_shard_spec *spec, char *out, size_t len)
{
	size_t at = 0;

	out[0] = '\0';
	for (uint32_t i = 0; i < spec->n_ranges && at < len; i++) {
		const struct ttrt_core_range *r = &spec->ranges[i];

		if (i)
			at += (size_t)snprintf(out + at, len - at, " ");
		if (at < len)
			at += (size_t)format_span(out + at, len - at, r->lo.x, r->hi.x);
		if (at < len)
			at += (size_t)snprintf(out + at, len - at, ",");
		if (at < len)
			at += (size_t)format_span(out + at, len - at, r->lo.y, r->hi.y);
	}
	if (spec->n_ranges && at < len)
		snprintf(out + at, len - at, "\n");
}

void shard_field_format(const struct ttrt_shard_spec *spec, enum ttrt_shard_field field,
			char *out, size_t len)
{
	out[0] = '\0';
	switch (field) {
	case TTRT_SHARD_LAYOUT:
		snprintf(out, len, "%s\n", ttrt_buffer_layout_name(spec->layout));
		break;
	case TTRT_SHARD_CORES:
		format_cores(spec, out, len);
		break;
	case TTRT_SHARD_SHAPE:
		if (spec->shard_rows)
			snprintf(out, len, "%u %u\n", spec->shard_rows, spec->shard_cols);
		break;
	case TTRT_SHARD_TENSOR_SHAPE:
		if (spec->tensor_rows)
			snprintf(out, len, "%u %u\n", spec->tensor_rows, spec->tensor_cols);
		break;
	case TTRT_SHARD_ORIENTATION:
		snprintf(out, len, "%s\n", spec->col_major ? "col_major" : "row_major");
		break;
	default:
		break;
	}
}
