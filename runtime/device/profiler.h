/* SPDX-License-Identifier: Apache-2.0
 *
 * The host side of the device profiler: the records a RISC's kernels left
 * in its buffer in L1 (tt/profiler_abi.h; the kernel SDK writes it,
 * runtime/kernel/tools/profiler/kernel_profiler.hpp).
 */
#ifndef TTRT_DEVICE_PROFILER_H
#define TTRT_DEVICE_PROFILER_H

#include "ttrt.h"

#include <stdint.h>

#define PROF_WHERE_MAX 256

struct prof_record {
	uint32_t type;                 /* TT_PROFILER_ZONE_START ... TS_EVENT */
	uint32_t event;                /* TS_EVENT's id */
	uint64_t instret, clock;       /* extended to 64 bits */
	uint64_t data;                 /* TS_DATA's value */
	char where[PROF_WHERE_MAX];    /* "NAME,FILE,LINE" as the kernel has it; "" for events */
};

/* Empties every RISC's buffer on a core, before a launch there. */
int prof_clear(struct ttrt_device *dev, struct ttrt_xy core);

/* The records RISC `risc` made since its buffer was last cleared, in
 * order: *out (malloc'd, NULL when none) holds *n; *dropped counts those
 * that found the buffer full. */
int prof_read(struct ttrt_device *dev, struct ttrt_xy core, int risc, struct prof_record **out,
	      uint32_t *n, uint32_t *dropped);

#endif
