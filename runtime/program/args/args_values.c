/* SPDX-License-Identifier: Apache-2.0
 *
 * The values of an args file: numbers and floats, word lists with buffer
 * references, core lists, booleans and defines. Each parser reports the
 * first error through args_error, naming the key and the bad text.
 */
#include "program/args/args_internal.h"
#include "runtime_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- errors ---------------------------------------------------------------- */

void args_error(struct parse_ctx *ctx, int rc, const char *fmt, ...)
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

void *args_grow(struct parse_ctx *ctx, void *array, uint32_t n, size_t size)
{
	void *grown = realloc(array, ((size_t)n + 1) * size);

	if (!grown)
		args_error(ctx, -ENOMEM, "out of memory");
	return grown;
}

/* ---- words ------------------------------------------------------------------- */

bool args_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Next token of s separated by whitespace (and commas if commas): copies it
 * into tok and returns the rest, or NULL at the end. */
const char *args_next_token(const char *s, bool commas, char *tok, size_t toklen, bool *too_long)
{
	size_t n = 0;

	while (*s && (args_is_space(*s) || (commas && *s == ',')))
		s++;
	if (!*s)
		return NULL;
	*too_long = false;
	while (*s && !args_is_space(*s) && !(commas && *s == ',')) {
		if (n + 1 < toklen)
			tok[n++] = *s;
		else
			*too_long = true;
		s++;
	}
	tok[n] = '\0';
	return s;
}

bool args_all_digits(const char *s, int base)
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
int args_number(struct parse_ctx *ctx, const char *key, const char *tok, bool floats,
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
			args_error(ctx, -EINVAL, "%s: bad %s '%s'%s", key, floats ? "float" : "number",
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
			args_error(ctx, -EINVAL, "%s: float '%s' is out of range", key, tok);
			return -EINVAL;
		}
		memcpy(out, &f, sizeof(*out));
		return 0;
	}
	if (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
		if (!args_all_digits(tok + 2, 16))
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
	if (!args_all_digits(p, 10))
		goto bad;
	errno = 0;
	v = strtoull(p, NULL, 10);
	if (errno || v > (neg ? 0x80000000ull : UINT32_MAX))
		goto range;
	*out = neg ? (uint32_t)(0u - (uint32_t)v) : (uint32_t)v;
	return 0;
bad:
	args_error(ctx, -EINVAL, "%s: bad number '%s' (want decimal, 0x hex%s)", key, tok,
		    floats ? " or a float like 1.0f" : "");
	return -EINVAL;
range:
	args_error(ctx, -EINVAL, "%s: number '%s' does not fit in 32 bits", key, tok);
	return -EINVAL;
}

/* One number as a whole value, within [min, max]. */
int args_scalar(struct parse_ctx *ctx, const char *key, const char *value, uint32_t min,
			uint32_t max, uint32_t *out)
{
	char tok[64];
	bool too_long;
	const char *rest = args_next_token(value, false, tok, sizeof(tok), &too_long);
	uint32_t v;

	if (!rest || too_long || args_next_token(rest, false, tok, sizeof(tok), &too_long)) {
		args_error(ctx, -EINVAL, "%s: want one number, not '%s'", key, value);
		return -EINVAL;
	}
	if (args_number(ctx, key, tok, false, &v))
		return -EINVAL;
	if (v < min || v > max) {
		args_error(ctx, -EINVAL, "%s: %u is out of range (%u..%u)", key, v, min, max);
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

uint32_t args_words_count(const struct prog_words *ws)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < ws->n; i++)
		n += ws->w[i].kind == PROG_WORD_ACCESSOR ? PROG_ACCESSOR_WORDS : 1;
	return n;
}

int args_buffer_name(struct parse_ctx *ctx, const char *key, const char *tok, const char *name,
		     size_t len, char *out)
{
	char copy[PROG_NAME_MAX + 1];

	if (len == 0) {
		args_error(ctx, -EINVAL, "%s: '%s' names no buffer", key, tok);
		return -EINVAL;
	}
	if (len > PROG_NAME_MAX) {
		args_error(ctx, -EINVAL, "%s: buffer name in '%s' is longer than %d characters",
			    key, tok, PROG_NAME_MAX);
		return -EINVAL;
	}
	memcpy(copy, name, len);
	copy[len] = '\0';
	if (ttrt_buffer_name_check(copy)) {
		args_error(ctx, -EINVAL,
			    "%s: '%s' is not a buffer name (letters, digits, '.', '_', '-')", key, copy);
		return -EINVAL;
	}
	memcpy(out, copy, len + 1);
	return 0;
}

static bool identifier(const char *s, size_t len);

/* NAME= before a word of args: Metal 2.0's named arg NAME, the rest the
 * word (moved to the front of tok). 0; -EINVAL with the error set. */
static int word_name(struct parse_ctx *ctx, const char *key, enum list_kind kind, char *tok,
		     struct prog_word *w)
{
	char *eq = strchr(tok, '=');
	size_t len;

	if (!eq)
		return 0;
	len = (size_t)(eq - tok);
	if (kind != LIST_ARGS) {
		args_error(ctx, -EINVAL,
			   "%s: '%s': compile-time args are not named here (named_compile_args gives name=value)",
			   key, tok);
		return -EINVAL;
	}
	if (!identifier(tok, len) || len > PROG_NAMED_ARG_MAX || !eq[1]) {
		args_error(ctx, -EINVAL,
			   "%s: bad '%s' (want NAME=VALUE, NAME of arg_names or common_arg_names)",
			   key, tok);
		return -EINVAL;
	}
	memcpy(w->name, tok, len);
	w->name[len] = '\0';
	memmove(tok, eq + 1, strlen(eq + 1) + 1);
	return 0;
}

/* Appends the words of value to ws. */
int args_words(struct parse_ctx *ctx, const char *key, const char *value,
		       enum list_kind kind, struct prog_words *ws)
{
	uint32_t max = kind == LIST_ARGS ? PROG_MAX_ARGS : PROG_MAX_COMPILE_ARGS;
	char tok[128];
	bool too_long;

	for (const char *s = value; (s = args_next_token(s, true, tok, sizeof(tok), &too_long));) {
		struct prog_word w = { .kind = PROG_WORD_VALUE };
		size_t n = strlen(tok);

		if (too_long) {
			args_error(ctx, -EINVAL, "%s: word '%s...' is too long", key, tok);
			return -EINVAL;
		}
		if (word_name(ctx, key, kind, tok, &w))
			return -EINVAL;
		n = strlen(tok);
		if (tok[0] == '@') {
			if (kind != LIST_ARGS) {
				args_error(ctx, -EINVAL,
					    "%s: '%s' is an address known at launch; put it in args or common_args, or use accessor(%s)",
					    key, tok, tok + 1);
				return -EINVAL;
			}
			w.kind = PROG_WORD_BUFFER;
			if (args_buffer_name(ctx, key, tok, tok + 1, n - 1, w.buffer))
				return -EINVAL;
		} else if (strncmp(tok, "accessor(", 9) == 0) {
			if (kind != LIST_COMPILE_ARGS) {
				args_error(ctx, -EINVAL, "%s: '%s' gives compile-time words; put it in compile_args",
					    key, tok);
				return -EINVAL;
			}
			if (tok[n - 1] != ')' || n < 10) {
				args_error(ctx, -EINVAL, "%s: bad '%s' (want accessor(NAME))", key, tok);
				return -EINVAL;
			}
			w.kind = PROG_WORD_ACCESSOR;
			if (args_buffer_name(ctx, key, tok, tok + 9, n - 10, w.buffer))
				return -EINVAL;
		} else if (args_number(ctx, key, tok, true, &w.value)) {
			return -EINVAL;
		}
		if (args_words_count(ws) + (w.kind == PROG_WORD_ACCESSOR ? PROG_ACCESSOR_WORDS : 1) > max) {
			args_error(ctx, -EINVAL, "%s: more than %u words", key, max);
			return -EINVAL;
		}
		if (words_push(ws, &w)) {
			args_error(ctx, -ENOMEM, "out of memory");
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
	if (!args_all_digits(buf, 10) || (dash && !args_all_digits(dash + 1, 10)))
		return false;
	*lo = (unsigned)strtoul(buf, &end, 10);
	*hi = dash ? (unsigned)strtoul(dash + 1, &end, 10) : *lo;
	return *lo <= *hi;
}

/* Appends the cores of a list ("0,0 1-2,0-3 ...") to cores/n, at most
 * grid_x * grid_y of them, each once. */
int args_cores(struct parse_ctx *ctx, const char *key, const char *value,
		       struct ttrt_xy **cores, uint32_t *n)
{
	char tok[64];
	bool too_long;

	for (const char *s = value; (s = args_next_token(s, false, tok, sizeof(tok), &too_long));) {
		const char *comma = strchr(tok, ',');
		unsigned x0, x1, y0, y1;

		if (too_long || !comma || !parse_span(tok, (size_t)(comma - tok), &x0, &x1) ||
		    !parse_span(comma + 1, strlen(comma + 1), &y0, &y1)) {
			args_error(ctx, -EINVAL,
				    "%s: bad core range '%s%s' (want X,Y or X0-X1,Y0-Y1, e.g. 0,0 or 0-3,0-1)",
				    key, tok, too_long ? "..." : "");
			return -EINVAL;
		}
		if (x1 >= ctx->grid_x || y1 >= ctx->grid_y) {
			args_error(ctx, -EINVAL,
				    "%s: core range '%s' leaves the %ux%u grid (x 0..%u, y 0..%u)", key, tok,
				    ctx->grid_x, ctx->grid_y, ctx->grid_x - 1, ctx->grid_y - 1);
			return -EINVAL;
		}
		for (unsigned y = y0; y <= y1; y++) {
			for (unsigned x = x0; x <= x1; x++) {
				struct ttrt_xy *nc;
				for (uint32_t i = 0; i < *n; i++) {
					if ((*cores)[i].x == x && (*cores)[i].y == y) {
						args_error(ctx, -EINVAL, "%s: core %u,%u is listed twice",
							    key, x, y);
						return -EINVAL;
					}
				}
				nc = args_grow(ctx, *cores, *n, sizeof(**cores));
				if (!nc)
					return -ENOMEM;
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

int args_bool(struct parse_ctx *ctx, const char *key, const char *value, bool *out)
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
	args_error(ctx, -EINVAL, "%s: want true or false, not '%s'", key, value);
	return -EINVAL;
}

/* Next word of s, where "..." quotes spaces (the quotes are dropped):
 * copied into tok; the rest of s, or NULL at the end. *bad: a quote not
 * closed or a word too long. */
static const char *quoted_token(const char *s, char *tok, size_t toklen, bool *bad)
{
	bool quoted = false;
	size_t n = 0;

	while (*s && args_is_space(*s))
		s++;
	if (!*s)
		return NULL;
	*bad = false;
	for (; *s && (quoted || !args_is_space(*s)); s++) {
		if (*s == '"') {
			quoted = !quoted;
			continue;
		}
		if (n + 1 < toklen)
			tok[n++] = *s;
		else
			*bad = true;
	}
	tok[n] = '\0';
	*bad |= quoted;
	return s;
}

int args_defines(struct parse_ctx *ctx, const char *key, const char *value,
			 struct prog_kernel_args *k)
{
	char tok[PROG_DEFINE_MAX];
	bool bad;

	for (const char *s = value; (s = quoted_token(s, tok, sizeof(tok), &bad));) {
		size_t namelen = strcspn(tok, "=");
		bool ok = !bad && namelen > 0 && !isdigit((unsigned char)tok[0]);

		for (size_t i = 0; ok && i < namelen; i++)
			ok = isalnum((unsigned char)tok[i]) || tok[i] == '_';
		for (const char *v = tok + namelen; ok && *v; v++)
			ok = *v >= ' ' && *v < 0x7f;
		if (!ok) {
			args_error(ctx, -EINVAL,
				   "%s: bad define '%s%s' (want NAME or NAME=VALUE, quoted if it has spaces)",
				   key, tok, bad ? "..." : "");
			return -EINVAL;
		}
		for (uint32_t i = 0; i < k->n_defines; i++) {
			if (strncmp(k->defines[i], tok, namelen) == 0 &&
			    (k->defines[i][namelen] == '=' || k->defines[i][namelen] == '\0')) {
				args_error(ctx, -EINVAL, "%s: %.*s is defined twice", key, (int)namelen, tok);
				return -EINVAL;
			}
		}
		if (k->n_defines == PROG_MAX_DEFINES) {
			args_error(ctx, -EINVAL, "%s: more than %d defines", key, PROG_MAX_DEFINES);
			return -EINVAL;
		}
		memcpy(k->defines[k->n_defines++], tok, strlen(tok) + 1);
	}
	return 0;
}

bool args_small_number(const char *s, size_t len, unsigned long *out)
{
	char buf[10];

	if (len == 0 || len >= sizeof(buf))
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (!args_all_digits(buf, 10))
		return false;
	*out = strtoul(buf, NULL, 10);
	return true;
}

static bool identifier(const char *s, size_t len)
{
	if (len == 0 || isdigit((unsigned char)s[0]))
		return false;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return false;
	return true;
}

_Static_assert(offsetof(struct prog_named_arg, name) == 0, "new_named: the name comes first");
_Static_assert(offsetof(struct prog_buffer_binding, name) == 0, "new_named: the name comes first");

/* Room for one more entry named tok in *v (n entries of size bytes, each
 * beginning with its name), zeroed but for the name: NULL with the error
 * set when tok is there already, there are PROG_MAX_NAMED_ARGS of them
 * (what says of what), or memory ran out. */
static void *new_named(struct parse_ctx *ctx, const char *key, const char *tok, void **v,
		       uint32_t n, size_t size, const char *what)
{
	char *grown;

	for (uint32_t i = 0; i < n; i++) {
		if (!strcmp((const char *)*v + i * size, tok)) {
			args_error(ctx, -EINVAL, "%s: %s is given twice", key, tok);
			return NULL;
		}
	}
	if (n == PROG_MAX_NAMED_ARGS) {
		args_error(ctx, -EINVAL, "%s: more than %d %s", key, PROG_MAX_NAMED_ARGS, what);
		return NULL;
	}
	grown = args_grow(ctx, *v, n, size);
	if (!grown)
		return NULL;
	*v = grown;
	memset(grown + n * size, 0, size);
	memcpy(grown + n * size, tok, strlen(tok) + 1);
	return grown + n * size;
}

int args_name_values(struct parse_ctx *ctx, const char *key, const char *value,
		     struct prog_named_arg **v, uint32_t *n)
{
	char tok[128];
	bool too_long;

	for (const char *s = value; (s = args_next_token(s, true, tok, sizeof(tok), &too_long));) {
		char *eq = strchr(tok, '=');
		struct prog_named_arg *na;

		if (too_long || !eq || !identifier(tok, (size_t)(eq - tok)) ||
		    (size_t)(eq - tok) > PROG_NAMED_ARG_MAX) {
			args_error(ctx, -EINVAL,
				   "%s: bad '%s%s' (want name=value, name a C identifier of at most %d characters)",
				   key, tok, too_long ? "..." : "", PROG_NAMED_ARG_MAX);
			return -EINVAL;
		}
		*eq = '\0';
		na = new_named(ctx, key, tok, (void **)v, *n, sizeof(*na), "named args");
		if (!na)
			return ctx->error_rc;
		if (args_number(ctx, key, eq + 1, true, &na->value))
			return -EINVAL;
		(*n)++;
	}
	return 0;
}

int args_arg_names(struct parse_ctx *ctx, const char *key, const char *value,
		   struct prog_named_arg **names, uint32_t *n)
{
	char tok[128];
	bool too_long;

	for (const char *s = value; (s = args_next_token(s, false, tok, sizeof(tok), &too_long));) {
		if (too_long || !identifier(tok, strlen(tok)) || strlen(tok) > PROG_NAMED_ARG_MAX) {
			args_error(ctx, -EINVAL,
				   "%s: bad name '%s%s' (a C identifier of at most %d characters)", key,
				   tok, too_long ? "..." : "", PROG_NAMED_ARG_MAX);
			return -EINVAL;
		}
		if (!new_named(ctx, key, tok, (void **)names, *n, sizeof(**names), "names"))
			return ctx->error_rc;
		(*n)++;
	}
	return 0;
}

int args_name_buffers(struct parse_ctx *ctx, const char *key, const char *value,
		      struct prog_buffer_binding **v, uint32_t *n)
{
	char tok[128];
	bool too_long;

	for (const char *s = value; (s = args_next_token(s, false, tok, sizeof(tok), &too_long));) {
		char *eq = strchr(tok, '=');
		struct prog_buffer_binding *b;
		size_t namelen = eq ? (size_t)(eq - tok) : 0;

		if (too_long || !eq || !identifier(tok, namelen) || namelen > PROG_NAMED_ARG_MAX) {
			args_error(ctx, -EINVAL,
				   "%s: bad '%s%s' (want NAME=BUFFER, NAME a C identifier of at most %d characters)",
				   key, tok, too_long ? "..." : "", PROG_NAMED_ARG_MAX);
			return -EINVAL;
		}
		*eq = '\0';
		b = new_named(ctx, key, tok, (void **)v, *n, sizeof(*b), "names");
		if (!b)
			return ctx->error_rc;
		if (args_buffer_name(ctx, key, eq + 1, eq + 1, strlen(eq + 1), b->buffer))
			return -EINVAL;
		(*n)++;
	}
	return 0;
}

int prog_named_args_define(const struct prog_kernel_args *k, char **out)
{
	size_t len = 0;
	FILE *f;

	*out = NULL;
	if (!k->n_named_args)
		return 0;
	f = open_memstream(out, &len);
	if (!f)
		return -ENOMEM;
	for (uint32_t i = 0; i < k->n_named_args; i++)
		fprintf(f, "{\"%s\",%u}, ", k->named_args[i].name, k->named_args[i].value);
	if (fclose(f) != 0) {
		free(*out);
		*out = NULL;
		return -ENOMEM;
	}
	return 0;
}
