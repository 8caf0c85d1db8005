/* SPDX-License-Identifier: Apache-2.0
 *
 * Between the files of runtime/abi: the probe source and the compiler
 * that builds it.
 */
#ifndef TTRT_ABI_INTERNAL_H
#define TTRT_ABI_INTERNAL_H

#include "ttrt_abi.h"

#include <stddef.h>

/* The probe's C++ source (probe_source.c). Caller frees. */
int abi_probe_source(char **out, size_t *len);

#endif
