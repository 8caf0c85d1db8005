/* SPDX-License-Identifier: Apache-2.0
 *
 * A kernel built for a card (build_env.card): tt-metal's recipe
 * (card_build.h) run in a fresh directory, compile then link against the
 * weakened firmware, each step's argv and output in the log.
 */
#ifndef TTRT_PROGRAM_CARD_KERNEL_H
#define TTRT_PROGRAM_CARD_KERNEL_H

#include "program/build/build.h"

/* The argv a card build of req is keyed by: both steps' argv with the
 * build directory as "@OUT@", NULL-terminated and malloc'd like
 * build_argv's. NULL on -ENOMEM or a bad request. */
char **card_kernel_key_argv(const struct build_env *env, const struct build_request *req);

/* Compiles and links req into r (elf, log, error_*), stores the ELF under
 * r->key. 0; -ENOEXEC when a step failed; else -errno. */
int card_kernel_compile(const struct build_env *env, const struct build_request *req,
			struct build_result *r);

#endif /* TTRT_PROGRAM_CARD_KERNEL_H */
