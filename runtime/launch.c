/* SPDX-License-Identifier: Apache-2.0
 *
 * Slow-dispatch launch on one core, the host's side of the mailbox
 * protocol (reference/blackhole-abi.md §5.7):
 *   go = RESET_READ_PTR_FROM_HOST, go index 0, launch[0] = the message;
 *   (the caller writes the kernel-config buffer)
 *   go = GO; then poll go until the firmware writes DONE.
 */
#include "runtime_internal.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <stddef.h>
#include <time.h>

/* The go message, its signal byte last and on its own: the firmware polls
 * that byte, and a one-byte store of it publishes what was written before
 * (the launch message, the kernel-config buffer) to the RISC that sees it. */
static int write_signal(struct ttrt_device *dev, struct ttrt_xy core, uint8_t signal)
{
	struct tt_go_msg go = { .signal = signal };
	int rc = ttrt_l1_write(dev, core, TT_MEM_GO_MSG, &go, offsetof(struct tt_go_msg, signal));

	return rc ? rc : ttrt_l1_write(dev, core, TT_MEM_GO_MSG_SIGNAL, &signal, 1);
}

int ttrt_launch_prepare(struct ttrt_device *dev, struct ttrt_xy core,
			const struct tt_launch_msg *msg)
{
	uint32_t zero = 0;
	int rc = write_signal(dev, core, TT_RUN_MSG_RESET_READ_PTR_FROM_HOST);

	if (rc == 0)
		rc = ttrt_l1_write(dev, core, TT_MEM_GO_MSG_INDEX, &zero, sizeof(zero));
	if (rc == 0)
		rc = ttrt_l1_write(dev, core, TT_MEM_LAUNCH, msg, sizeof(*msg));
	return rc;
}

int ttrt_launch_go(struct ttrt_device *dev, struct ttrt_xy core)
{
	return write_signal(dev, core, TT_RUN_MSG_GO);
}

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

int ttrt_launch_wait(struct ttrt_device *dev, struct ttrt_xy core, uint32_t timeout_ms)
{
	uint64_t deadline = now_us() + (uint64_t)timeout_ms * 1000u;
	struct timespec nap = { 0, 50000 };
	uint8_t signal;

	for (;;) {
		int rc = ttrt_l1_read(dev, core, TT_MEM_GO_MSG_SIGNAL, &signal, 1);
		if (rc)
			return rc;
		if (signal == TT_RUN_MSG_DONE)
			return 0;
		if (now_us() > deadline)
			return -ETIMEDOUT;
		nanosleep(&nap, NULL);
	}
}
