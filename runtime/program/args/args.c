/* SPDX-License-Identifier: Apache-2.0
 *
 * The args file: inih splits it into sections and keys; this file knows
 * which sections exist, where each line belongs, the [program] keys, and
 * what a whole file must hold. The kernel sections are args_kernel.c's,
 * [cb.*] and [semaphore.N] args_cb.c's; args_values.c checks each value.
 * Buffer references stay symbolic until launch. The syntax is documented
 * in docs/programs-args.md.
 */
#include "program/args/args_internal.h"
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

const char *prog_processor_name(enum prog_processor p)
{
	static const char *const names[PROG_NUM_PROCESSORS] = {
		[PROG_PROC_BRISC] = "brisc",
		[PROG_PROC_NCRISC] = "ncrisc",
		[PROG_PROC_COMPUTE] = "compute",
	};
	return (unsigned)p < PROG_NUM_PROCESSORS ? names[p] : "?";
}

bool prog_cores_has(const struct prog_cores *set, struct ttrt_xy core)
{
	for (uint32_t i = 0; i < set->n; i++)
		if (set->v[i].x == core.x && set->v[i].y == core.y)
			return true;
	return false;
}

const char *prog_kernel_section(const struct prog_kernel_args *k, char *buf, size_t len)
{
	snprintf(buf, len, k->short_name ? "[%s]" : "[kernel.%s]", k->name);
	return buf;
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

int args_format(struct parse_ctx *ctx, const char *key, const char *value,
		enum prog_data_format *out)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (strcasecmp(value, formats[i].name) == 0) {
			*out = formats[i].fmt;
			return 0;
		}
	}
	args_error(ctx, -EINVAL,
		   "%s: unknown data format '%s' (Float32, Float16, Float16_b or bfloat16, Bfp8[_b], Bfp4[_b], Bfp2[_b], Int32, UInt32, UInt16, Int8, UInt8)",
		   key, value);
	return -EINVAL;
}

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

#define FULL_TILE_VALUES 1024u
#define BFP_FULL_EXPONENTS 64u   /* a 32x32 tile's face rows */

uint32_t prog_format_shape_size(enum prog_data_format f, uint32_t rows, uint32_t cols)
{
	uint32_t full = prog_format_tile_size(f), values = rows * cols;
	bool bfp = f == PROG_FMT_BFP8 || f == PROG_FMT_BFP8_B || f == PROG_FMT_BFP4 ||
		   f == PROG_FMT_BFP4_B || f == PROG_FMT_BFP2 || f == PROG_FMT_BFP2_B;

	if (!full)
		return 0;
	if (!bfp)
		return full / FULL_TILE_VALUES * values;
	/* mantissas in proportion, then one exponent per 16 values (a face row) */
	return (full - BFP_FULL_EXPONENTS) * values / FULL_TILE_VALUES + ((values / 16 + 15) & ~15u);
}


int args_once(struct parse_ctx *ctx, const char *key, int *first)
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

int args_single(struct parse_ctx *ctx, const char *key)
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
		if (args_once(ctx, key, &a->key_line[0]))
			return -EINVAL;
		return args_cores(ctx, key, value, &a->cores, &a->n_cores);
	}
	if (strcmp(key, "timeout_ms") == 0) {
		if (args_once(ctx, key, &a->key_line[1]) || args_single(ctx, key))
			return -EINVAL;
		return args_scalar(ctx, key, value, 1, PROG_MAX_TIMEOUT_MS, &a->timeout_ms);
	}
	if (strcmp(key, "build_timeout_ms") == 0) {
		if (args_once(ctx, key, &a->key_line[3]) || args_single(ctx, key))
			return -EINVAL;
		return args_scalar(ctx, key, value, 1, PROG_MAX_TIMEOUT_MS, &a->build_timeout_ms);
	}
	if (strcmp(key, "noc") == 0) {
		if (args_once(ctx, key, &a->key_line[4]) || args_single(ctx, key))
			return -EINVAL;
		a->noc_mode = ttrt_noc_mode_parse(value);
		if (a->noc_mode < 0) {
			args_error(ctx, -EINVAL, "noc: '%s' is not instant or strict", value);
			return -EINVAL;
		}
		return 0;
	}
	if (strcmp(key, "semaphores") == 0) {
		char tok[64];
		bool too_long;
		if (args_once(ctx, key, &a->key_line[2]))
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
	args_error(ctx, -EINVAL,
		   "unknown key '%s' (cores, timeout_ms, build_timeout_ms, noc, semaphores)", key);
	return -EINVAL;
}

/* ---- sections and lines -------------------------------------------------------- */

static bool prefixed(const char *name, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && strncmp(name, prefix, n) == 0;
}

static int remember_section(struct parse_ctx *ctx, const char *name, size_t len)
{
	struct seen_section *s;

	for (uint32_t i = 0; i < ctx->n_seen; i++) {
		if (strlen(ctx->seen[i].name) == len && strncmp(ctx->seen[i].name, name, len) == 0) {
			args_error(ctx, -EINVAL, "section [%.*s] appears twice (first at line %d)",
				   (int)len, name, ctx->seen[i].line);
			return -EINVAL;
		}
	}
	s = args_grow(ctx, ctx->seen, ctx->n_seen, sizeof(*s));
	if (!s)
		return -ENOMEM;
	ctx->seen = s;
	snprintf(s[ctx->n_seen].name, sizeof(s->name), "%.*s", (int)len, name);
	s[ctx->n_seen++].line = ctx->line;
	return 0;
}

/* A section header: the section is made now, so that one with no keys is
 * checked too; ctx->cur_* say where the next keys go. */
static void section_open(struct parse_ctx *ctx, const char *name, size_t len)
{
	bool kernel = prefixed(name, len, "kernel.");
	uint32_t index = 0;
	int rc;

	ctx->cur_kind = SEC_BAD;
	for (int k = 0; k < PROG_NUM_KERNELS; k++)
		kernel |= len == strlen(kernel_names[k]) && strncmp(name, kernel_names[k], len) == 0;
	if (!kernel && !(len == 7 && strncmp(name, "program", 7) == 0) &&
	    !prefixed(name, len, "cb.") && !prefixed(name, len, "semaphore.")) {
		args_error(ctx, -EINVAL,
			   "unknown section [%.*s] (program, reader, writer, compute, kernel.NAME, cb.N, semaphore.N)",
			   (int)len, name);
		return;
	}
	if (remember_section(ctx, name, len))
		return;
	if (len == 7 && strncmp(name, "program", 7) == 0) {
		ctx->program_line = ctx->line;
		ctx->cur_kind = SEC_PROGRAM;
		return;
	}
	if (kernel) {
		rc = args_kernel_open(ctx, name, len, &index);
		if (rc == 0)
			ctx->cur_kind = SEC_KERNEL;
	} else if (prefixed(name, len, "cb.")) {
		rc = args_cb_open(ctx, name, len, &index);
		if (rc == 0)
			ctx->cur_kind = SEC_CB;
	} else {
		rc = args_semaphore_open(ctx, name, len, &index);
		if (rc == 0)
			ctx->cur_kind = SEC_SEMAPHORE;
	}
	ctx->cur_index = index;
}

/* Sees each line as inih will: a section header opens a section (checked
 * here, so an unknown one is an error even with no keys), an indented line
 * after a key continues that key. */
static void classify_line(struct parse_ctx *ctx, const char *s)
{
	const char *end;

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
	if (ctx->error_line)
		return;
	section_open(ctx, s + 1, (size_t)(end - s - 1));
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
	struct prog_args *a = ctx->args;
	char stripped[INI_LINE_MAX];

	if (!ctx->continuation)
		ctx->have_prev = true;
	if (ctx->error_line)
		return 1;   /* only the first error is reported */
	if (!*section) {
		args_error(ctx, -EINVAL, "key '%s' is outside a section (start with [program])", key);
		return 1;
	}
	if (ctx->cur_kind < 0)
		return 1;
	snprintf(ctx->where, sizeof(ctx->where), "[%.64s] ", section);
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
	switch (ctx->cur_kind) {
	case SEC_PROGRAM:
		program_key(ctx, key, value);
		break;
	case SEC_KERNEL:
		args_kernel_key(ctx, &a->kernel[ctx->cur_index], key, value);
		break;
	case SEC_CB:
		args_cb_key(ctx, &a->cb[ctx->cur_index], key, value);
		break;
	default:
		args_semaphore_key(ctx, &a->sems[ctx->cur_index], key, value);
		break;
	}
	return 1;
}

int args_cores_within(struct parse_ctx *ctx, struct prog_cores *cores, const char *what,
		      int key_line)
{
	const struct prog_args *a = ctx->args;
	struct prog_cores all = { a->cores, a->n_cores };

	if (!cores->n) {
		cores->v = malloc(a->n_cores * sizeof(*cores->v));
		if (!cores->v) {
			args_error(ctx, -ENOMEM, "out of memory");
			return -ENOMEM;
		}
		memcpy(cores->v, a->cores, a->n_cores * sizeof(*cores->v));
		cores->n = a->n_cores;
		return 0;
	}
	for (uint32_t i = 0; i < cores->n; i++) {
		if (!prog_cores_has(&all, cores->v[i])) {
			args_error_at(ctx, key_line, "%s cores: core %u,%u is not in [program] cores",
				      what, cores->v[i].x, cores->v[i].y);
			return -EINVAL;
		}
	}
	return 0;
}

/* Checks that need the whole file. */
static void finish(struct parse_ctx *ctx)
{
	struct prog_args *a = ctx->args;

	if (!a->n_cores) {
		a->cores = calloc(1, sizeof(*a->cores));
		if (!a->cores) {
			args_error(ctx, -ENOMEM, "out of memory");
			return;
		}
		a->n_cores = 1;   /* core 0,0 */
	}
	args_kernels_finish(ctx);
	if (!ctx->error_line)
		args_cbs_finish(ctx);
	if (!ctx->error_line)
		args_semaphores_finish(ctx);
}

static struct prog_args *args_new(void)
{
	struct prog_args *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	a->kernel = calloc(PROG_NUM_KERNELS, sizeof(*a->kernel));
	if (!a->kernel) {
		free(a);
		return NULL;
	}
	a->n_kernels = PROG_NUM_KERNELS;
	a->noc_mode = -1;
	for (int k = 0; k < PROG_NUM_KERNELS; k++) {
		struct prog_kernel_args *ka = &a->kernel[k];

		snprintf(ka->name, sizeof(ka->name), "%s", kernel_names[k]);
		snprintf(ka->source, sizeof(ka->source), "%s.cpp", kernel_names[k]);
		ka->short_name = true;
		ka->math_fidelity = PROG_HIFI4;
		memset(ka->unpack_to_dest_mode, PROG_UNPACK_DEFAULT, sizeof(ka->unpack_to_dest_mode));
	}
	a->kernel[PROG_READER].processor = PROG_PROC_NCRISC;
	a->kernel[PROG_READER].noc = 1;
	a->kernel[PROG_WRITER].processor = PROG_PROC_BRISC;
	a->kernel[PROG_COMPUTE].processor = PROG_PROC_COMPUTE;
	return a;
}

int prog_args_parse(const char *text, size_t len, const char *name, unsigned grid_x,
		    unsigned grid_y, struct prog_args **out, char *err, size_t errlen)
{
	struct parse_ctx ctx = {
		.name = name, .grid_x = grid_x, .grid_y = grid_y, .text = text, .len = len,
		.cur_kind = SEC_NONE,
	};
	int line;

	*out = NULL;
	if (grid_x == 0 || grid_y == 0 || grid_x > 256 || grid_y > 256)
		return -EINVAL;
	ctx.args = args_new();
	if (!ctx.args)
		return -ENOMEM;
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
	free(ctx.seen);
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
	for (uint32_t k = 0; k < args->n_kernels; k++)
		args_kernel_free(&args->kernel[k]);
	free(args->kernel);
	for (uint32_t i = 0; i < args->n_cbs; i++)
		free(args->cb[i].cores.v);
	free(args->cb);
	for (uint32_t i = 0; i < args->n_sems; i++)
		free(args->sems[i].cores.v);
	free(args->sems);
	free(args->cores);
	free(args);
}
