/* SPDX-License-Identifier: Apache-2.0
 *
 * The kmd backend: a real Blackhole through tt-kmd (DESIGN §2, reference
 * /blackhole-abi.md §1-3, §6). Opening it: open the device, check the
 * driver's ioctl API version and that the device is a Blackhole with
 * BAR0, take the chip lock, allocate and map the TLB windows, ask for
 * full power, and read the harvesting from ARC telemetry. Closing undoes
 * it in reverse. System calls go through the table of kmd_sys.h, so the
 * tests can run all of this against a simulated tt-kmd.
 */
#include "kmd_internal.h"
#include "runtime_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kmd_close(struct ttrt_backend *be)
{
	struct kmd_backend *kb = to_kmd(be);

	if (kb->powered)
		(void)kmd_device_power(kb, 0, NULL, 0);   /* idle: nothing left to do */
	kmd_windows_close(kb);
	kmd_chip_unlock(kb);
	if (kb->fd >= 0)
		kb->sys->close(kb->fd);
	free(kb);
}

static const struct ttrt_backend_ops kmd_ops = {
	.read = kmd_read,
	.write = kmd_write,
	.host_span = NULL,      /* a card's memory is not host memory */
	.written = NULL,
	.zero = NULL,           /* the runtime writes zeros through write() */
	.telemetry = kmd_telemetry,
	.risc_states = kmd_risc_states,
	.risc_detail = NULL,
	.local_read = NULL,
	.close = kmd_close,
	.chip_reset = kmd_chip_reset,
};

static int open_device(struct kmd_backend *kb, char *err, size_t errlen)
{
	kb->fd = kb->sys->open(kb->path, O_RDWR | O_CLOEXEC);
	if (kb->fd < 0) {
		int e = errno;
		ttrt_set_err(err, errlen, "%s: %s%s", kb->path, strerror(e),
			     e == ENOENT ? " (is tt-kmd loaded? `modprobe tenstorrent`)" : "");
		return -e;
	}
	return 0;
}

int ttrt_kmd_backend_open(const struct ttrt_config *cfg, struct ttrt_backend **out,
			  char *err, size_t errlen)
{
	struct kmd_backend *kb = calloc(1, sizeof(*kb));
	int rc;

	if (!kb)
		return -ENOMEM;
	kb->base.ops = &kmd_ops;
	kb->sys = ttrt_kmd_sys_current();
	kb->fd = -1;
	snprintf(kb->path, sizeof(kb->path), "%s", cfg->device_path);
	rc = open_device(kb, err, errlen);
	if (rc == 0)
		rc = kmd_device_identify(kb, err, errlen);
	if (rc == 0)
		rc = kmd_chip_lock(kb, err, errlen);
	if (rc == 0)
		rc = kmd_windows_open(kb, err, errlen);
	if (rc == 0)
		rc = kmd_device_power(kb, 1, err, errlen);
	if (rc == 0)
		rc = kmd_topology_from_telemetry(kb, err, errlen);
	if (rc) {
		kmd_close(&kb->base);
		return rc;
	}
	*out = &kb->base;
	return 0;
}
