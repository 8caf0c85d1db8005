/* SPDX-License-Identifier: Apache-2.0
 *
 * A whole-chip reset through tt-kmd (reference/blackhole-abi.md §1.2,
 * RESET_DEVICE), the sequence tt-umd uses: ASIC_RESET on the open fd,
 * wait at least two seconds, open the device afresh (every fd opened
 * before the reset answers ENODEV from then on, and its windows are
 * gone), POST_RESET on the new fd, then windows and power as at open,
 * and wait for the ARC firmware to serve telemetry again. The chip lock
 * file is not the device fd: it stays held throughout.
 */
#include "kmd_internal.h"
#include "runtime_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define RESET_SETTLE_MS 2000u
#define RESET_MIN_WAIT_MS 10000u
#define RESET_POLL_MS 100u

static void sleep_ms(unsigned ms)
{
	struct timespec t = { ms / 1000u, (long)(ms % 1000u) * 1000000L };

	while (nanosleep(&t, &t) != 0 && errno == EINTR) {
	}
}

static int reset_ioctl(struct kmd_backend *kb, uint32_t flags, char *err, size_t errlen)
{
	const char *kind = flags == KMD_RESET_ASIC ? "ASIC_RESET" : "POST_RESET";
	struct kmd_reset_device r;
	char detail[16];
	int rc;

	memset(&r, 0, sizeof(r));
	r.in.output_size_bytes = sizeof(r.out);
	r.in.flags = flags;
	snprintf(detail, sizeof(detail), " (%s)", kind);
	rc = kmd_ioctl(kb, KMD_RESET_DEVICE, &r, detail, err, errlen);
	if (rc)
		return rc;
	if (r.out.result != 0) {
		ttrt_set_err(err, errlen, "%s: RESET_DEVICE (%s): the driver reports failure",
			     kb->path, kind);
		return -EIO;
	}
	return 0;
}

/* The device node comes back when the chip has: poll for it. */
static int reopen(struct kmd_backend *kb, unsigned budget_ms, char *err, size_t errlen)
{
	kb->sys->close(kb->fd);
	for (unsigned waited = 0;; waited += RESET_POLL_MS) {
		kb->fd = kb->sys->open(kb->path, O_RDWR | O_CLOEXEC);
		if (kb->fd >= 0)
			return 0;
		if (waited >= budget_ms)
			break;
		sleep_ms(RESET_POLL_MS);
	}
	int e = errno;
	ttrt_set_err(err, errlen, "%s: did not come back %u ms after the reset: %s", kb->path,
		     budget_ms, strerror(e));
	return -e;
}

/* ARC firmware boots after the ASIC: telemetry answers once it is up. */
static int wait_arc(struct kmd_backend *kb, unsigned budget_ms, char *err, size_t errlen)
{
	for (unsigned waited = 0;; waited += RESET_POLL_MS) {
		int rc = kmd_topology_from_telemetry(kb, err, errlen);
		if (rc == 0 || waited >= budget_ms)
			return rc;
		sleep_ms(RESET_POLL_MS);
	}
}

int kmd_chip_reset(struct ttrt_backend *be, uint32_t timeout_ms, char *err, size_t errlen)
{
	struct kmd_backend *kb = to_kmd(be);
	unsigned budget = timeout_ms > RESET_MIN_WAIT_MS ? timeout_ms : RESET_MIN_WAIT_MS;
	int rc;

	kmd_windows_hold(kb);
	kmd_windows_drop(kb);
	rc = reset_ioctl(kb, KMD_RESET_ASIC, err, errlen);
	if (rc == 0) {
		sleep_ms(RESET_SETTLE_MS);
		rc = reopen(kb, budget, err, errlen);
	}
	if (rc == 0)
		rc = reset_ioctl(kb, KMD_RESET_POST, err, errlen);
	if (rc == 0)
		rc = kmd_device_identify(kb, err, errlen);
	if (rc == 0)
		rc = kmd_windows_reopen(kb, err, errlen);
	kmd_windows_unhold(kb);
	if (rc == 0)
		rc = kmd_device_power(kb, 1, err, errlen);
	if (rc == 0)
		rc = wait_arc(kb, budget, err, errlen);
	return rc;
}
