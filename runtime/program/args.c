/* SPDX-License-Identifier: Apache-2.0
 *
 * The args file: inih splits it into sections and keys; this file knows
 * which sections and keys exist, where each line belongs, and what a
 * whole file must hold; args_values.c checks each value. Buffer
 * references stay symbolic until launch. The syntax is documented in
 * docs/programs-args.md.
 */
#include "program/args_internal.h"
#include "runtime_internal.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* inih (Debian's build) hands lines of at most 199 characters to the
 * parser and keeps at most 49 characters of a key. */
#define INI_LINE_MAX  200
#define INI_KEY_MAX   49

#define CB_SPACE (TT_L1_SIZE - TT_DATA_BUFFER_SPACE_BASE)
/* The firmware's and tt-metal's page counters are 16 bits
 * (tiles_received, tiles_acked): more pages would wrap them. */
#define CB_MAX_PAGES 65535u

_Static_assert(PROG_NAME_MAX == TTRT_BUFFER_NAME_MAX, "buffer names");

static const char *const kernel_names[PROG_NUM_KERNELS] = {
	[PROG_READER] = "reader",
	[PROG_WRITER] = "writer",
	[PROG_COMPUTE] = "compute",
};

const char *prog_kernel_name(enum prog_kernel k)
{
	return (unsigned)k < PROG_NUM_KERNELS ? kernel_names[k] : "?";
}

static const struct {
	const char *name;          /* tt-metal's spelling first, then aliases */
	enum prog_data_format fmt;
	uint32_t tile_size;
} formats[] = {
	{ "Float32", PROG_FMT_FLOAT32, 4096 },
	{ "Float16", PROG_FMT_FLOAT16, 2048 },
	{ "Float16_b", PROG_FMT_FLOAT16_B, 2048 },
	{ "Bfp8", PROG_FMT_BFP8, 1088 },
	{ "Bfp8_b", PROG_FMT_BFP8_B, 1088 },
	{ "Bfp4", PROG_FMT_BFP4, 576 },
	{ "Bfp4_b", PROG_FMT_BFP4_B, 576 },
	{ "Bfp2", PROG_FMT_BFP2, 320 },
	{ "Bfp2_b", PROG_FMT_BFP2_B, 320 },
	{ "Int32", PROG_FMT_INT32, 4096 },
	{ "UInt32", PROG_FMT_UINT32, 4096 },
	{ "UInt16", PROG_FMT_UINT16, 2048 },
	{ "Int8", PROG_FMT_INT8, 1024 },
	{ "UInt8", PROG_FMT_UINT8, 1024 },
	{ "bfloat16", PROG_FMT_FLOAT16_B, 2048 },
};

const char *prog_format_name(enum prog_data_format f)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (formats[i].fmt == f)
			return formats[i].name;
	return "Invalid";
}

uint32_t prog_format_tile_size(enum prog_data_format f)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (formats[i].fmt == f)
			return formats[i].tile_size;
	return 0;
}

/* An error found after parsing, at a line remembered earlier. */
#define error_at(ctx, at, ...)                              \
	do {                                                \
		(ctx)->line = (at);                         \
		args_error((ctx), -EINVAL, __VA_ARGS__);   \
	} while (0)
/* A key seen twice: error. lines[] holds where each key was first set. */
static int once(struct parse_ctx *ctx, const char *key, int *first)
{
	if (ctx->continuation)
		return 0;
	if (*first) {
		args_error(ctx, -EINVAL, "duplicate key '%s' (first set at line %d)", key, *first);
		return -EINVAL;
	}
	*first = ctx->line;
	return 0;
}

/* Keys that take one value cannot be continued on an indented line. */
static int single(struct parse_ctx *ctx, const char *key)
{
	if (!ctx->continuation)
		return 0;
	args_error(ctx, -EINVAL,
		    "indented line continues '%s', which takes one value (indent only to continue a list)",
		    key);
	return -EINVAL;
}

static int program_key(struct parse_ctx *ctx, const char *key, const char *value)
{
	struct prog_args *a = ctx->args;

	if (strcmp(key, "cores") == 0) {
		if (once(ctx, key, &a->key_line[0]))
			return -EINVAL;
		return args_cores(ctx, key, value, &a->cores, &a->n_cores);
	}
	if (strcmp(key, "timeout_ms") == 0) {
		if (once(ctx, key, &a->key_line[1]) || single(ctx, key))
			return -EINVAL;
		return args_scalar(ctx, key, value, 1, PROG_MAX_TIMEOUT_MS, &a->timeout_ms);
	}
	if (strcmp(key, "build_timeout_ms") == 0) {
		if (once(ctx, key, &a->key_line[3]) || single(ctx, key))
			return -EINVAL;
		return args_scalar(ctx, key, value, 1, PROG_MAX_TIMEOUT_MS, &a->build_timeout_ms);
	}
	if (strcmp(key, "semaphores") == 0) {
		char tok[64];
		bool too_long;
		if (once(ctx, key, &a->key_line[2]))
			return -EINVAL;
		for (const char *s = value; (s = args_next_token(s, true, tok, sizeof(tok), &too_long));) {
			uint32_t v;
			if (a->n_semaphores == PROG_MAX_SEMAPHORES) {
				args_error(ctx, -EINVAL, "%s: more than %d semaphores", key,
					    PROG_MAX_SEMAPHORES);
				return -EINVAL;
			}
			if (too_long || args_number(ctx, key, tok, false, &v)) {
				args_error(ctx, -EINVAL, "%s: bad number '%s'", key, tok);
				return -EINVAL;
			}
			a->semaphores[a->n_semaphores++] = v;
		}
		return 0;
	}
	args_error(ctx, -EINVAL, "unknown key '%s' (cores, timeout_ms, build_timeout_ms, semaphores)", key);
	return -EINVAL;
}

static int cb_key(struct parse_ctx *ctx, int index, const char *key, const char *value)
{
	struct prog_cb *cb = &ctx->args->cb[index];
	static const char *const keys[] = { "format", "pages", "page_size" };
	int k;

	for (k = 0; k < 3 && strcmp(key, keys[k]) != 0; k++)
		;
	if (k == 3) {
		args_error(ctx, -EINVAL, "unknown key '%s' (format, pages, page_size)", key);
		return -EINVAL;
	}
	if (once(ctx, key, &cb->key_line[k]) || single(ctx, key))
		return -EINVAL;
	if (k == 0) {
		for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
			if (strcasecmp(value, formats[i].name) == 0) {
				cb->format = formats[i].fmt;
				return 0;
			}
		}
		args_error(ctx, -EINVAL,
			    "format: unknown data format '%s' (Float32, Float16, Float16_b or bfloat16, Bfp8[_b], Bfp4[_b], Bfp2[_b], Int32, UInt32, UInt16, Int8, UInt8)",
			    value);
		return -EINVAL;
	}
	if (k == 1)
		return args_scalar(ctx, key, value, 1, CB_MAX_PAGES, &cb->pages);
	if (args_scalar(ctx, key, value, 16, CB_SPACE, &cb->page_size))
		return -EINVAL;
	if (cb->page_size % 16) {
		args_error(ctx, -EINVAL, "page_size: %u is not a multiple of 16 bytes", cb->page_size);
		return -EINVAL;
	}
	return 0;
}

static const char *const kernel_keys[] = {
	"args", "common_args", "compile_args", "defines", "noc",
	"math_fidelity", "fp32_dest_acc_en", "math_approx_mode",
};

static int override_key(struct parse_ctx *ctx, struct prog_kernel_args *k, const char *key,
			const char *value)
{
	struct prog_override *o, *no;

	if (ctx->continuation) {
		o = ctx->last_override;
	} else {
		no = realloc(k->overrides, (k->n_overrides + 1) * sizeof(*no));
		if (!no) {
			args_error(ctx, -ENOMEM, "out of memory");
			return -ENOMEM;
		}
		k->overrides = no;
		o = &no[k->n_overrides++];
		memset(o, 0, sizeof(*o));
		o->args.line = ctx->line;
		ctx->last_override = o;
		if (args_cores(ctx, key, key + 5, &o->cores, &o->n_cores))
			return -EINVAL;
		if (!o->n_cores) {
			args_error(ctx, -EINVAL, "%s: no core after 'args.' (want args.X,Y)", key);
			return -EINVAL;
		}
		/* One override per core: which one applies must be obvious. */
		for (uint32_t i = 0; i + 1 < k->n_overrides; i++) {
			struct prog_override *p = &k->overrides[i];
			for (uint32_t a = 0; a < p->n_cores; a++)
				for (uint32_t b = 0; b < o->n_cores; b++)
					if (p->cores[a].x == o->cores[b].x && p->cores[a].y == o->cores[b].y) {
						args_error(ctx, -EINVAL,
							    "%s: core %u,%u already has its args at line %d",
							    key, o->cores[b].x, o->cores[b].y,
							    p->args.line);
						return -EINVAL;
					}
		}
	}
	return args_words(ctx, key, value, LIST_ARGS, &o->args);
}

static int kernel_key(struct parse_ctx *ctx, enum prog_kernel kid, const char *key,
		      const char *value)
{
	struct prog_kernel_args *k = &ctx->args->kernel[kid];
	int i;

	if (strncmp(key, "args.", 5) == 0)
		return override_key(ctx, k, key, value);
	for (i = 0; i < 8 && strcmp(key, kernel_keys[i]) != 0; i++)
		;
	if (i == 8) {
		args_error(ctx, -EINVAL,
			    "unknown key '%s' (args, args.X,Y, common_args, compile_args, defines%s)",
			    key,
			    kid == PROG_COMPUTE ? ", math_fidelity, fp32_dest_acc_en, math_approx_mode" :
						  ", noc");
		return -EINVAL;
	}
	if (i == 4 && kid == PROG_COMPUTE) {
		args_error(ctx, -EINVAL, "key 'noc' is only for [reader] and [writer]");
		return -EINVAL;
	}
	if (i >= 5 && kid != PROG_COMPUTE) {
		args_error(ctx, -EINVAL, "key '%s' is only for [compute]", key);
		return -EINVAL;
	}
	if (once(ctx, key, &k->key_line[i]))
		return -EINVAL;
	switch (i) {
	case 0:
		k->args.line = k->key_line[i];
		return args_words(ctx, key, value, LIST_ARGS, &k->args);
	case 1:
		k->common_args.line = k->key_line[i];
		return args_words(ctx, key, value, LIST_ARGS, &k->common_args);
	case 2:
		k->compile_args.line = k->key_line[i];
		return args_words(ctx, key, value, LIST_COMPILE_ARGS, &k->compile_args);
	case 3:
		return args_defines(ctx, key, value, k);
	}
	if (single(ctx, key))
		return -EINVAL;
	if (i == 4) {
		uint32_t noc;
		if (args_scalar(ctx, key, value, 0, 1, &noc))
			return -EINVAL;
		k->noc = (uint8_t)noc;
		return 0;
	}
	if (i == 5) {
		static const struct { const char *name; enum prog_math_fidelity f; } fids[] = {
			{ "LoFi", PROG_LOFI }, { "HiFi2", PROG_HIFI2 },
			{ "HiFi3", PROG_HIFI3 }, { "HiFi4", PROG_HIFI4 },
		};
		for (size_t f = 0; f < 4; f++) {
			if (strcasecmp(value, fids[f].name) == 0) {
				k->math_fidelity = fids[f].f;
				return 0;
			}
		}
		args_error(ctx, -EINVAL, "math_fidelity: want LoFi, HiFi2, HiFi3 or HiFi4, not '%s'",
			    value);
		return -EINVAL;
	}
	return args_bool(ctx, key, value, i == 6 ? &k->fp32_dest_acc_en : &k->math_approx_mode);
}

/* ---- sections and lines -------------------------------------------------------- */

/* Section name -> SEC_*, or SEC_BAD with the error reported. */
static int section_id(struct parse_ctx *ctx, const char *name, size_t len)
{
	if (len == 7 && strncmp(name, "program", 7) == 0)
		return SEC_PROGRAM;
	for (int k = 0; k < PROG_NUM_KERNELS; k++)
		if (len == strlen(kernel_names[k]) && strncmp(name, kernel_names[k], len) == 0)
			return SEC_KERNEL0 + k;
	if (len >= 3 && strncmp(name, "cb.", 3) == 0) {
		char digits[8];
		unsigned long n;
		if (len - 3 >= sizeof(digits))
			goto bad_index;
		memcpy(digits, name + 3, len - 3);
		digits[len - 3] = '\0';
		if (!args_all_digits(digits, 10))
			goto bad_index;
		n = strtoul(digits, NULL, 10);
		if (n >= PROG_NUM_CBS) {
			args_error(ctx, -EINVAL, "[%.*s]: CB index %lu is out of range (0..31)", (int)len,
				    name, n);
			return SEC_BAD;
		}
		return SEC_CB0 + (int)n;
bad_index:
		args_error(ctx, -EINVAL, "[%.*s]: bad CB index (want [cb.N], N 0..31)", (int)len, name);
		return SEC_BAD;
	}
	args_error(ctx, -EINVAL, "unknown section [%.*s] (program, cb.N, reader, writer, compute)",
		    (int)len, name);
	return SEC_BAD;
}

/* Sees each line as inih will: a section header opens a section (checked
 * here, so an unknown one is an error even with no keys), an indented line
 * after a key continues that key. */
static void classify_line(struct parse_ctx *ctx, const char *s)
{
	const char *end;
	int id;

	ctx->continuation = false;
	if (ctx->line == 1 && strncmp(s, "\xEF\xBB\xBF", 3) == 0)
		s += 3;
	if (ctx->have_prev && (*s == ' ' || *s == '\t')) {
		while (args_is_space(*s))
			s++;
		ctx->continuation = *s && *s != ';' && *s != '#';
		return;
	}
	while (args_is_space(*s))
		s++;
	if (*s != '[')
		return;
	end = strchr(s, ']');
	if (!end)
		return;   /* inih reports it as a syntax error */
	ctx->have_prev = false;
	id = section_id(ctx, s + 1, (size_t)(end - s - 1));
	if (id < 0)
		return;
	if (ctx->section_line[id]) {
		args_error(ctx, -EINVAL, "section [%.*s] appears twice (first at line %d)",
			    (int)(end - s - 1), s + 1, ctx->section_line[id]);
		return;
	}
	ctx->section_line[id] = ctx->line;
	if (id >= SEC_CB0) {
		ctx->args->cb[id - SEC_CB0].present = true;
		ctx->args->cb[id - SEC_CB0].line = ctx->line;
	} else if (id >= SEC_KERNEL0) {
		ctx->args->kernel[id - SEC_KERNEL0].present = true;
		ctx->args->kernel[id - SEC_KERNEL0].line = ctx->line;
	}
}

/* inih's line reader over the text: whole lines only, never split. */
static char *read_line(char *str, int num, void *stream)
{
	struct parse_ctx *ctx = stream;
	const char *start = ctx->text + ctx->pos;
	const char *nl;
	size_t n, rest;

	if (ctx->pos >= ctx->len)
		return NULL;
	rest = ctx->len - ctx->pos;
	nl = memchr(start, '\n', rest);
	n = nl ? (size_t)(nl - start) : rest;
	ctx->pos += nl ? n + 1 : n;
	ctx->line++;
	ctx->where[0] = '\0';
	if (memchr(start, '\0', n)) {
		args_error(ctx, -EINVAL, "a NUL byte in the line");
		n = strnlen(start, n);
	}
	if (n + 2 > (size_t)num) {
		args_error(ctx, -EINVAL,
			    "line is longer than %d characters (continue a long list on indented lines)",
			    num - 2);
		n = (size_t)num - 2;
	}
	memcpy(str, start, n);
	str[n] = '\n';
	str[n + 1] = '\0';
	classify_line(ctx, str);
	return str;
}

/* inih strips " ; comment" from values, but not from continuation lines. */
static const char *strip_comment(const char *value, char *buf, size_t len)
{
	size_t n = 0;

	for (; value[n] && n + 1 < len; n++) {
		if (value[n] == ';' && n && (value[n - 1] == ' ' || value[n - 1] == '\t'))
			break;
		buf[n] = value[n];
	}
	while (n && args_is_space(buf[n - 1]))
		n--;
	buf[n] = '\0';
	return buf;
}

static int on_pair(void *user, const char *section, const char *key, const char *value)
{
	struct parse_ctx *ctx = user;
	char stripped[INI_LINE_MAX];
	int id;

	if (!ctx->continuation)
		ctx->have_prev = true;
	if (ctx->error_line)
		return 1;   /* only the first error is reported */
	if (!*section) {
		args_error(ctx, -EINVAL, "key '%s' is outside a section (start with [program])", key);
		return 1;
	}
	id = section_id(ctx, section, strlen(section));
	if (id < 0)
		return 1;
	snprintf(ctx->where, sizeof(ctx->where), "[%.48s] ", section);
	if (strlen(key) >= INI_KEY_MAX - 1) {
		args_error(ctx, -EINVAL, "key '%s...' is too long (at most %d characters)",
			    key, INI_KEY_MAX - 2);
		return 1;
	}
	if (ctx->continuation)
		value = strip_comment(value, stripped, sizeof(stripped));
	if (!*value) {
		args_error(ctx, -EINVAL, "empty value for key '%s'", key);
		return 1;
	}
	if (id == SEC_PROGRAM)
		program_key(ctx, key, value);
	else if (id < SEC_CB0)
		kernel_key(ctx, (enum prog_kernel)(id - SEC_KERNEL0), key, value);
	else
		cb_key(ctx, id - SEC_CB0, key, value);
	return 1;
}

/* Checks that need the whole file. */
static void finish(struct parse_ctx *ctx)
{
	struct prog_args *a = ctx->args;
	uint64_t cb_bytes = 0;

	for (int i = 0; i < PROG_NUM_CBS && !ctx->error_line; i++) {
		struct prog_cb *cb = &a->cb[i];
		if (!cb->present)
			continue;
		if (!cb->key_line[0]) {
			error_at(ctx, cb->line, "[cb.%d] needs a format (e.g. format = bfloat16)", i);
			break;
		}
		if (!cb->key_line[1]) {
			error_at(ctx, cb->line, "[cb.%d] needs pages (e.g. pages = 2)", i);
			break;
		}
		if (!cb->key_line[2])
			cb->page_size = prog_format_tile_size(cb->format);
		cb_bytes += (uint64_t)cb->pages * cb->page_size;
		if (cb_bytes > CB_SPACE)
			error_at(ctx, cb->line,
				 "[cb.%d]: circular buffers need %llu bytes, more than the %u bytes of L1 from 0x%x",
				 i, (unsigned long long)cb_bytes, CB_SPACE, TT_DATA_BUFFER_SPACE_BASE);
	}
	if (!a->n_cores && !ctx->error_line) {
		a->cores = calloc(1, sizeof(*a->cores));
		if (!a->cores) {
			args_error(ctx, -ENOMEM, "out of memory");
			return;
		}
		a->n_cores = 1;   /* core 0,0 */
	}
	for (int k = 0; k < PROG_NUM_KERNELS && !ctx->error_line; k++) {
		for (uint32_t o = 0; o < a->kernel[k].n_overrides; o++) {
			struct prog_override *ov = &a->kernel[k].overrides[o];
			for (uint32_t c = 0; c < ov->n_cores; c++) {
				bool found = false;
				for (uint32_t i = 0; i < a->n_cores && !found; i++)
					found = a->cores[i].x == ov->cores[c].x &&
						a->cores[i].y == ov->cores[c].y;
				if (!found) {
					error_at(ctx, ov->args.line,
						 "[%s] args override for core %u,%u, which is not in [program] cores",
						 kernel_names[k], ov->cores[c].x, ov->cores[c].y);
					return;
				}
			}
		}
	}
}

int prog_args_parse(const char *text, size_t len, const char *name, unsigned grid_x,
		    unsigned grid_y, struct prog_args **out, char *err, size_t errlen)
{
	struct parse_ctx ctx = {
		.name = name, .grid_x = grid_x, .grid_y = grid_y, .text = text, .len = len,
	};
	int line;

	*out = NULL;
	if (grid_x == 0 || grid_y == 0 || grid_x > 256 || grid_y > 256)
		return -EINVAL;
	ctx.args = calloc(1, sizeof(*ctx.args));
	if (!ctx.args)
		return -ENOMEM;
	ctx.args->kernel[PROG_READER].noc = 1;
	ctx.args->kernel[PROG_COMPUTE].math_fidelity = PROG_HIFI4;
	line = ini_parse_stream(read_line, &ctx, on_pair, &ctx);
	if (line > 0 && (!ctx.error_line || line < ctx.error_line)) {
		/* A line inih could not parse, before any error of ours. */
		ctx.error_line = line;
		ctx.error_rc = -EINVAL;
		snprintf(ctx.reason, sizeof(ctx.reason),
			 "syntax error (want [section], key = value, or a ; comment)");
	} else if (line < 0 && !ctx.error_line) {
		ctx.error_line = 1;
		ctx.error_rc = -ENOMEM;
		snprintf(ctx.reason, sizeof(ctx.reason), "out of memory");
	}
	ctx.where[0] = '\0';
	if (!ctx.error_line)
		finish(&ctx);
	if (ctx.error_line) {
		ttrt_set_err(err, errlen, "%s:%d: %s", name, ctx.error_line, ctx.reason);
		prog_args_free(ctx.args);
		return ctx.error_rc ? ctx.error_rc : -EINVAL;
	}
	*out = ctx.args;
	return 0;
}

void prog_args_free(struct prog_args *args)
{
	if (!args)
		return;
	for (int k = 0; k < PROG_NUM_KERNELS; k++) {
		struct prog_kernel_args *ka = &args->kernel[k];
		free(ka->args.w);
		free(ka->common_args.w);
		free(ka->compile_args.w);
		for (uint32_t o = 0; o < ka->n_overrides; o++) {
			free(ka->overrides[o].cores);
			free(ka->overrides[o].args.w);
		}
		free(ka->overrides);
	}
	free(args->cores);
	free(args);
}
