/* SPDX-License-Identifier: Apache-2.0
 *
 * A kernel's ASSERT and WAYPOINT marks in L1 (kernel_debug.h). Only L1
 * reads and writes, so they work through any backend. The strings an
 * assert points at are string literals in the kernel's image in L1; they
 * are read with bounds and shown with anything not printable replaced,
 * since a kernel that went wrong may have written anything there.
 */
#include "debug/kernel_debug.h"
#include "runtime_internal.h"
#include "tt/debug_abi.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define EBREAK 0x00100073u
#define TEXT_MAX 160

int ttrt_debug_clear(struct ttrt_device *dev, struct ttrt_xy core)
{
	static const struct tt_debug_msg zero;

	return ttrt_l1_write(dev, core, TT_DEBUG_BASE, &zero, sizeof(zero));
}

static int printable(unsigned char c)
{
	return c >= 0x20 && c < 0x7f;
}

int ttrt_debug_waypoint(struct ttrt_device *dev, struct ttrt_xy core, int risc, char *buf,
			size_t len)
{
	uint8_t b[4];
	size_t n = 0;
	int rc;

	if (len)
		buf[0] = '\0';
	if (risc < 0 || risc >= TTRT_NUM_RISCS)
		return -EINVAL;
	rc = ttrt_l1_read(dev, core, TT_DEBUG_WAYPOINT(risc), b, sizeof(b));
	if (rc)
		return rc;
	/* Up to the first NUL, as Watcher prints it; a byte past it or a
	 * character that cannot be is not a waypoint a kernel wrote. */
	while (n < 4 && b[n])
		n++;
	for (size_t i = 0; i < 4; i++)
		if (i < n ? !printable(b[i]) : b[i] != 0) {
			snprintf(buf, len, "0x%02x%02x%02x%02x", b[3], b[2], b[1], b[0]);
			return 0;
		}
	snprintf(buf, len, "%.*s", (int)n, (const char *)b);
	return 0;
}

/* A NUL-terminated string of the kernel's image at addr, at most
 * TEXT_MAX - 1 bytes, its non-printable bytes as '?'; "?" when it is not
 * in L1. */
static void l1_string(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr,
		      char out[TEXT_MAX])
{
	if (ttrt_l1_string(dev, core, addr, out, TEXT_MAX) < 0) {
		strcpy(out, "?");
		return;
	}
	for (size_t i = 0; out[i]; i++)
		if (!printable((unsigned char)out[i]))
			out[i] = '?';
}

int ttrt_debug_assert(struct ttrt_device *dev, struct ttrt_xy core, int risc, uint32_t pc,
		      char *buf, size_t len)
{
	struct tt_debug_assert a;
	char file[TEXT_MAX], cond[TEXT_MAX];
	uint32_t insn = 0;
	int rc;

	if (risc < 0 || risc >= TTRT_NUM_RISCS)
		return -EINVAL;
	rc = ttrt_l1_read(dev, core, TT_DEBUG_ASSERT(risc), &a, sizeof(a));
	if (rc == 0 && a.tripped == TT_DEBUG_ASSERT_TRIPPED)
		rc = ttrt_l1_read(dev, core, pc, &insn, sizeof(insn));
	if (rc || a.tripped != TT_DEBUG_ASSERT_TRIPPED || insn != EBREAK)
		return rc;
	l1_string(dev, core, a.file, file);
	l1_string(dev, core, a.cond, cond);
	snprintf(buf, len, "ASSERT(%s) failed at %s:%u", cond, file, a.line);
	return 1;
}
