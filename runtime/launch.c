/* SPDX-License-Identifier: Apache-2.0
 *
 * Slow-dispatch launch on one core, the host's side of the mailbox
 * protocol (reference/blackhole-abi.md §5.7):
 *   go = RESET_READ_PTR_FROM_HOST, go index 0, launch[0] = the message;
 *   (the caller writes the kernel-config buffer)
 *   go = GO; then poll go until the firmware writes DONE.
 * Each step holds the chip shared (device_state.c), so no reset runs under it.
 */
#include "runtime_internal.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <stddef.h>

/* The go message, its signal byte last and on its own: the firmware polls
 * that byte, and a one-byte store of it publishes what was written before
 * (the launch message, the kernel-config buffer) to the RISC that sees it. */
static int write_signal(struct ttrt_device *dev, struct ttrt_xy core, uint8_t signal)
{
	struct tt_go_msg go = { .signal = signal };
	int rc = ttrt_l1_write(dev, core, TT_MEM_GO_MSG, &go, offsetof(struct tt_go_msg, signal));

	return rc ? rc : ttrt_l1_write(dev, core, TT_MEM_GO_MSG_SIGNAL, &signal, 1);
}

static int prepare_locked(struct ttrt_device *dev, struct ttrt_xy core,
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

int ttrt_launch_prepare_locked(struct ttrt_device *dev, struct ttrt_xy core,
			       const struct tt_launch_msg *msg)
{
	return prepare_locked(dev, core, msg);
}

int ttrt_launch_go_locked(struct ttrt_device *dev, struct ttrt_xy core)
{
	return write_signal(dev, core, TT_RUN_MSG_GO);
}

/* One step of a launch with the chip held shared, so a reset waits for it:
 * the launch message when msg is given, else the go signal. */
static int launch_step(struct ttrt_device *dev, struct ttrt_xy core,
		       const struct tt_launch_msg *msg)
{
	struct ttrt_op op;
	int rc;

	ttrt_op_start(&op, dev, 0, NULL);
	rc = ttrt_chip_lock_launch(dev, &op);
	if (rc)
		return rc;
	rc = msg ? prepare_locked(dev, core, msg) : write_signal(dev, core, TT_RUN_MSG_GO);
	ttrt_chip_unlock(dev);
	return rc;
}

int ttrt_launch_prepare(struct ttrt_device *dev, struct ttrt_xy core,
			const struct tt_launch_msg *msg)
{
	return msg ? launch_step(dev, core, msg) : -EINVAL;
}

int ttrt_launch_go(struct ttrt_device *dev, struct ttrt_xy core)
{
	return launch_step(dev, core, NULL);
}

/* One deadline for taking the chip and for the kernel to finish. */
int ttrt_launch_wait(struct ttrt_device *dev, struct ttrt_xy core, uint32_t timeout_ms,
		     const struct ttrt_wait *wait)
{
	struct ttrt_op op;
	int rc;

	ttrt_op_start(&op, dev, timeout_ms, wait);
	rc = ttrt_chip_lock_launch(dev, &op);
	if (rc)
		return rc;
	rc = ttrt_poll_done(dev, core, &op);
	ttrt_chip_unlock(dev);
	return rc;
}
