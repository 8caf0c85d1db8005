/* SPDX-License-Identifier: Apache-2.0
 *
 * chlkc_descriptors.h: the header tt-metal's JIT generates for each
 * kernel (genfiles.cpp, generate_all_descriptors), here generated from a
 * program's args for each of its kernels, so that compute kernels and the SDK's compute side see
 * the CB data formats and tile sizes, the math fidelity, the approximate
 * mode and the DST accumulation and sync modes as constants.
 * docs/programs.md, "chlkc_descriptors.h".
 */
#ifndef TTRT_PROGRAM_DESCRIPTORS_H
#define TTRT_PROGRAM_DESCRIPTORS_H

#include "program/args/args.h"

#include <stddef.h>

/* The file's name in the build directory, as kernels include it. */
#define PROG_DESCRIPTORS_FILE "chlkc_descriptors.h"

/* The text of chlkc_descriptors.h for kernel a->kernel[kernel]
 * (malloc'd, NUL-terminated, *len without the NUL). 0 or -ENOMEM. */
int prog_descriptors(const struct prog_args *a, uint32_t kernel, char **text, size_t *len);

#endif /* TTRT_PROGRAM_DESCRIPTORS_H */
