/* SPDX-License-Identifier: Apache-2.0
 *
 * Shared by the args parser's files: args.c (sections, [program], the
 * inih plumbing, the checks of a whole file), args_kernel.c (kernel
 * sections), args_cb.c ([cb.*] and [semaphore.N]) and args_values.c (the
 * values: numbers, words, cores, defines). Not part of the runtime's
 * interface.
 */
#ifndef TTRT_PROGRAM_ARGS_INTERNAL_H
#define TTRT_PROGRAM_ARGS_INTERNAL_H

#include "program/args/args.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The kinds of section. */
enum sec_kind {
	SEC_BAD = -2,         /* an unknown one, already reported */
	SEC_NONE = -1,        /* before any section */
	SEC_PROGRAM = 0,
	SEC_KERNEL,           /* index into prog_args.kernel */
	SEC_CB,               /* index into prog_args.cb */
	SEC_SEMAPHORE,        /* index into prog_args.sems */
};

/* A section header seen, for duplicates. */
struct seen_section {
	char name[64];
	int line;
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
	char where[80];            /* "[section] " of the key being parsed */
	char reason[400];
	int program_line;          /* [program]'s header, 0 if none */
	struct seen_section *seen;
	uint32_t n_seen;
	enum sec_kind cur_kind;    /* the section the lines belong to */
	uint32_t cur_index;
	bool have_prev;            /* inih remembers a key: indented lines continue it */
	bool continuation;         /* the current line continues the previous key */
	struct prog_override *last_override;
};

/* Records the first error, at ctx->line, prefixed with ctx->where. */
void args_error(struct parse_ctx *ctx, int rc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* An error found after parsing, at a line remembered earlier. */
#define args_error_at(ctx, at, ...)                        \
	do {                                               \
		(ctx)->line = (at);                        \
		args_error((ctx), -EINVAL, __VA_ARGS__);  \
	} while (0)

/* array (n elements of size bytes) with room for one more: the new
 * array, or NULL with "out of memory" reported (array is left as it was). */
void *args_grow(struct parse_ctx *ctx, void *array, uint32_t n, size_t size);
/* A key seen twice is an error; *first holds where it was first set. */
int args_once(struct parse_ctx *ctx, const char *key, int *first);
/* Keys that take one value cannot be continued on an indented line. */
int args_single(struct parse_ctx *ctx, const char *key);

bool args_is_space(char c);
/* Next token of s separated by whitespace (and commas if commas): copies it
 * into tok and returns the rest, or NULL at the end. */
const char *args_next_token(const char *s, bool commas, char *tok, size_t toklen, bool *too_long);
bool args_all_digits(const char *s, int base);
/* A decimal number of at most 9 digits, the whole of s[0..len). */
bool args_small_number(const char *s, size_t len, unsigned long *out);

/* A number word: decimal (negative ones as two's complement), 0x hex, or
 * with floats a float with an f suffix, which gives its IEEE-754 bits. */
int args_number(struct parse_ctx *ctx, const char *key, const char *tok, bool floats,
		uint32_t *out);
/* One number as a whole value, within [min, max]. */
int args_scalar(struct parse_ctx *ctx, const char *key, const char *value, uint32_t min,
		uint32_t max, uint32_t *out);
/* A data format name (tt-metal's DataFormat, any case, or bfloat16). */
int args_format(struct parse_ctx *ctx, const char *key, const char *value,
		enum prog_data_format *out);

enum list_kind { LIST_ARGS, LIST_COMPILE_ARGS };

uint32_t args_words_count(const struct prog_words *ws);
/* A buffer name of len bytes at name (in token tok, for the message),
 * checked as ttrt_buffer_name_check does, into out. */
int args_buffer_name(struct parse_ctx *ctx, const char *key, const char *tok, const char *name,
		     size_t len, char *out);
/* Appends the words of value to ws: numbers, and @name in LIST_ARGS or
 * accessor(name) in LIST_COMPILE_ARGS. */
int args_words(struct parse_ctx *ctx, const char *key, const char *value, enum list_kind kind,
	       struct prog_words *ws);
/* Appends the cores of a list ("0,0 1-2,0-3 ...") to cores/n, each once. */
int args_cores(struct parse_ctx *ctx, const char *key, const char *value, struct ttrt_xy **cores,
	       uint32_t *n);
int args_bool(struct parse_ctx *ctx, const char *key, const char *value, bool *out);
/* NAME or NAME=VALUE words; a word may be quoted ("A=x y" or A="x y") to
 * hold spaces. */
int args_defines(struct parse_ctx *ctx, const char *key, const char *value,
		 struct prog_kernel_args *k);
/* name=value words, value a number. */
/* arg_names / common_arg_names = name ...: C identifiers, each once. */
int args_arg_names(struct parse_ctx *ctx, const char *key, const char *value,
		   struct prog_named_arg **names, uint32_t *n);
/* name=number ... (named_compile_args): appended to v/n, each name once. */
int args_name_values(struct parse_ctx *ctx, const char *key, const char *value,
		     struct prog_named_arg **v, uint32_t *n);
/* name=BUFFER ... (tensor_names): appended to v/n, each name once. */
int args_name_buffers(struct parse_ctx *ctx, const char *key, const char *value,
		      struct prog_buffer_binding **v, uint32_t *n);

/* args_kernel.c */
/* A new kernel section: [reader], [writer], [compute] (name is one of
 * them) or [kernel.NAME]. 0, or -EINVAL/-ENOMEM reported. */
int args_kernel_open(struct parse_ctx *ctx, const char *name, size_t len, uint32_t *index);
int args_kernel_key(struct parse_ctx *ctx, struct prog_kernel_args *k, const char *key,
		    const char *value);
/* Checks that need the whole file: every kernel's processor, keys, cores
 * and overrides, and no two kernels on one processor of one core. */
void args_kernels_finish(struct parse_ctx *ctx);
void args_kernel_free(struct prog_kernel_args *k);

/* args_cb.c */
int args_cb_open(struct parse_ctx *ctx, const char *name, size_t len, uint32_t *index);
int args_cb_key(struct parse_ctx *ctx, struct prog_cb *cb, const char *key, const char *value);
int args_semaphore_open(struct parse_ctx *ctx, const char *name, size_t len, uint32_t *index);
int args_semaphore_key(struct parse_ctx *ctx, struct prog_semaphore *s, const char *key,
		       const char *value);
/* Checks that need the whole file: every CB's pages, sizes and cores, no
 * index twice on a core, and room in L1; the semaphores' ids and cores. */
void args_cbs_finish(struct parse_ctx *ctx);
void args_semaphores_finish(struct parse_ctx *ctx);

/* A section's optional core list, checked against [program] cores and
 * filled with all of them when unset. what names the section. */
int args_cores_within(struct parse_ctx *ctx, struct prog_cores *cores, const char *what,
		      int key_line);

#endif /* TTRT_PROGRAM_ARGS_INTERNAL_H */
