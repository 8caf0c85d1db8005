/* SPDX-License-Identifier: Apache-2.0
 *
 * programs/<name>/: the directory side is tree_programs.c, the open files
 * (sources, args, run, status, build/ artifacts) program_files.c.
 */
#ifndef TTFS_PROGRAMS_H
#define TTFS_PROGRAMS_H

#include "fs.h"

/* The files of a program directory; the sources come first, in the
 * order of enum ttrt_kernel. build/ is a K_PROGRAM_BUILD node. */
enum program_file {
	PF_READER = TTRT_KERNEL_READER,
	PF_WRITER = TTRT_KERNEL_WRITER,
	PF_COMPUTE = TTRT_KERNEL_COMPUTE,
	PF_ARGS = TTRT_NUM_KERNELS,
	PF_RUN,
	PF_STATUS,
	PF_COUNT
};

extern const char *const program_file_names[PF_COUNT];
extern const mode_t program_file_modes[PF_COUNT];

/* Everything a build can make (ttrt_program_artifact): a K_PROGRAM_ARTIFACT
 * node's file is an index here. */
#define NUM_ARTIFACT_NAMES 11
extern const char *const artifact_names[NUM_ARTIFACT_NAMES];
int artifact_index(const char *name);

/* st_size of a program file or artifact: what reading it now gives. */
int program_file_size(struct ttrt_program *p, uint32_t file, off_t *size);
int program_artifact_size(struct ttrt_program *p, uint32_t index, off_t *size);

/* Open a file of program p (the handle takes the caller's reference on
 * p, also when it fails). */
int program_file_open(struct fs *fs, struct node n, struct ttrt_program *p, int flags,
		      struct handle **out);
int program_artifact_open(struct node n, struct ttrt_program *p, struct handle **out);

#endif
