/* SPDX-License-Identifier: Apache-2.0
 *
 * What test_args.c and test_args_sections.c share: the grid, the
 * parser and resolver helpers, and the section tests main runs.
 */
#ifndef TTFS_TEST_ARGS_H
#define TTFS_TEST_ARGS_H

#include "program/args/args.h"

#include <stddef.h>

#define GX 12
#define GY 10

struct prog_args *parse(const char *text, char *err, size_t errlen, int *rc);
int lookup(void *ctx, const char *name, struct prog_buffer_info *out);
void bad(const char *text, int line, const char *want);

/* Runs the section tests. check.h counts per translation unit: the
 * checks made there are given back for main's count. */
void test_args_sections(int *count, int *failures);

#endif
