/* SPDX-License-Identifier: Apache-2.0
 *
 * Which kernels run where: the kernels of the args that run (a
 * [kernel.NAME] always, its source must exist; a short name when its
 * file exists), and tt-metal's kernel groups (program-model.md §2.1):
 * the cores that run the same kernels form one group, which gets one
 * image of the kernel-config buffer. A core of [program] cores that runs
 * no kernel is not launched.
 */
#ifndef TTRT_PROGRAM_KERNEL_GROUPS_H
#define TTRT_PROGRAM_KERNEL_GROUPS_H

#include "program/args/args.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One group: its kernel on each processor (an index into
 * prog_args.kernel, or -1). */
struct prog_group {
	int32_t kernel[PROG_NUM_PROCESSORS];
	uint32_t n_cores;
};

struct prog_plan {
	bool *active;             /* [prog_args.n_kernels]: the kernel runs */
	uint32_t n_active;
	struct prog_group *groups;
	uint32_t n_groups;
	uint32_t n_cores;         /* the cores that run a kernel */
	uint32_t *core;           /* [n_cores]: their index into prog_args.cores, in its order */
	uint32_t *group_of;       /* [n_cores] */
};

/* Whether the program has a file: its name, and a non-empty text. */
typedef bool (*prog_file_exists_fn)(void *ctx, const char *name);

/* The plan of a's kernels, given the program's files. name prefixes the
 * errors, as the parser's: -EINVAL with "name:LINE: [kernel.x] source:
 * no file 'x.cpp' in the program", or two kernels on one processor of a
 * core; -ENOMEM. */
int prog_plan_make(const struct prog_args *a, prog_file_exists_fn exists, void *ctx,
		   const char *name, struct prog_plan *out, char *err, size_t errlen);
void prog_plan_free(struct prog_plan *p);

/* The kernel a core runs on a processor (an index into prog_args.kernel),
 * or -1. core is an index into prog_args.cores. */
int32_t prog_plan_kernel_at(const struct prog_args *a, const struct prog_plan *p, uint32_t core,
			    enum prog_processor proc);

/* The NOC both data-movement kernels of group g use, or -1 when the group
 * has fewer than two or they differ. Their barriers then compare one NIU's
 * counters with two RISCs' counts, and hang once both use that NOC, on
 * silicon as here; tt-metal does not refuse it (its DataMovementConfig
 * default is NOC 0 on either processor), so neither does ttfs: status
 * warns. */
int prog_plan_shared_noc(const struct prog_args *a, const struct prog_plan *p, uint32_t g);

#endif /* TTRT_PROGRAM_KERNEL_GROUPS_H */
