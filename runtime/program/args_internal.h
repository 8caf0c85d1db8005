/* SPDX-License-Identifier: Apache-2.0
 *
 * Shared by the args parser's two files: args.c (sections, keys, the
 * inih plumbing) and args_values.c (the values: numbers, words, cores,
 * defines). Not part of the runtime's interface.
 */
#ifndef TTRT_PROGRAM_ARGS_INTERNAL_H
#define TTRT_PROGRAM_ARGS_INTERNAL_H

#include "program/args.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* Records the first error, at ctx->line, prefixed with ctx->where. */
void args_error(struct parse_ctx *ctx, int rc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

bool args_is_space(char c);
/* Next token of s separated by whitespace (and commas if commas): copies it
 * into tok and returns the rest, or NULL at the end. */
const char *args_next_token(const char *s, bool commas, char *tok, size_t toklen, bool *too_long);
bool args_all_digits(const char *s, int base);

/* A number word: decimal (negative ones as two's complement), 0x hex, or
 * with floats a float with an f suffix, which gives its IEEE-754 bits. */
int args_number(struct parse_ctx *ctx, const char *key, const char *tok, bool floats,
		uint32_t *out);
/* One number as a whole value, within [min, max]. */
int args_scalar(struct parse_ctx *ctx, const char *key, const char *value, uint32_t min,
		uint32_t max, uint32_t *out);

enum list_kind { LIST_ARGS, LIST_COMPILE_ARGS };

uint32_t args_words_count(const struct prog_words *ws);
/* Appends the words of value to ws: numbers, and @name in LIST_ARGS or
 * accessor(name) in LIST_COMPILE_ARGS. */
int args_words(struct parse_ctx *ctx, const char *key, const char *value, enum list_kind kind,
	       struct prog_words *ws);
/* Appends the cores of a list ("0,0 1-2,0-3 ...") to cores/n, each once. */
int args_cores(struct parse_ctx *ctx, const char *key, const char *value, struct ttrt_xy **cores,
	       uint32_t *n);
int args_bool(struct parse_ctx *ctx, const char *key, const char *value, bool *out);
int args_defines(struct parse_ctx *ctx, const char *key, const char *value,
		 struct prog_kernel_args *k);

#endif /* TTRT_PROGRAM_ARGS_INTERNAL_H */
