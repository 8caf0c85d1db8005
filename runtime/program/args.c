/* SPDX-License-Identifier: Apache-2.0
 *
 * The args file: inih splits it into sections and keys, this file checks
 * every value and keeps buffer references symbolic until launch. The
 * syntax is documented in docs/programs-args.md.
 */
#include "program/args.h"
#include "runtime_internal.h"
#include "tt/l1_map.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* inih (Debian's build) hands lines of at most 199 characters to the
 * parser and keeps at most 49 characters of a key. */
#define INI_LINE_MAX  200
#define INI_KEY_MAX   49

#define CB_SPACE (TT_L1_SIZE - TT_DATA_BUFFER_SPACE_BASE)

_Static_assert(PROG_NAME_MAX == TTRT_BUFFER_NAME_MAX, "buffer names");

/* Sections, as numbered in parse_ctx.section_line. */
enum {
	SEC_PROGRAM = 0,
	SEC_KERNEL0 = 1,                          /* + enum prog_kernel */
	SEC_CB0 = SEC_KERNEL0 + PROG_NUM_KERNELS, /* + CB index */
	SEC_COUNT = SEC_CB0 + PROG_NUM_CBS,
	SEC_NONE = -1,                            /* before any section */
	SEC_BAD = -2,                             /* an unknown one, already reported */
};

struct parse_ctx {
	struct prog_args *args;
	const char *name;
	unsigned grid_x, grid_y;
	const char *text;
	size_t len, pos;
	int line;
	int error_line;
	int error_rc;
	char where[64];            /* "[section] " of the key being parsed */
	char reason[320];
	int section_line[SEC_COUNT];
	bool have_prev;            /* inih remembers a key: indented lines continue it */
	bool continuation;         /* the current line continues the previous key */
	struct prog_override *last_override;
};

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

/* ---- errors ---------------------------------------------------------------- */

static void parse_error(struct parse_ctx *ctx, int rc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void parse_error(struct parse_ctx *ctx, int rc, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	if (ctx->error_line)
		return;   /* the first error is the one to fix first */
	ctx->error_line = ctx->line ? ctx->line : 1;
	ctx->error_rc = rc;
	n = snprintf(ctx->reason, sizeof(ctx->reason), "%s", ctx->where);
	va_start(ap, fmt);
	vsnprintf(ctx->reason + n, sizeof(ctx->reason) - n, fmt, ap);
	va_end(ap);
}

/* An error found after parsing, at a line remembered earlier. */
#define error_at(ctx, at, ...)                              \
	do {                                                \
		(ctx)->line = (at);                         \
		parse_error((ctx), -EINVAL, __VA_ARGS__);   \
	} while (0)

/* ---- words ------------------------------------------------------------------- */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Next token of s separated by whitespace (and commas if commas): copies it
 * into tok and returns the rest, or NULL at the end. */
static const char *next_token(const char *s, bool commas, char *tok, size_t toklen, bool *too_long)
{
	size_t n = 0;

	while (*s && (is_space(*s) || (commas && *s == ',')))
		s++;
	if (!*s)
		return NULL;
	*too_long = false;
	while (*s && !is_space(*s) && !(commas && *s == ',')) {
		if (n + 1 < toklen)
			tok[n++] = *s;
		else
			*too_long = true;
		s++;
	}
	tok[n] = '\0';
	return s;
}

static bool all_digits(const char *s, int base)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (base == 16 ? !isxdigit((unsigned char)*s) : !isdigit((unsigned char)*s))
			return false;
	return true;
}

/* [+-]? (D+ [. D*] | . D+) ([eE] [+-]? D+)?  followed by f or F. */
static bool float_syntax(const char *s, size_t n)
{
	size_t i = 0, mant = 0;
	bool point = false, expo = false;

	if (n < 2 || (s[n - 1] != 'f' && s[n - 1] != 'F'))
		return false;
	n--;
	if (s[i] == '+' || s[i] == '-')
		i++;
	for (; i < n && (isdigit((unsigned char)s[i]) || s[i] == '.'); i++) {
		if (s[i] == '.') {
			if (point)
				return false;
			point = true;
		} else {
			mant++;
		}
	}
	if (!mant)
		return false;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t digits = 0;
		expo = true;
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		for (; i < n && isdigit((unsigned char)s[i]); i++)
			digits++;
		if (!digits)
			return false;
	}
	return i == n && (point || expo);
}

/* A number word: decimal (negative ones as two's complement), 0x hex, or
 * a float with an f suffix, which gives its IEEE-754 single bits. */
static int parse_number(struct parse_ctx *ctx, const char *key, const char *tok, bool floats,
			uint32_t *out)
{
	size_t n = strlen(tok);
	unsigned long long v;
	bool neg = false;
	const char *p = tok;

	if (n > 1 && (tok[n - 1] == 'f' || tok[n - 1] == 'F') &&
	    !(tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X'))) {
		char buf[64];
		float f;
		if (!floats || !float_syntax(tok, n) || n >= sizeof(buf)) {
			parse_error(ctx, -EINVAL, "%s: bad %s '%s'%s", key, floats ? "float" : "number",
				    tok, floats ? " (want e.g. 1.0f, -2.5f, 1e-3f)" : "");
			return -EINVAL;
		}
		memcpy(buf, tok, n - 1);
		buf[n - 1] = '\0';
		errno = 0;
		/* The syntax is checked above; ttfs never calls setlocale, so
		 * strtof's decimal point is '.'. */
		f = strtof(buf, NULL);
		if (errno == ERANGE && isinf(f)) {
			parse_error(ctx, -EINVAL, "%s: float '%s' is out of range", key, tok);
			return -EINVAL;
		}
		memcpy(out, &f, sizeof(*out));
		return 0;
	}
	if (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
		if (!all_digits(tok + 2, 16))
			goto bad;
		errno = 0;
		v = strtoull(tok + 2, NULL, 16);
		if (errno || v > UINT32_MAX)
			goto range;
		*out = (uint32_t)v;
		return 0;
	}
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	if (!all_digits(p, 10))
		goto bad;
	errno = 0;
	v = strtoull(p, NULL, 10);
	if (errno || v > (neg ? 0x80000000ull : UINT32_MAX))
		goto range;
	*out = neg ? (uint32_t)(0u - (uint32_t)v) : (uint32_t)v;
	return 0;
bad:
	parse_error(ctx, -EINVAL, "%s: bad number '%s' (want decimal, 0x hex%s)", key, tok,
		    floats ? " or a float like 1.0f" : "");
	return -EINVAL;
range:
	parse_error(ctx, -EINVAL, "%s: number '%s' does not fit in 32 bits", key, tok);
	return -EINVAL;
}

/* One number as a whole value, within [min, max]. */
static int parse_scalar(struct parse_ctx *ctx, const char *key, const char *value, uint32_t min,
			uint32_t max, uint32_t *out)
{
	char tok[64];
	bool too_long;
	const char *rest = next_token(value, false, tok, sizeof(tok), &too_long);
	uint32_t v;

	if (!rest || too_long || next_token(rest, false, tok, sizeof(tok), &too_long)) {
		parse_error(ctx, -EINVAL, "%s: want one number, not '%s'", key, value);
		return -EINVAL;
	}
	if (parse_number(ctx, key, tok, false, &v))
		return -EINVAL;
	if (v < min || v > max) {
		parse_error(ctx, -EINVAL, "%s: %u is out of range (%u..%u)", key, v, min, max);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

static int words_push(struct prog_words *ws, const struct prog_word *w)
{
	if (ws->n == ws->cap) {
		uint32_t cap = ws->cap ? ws->cap * 2 : 8;
		struct prog_word *nw = realloc(ws->w, cap * sizeof(*nw));
		if (!nw)
			return -ENOMEM;
		ws->w = nw;
		ws->cap = cap;
	}
	ws->w[ws->n++] = *w;
	return 0;
}

static uint32_t words_count(const struct prog_words *ws)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < ws->n; i++)
		n += ws->w[i].kind == PROG_WORD_ACCESSOR ? PROG_ACCESSOR_WORDS : 1;
	return n;
}

static int buffer_name(struct parse_ctx *ctx, const char *key, const char *tok, const char *name,
		       size_t len, char *out)
{
	char copy[PROG_NAME_MAX + 1];

	if (len == 0) {
		parse_error(ctx, -EINVAL, "%s: '%s' names no buffer", key, tok);
		return -EINVAL;
	}
	if (len > PROG_NAME_MAX) {
		parse_error(ctx, -EINVAL, "%s: buffer name in '%s' is longer than %d characters",
			    key, tok, PROG_NAME_MAX);
		return -EINVAL;
	}
	memcpy(copy, name, len);
	copy[len] = '\0';
	if (ttrt_buffer_name_check(copy)) {
		parse_error(ctx, -EINVAL,
			    "%s: '%s' is not a buffer name (letters, digits, '.', '_', '-')", key, copy);
		return -EINVAL;
	}
	memcpy(out, copy, len + 1);
	return 0;
}

enum list_kind { LIST_ARGS, LIST_COMPILE_ARGS };

/* Appends the words of value to ws. */
static int parse_words(struct parse_ctx *ctx, const char *key, const char *value,
		       enum list_kind kind, struct prog_words *ws)
{
	uint32_t max = kind == LIST_ARGS ? PROG_MAX_ARGS : PROG_MAX_COMPILE_ARGS;
	char tok[128];
	bool too_long;

	for (const char *s = value; (s = next_token(s, true, tok, sizeof(tok), &too_long));) {
		struct prog_word w = { .kind = PROG_WORD_VALUE };
		size_t n = strlen(tok);

		if (too_long) {
			parse_error(ctx, -EINVAL, "%s: word '%s...' is too long", key, tok);
			return -EINVAL;
		}
		if (tok[0] == '@') {
			if (kind != LIST_ARGS) {
				parse_error(ctx, -EINVAL,
					    "%s: '%s' is an address known at launch; put it in args or common_args, or use accessor(%s)",
					    key, tok, tok + 1);
				return -EINVAL;
			}
			w.kind = PROG_WORD_BUFFER;
			if (buffer_name(ctx, key, tok, tok + 1, n - 1, w.buffer))
				return -EINVAL;
		} else if (strncmp(tok, "accessor(", 9) == 0) {
			if (kind != LIST_COMPILE_ARGS) {
				parse_error(ctx, -EINVAL, "%s: '%s' gives compile-time words; put it in compile_args",
					    key, tok);
				return -EINVAL;
			}
			if (tok[n - 1] != ')' || n < 10) {
				parse_error(ctx, -EINVAL, "%s: bad '%s' (want accessor(NAME))", key, tok);
				return -EINVAL;
			}
			w.kind = PROG_WORD_ACCESSOR;
			if (buffer_name(ctx, key, tok, tok + 9, n - 10, w.buffer))
				return -EINVAL;
		} else if (parse_number(ctx, key, tok, true, &w.value)) {
			return -EINVAL;
		}
		if (words_count(ws) + (w.kind == PROG_WORD_ACCESSOR ? PROG_ACCESSOR_WORDS : 1) > max) {
			parse_error(ctx, -EINVAL, "%s: more than %u words", key, max);
			return -EINVAL;
		}
		if (words_push(ws, &w)) {
			parse_error(ctx, -ENOMEM, "out of memory");
			return -ENOMEM;
		}
	}
	return 0;
}

/* ---- cores ------------------------------------------------------------------ */

/* "N" or "N-M", N <= M. */
static bool parse_span(const char *s, size_t len, unsigned *lo, unsigned *hi)
{
	char buf[16];
	char *dash, *end;

	if (len == 0 || len >= sizeof(buf))
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	dash = strchr(buf, '-');
	if (dash)
		*dash = '\0';
	if (!all_digits(buf, 10) || (dash && !all_digits(dash + 1, 10)))
		return false;
	*lo = (unsigned)strtoul(buf, &end, 10);
	*hi = dash ? (unsigned)strtoul(dash + 1, &end, 10) : *lo;
	return *lo <= *hi;
}

/* Appends the cores of a list ("0,0 1-2,0-3 ...") to cores/n, at most
 * grid_x * grid_y of them, each once. */
static int parse_cores(struct parse_ctx *ctx, const char *key, const char *value,
		       struct ttrt_xy **cores, uint32_t *n)
{
	char tok[64];
	bool too_long;

	for (const char *s = value; (s = next_token(s, false, tok, sizeof(tok), &too_long));) {
		const char *comma = strchr(tok, ',');
		unsigned x0, x1, y0, y1;

		if (too_long || !comma || !parse_span(tok, (size_t)(comma - tok), &x0, &x1) ||
		    !parse_span(comma + 1, strlen(comma + 1), &y0, &y1)) {
			parse_error(ctx, -EINVAL,
				    "%s: bad core range '%s%s' (want X,Y or X0-X1,Y0-Y1, e.g. 0,0 or 0-3,0-1)",
				    key, tok, too_long ? "..." : "");
			return -EINVAL;
		}
		if (x1 >= ctx->grid_x || y1 >= ctx->grid_y) {
			parse_error(ctx, -EINVAL,
				    "%s: core range '%s' leaves the %ux%u grid (x 0..%u, y 0..%u)", key, tok,
				    ctx->grid_x, ctx->grid_y, ctx->grid_x - 1, ctx->grid_y - 1);
			return -EINVAL;
		}
		for (unsigned y = y0; y <= y1; y++) {
			for (unsigned x = x0; x <= x1; x++) {
				struct ttrt_xy *nc;
				for (uint32_t i = 0; i < *n; i++) {
					if ((*cores)[i].x == x && (*cores)[i].y == y) {
						parse_error(ctx, -EINVAL, "%s: core %u,%u is listed twice",
							    key, x, y);
						return -EINVAL;
					}
				}
				nc = realloc(*cores, (*n + 1) * sizeof(**cores));
				if (!nc) {
					parse_error(ctx, -ENOMEM, "out of memory");
					return -ENOMEM;
				}
				*cores = nc;
				nc[*n].x = (uint8_t)x;
				nc[*n].y = (uint8_t)y;
				(*n)++;
			}
		}
	}
	return 0;
}

/* ---- keys --------------------------------------------------------------------- */

static int parse_bool(struct parse_ctx *ctx, const char *key, const char *value, bool *out)
{
	static const char *const yes[] = { "1", "true", "yes", "on" };
	static const char *const no[] = { "0", "false", "no", "off" };

	for (size_t i = 0; i < 4; i++) {
		if (strcasecmp(value, yes[i]) == 0) {
			*out = true;
			return 0;
		}
		if (strcasecmp(value, no[i]) == 0) {
			*out = false;
			return 0;
		}
	}
	parse_error(ctx, -EINVAL, "%s: want true or false, not '%s'", key, value);
	return -EINVAL;
}

static int parse_defines(struct parse_ctx *ctx, const char *key, const char *value,
			 struct prog_kernel_args *k)
{
	char tok[PROG_DEFINE_MAX];
	bool too_long;

	for (const char *s = value; (s = next_token(s, false, tok, sizeof(tok), &too_long));) {
		size_t namelen = strcspn(tok, "=");
		bool ok = !too_long && namelen > 0 && !isdigit((unsigned char)tok[0]);

		for (size_t i = 0; ok && i < namelen; i++)
			ok = isalnum((unsigned char)tok[i]) || tok[i] == '_';
		for (const char *v = tok + namelen; ok && *v; v++)
			ok = *v > ' ' && *v < 0x7f;
		if (!ok) {
			parse_error(ctx, -EINVAL, "%s: bad define '%s%s' (want NAME or NAME=VALUE)", key,
				    tok, too_long ? "..." : "");
			return -EINVAL;
		}
		for (uint32_t i = 0; i < k->n_defines; i++) {
			if (strncmp(k->defines[i], tok, namelen) == 0 &&
			    (k->defines[i][namelen] == '=' || k->defines[i][namelen] == '\0')) {
				parse_error(ctx, -EINVAL, "%s: %.*s is defined twice", key, (int)namelen, tok);
				return -EINVAL;
			}
		}
		if (k->n_defines == PROG_MAX_DEFINES) {
			parse_error(ctx, -EINVAL, "%s: more than %d defines", key, PROG_MAX_DEFINES);
			return -EINVAL;
		}
		memcpy(k->defines[k->n_defines++], tok, strlen(tok) + 1);
	}
	return 0;
}

/* A key seen twice: error. lines[] holds where each key was first set. */
static int once(struct parse_ctx *ctx, const char *key, int *first)
{
	if (ctx->continuation)
		return 0;
	if (*first) {
		parse_error(ctx, -EINVAL, "duplicate key '%s' (first set at line %d)", key, *first);
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
	parse_error(ctx, -EINVAL,
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
		return parse_cores(ctx, key, value, &a->cores, &a->n_cores);
	}
	if (strcmp(key, "timeout_ms") == 0) {
		if (once(ctx, key, &a->key_line[1]) || single(ctx, key))
			return -EINVAL;
		return parse_scalar(ctx, key, value, 1, PROG_MAX_TIMEOUT_MS, &a->timeout_ms);
	}
	if (strcmp(key, "semaphores") == 0) {
		char tok[64];
		bool too_long;
		if (once(ctx, key, &a->key_line[2]))
			return -EINVAL;
		for (const char *s = value; (s = next_token(s, true, tok, sizeof(tok), &too_long));) {
			uint32_t v;
			if (a->n_semaphores == PROG_MAX_SEMAPHORES) {
				parse_error(ctx, -EINVAL, "%s: more than %d semaphores", key,
					    PROG_MAX_SEMAPHORES);
				return -EINVAL;
			}
			if (too_long || parse_number(ctx, key, tok, false, &v)) {
				parse_error(ctx, -EINVAL, "%s: bad number '%s'", key, tok);
				return -EINVAL;
			}
			a->semaphores[a->n_semaphores++] = v;
		}
		return 0;
	}
	parse_error(ctx, -EINVAL, "unknown key '%s' (cores, timeout_ms, semaphores)", key);
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
		parse_error(ctx, -EINVAL, "unknown key '%s' (format, pages, page_size)", key);
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
		parse_error(ctx, -EINVAL,
			    "format: unknown data format '%s' (Float32, Float16, Float16_b or bfloat16, Bfp8[_b], Bfp4[_b], Bfp2[_b], Int32, UInt32, UInt16, Int8, UInt8)",
			    value);
		return -EINVAL;
	}
	if (k == 1)
		return parse_scalar(ctx, key, value, 1, CB_SPACE / 16, &cb->pages);
	if (parse_scalar(ctx, key, value, 16, CB_SPACE, &cb->page_size))
		return -EINVAL;
	if (cb->page_size % 16) {
		parse_error(ctx, -EINVAL, "page_size: %u is not a multiple of 16 bytes", cb->page_size);
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
			parse_error(ctx, -ENOMEM, "out of memory");
			return -ENOMEM;
		}
		k->overrides = no;
		o = &no[k->n_overrides++];
		memset(o, 0, sizeof(*o));
		o->args.line = ctx->line;
		ctx->last_override = o;
		if (parse_cores(ctx, key, key + 5, &o->cores, &o->n_cores))
			return -EINVAL;
		if (!o->n_cores) {
			parse_error(ctx, -EINVAL, "%s: no core after 'args.' (want args.X,Y)", key);
			return -EINVAL;
		}
		/* One override per core: which one applies must be obvious. */
		for (uint32_t i = 0; i + 1 < k->n_overrides; i++) {
			struct prog_override *p = &k->overrides[i];
			for (uint32_t a = 0; a < p->n_cores; a++)
				for (uint32_t b = 0; b < o->n_cores; b++)
					if (p->cores[a].x == o->cores[b].x && p->cores[a].y == o->cores[b].y) {
						parse_error(ctx, -EINVAL,
							    "%s: core %u,%u already has its args at line %d",
							    key, o->cores[b].x, o->cores[b].y,
							    p->args.line);
						return -EINVAL;
					}
		}
	}
	return parse_words(ctx, key, value, LIST_ARGS, &o->args);
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
		parse_error(ctx, -EINVAL,
			    "unknown key '%s' (args, args.X,Y, common_args, compile_args, defines%s)",
			    key,
			    kid == PROG_COMPUTE ? ", math_fidelity, fp32_dest_acc_en, math_approx_mode" :
						  ", noc");
		return -EINVAL;
	}
	if (i == 4 && kid == PROG_COMPUTE) {
		parse_error(ctx, -EINVAL, "key 'noc' is only for [reader] and [writer]");
		return -EINVAL;
	}
	if (i >= 5 && kid != PROG_COMPUTE) {
		parse_error(ctx, -EINVAL, "key '%s' is only for [compute]", key);
		return -EINVAL;
	}
	if (once(ctx, key, &k->key_line[i]))
		return -EINVAL;
	switch (i) {
	case 0:
		k->args.line = k->key_line[i];
		return parse_words(ctx, key, value, LIST_ARGS, &k->args);
	case 1:
		k->common_args.line = k->key_line[i];
		return parse_words(ctx, key, value, LIST_ARGS, &k->common_args);
	case 2:
		k->compile_args.line = k->key_line[i];
		return parse_words(ctx, key, value, LIST_COMPILE_ARGS, &k->compile_args);
	case 3:
		return parse_defines(ctx, key, value, k);
	}
	if (single(ctx, key))
		return -EINVAL;
	if (i == 4) {
		uint32_t noc;
		if (parse_scalar(ctx, key, value, 0, 1, &noc))
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
		parse_error(ctx, -EINVAL, "math_fidelity: want LoFi, HiFi2, HiFi3 or HiFi4, not '%s'",
			    value);
		return -EINVAL;
	}
	return parse_bool(ctx, key, value, i == 6 ? &k->fp32_dest_acc_en : &k->math_approx_mode);
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
		if (!all_digits(digits, 10))
			goto bad_index;
		n = strtoul(digits, NULL, 10);
		if (n >= PROG_NUM_CBS) {
			parse_error(ctx, -EINVAL, "[%.*s]: CB index %lu is out of range (0..31)", (int)len,
				    name, n);
			return SEC_BAD;
		}
		return SEC_CB0 + (int)n;
bad_index:
		parse_error(ctx, -EINVAL, "[%.*s]: bad CB index (want [cb.N], N 0..31)", (int)len, name);
		return SEC_BAD;
	}
	parse_error(ctx, -EINVAL, "unknown section [%.*s] (program, cb.N, reader, writer, compute)",
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
		while (is_space(*s))
			s++;
		ctx->continuation = *s && *s != ';' && *s != '#';
		return;
	}
	while (is_space(*s))
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
		parse_error(ctx, -EINVAL, "section [%.*s] appears twice (first at line %d)",
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
		parse_error(ctx, -EINVAL, "a NUL byte in the line");
		n = strnlen(start, n);
	}
	if (n + 2 > (size_t)num) {
		parse_error(ctx, -EINVAL,
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
	while (n && is_space(buf[n - 1]))
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
		parse_error(ctx, -EINVAL, "key '%s' is outside a section (start with [program])", key);
		return 1;
	}
	id = section_id(ctx, section, strlen(section));
	if (id < 0)
		return 1;
	snprintf(ctx->where, sizeof(ctx->where), "[%.48s] ", section);
	if (strlen(key) >= INI_KEY_MAX - 1) {
		parse_error(ctx, -EINVAL, "key '%s...' is too long (at most %d characters)",
			    key, INI_KEY_MAX - 2);
		return 1;
	}
	if (ctx->continuation)
		value = strip_comment(value, stripped, sizeof(stripped));
	if (!*value) {
		parse_error(ctx, -EINVAL, "empty value for key '%s'", key);
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
			parse_error(ctx, -ENOMEM, "out of memory");
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
