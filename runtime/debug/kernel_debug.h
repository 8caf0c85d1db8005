/* SPDX-License-Identifier: Apache-2.0
 *
 * What a kernel's ASSERT and WAYPOINT left in L1 (tt/debug_abi.h), read
 * by the host on every backend: the last waypoint of each RISC, and the
 * file, line and condition of a failed ASSERT. docs/debugging.md,
 * "Asserts and waypoints".
 */
#ifndef TTRT_DEBUG_KERNEL_DEBUG_H
#define TTRT_DEBUG_KERNEL_DEBUG_H

#include "ttrt.h"

#include <stddef.h>

/* Forget the last program's waypoints and asserts on core (at a launch). */
int ttrt_debug_clear(struct ttrt_device *dev, struct ttrt_xy core);
/* The RISC's last waypoint: "ABCD", its word in hex when a byte is not
 * printable ("0x04030201"), or "" when it has none. 0 or -errno. */
int ttrt_debug_waypoint(struct ttrt_device *dev, struct ttrt_xy core, int risc, char *buf,
			size_t len);
/* A RISC stopped at pc by the ebreak of a failed ASSERT: its text,
 * "ASSERT(n < 4) failed at reader.cpp:12". 1 when it is one, 0 when not
 * (no assert recorded, or pc is not at an ebreak), or -errno. */
int ttrt_debug_assert(struct ttrt_device *dev, struct ttrt_xy core, int risc, uint32_t pc,
		      char *buf, size_t len);

#endif
